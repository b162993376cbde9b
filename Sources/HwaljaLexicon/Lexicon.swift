import HwaljaCore

/// The lexicon in memory: its file's entries, prefix-coded, searched where they lie.
///
/// Sorted by keys, the words a key sequence can still become are one run of entries; a search
/// finds its start by the restart points and decodes only that run. The runs of one and two keys
/// are long, so their best entries are found once, when the lexicon is read.
package struct Lexicon: Sendable {
    private let payload: [UInt8]
    private let entriesEnd: Int
    private let restarts: [UInt32]
    private let interval: Int
    /// How many words it holds.
    package let count: Int
    /// The best ``shortPrefixLimit`` entries (at least one key beyond the prefix) for every prefix
    /// of one or two keys, by ``shortPrefixIndex(_:)``.
    private var shortPrefixBest: [[LexiconEntry]] = []

    /// The most suggestions asked for that the short-prefix lists serve.
    package static let shortPrefixLimit = 9

    init(payload: [UInt8], entriesEnd: Int, restarts: [UInt32], interval: Int, count: Int) {
        self.payload = payload
        self.entriesEnd = entriesEnd
        self.restarts = restarts
        self.interval = interval
        self.count = count
    }

    /// Bytes held.
    package var byteCount: Int { payload.count }

    /// Every entry, in key order.
    package var entries: [LexiconEntry] {
        var all: [LexiconEntry] = []
        var cursor = Cursor(offset: 0)
        for _ in 0..<count {
            guard (try? cursor.advance(in: self)) != nil else { break }
            all.append(LexiconEntry(keys: cursor.keys, score: cursor.score))
        }
        return all
    }

    /// Up to `limit` entries whose keys start with `prefix` and have at least `minimumRemaining`
    /// keys more, highest score first (equal scores: key order, so shorter words first).
    package func best(startingWith prefix: [Key], limit: Int, minimumRemaining: Int = 0) -> [LexiconEntry] {
        guard limit > 0, !prefix.isEmpty, count > 0 else { return [] }
        if minimumRemaining == 1, limit <= Self.shortPrefixLimit, let index = Self.shortPrefixIndex(prefix),
            !shortPrefixBest.isEmpty
        {
            return Array(shortPrefixBest[index].prefix(limit))
        }
        var cursor = Cursor(offset: Int(restarts[firstRestart(notAfter: prefix)]))
        var best: [LexiconEntry] = []
        while cursor.offset < entriesEnd, (try? cursor.advance(in: self)) != nil {
            if cursor.keys.starts(with: prefix) {
                if cursor.keys.count >= prefix.count + minimumRemaining {
                    Self.insert(cursor, into: &best, limit: limit)
                }
            } else if !cursor.keys.precedesInLexicon(prefix) {
                break  // past the run
            }
        }
        return best
    }

    /// Finds the short prefixes' best entries in one pass over the lexicon.
    mutating func indexShortPrefixes() {
        var lists = [[LexiconEntry]](repeating: [], count: Self.shortPrefixSlots)
        var cursor = Cursor(offset: 0)
        for _ in 0..<count {
            guard (try? cursor.advance(in: self)) != nil else { break }
            for length in 1...2 where cursor.keys.count > length {
                guard let index = Self.shortPrefixIndex(cursor.keys[..<length]) else { continue }
                Self.insert(cursor, into: &lists[index], limit: Self.shortPrefixLimit)
            }
        }
        shortPrefixBest = lists
    }

    private static let keyCodes = 16
    private static let shortPrefixSlots = keyCodes + keyCodes * keyCodes

    private static func shortPrefixIndex(_ prefix: some Collection<Key>) -> Int? {
        var iterator = prefix.makeIterator()
        guard let first = iterator.next() else { return nil }
        guard let first = first.lexiconCode else { return nil }
        guard let second = iterator.next() else { return Int(first) }
        guard let second = second.lexiconCode else { return nil }
        guard iterator.next() == nil else { return nil }
        return keyCodes + Int(first) * keyCodes + Int(second)
    }

    private static func insert(_ cursor: Cursor, into best: inout [LexiconEntry], limit: Int) {
        guard best.count < limit || cursor.score > best[best.count - 1].score else { return }
        let position = best.firstIndex { $0.score < cursor.score } ?? best.count
        best.insert(LexiconEntry(keys: cursor.keys, score: cursor.score), at: position)
        if best.count > limit { best.removeLast() }
    }

    /// The last restart whose entry's keys come before `prefix` (or the first restart).
    private func firstRestart(notAfter prefix: [Key]) -> Int {
        var low = 0
        var high = restarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            var cursor = Cursor(offset: Int(restarts[middle]))
            guard (try? cursor.advance(in: self)) != nil else { return low }
            if cursor.keys.precedesInLexicon(prefix) {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return low
    }

    /// Decoding entry after entry: where it is, and the keys and score of the entry decoded last
    /// (the next one shares a prefix of them), kept in one buffer.
    struct Cursor {
        var offset: Int
        var keys: [Key] = []
        var score: UInt8 = 0

        init(offset: Int) {
            self.offset = offset
            keys.reserveCapacity(64)
        }

        /// Decodes the entry at ``offset`` and moves past it.
        mutating func advance(in lexicon: Lexicon) throws(LexiconError) {
            let payload = lexicon.payload
            guard offset + 2 <= lexicon.entriesEnd else { throw .badEntry(index: -1, reason: "runs past the entries") }
            let shared = Int(payload[offset])
            let suffixCount = Int(payload[offset + 1])
            let keyBytes = (suffixCount + 1) / 2
            guard shared <= keys.count else {
                throw .badEntry(index: -1, reason: "shares \(shared) keys with a shorter entry")
            }
            guard offset + 2 + keyBytes + 1 <= lexicon.entriesEnd else {
                throw .badEntry(index: -1, reason: "runs past the entries")
            }
            keys.removeLast(keys.count - shared)
            for position in 0..<suffixCount {
                let byte = payload[offset + 2 + position / 2]
                let nibble = position % 2 == 0 ? byte >> 4 : byte & 0x0F
                guard let key = Key(lexiconCode: nibble) else {
                    throw .badEntry(index: -1, reason: "key code \(nibble)")
                }
                keys.append(key)
            }
            score = payload[offset + 2 + keyBytes]
            offset += 2 + keyBytes + 1
        }
    }

    /// Checks every entry decodes, restart entries share nothing and sit where the restart
    /// offsets say, and keys are strictly in order.
    func check() throws(LexiconError) {
        var cursor = Cursor(offset: 0)
        var previous: [Key] = []
        for index in 0..<count {
            if index % interval == 0 {
                guard Int(restarts[index / interval]) == cursor.offset else {
                    throw .badEntry(index: index, reason: "restart offset does not point at it")
                }
                cursor.keys.removeAll(keepingCapacity: true)
            }
            do {
                try cursor.advance(in: self)
            } catch .badEntry(_, let reason) {
                throw .badEntry(index: index, reason: reason)
            } catch {
                throw error
            }
            guard !cursor.keys.isEmpty else { throw .badEntry(index: index, reason: "no keys") }
            if index > 0, !previous.precedesInLexicon(cursor.keys) {
                throw .badEntry(index: index, reason: "out of key order")
            }
            previous = cursor.keys
        }
        guard cursor.offset == entriesEnd else {
            throw .badEntry(index: count, reason: "\(entriesEnd - cursor.offset) bytes after the last entry")
        }
    }
}
