import HwaljaCore

/// The keys a Cheon-Ji-In user types for a word, found from the transition table itself: each
/// syllable's shortest key sequence from empty text, next-character between two syllables only
/// where the same key would otherwise continue a multi-tap run, and the whole checked by typing it.
///
/// Used when the lexicon is generated; suggestions then match on keys, not on the text shown.
public struct KeySpelling: Sendable {
    public let table: TransitionTable
    /// Each precomposed syllable's keys, indexed by its offset from U+AC00.
    private let syllables: [[Key]]

    public init(table: TransitionTable) {
        self.table = table
        syllables = Self.shortestSyllableSpellings(table)
    }

    /// The keys of one precomposed syllable, or `nil` if typing cannot reach it.
    public func keys(forSyllable scalar: Unicode.Scalar) -> [Key]? {
        guard Hangul.isSyllable(scalar.value) else { return nil }
        let keys = syllables[Int(scalar.value - Hangul.firstSyllable)]
        return keys.isEmpty ? nil : keys
    }

    /// The keys that type `word` (precomposed syllables only), or `nil` if they would type
    /// something else or a syllable cannot be reached.
    public func keys(forWord word: String) -> [Key]? {
        var keys: [Key] = []
        for scalar in word.unicodeScalars {
            guard let syllable = self.keys(forSyllable: scalar) else { return nil }
            if let last = keys.last, last == syllable.first { keys.append(.next) }
            keys += syllable
        }
        guard !keys.isEmpty, TypedText.text(typing: keys, table: table) == word else { return nil }
        return keys
    }

    /// Breadth-first from empty text over the texts that can still become one syllable (as
    /// ``TransitionTable/reachableSyllables()``), keys tried in table order: the first path to
    /// reach a syllable is a shortest one, and the same on every run.
    private static func shortestSyllableSpellings(_ table: TransitionTable) -> [[Key]] {
        var spellings = [[Key]](repeating: [], count: Hangul.syllableCount)
        var seen: Set<[Unicode.Scalar]> = [[]]
        var queue: [([Unicode.Scalar], [Key])] = [([], [])]
        var head = 0
        let letters = Key.tableKeys.filter { $0 != .punctuation }
        while head < queue.count {
            let (text, keys) = queue[head]
            head += 1
            if text.count == 1, Hangul.isSyllable(text[0].value) {
                let index = Int(text[0].value - Hangul.firstSyllable)
                if spellings[index].isEmpty { spellings[index] = keys }
            }
            for key in letters {
                let next = table.applying(key, to: text)
                guard next.count == 1 || (next.count <= 3 && endsWithLivePair(next, table)) else { continue }
                if seen.insert(next).inserted { queue.append((next, keys + [key])) }
            }
        }
        return spellings
    }

    private static func endsWithLivePair(_ text: [Unicode.Scalar], _ table: TransitionTable) -> Bool {
        text.count >= 2
            && table.isLivePair(
                first: TableSymbol.symbol(for: text[text.count - 2].value), second: TableSymbol.symbol(for: text[text.count - 1].value))
    }
}
