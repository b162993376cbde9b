/// Why a table file was refused. Each case reads as one line naming what is wrong.
public enum TableError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file does not start with the table magic: it is not a hwalja table.
    case badMagic
    /// The file is a hwalja table of a format this program cannot read.
    case unsupportedVersion(found: UInt16, supported: UInt16)
    /// The file ends before the part that starts at `offset` (it needs `needed` bytes in all).
    case truncated(at: Int, needed: Int)
    /// The file is longer than its header says.
    case trailingBytes(expected: Int, found: Int)
    /// The payload does not match the checksum in the header: the file is damaged.
    case checksumMismatch(expected: UInt64, found: UInt64)
    /// The checksum matches but the contents are inconsistent (a buggy writer).
    case inconsistent(String)

    public var description: String {
        switch self {
        case .badMagic:
            "not a hwalja table (bad magic); regenerate it with hwalja-gen"
        case .unsupportedVersion(let found, let supported):
            "unsupported table format version \(found) (this build reads version \(supported)); regenerate it with hwalja-gen"
        case .truncated(let offset, let needed):
            "table truncated at offset \(offset) (\(needed) bytes needed); regenerate it with hwalja-gen"
        case .trailingBytes(let expected, let found):
            "table has \(found - expected) unexpected trailing bytes after offset \(expected); regenerate it with hwalja-gen"
        case .checksumMismatch(let expected, let found):
            "table checksum mismatch (header 0x\(Checksum.hexadecimal(expected)), contents 0x\(Checksum.hexadecimal(found))): the file is damaged; regenerate it with hwalja-gen"
        case .inconsistent(let problem):
            "table is inconsistent: \(problem); regenerate it with hwalja-gen"
        }
    }
}
