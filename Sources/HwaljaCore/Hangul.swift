/// Hangul syllable and jamo arithmetic (Unicode 3.12, "Conjoining Jamo Behavior").
///
/// Consonants and vowels are named by their Hangul Compatibility Jamo scalar (U+3131–U+3163),
/// the form used for standalone jamo in text. Syllables are composed from choseong, jungseong
/// and jongseong indices.
public enum Hangul {
    /// The first precomposed syllable, 가 (U+AC00).
    public static let firstSyllable: UInt32 = 0xAC00
    /// The last precomposed syllable, 힣 (U+D7A3).
    public static let lastSyllable: UInt32 = 0xD7A3
    /// Number of precomposed syllables (11,172).
    public static let syllableCount = 19 * 21 * 28

    /// The 19 initial consonants (choseong) as compatibility jamo, in Unicode index order.
    public static let choseong: [Unicode.Scalar] = [
        "ㄱ", "ㄲ", "ㄴ", "ㄷ", "ㄸ", "ㄹ", "ㅁ", "ㅂ", "ㅃ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅉ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"
    ]
    /// The 21 vowels (jungseong) as compatibility jamo, in Unicode index order (U+314F–U+3163).
    public static let jungseong: [Unicode.Scalar] = (0x314F...0x3163).map { Unicode.Scalar($0)! }
    /// The 27 final consonants (jongseong) as compatibility jamo, in Unicode index order; index 0 is "no final".
    public static let jongseong: [Unicode.Scalar?] = [
        nil, "ㄱ", "ㄲ", "ㄳ", "ㄴ", "ㄵ", "ㄶ", "ㄷ", "ㄹ", "ㄺ", "ㄻ", "ㄼ", "ㄽ", "ㄾ", "ㄿ", "ㅀ", "ㅁ", "ㅂ", "ㅄ",
        "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"
    ]
    /// The eleven double finals and the two consonants each is typed as.
    public static let clusters: [(first: Unicode.Scalar, second: Unicode.Scalar, cluster: Unicode.Scalar)] = [
        ("ㄱ", "ㅅ", "ㄳ"), ("ㄴ", "ㅈ", "ㄵ"), ("ㄴ", "ㅎ", "ㄶ"), ("ㄹ", "ㄱ", "ㄺ"), ("ㄹ", "ㅁ", "ㄻ"), ("ㄹ", "ㅂ", "ㄼ"),
        ("ㄹ", "ㅅ", "ㄽ"), ("ㄹ", "ㅌ", "ㄾ"), ("ㄹ", "ㅍ", "ㄿ"), ("ㄹ", "ㅎ", "ㅀ"), ("ㅂ", "ㅅ", "ㅄ")
    ]

    /// A precomposed syllable's parts as indices (choseong 0..<19, jungseong 0..<21, jongseong 0..<28).
    public struct Parts: Hashable, Sendable {
        public var choseong: Int
        public var jungseong: Int
        public var jongseong: Int

        public init(choseong: Int, jungseong: Int, jongseong: Int = 0) {
            self.choseong = choseong
            self.jungseong = jungseong
            self.jongseong = jongseong
        }
    }

    /// Whether `scalar` is a precomposed syllable (U+AC00–U+D7A3).
    @inlinable
    public static func isSyllable(_ scalar: UInt32) -> Bool {
        scalar >= firstSyllable && scalar <= lastSyllable
    }

    /// Splits a precomposed syllable into its parts, or returns `nil` for any other scalar.
    public static func decompose(_ scalar: Unicode.Scalar) -> Parts? {
        guard isSyllable(scalar.value) else { return nil }
        let index = Int(scalar.value - firstSyllable)
        return Parts(choseong: index / (21 * 28), jungseong: (index / 28) % 21, jongseong: index % 28)
    }

    /// Composes a precomposed syllable from its parts.
    public static func compose(_ parts: Parts) -> Unicode.Scalar {
        precondition(
            (0..<19).contains(parts.choseong) && (0..<21).contains(parts.jungseong)
                && (0..<28).contains(parts.jongseong),
            "Hangul.compose: parts out of range: \(parts)"
        )
        let value = firstSyllable + UInt32((parts.choseong * 21 + parts.jungseong) * 28 + parts.jongseong)
        return Unicode.Scalar(value)!
    }

    /// The choseong index of a compatibility consonant, or `nil` if it cannot start a syllable.
    public static func choseongIndex(_ consonant: Unicode.Scalar) -> Int? {
        choseong.firstIndex(of: consonant)
    }

    /// The jungseong index of a compatibility vowel, or `nil` for any other scalar.
    public static func jungseongIndex(_ vowel: Unicode.Scalar) -> Int? {
        jungseong.firstIndex(of: vowel)
    }

    /// The jongseong index of a compatibility consonant or double final, or `nil` if it cannot end a syllable.
    public static func jongseongIndex(_ consonant: Unicode.Scalar) -> Int? {
        jongseong.firstIndex(of: consonant)
    }

    /// The conjoining choseong (U+1100–U+1112) for a choseong index.
    public static func conjoiningChoseong(_ index: Int) -> Unicode.Scalar {
        Unicode.Scalar(0x1100 + UInt32(index))!
    }

    /// The compatibility consonant for a conjoining choseong (U+1100–U+1112), or `nil` for any other scalar.
    @inlinable
    public static func compatibility(ofConjoiningChoseong scalar: UInt32) -> Unicode.Scalar? {
        guard scalar >= 0x1100 && scalar <= 0x1112 else { return nil }
        return choseong[Int(scalar - 0x1100)]
    }

    /// Whether `scalar` is Hangul (a syllable, compatibility jamo or conjoining jamo).
    @inlinable
    public static func isHangul(_ scalar: UInt32) -> Bool {
        isSyllable(scalar) || (0x3131...0x318E).contains(scalar) || (0x1100...0x11FF).contains(scalar)
    }
}
