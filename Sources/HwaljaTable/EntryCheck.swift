import HwaljaCore

/// The per-entry rules a table file must keep, checked at load so that a file whose checksum
/// was recomputed after tampering cannot put a symbol outside the alphabet (U+0000, or a number
/// that maps to no scalar) into a composer's text.
///
/// For entry *i*, with `key << 28 | first << 14 | second` and replacement symbols r₁ r₂ r₃:
/// - key 0...11 (``Key/punctuation``); 0 is a live-pair marker;
/// - a transition's tail symbols are in 0...``TableSymbol/count``, and `first` is non-zero only
///   if `second` is (a tail of 0, 1 or 2 symbols, right-aligned);
/// - a transition's replacement is one to three symbols in 1...``TableSymbol/count``, 0-padded at
///   the end only;
/// - a live-pair marker has two tail symbols in 1...``TableSymbol/count`` and no replacement.
enum EntryCheck {
    /// A sentence naming the first entry that breaks a rule and how, or `nil` if all keep them.
    static func problem(packedKeys: [UInt32], replacements: [UInt64]) -> String? {
        guard packedKeys.count == replacements.count else { return "\(packedKeys.count) keys but \(replacements.count) replacements" }
        let alphabet = UInt32(TableSymbol.count)
        let lastKey = UInt32(Key.punctuation.rawValue)
        for index in packedKeys.indices {
            let packed = packedKeys[index]
            let key = packed >> 28
            let first = (packed >> 14) & 0x3FFF
            let second = packed & 0x3FFF
            let replacement = replacements[index]
            // The common case in one test: a transition with symbols in range, so the loop stays cheap.
            if key != 0, key <= lastKey, first <= alphabet, second <= alphabet, first == 0 || second != 0,
                Self.isWellFormed(replacement, alphabet: alphabet)
            {
                continue
            }
            if let problem = problem(key: key, first: first, second: second, replacement: replacement, alphabet: alphabet) {
                return "entry \(index): \(problem)"
            }
        }
        return nil
    }

    /// Whether `replacement` is one to three symbols in 1...alphabet followed only by 0 padding.
    @inline(__always)
    private static func isWellFormed(_ replacement: UInt64, alphabet: UInt32) -> Bool {
        let one = UInt32(truncatingIfNeeded: replacement) & 0xFFFF
        let two = UInt32(truncatingIfNeeded: replacement >> 16) & 0xFFFF
        let three = UInt32(truncatingIfNeeded: replacement >> 32) & 0xFFFF
        guard replacement >> 48 == 0, one != 0, one <= alphabet, two <= alphabet, three <= alphabet else { return false }
        return two != 0 || three == 0
    }

    /// What is wrong with an entry that is not a well-formed transition: `nil` for a well-formed live-pair marker.
    private static func problem(key: UInt32, first: UInt32, second: UInt32, replacement: UInt64, alphabet: UInt32) -> String? {
        let lastKey = UInt32(Key.punctuation.rawValue)
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
        return nil  // not reached: the quick test accepts every transition that gets here
    }
}
