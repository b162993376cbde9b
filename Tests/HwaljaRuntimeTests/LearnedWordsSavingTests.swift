import Dispatch
import Foundation
import HwaljaCore
import HwaljaEngine
import HwaljaLexicon
import HwaljaRuntime
import HwaljaTestSupport
import Testing

@testable import HwaljaFrontend

/// A program's learned words reach the disk once per SuggestionsLoader.saveDelay, whatever was
/// learned meanwhile, and at once when the program is about to end.
struct LearnedWordsSavingTests {
    /// A program's suggestions with no lexicon (천지인 words are learned as typed), on its queue,
    /// keeping the learned words in a scratch folder.
    final class Program {
        let scratch = LearnedWordsStoreTests.Scratch()
        let store: LearnedWordsStore
        let queue = DispatchQueue(label: "learned-words-test")
        let loader: SuggestionsLoader

        init() {
            store = LearnedWordsStore(path: scratch.path + "/learned-words")
            loader = queue.sync { [store, queue] in
                SuggestionsLoader(
                    table: committedTable, tablePath: "/nonexistent/hwalja.table", settings: DaemonSettings(), queue: queue, store: store,
                    log: { _ in })
            }
        }

        /// Learns the word typed with `keys` (on the queue, as a field ending it does).
        func learn(_ keys: [Key]) { loader.suggestions.learn([keys], typedWith: committedTable) }
    }

    static func waitForFile(_ path: String, seconds: Double = 10) -> Bool {
        let deadline = Deadline(seconds: seconds)
        while !FileManager.default.fileExists(atPath: path) && !deadline.hasPassed { Thread.sleep(forTimeInterval: 0.05) }
        return FileManager.default.fileExists(atPath: path)
    }

    @Test func wordsLearnedTogetherAreSavedInOneWriteAfterAMoment() throws {
        let program = Program()
        let store = program.store
        program.queue.sync {
            program.learn(LearnedWordsStoreTests.gamsa)
            program.learn(LearnedWordsStoreTests.annyeong)
        }
        #expect(!FileManager.default.fileExists(atPath: store.path), "not written with the word's key")
        #expect(Self.waitForFile(store.path))
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
        Thread.sleep(forTimeInterval: 3)  // past SuggestionsLoader.saveDelay: the save that was due does not come
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }
}
