/// The table file's checksum: FNV-1a (64-bit) over the payload read as little-endian 64-bit words,
/// with the final partial word zero-padded and the byte count mixed in last.
///
/// Word-wise rather than byte-wise so that checking a 600 KB table costs tens of microseconds.
/// It detects damage, not tampering.
public enum Checksum {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The checksum of `bytes`.
    public static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = offsetBasis
        let words = bytes.count / 8
        for index in 0..<words {
            hash =
                (hash ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))) &* prime
        }
        var tail: UInt64 = 0
        for index in (words * 8)..<bytes.count {
            tail |= UInt64(bytes[index]) << (8 * UInt64(index - words * 8))
        }
        hash = (hash ^ tail) &* prime
        return (hash ^ UInt64(bytes.count)) &* prime
    }

    /// A checksum as sixteen lowercase hexadecimal digits, as messages and TableInfo show it.
    public static func hexadecimal(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The checksum of `bytes`.
    public static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
    }
}
