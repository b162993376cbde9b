/// What backspace can undo: for each of the last ``Composer/undoDepth`` keystrokes since the last
/// boundary, the composition before it. A ring of fixed size, allocated once per composer, so
/// remembering a keystroke never allocates and forgetting the oldest costs nothing.
struct UndoHistory: Sendable, Equatable {
    /// The composition before one keystroke.
    struct Entry: Sendable, Equatable {
        /// The preedit then: the text from position ``committed`` of the word on.
        var preedit: ComposedText
        /// Whether the last two scalars of ``preedit`` are a live pair.
        var endsWithLivePair: Bool
        /// How many scalars the composer had committed since the last boundary.
        var committed: Int
    }

    private var entries: [Entry]
    /// Index of the oldest entry in `entries`.
    private var start = 0
    /// The number of entries remembered, at most ``Composer/undoDepth``.
    private(set) var count = 0

    init() {
        precondition(Composer.undoDepth.nonzeroBitCount == 1, "the undo depth must be a power of two")
        let empty = Entry(preedit: ComposedText(), endsWithLivePair: false, committed: 0)
        entries = Array(repeating: empty, count: Composer.undoDepth)
    }

    var isEmpty: Bool { count == 0 }

    /// The committed count of the oldest entry, if any.
    var oldestCommitted: Int? { count == 0 ? nil : entries[start].committed }

    /// The `offset`th entry counting back from the newest (0 is the newest).
    subscript(fromNewest offset: Int) -> Entry {
        get { entries[index(count - 1 - offset)] }
        set { entries[index(count - 1 - offset)] = newValue }
    }

    /// Remembers `entry` as the newest, forgetting the oldest when full.
    mutating func push(_ entry: Entry) {
        if count == Composer.undoDepth {
            entries[start] = entry
            start = index(1)
        } else {
            entries[index(count)] = entry
            count += 1
        }
    }

    /// Removes and returns the newest entry.
    mutating func popLast() -> Entry? {
        guard count > 0 else { return nil }
        count -= 1
        return entries[index(count)]
    }

    /// Forgets the oldest entries whose committed count is below `position`.
    mutating func removeEntries(committedBefore position: Int) {
        while count > 0 && entries[start].committed < position {
            start = index(1)
            count -= 1
        }
    }

    /// Forgets everything.
    mutating func removeAll() {
        start = 0
        count = 0
    }

    /// Equal when the same entries are remembered in the same order, wherever they sit in the ring.
    static func == (lhs: UndoHistory, rhs: UndoHistory) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var offset = 0
        while offset < lhs.count {
            if lhs.entries[lhs.index(offset)] != rhs.entries[rhs.index(offset)] { return false }
            offset += 1
        }
        return true
    }

    private func index(_ offset: Int) -> Int {
        (start &+ offset) & (Composer.undoDepth - 1)  // the depth is a power of two
    }
}
