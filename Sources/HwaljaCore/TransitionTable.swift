/// The Cheon-Ji-In transition table in memory: (key, last one or two scalars) → replacement.
///
/// Lookups are by integer key, never by string: a tail and a key pack into 32 bits
/// (`key << 28 | first << 14 | second`, with ``TableSymbol`` numbers), hashed into buckets of a
/// sorted array. The same arrays are what the table file stores, so loading is a copy, not a build.
///
/// Besides transitions the table lists *live pairs*: two-scalar tails whose first scalar can still
/// change on a later key (갈ㄷ may become 갍). The composer keeps such a pair in its preedit and
/// commits everything before it. Live pairs are stored as entries with key field 0.
public struct TransitionTable: Sendable {
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
            var badKey: UInt32 = 0
            for packed in packedKeys { badKey |= packed >> 28 > UInt32(Key.punctuation.rawValue) ? 1 : 0 }
            guard badKey == 0 else { return "an entry names a key outside 0...\(Key.punctuation.rawValue)" }
            var wide: UInt64 = 0
            for replacement in replacements { wide |= replacement >> 48 }
            guard wide == 0 else { return "a replacement is longer than three symbols" }
            return nil
        }
    }

    /// The arrays behind this table.
    public let layout: Layout
    @usableFromInline let defaults: [UInt64]

    /// Builds a table from its transitions and live pairs (the generator's path).
    public init(transitions: [Transition], livePairs: [(Unicode.Scalar, Unicode.Scalar)]) {
        var entries: [(packed: UInt32, replacement: UInt64)] = []
        for transition in transitions {
            let symbols = transition.tail.map { Self.requireSymbol($0) }
            let packed = Self.pack(
                key: transition.key.rawValue,
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
        self.init(checkedLayout: layout)
    }

    /// Wraps arrays read from a table file, or returns `nil` if ``Layout/problem`` finds them inconsistent.
    public init?(layout: Layout) {
        guard layout.problem == nil else { return nil }
        self.init(checkedLayout: layout)
    }

    private init(checkedLayout layout: Layout) {
        self.layout = layout
        var defaults = [UInt64](repeating: 0, count: Int(Key.punctuation.rawValue) + 1)
        for key in Key.tableKeys {
            defaults[Int(key.rawValue)] = Self.find(Self.pack(key: key.rawValue, first: 0, second: 0), in: layout) ?? 0
        }
        self.defaults = defaults
        var markers = 0
        for packed in layout.packedKeys where packed >> 28 == 0 { markers += 1 }
        transitionCount = layout.packedKeys.count - markers
    }

    /// The number of transitions (live-pair markers not counted).
    public let transitionCount: Int

    /// The number of live pairs.
    public var livePairCount: Int { layout.packedKeys.count - transitionCount }

    /// Looks up the replacement for `key` after a one-scalar (`first` = 0) or two-scalar tail, as packed symbols.
    ///
    /// Returns 0 when the table has no such transition.
    @inlinable
    public func replacement(for key: Key, first: UInt16, second: UInt16) -> UInt64 {
        Self.find(Self.pack(key: key.rawValue, first: first, second: second), in: layout) ?? 0
    }

    /// The replacement appended when no tail matches `key`, as packed symbols.
    @inlinable
    public func defaultReplacement(for key: Key) -> UInt64 {
        defaults[Int(key.rawValue)]
    }

    /// Whether the two-scalar tail (`first`, `second`) is a live pair.
    @inlinable
    public func isLivePair(first: UInt16, second: UInt16) -> Bool {
        Self.find(Self.pack(key: 0, first: first, second: second), in: layout) != nil
    }

    /// Every transition, sorted by key, then tail.
    public var transitions: [Transition] {
        var result: [Transition] = []
        for (index, packed) in layout.packedKeys.enumerated() where packed >> 28 != 0 {
            let key = Key(rawValue: UInt8(packed >> 28))!
            let tail = [UInt16((packed >> 14) & 0x3FFF), UInt16(packed & 0x3FFF)].filter { $0 != 0 }
            result.append(
                Transition(
                    key: key,
                    tail: tail.map(Self.scalar(of:)),
                    replacement: Self.unpack(layout.replacements[index]).map(Self.scalar(of:))
                )
            )
        }
        return result.sorted()
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
