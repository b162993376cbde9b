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
            link?.onConversionChosen = { [unowned self] in
                if let focused { conversionChosen(focused) }
            }
            link?.onCandidateTap = { [unowned self] tap in
                if let focused { candidateTapped(focused, tap) }
            }
            link?.onKeypadArrived = { [unowned self] in refresh() }
            link?.focus(focused != nil)
            if let focused { showEverything(of: focused) }
        }
    }
    /// The field with the focus, if one of the framework's has it.
    public private(set) var focused: Int?
    /// Suggestion `index`, which was `word`, tapped on the keypad for field `field` (the focused one).
    public var chosen: (_ field: Int, _ index: Int, _ word: String) -> Void = { _, _, _ in }
    /// 漢 tapped on the keypad for field `field` (the focused one): its list is to open.
    public var conversionChosen: (_ field: Int) -> Void = { _ in }
    /// A tap on the keypad's list for field `field` (the focused one): a candidate to pick if the
    /// field's page still shows it, a page to turn, or the list to close.
    public var candidateTapped: (_ field: Int, _ tap: KeypadInterface.CandidateTap) -> Void = { _, _ in }
    /// The suggestions a field shows now.
    private let suggestions: (Int) -> [String]
    /// Whether a field's word converts now (the conversion key would open a list).
    private let converts: (Int) -> Bool
    /// The page of a field's open list, `nil` if none is open.
    private let candidates: (Int) -> CandidatesSignal?

    /// `suggestions(field)`: what field `field` shows now; `converts(field)`: whether its word
    /// converts, and `candidates(field)`: its list's page (both asked only while a keypad runs).
    public init(
        suggestions: @escaping (Int) -> [String], converts: @escaping (Int) -> Bool = { _ in false },
        candidates: @escaping (Int) -> CandidatesSignal? = { _ in nil }
    ) {
        self.suggestions = suggestions
        self.converts = converts
        self.candidates = candidates
    }

    /// Field `field` got the focus: the row shows its suggestions, 漢 if its word converts, and
    /// its list if one is open.
    public func focus(_ field: Int) {
        focused = field
        link?.focus(true)
        showEverything(of: field)
    }

    private func showEverything(of field: Int) {
        link?.show(suggestions(field))
        showHanja(of: field)
    }

    /// Field `field` changed (a key, a timer, a tap), its suggestions now `words` (`nil`: as
    /// they were): the row shows them if it follows that field, whether its word converts now,
    /// and its list.
    public func changed(_ field: Int, suggestions words: [String]?) {
        guard field == focused, let link else { return }
        if let words { link.show(words) }
        showHanja(of: field)
    }

    /// Shows again whether the focused field's word converts, and its list (a keypad arrived, or
    /// the hanja files did).
    public func refresh() {
        if let focused { showHanja(of: focused) }
    }

    private func showHanja(of field: Int) {
        guard let link, link.hasKeypad else { return }
        link.showConversion(converts(field))
        link.showCandidates(candidates(field) ?? .closed)
    }

    /// Fields lost the focus or went: if the focused one is among them, the row empties.
    public func blur(_ fields: some Sequence<Int>) {
        guard let focused, fields.contains(focused) else { return }
        self.focused = nil
        link?.focus(false)
    }

}
