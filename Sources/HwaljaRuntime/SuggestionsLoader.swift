import Dispatch
import HwaljaCore
import HwaljaLexicon
import HwaljaSession
import HwaljaTyping

/// Word suggestions for a program: the lexicon beside its table (`hwalja.lexicon`), the user's
/// learned words from ``LearnedWordsStore``, kept on disk as they change, and the settings.
///
/// Removing the learned-words file forgets them: a program that finds it gone when it would save
/// or reload forgets its own copy too, instead of writing it back. Programs that learn at once
/// (the IBus engine and hwaljad, say) each add what they learned to the file's words
/// (``LearnedWordsStore/merge(_:capacity:unlessRemoved:)``) and then take the result, so that
/// each also comes to suggest the words the other learned.
///
/// Used on the program's queue; the file is written on a queue of its own, so that no key's
/// answer waits for the disk, and at most once per ``saveDelay``: the words learned meanwhile go
/// in one write (a fast typist ends a word a second, or more).
package final class SuggestionsLoader: @unchecked Sendable {
    /// Runs `work` on the program's queue after `delay`: when the learned words are saved.
    package typealias Scheduler =
        @Sendable (_ delay: DispatchTimeInterval, _ work: @escaping @Sendable () -> Void) -> Void

    package let suggestions: WordSuggestions
    private let store: LearnedWordsStore?
    private let log: @Sendable (String) -> Void
    private let queue: DispatchQueue
    private let schedule: Scheduler
    private let writer = DispatchQueue(label: "org.hwalja.learned-words")
    /// Whether the file was there (read or written) the last time this program looked; on `writer`.
    private var fileKept = false
    private var reportedSaveFailure = false
    /// Whether a save is scheduled; on `queue`.
    private var saveDue = false
    /// Counts the saves begun and the forgettings: only the latest save's words are taken back. On `queue`.
    private var generation = 0

    /// How long after a word is learned the words are saved: what was learned meanwhile goes in
    /// the same write. A program ending within it loses them unless it calls ``saveNow()``.
    package static let saveDelay: DispatchTimeInterval = .seconds(2)

    /// Suggestions from the lexicon beside `tablePath` (the file `table` came from), read on a
    /// thread of its own and handed to `queue`, the program's, so that it serves keys meanwhile
    /// (reading and checking it takes about 20 ms); without one, none, said in one line through `log`.
    /// `saveScheduler` runs the learned words' save (by default on `queue` after ``saveDelay``).
    package init(
        table: TransitionTable, tablePath: String, settings: HwaljaSettings, queue: DispatchQueue,
        store: LearnedWordsStore? = LearnedWordsStore.standard(), saveScheduler: Scheduler? = nil,
        log: @escaping @Sendable (String) -> Void
    ) {
        let lexiconPath = Self.lexiconPath(beside: tablePath)
        self.store = store
        self.schedule = saveScheduler ?? { delay, work in queue.asyncAfter(deadline: .now() + delay, execute: work) }
        self.log = log
        self.queue = queue
        let suggestions = WordSuggestions(suggester: nil)
        self.suggestions = suggestions
        suggestions.onLearned = { [unowned self] _ in saveSoon() }
        // Spelling another layout's words takes 40-110 ms: off the queue, so that no key waits.
        suggestions.makeSpelling = { table, done in
            nonisolated(unsafe) let done = done  // called on `queue` only
            DispatchQueue.global().async {
                let spelling = KeySpelling(table: table)
                queue.async { done(spelling) }
            }
        }
        take(settings)  // not yet shared with the queue
        DispatchQueue.global().async {
            let suggester = Self.read(lexiconPath, table: table, log: log)
            queue.async {
                suggestions.suggester = suggester
                if let suggester {
                    log("word suggestions: \(suggester.lexicon.count) words from \(Excerpt.path(lexiconPath))")
                }
            }
        }
    }

    /// The lexicon's path beside the table file at `tablePath`.
    package static func lexiconPath(beside tablePath: String) -> String {
        TableLoader.sibling(of: tablePath, named: "hwalja.lexicon")
    }

    /// The lexicon at `path` with `table`, or `nil` after saying in one line through `log` why not.
    package static func read(_ path: String, table: TransitionTable, log: (String) -> Void) -> Suggester? {
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

    /// Saves the learned words ``saveDelay`` from now, unless a save is already due; the words
    /// are taken then. (Handing them to the writer and writing the file for every word put the
    /// space that ends a word among the slowest keys: tools/fcitx5-bench.) On the queue.
    private func saveSoon() {
        guard store != nil, !saveDue else { return }
        saveDue = true
        schedule(Self.saveDelay) { [self] in
            guard saveDue else { return }  // saved at once since, or forgotten
            saveDue = false
            beginSave(waiting: false)
        }
    }

    /// Saves the learned words now if a save is due (a program about to end). On the queue.
    package func saveNow() {
        assertOnQueue(queue)
        guard saveDue else { return }
        saveDue = false
        beginSave(waiting: true)
    }

    /// Hands the words learned since the last save to the writer, which adds them to the file's;
    /// then takes the file's words (with other programs'), and what was learned since, as its
    /// own. On the queue.
    private func beginSave(waiting: Bool) {
        let learned = suggestions.takeUnsavedWords()
        guard !learned.isEmpty else { return }
        generation += 1
        let (saveGeneration, capacity) = (generation, suggestions.learned.capacity)
        let write: @Sendable () -> Void = { [self] in
            guard let merged = merge(learned, capacity: capacity) else { return }
            queue.async { [self] in
                // forgotten, or a later save's words come
                guard generation == saveGeneration, suggestions.learns else { return }
                var words = merged
                words.learnAgain(suggestions.learned.unsaved)
                suggestions.replaceLearnedWords(words)
            }
        }
        if waiting { writer.sync(execute: write) } else { writer.async(execute: write) }
    }

    /// Adds `learned` to the file's words and returns them, unless the file was removed since this
    /// program last saw it: then forgets the words (and returns `nil`), as when saving fails. On `writer`.
    private func merge(_ learned: [LearnedWords.Learning], capacity: Int) -> LearnedWords? {
        guard let store else { return nil }
        do {
            guard let merged = try store.merge(learned, capacity: capacity, unlessRemoved: fileKept) else {
                fileKept = false
                queue.async { [self] in suggestions.forgetLearnedWords() }
                log("the learned words were removed; forgot them")
                return nil
            }
            fileKept = true
            reportedSaveFailure = false
            return merged
        } catch {
            if !reportedSaveFailure { log("\(error)") }
            reportedSaveFailure = true
            return nil
        }
    }

    /// Waits until the writes handed to the writer so far are done (tests).
    func waitForWrites() {
        writer.sync {}
    }

    /// Forgets every learned word: this program's, and the file (after any save already queued),
    /// so that other programs forget theirs when they next save or reload. Returns the reason
    /// when the file could not be removed.
    package func forgetAll() -> String? {
        assertOnQueue(queue)
        suggestions.forgetLearnedWords()
        generation += 1  // a save under way would bring the words back
        saveDue = false
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
    package func apply(_ settings: HwaljaSettings) {
        assertOnQueue(queue)
        take(settings)
    }

    private func take(_ settings: HwaljaSettings) {
        suggestions.limit = settings.suggestions
        suggestions.learns = settings.learnWords
        suggestions.pickAddsSpace = settings.pickAddsSpace
        suggestions.predictsNextWord = settings.predictNextWord
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
        if !loaded.badLines.isEmpty {
            log("\(Excerpt.path(store.path)): skipped \(loaded.badLines.count) damaged lines of learned words")
        }
        var words = loaded.words
        words.learnAgain(suggestions.learned.unsaved)  // not saved yet: kept, and saved when due
        suggestions.replaceLearnedWords(words)
    }
}
