import HwaljaCore
import HwaljaLexicon
import HwaljaSession

#if canImport(Glibc)
    import Glibc
#endif

/// A hanja file read where it lies, a window at a time (`pread`): a lookup reads a few hundred
/// bytes and holds none of them after. Open for as long as a dictionary uses it.
package final class HanjaFile: HanjaText, Sendable {
    private let descriptor: Int32
    package let byteCount: Int

    /// The file at `path`, or `nil` if it cannot be opened or is not a regular file.
    package init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            _ = close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        byteCount = Int(info.st_size)
    }

    deinit { _ = close(descriptor) }

    package func bytes(at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, offset < byteCount, count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: min(count, byteCount - offset))
        var done = 0
        while done < bytes.count {
            let got = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + done, $0.count - done, off_t(offset + done))
            }
            if got > 0 {
                done += got
            } else if got < 0 && errno == EINTR {
                continue
            } else {
                break  // the file shrank, or cannot be read: what was read
            }
        }
        return Array(bytes.prefix(done))
    }
}

/// The hanja and symbol files, where libhangul keeps them: the user's own
/// (`$XDG_DATA_HOME/libhangul/hanja/`, else `~/.local/share/…`) before the system's
/// (`/usr/share/libhangul/hanja/`, Debian's libhangul-data).
package enum HanjaFiles {
    /// The system's folder.
    package static let systemFolder = "/usr/share/libhangul/hanja"

    /// The folders looked in, the user's first.
    package static func folders(environment: [String: String] = SystemFiles.environment()) -> [String] {
        var folders: [String] = []
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            folders.append(data + "/libhangul/hanja")
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            folders.append(home + "/.local/share/libhangul/hanja")
        }
        return folders + [systemFolder]
    }

    /// The hanja and symbol files of this user's environment (``folders(environment:)``).
    package static func read(
        environment: [String: String] = SystemFiles.environment(), log: (String) -> Void
    ) -> HanjaConversions.Files {
        let folders = folders(environment: environment)
        return (
            dictionary(named: "hanja.txt", in: folders, log: log),
            dictionary(named: "mssymbol.txt", in: folders, log: log)
        )
    }

    /// The first of `name` (`hanja.txt`, `mssymbol.txt`) in `folders` that is a sorted hanja file;
    /// a file refused says why through `log`, and the next is tried. `nil` when none is found.
    package static func dictionary(named name: String, in folders: [String], log: (String) -> Void) -> HanjaDictionary?
    {
        for folder in folders {
            let path = folder + "/" + name
            guard let file = HanjaFile(path: path) else { continue }
            do {
                return try HanjaDictionary(file)
            } catch {
                log("\(Excerpt.path(path)): \(error)")
            }
        }
        return nil
    }
}
