import HwaljaCore
import HwaljaTable

/// Finds and loads the table files for the executables, one per layout.
package enum TableLoader {
    /// The default search order in a sentence, for `--table`'s help.
    package static let searchOrder =
        "$HWALJA_TABLE, the settings' table, share/hwalja beside the executable, ./Tables/hwalja.table, /usr/share/hwalja"

    /// Where the table is looked for when no path is given, in order: `$HWALJA_TABLE`; `configured`
    /// (the settings' `table`; when it is not there the search goes on, and the program says so); beside the
    /// executable, `../share/hwalja/hwalja.table` (for `/usr/bin`) or `../../share/hwalja/hwalja.table`
    /// (for `/usr/libexec/hwalja`); `Tables/hwalja.table` under the current directory (a checkout);
    /// then `/usr/share/hwalja/hwalja.table`.
    package static func defaultPaths(configured: String? = nil) -> [String] {
        var paths: [String] = []
        if let fromEnvironment = SystemFiles.environment("HWALJA_TABLE"), !fromEnvironment.isEmpty {
            paths.append(fromEnvironment)
        }
        if let configured { paths.append(configured) }
        let executable = SystemFiles.standardized(CommandLine.arguments[0])
        let folder = SystemFiles.standardized((SystemFiles.resolved(executable) ?? executable) + "/..")
        for up in ["../share/hwalja/hwalja.table", "../../share/hwalja/hwalja.table"] {
            paths.append(SystemFiles.standardized(folder + "/" + up))
        }
        paths.append((SystemFiles.currentDirectory() ?? ".") + "/Tables/hwalja.table")
        paths.append("/usr/share/hwalja/hwalja.table")
        return paths
    }

    /// Where `layout`'s table is looked for when no path is given: ``defaultPaths()`` for 천지인;
    /// for another layout, its table file (``KeyboardLayout/tableFileName``) in the folder of each.
    package static func defaultPaths(for layout: KeyboardLayout, configured: String? = nil) -> [String] {
        let paths = defaultPaths(configured: configured)
        guard layout != .cheonjiin else { return paths }
        return paths.map { sibling(of: $0, named: layout.tableFileName) }
    }

    /// The file `name` in the folder of `path`.
    static func sibling(of path: String, named name: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return name }
        return String(path[...slash]) + name
    }

    /// The 천지인 table a load without a path would read now (``defaultPaths(configured:)``), if any.
    package static func found(configured: String?) -> String? {
        defaultPaths(configured: configured).first(where: SystemFiles.exists)
    }

    /// Says through `log` that the settings' table, `configured`, was not the one used (`path`):
    /// it is not there, or `$HWALJA_TABLE` came first.
    package static func noteIfNotConfigured(_ path: String, _ configured: String?, log: (String) -> Void) {
        guard let configured, configured != path else { return }
        let why = SystemFiles.exists(configured) ? "$HWALJA_TABLE comes first" : "it is not there"
        log("the settings' table \(Excerpt.path(configured)) is not used (\(why)): using \(Excerpt.path(path))")
    }

    /// A table read from disk, with where it came from.
    package struct Loaded: Sendable {
        package var table: TransitionTable
        package var path: String
        /// The checksum stored in the file's header.
        package var checksum: UInt64

        package init(table: TransitionTable, path: String, checksum: UInt64) {
            self.table = table
            self.path = path
            self.checksum = checksum
        }
    }

    /// Loads `layout`'s table from `path`, or from the first default path that exists
    /// (``defaultPaths(configured:)``, `configured` the settings' table).
    package static func load(path: String? = nil, layout: KeyboardLayout = .cheonjiin, configured: String? = nil)
        throws(TableLoadError) -> Loaded
    {
        let candidates = path.map { [$0] } ?? defaultPaths(for: layout, configured: configured)
        guard let found = candidates.first(where: SystemFiles.exists) else {
            throw .notFound(searched: candidates)
        }
        guard let bytes = SystemFiles.read(found) else { throw .unreadable(path: found) }
        do {
            let table = try layout.decodeTable(bytes)
            return Loaded(table: table, path: found, checksum: TableFile.declaredChecksum(bytes) ?? 0)
        } catch {
            throw .invalid(path: found, error)
        }
    }

    /// Loads every layout's table: 천지인's as ``load(path:layout:)`` does, every other from its
    /// file in the same folder; a layout whose table is missing or bad is left out, with the
    /// reason in ``Everything/problems``. Throws only if 천지인's table cannot be loaded.
    package static func loadEveryLayout(path: String? = nil, configured: String? = nil) throws(TableLoadError)
        -> Everything
    {
        let main = try load(path: path, configured: configured)
        var everything = Everything(tables: [.cheonjiin: main], problems: [])
        for layout in KeyboardLayout.allCases where layout != .cheonjiin {
            do {
                everything.tables[layout] = try load(layout, beside: main.path)
            } catch {
                everything.problems.append("\(layout.name): \(error)")
            }
        }
        return everything
    }

    /// Loads `layout`'s table from its file in the folder of `path` (천지인's table file).
    package static func load(_ layout: KeyboardLayout, beside path: String) throws(TableLoadError) -> Loaded {
        try load(path: sibling(of: path, named: layout.tableFileName), layout: layout)
    }

    /// Every layout's table that could be loaded, and why the others could not.
    package struct Everything: Sendable {
        package var tables: [KeyboardLayout: Loaded]
        package var problems: [String]

        package init(tables: [KeyboardLayout: Loaded], problems: [String] = []) {
            self.tables = tables
            self.problems = problems
        }

        /// 천지인's table alone: the others are read when first used (``LayoutTables``).
        package init(main: Loaded) {
            self.init(tables: [.cheonjiin: main])
        }

        /// 천지인's table (always loaded).
        package var main: Loaded { tables[.cheonjiin]! }

        /// The other layouts' tables.
        package var others: [KeyboardLayout: TransitionTable] {
            tables.filter { $0.key != .cheonjiin }.mapValues(\.table)
        }
    }
}

/// Why the table could not be loaded, as one line naming the file (a huge path cut short: ``Excerpt/path(_:)``).
package enum TableLoadError: Error, CustomStringConvertible {
    case notFound(searched: [String])
    case unreadable(path: String)
    case invalid(path: String, TableError)

    package var description: String {
        switch self {
        case .notFound(let searched):
            "no table file found (looked in \(searched.map(Excerpt.path).joined(separator: ", "))); pass --table PATH"
        case .unreadable(let path): "\(Excerpt.path(path)): cannot read the table file (check its permissions)"
        case .invalid(let path, let error): "\(Excerpt.path(path)): \(error)"
        }
    }
}
