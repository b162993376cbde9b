/// A layout's transition table in memory: (key, last one or two scalars) → replacement.
///
/// Lookups are by integer key, never by string: a tail and a key pack into 32 bits
/// (`key << 28 | first << 14 | second`, with ``TableSymbol`` numbers), hashed into buckets of a
/// sorted array. The same arrays are what the table file stores, so loading is a copy, not a build.
///
/// Besides transitions the table lists *live pairs*: two-scalar tails whose first scalar can still
/// change on a later key (갈ㄷ may become 갍). The composer keeps such a pair in its preedit and
/// commits everything before it. Live pairs are stored as entries with key field 0.
///
/// The key field holds the key's number in ``keys`` (1...15). A layout with more letter keys
/// (천지인 플러스 has 17) keeps the rest in a ``continuation`` table, stored as a second file.
public struct TransitionTable: Sendable {
    /// The highest key number one table (one file) can hold.
    public static let maximumKeyNumber = 15

    /// The arrays behind a table, exactly as the table file stores them.
    public struct Layout: Sendable, Equatable {
        /// log2 of the number of buckets.
        public var bucketBits: Int
        /// For each bucket, the index of its first entry; one more element than there are buckets.
        public var bucketStarts: [UInt32]
        /// Packed (key, tail) of each entry, sorted by bucket, then value.
        public var packedKeys: [UInt32]
        /// Each entry's replacement: up to three symbols, 16 bits each, first symbol lowest, 0-padded.
        public var replacements: [UInt64]

        public init(bucketBits: Int, bucketStarts: [UInt32], packedKeys: [UInt32], replacements: [UInt64]) {
            self.bucketBits = bucketBits
            self.bucketStarts = bucketStarts
            self.packedKeys = packedKeys
            self.replacements = replacements
        }

        /// A sentence naming the first inconsistency that would make lookups unsafe, or `nil`.
        ///
        /// Checks the bucket offsets, the key fields and the replacement widths: enough that no
        /// lookup or listing can trap. It does not re-derive the sort order (an out-of-order entry
        /// is only a wrong answer); damage is the checksum's job.
        public var problem: String? {
            guard (0...24).contains(bucketBits) else { return "bucket bits \(bucketBits) outside 0...24" }
            guard bucketStarts.count == (1 << bucketBits) + 1 else {
                return "\(bucketStarts.count) bucket offsets for \(1 << bucketBits) buckets"
            }
            guard packedKeys.count == replacements.count else {
                return "\(packedKeys.count) keys but \(replacements.count) replacements"
            }
            guard bucketStarts.first == 0, bucketStarts.last == UInt32(packedKeys.count) else {
                return "bucket offsets do not span the \(packedKeys.count) entries"
            }
            var previous: UInt32 = 0
            for (bucket, start) in bucketStarts.enumerated() {
                guard start >= previous else { return "bucket \(bucket - 1) has a negative length" }
                previous = start
            }
            // Four bits hold any key number 0...15 (``TransitionTable/maximumKeyNumber``).
            var wide: UInt64 = 0
            for replacement in replacements { wide |= replacement >> 48 }
            guard wide == 0 else { return "a replacement is longer than three symbols" }
            return nil
        }
    }

    /// The arrays behind this table.
    public let layout: Layout
    /// The keyboard layout whose keys this table answers.
    public let keyboard: KeyboardLayout
    /// The keys this table numbers, key number 1 first (the layout's first fifteen table keys).
    public let keys: [Key]
    /// The table for the layout's keys past the fifteenth (empty, or one table holding no live pairs).
    public let continuation: [TransitionTable]
    /// Each key's number in this table by raw value; 0 for keys it does not hold.
    @usableFromInline let numbers: [UInt8]
    @usableFromInline let defaults: [UInt64]

    /// Builds a table from its transitions and live pairs (the generator's path). Transitions of
    /// keys past the fifteenth of `keyboard` go into the ``continuation``.
    public init(transitions: [Transition], livePairs: [(Unicode.Scalar, Unicode.Scalar)], keyboard: KeyboardLayout = .cheonjiin) {
        let allKeys = keyboard.tableKeys
        let keys = Array(allKeys.prefix(Self.maximumKeyNumber))
        var continuation: [TransitionTable] = []
        if allKeys.count > keys.count {
            let rest = Array(allKeys.dropFirst(keys.count))
            continuation = [
                TransitionTable(
                    entriesOf: transitions.filter { rest.contains($0.key) }, livePairs: [], keyboard: keyboard, keys: rest
                )
            ]
        }
        let primary = TransitionTable(
            entriesOf: transitions.filter { keys.contains($0.key) }, livePairs: livePairs, keyboard: keyboard, keys: keys
        )
        self.init(checkedLayout: primary.layout, keyboard: keyboard, keys: keys, continuation: continuation)
    }

    private init(entriesOf transitions: [Transition], livePairs: [(Unicode.Scalar, Unicode.Scalar)], keyboard: KeyboardLayout, keys: [Key]) {
        let numbers = Self.numbers(of: keys)
        var entries: [(packed: UInt32, replacement: UInt64)] = []
        for transition in transitions {
            let symbols = transition.tail.map { Self.requireSymbol($0) }
            let packed = Self.pack(
                key: numbers[Int(transition.key.rawValue)],
                first: symbols.count == 2 ? symbols[0] : 0,
                second: symbols.last ?? 0
            )
            var replacement: UInt64 = 0
            for (index, scalar) in transition.replacement.enumerated() {
                replacement |= UInt64(Self.requireSymbol(scalar)) << (16 * index)
            }
            entries.append((packed, replacement))
        }
        for (first, second) in livePairs {
            entries.append((Self.pack(key: 0, first: Self.requireSymbol(first), second: Self.requireSymbol(second)), 0))
        }
        var bits = 0
        while (1 << bits) * 4 < entries.count { bits += 1 }
        entries.sort { lhs, rhs in
            let left = Self.bucket(of: lhs.packed, bits: bits)
            let right = Self.bucket(of: rhs.packed, bits: bits)
            return left != right ? left < right : lhs.packed < rhs.packed
        }
        var starts = [UInt32](repeating: 0, count: (1 << bits) + 1)
        for entry in entries { starts[Self.bucket(of: entry.packed, bits: bits) + 1] += 1 }
        for bucket in 0..<(1 << bits) { starts[bucket + 1] += starts[bucket] }
        let layout = Layout(
            bucketBits: bits,
            bucketStarts: starts,
            packedKeys: entries.map(\.packed),
            replacements: entries.map(\.replacement)
        )
        if let problem = layout.problem { preconditionFailure("TransitionTable: built an inconsistent layout: \(problem)") }
        self.init(checkedLayout: layout, keyboard: keyboard, keys: keys, continuation: [])
    }

    /// Wraps arrays read from a table file, or returns `nil` if ``Layout/problem`` finds them inconsistent.
    public init?(layout: Layout) {
        guard layout.problem == nil else { return nil }
        self.init(checkedLayout: layout, keyboard: .cheonjiin, keys: Key.tableKeys, continuation: [])
    }

    /// The same arrays read as `keyboard`'s table, with `continuation` (read from the layout's
    /// second file) for its keys past the fifteenth; `nil` if an entry names a key the layout
    /// lacks or the continuation is missing, unexpected or holds live pairs.
    public func reading(as keyboard: KeyboardLayout, continuation: TransitionTable? = nil) -> TransitionTable? {
        let allKeys = keyboard.tableKeys
        let keys = Array(allKeys.prefix(Self.maximumKeyNumber))
        let rest = Array(allKeys.dropFirst(keys.count))
        guard (continuation == nil) == rest.isEmpty, Self.keyNumbersFit(layout, count: keys.count) else { return nil }
        var parts: [TransitionTable] = []
        if let continuation {
            guard continuation.livePairCount == 0, Self.keyNumbersFit(continuation.layout, count: rest.count) else { return nil }
            parts = [TransitionTable(checkedLayout: continuation.layout, keyboard: keyboard, keys: rest, continuation: [])]
        }
        return TransitionTable(checkedLayout: layout, keyboard: keyboard, keys: keys, continuation: parts)
    }

    private static func keyNumbersFit(_ layout: Layout, count: Int) -> Bool {
        layout.packedKeys.allSatisfy { Int($0 >> 28) <= count }
    }

    private init(checkedLayout layout: Layout, keyboard: KeyboardLayout, keys: [Key], continuation: [TransitionTable]) {
        self.layout = layout
        self.keyboard = keyboard
        self.keys = keys
        self.continuation = continuation
        numbers = Self.numbers(of: keys)
        var defaults = [UInt64](repeating: 0, count: Self.maximumKeyNumber + 1)
        for (index, _) in keys.enumerated() {
            defaults[index + 1] = Self.find(Self.pack(key: UInt8(index + 1), first: 0, second: 0), in: layout) ?? 0
        }
        self.defaults = defaults
        var markers = 0
        for packed in layout.packedKeys where packed >> 28 == 0 { markers += 1 }
        transitionCount = layout.packedKeys.count - markers + continuation.reduce(0) { $0 + $1.transitionCount }
    }

    private static func numbers(of keys: [Key]) -> [UInt8] {
        var numbers = [UInt8](repeating: 0, count: Int(Key.allCases.map(\.rawValue).max()!) + 1)
        for (index, key) in keys.enumerated() { numbers[Int(key.rawValue)] = UInt8(index + 1) }
        return numbers
    }

    /// The number of transitions, the continuation's included (live-pair markers not counted).
    public let transitionCount: Int

    /// The number of live pairs.
    public var livePairCount: Int {
        layout.packedKeys.count - transitionCount + continuation.reduce(0) { $0 + $1.transitionCount }
    }

    /// Looks up the replacement for `key` after a one-scalar (`first` = 0) or two-scalar tail, as packed symbols.
    ///
    /// Returns 0 when the table has no such transition.
    @inlinable
    public func replacement(for key: Key, first: UInt16, second: UInt16) -> UInt64 {
        let number = numbers[Int(key.rawValue)]
        if number == 0 { return continuation.first?.replacement(for: key, first: first, second: second) ?? 0 }
        return Self.find(Self.pack(key: number, first: first, second: second), in: layout) ?? 0
    }

    /// The replacement appended when no tail matches `key`, as packed symbols.
    @inlinable
    public func defaultReplacement(for key: Key) -> UInt64 {
        let number = numbers[Int(key.rawValue)]
        if number == 0 { return continuation.first?.defaultReplacement(for: key) ?? 0 }
        return defaults[Int(number)]
    }

    /// Whether the two-scalar tail (`first`, `second`) is a live pair.
    @inlinable
    public func isLivePair(first: UInt16, second: UInt16) -> Bool {
        Self.find(Self.pack(key: 0, first: first, second: second), in: layout) != nil
    }

    /// Every transition, the continuation's included (entries numbering a key past ``keys`` are
    /// left out: a file read before ``reading(as:continuation:)`` checked it), sorted by key (in ``KeyboardLayout/tableKeys``
    /// order), then tail.
    public var transitions: [Transition] {
        var result: [Transition] = continuation.first?.transitions ?? []
        for (index, packed) in layout.packedKeys.enumerated() where packed >> 28 != 0 && packed >> 28 <= keys.count {
            let key = keys[Int(packed >> 28) - 1]
            let tail = [UInt16((packed >> 14) & 0x3FFF), UInt16(packed & 0x3FFF)].filter { $0 != 0 }
            result.append(
                Transition(
                    key: key,
                    tail: tail.map(Self.scalar(of:)),
                    replacement: Self.unpack(layout.replacements[index]).map(Self.scalar(of:))
                )
            )
        }
        let order = Self.numbers(of: keyboard.tableKeys)
        return result.sorted { lhs, rhs in
            lhs.key == rhs.key ? lhs < rhs : order[Int(lhs.key.rawValue)] < order[Int(rhs.key.rawValue)]
        }
    }

    /// Every live pair, sorted.
    public var livePairs: [(Unicode.Scalar, Unicode.Scalar)] {
        layout.packedKeys.filter { $0 >> 28 == 0 }.sorted().map {
            (Self.scalar(of: UInt16(($0 >> 14) & 0x3FFF)), Self.scalar(of: UInt16($0 & 0x3FFF)))
        }
    }

    /// The symbols of a packed replacement, in order.
    @inlinable
    public static func unpack(_ replacement: UInt64) -> [UInt16] {
        (0..<3).map { UInt16(truncatingIfNeeded: replacement >> (16 * $0)) }.filter { $0 != 0 }
    }

    @inlinable
    static func pack(key: UInt8, first: UInt16, second: UInt16) -> UInt32 {
        UInt32(key) << 28 | UInt32(first) << 14 | UInt32(second)
    }

    @inlinable
    static func bucket(of packed: UInt32, bits: Int) -> Int {
        bits == 0 ? 0 : Int((packed &* 0x9E37_79B1) >> UInt32(32 - bits))
    }

    @inlinable
    static func find(_ packed: UInt32, in layout: Layout) -> UInt64? {
        let bucket = bucket(of: packed, bits: layout.bucketBits)
        return layout.bucketStarts.withUnsafeBufferPointer { starts in
            layout.packedKeys.withUnsafeBufferPointer { keys in
                var index = Int(starts[bucket])
                let end = Int(starts[bucket + 1])
                while index < end {
                    if keys[index] == packed { return layout.replacements[index] }
                    index += 1
                }
                return nil
            }
        }
    }

    private static func requireSymbol(_ scalar: Unicode.Scalar) -> UInt16 {
        let symbol = TableSymbol.symbol(for: scalar.value)
        precondition(symbol != 0, "TransitionTable: U+\(String(scalar.value, radix: 16)) is outside the table alphabet")
        return symbol
    }

    private static func scalar(of symbol: UInt16) -> Unicode.Scalar {
        Unicode.Scalar(TableSymbol.scalar(for: symbol))!
    }
}
