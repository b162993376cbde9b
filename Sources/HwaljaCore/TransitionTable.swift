/// A layout's transition table in memory: (key, last one or two scalars) → replacement.
///
/// Lookups are by integer, never by string, and never hash: the table is a few *symbol sets*,
/// bitmaps over the ``TableSymbol`` alphabet with a running count per 64-bit word, so that whether
/// a symbol is in a set and its rank among the set's members are one word, one bit and one
/// population count. A key's one-scalar tails are a set; its two-scalar tails are a set of second
/// symbols, each naming a set of first symbols. A transition's replacement is stored as the index
/// of a *pattern*: its first symbol relative to the tail symbol it replaces, its other symbols as
/// they are (a few hundred patterns cover the whole table: ㅣ after 가 and after 나 both add 28).
/// The same arrays are what the table file stores, so loading is a copy and a check, not a build.
///
/// Besides transitions the table lists *live pairs*: two-scalar tails whose first scalar can still
/// change on a later key (갈ㄷ may become 갍). The composer keeps such a pair in its preedit and
/// commits everything before it. Live pairs are the two-scalar tails of key 0.
///
/// Keys are numbered per layout: key number *n* ≥ 1 is the *n*th of ``KeyboardLayout/tableKeys``
/// (for 천지인 that is the key's raw value), 0 is the live pairs; ``keys`` and a per-raw-value
/// number array make a key's number one load.
public struct TransitionTable: Sendable {
    /// The arrays behind a table, exactly as the table file stores them.
    ///
    /// Sets are numbered: 0..<*K* the one-scalar tails of key number 0..<*K* (*K* = ``keyCount``; key 0's
    /// is empty), *K*..<2*K* the second symbols of key 0..<*K*'s two-scalar tails, then one set of
    /// first symbols for each member of those, in set order. Each set is ``wordsPerSet`` words.
    /// `ranks[w]` is the number of members in the words before word *w* of its set plus the set's
    /// base: the number of transitions in earlier transition sets (one-scalar and first-symbol sets
    /// of keys 1 and up, in set order), the number of first-symbol sets before it (second-symbol
    /// sets), or the number of live pairs in earlier live-pair sets (key 0's first-symbol sets).
    public struct Layout: Sendable, Equatable {
        /// The number of key slots *K*, key 0 (live pairs) included: the layout's table keys plus one.
        public var keyCount: Int
        /// Each key's default replacement (appended when no tail matches); 0 for key 0.
        public var defaults: [UInt64]
        /// The sets' bits, set after set: bit *s* of a set is word `s >> 6`, bit `s & 63`.
        public var bits: [UInt64]
        /// For each word of `bits`, the rank of its first bit (see ``Layout``), computed from the bits.
        public private(set) var ranks: [UInt32] = []
        /// Replacement patterns: three 16-bit symbols, first lowest; the first is added (mod 2¹⁶)
        /// to the symbol the tail ends in (one-scalar tails) or starts with (two-scalar tails).
        public var patterns: [UInt64]
        /// For each transition, in rank order, the index of its pattern.
        public var values: [UInt16]

        /// The layout of these arrays; the ranks are counted from `bits` (none if the sets are
        /// inconsistent, which ``problem`` then names).
        public init(keyCount: Int, defaults: [UInt64], bits: [UInt64], patterns: [UInt64], values: [UInt16]) {
            self.keyCount = keyCount
            self.defaults = defaults
            self.bits = bits
            self.patterns = patterns
            self.values = values
            if bits.count % Self.wordsPerSet == 0 && setCount >= 2 * keyCount, let kinds = setKinds {
                ranks = Self.ranks(of: bits, kinds: kinds)
            }
        }

        /// The running counts of `bits`, as ``Layout`` documents them.
        static func ranks(of bits: [UInt64], kinds: [SetKind]) -> [UInt32] {
            let words = wordsPerSet
            var running: (transitions: UInt32, groups: UInt32, livePairs: UInt32) = (0, 0, 0)
            return [UInt32](unsafeUninitializedCapacity: bits.count) { ranks, initialized in
                bits.withUnsafeBufferPointer { bits in
                    for (set, kind) in kinds.enumerated() {
                        var count: UInt32
                        switch kind {
                        case .transitions: count = running.transitions
                        case .groups: count = running.groups
                        case .livePairs: count = running.livePairs
                        }
                        for word in (set * words)..<(set * words + words) {
                            ranks[word] = count
                            count &+= UInt32(truncatingIfNeeded: bits[word].nonzeroBitCount)
                        }
                        switch kind {
                        case .transitions: running.transitions = count
                        case .groups: running.groups = count
                        case .livePairs: running.livePairs = count
                        }
                    }
                }
                initialized = bits.count
            }
        }

        /// The 64-bit words in one set: enough for symbols 0...``TableSymbol/count``.
        public static let wordsPerSet = Int(TableSymbol.count) / 64 + 1

        /// The number of sets.
        public var setCount: Int { bits.count / Self.wordsPerSet }

        /// The most key slots a table can have: every key case plus key 0.
        public static let maximumKeyCount = Key.allCases.count + 1

        /// A sentence naming the first inconsistency that would make lookups unsafe, or `nil`.
        ///
        /// Checks the sizes, that no set holds symbol 0 or a symbol above the alphabet, that every
        /// rank is its running count and the first-symbol sets are as many as the second-symbol
        /// sets' members, and that every pattern index names a pattern: enough that no lookup or
        /// listing can trap. Whether the replacements are real symbols is ``TableFile``'s entry check.
        public var problem: String? {
            let words = Self.wordsPerSet
            guard (1...Self.maximumKeyCount).contains(keyCount) else {
                return "key count \(keyCount) outside 1...\(Self.maximumKeyCount)"
            }
            guard defaults.count == keyCount else { return "\(defaults.count) defaults for \(keyCount) keys" }
            guard bits.count % words == 0 else { return "\(bits.count) bit words for sets of \(words) words" }
            guard setCount >= 2 * keyCount else { return "\(setCount) sets for \(keyCount) keys" }
            guard patterns.count <= 1 << 16 else { return "\(patterns.count) patterns, more than 65536" }
            let spare = UInt64.max << UInt64(Int(TableSymbol.count) % 64 + 1)
            var outside: UInt64 = 0
            for set in 0..<setCount { outside |= bits[set * words] & 1 | bits[set * words + words - 1] & spare }
            guard outside == 0 else { return "a set holds symbol 0 or a symbol above \(TableSymbol.count)" }
            for word in 0..<words where bits[word] != 0 { return "key 0 has one-scalar tails" }
            guard setKinds != nil, ranks.count == bits.count else {
                return "\(setCount - 2 * keyCount) first-symbol sets for the second-symbol sets' members"
            }
            var transitions = 0
            // The last transition set's last rank and bits count every transition.
            if let last = setKinds!.lastIndex(of: .transitions) {
                transitions = Int(ranks[last * words + words - 1]) + bits[last * words + words - 1].nonzeroBitCount
            }
            guard transitions == values.count else { return "\(transitions) transitions but \(values.count) values" }
            var largest: UInt16 = 0
            for value in values { largest = Swift.max(largest, value) }
            guard values.isEmpty || Int(largest) < patterns.count else {
                return "pattern index \(largest) outside 0..<\(patterns.count)"
            }
            return nil
        }

        /// What a set's members count: transitions, first-symbol sets, or live pairs.
        enum SetKind: Int {
            case transitions, groups, livePairs
        }

        /// Each set's kind, in set order; `nil` if there are not as many first-symbol sets as the
        /// second-symbol sets have members.
        var setKinds: [SetKind]? {
            var kinds = [SetKind](repeating: .transitions, count: keyCount)
            kinds += [SetKind](repeating: .groups, count: keyCount)
            for key in 0..<keyCount {
                var members = 0
                for word in 0..<Self.wordsPerSet {
                    members += bits[(keyCount + key) * Self.wordsPerSet + word].nonzeroBitCount
                }
                kinds += [SetKind](repeating: key == 0 ? .livePairs : .transitions, count: members)
            }
            return kinds.count == setCount ? kinds : nil
        }
    }

    /// The arrays behind this table.
    public let layout: Layout
    /// The keyboard layout whose keys this table answers.
    public let keyboard: KeyboardLayout
    /// The keys this table numbers, key number 1 first (``KeyboardLayout/tableKeys``).
    public var keys: [Key] { keyboard.tableKeys }
    /// Each key's number in this table by raw value; 0 for keys it does not hold.
    @usableFromInline let numbers: [UInt8]

    /// Builds `keyboard`'s table from its transitions and live pairs (the generator's path).
    public init(
        transitions: [Transition], livePairs: [(Unicode.Scalar, Unicode.Scalar)], keyboard: KeyboardLayout = .cheonjiin
    ) {
        let numbers = Self.numbers(of: keyboard.tableKeys)
        let keyCount = keyboard.tableKeys.count + 1
        var defaults = [UInt64](repeating: 0, count: keyCount)
        // (key, second) → first → replacement; a one-scalar tail has first 0.
        var singles = [[UInt16: UInt64]](repeating: [:], count: keyCount)
        var pairs = [[UInt16: [UInt16: UInt64]]](repeating: [:], count: keyCount)
        for transition in transitions {
            let symbols = transition.tail.map { Self.requireSymbol($0) }
            var replacement: UInt64 = 0
            for (index, scalar) in transition.replacement.enumerated() {
                replacement |= UInt64(Self.requireSymbol(scalar)) << (16 * index)
            }
            let key = Int(numbers[Int(transition.key.rawValue)])
            precondition(key != 0, "TransitionTable: \(transition.key.name) is not a key of \(keyboard.name)")
            switch symbols.count {
            case 0: defaults[key] = replacement
            case 1: singles[key][symbols[0]] = replacement
            default: pairs[key][symbols[1], default: [:]][symbols[0]] = replacement
            }
        }
        for (first, second) in livePairs {
            pairs[0][Self.requireSymbol(second), default: [:]][Self.requireSymbol(first)] = 0
        }
        // Patterns: the first symbol relative to the tail symbol it replaces, numbered in sorted order.
        var relative: [UInt64] = []  // per transition, in rank order
        func pattern(_ replacement: UInt64, relativeTo symbol: UInt16) -> UInt64 {
            replacement & ~0xFFFF | UInt64(UInt16(truncatingIfNeeded: replacement) &- symbol)
        }
        var setBits: [[UInt16]] = []  // each set's members, sorted
        for key in 0..<keyCount {
            let members = singles[key].keys.sorted()
            setBits.append(members)
            if key > 0 { for second in members { relative.append(pattern(singles[key][second]!, relativeTo: second)) } }
        }
        for key in 0..<keyCount { setBits.append(pairs[key].keys.sorted()) }
        for key in 0..<keyCount {
            for second in pairs[key].keys.sorted() {
                let firsts = pairs[key][second]!
                let members = firsts.keys.sorted()
                setBits.append(members)
                if key > 0 { for first in members { relative.append(pattern(firsts[first]!, relativeTo: first)) } }
            }
        }
        let patterns = Array(Set(relative)).sorted()
        var patternIndex: [UInt64: UInt16] = [:]
        for (index, pattern) in patterns.enumerated() { patternIndex[pattern] = UInt16(index) }
        let words = Layout.wordsPerSet
        var bits = [UInt64](repeating: 0, count: setBits.count * words)
        for (set, members) in setBits.enumerated() {
            for symbol in members { bits[set * words + Int(symbol >> 6)] |= 1 << UInt64(symbol & 63) }
        }
        let layout = Layout(
            keyCount: keyCount, defaults: defaults, bits: bits, patterns: patterns,
            values: relative.map { patternIndex[$0]! }
        )
        if let problem = layout.problem {
            preconditionFailure("TransitionTable: built an inconsistent layout: \(problem)")
        }
        self.init(checkedLayout: layout, keyboard: keyboard)
    }

    /// Wraps arrays read from a table file as 천지인's, or returns `nil` if ``Layout/problem``
    /// finds them inconsistent; ``reading(as:)`` reads them as another layout's.
    public init?(layout: Layout) {
        guard layout.problem == nil else { return nil }
        self.init(checkedLayout: layout, keyboard: .cheonjiin)
    }

    /// The same arrays read as `keyboard`'s table; `nil` if their key count is not that layout's.
    public func reading(as keyboard: KeyboardLayout) -> TransitionTable? {
        guard layout.keyCount == keyboard.tableKeys.count + 1 else { return nil }
        return TransitionTable(checkedLayout: layout, keyboard: keyboard)
    }

    private init(checkedLayout layout: Layout, keyboard: KeyboardLayout) {
        self.layout = layout
        self.keyboard = keyboard
        // A number past the file's keys reads as a key it does not hold (``reading(as:)`` checks the count).
        numbers = Self.numbers(of: keyboard.tableKeys).map { Int($0) < layout.keyCount ? $0 : 0 }
        keyCount = layout.keyCount
        var defaults = 0
        for replacement in layout.defaults where replacement != 0 { defaults += 1 }
        transitionCount = layout.values.count + defaults
        let words = Layout.wordsPerSet
        var pairs = 0
        for (set, kind) in (layout.setKinds ?? []).enumerated() where kind == .livePairs {
            for word in 0..<words { pairs += layout.bits[set * words + word].nonzeroBitCount }
        }
        livePairCount = pairs
    }

    private static func numbers(of keys: [Key]) -> [UInt8] {
        var numbers = [UInt8](repeating: 0, count: Int(Key.allCases.map(\.rawValue).max()!) + 1)
        for (index, key) in keys.enumerated() { numbers[Int(key.rawValue)] = UInt8(index + 1) }
        return numbers
    }

    @usableFromInline let keyCount: Int

    /// The number of transitions (keys' defaults included).
    public let transitionCount: Int

    /// The number of live pairs.
    public let livePairCount: Int

    /// Looks up the replacement for `key` after a one-scalar (`first` = 0) or two-scalar tail, as packed symbols.
    ///
    /// Returns 0 when the table has no such transition.
    @inlinable @inline(__always)
    public func replacement(for key: Key, first: UInt16, second: UInt16) -> UInt64 {
        replacement(forNumber: number(of: key), first: first, second: second)
    }

    /// The replacement appended when no tail matches `key`, as packed symbols.
    @inlinable
    public func defaultReplacement(for key: Key) -> UInt64 {
        defaultReplacement(forNumber: number(of: key))
    }

    /// `key`'s number in this table (1 + its index in ``keys``), or 0 if the table does not hold it:
    /// one load, which a caller making several lookups for one key makes once.
    @inlinable @inline(__always)
    public func number(of key: Key) -> Int {
        Int(numbers.withUnsafeBufferPointer { $0[Int(key.rawValue)] })
    }

    /// ``replacement(for:first:second:)`` for the key numbered `number` (``number(of:)``).
    @inlinable @inline(__always)
    public func replacement(forNumber number: Int, first: UInt16, second: UInt16) -> UInt64 {
        guard number != 0 else { return 0 }
        if first == 0 { return value(set: number, symbol: second, tail: second) }
        guard let group = rank(set: keyCount + number, symbol: second) else { return 0 }
        return value(set: 2 * keyCount + group, symbol: first, tail: first)
    }

    /// ``defaultReplacement(for:)`` for the key numbered `number` (``number(of:)``).
    @inlinable @inline(__always)
    public func defaultReplacement(forNumber number: Int) -> UInt64 {
        number != 0 ? layout.defaults.withUnsafeBufferPointer { $0[number] } : 0
    }

    /// Whether the two-scalar tail (`first`, `second`) is a live pair.
    @inlinable @inline(__always)
    public func isLivePair(first: UInt16, second: UInt16) -> Bool {
        guard let group = rank(set: keyCount, symbol: second) else { return false }
        return rank(set: 2 * keyCount + group, symbol: first) != nil
    }

    /// The rank of `symbol` in set `set`, or `nil` if it is not a member.
    @inlinable @inline(__always)
    func rank(set: Int, symbol: UInt16) -> Int? {
        let word = set &* Layout.wordsPerSet &+ Int(symbol >> 6)
        guard symbol <= TableSymbol.count else { return nil }
        let bits = layout.bits.withUnsafeBufferPointer { $0[word] }
        let below = bits & ((1 << UInt64(symbol & 63)) &- 1)
        guard bits & (1 << UInt64(symbol & 63)) != 0 else { return nil }
        return Int(layout.ranks.withUnsafeBufferPointer { $0[word] }) &+ below.nonzeroBitCount
    }

    /// The replacement of the transition for `symbol` in transition set `set`, its pattern made
    /// absolute with `tail`; 0 if `symbol` is not a member.
    @inlinable @inline(__always)
    func value(set: Int, symbol: UInt16, tail: UInt16) -> UInt64 {
        guard let index = rank(set: set, symbol: symbol) else { return 0 }
        let pattern = layout.patterns.withUnsafeBufferPointer { patterns in
            layout.values.withUnsafeBufferPointer { patterns[Int($0[index])] }
        }
        return pattern & ~0xFFFF | UInt64(UInt16(truncatingIfNeeded: pattern) &+ tail)
    }

    /// Every transition, sorted by key (in ``KeyboardLayout/tableKeys`` order), then tail.
    public var transitions: [Transition] {
        var result: [Transition] = []
        for key in keys where numbers[Int(key.rawValue)] != 0 {
            var ofKey: [Transition] = []
            let index = Int(numbers[Int(key.rawValue)])
            if layout.defaults[index] != 0 {
                ofKey.append(
                    Transition(
                        key: key, tail: [], replacement: Self.unpack(layout.defaults[index]).map(Self.scalar(of:))))
            }
            for second in members(of: index) {
                let replacement = value(set: index, symbol: second, tail: second)
                ofKey.append(
                    Transition(
                        key: key, tail: [Self.scalar(of: second)],
                        replacement: Self.unpack(replacement).map(Self.scalar(of:))))
            }
            for second in members(of: keyCount + index) {
                let group = rank(set: keyCount + index, symbol: second)!
                for first in members(of: 2 * keyCount + group) {
                    let replacement = value(set: 2 * keyCount + group, symbol: first, tail: first)
                    ofKey.append(
                        Transition(
                            key: key, tail: [first, second].map(Self.scalar(of:)),
                            replacement: Self.unpack(replacement).map(Self.scalar(of:)))
                    )
                }
            }
            result += ofKey.sorted()
        }
        return result
    }

    /// Every live pair, sorted.
    public var livePairs: [(Unicode.Scalar, Unicode.Scalar)] {
        var pairs: [(UInt32, UInt32)] = []
        for second in members(of: keyCount) {
            let group = rank(set: keyCount, symbol: second)!
            for first in members(of: 2 * keyCount + group) {
                pairs.append((TableSymbol.scalar(for: first), TableSymbol.scalar(for: second)))
            }
        }
        return pairs.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.map {
            (Unicode.Scalar($0.0)!, Unicode.Scalar($0.1)!)
        }
    }

    /// The members of set `set`, ascending.
    func members(of set: Int) -> [UInt16] {
        var result: [UInt16] = []
        for word in 0..<Layout.wordsPerSet {
            var bits = layout.bits[set * Layout.wordsPerSet + word]
            while bits != 0 {
                result.append(UInt16(word * 64 + bits.trailingZeroBitCount))
                bits &= bits - 1
            }
        }
        return result
    }

    /// The symbols of a packed replacement, in order.
    @inlinable
    public static func unpack(_ replacement: UInt64) -> [UInt16] {
        (0..<3).map { UInt16(truncatingIfNeeded: replacement >> (16 * $0)) }.filter { $0 != 0 }
    }

    private static func requireSymbol(_ scalar: Unicode.Scalar) -> UInt16 {
        let symbol = TableSymbol.symbol(for: scalar.value)
        precondition(symbol != 0, "TransitionTable: U+\(String(scalar.value, radix: 16)) is outside the table alphabet")
        return symbol
    }

    private static func scalar(of symbol: UInt16) -> Unicode.Scalar {
        Unicode.Scalar(TableSymbol.scalar(for: symbol)) ?? "\u{FFFD}"
    }
}
