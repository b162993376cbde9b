import HwaljaCore

/// 천지인 (Samsung Cheon-Ji-In): the vowel strokes ㅣ ㆍ ㅡ and seven consonant cycles, as stated
/// in ``Strokes`` and ``CheonJiInRules`` (docs/layouts.md, 천지인).
public struct CheonJiIn: LayoutRules {
    public init() {}

    public var keyboard: KeyboardLayout { .cheonjiin }

    public func press(_ key: Key, after context: [TextUnit]) -> [TextUnit] {
        CheonJiInRules.press(key, after: context)
    }

    public func isLivePair(_ first: TextUnit, _ second: TextUnit) -> Bool {
        CheonJiInRules.isLivePair(first, second)
    }
}
