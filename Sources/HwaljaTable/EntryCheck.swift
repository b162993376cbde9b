import HwaljaCore

/// The per-entry rules a table file must keep, checked at load so that a file whose checksum
/// was recomputed after tampering cannot put a symbol outside the alphabet (U+0000, or a number
/// that maps to no scalar) into a composer's text.
///
/// For entry *i*, with `key << 28 | first << 14 | second` and replacement symbols r₁ r₂ r₃:
/// - key 0...15 (``TransitionTable/maximumKeyNumber``); 0 is a live-pair marker;
/// - a transition's tail symbols are in 0...``TableSymbol/count``, and `first` is non-zero only
///   if `second` is (a tail of 0, 1 or 2 symbols, right-aligned);
/// - a transition's replacement is one to three symbols in 1...``TableSymbol/count``, 0-padded at
///   the end only;
/// - a live-pair marker has two tail symbols in 1...``TableSymbol/count`` and no replacement.
enum EntryCheck {
    /// A sentence naming the first entry that breaks a rule and how, or `nil` if all keep them.
    static func problem(packedKeys: [UInt32], replacements: [UInt64]) -> String? {
        guard packedKeys.count == replacements.count else { return "\(packedKeys.count) keys but \(replacements.count) replacements" }
        let clean = packedKeys.withUnsafeBufferPointer { keys in
            replacements.withUnsafeBufferPointer { replacements in !anyBroken(keys, replacements) }
        }
        return clean ? nil : firstProblem(packedKeys: packedKeys, replacements: replacements)
    }

    /// Whether any entry breaks a rule: every rule for every entry in arithmetic, without a branch
    /// (with branches the mix of markers and transitions defeats prediction), so that checking the
    /// 60,000 entries of a table costs little beside copying them.
    private static func anyBroken(_ keys: UnsafeBufferPointer<UInt32>, _ replacements: UnsafeBufferPointer<UInt64>) -> Bool {
        let alphabet = UInt32(TableSymbol.count)
        let lastKey = UInt32(TransitionTable.maximumKeyNumber)
        // 1 or 0, for values below 2³¹ (all here are below 2¹⁶).
        @inline(__always) func above(_ value: UInt32, _ limit: UInt32) -> UInt32 { (limit &- value) >> 31 }
        @inline(__always) func isZero(_ value: UInt32) -> UInt32 { (value &- 1) >> 31 }
        var broken: UInt32 = 0
        for index in 0..<keys.count {
            let packed = keys[index]
            let replacement = replacements[index]
            let key = packed >> 28
            let first = (packed >> 14) & 0x3FFF
            let second = packed & 0x3FFF
            let one = UInt32(truncatingIfNeeded: replacement) & 0xFFFF
            let two = UInt32(truncatingIfNeeded: replacement >> 16) & 0xFFFF
            let three = UInt32(truncatingIfNeeded: replacement >> 32) & 0xFFFF
            let wide = UInt32(truncatingIfNeeded: replacement >> 48)
            let marker = isZero(key)
            let anywhere = above(key, lastKey) | above(first, alphabet) | above(second, alphabet)
            let asMarker = isZero(first) | isZero(second) | (isZero(one | two | three | wide) ^ 1)
            let asTransition = ((isZero(first) ^ 1) & isZero(second)) | isZero(one) | above(one, alphabet)
                | above(two, alphabet) | above(three, alphabet) | (isZero(two) & (isZero(three) ^ 1)) | (isZero(wide) ^ 1)
            broken |= anywhere | (marker & asMarker) | ((marker ^ 1) & asTransition)
        }
        return broken != 0
    }

    /// The first entry that breaks a rule, and how; run only on a table ``anyBroken(_:_:)`` refused.
    private static func firstProblem(packedKeys: [UInt32], replacements: [UInt64]) -> String {
        for (index, packed) in packedKeys.enumerated() {
            if let problem = problem(key: packed >> 28, first: (packed >> 14) & 0x3FFF, second: packed & 0x3FFF, replacement: replacements[index]) {
                return "entry \(index): \(problem)"
            }
        }
        return "an entry breaks the symbol rules"  // the two checks disagree: refuse all the same
    }

    /// What is wrong with one entry, or `nil` if nothing is.
    private static func problem(key: UInt32, first: UInt32, second: UInt32, replacement: UInt64) -> String? {
        let alphabet = UInt32(TableSymbol.count)
        let lastKey = UInt32(TransitionTable.maximumKeyNumber)
        guard key <= lastKey else { return "key \(key) outside 0...\(lastKey)" }
        if key == 0 {
            guard first != 0, second != 0 else { return "live-pair marker without two tail symbols" }
            for symbol in [first, second] where symbol > alphabet { return "tail symbol \(symbol) outside 1...\(alphabet)" }
            return replacement == 0 ? nil : "live-pair marker with a replacement"
        }
        for symbol in [first, second] where symbol > alphabet { return "tail symbol \(symbol) outside 0...\(alphabet)" }
        if first != 0 && second == 0 {
            return "tail symbol 1 is 0 but symbol 2 is not (a tail is 0, 1 or 2 symbols, right-aligned)"
        }
        guard replacement >> 48 == 0 else { return "replacement longer than three symbols" }
        let symbols = (0..<3).map { UInt32(truncatingIfNeeded: replacement >> (16 * UInt64($0))) & 0xFFFF }
        guard symbols.contains(where: { $0 != 0 }) else { return "empty replacement" }
        for (position, symbol) in symbols.enumerated() {
            if symbol > alphabet { return "replacement symbol \(symbol) outside 1...\(alphabet)" }
            if symbol != 0 && position > 0 && symbols[position - 1] == 0 {
                return "replacement symbol \(position + 1) follows its 0 padding"
            }
        }
        return nil
    }
}
