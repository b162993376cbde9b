import HwaljaCore

/// 베가 (SKY-II): multi-tap on all twelve keys, consonants and vowels alike.
///
/// - Each key cycles through its letters on repeated presses, wrapping round; a press after the
///   first takes the text from before the run and attaches the next letter (the 천지인 snapshot
///   rule): 갑 + ㅁㅅ → 갑ㅁ, again → 값; 와 + ㅏㅑ → 오ㅑ.
/// - Vowels pair as on a PC keyboard (``combinations``).
/// - Two letters of the same key in a row need next-character, a hard boundary (the composer's).
///
/// Behaviour: docs/layouts.md, 베가.
package struct Vega: LayoutRules {
    /// The choice keyboards disagree on (marked G in the reference), with its default.
    package struct Options: Sendable, Equatable {
        /// A vowel key after a compound vowel whose last part is that key's takes the part back
        /// (와 + ㅏㅑ → 오ㅑ, the snapshot rule); else it starts a new vowel (→ 와ㅏ).
        package var vowelRunsReachIntoCompounds = true

        package init(vowelRunsReachIntoCompounds: Bool = true) {
            self.vowelRunsReachIntoCompounds = vowelRunsReachIntoCompounds
        }

        /// The option the settings name (`vega-compounds-stay`).
        package init(_ chosen: Set<KeyboardLayout.Option>) {
            self.init(vowelRunsReachIntoCompounds: !chosen.contains(.vegaCompoundsStay))
        }
    }

    /// What each key types on its first, second, third press.
    static let cycles: [Key: [Unicode.Scalar]] = [
        .giyeokKieuk: ["ㄱ", "ㅋ", "ㄲ"], .digeutTieut: ["ㄷ", "ㅌ", "ㄸ"], .mieumSiot: ["ㅁ", "ㅅ", "ㅆ"],
        .bieupPieup: ["ㅂ", "ㅍ", "ㅃ"], .jieutChieut: ["ㅈ", "ㅊ", "ㅉ"], .nieunRieul: ["ㄴ", "ㄹ"], .ieungHieut: ["ㅇ", "ㅎ"],
        .aYa: ["ㅏ", "ㅑ"], .eoYeo: ["ㅓ", "ㅕ"], .oYo: ["ㅗ", "ㅛ"], .uYu: ["ㅜ", "ㅠ"], .iEu: ["ㅣ", "ㅡ", "ㅢ"]
    ]
    /// A vowel, then the next vowel typed: the compound they make.
    static let combinations: [Unicode.Scalar: [Unicode.Scalar: Unicode.Scalar]] = [
        "ㅏ": ["ㅣ": "ㅐ"], "ㅑ": ["ㅣ": "ㅒ"], "ㅓ": ["ㅣ": "ㅔ"], "ㅕ": ["ㅣ": "ㅖ"],
        "ㅗ": ["ㅏ": "ㅘ", "ㅣ": "ㅚ"], "ㅘ": ["ㅣ": "ㅙ"], "ㅜ": ["ㅓ": "ㅝ", "ㅣ": "ㅟ"], "ㅝ": ["ㅣ": "ㅞ"]
    ]
    static let compounds = Jamo.parts(of: combinations)

    /// The choices this table is made with.
    package let options: Options
    private let livePairs: LivePairFinder

    package init(options: Options = Options()) {
        self.options = options
        let runCompounds = options.vowelRunsReachIntoCompounds ? Self.compounds : [:]
        livePairs = LivePairFinder(keys: KeyboardLayout.vega.tableKeys) {
            Self.press($0, after: $1, runCompounds: runCompounds)
        }
    }

    package var keyboard: KeyboardLayout { .vega }

    package func press(_ key: Key, after context: [TextUnit]) -> [TextUnit] {
        Self.press(key, after: context, runCompounds: options.vowelRunsReachIntoCompounds ? Self.compounds : [:])
    }

    package func isLivePair(_ first: TextUnit, _ second: TextUnit) -> Bool {
        livePairs.isLive(first, second)
    }

    /// `runCompounds`: the compounds whose last part a vowel run takes back.
    static func press(
        _ key: Key, after context: [TextUnit], runCompounds: [Unicode.Scalar: (Unicode.Scalar, Unicode.Scalar)]
    ) -> [TextUnit] {
        guard let members = cycles[key] else { preconditionFailure("Vega.press: \(key.name) is not a 베가 key") }
        guard Hangul.jungseongIndex(members[0]) != nil else { return Jamo.cycle(members, after: context) }
        if let (before, vowel) = Jamo.lastVowel(of: context, compounds: runCompounds),
            let position = members.firstIndex(of: vowel)
        {
            return typeVowel(members[(position + 1) % members.count], after: before)
        }
        return typeVowel(members[0], after: context)
    }

    private static func typeVowel(_ vowel: Unicode.Scalar, after context: [TextUnit]) -> [TextUnit] {
        Jamo.typeVowel(vowel, extend: { combinations[$0]?[vowel] }, after: context)
    }
}
