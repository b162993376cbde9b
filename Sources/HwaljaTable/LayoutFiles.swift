import HwaljaCore

/// Where each layout's table lives: the file names under `Tables/` (and `/usr/share/hwalja`).
extension KeyboardLayout {
    /// The binary table file: one per layout, whatever its number of keys.
    public var tableFileName: String { self == .cheonjiin ? "hwalja.table" : "\(name).table" }

    /// The Hwalja-style JSON file (``HwaljaJSON``).
    public var jsonFileName: String { self == .cheonjiin ? "hwalja.json" : "\(name).json" }

    /// Reads the layout's table from the bytes of its ``tableFileName``.
    public func decodeTable(_ bytes: [UInt8]) throws(TableError) -> TransitionTable {
        let table = try TableFile.decode(bytes)
        guard let read = table.reading(as: self) else {
            throw .inconsistent(
                "\(table.layout.keyCount - 1) keys, \(name) has \(tableKeys.count) (is this \(name)'s table?)")
        }
        return read
    }
}
