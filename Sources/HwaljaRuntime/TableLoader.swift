import HwaljaCore
import HwaljaTable

/// Finds and loads the table file for the executables.
public enum TableLoader {
    /// The default search order in a sentence, for `--table`'s help.
    public static let searchOrder = "$HWALJA_TABLE, share/hwalja beside the executable, ./Tables/hwalja.table, /usr/share/hwalja"

    /// Where the table is looked for when no path is given, in order: `$HWALJA_TABLE`; beside the
    /// executable, `../share/hwalja/hwalja.table` (for `/usr/bin`) or `../../share/hwalja/hwalja.table`
    /// (for `/usr/libexec/hwalja`); `Tables/hwalja.table` under the current directory (a checkout);
    /// then `/usr/share/hwalja/hwalja.table`.
    public static func defaultPaths() -> [String] {
        var paths: [String] = []
        if let fromEnvironment = SystemFiles.environment("HWALJA_TABLE"), !fromEnvironment.isEmpty {
            paths.append(fromEnvironment)
        }
        let executable = SystemFiles.standardized(CommandLine.arguments[0])
        let folder = SystemFiles.standardized((SystemFiles.resolved(executable) ?? executable) + "/..")
        for up in ["../share/hwalja/hwalja.table", "../../share/hwalja/hwalja.table"] {
            paths.append(SystemFiles.standardized(folder + "/" + up))
        }
        paths.append((SystemFiles.currentDirectory() ?? ".") + "/Tables/hwalja.table")
        paths.append("/usr/share/hwalja/hwalja.table")
        return paths
    }

    /// A table read from disk, with where it came from.
    public struct Loaded: Sendable {
        public var table: TransitionTable
        public var path: String
        /// The checksum stored in the file's header.
        public var checksum: UInt64

        public init(table: TransitionTable, path: String, checksum: UInt64) {
            self.table = table
            self.path = path
            self.checksum = checksum
        }
    }

    /// Loads the table at `path`, or at the first default path that exists.
    public static func load(path: String? = nil) throws(TableLoadError) -> Loaded {
        let candidates = path.map { [$0] } ?? defaultPaths()
        guard let found = candidates.first(where: SystemFiles.exists) else {
            throw .notFound(searched: candidates)
        }
        guard let bytes = SystemFiles.read(found) else { throw .unreadable(path: found) }
        do {
            let table = try TableFile.decode(bytes)
            return Loaded(table: table, path: found, checksum: TableFile.declaredChecksum(bytes) ?? 0)
        } catch {
            throw .invalid(path: found, error)
        }
    }
}

/// Why the table could not be loaded, as one line naming the file (a huge path cut short: ``Excerpt/path(_:)``).
public enum TableLoadError: Error, CustomStringConvertible {
    case notFound(searched: [String])
    case unreadable(path: String)
    case invalid(path: String, TableError)

    public var description: String {
        switch self {
        case .notFound(let searched): "no table file found (looked in \(searched.map(Excerpt.path).joined(separator: ", "))); pass --table PATH"
        case .unreadable(let path): "\(Excerpt.path(path)): cannot read the table file (check its permissions)"
        case .invalid(let path, let error): "\(Excerpt.path(path)): \(error)"
        }
    }
}
