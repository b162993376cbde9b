#if canImport(Glibc)
    import Glibc
#endif

/// A file replaced whole: written to a new file beside it (mode 0600, in directories made mode
/// 0700 when missing), then renamed over it, so that a crash leaves the old text or the new,
/// never half of it.
package enum AtomicFile {
    /// What went wrong, with the path and the system's reason.
    package enum Failure: Error, Equatable {
        case cannotCreateDirectory(path: String, reason: String)
        case cannotWrite(path: String, reason: String)
    }

    /// Replaces the file at `path` with `bytes`.
    package static func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
        try makeDirectories(String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]))
        let temporary = path + ".new-\(getpid())"
        _ = unlink(temporary)
        let file: Int32
        switch PrivateFiles.createNew(at: temporary) {
        case .success(let opened): file = opened
        case .failure(let failure): throw .cannotWrite(path: temporary, reason: failure.reason)
        }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let reason = String(cString: strerror(errno))
                _ = close(file)
                _ = unlink(temporary)
                throw .cannotWrite(path: temporary, reason: reason)
            }
            written += count
        }
        guard fsync(file) == 0, close(file) == 0, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = unlink(temporary)
            throw .cannotWrite(path: path, reason: reason)
        }
    }

    /// Creates `directory` and the missing ones above it, each mode 0700.
    static func makeDirectories(_ directory: String) throws(Failure) {
        guard !directory.isEmpty, !SystemFiles.exists(directory) else { return }
        try makeDirectories(String(directory[..<(directory.lastIndex(of: "/") ?? directory.startIndex)]))
        guard mkdir(directory, 0o700) == 0 || errno == EEXIST else {
            throw .cannotCreateDirectory(path: directory, reason: String(cString: strerror(errno)))
        }
    }
}
