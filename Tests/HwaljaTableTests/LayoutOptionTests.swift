import HwaljaCore
import HwaljaRules
import Testing

/// The choices keyboards disagree on (G in ../shared/docs/layouts.md): each an option of its
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

    /// A table generated with an option differs from the default only where the option says.
    @Test func aTableCanBeGeneratedWithAnOption() {
        let stopping = TableGenerator(rules: CheonJiInPlus(options: .init(thirdPressWraps: false))).table
        #expect(stopping.applying(.kieuk, to: Array("ㄲ".unicodeScalars)) == Array("ㄲㅋ".unicodeScalars))
        #expect(stopping.applying(.kieuk, to: Array("ㅋ".unicodeScalars)) == Array("ㄲ".unicodeScalars))
        #expect(stopping.reachableSyllables().count == 11172)
    }
}
