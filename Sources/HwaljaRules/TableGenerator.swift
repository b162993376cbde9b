import HwaljaCore

/// Builds a layout's transition table from its ``LayoutRules``.
///
/// Starting from empty text, it visits every state typing can reach — a state is the part of the
/// text a later key can still read: one unit, or two when they form a live pair (갈ㄷ) — and
/// records, for each state and key, the rewrite the rules make. Every syllable U+AC00–U+D7A3 is
/// such a state, so each is traced to the states and keys that lead to it (역 ← 여 + ㄱㅋ,
/// 가기 ← 각 + ㅣ, 달기 ← 닭 + ㅣ, 않 ← 안ㅅ + ㅅㅎ). A rewrite is stored only where the
/// table's lookup rule would not already produce it from a shorter tail or the key's default.
package struct TableGenerator: Sendable {
    /// Figures about one generation run.
    package struct Statistics: Sendable, Equatable {
        /// States visited (one- and two-unit tails, including the empty start).
        package var states: Int
        /// Transitions stored, defaults included.
        package var transitions: Int
        /// Two-scalar tails that keep their first scalar in the preedit.
        package var livePairs: Int
    }

    /// The generated table.
    package let table: TransitionTable
    /// Figures about the run.
    package let statistics: Statistics

    /// Runs the generator for 천지인.
    package init() {
        self.init(rules: CheonJiIn())
    }

    /// Runs the generator for `layout`.
    package init(layout: KeyboardLayout) {
        self.init(layout: layout, options: [])
    }

    /// Runs the generator for `layout` with those of `options` that are its own (the settings'
    /// `layout-options`); with none of them, the same table as ``init(layout:)``.
    package init(layout: KeyboardLayout, options: Set<KeyboardLayout.Option>) {
        switch layout {
        case .cheonjiin: self.init(rules: CheonJiIn())
        case .cheonjiinPlus: self.init(rules: CheonJiInPlus(options: .init(options)))
        case .naratgeul: self.init(rules: Naratgeul(options: .init(options)))
        case .vega: self.init(rules: Vega(options: .init(options)))
        }
    }

    /// Runs the generator. Deterministic: the same rules always give the same table.
    package init(rules: some LayoutRules) {
        let keys = rules.keyboard.tableKeys
        // Every state typing reaches, in the order first reached, and each one's result for each
        // of `keys`, in that order: rows by index, so that no state is hashed but to be found new.
        var states: [[TextUnit]] = [[]]
        var seen: Set<[TextUnit]> = [[]]
        var results: [[[TextUnit]]] = []
        var index = 0
        while index < states.count {
            let state = states[index]
            index += 1
            let row = keys.map { rules.press($0, after: state) }
            for result in row {
                let next = Self.liveTail(of: result, rules)
                if seen.insert(next).inserted { states.append(next) }
            }
            results.append(row)
        }

        // Sort states so that one-scalar tails are settled before the two-scalar tails that fall
        // back on them; each state's scalars worked out once, not in every comparison.
        let tails = states.map(\.scalars)
        let ordered = tails.indices.sorted { lhs, rhs in
            let left = tails[lhs]
            let right = tails[rhs]
            return left.count != right.count ? left.count < right.count : left.lexicographicallyPrecedes(right)
        }
        var stored: [Key: [[Unicode.Scalar]: [Unicode.Scalar]]] = [:]
        var transitions: [Transition] = []
        var livePairs: [(Unicode.Scalar, Unicode.Scalar)] = []
        for state in ordered {
            let tail = tails[state]
            if tail.count == 2 { livePairs.append((tail[0], tail[1])) }
            for (column, key) in keys.enumerated() {
                let replacement = results[state][column].scalars
                // Nothing to type (획추가 on empty text): no default, which appends nothing.
                if replacement.isEmpty { continue }
                if replacement != Self.fallback(tail, key, stored) {
                    stored[key, default: [:]][tail] = replacement
                    transitions.append(Transition(key: key, tail: tail, replacement: replacement))
                }
            }
        }
        table = TransitionTable(transitions: transitions, livePairs: livePairs, keyboard: rules.keyboard)
        statistics = Statistics(states: states.count, transitions: transitions.count, livePairs: livePairs.count)
    }

    /// The units a later key can still read: the last two if they are a live pair, else the last one.
    static func liveTail(of units: [TextUnit], _ rules: some LayoutRules) -> [TextUnit] {
        if units.count >= 2 && rules.isLivePair(units[units.count - 2], units[units.count - 1]) {
            return Array(units.suffix(2))
        }
        return Array(units.suffix(1))
    }

    /// What the lookup rule gives for `tail` and `key` without a transition for this exact tail.
    private static func fallback(
        _ tail: [Unicode.Scalar], _ key: Key, _ stored: [Key: [[Unicode.Scalar]: [Unicode.Scalar]]]
    ) -> [Unicode.Scalar]? {
        let rules = stored[key] ?? [:]
        guard let last = tail.last else { return nil }  // the default itself is always stored
        let shorter = rules[[last]] ?? ([last] + (rules[[]] ?? []))
        return tail.dropLast() + shorter
    }
}
