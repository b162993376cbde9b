/// The page of hanja or symbols a field shows while the conversion key's list is open: up to
/// ``capacity`` candidates, labelled 1 … 9 on the screen, one highlighted.
public struct CandidatePage: Sendable, Equatable {
    /// The candidates a page has at most: nine, labelled 1 … 9.
    public static let capacity = 9

    /// One candidate: what it types, and what it means (empty if nothing is known).
    public struct Candidate: Sendable, Equatable {
        public var text: String
        public var meaning: String

        public init(text: String, meaning: String) {
            self.text = text
            self.meaning = meaning
        }
    }

    public var candidates: [Candidate]
    /// The highlighted candidate, on this page (Return picks it).
    public var highlighted: Int
    /// This page (0: the first) of ``pages``.
    public var page: Int
    public var pages: Int

    public init(candidates: [Candidate], highlighted: Int, page: Int, pages: Int) {
        self.candidates = candidates
        self.highlighted = highlighted
        self.page = page
        self.pages = pages
    }
}
