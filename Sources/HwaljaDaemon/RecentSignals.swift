/// The signal templates (``ContextSignals``) of the contexts that signalled last, at most
/// ``capacity`` of them: a context typing keeps its templates, the many a daemon holds idle keep
/// none, so a context costs the same whether it typed or not (its templates are made again,
/// when it types after others did).
struct RecentSignals {
    /// How many contexts keep their templates.
    static let capacity = 16

    private var entries: [(number: Int, signals: ContextSignals, used: UInt64)] = []
    private var uses: UInt64 = 0

    /// Context `number`'s templates, made by `make` if it has none kept (the least recently used
    /// context's are let go when full); `nil` if `make` finds no such context.
    mutating func signals(of number: Int, make: () -> ContextSignals?) -> ContextSignals? {
        uses &+= 1
        if let index = entries.firstIndex(where: { $0.number == number }) {
            entries[index].used = uses
            return entries[index].signals
        }
        guard let made = make() else { return nil }
        if entries.count < Self.capacity {
            entries.append((number, made, uses))
        } else if let oldest = entries.indices.min(by: { entries[$0].used < entries[$1].used }) {
            entries[oldest] = (number, made, uses)
        }
        return made
    }

    /// Forgets the templates of contexts that went.
    mutating func forget(_ numbers: [Int]) {
        guard !entries.isEmpty else { return }
        let gone = Set(numbers)
        entries.removeAll { gone.contains($0.number) }
    }
}
