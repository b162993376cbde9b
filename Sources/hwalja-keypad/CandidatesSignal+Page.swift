import HwaljaDBus
import HwaljaSession

extension CandidatePage {
    /// The characters of a candidate or its meaning shown at most (a longer one is cut).
    static let longestShown = 80

    /// The page `signal` carries (hwaljad's `CandidatesChanged`, a framework's `ShowCandidates`),
    /// `nil` for none (the list closed): what the keypad shows in its keys' place.
    init?(_ signal: CandidatesSignal?) {
        guard let signal, !signal.texts.isEmpty else { return nil }
        let shown = zip(signal.texts, signal.meanings).prefix(Self.capacity).map {
            Candidate(text: String($0.prefix(Self.longestShown)), meaning: String($1.prefix(Self.longestShown)))
        }
        self.init(candidates: shown, highlighted: 0, page: signal.page, pages: signal.pages)
    }
}
