#if canImport(Glibc)
import Glibc
#endif
import HwaljaLexicon

/// Where the user's learned words are kept between sessions: `$XDG_DATA_HOME/hwalja/learned-words`
/// (else `~/.local/share/…`), mode 0600 in a directory of mode 0700, replaced whole on each save.
public struct LearnedWordsStore: Sendable {
    /// What went wrong with the file, in one sentence that says what to do.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case noHome
        case cannotCreateDirectory(path: String, reason: String)
        case cannotWrite(path: String, reason: String)
        case cannotRemove(path: String, reason: String)

        public var description: String {
            switch self {
            case .noHome: "neither XDG_DATA_HOME nor HOME is set: learned words are not kept"
            case .cannotCreateDirectory(let path, let reason): "cannot create \(path): \(reason); learned words are not kept"
            case .cannotWrite(let path, let reason): "cannot write \(path): \(reason); learned words are not kept"
            case .cannotRemove(let path, let reason): "cannot remove \(path): \(reason); remove it by hand to forget the learned words"
            }
        }
    }

    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The store of this user's environment, or `nil` without XDG_DATA_HOME and HOME.
    public static func standard(environment: [String: String] = SystemFiles.environment()) -> LearnedWordsStore? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return LearnedWordsStore(path: data + "/hwalja/learned-words") }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return LearnedWordsStore(path: home + "/.local/share/hwalja/learned-words")
    }

    /// The words saved, none if there is no file, and the lines that were not a word.
    public func load(capacity: Int = LearnedWords.defaultCapacity) -> (words: LearnedWords, badLines: [Int]) {
        guard let bytes = SystemFiles.read(path) else { return (LearnedWords(capacity: capacity), []) }
        return LearnedWordsText.decode(String(decoding: bytes, as: UTF8.self), capacity: capacity)
    }

    /// Replaces the file with `words`: written to a new file beside it (mode 0600), then renamed
    /// over it, so a crash leaves the old words or the new, never half.
    public func save(_ words: LearnedWords) throws(Failure) {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        try Self.makeDirectories(directory)
        let temporary = path + ".new-\(getpid())"
        _ = unlink(temporary)
        let file: Int32
        switch PrivateFiles.createNew(at: temporary) {
        case .success(let opened): file = opened
        case .failure(let failure): throw .cannotWrite(path: temporary, reason: failure.reason)
        }
        let bytes = Array(LearnedWordsText.encode(words).utf8)
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

    /// Forgets every learned word: removes the file.
    public func forget() throws(Failure) {
        guard unlink(path) == 0 || errno == ENOENT else { throw .cannotRemove(path: path, reason: String(cString: strerror(errno))) }
    }

    /// Creates `directory` and the missing ones above it, each mode 0700.
    private static func makeDirectories(_ directory: String) throws(Failure) {
        guard !directory.isEmpty, !SystemFiles.exists(directory) else { return }
        let parent = String(directory[..<(directory.lastIndex(of: "/") ?? directory.startIndex)])
        try makeDirectories(parent)
        guard mkdir(directory, 0o700) == 0 || errno == EEXIST else {
            throw .cannotCreateDirectory(path: directory, reason: String(cString: strerror(errno)))
        }
    }
}
