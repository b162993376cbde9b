#if canImport(Glibc)
    import Glibc
#endif

/// Creating files and directories that only this user can read, without following anything
/// already there: what ``KeystrokeRecorder`` writes keystrokes through.
enum PrivateFiles {
    /// Creates `parent` (mode 0700) if it does not exist, then a fresh directory inside it named
    /// `prefix-YYYYMMDD-HHMMSS-XXXXXX` (mode 0700, the Xs random, as `mkdtemp` makes it: never one
    /// that was there before, never through a link planted under that name). Returns its path.
    static func makeRunDirectory(in parent: String, prefix: String) throws(KeystrokeRecorder.Failure) -> String {
        if mkdir(parent, 0o700) != 0 && errno != EEXIST {
            throw .cannotCreateDirectory(path: parent, reason: lastError())
        }
        let name = String(prefix.map { $0 == "/" ? "_" : $0 }) + "-" + timestamp() + "-XXXXXX"
        var template = Array("\(parent)/\(name)".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw .cannotCreateRunDirectory(in: parent, reason: lastError())
        }
        return String(cString: made)
    }

    /// Opens a new regular file at `path` for writing, mode 0600, or returns why not. Refuses
    /// anything already there — a file, a symbolic link (never followed), a FIFO (never waited
    /// on: the open does not block) — and checks what it opened is a regular file with one name.
    static func createNew(at path: String) -> Result<Int32, OpenFailure> {
        let file = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard file >= 0 else { return .failure(OpenFailure(path: path, reason: lastError())) }
        var info = stat()
        guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1 else {
            _ = close(file)
            return .failure(OpenFailure(path: path, reason: "not a new regular file"))
        }
        return .success(file)
    }

    /// A file ``createNew(at:)`` would not open, and why.
    struct OpenFailure: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot create \(path): \(reason)" }
    }

    /// Local time as `YYYYMMDD-HHMMSS`.
    static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))-\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))"
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
