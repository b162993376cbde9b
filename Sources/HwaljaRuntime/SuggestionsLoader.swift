import Dispatch
import HwaljaCore
import HwaljaEngine
import HwaljaFrontend
import HwaljaLexicon

/// Word suggestions for a program: the lexicon beside its table (`hwalja.lexicon`), the user's
/// learned words from ``LearnedWordsStore``, kept on disk as they change, and the settings.
///
/// Removing the learned-words file forgets them: a program that finds it gone when it would save
/// or reload forgets its own copy too, instead of writing it back.
///
/// Used on the program's queue; the file is written on a queue of its own, so that no key's
/// answer waits for the disk.
public final class SuggestionsLoader: @unchecked Sendable {
    public let suggestions: WordSuggestions
    private let store: LearnedWordsStore?
    private let log: @Sendable (String) -> Void
    private let queue: DispatchQueue
    private let writer = DispatchQueue(label: "org.hwalja.learned-words")
    /// Whether the file was there (read or written) the last time this program looked; on `writer`.
    private var fileKept = false
    private var reportedSaveFailure = false

    /// Suggestions from the lexicon beside `tablePath` (the file `table` came from), read on a
    /// thread of its own and handed to `queue`, the program's, so that it serves keys meanwhile
    /// (reading and checking it takes about 20 ms); without one, none, said in one line through `log`.
    public init(
        table: TransitionTable, tablePath: String, settings: DaemonSettings, queue: DispatchQueue,
        store: LearnedWordsStore? = LearnedWordsStore.standard(), log: @escaping @Sendable (String) -> Void
    ) {
        let lexiconPath = Self.lexiconPath(beside: tablePath)
        self.store = store
        self.log = log
        self.queue = queue
        let suggestions = WordSuggestions(suggester: nil)
        self.suggestions = suggestions
        suggestions.onLearned = { [unowned self] words in save(words) }
        // Spelling another layout's words takes 40-110 ms: off the queue, so that no key waits.
        suggestions.makeSpelling = { table, done in
            nonisolated(unsafe) let done = done  // called on `queue` only
            DispatchQueue.global().async {
                let spelling = KeySpelling(table: table)
                queue.async { done(spelling) }
            }
        }
        apply(settings)
        DispatchQueue.global().async {
            let suggester = Self.read(lexiconPath, table: table, log: log)
            queue.async {
                suggestions.suggester = suggester
                if let suggester { log("word suggestions: \(suggester.lexicon.count) words from \(Excerpt.path(lexiconPath))") }
            }
        }
    }

    /// The lexicon's path beside the table file at `tablePath`.
    public static func lexiconPath(beside tablePath: String) -> String {
        TableLoader.sibling(of: tablePath, named: "hwalja.lexicon")
    }

    /// The lexicon at `path` with `table`, or `nil` after saying in one line through `log` why not.
    public static func read(_ path: String, table: TransitionTable, log: (String) -> Void) -> Suggester? {
        guard let bytes = SystemFiles.read(path) else {
            log("no word suggestions: cannot read \(Excerpt.path(path))")
            return nil
        }
        do {
            return Suggester(lexicon: try LexiconFile.decode(bytes), table: table)
        } catch {
            log("no word suggestions: \(Excerpt.path(path)): \(error)")
            return nil
        }
    }

    /// Keeps `words`, unless the file was removed since this program last saw it: then forgets them.
    private func save(_ words: LearnedWords) {
        guard let store else { return }
        writer.async { [self] in
            if fileKept && !SystemFiles.exists(store.path) {
                fileKept = false
                queue.async { [self] in suggestions.forgetLearnedWords() }
                log("the learned words were removed; forgot them")
                return
            }
            do {
                try store.save(words)
                fileKept = true
                reportedSaveFailure = false
            } catch {
                if !reportedSaveFailure { log("\(error)") }
                reportedSaveFailure = true
            }
        }
    }

    /// Forgets every learned word: this program's, and the file (after any save already queued),
    /// so that other programs forget theirs when they next save or reload. Returns the reason
    /// when the file could not be removed.
    public func forgetAll() -> String? {
        suggestions.forgetLearnedWords()
        guard let store else { return nil }
        return writer.sync {
            fileKept = false
            do {
                try store.forget()
                return nil
            } catch {
                return "\(error)"
            }
        }
    }

    /// Takes the suggestion settings; reads the learned words again (forgotten if the file went).
    public func apply(_ settings: DaemonSettings) {
        suggestions.limit = settings.suggestions
        suggestions.learns = settings.learnWords
        suggestions.pickAddsSpace = settings.pickAddsSpace
        reloadLearnedWords()
    }

    private func reloadLearnedWords() {
        guard let store, suggestions.learns else {
            suggestions.forgetLearnedWords()
            return
        }
        let kept = SystemFiles.exists(store.path)
        writer.sync { fileKept = kept }  // after any save already queued
        let loaded = store.load()
        if !loaded.badLines.isEmpty { log("\(Excerpt.path(store.path)): skipped \(loaded.badLines.count) damaged lines of learned words") }
        suggestions.replaceLearnedWords(loaded.words)
    }
}
