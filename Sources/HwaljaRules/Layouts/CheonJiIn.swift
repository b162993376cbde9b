import HwaljaCore

/// 천지인 (Samsung Cheon-Ji-In): the vowel strokes ㅣ ㆍ ㅡ and seven consonant cycles, as stated
/// in ``Strokes`` and ``CheonJiInRules`` (docs/layouts.md, 천지인).
package struct CheonJiIn: LayoutRules {
    package init() {}

    package var keyboard: KeyboardLayout { .cheonjiin }

    package func press(_ key: Key, after context: [TextUnit]) -> [TextUnit] {
        CheonJiInRules.press(key, after: context)
    }

    package func isLivePair(_ first: TextUnit, _ second: TextUnit) -> Bool {
        CheonJiInRules.isLivePair(first, second)
    }
}
