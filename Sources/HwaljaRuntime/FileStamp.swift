#if canImport(Glibc)
    import Glibc
#endif

/// What tells one version of a file from another without reading it: its device and inode, size
/// and modification time to the nanosecond. A file replaced whole (``AtomicFile``) has a new inode.
package struct FileStamp: Equatable, Sendable {
    private let device: UInt64
    private let inode: UInt64
    private let size: Int64
    private let seconds: Int
    private let nanoseconds: Int

    /// The stamp of the file at `path` now, or `nil` when there is none there.
    package init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        seconds = status.st_mtim.tv_sec
        nanoseconds = status.st_mtim.tv_nsec
    }
}

/// Whether a file changed since it was last looked at: a program that reads its settings again at
/// moments of its own (the IBus engine, when a field gets the focus) reads them only then.
package final class FileWatch {
    private let path: String?
    private var seen: FileStamp?

    /// Watches `path` (`nil`: no file, never changed), as it is now.
    package init(path: String?) {
        self.path = path
        seen = path.flatMap(FileStamp.init(path:))
    }

    /// Whether the file changed (appeared, went, or was written) since it was last looked at;
    /// each call looks at it anew.
    package func changed() -> Bool {
        let now = path.flatMap(FileStamp.init(path:))
        defer { seen = now }
        return now != seen
    }
}
