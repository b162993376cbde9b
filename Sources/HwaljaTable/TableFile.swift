import HwaljaCore

/// The binary table file (`Tables/hwalja.table`), format version 1. All integers little-endian.
///
/// | offset | size | field |
/// |---|---|---|
/// | 0 | 8 | magic `HWALJATB` |
/// | 8 | 2 | format version (1) |
/// | 10 | 2 | header size (32) |
/// | 12 | 4 | entry count *N* (transitions and live-pair markers) |
/// | 16 | 4 | bucket bits *B* |
/// | 20 | 4 | alphabet size (``TableSymbol/count``, 11291) |
/// | 24 | 8 | checksum of every byte after the header (``Checksum``) |
/// | 32 | 4·(2^B+1) | bucket starts: index of each bucket's first entry, then *N* |
/// | … | 4·N | packed keys: `key << 28 \| first << 14 \| second` (``TableSymbol`` numbers; key 0 marks a live pair) |
/// | … | 6·N | replacements: three 16-bit symbols each, 0-padded |
///
/// Entry *i* belongs to bucket `(packed · 0x9E3779B1 mod 2³²) >> (32 − B)`; entries are sorted by
/// bucket, then packed key. Loading is a copy into arrays, nothing is rebuilt, and every entry's
/// key and symbols are checked (``EntryCheck``).
public enum TableFile {
    /// The first eight bytes of every table file.
    public static let magic: [UInt8] = Array("HWALJATB".utf8)
    /// The format version this build writes and reads.
    public static let formatVersion: UInt16 = 1
    /// Size of the fixed header in bytes.
    public static let headerSize = 32

    /// Serialises a table. The same table always gives the same bytes.
    public static func encode(_ table: TransitionTable) -> [UInt8] {
        let layout = table.layout
        var payload: [UInt8] = []
        payload.reserveCapacity(layout.bucketStarts.count * 4 + layout.packedKeys.count * 10)
        for start in layout.bucketStarts { payload.appendLittleEndian(start) }
        for packed in layout.packedKeys { payload.appendLittleEndian(packed) }
        for replacement in layout.replacements {
            for position in 0..<3 { payload.appendLittleEndian(UInt16(truncatingIfNeeded: replacement >> (16 * position))) }
        }
        var bytes = magic
        bytes.appendLittleEndian(formatVersion)
        bytes.appendLittleEndian(UInt16(headerSize))
        bytes.appendLittleEndian(UInt32(layout.packedKeys.count))
        bytes.appendLittleEndian(UInt32(layout.bucketBits))
        bytes.appendLittleEndian(UInt32(TableSymbol.count))
        bytes.appendLittleEndian(Checksum.of(payload))
        return bytes + payload
    }

    /// The checksum a table file's header declares (read without checking anything else), or `nil` if the header is short.
    public static func declaredChecksum(_ bytes: [UInt8]) -> UInt64? {
        guard bytes.count >= headerSize else { return nil }
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
            throw bytes.elementsEqual(magic.prefix(bytes.count)) ? .truncated(at: bytes.count, needed: headerSize) : .badMagic
        }
        guard bytes.prefix(magic.count).elementsEqual(magic) else { throw .badMagic }
        guard bytes.count >= 10 else { throw .truncated(at: bytes.count, needed: headerSize) }
        let version: UInt16 = bytes.littleEndian(at: 8)
        guard version == formatVersion else { throw .unsupportedVersion(found: version, supported: formatVersion) }
        guard bytes.count >= headerSize else { throw .truncated(at: bytes.count, needed: headerSize) }
        let declaredHeader: UInt16 = bytes.littleEndian(at: 10)
        guard declaredHeader == headerSize else { throw .inconsistent("header size \(declaredHeader), expected \(headerSize)") }
        let entries = Int(bytes.littleEndian(at: 12) as UInt32)
        let bucketBits = Int(bytes.littleEndian(at: 16) as UInt32)
        let alphabet: UInt32 = bytes.littleEndian(at: 20)
        let checksum: UInt64 = bytes.littleEndian(at: 24)
        guard bucketBits <= 24, entries <= 1 << 26 else {
            throw .inconsistent("implausible sizes (\(entries) entries, \(bucketBits) bucket bits)")
        }
        guard alphabet == UInt32(TableSymbol.count) else {
            throw .inconsistent("alphabet of \(alphabet) symbols, this build knows \(TableSymbol.count)")
        }
        let bucketCount = (1 << bucketBits) + 1
        let keysOffset = headerSize + 4 * bucketCount
        let replacementsOffset = keysOffset + 4 * entries
        let size = replacementsOffset + 6 * entries
        guard bytes.count >= size else { throw .truncated(at: bytes.count, needed: size) }
        guard bytes.count == size else { throw .trailingBytes(expected: size, found: bytes.count) }
        let found = Checksum.of(UnsafeRawBufferPointer(rebasing: bytes[headerSize...]))
        guard found == checksum else { throw .checksumMismatch(expected: checksum, found: found) }

        let layout = TransitionTable.Layout(
            bucketBits: bucketBits,
            bucketStarts: bytes.littleEndianArray(of: UInt32.self, at: headerSize, count: bucketCount),
            packedKeys: bytes.littleEndianArray(of: UInt32.self, at: keysOffset, count: entries),
            replacements: [UInt64](unsafeUninitializedCapacity: entries) { buffer, initialized in
                for index in 0..<entries {
                    let base = replacementsOffset + 6 * index
                    buffer[index] = UInt64(bytes.littleEndian(at: base) as UInt16)
                        | UInt64(bytes.littleEndian(at: base + 2) as UInt16) << 16
                        | UInt64(bytes.littleEndian(at: base + 4) as UInt16) << 32
                }
                initialized = entries
            }
        )
        if let problem = EntryCheck.problem(packedKeys: layout.packedKeys, replacements: layout.replacements) {
            throw .inconsistent(problem)
        }
        guard let table = TransitionTable(layout: layout) else {
            throw .inconsistent(layout.problem ?? "unknown problem")
        }
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
