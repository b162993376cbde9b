import HwaljaCore
import HwaljaTable

/// Each layout's table a program types with, one set for all its contexts: 천지인's (read at
/// start; a program cannot type without it) and the others from their files beside it, read
/// when first asked for. The one rule for a table that is not there: it is looked for again at
/// the next request, so that a table installed meanwhile is found with no restart, and the
/// request is refused with why (``Missing``).
///
/// Used on the program's queue (or its one thread), as its frontend is.
package final class LayoutTables {
    /// 천지인's table, and the file it came from (its folder holds the other layouts' files).
    package private(set) var main: TableLoader.Loaded
    /// The tables in use, by layout: as read, or as generated with the settings' layout-options.
    package private(set) var inUse: [KeyboardLayout: TransitionTable]
    /// Reads a layout's table from its file beside `main`'s.
    private let read: (KeyboardLayout, _ mainPath: String) throws(TableLoadError) -> TableLoader.Loaded

    /// Why a layout's table cannot be had: not installed, unreadable or damaged, in one line.
    package struct Missing: Error, CustomStringConvertible {
        package let layout: KeyboardLayout
        /// What reading it found.
        package let error: TableLoadError
        package var description: String {
            switch error {
            case .notFound(let searched):
                let file = searched.first.map(Excerpt.path) ?? layout.tableFileName
                return "the \(layout.name) table is not installed (no \(file); hwalja-gen makes it)"
            default:
                return "the \(layout.name) table cannot be used: \(error)"
            }
        }
    }

    /// The tables of `loaded` (천지인's among them); a layout not there is read from its file beside
    /// 천지인's when first asked for (`read`: ``TableLoader/load(_:beside:)``; tests give their own).
    package init(
        _ loaded: TableLoader.Everything,
        read: @escaping (KeyboardLayout, _ mainPath: String) throws(TableLoadError) -> TableLoader.Loaded = {
            layout, mainPath throws(TableLoadError) in try TableLoader.load(layout, beside: mainPath)
        }
    ) {
        main = loaded.main
        inUse = loaded.tables.mapValues(\.table)
        self.read = read
    }

    /// Tables held in memory only (tests, benchmarks): 천지인's must be among them; any other
    /// layout is missing.
    package convenience init(inMemory tables: [TransitionTable]) {
        let loaded = Dictionary(
            tables.map { ($0.keyboard, TableLoader.Loaded(table: $0, path: "(in memory)", checksum: 0)) },
            uniquingKeysWith: { $1 })
        self.init(TableLoader.Everything(tables: loaded)) { layout, _ throws(TableLoadError) in
            throw .notFound(searched: [])
        }
    }

    /// `layout`'s table: the one in use, else read from its file now (and kept). Throws why it cannot be had.
    package func table(_ layout: KeyboardLayout) throws(Missing) -> TransitionTable {
        if let table = inUse[layout] { return table }
        do {
            let table = try read(layout, main.path).table
            inUse[layout] = table
            return table
        } catch {
            throw Missing(layout: layout, error: error)
        }
    }

    /// Switches to `tables` (read again, or generated with layout-options): every layout among
    /// them, 천지인's with the file it came from. Returns the tables to give open contexts.
    @discardableResult
    package func replace(with tables: TableLoader.Everything) -> [TransitionTable] {
        main = tables.main
        for (layout, loaded) in tables.tables { inUse[layout] = loaded.table }
        return tables.tables.values.map(\.table)
    }
}
