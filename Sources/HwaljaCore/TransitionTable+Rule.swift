extension TransitionTable {
    /// Applies the table's lookup rule to the whole of `text`: replace the last two scalars if the
    /// table has them for `key`, else the last one, else append the key's default.
    ///
    /// This is the rule in its plain form, on an array: the reference the ``Composer`` is checked
    /// against and what reachability is computed with. `text` must start at a boundary (the start
    /// of input or a next-character press).
    public func applying(_ key: Key, to text: [Unicode.Scalar]) -> [Unicode.Scalar] {
        precondition(key.isTableKey, "TransitionTable.applying: \(key.name) is not a table key")
        let symbols = text.map { TableSymbol.symbol(for: $0.value) }
        var kept = text
        var replacement: UInt64 = 0
        if symbols.count >= 2 {
            replacement = self.replacement(
                for: key, first: symbols[symbols.count - 2], second: symbols[symbols.count - 1])
            if replacement != 0 { kept.removeLast(2) }
        }
        if replacement == 0, let last = symbols.last {
            replacement = self.replacement(for: key, first: 0, second: last)
            if replacement != 0 { kept.removeLast() }
        }
        if replacement == 0 { replacement = defaultReplacement(for: key) }
        return kept + Self.unpack(replacement).map { Unicode.Scalar(TableSymbol.scalar(for: $0))! }
    }

    /// Every precomposed syllable that some key sequence, starting from empty text, types as the whole text.
    public func reachableSyllables() -> Set<UInt32> {
        Set(shortestSpellings(keeping: Hangul.isSyllable).keys)
    }

    /// For every scalar some key sequence types from empty text as the whole text and `keep`
    /// accepts, the shortest such sequence.
    ///
    /// A breadth-first search with the lookup rule over texts that can still shrink back to one
    /// scalar: texts of one scalar, and longer texts whose last two scalars are a live pair
    /// (anything else has a first scalar no key can change any more). Keys are tried in table
    /// order, so the first path to a scalar is a shortest one, the same on every run.
    public func shortestSpellings(keeping keep: (UInt32) -> Bool) -> [UInt32: [Key]] {
        // Each text visited is at most three scalars, none 0, packed into one integer; each step
        // keeps the step it came from and its key, and a spelling is read back along them: no
        // array kept per text (a program that spells another layout's words keeps less behind).
        func pack(_ text: [Unicode.Scalar]) -> UInt64 {
            text.enumerated().reduce(0) { $0 | UInt64($1.element.value) << (21 * UInt64($1.offset)) }
        }
        func unpack(_ packed: UInt64) -> [Unicode.Scalar] {
            (0..<3).compactMap { index in
                let value = UInt32(truncatingIfNeeded: packed >> (21 * UInt64(index))) & 0x1F_FFFF
                return value == 0 ? nil : Unicode.Scalar(value)
            }
        }
        var seen: Set<UInt64> = [0]
        var steps: [(text: UInt64, from: Int32, key: Key)] = [(0, -1, .in)]
        var head = 0
        var spellings: [UInt32: [Key]] = [:]
        while head < steps.count {
            let text = unpack(steps[head].text)
            if text.count == 1, keep(text[0].value), spellings[text[0].value] == nil {
                var keys: [Key] = []
                var step = head
                while step > 0 {
                    keys.append(steps[step].key)
                    step = Int(steps[step].from)
                }
                spellings[text[0].value] = keys.reversed()
            }
            for key in keyboard.tableKeys {
                let next = applying(key, to: text)
                guard next.count == 1 || (next.count <= 3 && endsWithLivePair(next)) else { continue }
                if seen.insert(pack(next)).inserted { steps.append((pack(next), Int32(head), key)) }
            }
            head += 1
        }
        return spellings
    }

    private func endsWithLivePair(_ text: [Unicode.Scalar]) -> Bool {
        let count = text.count
        return count >= 2
            && isLivePair(
                first: TableSymbol.symbol(for: text[count - 2].value),
                second: TableSymbol.symbol(for: text[count - 1].value)
            )
    }
}
