/// The conversion key's page as hwaljad sends it and its clients read it: the arguments of
/// `CandidatesChanged(a(ss) candidates, u page, u pages)`, and the `Candidates` property
/// `(a(ss)uu)`. Each candidate is its text and its meaning (`""` when none is known); an empty
/// page, 0, 0 says the list closed.
package struct CandidatesSignal: Sendable, Equatable {
    package var texts: [String]
    package var meanings: [String]
    /// The page shown (from 0) and the number of pages.
    package var page: Int
    package var pages: Int

    package init(texts: [String], meanings: [String], page: Int, pages: Int) {
        self.texts = texts
        self.meanings = meanings
        self.page = page
        self.pages = pages
    }

    /// No list: what the signal says when it closed.
    package static let closed = CandidatesSignal(texts: [], meanings: [], page: 0, pages: 0)

    /// The signal's arguments.
    package var values: [BusValue] {
        let candidates = zip(texts, meanings).map { BusValue.structure([.string($0), .string($1)]) }
        return [
            .array(elementSignature: "(ss)", candidates), .uint32(UInt32(clamping: page)),
            .uint32(UInt32(clamping: pages))
        ]
    }

    /// The page `values` (a signal's arguments) carry, or `nil` if they are not `(a(ss)uu)`.
    package init?(values: [BusValue]) {
        guard values.count == 3, case .array(_, let entries) = values[0], let page = values[1].uint32Value,
            let pages = values[2].uint32Value
        else { return nil }
        var texts: [String] = []
        var meanings: [String] = []
        for entry in entries {
            guard case .structure(let fields) = entry, fields.count == 2, let text = fields[0].stringValue,
                let meaning = fields[1].stringValue
            else { return nil }
            texts.append(text)
            meanings.append(meaning)
        }
        self.init(texts: texts, meanings: meanings, page: Int(page), pages: Int(pages))
    }
}
