/// What backspace can undo: for each of the last ``Composer/undoDepth`` keystrokes since the last
/// boundary, what the keystroke changed — not the whole composition before it, which the composer
/// rebuilds from the text after it (see ``Entry``). A ring of at most ``Composer/undoDepth``
/// entries, grown as keystrokes come (no reservation up front) and reused after that, so
/// remembering a keystroke is a 24-byte store and forgetting the oldest costs nothing.
struct UndoHistory: Sendable, Equatable {
    /// One keystroke, as the change it made to the word (the text since the last boundary).
    ///
    /// The word before the keystroke is the word after it less its last ``appended`` scalars,
    /// plus ``removed``: the keystroke kept everything before the point where the two differ.
    struct Entry: Sendable, Equatable {
        /// The scalars the keystroke replaced at the end of the word (at most two), first lowest.
        var removed: UInt64
        /// How many scalars of ``removed`` there are (0...2).
        var removedCount: UInt8
        /// How many scalars the keystroke put at the end of the word instead (0...3).
        var appended: UInt8
        /// Whether the last two scalars of the preedit were a live pair before the keystroke.
        var endsWithLivePair: Bool
        /// How many scalars the composer had committed since the last boundary before the keystroke.
        var committed: Int

        /// The `index`th removed scalar (0 or 1).
        func removedScalar(_ index: Int) -> UInt32 {
            UInt32(truncatingIfNeeded: removed >> (32 * UInt64(index)))
        }
    }

    private var entries: [Entry] = []
    /// Index of the oldest entry in `entries`.
    private var start = 0
    /// The number of entries remembered, at most ``Composer/undoDepth``.
    private(set) var count = 0

    init() {
        precondition(Composer.undoDepth.nonzeroBitCount == 1, "the undo depth must be a power of two")
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
    @inline(__always)
    mutating func push(_ entry: Entry) {
        if count == Composer.undoDepth {
            entries[start] = entry
            start = index(1)
            return
        }
        // Below the depth the ring has not wrapped: the free slot is the end of `entries` or before it.
        let slot = index(count)
        if slot == entries.count { entries.append(entry) } else { entries[slot] = entry }
        count += 1
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
        if count == 0 { start = 0 }
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
