import CGtk
import HwaljaCore
import HwaljaKeypad
import HwaljaSession

/// The keypad's window (GTK 3): the keys of ``Keypad`` on a grid, large and bold, each an
/// accessible button named as ``KeypadKey/accessibleName`` says. It never takes the keyboard
/// focus from the field being typed into: the window does not accept focus and no key can hold
/// it. What a key does goes to its ``KeyOutput``.
///
/// As the input method of a Wayland compositor it is a panel along the bottom of the screen
/// (gtk-layer-shell), the space it takes kept free of windows; on X11 it is a window of its own.
/// Either way a row of suggestions is above the keys, ending in 漢 when the word being typed
/// converts to hanja (``showConversionKey(_:)``); tapped, the list shows in the keys' place
/// (``showCandidates(_:)``, a ``CandidatePanel``).
final class KeypadWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    private let keypad: Keypad
    private let output: any KeyOutput
    private let isPanel: Bool
    private let content: UnsafeMutablePointer<GtkWidget>
    /// The row above the keys: the suggestions, and 漢 at its end.
    private let suggestionRow: UnsafeMutablePointer<GtkWidget>
    /// The suggestions, in the row.
    private let wordsBox: UnsafeMutablePointer<GtkWidget>
    /// 漢, at the end of the row while the word being typed converts.
    private let conversionButton: UnsafeMutablePointer<GtkWidget>
    private var grid: UnsafeMutablePointer<GtkWidget>?
    /// The conversion key's list, in place of the keys and the suggestions while it is open.
    let candidatePanel: CandidatePanel
    private var candidatesShown = false
    private var conversionKeyShown = false
    /// Called with the index of a suggestion tapped.
    var onSuggestion: ((Int) -> Void)?
    /// Called when 漢 is tapped.
    var onConvert: (() -> Void)?
    /// Called when a key goes down (for its feedback: ``KeyFeedback``).
    var onKeyDown: (() -> Void)?
    private var layer = KeypadLayer.hangul
    /// The buttons' keys, by button, for the signal handlers (which cannot capture).
    private var keys: [UnsafeMutableRawPointer: KeypadKey] = [:]
    /// The buttons' events as presses and releases (double-click presses, flicks, activations,
    /// the space bar's drag).
    private lazy var gestures = KeypadGestures<UnsafeMutableRawPointer> { [unowned self] button in
        keys[button]?.movesCursorWhenDragged == true
    }

    /// How large the labels are against the default window's (``Keypad/labelScale(width:height:)``).
    private let labelScale: Double

    /// The kinds of layer-shell panel, named as compositors know them.
    enum Panel: String {
        /// The input method's keyboard, as Phosh's phoc knows squeekboard's.
        case onScreenKeyboard = "osk"
        /// A panel that never takes the focus when tapped, as KWin knows Plasma's ("dock"; any
        /// other name is a window that a tap activates, taking the keyboard from the field).
        case dock
    }

    /// `panel`: a layer-shell panel along the bottom of the screen (Wayland), else a window. Both
    /// have a row of suggestions above the keys (``showSuggestions(_:)``).
    init(keypad: Keypad, output: any KeyOutput, width: Int32, height: Int32, panel kind: Panel? = nil) {
        let panel = kind != nil
        self.keypad = keypad
        self.output = output
        isPanel = panel
        labelScale = Keypad.labelScale(width: Int(width), height: Int(height))
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        let asWindow = Self.cast(window, to: GtkWindow.self)
        if panel {
            gtk_layer_init_for_window(asWindow)
            gtk_layer_set_namespace(asWindow, kind?.rawValue)
            gtk_layer_set_layer(asWindow, GTK_LAYER_SHELL_LAYER_TOP)
            for edge in [GTK_LAYER_SHELL_EDGE_BOTTOM, GTK_LAYER_SHELL_EDGE_LEFT, GTK_LAYER_SHELL_EDGE_RIGHT] {
                gtk_layer_set_anchor(asWindow, edge, 1)
            }
            gtk_layer_auto_exclusive_zone_enable(asWindow)
        }
        content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        gtk_container_add(Self.cast(window, to: GtkContainer.self), content)
        suggestionRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_set_size_request(suggestionRow, -1, Int32((44 * labelScale).rounded()))
        gtk_box_pack_start(Self.cast(content, to: GtkBox.self), suggestionRow, 0, 0, 0)
        wordsBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_set_homogeneous(Self.cast(wordsBox, to: GtkBox.self), 1)
        gtk_box_pack_start(Self.cast(suggestionRow, to: GtkBox.self), wordsBox, 1, 1, 0)
        candidatePanel = CandidatePanel(labelScale: labelScale)
        gtk_widget_set_no_show_all(candidatePanel.controls, 1)
        gtk_box_pack_start(Self.cast(suggestionRow, to: GtkBox.self), candidatePanel.controls, 1, 1, 0)
        conversionButton = Self.textButton("漢", points: 18 * labelScale, name: Self.conversionName)
        gtk_widget_set_size_request(conversionButton, Int32((64 * labelScale).rounded()), -1)
        gtk_widget_set_no_show_all(conversionButton, 1)
        gtk_box_pack_end(Self.cast(suggestionRow, to: GtkBox.self), conversionButton, 0, 0, 0)
        if panel {
            let restore = Self.textButton("⌨", points: 18 * labelScale, name: Self.restoreName)
            gtk_widget_set_no_show_all(restore, 1)  // it shows only when folded
            hwalja_signal_connect(
                restore, "clicked", unsafeBitCast(Self.restoreClicked, to: GCallback.self),
                Unmanaged.passUnretained(self).toOpaque())
            gtk_box_pack_start(Self.cast(content, to: GtkBox.self), restore, 0, 0, 0)
            restoreButton = restore
        }
        gtk_window_set_title(asWindow, "hwalja keypad")
        gtk_window_set_accept_focus(asWindow, 0)
        gtk_window_set_focus_on_map(asWindow, 0)
        gtk_window_set_keep_above(asWindow, 1)
        gtk_window_set_type_hint(asWindow, GDK_WINDOW_TYPE_HINT_UTILITY)
        gtk_window_set_default_size(asWindow, width, height)
        gtk_container_set_border_width(Self.cast(window, to: GtkContainer.self), 6)
        Self.useCompactButtons()
        show(.hangul)
        gtk_widget_set_no_show_all(candidatePanel.candidates, 1)
        gtk_box_pack_start(Self.cast(content, to: GtkBox.self), candidatePanel.candidates, 1, 1, 0)
        hwalja_signal_connect(
            conversionButton, "clicked", unsafeBitCast(Self.conversionClicked, to: GCallback.self),
            Unmanaged.passUnretained(self).toOpaque())
    }

    /// What a screen reader calls 漢.
    static let conversionName = "한자"

    private static let conversionClicked: @convention(c) (UnsafeMutablePointer<GtkWidget>?, gpointer?) -> Void = {
        _, me in
        guard let me else { return }
        Unmanaged<KeypadWindow>.fromOpaque(me).takeUnretainedValue().onConvert?()
    }

    /// Shows 漢 at the end of the row (`true`: the word being typed converts) or hides it.
    func showConversionKey(_ shown: Bool) {
        conversionKeyShown = shown
        if shown && !candidatesShown { gtk_widget_show(conversionButton) } else { gtk_widget_hide(conversionButton) }
    }

    /// Shows the conversion key's `page` in place of the keys (and its controls in place of the
    /// suggestions), or, with `nil` (the list closed), the keys again.
    func showCandidates(_ page: CandidatePage?) {
        if let page, !page.candidates.isEmpty {
            candidatePanel.show(page)
            guard !candidatesShown else { return }
            candidatesShown = true
            if let grid {
                // The same space as the keys: the keypad does not change size.
                var allocation = GtkAllocation()
                gtk_widget_get_allocation(grid, &allocation)
                gtk_widget_set_size_request(candidatePanel.candidates, allocation.width, allocation.height)
                gtk_widget_hide(grid)
            }
            gtk_widget_hide(wordsBox)
            gtk_widget_hide(conversionButton)
            gtk_widget_show(candidatePanel.controls)
            gtk_widget_show(candidatePanel.candidates)
        } else {
            guard candidatesShown else { return }
            candidatesShown = false
            candidatePanel.clear()
            gtk_widget_hide(candidatePanel.candidates)
            gtk_widget_hide(candidatePanel.controls)
            gtk_widget_show(wordsBox)
            if let grid { gtk_widget_show(grid) }
            showConversionKey(conversionKeyShown)
        }
    }

    /// Shows the keys of `layer` in place of those shown.
    func show(_ layer: KeypadLayer) {
        self.layer = layer
        if let grid { gtk_widget_destroy(grid) }
        keys = [:]
        let grid = gtk_grid_new()!
        let asGrid = Self.cast(grid, to: GtkGrid.self)
        gtk_grid_set_column_homogeneous(asGrid, 1)
        gtk_grid_set_row_homogeneous(asGrid, 1)
        gtk_grid_set_column_spacing(asGrid, 6)
        gtk_grid_set_row_spacing(asGrid, 6)
        for (row, slots) in keypad.rows(layer).enumerated() {
            var column = 0
            for slot in slots {
                if let key = slot.key {
                    gtk_grid_attach(asGrid, button(for: key), Int32(column), Int32(row), Int32(key.width), 1)
                }
                column += slot.width
            }
        }
        let minimum = keypad.minimumSize(of: layer, pixelsPerMillimetre: pixelsPerMillimetre, spacing: 6)
        // A panel is as wide as the screen, which a phone's may be less than that minimum (ten
        // 9 mm keys across: QWERTY, 천지인 플러스's halves): it is not made wider than the screen.
        let width = min(minimum.width, isPanel ? Int(Self.firstMonitor()?.width ?? .max) - 12 : .max)
        gtk_widget_set_size_request(grid, Int32(width), Int32(minimum.height))
        if layer != .emoji { emojiPage = nil }
        let shown = layer == .emoji ? withEmojiPage(above: grid) : grid
        gtk_box_pack_start(Self.cast(content, to: GtkBox.self), shown, 1, 1, 0)
        gtk_box_reorder_child(Self.cast(content, to: GtkBox.self), shown, 1)  // under the row, above the list
        gtk_widget_show_all(shown)
        self.grid = shown
    }

    /// The emoji page while it shows, and the category it showed last.
    private var emojiPage: EmojiPage?
    private var emojiGroup = 0

    /// The emoji page above `keys`, the emoji layer's row: a tapped emoji is typed as a symbol is.
    private func withEmojiPage(above keys: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let page = EmojiPage(group: emojiGroup, labelScale: labelScale)
        page.onPick = { [unowned self, unowned page] emoji in
            output.type(emoji)
            onKeyDown?()
            if output.mayRemember { page.remember(emoji) }
        }
        page.onGroupChange = { [unowned self] group in emojiGroup = group }
        emojiPage = page
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_box_pack_start(Self.cast(box, to: GtkBox.self), page.widget, 1, 1, 0)
        gtk_box_pack_start(Self.cast(box, to: GtkBox.self), keys, 0, 0, 0)
        return box
    }

    /// The panel's one key while it is folded: it shows the keys again.
    private var restoreButton: UnsafeMutablePointer<GtkWidget>?
    /// What a screen reader calls it.
    static let restoreName = "자판 보이기"

    private static let restoreClicked: @convention(c) (UnsafeMutablePointer<GtkWidget>?, gpointer?) -> Void = { _, me in
        guard let me else { return }
        Unmanaged<KeypadWindow>.fromOpaque(me).takeUnretainedValue().unfold()
    }

    /// Called when the keys show (`true`) or go, hidden or folded (`false`).
    var onShownChange: ((Bool) -> Void)?

    /// Shows the window with its keys (unfolded).
    func present() {
        unfold()
        gtk_widget_show_all(window)
        if candidatesShown {  // show_all showed the keys and the words under the list
            if let grid { gtk_widget_hide(grid) }
            gtk_widget_hide(wordsBox)
        }
    }

    /// Hides the window.
    func withdraw() {
        gtk_widget_hide(window)
        onShownChange?(false)
    }

    /// The panel's keys and suggestions, shown again after ⌨ folded them away.
    func unfold() {
        defer { onShownChange?(true) }
        guard let restoreButton else { return }
        gtk_widget_hide(restoreButton)
        gtk_widget_show(suggestionRow)
        if let grid, !candidatesShown { gtk_widget_show(grid) }
        if candidatesShown { gtk_widget_show(candidatePanel.candidates) }
    }

    /// Folds the panel to one key that brings the keys back: a field stays focused when the
    /// keypad hides, and toolkits do not all say when it is tapped again (GTK 4.8 does not), so a
    /// hidden panel could not come back.
    private func fold() {
        guard let restoreButton else { return }
        gtk_widget_hide(suggestionRow)
        if let grid { gtk_widget_hide(grid) }
        gtk_widget_hide(candidatePanel.candidates)
        gtk_widget_show(restoreButton)
        gtk_window_resize(Self.cast(window, to: GtkWindow.self), 1, 1)  // as small as its one key
        onShownChange?(false)
    }

    /// Shows `words` (at most three) in the row of suggestions, in place of those shown; the
    /// same words again leave the buttons be (one may be held down).
    func showSuggestions(_ words: [String]) {
        guard Array(words.prefix(3)) != suggestionsShown else { return }
        suggestionsShown = Array(words.prefix(3))
        let row = wordsBox
        Self.removeChildren(of: row)
        suggestionButtons = [:]
        let me = Unmanaged.passUnretained(self).toOpaque()
        for (index, word) in words.prefix(3).enumerated() {
            let button = gtk_button_new()!
            gtk_widget_set_can_focus(button, 0)
            let label = Self.boldLabel(word, points: 18 * labelScale)
            // a long word never widens the panel
            gtk_label_set_ellipsize(Self.cast(label, to: GtkLabel.self), PANGO_ELLIPSIZE_END)
            gtk_container_add(Self.cast(button, to: GtkContainer.self), label)
            atk_object_set_name(gtk_widget_get_accessible(button), word)
            suggestionButtons[UnsafeMutableRawPointer(button)] = index
            hwalja_signal_connect(button, "clicked", unsafeBitCast(Self.suggestionClicked, to: GCallback.self), me)
            gtk_box_pack_start(Self.cast(row, to: GtkBox.self), button, 1, 1, 0)
        }
        gtk_widget_show_all(row)
        if candidatesShown { gtk_widget_hide(row) }  // its words show when the list closes
    }

    /// Destroys the children of `container`.
    static func removeChildren(of container: UnsafeMutablePointer<GtkWidget>) {
        let children = gtk_container_get_children(cast(container, to: GtkContainer.self))
        var child = children
        while let node = child {
            gtk_widget_destroy(node.pointee.data.assumingMemoryBound(to: GtkWidget.self))
            child = node.pointee.next
        }
        g_list_free(children)
    }

    /// A button that never takes the focus, showing `text` in bold at `points`, named `name` for
    /// screen readers.
    static func textButton(_ text: String, points: Double, name: String) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new()!
        gtk_widget_set_can_focus(button, 0)
        let label = boldLabel(text, points: points)
        gtk_container_add(cast(button, to: GtkContainer.self), label)
        gtk_widget_show(label)
        atk_object_set_name(gtk_widget_get_accessible(button), name)
        return button
    }

    private var suggestionButtons: [UnsafeMutableRawPointer: Int] = [:]
    private var suggestionsShown: [String] = []

    private static let suggestionClicked: @convention(c) (UnsafeMutablePointer<GtkWidget>?, gpointer?) -> Void = {
        button, me in
        guard let button, let me else { return }
        let window = Unmanaged<KeypadWindow>.fromOpaque(me).takeUnretainedValue()
        if let index = window.suggestionButtons[UnsafeMutableRawPointer(button)] { window.onSuggestion?(index) }
    }

    private func button(for key: KeypadKey) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new()!
        gtk_widget_set_can_focus(button, 0)
        // The digit in the key's top right corner, over it: the letters keep the key's whole
        // height, so they are full size in a panel of a landscape screen too.
        let overlay = gtk_overlay_new()!
        let digit = gtk_label_new(nil)!
        gtk_label_set_markup(
            Self.cast(digit, to: GtkLabel.self),
            "<span font_size='\(Int((13 * labelScale).rounded()))pt' alpha='70%'>\(key.digit ?? "")</span>")
        gtk_widget_set_halign(digit, GTK_ALIGN_END)
        gtk_widget_set_valign(digit, GTK_ALIGN_START)
        // Large and bold, for older eyes: compatibility jamo are drawn small within their em, so
        // a key's one or two letters are larger than words.
        // A key half a phone key wide (천지인 플러스's halves, a Latin letter) has smaller letters.
        let narrow = key.width * 2 <= Keypad.columns / 5 ? 0.75 : 1
        let label = Self.boldLabel(
            key.label, points: Double([1: 34, 2: 28][key.label.count] ?? 18) * labelScale * narrow)
        gtk_container_add(Self.cast(overlay, to: GtkContainer.self), label)
        gtk_overlay_add_overlay(Self.cast(overlay, to: GtkOverlay.self), digit)
        gtk_overlay_set_overlay_pass_through(Self.cast(overlay, to: GtkOverlay.self), digit, 1)
        gtk_container_add(Self.cast(button, to: GtkContainer.self), overlay)
        atk_object_set_name(gtk_widget_get_accessible(button), key.accessibleName)
        keys[UnsafeMutableRawPointer(button)] = key
        let me = Unmanaged.passUnretained(self).toOpaque()
        hwalja_signal_connect(button, "button-press-event", unsafeBitCast(Self.pressed, to: GCallback.self), me)
        hwalja_signal_connect(button, "button-release-event", unsafeBitCast(Self.released, to: GCallback.self), me)
        hwalja_signal_connect(button, "clicked", unsafeBitCast(Self.clicked, to: GCallback.self), me)
        if key.movesCursorWhenDragged {
            gtk_widget_add_events(button, Int32(GDK_BUTTON1_MOTION_MASK.rawValue))
            hwalja_signal_connect(button, "motion-notify-event", unsafeBitCast(Self.dragged, to: GCallback.self), me)
        }
        return button
    }

    private typealias ButtonHandler =
        @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafeMutablePointer<GdkEventButton>?, gpointer?) -> gboolean

    private static let pressed: ButtonHandler = { button, event, me in
        guard let button, let event, let me, event.pointee.button == 1 else { return 0 }
        let clickCount =
            switch event.pointee.type {
            case GDK_2BUTTON_PRESS: 2
            case GDK_3BUTTON_PRESS: 3
            default: 1
            }
        let window = Unmanaged<KeypadWindow>.fromOpaque(me).takeUnretainedValue()
        window.handle(
            .pressed(
                UnsafeMutableRawPointer(button), x: event.pointee.x_root, y: event.pointee.y_root,
                clickCount: clickCount))
        return 0
    }

    /// The pointer moved while down on a key that moves the cursor when dragged.
    private static let dragged:
        @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafeMutablePointer<GdkEventMotion>?, gpointer?) -> gboolean =
            { button, event, me in
                guard let button, let event, let me else { return 0 }
                let window = Unmanaged<KeypadWindow>.fromOpaque(me).takeUnretainedValue()
                window.handle(.moved(UnsafeMutableRawPointer(button), x: event.pointee.x_root))
                return 0
            }

    private static let released: ButtonHandler = { button, event, me in
        guard let button, let event, let me, event.pointee.button == 1 else { return 0 }
        let window = Unmanaged<KeypadWindow>.fromOpaque(me).takeUnretainedValue()
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(button, &allocation)
        let (x, y) = (event.pointee.x, event.pointee.y)
        let onKey = x >= 0 && y >= 0 && x < Double(allocation.width) && y < Double(allocation.height)
        window.handle(.released(UnsafeMutableRawPointer(button), y: event.pointee.y_root, onButton: onKey))
        return 0
    }

    /// A key activated ("clicked"): after a tap with the pointer, or by a screen reader or switch
    /// access (AT-SPI's "click" action) or a keyboard (``KeypadGestures`` tells which).
    private static let clicked: @convention(c) (UnsafeMutablePointer<GtkWidget>?, gpointer?) -> Void = { button, me in
        guard let button, let me else { return }
        let window = Unmanaged<KeypadWindow>.fromOpaque(me).takeUnretainedValue()
        window.handle(.activated(UnsafeMutableRawPointer(button)))
    }

    /// Applies what a button's event makes of its key.
    private func handle(_ event: KeypadGestures<UnsafeMutableRawPointer>.Event) {
        for step in gestures.handle(event) {
            switch step {
            case .down(let button): press(button)
            case .up(let button, let flickedUp): release(button, flickedUp: flickedUp)
            case .moveCursor(let key): output.send(key)
            }
        }
    }

    private func press(_ button: UnsafeMutableRawPointer) {
        guard let key = keys[button] else { return }
        if case .key(let typed) = key.action { output.keyDown(typed) }
        onKeyDown?()  // after the key: its feedback never delays it
    }

    private func release(_ button: UnsafeMutableRawPointer, flickedUp flicked: Bool) {
        guard let key = keys[button] else { return }
        switch key.action {
        case .key(let typed): output.keyUp(typed, flickedUp: flicked)
        case .text(let text): output.type(text)
        case .applicationKey(let applicationKey): output.send(applicationKey)
        case .layer(let next):
            output.endSyllable()
            output.layerChanged(to: next)
            // Not inside the button's own handler: the button goes with the keys it replaces.
            pendingLayer = next
            g_idle_add(Self.showPendingLayer, Unmanaged.passUnretained(self).toOpaque())
        case .dismiss:
            output.endSyllable()
            if isPanel {
                fold()
            } else {
                gtk_window_iconify(Self.cast(window, to: GtkWindow.self))
            }
        }
    }

    private var pendingLayer: KeypadLayer?

    private static let showPendingLayer: @convention(c) (gpointer?) -> gboolean = { me in
        guard let me else { return 0 }
        let window = Unmanaged<KeypadWindow>.fromOpaque(me).takeUnretainedValue()
        if let layer = window.pendingLayer {
            window.pendingLayer = nil
            window.show(layer)
        }
        return 0
    }

    /// Buttons with little padding: the key's label, not the theme's margins, decides its size.
    private static func useCompactButtons() {
        let provider = gtk_css_provider_new()
        _ = gtk_css_provider_load_from_data(
            provider, "button { padding: 2px 4px; min-width: 0; min-height: 0; }", -1, nil)
        let screen = gdk_screen_get_default()
        gtk_style_context_add_provider_for_screen(
            screen, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    /// The first monitor's size in logical pixels and its width in millimetres (0 if it reports
    /// none), if GDK knows it.
    static func firstMonitor() -> (width: Int32, height: Int32, widthMillimetres: Int32)? {
        guard let display = gdk_display_get_default(), let monitor = gdk_display_get_monitor(display, 0) else {
            return nil
        }
        var geometry = GdkRectangle()
        gdk_monitor_get_geometry(monitor, &geometry)
        guard geometry.width > 0, geometry.height > 0 else { return nil }
        return (geometry.width, geometry.height, gdk_monitor_get_width_mm(monitor))
    }

    /// The screen's pixels per millimetre, from the first monitor (its size in pixels and in
    /// millimetres, as the display reports them); 96 dots per inch if it reports none.
    private var pixelsPerMillimetre: Double {
        guard let monitor = Self.firstMonitor(), monitor.widthMillimetres > 0 else { return 96 / 25.4 }
        return Double(monitor.width) / Double(monitor.widthMillimetres)
    }

    static func cast<T>(_ widget: UnsafeMutablePointer<GtkWidget>, to: T.Type) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: T.self)
    }

    /// A label showing `text` in bold at `points` (rounded), its markup escaped by GLib.
    static func boldLabel(_ text: String, points: Double) -> UnsafeMutablePointer<GtkWidget> {
        label(text, points: points, bold: true)
    }

    /// A label showing `text` at `points` (rounded), in bold if `bold`, its markup escaped by GLib.
    static func label(_ text: String, points: Double, bold: Bool) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(nil)!
        let escaped = g_markup_escape_text(text, -1)!
        defer { g_free(escaped) }
        gtk_label_set_markup(
            cast(label, to: GtkLabel.self),
            "<span font_size='\(Int(points.rounded()))pt'\(bold ? " weight='bold'" : "")>\(String(cString: escaped))</span>"
        )
        return label
    }
}
