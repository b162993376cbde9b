import HwaljaCore
import HwaljaTable

/// The lexicon on disk (`Tables/hwalja.lexicon`), version 1. Little-endian:
///
/// ```
/// header, 24 bytes: "HWLX" | version u16 | restart interval u16 | entry count u32
///                   | payload length u32 | checksum u64 (``Checksum`` of the payload)
/// payload:          entries in key order, then one u32 offset per restart entry
/// entry:            shared u8 | suffix count u8 | suffix keys by ``Key/lexiconCode``, two per
///                   byte (high nibble first, a last odd one padded with 0) | score u8
/// ```
///
/// An entry's keys are the first `shared` keys of the entry before it, then its suffix keys;
/// every `restart interval`th entry shares nothing, so a search can start there.
package enum LexiconFile {
    package static let magic: [UInt8] = Array("HWLX".utf8)
    package static let version: UInt16 = 1
    package static let headerSize = 24
    /// Entries between restart points: a search decodes at most this many before the range it wants.
    package static let restartInterval = 16

    /// The bytes of a lexicon of `entries`, sorted here into key order (the first of equal keys kept).
    package static func encode(_ entries: [LexiconEntry]) -> [UInt8] {
        var sorted: [LexiconEntry] = []
        for entry in entries.sorted() where sorted.last?.keys != entry.keys { sorted.append(entry) }
        var payload: [UInt8] = []
        var restarts: [UInt32] = []
        var previous: [Key] = []
        for (index, entry) in sorted.enumerated() {
            var shared = 0
            if index % restartInterval == 0 {
                restarts.append(UInt32(payload.count))
            } else {
                while shared < min(previous.count, entry.keys.count, 255), previous[shared] == entry.keys[shared] {
                    shared += 1
                }
            }
            let suffix = entry.keys[shared...]
            payload.append(UInt8(shared))
            payload.append(UInt8(suffix.count))
            var nibbles = suffix.map { $0.lexiconCode ?? 0 }
            if nibbles.count % 2 == 1 { nibbles.append(0) }
            for pair in stride(from: 0, to: nibbles.count, by: 2) {
                payload.append(nibbles[pair] << 4 | nibbles[pair + 1])
            }
            payload.append(entry.score)
            previous = entry.keys
        }
        for offset in restarts { append(offset, to: &payload) }
        var bytes = magic
        append(version, to: &bytes)
        append(UInt16(restartInterval), to: &bytes)
        append(UInt32(sorted.count), to: &bytes)
        append(UInt32(payload.count), to: &bytes)
        append(payload.withUnsafeBytes { Checksum.of($0) }, to: &bytes)
        return bytes + payload
    }

    /// Reads and checks lexicon bytes: header, checksum, and every entry (keys valid and in order).
    package static func decode(_ bytes: [UInt8]) throws(LexiconError) -> Lexicon {
        guard bytes.count >= headerSize else { throw .tooShort(bytes.count) }
        guard Array(bytes[0..<4]) == magic else { throw .notALexicon }
        let version = UInt16(read(bytes, at: 4, size: 2))
        guard version == Self.version else { throw .unsupportedVersion(version) }
        let interval = Int(read(bytes, at: 6, size: 2))
        let count = Int(read(bytes, at: 8, size: 4))
        let length = Int(read(bytes, at: 12, size: 4))
        guard length == bytes.count - headerSize else {
            throw .lengthMismatch(declared: length, actual: bytes.count - headerSize)
        }
        let payload = Array(bytes[headerSize...])
        guard payload.withUnsafeBytes({ Checksum.of($0) }) == read(bytes, at: 16, size: 8) else {
            throw .checksumMismatch
        }
        guard interval > 0 else { throw .badEntry(index: 0, reason: "restart interval 0") }
        let restartCount = (count + interval - 1) / interval
        guard restartCount * 4 <= payload.count else {
            throw .badEntry(index: 0, reason: "no room for \(restartCount) restart offsets")
        }
        let entriesEnd = payload.count - restartCount * 4
        var restarts: [UInt32] = []
        for index in 0..<restartCount { restarts.append(UInt32(read(payload, at: entriesEnd + 4 * index, size: 4))) }
        var lexicon = Lexicon(
            payload: payload, entriesEnd: entriesEnd, restarts: restarts, interval: interval, count: count)
        try lexicon.check()
        lexicon.indexShortPrefixes()
        return lexicon
    }

    static func read(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in (0..<size).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
        return value
    }

    private static func append<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
}
