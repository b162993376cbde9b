/// The page of hanja or symbols a field shows while the conversion key's list is open: up to
/// ``capacity`` candidates, labelled 1 … 9 on the screen, one highlighted.
package struct CandidatePage: Sendable, Equatable {
    /// The candidates a page has at most: nine, labelled 1 … 9.
    package static let capacity = 9

    /// One candidate: what it types, and what it means (empty if nothing is known).
    package struct Candidate: Sendable, Equatable {
        package var text: String
        package var meaning: String

        package init(text: String, meaning: String) {
            self.text = text
            self.meaning = meaning
        }
    }

    package var candidates: [Candidate]
    /// The highlighted candidate, on this page (Return picks it).
    package var highlighted: Int
    /// This page (0: the first) of ``pages``.
    package var page: Int
    package var pages: Int

    package init(candidates: [Candidate], highlighted: Int, page: Int, pages: Int) {
        self.candidates = candidates
        self.highlighted = highlighted
        self.page = page
        self.pages = pages
    }
}
