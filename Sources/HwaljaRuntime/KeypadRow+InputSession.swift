import HwaljaDBus
import HwaljaSession

/// A field on hwalja-keypad's row where a framework types the keypad's keys (X11, KDE Plasma):
/// what it shows there, and what a tap there does, the same in the IBus engine, the fcitx5 addon
/// and hwaljad.
extension KeypadRow.Field {
    /// What `session` shows: its suggestions and, with `hanja`, 漢 if its word converts and its
    /// list's page (asking whether it converts reads the hanja files).
    package init(_ session: InputSession, hanja: Bool) {
        self.init(
            suggestions: session.suggestions.map(\.text), converts: hanja && session.convertsWord,
            candidates: hanja ? session.candidatePage.map(CandidatesSignal.init) : nil)
    }
}

/// The conversion key's list's page as `ShowCandidates` and `CandidatesChanged` carry it.
extension CandidatesSignal {
    /// `page` as the bus carries it (each candidate's text and meaning); ``closed`` for none.
    package init(_ page: CandidatePage?) {
        guard let page else {
            self = .closed
            return
        }
        self.init(
            texts: page.candidates.map(\.text), meanings: page.candidates.map(\.meaning), page: page.page,
            pages: page.pages)
    }
}

extension InputSession {
    /// Takes a tap on the keypad: a suggestion picked if the field still shows it (else the tap
    /// came too late, and does nothing), its list opened from 漢, or a tap on the list.
    package mutating func take(_ tap: KeypadInterface.Tap) -> [SessionAction] {
        switch tap {
        case .suggestion(let index, let word): acceptSuggestion(index, shownAs: word) ?? []
        case .conversion: pressConversionKey()
        case .candidate(let candidateTap): take(candidateTap)
        }
    }

    /// Takes a tap on the keypad's copy of the list: a candidate picked if the page still shows
    /// it (else the tap came too late, and does nothing), a page turned, or the list closed.
    package mutating func take(_ tap: KeypadInterface.CandidateTap) -> [SessionAction] {
        switch tap {
        case .pick(let index, let text): acceptCandidate(index, shownAs: text) ?? []
        case .turn(let count): turnCandidatePage(count)
        case .close: hasCandidates ? closeCandidates() : []
        }
    }
}
