import Dispatch
import Foundation
import HwaljaCore
import HwaljaLexicon
import HwaljaTestSupport
import HwaljaTyping
import Synchronization
import Testing

@testable import HwaljaRuntime
@testable import HwaljaSession

/// A program's learned words reach the disk once per SuggestionsLoader.saveDelay, whatever was
/// learned meanwhile, and at once when the program is about to end; programs keeping them in one
/// file add their words to each other's.
struct LearnedWordsSavingTests {
    /// A program's suggestions with no lexicon (천지인 words are learned as typed), on its queue,
    /// keeping the learned words in a scratch folder (or `sharing` another program's). Its saves
    /// wait, with their delays, until the test runs them (``runScheduledSaves()``).
    final class Program: Sendable {
        let scratch: LearnedWordsStoreTests.Scratch
        let store: LearnedWordsStore
        let queue = DispatchQueue(label: "learned-words-test")
        let loader: SuggestionsLoader
        let scheduled = Scheduled()

        /// The saves scheduled and not yet run.
        final class Scheduled: Sendable {
            let saves = Mutex<[(delay: DispatchTimeInterval, work: @Sendable () -> Void)]>([])
        }

        init(sharing other: Program? = nil) {
            scratch = other?.scratch ?? LearnedWordsStoreTests.Scratch()
            store = LearnedWordsStore(path: scratch.path + "/learned-words")
            let scheduled = scheduled
            loader = queue.sync { [store, queue] in
                SuggestionsLoader(
                    table: committedTable, tablePath: "/nonexistent/hwalja.table", settings: HwaljaSettings(),
                    queue: queue, store: store,
                    saveScheduler: { delay, work in scheduled.saves.withLock { $0.append((delay, work)) } },
                    log: { _ in })
            }
        }

        /// Learns the word typed with `keys` (on the queue, as a field ending it does).
        func learn(_ keys: [Key]) { loader.suggestions.learn([.init(keys: keys)], typedWith: committedTable) }

        /// Runs the saves scheduled so far, on the queue, and waits for their writes and for the
        /// program to take the words back; returns their delays.
        @discardableResult
        func runScheduledSaves() -> [DispatchTimeInterval] {
            let due = scheduled.saves.withLock { due in
                defer { due.removeAll() }
                return due
            }
            for save in due { queue.sync { save.work() } }
            loader.waitForWrites()
            queue.sync {}
            return due.map(\.delay)
        }

        /// The learned words this program suggests from.
        var learned: LearnedWords { queue.sync { loader.suggestions.learned } }
    }

    @Test func wordsLearnedTogetherAreSavedInOneWriteAfterAMoment() throws {
        let program = Program()
        let store = program.store
        program.queue.sync {
            program.learn(LearnedWordsStoreTests.gamsa)
            program.learn(LearnedWordsStoreTests.annyeong)
        }
        program.loader.waitForWrites()
        #expect(!FileManager.default.fileExists(atPath: store.path), "not written with the word's key")
        #expect(program.runScheduledSaves() == [SuggestionsLoader.saveDelay], "one save, a moment later")
        var both = LearnedWords()
        both.learn(LearnedWordsStoreTests.gamsa)
        both.learn(LearnedWordsStoreTests.annyeong)
        #expect(store.load().words == both)
    }

    @Test func aProgramEndingSavesAtOnceAndForgettingDropsASaveDue() throws {
        let program = Program()
        let (store, loader) = (program.store, program.loader)
        program.queue.sync {
            program.learn(LearnedWordsStoreTests.gamsa)
            loader.saveNow()
        }
        #expect(FileManager.default.fileExists(atPath: store.path))
        program.queue.sync {
            program.learn(LearnedWordsStoreTests.annyeong)
            #expect(loader.forgetAll() == nil)
        }
        program.runScheduledSaves()  // the save that was due writes nothing back
        #expect(!FileManager.default.fileExists(atPath: store.path))
        #expect(program.learned.words.isEmpty)
    }

    /// Two programs learning at once (the IBus engine and hwaljad): each adds its words to the
    /// file's, uses counted in both, and then suggests the other's too.
    @Test func programsSharingTheFileAddTheirWordsToEachOthers() throws {
        let engine = Program()
        let daemon = Program(sharing: engine)
        engine.queue.sync {
            for _ in 0..<3 { engine.learn(LearnedWordsStoreTests.gamsa) }
        }
        daemon.queue.sync {
            for _ in 0..<3 { daemon.learn(LearnedWordsStoreTests.annyeong) }
            daemon.learn(LearnedWordsStoreTests.gamsa)
        }
        engine.runScheduledSaves()
        daemon.runScheduledSaves()
        let uses = { (words: LearnedWords) in Dictionary(uniqueKeysWithValues: words.words.map { ($0.keys, $0.uses) }) }
        let expected = [LearnedWordsStoreTests.gamsa: 4, LearnedWordsStoreTests.annyeong: 3]
        #expect(uses(engine.store.load().words) == expected)
        #expect(uses(daemon.learned) == expected, "the later program took the file's words")
        // The first program takes them with its next save, and its words learned meanwhile stay.
        engine.queue.sync { engine.learn(LearnedWordsStoreTests.annyeong) }
        engine.runScheduledSaves()
        #expect(uses(engine.learned) == [LearnedWordsStoreTests.gamsa: 4, LearnedWordsStoreTests.annyeong: 4])
        #expect(uses(engine.store.load().words) == uses(engine.learned))
        #expect(engine.learned.unsaved.isEmpty)
    }

    /// Hanja picked in two programs (the IBus engine and the fcitx5 addon) are kept with the
    /// words, each program's added to the other's; forgetting the words forgets them too.
    @Test func hanjaPicksAreKeptMergedAndForgottenWithTheWords() throws {
        let engine = Program()
        let addon = Program(sharing: engine)
        let korea = HanjaEntry(reading: "한국", text: "韓國")
        let school = HanjaEntry(reading: "학교", text: "學校")
        engine.queue.sync {
            engine.loader.suggestions.learnHanja(korea)
            engine.loader.suggestions.learnHanja(korea)
        }
        addon.queue.sync { addon.loader.suggestions.learnHanja(school) }
        engine.runScheduledSaves()
        addon.runScheduledSaves()
        let saved = engine.store.load()
        #expect(saved.badLines == [])
        #expect(saved.words.hanja.use(of: korea)?.uses == 2)
        #expect(saved.words.hanja.use(of: school)?.uses == 1)
        #expect(addon.learned.hanja.use(of: korea)?.uses == 2, "the later program took the other's picks")
        let text = try String(contentsOfFile: engine.store.path, encoding: .utf8)
        #expect(text.hasPrefix(LearnedWordsText.header + "\n") && text.contains(" hanja 한국 韓國\n"))
        addon.queue.sync { #expect(addon.loader.forgetAll() == nil) }
        #expect(addon.learned.hanja.uses.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: engine.store.path))
    }

    /// A program whose words were forgotten by another (ForgetLearnedWords removes the file)
    /// forgets its own when it would save, instead of writing them back.
    @Test func aFileRemovedByAnotherProgramIsNotWrittenBack() throws {
        let engine = Program()
        let daemon = Program(sharing: engine)
        engine.queue.sync { engine.learn(LearnedWordsStoreTests.gamsa) }
        engine.runScheduledSaves()
        daemon.queue.sync { #expect(daemon.loader.forgetAll() == nil) }
        engine.queue.sync { engine.learn(LearnedWordsStoreTests.annyeong) }
        engine.runScheduledSaves()
        engine.queue.sync {}  // the forgetting reaches the queue
        #expect(!FileManager.default.fileExists(atPath: engine.store.path))
        #expect(engine.learned.words.isEmpty)
    }
}
