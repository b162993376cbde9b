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
        do {
            try AtomicFile.replace(path, with: Array(LearnedWordsText.encode(words).utf8))
        } catch {
            switch error {
            case .cannotCreateDirectory(let directory, let reason): throw .cannotCreateDirectory(path: directory, reason: reason)
            case .cannotWrite(let file, let reason): throw .cannotWrite(path: file, reason: reason)
            }
        }
    }

    /// Forgets every learned word: removes the file.
    public func forget() throws(Failure) {
        guard unlink(path) == 0 || errno == ENOENT else { throw .cannotRemove(path: path, reason: String(cString: strerror(errno))) }
    }
}
