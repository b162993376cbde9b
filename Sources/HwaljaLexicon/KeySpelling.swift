import HwaljaCore

/// The keys a Cheon-Ji-In user types for a word, found from the transition table itself: each
/// syllable's shortest key sequence from empty text, next-character between two syllables only
/// where the same key would otherwise continue a multi-tap run, and the whole checked by typing it.
///
/// Used when the lexicon is generated; suggestions then match on keys, not on the text shown.
package struct KeySpelling: Sendable {
    package let table: TransitionTable
    /// Each reachable Hangul scalar's shortest keys, syllables and lone jamo
    /// (``TransitionTable/shortestSpellings(keeping:)``), packed: all the keys in one array, and
    /// for each scalar where its keys start (shifted left 8) and how many there are (0: none),
    /// syllables by their place in the block (4 bytes each), the few other scalars in a
    /// dictionary: one byte a key, no array per scalar.
    private let packed: [Key]
    private let syllableSpans: [UInt32]
    private let otherSpans: [UInt32: UInt32]

    package init(table: TransitionTable) {
        self.table = table
        let spellings = table.shortestSpellings { Hangul.isHangul($0) }
        var packed: [Key] = []
        packed.reserveCapacity(spellings.values.reduce(0) { $0 + $1.count })
        var syllableSpans = [UInt32](repeating: 0, count: Int(Hangul.lastSyllable - Hangul.firstSyllable) + 1)
        var otherSpans: [UInt32: UInt32] = [:]
        for (scalar, keys) in spellings.sorted(by: { $0.key < $1.key }) {
            let span = UInt32(packed.count) << 8 | UInt32(keys.count)
            if Hangul.isSyllable(scalar) {
                syllableSpans[Int(scalar - Hangul.firstSyllable)] = span
            } else {
                otherSpans[scalar] = span
            }
            packed += keys
        }
        self.packed = packed
        self.syllableSpans = syllableSpans
        self.otherSpans = otherSpans
    }

    /// The keys of one precomposed syllable, or `nil` if typing cannot reach it.
    package func keys(forSyllable scalar: Unicode.Scalar) -> [Key]? {
        Hangul.isSyllable(scalar.value) ? keys(forScalar: scalar.value) : nil
    }

    /// The shortest keys that type `scalar` alone, if any.
    private func keys(forScalar scalar: UInt32) -> [Key]? {
        let span =
            Hangul.isSyllable(scalar) ? syllableSpans[Int(scalar - Hangul.firstSyllable)] : otherSpans[scalar] ?? 0
        guard span & 0xFF != 0 else { return nil }
        let start = Int(span >> 8)
        return Array(packed[start..<start + Int(span & 0xFF)])
    }

    /// The keys that type `word` (precomposed syllables only), or `nil` if they would type
    /// something else or a syllable cannot be reached.
    package func keys(forWord word: String) -> [Key]? {
        keys(for: word, lastMayBeJamo: false)
    }

    /// The keys that type `text`, the beginning of a word: precomposed syllables, the last of them
    /// possibly a lone jamo still being typed (ㄱ, ㅗ); `nil` as for ``keys(forWord:)``.
    package func keys(forWordBeginning text: String) -> [Key]? {
        keys(for: text, lastMayBeJamo: true)
    }

    private func keys(for text: String, lastMayBeJamo: Bool) -> [Key]? {
        var keys: [Key] = []
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let spelled =
                lastMayBeJamo && index == scalars.count - 1
                ? self.keys(forScalar: scalar.value) : self.keys(forSyllable: scalar)
            guard let spelled else { return nil }
            if let last = keys.last, last == spelled.first { keys.append(.next) }
            keys += spelled
        }
        guard !keys.isEmpty, TypedText.text(typing: keys, table: table) == text else { return nil }
        return keys
    }
}
