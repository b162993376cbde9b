import HwaljaCore

/// The rules every replacement in a table file must keep, checked at load so that a file whose
/// checksum was recomputed after tampering cannot put a symbol outside the alphabet (U+0000, or a
/// number that maps to no scalar) into a composer's text. The structure (sets, ranks, pattern
/// indices) is ``TransitionTable/Layout/problem``'s to check, first.
///
/// - a key's default is one to three symbols in 1...``TableSymbol/count``, 0-padded at the end
///   only, or 0 (none; always for key 0, the live pairs);
/// - a pattern's second and third symbols are in 0...``TableSymbol/count``, the third 0 if the
///   second is, and nothing lies above them;
/// - each transition's first replacement symbol, its pattern's first made absolute with the tail
///   symbol, is in 1...``TableSymbol/count``.
enum EntryCheck {
    /// A sentence naming the first part that breaks a rule and how, or `nil` if all keep them.
    static func problem(_ layout: TransitionTable.Layout) -> String? {
        for (key, replacement) in layout.defaults.enumerated() where replacement != 0 {
            if key == 0 { return "key 0 (live pairs) has a default replacement" }
            if let problem = problem(replacement: replacement) { return "default of key \(key): \(problem)" }
        }
        for (index, pattern) in layout.patterns.enumerated() {
            if let problem = problem(replacement: pattern & ~0xFFFF | 1) { return "pattern \(index): \(problem)" }
        }
        let clean = layout.bits.withUnsafeBufferPointer { bits in
            layout.values.withUnsafeBufferPointer { values in
                layout.patterns.withUnsafeBufferPointer { patterns in !anyBroken(layout, bits, values, patterns) }
            }
        }
        return clean ? nil : firstProblem(layout)
    }

    /// The transition sets, as (set, key) pairs, in rank order.
    private static func transitionSets(_ layout: TransitionTable.Layout) -> [(set: Int, key: Int)] {
        var result: [(set: Int, key: Int)] = (1..<layout.keyCount).map { ($0, $0) }
        var set = 2 * layout.keyCount
        for key in 0..<layout.keyCount {
            var members = 0
            for word in 0..<TransitionTable.Layout.wordsPerSet {
                members +=
                    layout.bits[(layout.keyCount + key) * TransitionTable.Layout.wordsPerSet + word].nonzeroBitCount
            }
            if key > 0 { result += (set..<(set + members)).map { ($0, key) } }
            set += members
        }
        return result
    }

    /// Whether any transition's first symbol falls outside the alphabet: arithmetic on each member
    /// of each transition set without a branch, so that checking the 50,000 transitions of a table
    /// costs little beside copying them.
    private static func anyBroken(
        _ layout: TransitionTable.Layout, _ bits: UnsafeBufferPointer<UInt64>, _ values: UnsafeBufferPointer<UInt16>,
        _ patterns: UnsafeBufferPointer<UInt64>
    ) -> Bool {
        let words = TransitionTable.Layout.wordsPerSet
        let lastSymbol = UInt32(TableSymbol.count) - 1
        var broken: UInt32 = 0
        var index = 0
        for (set, _) in transitionSets(layout) {
            for word in 0..<words {
                var members = bits[set * words + word]
                let base = UInt32(word * 64)
                while members != 0 {
                    let tail = base | UInt32(members.trailingZeroBitCount)
                    let first = (UInt32(truncatingIfNeeded: patterns[Int(values[index])]) &+ tail) & 0xFFFF
                    broken |= lastSymbol &- ((first &- 1) & 0xFFFF)  // above 2³¹ when first is 0 or above the alphabet
                    members &= members &- 1
                    index += 1
                }
            }
        }
        return broken >> 31 != 0
    }

    /// The first transition that breaks a rule, and how; run only on a table ``anyBroken`` refused.
    private static func firstProblem(_ layout: TransitionTable.Layout) -> String {
        let words = TransitionTable.Layout.wordsPerSet
        var index = 0
        for (set, key) in transitionSets(layout) {
            for word in 0..<words {
                var members = layout.bits[set * words + word]
                while members != 0 {
                    let tail = word * 64 + members.trailingZeroBitCount
                    let first = (Int(truncatingIfNeeded: layout.patterns[Int(layout.values[index])]) + tail) & 0xFFFF
                    if first == 0 || first > Int(TableSymbol.count) {
                        return
                            "transition \(index) (key \(key), tail symbol \(tail)): replacement symbol \(first) outside 1...\(TableSymbol.count)"
                    }
                    members &= members &- 1
                    index += 1
                }
            }
        }
        return "a transition breaks the symbol rules"  // the two checks disagree: refuse all the same
    }

    /// What is wrong with one packed replacement, or `nil` if nothing is.
    private static func problem(replacement: UInt64) -> String? {
        let alphabet = UInt32(TableSymbol.count)
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
