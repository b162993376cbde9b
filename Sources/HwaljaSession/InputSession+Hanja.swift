import HwaljaCore
import HwaljaLexicon
import HwaljaTyping

/// The conversion key: hanja for the selection, the word being typed or the word before the
/// cursor, symbols for a lone consonant, in a list of pages the keys turn and pick from.
extension InputSession {
    /// Keys of the open list.
    enum ListKeys {
        // (The keypad's arrows are its digits here: KeypadWithoutNumLock.)
        static let previousPage: Set<UInt32> = [0xFF55, 0xFFAD, 0xFF52]  // Page_Up, KP_Subtract, Up
        static let nextPage: Set<UInt32> = [0xFF56, 0xFFAB, 0xFF54]  // Page_Down, KP_Add, Down
        static let previous: Set<UInt32> = [0xFF51]  // Left
        static let next: Set<UInt32> = [0xFF53]  // Right
        static let pick: Set<UInt32> = [0xFF0D, 0xFF8D]  // Return, KP_Enter
        static let close: Set<UInt32> = [0xFF1B, 0xFF08]  // Escape, BackSpace

        /// The label a digit key names (1 … 9), on the number row or the keypad; 0 names none.
        static func label(_ keysym: UInt32) -> Int? {
            switch keysym {
            case 0x31...0x39: Int(keysym - 0x30)
            case 0xFFB1...0xFFB9: Int(keysym - 0xFFB0)
            default: nil
            }
        }
    }

    /// The key event if the conversion key or the open list takes it, else `nil` (the list, if
    /// open, is to close and the key to go on as usual).
    mutating func listKey(keysym: UInt32, state: UInt32) -> KeyResult? {
        if state & KeyEventState.release != 0 {
            return listPresses.remove(keysym) != nil ? KeyResult(handled: true, actions: []) : nil
        }
        guard state & KeyEventState.shortcutModifiers == 0 else { return nil }
        guard var list = hanjaList else {
            guard keymap.converts(keysym), let opened = openList() else { return nil }
            hanjaList = opened
            return took(keysym, hideSuggestions() + [.candidates(page(of: opened))])
        }
        if keymap.converts(keysym) || ListKeys.close.contains(keysym) { return took(keysym, closeList()) }
        if let label = ListKeys.label(keysym) {
            guard let candidate = list.candidate(labelled: label) else { return took(keysym, []) }
            return took(keysym, pick(candidate, of: list))
        }
        if ListKeys.pick.contains(keysym) { return took(keysym, pick(list.highlightedCandidate, of: list)) }
        if ListKeys.previousPage.contains(keysym) {
            list.turn(by: -1)
        } else if ListKeys.nextPage.contains(keysym) {
            list.turn(by: 1)
        } else if ListKeys.previous.contains(keysym) {
            list.move(by: -1)
        } else if ListKeys.next.contains(keysym) {
            list.move(by: 1)
        } else {
            return nil
        }
        hanjaList = list
        return took(keysym, [.candidates(page(of: list))])
    }

    /// A press the list took (its release is taken too).
    private mutating func took(_ keysym: UInt32, _ actions: [SessionAction]) -> KeyResult {
        listPresses.insert(keysym)
        return KeyResult(handled: true, actions: actions, release: .handled)
    }

    /// The list of what the conversion key converts, in order: the selection; else the word
    /// being typed, by its beginnings (its ending kept); else the text before the cursor, by its
    /// endings. `nil` when there is nothing to convert (the key is then the application's).
    private func openList() -> HanjaList? {
        guard let hanja, !passesKeysThrough else { return nil }
        let composing = typing.replaceableWord
        if composing.isEmpty, let surrounding, surrounding.selectionCount > 0 {
            // A selection too long for a word converts nothing, nor does the word before it: a
            // commit would replace the whole selection.
            guard canDeleteSurrounding, let selection = surrounding.selection else { return nil }
            return HanjaList(
                hanja.candidates(of: selection),
                source: .selection(offset: surrounding.selectionOffset, count: surrounding.selectionCount))
        }
        if !composing.isEmpty { return HanjaList(hanja.candidates(beginning: composing), source: .word) }
        guard let surrounding, canDeleteSurrounding else { return nil }
        return HanjaList(hanja.candidates(ending: surrounding.before), source: .beforeCursor)
    }

    /// `list`'s page as a frontend shows it, each candidate with its meaning.
    private func page(of list: HanjaList) -> CandidatePage {
        let shown = list.shown.map {
            CandidatePage.Candidate(text: $0.entry.text, meaning: hanja?.meaning(of: $0.entry) ?? "")
        }
        return CandidatePage(
            candidates: shown, highlighted: list.highlighted - list.page * HanjaList.pageSize, page: list.page,
            pages: list.pages)
    }

    /// Types `candidate` in place of what it converts, closes the list and learns the pick
    /// (unless nothing of this field may be learned).
    private mutating func pick(_ candidate: HanjaCandidate, of list: HanjaList) -> [SessionAction] {
        var actions = closeList()
        let text = candidate.entry.text
        switch list.source {
        case .word:
            actions += self.actions(for: typing.replaceWordStart(candidate.replacing, with: text))
        case .selection(let offset, let count):
            actions += [.deleteSurrounding(offset: offset, count: count), .commit(text)]
        case .beforeCursor:
            actions += [.deleteSurrounding(offset: -candidate.replacing, count: candidate.replacing), .commit(text)]
        }
        surrounding = nil
        if !learnsNothing { hanja?.learn(candidate.entry) }
        return withSuggestions(actions)
    }

    /// Closes the list if it is open: what it hides, then the suggestions, shown afresh.
    mutating func closeList() -> [SessionAction] {
        guard hanjaList != nil else { return [] }
        hanjaList = nil
        forgetShownSuggestions()
        return [.candidates(nil)]
    }

    /// Picks the candidate at `index` of the page shown (a click on the list); `nil` if there
    /// is no list or no such candidate.
    package mutating func acceptCandidate(_ index: Int) -> [SessionAction]? {
        guard let list = hanjaList, let candidate = list.candidate(labelled: index + 1) else { return nil }
        return pick(candidate, of: list)
    }

    /// Picks candidate `index` as ``acceptCandidate(_:)`` does if it is still `text`: a tap on
    /// another program's copy of the list (hwalja-keypad's), which may lag behind.
    package mutating func acceptCandidate(_ index: Int, shownAs text: String) -> [SessionAction]? {
        guard let shown = candidatePage?.candidates, shown.indices.contains(index), shown[index].text == text
        else { return nil }
        return acceptCandidate(index)
    }

    /// Turns the open list `count` pages (negative: back); nothing if none is open.
    package mutating func turnCandidatePage(_ count: Int) -> [SessionAction] {
        guard var list = hanjaList else { return [] }
        list.turn(by: count)
        hanjaList = list
        return [.candidates(page(of: list))]
    }

    /// Closes the list, the text left as it was, and shows the suggestions again.
    package mutating func closeCandidates() -> [SessionAction] {
        withSuggestions(closeList())
    }

    /// The conversion key pressed elsewhere than on a keyboard (hwalja-keypad's 漢): opens the
    /// list, or closes it if it is open; nothing when there is nothing to convert.
    package mutating func pressConversionKey() -> [SessionAction] {
        if hanjaList != nil { return withSuggestions(closeList()) }
        guard let opened = openList() else { return [] }
        hanjaList = opened
        return hideSuggestions() + [.candidates(page(of: opened))]
    }

    /// Opens the conversion key's list for a frontend that drives ``typing`` by key names
    /// (hwaljad's `org.hwalja.Context1`): its first page, or `nil` when there is nothing to
    /// convert (the list stays closed).
    package mutating func openCandidates() -> CandidatePage? {
        guard hanjaList == nil else { return candidatePage }
        guard let opened = openList() else { return nil }
        hanjaList = opened
        _ = hideSuggestions()
        return page(of: opened)
    }

    /// Picks candidate `index` of the page shown, as ``acceptCandidate(_:)`` does, for a frontend
    /// that drives ``typing`` by key names, learning the pick if `learning` (and the field
    /// allows it): returns what the typing did (the list closed), or
    /// `nil` for no such candidate (or one that converts text after the cursor, which an outcome
    /// cannot carry).
    package mutating func pickCandidate(_ index: Int, learning: Bool = true) -> TypingContext.Outcome? {
        guard let list = hanjaList, let candidate = list.candidate(labelled: index + 1) else { return nil }
        var outcome = TypingContext.Outcome()
        switch list.source {
        case .word:
            outcome = typing.replaceWordStart(candidate.replacing, with: candidate.entry.text)
        case .beforeCursor:
            outcome.retract = candidate.replacing
            outcome.commit = candidate.entry.text
        case .selection(let offset, let count):
            guard offset == -count else { return nil }
            outcome.retract = count
            outcome.commit = candidate.entry.text
        }
        outcome.preedit = typing.preedit
        _ = closeList()
        surrounding = nil
        if learning && !learnsNothing { hanja?.learn(candidate.entry) }
        return outcome
    }

    /// Whether the conversion key would open a list for the word being typed (a lone consonant's
    /// symbols too): what an on-screen keypad's 漢 key shows. Never in a field whose keys pass
    /// through. The first call starts reading the files in the background where the host can
    /// (``HanjaConversions/prepare()``; `false` until they are read), else reads them.
    package var convertsWord: Bool {
        guard let hanja, !passesKeysThrough else { return false }
        hanja.prepare()  // a field with 漢 on show: its first word should not wait for the files
        let word = typing.replaceableWord
        return !word.isEmpty && hanja.converts(beginning: word)
    }

    /// Whether the conversion key's list is open (``candidatePage`` makes the page's meanings).
    package var hasCandidates: Bool { hanjaList != nil }

    /// The page of the open list, if one is.
    package var candidatePage: CandidatePage? { hanjaList.map(page(of:)) }

    /// Keeps what of the client's text the conversion key may convert: the end of the text
    /// before the cursor, and the selection.
    mutating func keepSurrounding(_ text: String, cursor: Int, anchor: Int) {
        let scalars = text.unicodeScalars
        guard hanja != nil, cursor >= 0, anchor >= 0,
            let cursorIndex = scalars.index(scalars.startIndex, offsetBy: cursor, limitedBy: scalars.endIndex),
            let anchorIndex = scalars.index(scalars.startIndex, offsetBy: anchor, limitedBy: scalars.endIndex)
        else {
            surrounding = nil
            return
        }
        let limit = HanjaSearch.longestReading
        let before = String(String.UnicodeScalarView(scalars[..<cursorIndex].suffix(limit)))
        let selected = scalars[min(cursorIndex, anchorIndex)..<max(cursorIndex, anchorIndex)]
        let count = abs(anchor - cursor)
        surrounding = Surrounding(
            before: before, selection: count <= limit ? String(String.UnicodeScalarView(selected)) : nil,
            selectionOffset: min(anchor - cursor, 0), selectionCount: count)
    }
}
