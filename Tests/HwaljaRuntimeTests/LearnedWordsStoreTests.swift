import Foundation
import HwaljaCore
import HwaljaLexicon
import HwaljaRuntime
import Testing

/// The learned words on disk: private, whole or not at all, read back, forgotten.
struct LearnedWordsStoreTests {
    final class Scratch: Sendable {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hwalja-learned-\(UUID().uuidString)")
        var path: String { url.path }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    // 감사 (ㄱㅋ ㅣ ㆍ ㅇㅁ ㅇㅁ ㅅㅎ ㅣ ㆍ) and 안녕 (ㅇㅁ ㅣ ㆍ ㄴㄹ NEXT ㄴㄹ ㆍ ㆍ ㅣ ㅇㅁ).
    static let gamsa: [Key] = [.giyeokKieuk, .in, .cheon, .ieungMieum, .ieungMieum, .siotHieut, .in, .cheon]
    static let annyeong: [Key] = [
        .ieungMieum, .in, .cheon, .nieunRieul, .next, .nieunRieul, .cheon, .cheon, .in, .ieungMieum
    ]

    static func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func savedWordsArePrivateAndComeBack() throws {
        let scratch = Scratch()
        let store = LearnedWordsStore(path: scratch.path + "/data/hwalja/learned-words")
        var words = LearnedWords()
        words.learn(Self.gamsa)
        words.learn(Self.annyeong)
        words.learn(Self.gamsa)
        words.learn(Self.gamsa, after: [Self.annyeong])  // 안녕 감사: a pair, as keys too
        try store.save(words)
        #expect(try Self.mode(store.path) == 0o600)
        #expect(try Self.mode(scratch.path + "/data/hwalja") == 0o700)
        #expect(
            try String(contentsOfFile: store.path, encoding: .utf8)
                == "# hwalja learned words 3\n2 3 412aa812\n1 2 a125b5221a\n1 3 a125b5221a 412aa812\n")
        let loaded = store.load()
        #expect(loaded.words == words)
        #expect(loaded.words.sequences.next(after: [Self.annyeong], limit: 3) == [Self.gamsa])
        #expect(loaded.badLines.isEmpty)
        // A file written before sequences were learned reads as it is.
        try "# hwalja learned words 1\n2 3 412aa812\n".write(toFile: store.path, atomically: true, encoding: .utf8)
        #expect(store.load().words.words.map(\.keys) == [Self.gamsa])
        #expect(store.load().badLines.isEmpty)
    }

    @Test func aDamagedLineIsSkippedAndTheRestKept() throws {
        let scratch = Scratch()
        try FileManager.default.createDirectory(at: scratch.url, withIntermediateDirectories: true)
        let store = LearnedWordsStore(path: scratch.path + "/learned-words")
        try "# hwalja learned words 1\n1 2 a125b5221a\nthree 3 41\n2 3 4f\n2 3 412aa812\n".write(
            toFile: store.path, atomically: true, encoding: .utf8)
        let loaded = store.load()
        #expect(loaded.badLines == [3, 4])
        #expect(
            loaded.words.words.map(\.keys)
                == [Self.gamsa, Self.annyeong].sorted { $0.lexicographicallyPrecedes($1) { $0.rawValue < $1.rawValue } }
        )
    }

    @Test func forgettingRemovesTheFileAndNothingIsLeftToLoad() throws {
        let scratch = Scratch()
        let store = LearnedWordsStore(path: scratch.path + "/learned-words")
        var words = LearnedWords()
        words.learn(Self.gamsa)
        try store.save(words)
        try "🐶\n".write(toFile: store.recentEmojiPath, atomically: true, encoding: .utf8)
        #expect(store.recentEmojiPath == scratch.path + "/recent-emoji")
        try store.forget()
        #expect(!FileManager.default.fileExists(atPath: store.path))
        #expect(!FileManager.default.fileExists(atPath: store.recentEmojiPath), "the keypad's recent emoji go too")
        #expect(store.load().words.words.isEmpty)
        try store.forget()  // nothing there: nothing to do
    }

    @Test func theStandardPlaceFollowsXDG() {
        #expect(
            LearnedWordsStore.standard(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"])?.path
                == "/d/hwalja/learned-words")
        #expect(LearnedWordsStore.standard(environment: ["HOME": "/h"])?.path == "/h/.local/share/hwalja/learned-words")
        #expect(LearnedWordsStore.standard(environment: ["XDG_DATA_HOME": "relative"]) == nil)
    }
}
