import HwaljaCore
import HwaljaEngine
import HwaljaLexicon

/// The conversion key: hanja for the selection, the word being typed or the word before the
/// cursor, symbols for a lone consonant, in a list of pages the keys turn and pick from.
extension InputSession {
    /// Keys of the open list.
    enum ListKeys {
        /// Page_Up, KP_Subtract, Up, KP_Prior, KP_Up.
        static let previousPage: Set<UInt32> = [0xFF55, 0xFFAD, 0xFF52, 0xFF9A, 0xFF97]
        /// Page_Down, KP_Add, Down, KP_Next, KP_Down.
        static let nextPage: Set<UInt32> = [0xFF56, 0xFFAB, 0xFF54, 0xFF9B, 0xFF99]
        static let previous: Set<UInt32> = [0xFF51, 0xFF96]  // Left, KP_Left
        static let next: Set<UInt32> = [0xFF53, 0xFF98]  // Right, KP_Right
        static let pick: Set<UInt32> = [0xFF0D, 0xFF8D]  // Return, KP_Enter
        static let close: Set<UInt32> = [0xFF1B, 0xFF08]  // Escape, BackSpace

        /// The label a digit key names (1 … 9; 0 for the digit 0), on the number row or the keypad.
        static func label(_ keysym: UInt32) -> Int? {
            switch keysym {
            case 0x30...0x39: Int(keysym - 0x30)
            case 0xFFB0...0xFFB9: Int(keysym - 0xFFB0)
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
            return took(keysym, [.candidates(page(of: opened))])
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
    private mutating func took(_ keysym: UInt32, _ actions: [FrontendAction]) -> KeyResult {
        listPresses.insert(keysym)
        return KeyResult(handled: true, actions: actions, release: .handled)
    }

    /// The list of what the conversion key converts, in order: the selection; else the word
    /// being typed, by its beginnings (its ending kept); else the text before the cursor, by its
    /// endings. `nil` when there is nothing to convert (the key is then the application's).
    private func openList() -> HanjaList? {
        guard let hanja, !passesKeysThrough else { return nil }
        let composing = typing.replaceableWord
        if composing.isEmpty, let surrounding, !surrounding.selection.isEmpty, canDeleteSurrounding {
            let count = surrounding.selection.unicodeScalars.count
            return HanjaList(
                hanja.candidates(of: surrounding.selection),
                source: .selection(offset: surrounding.selectionOffset, count: count))
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
    private mutating func pick(_ candidate: HanjaCandidate, of list: HanjaList) -> [FrontendAction] {
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
    mutating func closeList() -> [FrontendAction] {
        guard hanjaList != nil else { return [] }
        hanjaList = nil
        forgetShownSuggestions()
        return [.candidates(nil)]
    }

    /// Picks the candidate at `index` of the page shown (a click on the list); `nil` if there
    /// is no list or no such candidate.
    public mutating func acceptCandidate(_ index: Int) -> [FrontendAction]? {
        guard let list = hanjaList, let candidate = list.candidate(labelled: index + 1) else { return nil }
        return pick(candidate, of: list)
    }

    /// Turns the open list `count` pages (negative: back); nothing if none is open.
    public mutating func turnCandidatePage(_ count: Int) -> [FrontendAction] {
        guard var list = hanjaList else { return [] }
        list.turn(by: count)
        hanjaList = list
        return [.candidates(page(of: list))]
    }

    /// Closes the list, the text left as it was, and shows the suggestions again.
    public mutating func closeCandidates() -> [FrontendAction] {
        withSuggestions(closeList())
    }

    /// The page of the open list, if one is.
    public var candidatePage: CandidatePage? { hanjaList.map(page(of:)) }

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
        let selection = abs(anchor - cursor) <= limit ? String(String.UnicodeScalarView(selected)) : ""
        surrounding = (before, selection, min(anchor - cursor, 0))
    }
}
