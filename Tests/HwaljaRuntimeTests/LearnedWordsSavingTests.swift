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
    /// A program's suggestions with no lexicon (천지인 words are learned as typed), on `queue`.
    static func loader(_ store: LearnedWordsStore, _ queue: DispatchQueue) -> SuggestionsLoader {
        queue.sync {
            SuggestionsLoader(
                table: committedTable, tablePath: "/nonexistent/hwalja.table", settings: DaemonSettings(), queue: queue, store: store,
                log: { _ in })
        }
    }

    static func waitForFile(_ path: String, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !FileManager.default.fileExists(atPath: path) && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return FileManager.default.fileExists(atPath: path)
    }

    @Test func wordsLearnedTogetherAreSavedInOneWriteAfterAMoment() throws {
        let scratch = LearnedWordsStoreTests.Scratch()
        let store = LearnedWordsStore(path: scratch.path + "/learned-words")
        let queue = DispatchQueue(label: "learned-words-test")
        let loader = Self.loader(store, queue)
        queue.sync {
            loader.suggestions.learn([LearnedWordsStoreTests.gamsa], typedWith: committedTable)
            loader.suggestions.learn([LearnedWordsStoreTests.annyeong], typedWith: committedTable)
        }
        #expect(!FileManager.default.fileExists(atPath: store.path), "not written with the word's key")
        #expect(Self.waitForFile(store.path))
        var both = LearnedWords()
        both.learn(LearnedWordsStoreTests.gamsa)
        both.learn(LearnedWordsStoreTests.annyeong)
        #expect(store.load().words == both)
    }

    @Test func aProgramEndingSavesAtOnceAndForgettingDropsASaveDue() throws {
        let scratch = LearnedWordsStoreTests.Scratch()
        let store = LearnedWordsStore(path: scratch.path + "/learned-words")
        let queue = DispatchQueue(label: "learned-words-test")
        let loader = Self.loader(store, queue)
        queue.sync {
            loader.suggestions.learn([LearnedWordsStoreTests.gamsa], typedWith: committedTable)
            loader.saveNow()
        }
        #expect(FileManager.default.fileExists(atPath: store.path))
        queue.sync {
            loader.suggestions.learn([LearnedWordsStoreTests.annyeong], typedWith: committedTable)
            #expect(loader.forgetAll() == nil)
        }
        Thread.sleep(forTimeInterval: 3)  // past SuggestionsLoader.saveDelay: the save that was due does not come
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }
}
