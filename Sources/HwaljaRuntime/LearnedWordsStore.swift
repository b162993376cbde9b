import HwaljaCore
import HwaljaLexicon

#if canImport(Glibc)
    import Glibc
#endif

/// Where the user's learned words are kept between sessions: `$XDG_DATA_HOME/hwalja/learned-words`
/// (else `~/.local/share/…`), mode 0600 in a directory of mode 0700, replaced whole on each save.
///
/// Several programs keep them at once (the IBus engine, hwaljad, the fcitx5 addon): each adds what
/// it learned to what the file holds then (``merge(_:capacity:unlessRemoved:)``), under a lock on
/// `learned-words.lock` beside it, so that none writes over another's words.
package struct LearnedWordsStore: Sendable {
    /// What went wrong with the file, in one sentence that says what to do.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        case noHome
        case cannotCreateDirectory(path: String, reason: String)
        case cannotWrite(path: String, reason: String)
        case cannotRemove(path: String, reason: String)
        case cannotLock(path: String, reason: String)

        package var description: String {
            switch self {
            case .noHome: "neither XDG_DATA_HOME nor HOME is set: learned words are not kept"
            case .cannotCreateDirectory(let path, let reason):
                "cannot create \(path): \(reason); learned words are not kept"
            case .cannotWrite(let path, let reason): "cannot write \(path): \(reason); learned words are not kept"
            case .cannotRemove(let path, let reason):
                "cannot remove \(path): \(reason); remove it by hand to forget the learned words"
            case .cannotLock(let path, let reason): "cannot lock \(path): \(reason); learned words are not kept"
            }
        }
    }

    package let path: String

    package init(path: String) {
        self.path = path
    }

    /// The store of this user's environment, or `nil` without XDG_DATA_HOME and HOME.
    package static func standard(environment: [String: String] = SystemFiles.environment()) -> LearnedWordsStore? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return LearnedWordsStore(path: data + "/hwalja/learned-words")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return LearnedWordsStore(path: home + "/.local/share/hwalja/learned-words")
    }

    /// The words saved, none if there is no file, and the lines that were not a word.
    package func load(capacity: Int = LearnedWords.defaultCapacity) -> (words: LearnedWords, badLines: [Int]) {
        guard let bytes = SystemFiles.read(path) else { return (LearnedWords(capacity: capacity), []) }
        return LearnedWordsText.decode(String(decoding: bytes, as: UTF8.self), capacity: capacity)
    }

    /// Replaces the file with `words`: written to a new file beside it (mode 0600), then renamed
    /// over it, so a crash leaves the old words or the new, never half. Other programs' words
    /// saved since are lost: programs that learn use ``merge(_:capacity:unlessRemoved:)``.
    package func save(_ words: LearnedWords) throws(Failure) {
        do {
            try AtomicFile.replace(path, with: Array(LearnedWordsText.encode(words).utf8))
        } catch {
            switch error {
            case .cannotCreateDirectory(let directory, let reason):
                throw .cannotCreateDirectory(path: directory, reason: reason)
            case .cannotWrite(let file, let reason): throw .cannotWrite(path: file, reason: reason)
            }
        }
    }

    /// Learns `learned` (words and sequences, in the order they were learned) again on top of what
    /// is saved now, and saves the result, all under the lock; returns it. With `unlessRemoved`, a
    /// file that is not there (removed to forget the words) is left so: nothing is written, and
    /// `nil` comes back.
    package func merge(
        _ learned: [LearnedWords.Learning], capacity: Int = LearnedWords.defaultCapacity, unlessRemoved: Bool
    )
        throws(Failure) -> LearnedWords?
    {
        try locked { () throws(Failure) -> LearnedWords? in
            if unlessRemoved && !SystemFiles.exists(path) { return nil }
            var words = load(capacity: capacity).words
            words.learnAgain(learned)
            _ = words.takeUnsaved()
            try save(words)
            return words
        }
    }

    /// Forgets every learned word, and the keypad's recent emoji (``recentEmojiPath``): removes
    /// the files (under the lock, so that no program's merge writes back what it read before).
    package func forget() throws(Failure) {
        try locked { () throws(Failure) in
            for file in [path, recentEmojiPath] {
                guard unlink(file) == 0 || errno == ENOENT else {
                    throw .cannotRemove(path: file, reason: String(cString: strerror(errno)))
                }
            }
        }
    }

    /// The emoji hwalja-keypad's emoji page used lately (`recent-emoji`, beside the words), kept
    /// under the same rules and forgotten with them.
    package var recentEmojiPath: String {
        String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) + "/recent-emoji"
    }

    /// The lock file beside the words.
    package var lockPath: String { path + ".lock" }

    /// Runs `body` holding the lock on ``lockPath`` (created mode 0600, with its directory): one
    /// program at a time reads and writes the words.
    private func locked<Result>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        do {
            try AtomicFile.makeDirectories(String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]))
        } catch {
            guard case .cannotCreateDirectory(let directory, let reason) = error else {
                throw .cannotLock(path: lockPath, reason: "\(error)")
            }
            throw .cannotCreateDirectory(path: directory, reason: reason)
        }
        let file = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw .cannotLock(path: lockPath, reason: String(cString: strerror(errno))) }
        defer { _ = close(file) }  // closing releases the lock
        while flock(file, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .cannotLock(path: lockPath, reason: String(cString: strerror(errno))) }
        }
        return try body()
    }
}
