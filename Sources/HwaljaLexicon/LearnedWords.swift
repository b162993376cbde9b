import HwaljaCore

/// The user's own words: what they committed, how often, how lately. In memory only; saving it
/// (and never for a secret field) is the frontend's business.
///
/// Bounded: past ``capacity`` words the least used, then the longest unused, goes.
///
/// It also keeps what was learned since its ``unsaved`` were last taken, so that a store can add
/// them to words another program saved meanwhile (``learnAgain(_:)``) instead of writing over them.
public struct LearnedWords: Sendable, Equatable {
    /// One word the user typed.
    public struct Word: Sendable, Equatable {
        public var keys: [Key]
        public var uses: Int
        /// When it was last used, as a count of words learned (larger is later).
        public var lastUse: Int

        public init(keys: [Key], uses: Int, lastUse: Int) {
            self.keys = keys
            self.uses = uses
            self.lastUse = lastUse
        }
    }

    public static let defaultCapacity = 5000
    public let capacity: Int
    /// The words in key order: the words a prefix can become are one run of it.
    public private(set) var words: [Word] = []
    /// Words learned so far: the clock of ``Word/lastUse``.
    public private(set) var clock = 0
    /// The words learned since ``takeUnsaved()`` last took them, in order (at most ``capacity``:
    /// past it, the oldest half goes).
    public private(set) var unsaved: [[Key]] = []

    public init(capacity: Int = LearnedWords.defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// The user committed the word typed by `keys`.
    public mutating func learn(_ keys: [Key]) {
        guard !keys.isEmpty, keys.allSatisfy(\.isLexiconKey) else { return }
        if unsaved.count >= capacity { unsaved.removeFirst(capacity / 2 + 1) }
        unsaved.append(keys)
        clock += 1
        let index = firstIndex(notBefore: keys)
        if index < words.count, words[index].keys == keys {
            words[index].uses += 1
            words[index].lastUse = clock
            return
        }
        words.insert(Word(keys: keys, uses: 1, lastUse: clock), at: index)
        if words.count > capacity, let worst = words.indices.min(by: { Self.goesBefore(words[$0], words[$1]) }) {
            words.remove(at: worst)
        }
    }

    /// Takes the words learned since the last time: a store adds them to the saved ones.
    public mutating func takeUnsaved() -> [[Key]] {
        defer { unsaved.removeAll() }
        return unsaved
    }

    /// Learns `words` again, in order, as ``learn(_:)`` did in another store: a store merging
    /// what this program learned into the words on disk.
    public mutating func learnAgain(_ words: [[Key]]) {
        for keys in words { learn(keys) }
    }

    /// The same words, uses and clock (what was learned but not yet saved does not count).
    public static func == (a: LearnedWords, b: LearnedWords) -> Bool {
        a.capacity == b.capacity && a.words == b.words && a.clock == b.clock
    }

    /// Restores a word read back from storage.
    public mutating func restore(_ word: Word) {
        guard !word.keys.isEmpty, word.keys.allSatisfy(\.isLexiconKey), word.uses > 0, words.count < capacity else {
            return
        }
        let index = firstIndex(notBefore: word.keys)
        if index < words.count, words[index].keys == word.keys {
            words[index] = word
        } else {
            words.insert(word, at: index)
        }
        clock = max(clock, word.lastUse)
    }

    /// Forgets every word.
    public mutating func forgetAll() {
        words.removeAll()
        unsaved.removeAll()
        clock = 0
    }

    /// Whether `a` goes before `b` when room is needed: fewer uses, then older.
    private static func goesBefore(_ a: Word, _ b: Word) -> Bool {
        a.uses != b.uses ? a.uses < b.uses : a.lastUse < b.lastUse
    }

    /// The index of the first word whose keys are not before `keys`.
    func firstIndex(notBefore keys: [Key]) -> Int {
        var low = 0
        var high = words.count
        while low < high {
            let middle = (low + high) / 2
            if words[middle].keys.precedesInLexicon(keys) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The best `limit` learned words whose keys start with `prefix` and have at least
    /// `minimumRemaining` keys more, as entries scored to rank with the lexicon's: a word the user
    /// typed counts as common as any, more with every use.
    func best(startingWith prefix: [Key], limit: Int, minimumRemaining: Int) -> [LexiconEntry] {
        var best: [LexiconEntry] = []
        for word in words[firstIndex(notBefore: prefix)...] {
            guard word.keys.starts(with: prefix) else { break }
            guard word.keys.count >= prefix.count + minimumRemaining else { continue }
            let score = UInt8(min(255, Self.baseScore + Self.scorePerUse * word.uses))
            guard best.count < limit || score > best[best.count - 1].score else { continue }
            best.insert(
                LexiconEntry(keys: word.keys, score: score), at: best.firstIndex { $0.score < score } ?? best.count)
            if best.count > limit { best.removeLast() }
        }
        return best
    }

    static let baseScore = 170
    static let scorePerUse = 12
}
