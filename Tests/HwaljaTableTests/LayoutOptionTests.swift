import HwaljaCore
import HwaljaRules
import HwaljaTestSupport
import Testing

/// The choices keyboards disagree on (docs/layouts.md, Options): each an option of its
/// layout's rules, off the default only when asked. Checked on the rules themselves (the committed
/// tables are the defaults, checked by the typing tests).
struct LayoutOptionTests {
    /// Types `keys` with `rules` from empty text, keeping every unit (as the text is).
    static func typed(_ keys: [Key], _ rules: some LayoutRules) -> String {
        var text: [TextUnit] = []
        for key in keys {
            let tail = Array(text.suffix(2))
            text = Array(text.dropLast(tail.count)) + rules.press(key, after: tail)
        }
        return String(String.UnicodeScalarView(text.scalars))
    }

    @Test func naratgeulStrokesWrapUnlessTheyStop() {
        let keys: [Key] = [.siot, .addStroke, .addStroke, .addStroke]
        #expect(Self.typed(keys, Naratgeul()) == "ㅅ")
        #expect(Self.typed(keys, Naratgeul(options: .init(strokeWraps: false))) == "ㅊ")
        #expect(Self.typed([.aEo, .addStroke, .addStroke], Naratgeul(options: .init(strokeWraps: false))) == "ㅑ")
    }

    @Test func naratgeulDoublesOtherConsonantsOnlyWhenAsked() {
        #expect(Self.typed([.mieum, .doubleConsonant], Naratgeul()) == "ㅁ")
        #expect(Self.typed([.mieum, .doubleConsonant], Naratgeul(options: .init(doubleOnOtherConsonants: true))) == "ㅃ")
        #expect(Self.typed([.ieung, .doubleConsonant], Naratgeul(options: .init(doubleOnOtherConsonants: true))) == "ㅎ")
    }

    @Test func vegaVowelRunsReachIntoCompoundsUnlessAskedNot() {
        let keys: [Key] = [.ieungHieut, .oYo, .aYa, .aYa]
        #expect(Self.typed(keys, Vega()) == "오ㅑ")
        #expect(Self.typed(keys, Vega(options: .init(vowelRunsReachIntoCompounds: false))) == "와ㅏ")
    }

    @Test func cheonjiinPlusThirdPressWrapsUnlessItStartsAnew() {
        #expect(Self.typed([.kieuk, .kieuk, .kieuk], CheonJiInPlus()) == "ㅋ")
        #expect(Self.typed([.kieuk, .kieuk, .kieuk], CheonJiInPlus(options: .init(thirdPressWraps: false))) == "ㄲㅋ")
    }

    /// layouts.md's G cases, by each option's settings name: the default text with the
    /// committed table, the other with the table generated with the option, which still reaches
    /// every syllable.
    static let gCases: [(option: String, keys: String, byDefault: String, withOption: String)] = [
        ("naratgeul-stroke-stops", "ㅅ 획 획 획", "ㅅ", "ㅊ"),  // "ㅅ (default) / ㅊ or ㅉ elsewhere"
        ("naratgeul-more-doubles", "ㅁ 쌍", "ㅁ", "ㅃ"),  // "one keyboard maps ㅁ→ㅃ, ㄴ→ㄸ, ㅇ→ㅎ"
        ("naratgeul-more-doubles", "ㅇ ㅏㅓ ㄴ 쌍", "안", "아ㄸ"),  // a double that cannot be a final moves on
        ("vega-compounds-stay", "ㅇㅎ ㅗㅛ ㅏㅑ ㅏㅑ", "오ㅑ", "와ㅏ"),  // "와 + ㅏㅑ: 오ㅑ by snapshot, or 와ㅏ"
        ("cheonjiin-plus-third-press-anew", "ㅋ ㅋ ㅋ", "ㅋ", "ㄲㅋ")  // "ㅋ again; another keyboard starts a new ㅋ"
    ]

    @Test(arguments: gCases)
    func eachOptionTypesTheOtherKeyboardsText(option: String, keys: String, byDefault: String, withOption: String)
        throws
    {
        let choice = try #require(KeyboardLayout.Option(name: option))
        let layout = choice.layout
        let keyList = try keys.split(separator: " ").map { try #require(layout.key(token: String($0))) }
        #expect(Self.typed(keyList, Self.generated[choice]!) == withOption)
        #expect(Self.typed(keyList, try #require(committedTables[layout])) == byDefault)
    }

    @Test(arguments: KeyboardLayout.Option.allCases)
    func everyOptionsTableReachesEverySyllable(option: KeyboardLayout.Option) {
        #expect(Self.generated[option]!.reachableSyllables().count == 11172)
    }

    /// Each option's table, generated once (seconds each in a debug build).
    static let generated: [KeyboardLayout.Option: TransitionTable] = Dictionary(
        uniqueKeysWithValues: KeyboardLayout.Option.allCases.map {
            ($0, TableGenerator(layout: $0.layout, options: [$0]).table)
        }
    )

    static func typed(_ keys: [Key], _ table: TransitionTable) -> String {
        var text: [Unicode.Scalar] = []
        for key in keys { text = table.applying(key, to: text) }
        return String(String.UnicodeScalarView(text))
    }
}
