import HwaljaCore

/// Which word the user typed after which: pairs (a word, the next) and triples (two words, the
/// next), each with how often and how lately, to predict the next word once one ends. In memory
/// only, words as their keys; saving it is the program's business, with the learned words.
///
/// Bounded: past ``capacity`` sequences the least used, then the longest unused, go (a twentieth
/// at a time, so that a full store does not search for its worst at every word).
package struct WordSequences: Sendable, Equatable {
    /// How often and how lately one sequence was typed.
    package struct Use: Sendable, Equatable {
        package var uses: Int
        /// When it was last typed, on the learned words' clock (larger is later).
        package var lastUse: Int

        package init(uses: Int, lastUse: Int) {
            self.uses = uses
            self.lastUse = lastUse
        }

        /// Whether this use ranks above `other`: more uses, then later.
        package func ranks(above other: Use) -> Bool {
            uses != other.uses ? uses > other.uses : lastUse > other.lastUse
        }
    }

    package static let defaultCapacity = 20_000
    package let capacity: Int
    /// The words that followed each context (one word or two), with their use.
    package private(set) var following: [[[Key]]: [[Key]: Use]] = [:]
    /// How many sequences are kept.
    package private(set) var count = 0

    package init(capacity: Int = WordSequences.defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// The user typed `next` after `context` (one word or two, the last just before `next`), at
    /// `clock` on the learned words' clock. Longer contexts keep their last two words.
    package mutating func learn(_ next: [Key], after context: [[Key]], at clock: Int) {
        let context = Array(context.suffix(2))
        guard !context.isEmpty, !next.isEmpty, (context + [next]).allSatisfy(Self.isWord) else { return }
        var use = following[context, default: [:]][next] ?? Use(uses: 0, lastUse: clock)
        if use.uses == 0 { count += 1 }
        use.uses += 1
        use.lastUse = max(use.lastUse, clock)
        following[context, default: [:]][next] = use
        if count > capacity { evict(count - capacity + capacity / 20) }
    }

    /// Restores a sequence read back from storage (`words`: its context, then the next word).
    package mutating func restore(_ words: [[Key]], _ use: Use) {
        guard (2...3).contains(words.count), words.allSatisfy(Self.isWord), use.uses > 0, count < capacity else {
            return
        }
        let context = Array(words.dropLast())
        if following[context]?[words[words.count - 1]] == nil { count += 1 }
        following[context, default: [:]][words[words.count - 1]] = use
    }

    /// Every sequence kept, its words (context, then the next word) with its use, in a stable order.
    package var all: [(words: [[Key]], use: Use)] {
        following.flatMap { context, nexts in nexts.map { (context + [$0.key], $0.value) } }
            .sorted { $0.words.lexiconOrder(before: $1.words) }
    }

    /// Up to `limit` words that followed the end of `context`, best first: those that followed
    /// its last two words, then those that followed its last word; each word once. Only words
    /// starting with `prefix` and having at least `minimumRemaining` keys more count.
    package func next(
        after context: [[Key]], limit: Int, startingWith prefix: [Key] = [], minimumRemaining: Int = 0
    ) -> [[Key]] {
        guard limit > 0, !context.isEmpty else { return [] }
        var found: [[Key]] = []
        for length in [2, 1] where context.count >= length {
            guard let nexts = following[Array(context.suffix(length))] else { continue }
            let ranked = nexts.filter { $0.key.starts(with: prefix) && $0.key.count >= prefix.count + minimumRemaining }
                .sorted { Self.isBetter($0, $1) }
            for (keys, _) in ranked where !found.contains(keys) {
                found.append(keys)
                if found.count == limit { return found }
            }
        }
        return found
    }

    /// Forgets every sequence.
    package mutating func forgetAll() {
        following.removeAll()
        count = 0
    }

    /// Whether `a` ranks before `b`: more uses, then more lately, then in the lexicon's order.
    private static func isBetter(_ a: (key: [Key], value: Use), _ b: (key: [Key], value: Use)) -> Bool {
        if a.value.uses != b.value.uses { return a.value.uses > b.value.uses }
        if a.value.lastUse != b.value.lastUse { return a.value.lastUse > b.value.lastUse }
        return a.key.precedesInLexicon(b.key)
    }

    private static func isWord(_ keys: [Key]) -> Bool { !keys.isEmpty && keys.allSatisfy(\.isLexiconKey) }

    /// Removes the `number` sequences used least, then longest ago.
    private mutating func evict(_ number: Int) {
        let worst = all.sorted { a, b in
            a.use.uses != b.use.uses ? a.use.uses < b.use.uses : a.use.lastUse < b.use.lastUse
        }.prefix(number)
        for (words, _) in worst {
            let context = Array(words.dropLast())
            following[context]?[words[words.count - 1]] = nil
            if following[context]?.isEmpty == true { following[context] = nil }
            count -= 1
        }
    }
}

extension [[Key]] {
    /// Word by word in the lexicon's key order, a shorter list first when one begins the other.
    fileprivate func lexiconOrder(before other: [[Key]]) -> Bool {
        for (a, b) in zip(self, other) where a != b { return a.precedesInLexicon(b) }
        return count < other.count
    }
}
