import HwaljaDBus
import HwaljaFrontend

extension CandidatePage {
    /// The page `signal` carries (hwaljad's `CandidatesChanged`, a framework's `ShowCandidates`),
    /// `nil` for none (the list closed): what the keypad shows in its keys' place.
    init?(_ signal: CandidatesSignal?) {
        guard let signal, !signal.texts.isEmpty else { return nil }
        let shown = zip(signal.texts, signal.meanings).map { Candidate(text: $0, meaning: $1) }
        self.init(candidates: shown, highlighted: 0, page: signal.page, pages: signal.pages)
    }
}
