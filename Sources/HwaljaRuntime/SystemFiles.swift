#if canImport(Glibc)
    import Glibc
#endif

/// Whole files, paths and the environment through the C library: what the programs read, without
/// Foundation (whose file and URL code would be most of what a statically linked program carries).
package enum SystemFiles {
    /// The bytes of the file at `path`, or nil if it cannot be opened or read (missing, a
    /// directory, no permission).
    package static func read(_ path: String) -> [UInt8]? {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { _ = close(file) }
        return readAll(file)
    }

    /// Everything on standard input up to its end, or nil if it cannot be read.
    package static func readStandardInput() -> [UInt8]? {
        readAll(STDIN_FILENO)
    }

    /// Whether something is at `path` (following links), as `stat` sees it.
    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// The value of the environment variable `name`, if it is set.
    package static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The whole environment.
    package static func environment() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let line = String(cString: pointer)
            if let equals = line.firstIndex(of: "=") {
                variables[String(line[..<equals])] = String(line[line.index(after: equals)...])
            }
            entry += 1
        }
        return variables
    }

    /// The current directory, or nil if it cannot be found (removed, or too long).
    package static func currentDirectory() -> String? {
        guard let path = getcwd(nil, 0) else { return nil }
        defer { free(path) }
        return String(cString: path)
    }

    /// `path` with every link resolved (`realpath`), or nil if it does not resolve.
    package static func resolved(_ path: String) -> String? {
        guard let path = realpath(path, nil) else { return nil }
        defer { free(path) }
        return String(cString: path)
    }

    /// `path` made absolute against the current directory, with `.`, `..` and repeated slashes
    /// taken out by their names alone (as Foundation's `URL.standardized` does).
    package static func standardized(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : (currentDirectory() ?? "") + "/" + path
        var parts: [Substring] = []
        for part in absolute.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    private static func readAll(_ file: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var info = stat()
        if fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 {
            bytes.reserveCapacity(Int(info.st_size) + 1)
        }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                return nil
            }
        }
    }
}
