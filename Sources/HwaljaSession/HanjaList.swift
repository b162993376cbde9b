import HwaljaLexicon

/// The conversion key's list while it is open in a field: the candidates, which is highlighted,
/// and what a pick replaces.
struct HanjaList: Sendable, Equatable {
    /// The text a pick replaces.
    enum Source: Sendable, Equatable {
        /// The beginning of the word being typed (``TypingContext/replaceableWord``).
        case word
        /// The selection, `offset` scalars from the cursor, `count` long.
        case selection(offset: Int, count: Int)
        /// The end of the text before the cursor.
        case beforeCursor
    }

    /// Candidates a page, labelled 1 … 9.
    static let pageSize = CandidatePage.capacity

    let candidates: [HanjaCandidate]
    let source: Source
    private(set) var highlighted = 0

    init?(_ candidates: [HanjaCandidate], source: Source) {
        guard !candidates.isEmpty else { return nil }
        self.candidates = candidates
        self.source = source
    }

    var page: Int { highlighted / Self.pageSize }
    var pages: Int { (candidates.count + Self.pageSize - 1) / Self.pageSize }

    /// The candidates of the page shown.
    var shown: ArraySlice<HanjaCandidate> {
        candidates[page * Self.pageSize..<min(candidates.count, (page + 1) * Self.pageSize)]
    }

    /// Turns `by` pages (negative: back), round from the last to the first and back; the
    /// highlight goes to the new page's first candidate.
    mutating func turn(by count: Int) {
        highlighted = ((page + count) % pages + pages) % pages * Self.pageSize
    }

    /// Moves the highlight `by` candidates, round the ends, turning pages as it goes.
    mutating func move(by count: Int) {
        highlighted = ((highlighted + count) % candidates.count + candidates.count) % candidates.count
    }

    /// The candidate labelled `label` (1 … 9) on the page shown, if there is one.
    func candidate(labelled label: Int) -> HanjaCandidate? {
        let index = page * Self.pageSize + label - 1
        guard (1...Self.pageSize).contains(label), candidates.indices.contains(index) else { return nil }
        return candidates[index]
    }

    var highlightedCandidate: HanjaCandidate { candidates[highlighted] }
}
