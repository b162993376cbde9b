/// Which of a framework's fields hwalja-keypad's row of suggestions follows: the one with the
/// focus. The same for every framework's side (hwaljad's input contexts, the IBus engines, the
/// fcitx5 addon's contexts), each field a number. Use it on the queue the link is used on.
public final class KeypadRow {
    /// The link to the keypad, once there is one: told at once which field has the focus, and
    /// what it shows (it is made after the first field was focused, as a rule).
    public var link: KeypadSuggestionLink? {
        didSet {
            link?.onChosen = { [unowned self] index, word in
                if let focused { chosen(focused, index, word) }
            }
            link?.focus(focused != nil)
            if let focused { link?.show(suggestions(focused)) }
        }
    }
    /// The field with the focus, if one of the framework's has it.
    public private(set) var focused: Int?
    /// Suggestion `index`, which was `word`, tapped on the keypad for field `field` (the focused one).
    public var chosen: (_ field: Int, _ index: Int, _ word: String) -> Void = { _, _, _ in }
    /// The suggestions a field shows now.
    private let suggestions: (Int) -> [String]

    /// `suggestions(field)`: what field `field` shows now.
    public init(suggestions: @escaping (Int) -> [String]) {
        self.suggestions = suggestions
    }

    /// Field `field` got the focus: the row shows its suggestions.
    public func focus(_ field: Int) {
        focused = field
        link?.focus(true)
        link?.show(suggestions(field))
    }

    /// Fields lost the focus or went: if the focused one is among them, the row empties.
    public func blur(_ fields: some Sequence<Int>) {
        guard let focused, fields.contains(focused) else { return }
        self.focused = nil
        link?.focus(false)
    }

    /// Field `field` shows `words` now: so does the row, if it follows that field.
    public func show(_ words: [String], of field: Int) {
        if field == focused { link?.show(words) }
    }
}
