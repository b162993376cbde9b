import CGtk
import HwaljaKeypad
import HwaljaRuntime

/// The emoji page above the emoji layer's keys: a tab per category (its first emoji, named for
/// screen readers by the category's Korean name), and the category's emoji in a grid that
/// scrolls, each a button named by the emoji itself. A tap on one types it (``onPick``).
final class EmojiPage {
    /// The page: the tabs above the grid.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// Called with the emoji tapped.
    var onPick: ((String) -> Void)?
    /// Called with the category chosen, to show again next time.
    var onGroupChange: ((Int) -> Void)?

    private let labelScale: Double
    private let grid: UnsafeMutablePointer<GtkWidget>
    private var emojiButtons: [UnsafeMutableRawPointer: String] = [:]
    private var tabs: [UnsafeMutableRawPointer: Int] = [:]

    /// Debian's emoji list (unicode-data), read the first time the page opens; `nil` without it.
    static let catalogue: EmojiCatalogue? = SystemFiles.read(EmojiCatalogue.path).map {
        EmojiCatalogue(emojiTest: String(decoding: $0, as: UTF8.self))
    }

    /// The first tab's category: the emoji used lately (``RecentEmoji``), read from their file
    /// each time the page opens (another program may have forgotten them since).
    private var recent: RecentEmoji
    private static let recentName = "최근 사용"

    /// Where the recent emoji are kept: beside the learned words, forgotten with them.
    private static let recentPath = LearnedWordsStore.standard()?.recentEmojiPath

    /// The categories: the recent emoji's, then the list's.
    private var groups: [EmojiCatalogue.Group] {
        [EmojiCatalogue.Group(name: Self.recentName, emoji: recent.emoji)] + (Self.catalogue?.groups ?? [])
    }

    /// Keeps `emoji` first among the recent ones, in their file (mode 0600).
    func remember(_ emoji: String) {
        recent.use(emoji)
        guard let path = Self.recentPath else { return }
        try? AtomicFile.replace(path, with: Array(recent.text.utf8))
    }

    /// The page showing category `group` (0: the recent emoji), its labels `labelScale` of full size.
    init(group: Int, labelScale: Double) {
        self.labelScale = labelScale
        recent =
            Self.recentPath.flatMap(SystemFiles.read).map { RecentEmoji(text: String(decoding: $0, as: UTF8.self)) }
            ?? RecentEmoji()
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        grid = gtk_flow_box_new()
        let flow = KeypadWindow.cast(grid, to: GtkFlowBox.self)
        gtk_flow_box_set_homogeneous(flow, 1)
        gtk_flow_box_set_selection_mode(flow, GTK_SELECTION_NONE)
        gtk_flow_box_set_min_children_per_line(flow, 6)
        gtk_flow_box_set_max_children_per_line(flow, 12)
        gtk_flow_box_set_row_spacing(flow, 4)
        gtk_flow_box_set_column_spacing(flow, 4)
        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(
            KeypadWindow.cast(scrolled, to: GtkScrolledWindow.self), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_container_add(KeypadWindow.cast(scrolled, to: GtkContainer.self), grid)
        guard let catalogue = Self.catalogue, !catalogue.groups.isEmpty else {
            let missing = KeypadWindow.label(
                "이모지 목록이 없습니다 (unicode-data)", points: 14 * labelScale, bold: false)
            gtk_box_pack_start(KeypadWindow.cast(widget, to: GtkBox.self), missing, 1, 1, 0)
            return
        }
        let tabRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)!
        gtk_box_set_homogeneous(KeypadWindow.cast(tabRow, to: GtkBox.self), 1)
        let me = Unmanaged.passUnretained(self).toOpaque()
        for (index, category) in groups.enumerated() {
            let label = index == 0 ? "🕘" : category.emoji.first ?? "?"
            let tab = Self.button(label, points: 16 * labelScale, name: category.name, toggles: true)
            tabs[UnsafeMutableRawPointer(tab)] = index
            hwalja_signal_connect(tab, "clicked", unsafeBitCast(Self.tabClicked, to: GCallback.self), me)
            gtk_box_pack_start(KeypadWindow.cast(tabRow, to: GtkBox.self), tab, 1, 1, 0)
        }
        gtk_box_pack_start(KeypadWindow.cast(widget, to: GtkBox.self), tabRow, 0, 0, 0)
        gtk_box_pack_start(KeypadWindow.cast(widget, to: GtkBox.self), scrolled, 1, 1, 0)
        // The recent emoji first, as phones open the page, unless there are none.
        show(group: recent.emoji.isEmpty && group == 0 ? 1 : min(max(0, group), groups.count - 1))
    }

    /// Whether the tabs are being set, which makes them clicked.
    private var settingTabs = false

    /// Fills the grid with category `group`'s emoji, its tab pressed (checked, for screen readers).
    private func show(group: Int) {
        let category = groups[group]
        settingTabs = true
        for (tab, index) in tabs {
            gtk_toggle_button_set_active(
                UnsafeMutableRawPointer(tab).assumingMemoryBound(to: GtkToggleButton.self), index == group ? 1 : 0)
        }
        settingTabs = false
        KeypadWindow.removeChildren(of: grid)
        emojiButtons = [:]
        let me = Unmanaged.passUnretained(self).toOpaque()
        for emoji in category.emoji {
            let button = Self.button(emoji, points: 20 * labelScale, name: emoji)
            emojiButtons[UnsafeMutableRawPointer(button)] = emoji
            hwalja_signal_connect(button, "clicked", unsafeBitCast(Self.emojiClicked, to: GCallback.self), me)
            gtk_container_add(KeypadWindow.cast(grid, to: GtkContainer.self), button)
        }
        gtk_widget_show_all(grid)
    }

    /// A button showing `text` at `points`, never taking the focus, named `name` for screen
    /// readers; with `toggles`, one that stays pressed (a tab).
    private static func button(
        _ text: String, points: Double, name: String, toggles: Bool = false
    ) -> UnsafeMutablePointer<GtkWidget> {
        let button = (toggles ? gtk_toggle_button_new() : gtk_button_new())!
        gtk_widget_set_can_focus(button, 0)
        gtk_container_add(
            KeypadWindow.cast(button, to: GtkContainer.self), KeypadWindow.label(text, points: points, bold: false))
        atk_object_set_name(gtk_widget_get_accessible(button), name)
        return button
    }

    private typealias ClickHandler = @convention(c) (UnsafeMutablePointer<GtkWidget>?, gpointer?) -> Void

    private static let emojiClicked: ClickHandler = { button, me in
        guard let button, let me else { return }
        let page = Unmanaged<EmojiPage>.fromOpaque(me).takeUnretainedValue()
        if let emoji = page.emojiButtons[UnsafeMutableRawPointer(button)] { page.onPick?(emoji) }
    }

    private static let tabClicked: ClickHandler = { button, me in
        guard let button, let me else { return }
        let page = Unmanaged<EmojiPage>.fromOpaque(me).takeUnretainedValue()
        guard !page.settingTabs, let group = page.tabs[UnsafeMutableRawPointer(button)] else { return }
        page.show(group: group)
        page.onGroupChange?(group)
    }
}
