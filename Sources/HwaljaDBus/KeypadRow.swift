/// Which of a framework's fields hwalja-keypad's row of suggestions follows: the one with the
/// focus. The same for every framework's side (hwaljad's input contexts, the IBus engines, the
/// fcitx5 addon's contexts), each field a number. Use it on the queue the link is used on.
package final class KeypadRow {
    /// What the keypad shows of a field.
    package struct Field: Equatable, Sendable {
        /// Its suggestions, best first.
        package var suggestions: [String]
        /// Whether its word converts (the conversion key would open a list): 漢 shows.
        package var converts: Bool
        /// The page of its open list, `nil` if none is open.
        package var candidates: CandidatesSignal?

        package init(suggestions: [String], converts: Bool, candidates: CandidatesSignal?) {
            self.suggestions = suggestions
            self.converts = converts
            self.candidates = candidates
        }

        /// A field that is not there (it went): nothing to show.
        package static let none = Field(suggestions: [], converts: false, candidates: nil)
    }

    /// The link to the keypad, once there is one: told at once which field has the focus, and
    /// what it shows (it is made after the first field was focused, as a rule).
    package var link: KeypadSuggestionLink? {
        didSet {
            link?.onChosen = { [unowned self] index, word in tap(.suggestion(index: index, word: word)) }
            link?.onConversionChosen = { [unowned self] in tap(.conversion) }
            link?.onCandidateTap = { [unowned self] candidateTap in tap(.candidate(candidateTap)) }
            link?.onKeypadArrived = { [unowned self] in refresh() }
            link?.focus(focused != nil)
            if let focused { showEverything(of: focused) }
        }
    }
    /// The field with the focus, if one of the framework's has it.
    package private(set) var focused: Int?
    /// What a field shows now, `nil` if it is gone (asked only while a link exists); with
    /// `hanja` false, its suggestions alone (whether a word converts is not asked without a
    /// keypad to show it: asking reads the hanja files).
    private let shown: (_ field: Int, _ hanja: Bool) -> Field?
    /// A tap on the keypad for a field (the focused one).
    private let tapped: (_ field: Int, _ tap: KeypadInterface.Tap) -> Void

    /// `shown(field, hanja)`: what field `field` shows now (with `hanja`, whether its word
    /// converts and its list too); `tapped(field, tap)`: does `tap` in field `field` (the focused
    /// one), a suggestion or candidate only if the field still shows it, since the tap may come
    /// after a key changed what it shows.
    package init(
        shown: @escaping (_ field: Int, _ hanja: Bool) -> Field?,
        tapped: @escaping (_ field: Int, _ tap: KeypadInterface.Tap) -> Void
    ) {
        self.shown = shown
        self.tapped = tapped
    }

    private func tap(_ tap: KeypadInterface.Tap) {
        if let focused { tapped(focused, tap) }
    }

    /// Field `field` got the focus: the row shows its suggestions, 漢 if its word converts, and
    /// its list if one is open.
    package func focus(_ field: Int) {
        focused = field
        link?.focus(true)
        showEverything(of: field)
    }

    private func showEverything(of field: Int) {
        guard let link else { return }
        let field = shown(field, link.hasKeypad) ?? .none
        link.show(field.suggestions)
        showHanja(of: field)
    }

    /// Field `field` changed (a key, a timer, a tap), its suggestions now `words` (`nil`: as
    /// they were): the row shows them if it follows that field, whether its word converts now,
    /// and its list.
    package func changed(_ field: Int, suggestions words: [String]?) {
        guard field == focused, let link else { return }
        if let words { link.show(words) }
        if link.hasKeypad { showHanja(of: shown(field, true) ?? .none) }
    }

    /// Shows again whether the focused field's word converts, and its list (a keypad arrived, or
    /// the hanja files did).
    package func refresh() {
        guard let focused, let link, link.hasKeypad else { return }
        showHanja(of: shown(focused, true) ?? .none)
    }

    private func showHanja(of field: Field) {
        guard let link, link.hasKeypad else { return }
        link.showConversion(field.converts)
        link.showCandidates(field.candidates ?? .closed)
    }

    /// Fields lost the focus or went: if the focused one is among them, the row empties.
    package func blur(_ fields: some Sequence<Int>) {
        guard let focused, fields.contains(focused) else { return }
        self.focused = nil
        link?.focus(false)
    }
}
