import HwaljaCore

/// The vowel strokes ㅣ ㆍ ㅡ and the consonant cycles of the Samsung Cheon-Ji-In layout.
///
/// Vowel states are named by scalar: compatibility vowels (ㅏ U+314F …), ㆍ (U+318D) for one
/// cheon stroke and ᆢ (U+11A2) for two.
package enum Strokes {
    /// One cheon stroke (ㆍ, U+318D): an incomplete vowel.
    package static let cheon: Unicode.Scalar = "\u{318D}"
    /// Two cheon strokes (ᆢ, U+11A2): an incomplete vowel.
    package static let doubleCheon: Unicode.Scalar = "\u{11A2}"

    /// Vowel state + stroke → vowel state (docs/layouts.md, 천지인: with the ᆢ, ㅑ and ㅠ toggles).
    static let vowelTransitions: [Unicode.Scalar: [Key: Unicode.Scalar]] = [
        "ㅣ": [.cheon: "ㅏ"],
        "ㅏ": [.cheon: "ㅑ", .in: "ㅐ"],
        "ㅑ": [.in: "ㅒ", .cheon: "ㅏ"],
        cheon: [.in: "ㅓ", .ji: "ㅗ", .cheon: doubleCheon],
        doubleCheon: [.in: "ㅕ", .ji: "ㅛ", .cheon: cheon],
        "ㅓ": [.in: "ㅔ"],
        "ㅕ": [.in: "ㅖ"],
        "ㅗ": [.in: "ㅚ"],
        "ㅚ": [.cheon: "ㅘ"],
        "ㅘ": [.in: "ㅙ"],
        "ㅡ": [.cheon: "ㅜ", .in: "ㅢ"],
        "ㅜ": [.cheon: "ㅠ", .in: "ㅟ"],
        "ㅠ": [.in: "ㅝ", .cheon: "ㅜ"],
        "ㅝ": [.in: "ㅞ"]
    ]

    /// The vowel state one stroke starts (ㅣ, ㆍ or ㅡ).
    package static func start(_ key: Key) -> Unicode.Scalar {
        switch key {
        case .in: "ㅣ"
        case .cheon: cheon
        case .ji: "ㅡ"
        default: preconditionFailure("Strokes.start: \(key.name) is not a vowel stroke")
        }
    }

    /// The vowel state after `stroke` on `state`, or `nil` when the stroke does not extend it.
    package static func vowel(_ state: Unicode.Scalar, then stroke: Key) -> Unicode.Scalar? {
        vowelTransitions[state]?[stroke]
    }

    /// Whether a vowel state is an incomplete ㆍ or ᆢ.
    package static func isDot(_ state: Unicode.Scalar) -> Bool {
        state == cheon || state == doubleCheon
    }

    /// The consonants each consonant key cycles through, in press order.
    package static let cycles: [Key: [Unicode.Scalar]] = [
        .giyeokKieuk: ["ㄱ", "ㅋ", "ㄲ"],
        .nieunRieul: ["ㄴ", "ㄹ"],
        .digeutTieut: ["ㄷ", "ㅌ", "ㄸ"],
        .bieupPieup: ["ㅂ", "ㅍ", "ㅃ"],
        .siotHieut: ["ㅅ", "ㅎ", "ㅆ"],
        .jieutChieut: ["ㅈ", "ㅊ", "ㅉ"],
        .ieungMieum: ["ㅇ", "ㅁ"]
    ]

    /// The cycle a consonant belongs to.
    package static func cycle(containing consonant: Unicode.Scalar) -> [Unicode.Scalar]? {
        cycles.values.first { $0.contains(consonant) }
    }

    /// The punctuation key's cycle.
    package static let punctuation: [Unicode.Scalar] = [".", ",", "?", "!"]
}
