import HwaljaCore

/// One word of the lexicon: the keys that type it and how common it is.
///
/// The word itself is not stored: typing the keys gives it (``TypedText``).
package struct LexiconEntry: Sendable, Equatable, Comparable {
    /// The word's keys: letters and next-character (``Key/isLexiconKey``).
    package var keys: [Key]
    /// How common the word is: 16 × log2 of its count in the source corpus, at most 255.
    package var score: UInt8

    package init(keys: [Key], score: UInt8) {
        self.keys = keys
        self.score = score
    }

    /// The score of a word seen `count` times.
    package static func score(count: Int) -> UInt8 {
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
    package static func < (lhs: LexiconEntry, rhs: LexiconEntry) -> Bool {
        lhs.keys.precedesInLexicon(rhs.keys)
    }
}

extension Key {
    /// The keys a word's keys may contain, the ten letters and next-character, in the order of
    /// their codes 1…11: the lexicon's own numbering, fixed whatever other keys exist.
    package static let lexiconKeys: [Key] = [
        .in, .cheon, .ji, .giyeokKieuk, .nieunRieul, .digeutTieut, .bieupPieup, .siotHieut, .jieutChieut, .ieungMieum,
        .next
    ]

    /// This key's code in the lexicon and learned-words files (1…11), or `nil` for a key no word contains.
    package var lexiconCode: UInt8? {
        switch self {
        case .in: 1
        case .cheon: 2
        case .ji: 3
        case .giyeokKieuk: 4
        case .nieunRieul: 5
        case .digeutTieut: 6
        case .bieupPieup: 7
        case .siotHieut: 8
        case .jieutChieut: 9
        case .ieungMieum: 10
        case .next: 11
        default: nil
        }
    }

    /// The key of a lexicon code.
    package init?(lexiconCode code: UInt8) {
        guard (1...Key.lexiconKeys.count).contains(Int(code)) else { return nil }
        self = Key.lexiconKeys[Int(code) - 1]
    }

    /// Whether a word's keys may contain this key.
    package var isLexiconKey: Bool { lexiconCode != nil }
}

extension Sequence<Key> {
    /// Whether these keys come before `other` in lexicon order (by lexicon codes, a prefix first).
    func precedesInLexicon(_ other: some Sequence<Key>) -> Bool {
        lexicographicallyPrecedes(other) { ($0.lexiconCode ?? 0) < ($1.lexiconCode ?? 0) }
    }
}
