import HwaljaCore

/// The user's own words: what they committed, how often, how lately, which word followed
/// which (``sequences``), and the hanja they picked (``hanja``). In memory only; saving it (and never for a secret field) is the
/// frontend's business.
///
/// Bounded: past ``capacity`` words the least used, then the longest unused, goes.
///
/// It also keeps what was learned since its ``unsaved`` were last taken, so that a store can add
/// them to words another program saved meanwhile (``learnAgain(_:)``) instead of writing over them.
package struct LearnedWords: Sendable, Equatable {
    /// One word the user typed.
    package struct Word: Sendable, Equatable {
        package var keys: [Key]
        package var uses: Int
        /// When it was last used, as a count of words learned (larger is later).
        package var lastUse: Int

        package init(keys: [Key], uses: Int, lastUse: Int) {
            self.keys = keys
            self.uses = uses
            self.lastUse = lastUse
        }
    }

    package static let defaultCapacity = 5000
    package let capacity: Int
    /// The words in key order: the words a prefix can become are one run of it.
    package private(set) var words: [Word] = []
    /// Words learned so far: the clock of ``Word/lastUse``.
    package private(set) var clock = 0
    /// What was learned since ``takeUnsaved()`` last took it, in order (at most ``capacity``
    /// entries: past it, the oldest half goes).
    package private(set) var unsaved: [Learning] = []
    /// Which word followed which.
    package private(set) var sequences: WordSequences
    /// The hanja and symbols the user picked, ranked first when they convert again.
    package private(set) var hanja: HanjaPicks

    /// One thing learned: a word, or a word after one or two others (``WordSequences``).
    package enum Learning: Sendable, Equatable {
        case word([Key])
        /// The context, then the word that followed it.
        case sequence([[Key]])
        /// A hanja or symbol picked for a reading.
        case hanja(HanjaPicks.Pick)
    }

    package init(
        capacity: Int = LearnedWords.defaultCapacity, sequences: Int = WordSequences.defaultCapacity,
        hanja: Int = HanjaPicks.defaultCapacity
    ) {
        self.capacity = max(1, capacity)
        self.sequences = WordSequences(capacity: sequences)
        self.hanja = HanjaPicks(capacity: hanja)
    }

    /// The user committed the word typed by `keys`.
    package mutating func learn(_ keys: [Key]) {
        guard !keys.isEmpty, keys.allSatisfy(\.isLexiconKey) else { return }
        journal(.word(keys))
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

    /// The user typed the word of `next` right after those of `context` (one word or two, the
    /// last just before it): learned as ``WordSequences`` pairs and triples, at the clock of the
    /// word learned last.
    package mutating func learn(_ next: [Key], after context: [[Key]]) {
        let context = Array(context.suffix(2))
        guard !context.isEmpty, !next.isEmpty else { return }
        journal(.sequence(context + [next]))
        for length in 1...context.count {
            sequences.learn(next, after: Array(context.suffix(length)), at: clock)
        }
    }

    /// The user picked `entry` to convert its reading (nothing with a blank in it is kept: the
    /// file separates its fields by spaces).
    package mutating func learnHanja(_ entry: HanjaEntry) {
        let pick = HanjaPicks.Pick(reading: entry.reading, text: entry.text)
        guard Self.isKeepable(pick) else { return }
        journal(.hanja(pick))
        hanja.learn(entry)
    }

    /// Whether `pick` can be written as fields of a line: no blank, no newline, not empty.
    static func isKeepable(_ pick: HanjaPicks.Pick) -> Bool {
        [pick.reading, pick.text].allSatisfy { !$0.isEmpty && !$0.contains { $0.isWhitespace || $0.isNewline } }
    }

    private mutating func journal(_ learning: Learning) {
        if unsaved.count >= capacity { unsaved.removeFirst(capacity / 2 + 1) }
        unsaved.append(learning)
    }

    /// Takes what was learned since the last time: a store adds it to what was saved.
    package mutating func takeUnsaved() -> [Learning] {
        defer { unsaved.removeAll() }
        return unsaved
    }

    /// Learns `learnings` again, in order, as ``learn(_:)`` and ``learn(_:after:)`` did in
    /// another store: a store merging what this program learned into what is on disk.
    package mutating func learnAgain(_ learnings: [Learning]) {
        for learning in learnings {
            switch learning {
            case .word(let keys): learn(keys)
            case .sequence(let words): learn(words[words.count - 1], after: Array(words.dropLast()))
            case .hanja(let pick): learnHanja(HanjaEntry(reading: pick.reading, text: pick.text))
            }
        }
    }

    /// The same words, sequences, uses and clock (what was learned but not yet saved does not count).
    package static func == (a: LearnedWords, b: LearnedWords) -> Bool {
        a.capacity == b.capacity && a.words == b.words && a.clock == b.clock && a.sequences == b.sequences
            && a.hanja == b.hanja
    }

    /// Restores a word read back from storage.
    package mutating func restore(_ word: Word) {
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

    /// Restores a sequence read back from storage (its context, then the next word).
    package mutating func restoreSequence(_ words: [[Key]], _ use: WordSequences.Use) {
        sequences.restore(words, use)
        clock = max(clock, use.lastUse)
    }

    /// Restores a hanja pick read back from storage.
    package mutating func restoreHanja(_ pick: HanjaPicks.Pick, _ use: HanjaPicks.Use) {
        guard Self.isKeepable(pick) else { return }
        hanja.restore(pick, use)
    }

    /// Forgets every word, sequence and hanja pick.
    package mutating func forgetAll() {
        words.removeAll()
        sequences.forgetAll()
        hanja.forgetAll()
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
