import CGtk
import HwaljaSession

/// The conversion key's list on the keypad (hanja, or a lone consonant's symbols): its page's
/// candidates as large buttons, three by three, in the keys' place (each with its meaning in
/// small type under it), and the controls in the suggestion row's place: ‹ and › turn the page,
/// ✕ closes the list. A phone's row has no room for nine candidates with their meanings.
final class CandidatePanel {
    /// The candidates, shown in the keys' place.
    let candidates: UnsafeMutablePointer<GtkWidget>
    /// ‹, the page, › and ✕, shown in the suggestion row's place.
    let controls: UnsafeMutablePointer<GtkWidget>
    /// Called with the index (on the page) of the candidate tapped.
    var onPick: ((Int) -> Void)?
    /// Called with -1 or 1 when ‹ or › is tapped.
    var onTurn: ((Int) -> Void)?
    /// Called when ✕ is tapped.
    var onClose: (() -> Void)?

    private let labelScale: Double
    private let pageLabel: UnsafeMutablePointer<GtkWidget>
    private let turnButtons: [UnsafeMutablePointer<GtkWidget>]
    /// What each button does, by button, for the signal handler (which cannot capture).
    private var actions: [UnsafeMutableRawPointer: Action] = [:]
    private var shown: CandidatePage?

    private enum Action {
        case pick(Int)
        case turn(Int)
        case close
    }

    /// The buttons a page has, three by three (a page of more shows its first nine).
    static let slots = CandidatePage.capacity

    /// What a screen reader calls the controls.
    static let previousName = "이전 쪽"
    static let nextName = "다음 쪽"
    static let closeName = "한자 닫기"

    init(labelScale: Double) {
        self.labelScale = labelScale
        candidates = gtk_grid_new()!
        let grid = KeypadWindow.cast(candidates, to: GtkGrid.self)
        gtk_grid_set_column_homogeneous(grid, 1)
        gtk_grid_set_row_homogeneous(grid, 1)
        gtk_grid_set_column_spacing(grid, 6)
        gtk_grid_set_row_spacing(grid, 6)
        controls = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_set_homogeneous(KeypadWindow.cast(controls, to: GtkBox.self), 1)
        pageLabel = gtk_label_new(nil)!
        let points = 18 * labelScale
        let previous = KeypadWindow.textButton("‹", points: points, name: Self.previousName)
        let next = KeypadWindow.textButton("›", points: points, name: Self.nextName)
        let close = KeypadWindow.textButton("✕", points: points, name: Self.closeName)
        turnButtons = [previous, next]
        for widget in [previous, pageLabel, next, close] {
            gtk_box_pack_start(KeypadWindow.cast(controls, to: GtkBox.self), widget, 1, 1, 0)
            gtk_widget_show(widget)
        }
        connect(previous, .turn(-1))
        connect(next, .turn(1))
        connect(close, .close)
    }

    /// Shows `page` in place of the page shown.
    func show(_ page: CandidatePage) {
        guard page != shown else { return }
        shown = page
        let grid = KeypadWindow.cast(candidates, to: GtkGrid.self)
        KeypadWindow.removeChildren(of: candidates)
        actions = actions.filter { if case .pick = $0.value { false } else { true } }
        for (index, candidate) in page.candidates.prefix(Self.slots).enumerated() {
            let button = candidateButton(candidate)
            connect(button, .pick(index))
            gtk_grid_attach(grid, button, Int32(index % 3), Int32(index / 3), 1, 1)
            gtk_widget_show_all(button)  // (the grid's own show_all would not: it shows only when told)
        }
        // A short last page keeps its buttons the size of a full page's.
        for empty in min(page.candidates.count, Self.slots)..<Self.slots {
            let space = gtk_label_new(nil)!
            gtk_grid_attach(grid, space, Int32(empty % 3), Int32(empty / 3), 1, 1)
            gtk_widget_show(space)
        }
        gtk_label_set_markup(
            KeypadWindow.cast(pageLabel, to: GtkLabel.self),
            "<span font_size='\(Int((14 * labelScale).rounded()))pt'>\(page.page + 1) / \(page.pages)</span>")
        for button in turnButtons { gtk_widget_set_sensitive(button, page.pages > 1 ? 1 : 0) }
    }

    /// Forgets the page shown (the list closed): the next is built afresh.
    func clear() { shown = nil }

    /// A candidate's button: its text large and bold, its meaning under it in small type (one
    /// line, ellipsized); a screen reader reads the text as its name, the meaning as its description.
    private func candidateButton(_ candidate: CandidatePage.Candidate) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new()!
        gtk_widget_set_can_focus(button, 0)
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let text = KeypadWindow.boldLabel(candidate.text, points: 26 * labelScale)
        gtk_label_set_ellipsize(KeypadWindow.cast(text, to: GtkLabel.self), PANGO_ELLIPSIZE_END)
        gtk_box_pack_start(KeypadWindow.cast(box, to: GtkBox.self), text, 1, 1, 0)
        if !candidate.meaning.isEmpty {
            let meaning = KeypadWindow.label(candidate.meaning, points: 11 * labelScale, bold: false)
            gtk_label_set_ellipsize(KeypadWindow.cast(meaning, to: GtkLabel.self), PANGO_ELLIPSIZE_END)
            gtk_box_pack_start(KeypadWindow.cast(box, to: GtkBox.self), meaning, 0, 0, 0)
        }
        gtk_container_add(KeypadWindow.cast(button, to: GtkContainer.self), box)
        let accessible = gtk_widget_get_accessible(button)
        atk_object_set_name(accessible, candidate.text)
        if !candidate.meaning.isEmpty { atk_object_set_description(accessible, candidate.meaning) }
        return button
    }

    private func connect(_ button: UnsafeMutablePointer<GtkWidget>, _ action: Action) {
        actions[UnsafeMutableRawPointer(button)] = action
        hwalja_signal_connect(
            button, "clicked", unsafeBitCast(Self.clicked, to: GCallback.self),
            Unmanaged.passUnretained(self).toOpaque())
    }

    private static let clicked: @convention(c) (UnsafeMutablePointer<GtkWidget>?, gpointer?) -> Void = { button, me in
        guard let button, let me else { return }
        let panel = Unmanaged<CandidatePanel>.fromOpaque(me).takeUnretainedValue()
        switch panel.actions[UnsafeMutableRawPointer(button)] {
        case .pick(let index)?: panel.onPick?(index)
        case .turn(let count)?: panel.onTurn?(count)
        case .close?: panel.onClose?()
        case nil: break
        }
    }
}
