import HwaljaCore

/// Where each layout's table lives: the file names under `Tables/` (and `/usr/share/hwalja`).
extension KeyboardLayout {
    /// The binary table files, in order: the table, then (천지인 플러스, with more than fifteen
    /// keys) the continuation holding the keys past the fifteenth.
    public var tableFileNames: [String] {
        let base = self == .cheonjiin ? "hwalja" : name
        return tableKeys.count > TransitionTable.maximumKeyNumber ? ["\(base).table", "\(base).2.table"] : ["\(base).table"]
    }

    /// The Hwalja-style JSON file (``HwaljaJSON``).
    public var jsonFileName: String { self == .cheonjiin ? "hwalja.json" : "\(name).json" }

    /// Reads the layout's table from the bytes of its ``tableFileNames``, in order.
    public func decodeTable(_ files: [[UInt8]]) throws(TableError) -> TransitionTable {
        guard files.count == tableFileNames.count else {
            throw .inconsistent("\(name) needs \(tableFileNames.count) table files, got \(files.count)")
        }
        let primary = try TableFile.decode(files[0])
        let continuation = files.count > 1 ? try TableFile.decode(files[1]) : nil
        guard let table = primary.reading(as: self, continuation: continuation) else {
            throw .inconsistent("an entry names a key \(name) does not have (is this \(name)'s table?)")
        }
        return table
    }

    /// The bytes of the layout's ``tableFileNames`` for `table`, in order.
    public static func encode(_ table: TransitionTable) -> [[UInt8]] {
        [TableFile.encode(table)] + table.continuation.map(TableFile.encode)
    }
}
