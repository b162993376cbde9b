import HwaljaCore

/// The keys a Cheon-Ji-In user types for a word, found from the transition table itself: each
/// syllable's shortest key sequence from empty text, next-character between two syllables only
/// where the same key would otherwise continue a multi-tap run, and the whole checked by typing it.
///
/// Used when the lexicon is generated; suggestions then match on keys, not on the text shown.
public struct KeySpelling: Sendable {
    public let table: TransitionTable
    /// Each reachable syllable's shortest keys (``TransitionTable/shortestSyllableSpellings()``).
    private let syllables: [UInt32: [Key]]

    public init(table: TransitionTable) {
        self.table = table
        syllables = table.shortestSyllableSpellings()
    }

    /// The keys of one precomposed syllable, or `nil` if typing cannot reach it.
    public func keys(forSyllable scalar: Unicode.Scalar) -> [Key]? {
        syllables[scalar.value]
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
}
