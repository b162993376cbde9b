/// A hanja file's bytes, wherever they are kept: read a window at a time, so that a program need
/// not hold the whole file (libhangul's `hanja.txt` is 6.4 MB) to look words up in it.
package protocol HanjaText: Sendable {
    /// The file's length in bytes.
    var byteCount: Int { get }
    /// Up to `count` bytes from `offset` (fewer at the end; none past it).
    func bytes(at offset: Int, count: Int) -> [UInt8]
}

/// A hanja file held in memory: tests, and small files.
package struct HanjaBytes: HanjaText {
    private let storage: [UInt8]

    package init(_ bytes: [UInt8]) { storage = bytes }

    package init(_ text: String) { storage = Array(text.utf8) }

    package var byteCount: Int { storage.count }

    package func bytes(at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, offset < storage.count, count > 0 else { return [] }
        return Array(storage[offset..<min(storage.count, offset + count)])
    }
}
