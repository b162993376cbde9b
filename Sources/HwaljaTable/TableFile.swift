import HwaljaCore

/// A layout's binary table file (`Tables/hwalja.table` for 천지인), format version 2. All integers little-endian.
///
/// | offset | size | field |
/// |---|---|---|
/// | 0 | 8 | magic `HWALJATB` |
/// | 8 | 2 | format version (2) |
/// | 10 | 2 | header size (40) |
/// | 12 | 4 | alphabet size (``TableSymbol/count``, 11291) |
/// | 16 | 2 | key slots *K*: key 0 for live pairs, then the layout's ``KeyboardLayout/tableKeys`` (12 for 천지인, 18 for 천지인 플러스) |
/// | 18 | 2 | words per set *W* (177) |
/// | 20 | 4 | set count *S* |
/// | 24 | 8 | checksum of every byte after the header (``Checksum``) |
/// | 32 | 4 | pattern count *P* |
/// | 36 | 4 | transition count *V* (defaults not counted) |
/// | 40 | 8·K | each key's default replacement: three 16-bit symbols, first lowest, 0-padded |
/// | … | 8·S·W | the symbol sets' bits (``TransitionTable/Layout``) |
/// | … | 8·P | replacement patterns, as the defaults, the first symbol relative to the tail |
/// | … | 2·V | each transition's pattern index, in rank order |
///
/// Loading copies the arrays, counts the ranks from the bits (a few thousand words), and checks
/// the structure and every transition's replacement symbols (``EntryCheck``). A version 1 file is
/// refused in one line, as any other version.
public enum TableFile {
    /// The first eight bytes of every table file.
    public static let magic: [UInt8] = Array("HWALJATB".utf8)
    /// The format version this build writes and reads.
    public static let formatVersion: UInt16 = 2
    /// Size of the fixed header in bytes.
    public static let headerSize = 40

    /// Serialises a table. The same table always gives the same bytes.
    public static func encode(_ table: TransitionTable) -> [UInt8] {
        let layout = table.layout
        var payload: [UInt8] = []
        payload.reserveCapacity(
            8 * (layout.defaults.count + layout.bits.count + layout.patterns.count) + 2 * layout.values.count)
        for replacement in layout.defaults { payload.appendLittleEndian(replacement) }
        for word in layout.bits { payload.appendLittleEndian(word) }
        for pattern in layout.patterns { payload.appendLittleEndian(pattern) }
        for value in layout.values { payload.appendLittleEndian(value) }
        var bytes = magic
        bytes.appendLittleEndian(formatVersion)
        bytes.appendLittleEndian(UInt16(headerSize))
        bytes.appendLittleEndian(UInt32(TableSymbol.count))
        bytes.appendLittleEndian(UInt16(layout.keyCount))
        bytes.appendLittleEndian(UInt16(TransitionTable.Layout.wordsPerSet))
        bytes.appendLittleEndian(UInt32(layout.setCount))
        bytes.appendLittleEndian(Checksum.of(payload))
        bytes.appendLittleEndian(UInt32(layout.patterns.count))
        bytes.appendLittleEndian(UInt32(layout.values.count))
        return bytes + payload
    }

    /// The checksum a table file's header declares (read without checking anything else), or `nil` if the header is short.
    public static func declaredChecksum(_ bytes: [UInt8]) -> UInt64? {
        guard bytes.count >= 32 else { return nil }
        return bytes.withUnsafeBytes { $0.littleEndian(at: 24) as UInt64 }
    }

    /// Reads a table file, refusing anything damaged with a ``TableError`` that names the problem.
    public static func decode(_ bytes: [UInt8]) throws(TableError) -> TransitionTable {
        let result: Result<TransitionTable, TableError> = bytes.withUnsafeBytes { raw in
            Result { () throws(TableError) in try decode(raw) }
        }
        return try result.get()
    }

    /// Reads a table file from raw bytes; see ``decode(_:)-([UInt8])``.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(TableError) -> TransitionTable {
        guard bytes.count >= magic.count else {
            throw bytes.elementsEqual(magic.prefix(bytes.count))
                ? .truncated(at: bytes.count, needed: headerSize) : .badMagic
        }
        guard bytes.prefix(magic.count).elementsEqual(magic) else { throw .badMagic }
        guard bytes.count >= 10 else { throw .truncated(at: bytes.count, needed: headerSize) }
        let version: UInt16 = bytes.littleEndian(at: 8)
        guard version == formatVersion else { throw .unsupportedVersion(found: version, supported: formatVersion) }
        guard bytes.count >= headerSize else { throw .truncated(at: bytes.count, needed: headerSize) }
        let declaredHeader: UInt16 = bytes.littleEndian(at: 10)
        guard declaredHeader == headerSize else {
            throw .inconsistent("header size \(declaredHeader), expected \(headerSize)")
        }
        let alphabet: UInt32 = bytes.littleEndian(at: 12)
        let keyCount = Int(bytes.littleEndian(at: 16) as UInt16)
        let wordsPerSet = Int(bytes.littleEndian(at: 18) as UInt16)
        let sets = Int(bytes.littleEndian(at: 20) as UInt32)
        let checksum: UInt64 = bytes.littleEndian(at: 24)
        let patterns = Int(bytes.littleEndian(at: 32) as UInt32)
        let values = Int(bytes.littleEndian(at: 36) as UInt32)
        guard alphabet == UInt32(TableSymbol.count) else {
            throw .inconsistent("alphabet of \(alphabet) symbols, this build knows \(TableSymbol.count)")
        }
        guard wordsPerSet == TransitionTable.Layout.wordsPerSet else {
            throw .inconsistent("\(wordsPerSet) words per set, expected \(TransitionTable.Layout.wordsPerSet)")
        }
        guard (1...TransitionTable.Layout.maximumKeyCount).contains(keyCount), sets <= 1 << 16, patterns <= 1 << 16,
            values <= 1 << 26
        else {
            throw .inconsistent(
                "implausible sizes (\(keyCount) keys, \(sets) sets, \(patterns) patterns, \(values) transitions)")
        }
        let bitsOffset = headerSize + 8 * keyCount
        let patternsOffset = bitsOffset + 8 * sets * wordsPerSet
        let valuesOffset = patternsOffset + 8 * patterns
        let size = valuesOffset + 2 * values
        guard bytes.count >= size else { throw .truncated(at: bytes.count, needed: size) }
        guard bytes.count == size else { throw .trailingBytes(expected: size, found: bytes.count) }
        let found = Checksum.of(UnsafeRawBufferPointer(rebasing: bytes[headerSize...]))
        guard found == checksum else { throw .checksumMismatch(expected: checksum, found: found) }

        let layout = TransitionTable.Layout(
            keyCount: keyCount,
            defaults: bytes.littleEndianArray(of: UInt64.self, at: headerSize, count: keyCount),
            bits: bytes.littleEndianArray(of: UInt64.self, at: bitsOffset, count: sets * wordsPerSet),
            patterns: bytes.littleEndianArray(of: UInt64.self, at: patternsOffset, count: patterns),
            values: bytes.littleEndianArray(of: UInt16.self, at: valuesOffset, count: values)
        )
        guard let table = TransitionTable(layout: layout) else {
            throw .inconsistent(layout.problem ?? "unknown problem")
        }
        if let problem = EntryCheck.problem(layout) { throw .inconsistent(problem) }
        return table
    }
}

extension Array where Element == UInt8 {
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}

extension UnsafeRawBufferPointer {
    /// `count` integers stored little-endian from `offset`, copied in one go on little-endian hosts.
    func littleEndianArray<T: FixedWidthInteger>(of type: T.Type, at offset: Int, count: Int) -> [T] {
        [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(
                from: UnsafeRawBufferPointer(rebasing: self[offset..<(offset + count * MemoryLayout<T>.size)])
            )
            if 1.littleEndian != 1 {
                for index in 0..<count { buffer[index] = T(littleEndian: buffer[index]) }
            }
            initialized = count
        }
    }

    func littleEndian<T: FixedWidthInteger>(at offset: Int) -> T {
        T(littleEndian: loadUnaligned(fromByteOffset: offset, as: T.self))
    }
}
