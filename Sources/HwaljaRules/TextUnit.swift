import HwaljaCore

/// One visible piece of composed text, as the rules see it.
package enum TextUnit: Hashable, Sendable {
    /// A precomposed syllable.
    case syllable(Hangul.Parts)
    /// A consonant standing alone (compatibility jamo).
    case consonant(Unicode.Scalar)
    /// A vowel standing alone: a compatibility vowel, or the incomplete ㆍ / ᆢ.
    case vowel(Unicode.Scalar)
    /// An initial waiting for its vowel after ㆍ or ᆢ, written with conjoining jamo (ᄀᆞ, ᄀᆢ).
    case pending(choseong: Int, dot: Unicode.Scalar)
    /// A mark of the punctuation key.
    case punctuation(Unicode.Scalar)

    /// The scalars this unit is written with.
    package var scalars: [Unicode.Scalar] {
        switch self {
        case .syllable(let parts): [Hangul.compose(parts)]
        case .consonant(let scalar), .vowel(let scalar), .punctuation(let scalar): [scalar]
        case .pending(let choseong, let dot):
            [Hangul.conjoiningChoseong(choseong), dot == Strokes.cheon ? "\u{119E}" : "\u{11A2}"]
        }
    }

    /// A syllable with initial `choseong` and vowel state `vowel`, or the pending form if the vowel is a dot.
    static func opening(choseong: Int, vowel: Unicode.Scalar) -> TextUnit {
        if Strokes.isDot(vowel) { return .pending(choseong: choseong, dot: vowel) }
        return .syllable(Hangul.Parts(choseong: choseong, jungseong: Hangul.jungseongIndex(vowel)!))
    }
}

extension Array where Element == TextUnit {
    /// The scalars of all units in order.
    package var scalars: [Unicode.Scalar] { flatMap(\.scalars) }
}
