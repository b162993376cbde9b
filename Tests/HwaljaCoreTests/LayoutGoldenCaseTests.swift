import HwaljaCore
import HwaljaTestSupport
import Testing

/// A key sequence of one layout and the text its users expect from it.
struct LayoutCase: Sendable, CustomTestStringConvertible {
    let layout: KeyboardLayout
    let keys: String
    let expected: String
    let source: String

    init(_ layout: KeyboardLayout, _ keys: String, _ expected: String, _ source: String) {
        self.layout = layout
        self.keys = keys
        self.expected = expected
        self.source = source
    }

    var testDescription: String { "\(layout.name): \(keys) → \(expected) (\(source))" }
}

/// Golden cases of 나랏글, 베가 and 천지인 플러스 from their published descriptions and walk-throughs (docs/layouts.md) (a row with
/// several sequences, `a / b` or `a · b`, is one case each here).
struct LayoutGoldenCaseTests {
    static let naratgeul: [LayoutCase] = [
        LayoutCase(.naratgeul, "ㄴ ㅏㅓ ㅁ ㅗㅜ ㅗㅜ ㅇ ㅗㅜ ㅗㅜ ㅣ ㄱ 획 ㅣ", "나무위키", "published walk-through"),
        LayoutCase(.naratgeul, "ㅅ 획 ㅏㅓ ㅁ ㄱ 쌍 ㅗㅜ ㄴ 획 ㅏㅓ ㅣ", "잠꼬대", "a keyboard's own test"),
        LayoutCase(.naratgeul, "ㄱ 획", "ㅋ", "a keyboard's own test"),
        LayoutCase(.naratgeul, "ㄱ 획 획", "ㄱ", "a keyboard's own test"),
        LayoutCase(.naratgeul, "ㅏㅓ 획", "ㅑ", "a keyboard's own test"),
        LayoutCase(.naratgeul, "ㅏㅓ 획 획", "ㅏ", "a keyboard's own test"),
        LayoutCase(.naratgeul, "ㅏㅓ ㅏㅓ ㅏㅓ", "ㅏ", "a keyboard's own test"),
        LayoutCase(.naratgeul, "ㅗㅜ ㅗㅜ ㅗㅜ", "ㅗ", "a keyboard's own test"),
        LayoutCase(.naratgeul, "ㅇ ㅏㅓ ㄴ ㅣ", "아니", "a keyboard's own test"),
        LayoutCase(.naratgeul, "ㄱ ㅏㅓ ㄱ 획", "갘", "a keyboard's own test"),
        LayoutCase(.naratgeul, "ㄱ ㅏㅓ 획", "갸", "a keyboard's own test"),
        LayoutCase(.naratgeul, "ㄱ ㅡ 쌍", "그", "a keyboard's own test"),
        LayoutCase(.naratgeul, "ㄴ 획 ㅏㅓ ㄹ ㄱ 획", "달ㅋ", "a keyboard's own test"),
        LayoutCase(.naratgeul, "ㄴ 획 ㅏㅓ ㄹ ㄱ 획 획", "닭", "a keyboard's own test"),
        LayoutCase(.naratgeul, "ㅏㅓ ㅏㅓ 획", "ㅕ", "course key map"),
        LayoutCase(.naratgeul, "ㅗㅜ ㅗㅜ ㅏㅓ", "ㅝ", "course key map"),
        LayoutCase(.naratgeul, "ㅗㅜ ㅗㅜ ㅏㅓ ㅣ", "ㅞ", "course key map"),
        LayoutCase(.naratgeul, "ㅡ ㅣ", "ㅢ", "course key map"),
        LayoutCase(.naratgeul, "ㅏㅓ 획 ㅣ", "ㅒ", "course key map"),
        LayoutCase(.naratgeul, "ㅇ ㅏㅓ ㄴ ㄴ ㅏㅓ ㅏㅓ 획 ㅇ ㅇ 획 ㅏㅓ ㅅ ㅏㅓ ㅏㅓ ㅣ ㅇ ㅗㅜ 획", "안녕하세요", "derived"),
        LayoutCase(.naratgeul, "ㄱ ㅏㅓ ㅁ ㅅ ㅏㅓ ㅇ 획 ㅏㅓ ㅁ 획 ㄴ ㅣ ㄴ 획 ㅏㅓ", "감사합니다", "derived"),
        LayoutCase(.naratgeul, "ㅇ ㅣ ㄹ ㄱ ㄴ 획 ㅏㅓ", "읽다", "derived"),
        LayoutCase(.naratgeul, "ㄱ ㅗㅜ ㅏㅓ ㅣ ㄴ ㅅ 획 획 ㅏㅓ ㄴ ㅇ 획 ㅇ ㅏㅓ", "괜찮아", "derived"),
        LayoutCase(.naratgeul, "ㅁ ㅗㅜ ㅗㅜ ㅏㅓ ㅇ 획 ㅏㅓ ㅣ", "뭐해", "derived"),
        LayoutCase(.naratgeul, "ㅅ 쌍 ㅡ ㄹ ㅏㅓ ㅏㅓ ㅣ ㄱ ㅣ", "쓰레기", "derived"),
        LayoutCase(.naratgeul, "ㄱ ㅏㅓ ㅁ 획 ㅅ", "값", "derived"),
        LayoutCase(.naratgeul, "ㅇ ㅡ ㄹ ㅁ 획 획 ㄴ 획 ㅏㅓ", "읊다", "derived"),
        LayoutCase(.naratgeul, "ㅇ ㅏㅓ ㄴ ㅅ 획 ㄴ 획 ㅏㅓ", "앉다", "derived"),
        LayoutCase(.naratgeul, "ㅁ ㅏㅓ ㄴ ㅇ 획 ㅇ ㅣ", "많이", "derived"),
        LayoutCase(.naratgeul, "ㅇ 획 ㅏㅓ ㄹ ㄴ 획 획 ㄴ 획 ㅏㅓ", "핥다", "derived"),
        LayoutCase(.naratgeul, "ㅅ 획 획 획", "ㅅ", "G, default: 획 wraps"),
        // The rules' worked examples (§1): 획 and 쌍 on the last consonant, re-attached.
        LayoutCase(.naratgeul, "ㅇ ㅏㅓ ㄴ ㅅ", "안ㅅ", "rules"),
        LayoutCase(.naratgeul, "ㅇ ㅏㅓ ㄴ ㅅ 획", "앉", "rules"),
        LayoutCase(.naratgeul, "ㅇ ㅏㅓ ㄴ ㅇ 획", "않", "rules"),
        LayoutCase(.naratgeul, "ㅇ ㅏㅓ ㄹ ㄴ 획", "알ㄷ", "rules"),
        LayoutCase(.naratgeul, "ㅇ ㅏㅓ ㄹ ㄴ 획 획", "앑", "rules"),
        LayoutCase(.naratgeul, "ㅇ ㅏㅓ ㄹ ㅇ 획", "앓", "rules"),
        LayoutCase(.naratgeul, "ㅅ ㅏㅓ ㄹ ㅁ 획", "삷", "rules"),
        LayoutCase(.naratgeul, "ㅅ ㅏㅓ ㄹ ㅁ 획 획", "삺", "rules"),
        LayoutCase(.naratgeul, "ㄱ ㅗㅜ ㅏㅓ ㅣ ㄴ ㅅ 획", "괝", "rules"),
        LayoutCase(.naratgeul, "ㄱ ㅗㅜ ㅏㅓ ㅣ ㄴ ㅅ 획 획", "괜ㅊ", "rules"),
        LayoutCase(.naratgeul, "ㄱ ㅏㅓ ㅅ 쌍", "갔", "rules"),
        LayoutCase(.naratgeul, "ㄱ ㅏㅓ ㄴ 획 쌍", "가ㄸ", "rules"),
        LayoutCase(.naratgeul, "ㅇ ㅗㅜ ㅏㅓ ㅏㅓ", "와ㅏ", "rules (P)"),
        LayoutCase(.naratgeul, "ㅇ ㅡ ㅡ", "으ㅡ", "rules (P)"),
        LayoutCase(.naratgeul, "ㅇ ㅏㅓ 획 ㅏㅓ", "야ㅏ", "rules (P): after a stroked vowel a vowel key starts anew"),
        LayoutCase(.naratgeul, "ㅇ 획 ㅏㅓ ㄱ ㄱ ㅗㅜ 획", "학교", "rules: no next-character"),
        LayoutCase(.naratgeul, "ㄱ 획 ㄱ 획 ㄱ 획", "ㅋㅋㅋ", "rules: no next-character")
    ]

    static let vega: [LayoutCase] = [
        LayoutCase(.vega, "ㄴㄹ ㅏㅑ ㅁㅅ ㅜㅠ ㅇㅎ ㅜㅠ ㅣㅡ ㄱㅋ ㄱㅋ ㅣㅡ", "나무위키", "published walk-through"),
        LayoutCase(.vega, "ㄱㅋ ㄱㅋ ㄱㅋ", "ㄲ", "published"),
        LayoutCase(.vega, "ㅇㅎ ㅏㅑ ㄴㄹ NEXT ㄴㄹ ㅓㅕ ㅓㅕ ㅇㅎ NEXT ㅇㅎ ㅇㅎ ㅏㅑ ㅁㅅ ㅁㅅ ㅓㅕ ㅣㅡ ㅇㅎ ㅗㅛ ㅗㅛ", "안녕하세요", "derived"),
        LayoutCase(.vega, "ㄱㅋ ㅏㅑ ㅁㅅ NEXT ㅁㅅ ㅁㅅ ㅏㅑ ㅇㅎ ㅇㅎ ㅏㅑ ㅂㅍ ㄴㄹ ㅣㅡ ㄷㅌ ㅏㅑ", "감사합니다", "derived"),
        LayoutCase(.vega, "ㅇㅎ ㅣㅡ ㄴㄹ ㄴㄹ ㄱㅋ ㄷㅌ ㅏㅑ", "읽다", "derived"),
        LayoutCase(.vega, "ㄱㅋ ㅗㅛ ㅏㅑ ㅣㅡ ㄴㄹ ㅈㅊ ㅈㅊ ㅏㅑ ㄴㄹ ㅇㅎ ㅇㅎ NEXT ㅇㅎ ㅏㅑ", "괜찮아", "derived"),
        LayoutCase(.vega, "ㅁㅅ ㅜㅠ ㅓㅕ ㅇㅎ ㅇㅎ ㅏㅑ ㅣㅡ", "뭐해", "derived"),
        LayoutCase(.vega, "ㅁㅅ ㅁㅅ ㅁㅅ ㅣㅡ ㅣㅡ ㄴㄹ ㄴㄹ ㅓㅕ ㅣㅡ ㄱㅋ ㅣㅡ", "쓰레기", "derived"),
        LayoutCase(.vega, "ㄱㅋ ㅏㅑ ㅂㅍ ㅁㅅ ㅁㅅ", "값", "derived"),
        LayoutCase(.vega, "ㅇㅎ ㅣㅡ ㅣㅡ ㄴㄹ ㄴㄹ ㅂㅍ ㅂㅍ ㄷㅌ ㅏㅑ", "읊다", "derived"),
        LayoutCase(.vega, "ㅇㅎ ㅇㅎ ㅏㅑ ㄱㅋ NEXT ㄱㅋ ㅗㅛ ㅗㅛ", "학교", "derived"),
        LayoutCase(.vega, "ㅇㅎ ㅇㅎ ㅏㅑ ㄱㅋ ㄱㅋ ㅗㅛ ㅗㅛ", "하쿄", "derived"),
        LayoutCase(.vega, "ㅇㅎ ㅣㅡ ㅣㅡ ㅣㅡ ㅁㅅ ㅁㅅ ㅏㅑ", "의사", "derived (P)"),
        LayoutCase(.vega, "ㄱㅋ ㄱㅋ ㄱㅋ ㄱㅋ", "ㄱ", "P (wrap)"),
        LayoutCase(.vega, "ㅇㅎ ㅏㅑ ㅏㅑ ㅏㅑ", "아", "P (wrap)"),
        // The rules' worked examples (§2).
        LayoutCase(.vega, "ㄱㅋ ㅏㅑ ㅂㅍ ㅁㅅ", "갑ㅁ", "rules"),
        LayoutCase(.vega, "ㄱㅋ ㅏㅑ ㄴㄹ ㄴㄹ ㄷㅌ ㄷㅌ", "갍", "rules"),
        LayoutCase(.vega, "ㄱㅋ ㅏㅑ ㄴㄹ ㄴㄹ ㅂㅍ ㅂㅍ", "갎", "rules"),
        LayoutCase(.vega, "ㄱㅋ ㅗㅛ ㅏㅑ ㅣㅡ ㄴㄹ ㅈㅊ ㅈㅊ", "괜ㅊ", "rules"),
        LayoutCase(.vega, "ㄱㅋ ㅏㅑ ㅂㅍ NEXT ㅁㅅ ㅁㅅ", "갑ㅅ", "rules: next-character is a hard boundary"),
        LayoutCase(.vega, "ㅇㅎ ㅗㅛ ㅏㅑ ㅏㅑ", "오ㅑ", "G, default: snapshot after a compound vowel")
    ]

    static let cheonjiinPlus: [LayoutCase] = [
        LayoutCase(.cheonjiinPlus, "ㅍ ㅍ ㅣ ㅌ ㅌ ㅣ ㆍ ㅌ ㅌ ㆍ ㅣ ㅣ ㄴ", "삐따뗀", "a keyboard's own test"),
        LayoutCase(.cheonjiinPlus, "ㅍ ㅍ ㅣ ㅌ", "삩", "a keyboard's own test (intermediate)"),
        LayoutCase(.cheonjiinPlus, "ㅍ ㅍ ㅣ ㅌ ㅌ", "삐ㄸ", "a keyboard's own test (intermediate)"),
        LayoutCase(.cheonjiinPlus, "ㅍ ㅍ ㅣ ㅌ ㅌ ㅣ", "삐띠", "a keyboard's own test (intermediate)"),
        LayoutCase(.cheonjiinPlus, "ㅍ ㅍ ㅣ ㅌ ㅌ ㅣ ㆍ ㅌ", "삐땉", "a keyboard's own test (intermediate)"),
        LayoutCase(.cheonjiinPlus, "ㅍ ㅍ ㅣ ㅌ ㅌ ㅣ ㆍ ㅌ ㅌ", "삐따ㄸ", "a keyboard's own test (intermediate)"),
        LayoutCase(.cheonjiinPlus, "ㅋ ㅋ ㅣ ㆍ ㄴ", "깐", "a keyboard's own test"),
        LayoutCase(.cheonjiinPlus, "ㄱ ㅣ ㆍ ㄴ", "간", "a keyboard's own test"),
        LayoutCase(.cheonjiinPlus, "ㅇ ㅣ ㆍ ㄴ ㄴ ㆍ ㆍ ㅣ ㅇ ㅎ ㅣ ㆍ ㅅ ㆍ ㅣ ㅣ ㅇ ㆍ ㆍ ㅡ", "안녕하세요", "derived"),
        LayoutCase(.cheonjiinPlus, "ㄱ ㅣ ㆍ ㅁ ㅅ ㅣ ㆍ ㅎ ㅣ ㆍ ㅂ ㄴ ㅣ ㄷ ㅣ ㆍ", "감사합니다", "derived"),
        LayoutCase(.cheonjiinPlus, "ㅇ ㅣ ㄹ ㄱ ㄷ ㅣ ㆍ", "읽다", "derived"),
        LayoutCase(.cheonjiinPlus, "ㄱ ㆍ ㅡ ㅣ ㆍ ㅣ ㄴ ㅊ ㅣ ㆍ ㄴ ㅎ ㅇ ㅣ ㆍ", "괜찮아", "derived"),
        LayoutCase(.cheonjiinPlus, "ㅁ ㅡ ㆍ ㆍ ㅣ ㅎ ㅣ ㆍ ㅣ", "뭐해", "derived"),
        LayoutCase(.cheonjiinPlus, "ㅎ ㅎ ㅡ ㄹ ㆍ ㅣ ㅣ ㄱ ㅣ", "쓰레기", "derived"),
        LayoutCase(.cheonjiinPlus, "ㄱ ㅣ ㆍ ㅂ ㅅ", "값", "derived"),
        LayoutCase(.cheonjiinPlus, "ㅇ ㅡ ㄹ ㅍ ㄷ ㅣ ㆍ", "읊다", "derived"),
        LayoutCase(.cheonjiinPlus, "ㅋ ㅋ", "ㄲ", "derived (P)"),
        LayoutCase(.cheonjiinPlus, "ㅋ NEXT ㅋ", "ㅋㅋ", "derived (P)"),
        // The rules' worked examples (§3).
        LayoutCase(.cheonjiinPlus, "ㅎ ㅣ ㆍ ㅣ ㅎ ㅎ", "했", "rules"),
        LayoutCase(.cheonjiinPlus, "ㅇ ㅣ ㆍ ㄴ ㅎ", "않", "rules"),
        LayoutCase(.cheonjiinPlus, "ㅎ ㅣ ㆍ ㄹ ㅌ", "핥", "rules"),
        LayoutCase(.cheonjiinPlus, "ㅋ ㅋ ㅋ", "ㅋ", "G, default: a third press wraps"),
        LayoutCase(.cheonjiinPlus, "ㄱ ㅣ ㆍ ㄱ NEXT ㅋ ㅋ", "각ㄲ", "rules: next-character is a hard boundary"),
        LayoutCase(.cheonjiinPlus, "ㄱ ㅣ ㆍ ㅋ ㅋ", "갂", "rules: ㅋㅋ as a final"),
        LayoutCase(.cheonjiinPlus, "ㄱ ㅣ ㆍ NEXT ㅋ ㅋ", "가ㄲ", "rules: next-character is a hard boundary")
    ]

    @Test(arguments: naratgeul + vega + cheonjiinPlus)
    func typesAsPeopleWrite(_ golden: LayoutCase) {
        #expect(typed(golden.keys, layout: golden.layout) == golden.expected)
    }

    /// Digits and `*` `#` name the keys by phone position.
    @Test func phonePositionsAliasTheKeys() {
        #expect(typed("7 # 0 4 3 3 9 1 9", layout: .naratgeul) == "쓰레기")
        #expect(typed("1 *", layout: .naratgeul) == "ㅋ")
        #expect(typed("4 3 7 7 * #", layout: .vega) == "닷주")
        #expect(typed("4 1 2 5", layout: .cheonjiinPlus) == "간")
    }

    /// A long press types the digit at the key's phone position in its own layout.
    @Test(arguments: [
        (KeyboardLayout.naratgeul, Key.in, "9"), (.naratgeul, .ji, "0"), (.naratgeul, .giyeok, "1"),
        (.vega, .iEu, "2"), (.vega, .ieungHieut, "0"), (.vega, .giyeokKieuk, "1"),
        (.cheonjiinPlus, .giyeok, "4"), (.cheonjiinPlus, .ieung, "0"), (.cheonjiin, .in, "1")
    ])
    func aLongPressTypesTheLayoutsDigit(layout: KeyboardLayout, key: Key, digit: String) {
        var composer = Composer(table: committedTables[layout]!)
        #expect(composer.typeDigit(of: key).commit.string == digit)
    }

    /// Keys without a phone position (천지인 플러스's second halves, 나랏글's 획 and 쌍) type no digit.
    @Test(arguments: [(KeyboardLayout.cheonjiinPlus, Key.kieuk), (.cheonjiinPlus, .mieum), (.naratgeul, .addStroke)])
    func keysWithoutAPositionTypeNoDigit(layout: KeyboardLayout, key: Key) {
        var composer = Composer(table: committedTables[layout]!)
        #expect(composer.typeDigit(of: key).consumed == false)
    }
}
