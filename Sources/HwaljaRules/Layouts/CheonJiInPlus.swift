import HwaljaCore

/// 천지인 플러스 (Samsung): 천지인's vowel strokes with fourteen single-consonant keys.
///
/// - Vowels ㅣ ㆍ ㅡ: exactly as 천지인 (``Strokes``).
/// - Nine plain consonants attach directly; clusters form as typed (안 + ㅎ → 않).
/// - The five aspirate keys pressed again give the tense consonant, by the same snapshot rule as
///   천지인's cycles (삐 + ㅌ → 삩, again → 삐ㄸ, again → 삩): a third press wraps to the aspirate.
///
/// Behaviour: docs/layouts.md, 천지인 플러스.
package struct CheonJiInPlus: LayoutRules {
    /// The choice keyboards disagree on (marked G in the reference), with its default.
    package struct Options: Sendable, Equatable {
        /// A third press of an aspirate key gives the aspirate again (ㅋ ㅋ ㅋ → ㅋ); else it
        /// starts a new one (→ ㄲㅋ).
        package var thirdPressWraps = true

        package init(thirdPressWraps: Bool = true) {
            self.thirdPressWraps = thirdPressWraps
        }

        /// The option the settings name (`cheonjiin-plus-third-press-anew`).
        package init(_ chosen: Set<KeyboardLayout.Option>) {
            self.init(thirdPressWraps: !chosen.contains(.cheonjiinPlusThirdPressAnew))
        }
    }

    /// The keys that type one consonant, never changing it.
    static let plain: [Key: Unicode.Scalar] = [
        .giyeok: "ㄱ", .nieun: "ㄴ", .rieul: "ㄹ", .digeut: "ㄷ", .bieup: "ㅂ", .siot: "ㅅ", .jieut: "ㅈ", .ieung: "ㅇ",
        .mieum: "ㅁ"
    ]
    /// The aspirate keys and what pressing them again in a row gives.
    static let aspirates: [Key: [Unicode.Scalar]] = [
        .kieuk: ["ㅋ", "ㄲ"], .tieut: ["ㅌ", "ㄸ"], .pieup: ["ㅍ", "ㅃ"], .hieut: ["ㅎ", "ㅆ"], .chieut: ["ㅊ", "ㅉ"]
    ]

    /// The choices this table is made with.
    package let options: Options
    private let livePairs: LivePairFinder

    package init(options: Options = Options()) {
        self.options = options
        livePairs = LivePairFinder(keys: KeyboardLayout.cheonjiinPlus.tableKeys) { [options] in
            Self.press($0, after: $1, options)
        }
    }

    package var keyboard: KeyboardLayout { .cheonjiinPlus }

    package func press(_ key: Key, after context: [TextUnit]) -> [TextUnit] {
        Self.press(key, after: context, options)
    }

    package func isLivePair(_ first: TextUnit, _ second: TextUnit) -> Bool {
        livePairs.isLive(first, second)
    }

    static func press(_ key: Key, after context: [TextUnit], _ options: Options) -> [TextUnit] {
        if let consonant = plain[key] { return Jamo.attach(consonant, to: context) }
        if let members = aspirates[key] {
            // Without wrapping the tense consonant ends the run: a third press starts anew.
            if !options.thirdPressWraps, let (_, last) = Jamo.lastConsonant(of: context), last == members[1] {
                return Jamo.attach(members[0], to: context)
            }
            return Jamo.cycle(members, after: context)
        }
        return CheonJiInRules.press(key, after: context)
    }
}
