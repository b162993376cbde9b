import HwaljaCore

/// One word of the lexicon: the keys that type it and how common it is.
///
/// The word itself is not stored: typing the keys gives it (``TypedText``).
public struct LexiconEntry: Sendable, Equatable, Comparable {
    /// The word's keys: letters and next-character (``Key/isLexiconKey``).
    public var keys: [Key]
    /// How common the word is: 16 × log2 of its count in the source corpus, at most 255.
    public var score: UInt8

    public init(keys: [Key], score: UInt8) {
        self.keys = keys
        self.score = score
    }

    /// The score of a word seen `count` times.
    public static func score(count: Int) -> UInt8 {
        guard count > 1 else { return 0 }
        var log = 0.0
        var remaining = Double(count)
        while remaining >= 2 {  // log2 without Foundation: whole part by halving, the rest linear
            remaining /= 2
            log += 1
        }
        return UInt8(min(255, (16 * (log + (remaining - 1))).rounded()))
    }

    /// Key order: the lexicon is sorted by it, so that the words typed by keys starting with the
    /// same keys are neighbours.
    public static func < (lhs: LexiconEntry, rhs: LexiconEntry) -> Bool {
        lhs.keys.lexicographicallyPrecedes(rhs.keys) { $0.rawValue < $1.rawValue }
    }
}

extension Key {
    /// Whether a word's keys may contain this key: the ten letters and next-character.
    public var isLexiconKey: Bool { isTableKey && self != .punctuation || self == .next }
}
