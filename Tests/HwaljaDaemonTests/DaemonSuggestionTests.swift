import HwaljaCore
import HwaljaDBus
import HwaljaDaemon
import HwaljaLexicon
import HwaljaSession
import HwaljaTestSupport
import Testing

/// hwaljad's word suggestions in process: the `Suggestions` property, `SuggestionsChanged` and
/// `AcceptSuggestion` on both context interfaces, and what is learned (issue #15).
struct DaemonSuggestionTests {
    typealias Harness = EngineServiceTests.Harness

    /// A service suggesting from a lexicon of a few words, as the generator makes it.
    static func harness(pickAddsSpace: Bool = true) -> (Harness, WordSuggestions) {
        let words = [("감사합니다", 900), ("감사해요", 500), ("가방", 300), ("나무", 200)]
        let entries = words.map {
            LexiconEntry(keys: SamsungSpelling.keys(forWord: $0.0), score: LexiconEntry.score(count: $0.1))
        }
        let lexicon = try! LexiconFile.decode(LexiconFile.encode(entries))
        let suggestions = WordSuggestions(
            suggester: Suggester(lexicon: lexicon, table: committedTable), pickAddsSpace: pickAddsSpace)
        return (Harness(wordSuggestions: suggestions), suggestions)
    }

    /// The words of the last `SuggestionsChanged` among `messages`, if any.
    static func suggested(_ messages: [BusMessage]) -> [String]? {
        guard let signal = messages.last(where: { $0.kind == .signal && $0.member == "SuggestionsChanged" }),
            case .array(_, let words) = try? signal.arguments().first
        else { return nil }
        return words.compactMap(\.stringValue)
    }

    /// The reply among `messages`, which comes before the suggestions: they are looked up once the key is answered.
    static func reply(_ messages: [BusMessage]) -> BusMessage? {
        guard let index = messages.firstIndex(where: { $0.kind == .methodReturn }) else { return nil }
        #expect(messages[(index + 1)...].allSatisfy { $0.member == "SuggestionsChanged" })
        return messages[index]
    }

    /// A key-name context whose client asked for signals (suggestions among them), unless `signals` is false.
    static func createContext(_ harness: Harness, _ client: String, signals: Bool = true) throws -> String {
        let path =
            try harness.call(client, EngineInterface.enginePath, EngineInterface.engineInterface, "CreateContext").last?
            .arguments().first?.stringValue ?? ""
        if signals {
            _ = try harness.call(
                client, path, EngineInterface.contextInterface, "SetCapabilities",
                [.uint32(EngineInterface.Capability.signals)])
        }
        return path
    }

    static func press(_ harness: Harness, _ client: String, _ path: String, _ keys: String) throws -> [BusMessage] {
        var sent: [BusMessage] = []
        for key in keys.split(separator: " ") {
            sent += try harness.call(client, path, EngineInterface.contextInterface, "PressKey", [.string(String(key))])
        }
        return sent
    }

    static func property(_ harness: Harness, _ client: String, _ path: String, _ interface: String, _ name: String)
        throws -> BusValue?
    {
        let reply = try harness.call(
            client, path, "org.freedesktop.DBus.Properties", "Get", [.string(interface), .string(name)]
        ).last
        guard case .variant(let value) = try reply?.arguments().first else { return nil }
        return value
    }

    @Test func aKeyNameContextSuggestsOnTheKeysAndAPickAnswersAsAKey() throws {
        let (harness, _) = Self.harness()
        let path = try Self.createContext(harness, ":1.4")
        // ㄱ ㅣ ㆍ shows 가: every word on the way, 가방 too.
        #expect(Self.suggested(try Self.press(harness, ":1.4", path, "4 1 2")) == ["감사합니다", "감사해요", "가방"])
        // ㅇㅁ ㅇㅁ ㅅ ㅣ ㆍ: 감사, only the two words that start so.
        #expect(Self.suggested(try Self.press(harness, ":1.4", path, "0 0 8 1 2")) == ["감사합니다", "감사해요"])
        let shown = try Self.property(harness, ":1.4", path, EngineInterface.contextInterface, "Suggestions")
        #expect(shown == .stringArray(["감사합니다", "감사해요"]))
        let picked = try harness.call(":1.4", path, EngineInterface.contextInterface, "AcceptSuggestion", [.uint32(1)])
        let reply = try Self.reply(picked)?.arguments()
        #expect(reply?.first?.stringValue == "감사해요 ")  // the word and a space, committed in one key
        #expect(reply?.last == .boolean(true))
        #expect(Self.suggested(picked) == [])  // the word ended: nothing to complete
        // An index not shown changes nothing, and says so as a key would.
        let stale = try harness.call(":1.4", path, EngineInterface.contextInterface, "AcceptSuggestion", [.uint32(2)])
        #expect(try Self.reply(stale)?.arguments() == [.string(""), .string(""), .boolean(false)])
    }

    @Test func aKeyNameContextLearnsOnlyWhenItsClientAsks() throws {
        let (harness, suggestions) = Self.harness()
        let path = try Self.createContext(harness, ":1.4")
        _ = try Self.press(harness, ":1.4", path, "5 1 2 0 0 SPACE SPACE")  // 남, a word the lexicon lacks, then a blank
        #expect(suggestions.learned.words.count == 0)  // a tool replaying a log teaches nothing
        let accepted = try harness.call(":1.4", path, EngineInterface.contextInterface, "SetCapabilities", [.uint32(6)])
        #expect(try accepted.last?.arguments() == [.uint32(6)])  // LearnWords, and Signals still
        _ = try Self.press(harness, ":1.4", path, "5 1 2 0 0 SPACE SPACE")
        #expect(suggestions.learned.words.count == 1)
        // ㄴ ㅣ ㆍ: 나 on the way to 남 (learned) and 나무 (the lexicon's).
        #expect(Set(Self.suggested(try Self.press(harness, ":1.4", path, "5 1 2")) ?? []) == ["남", "나무"])
        _ = try harness.call(":1.9", EngineInterface.enginePath, EngineInterface.engineInterface, "ForgetLearnedWords")
        #expect(suggestions.learned.words.count == 0)
    }

    /// Context1 with LearnWords (hwalja-keypad on Wayland): once a word ends, the word typed
    /// after it before is suggested, and a pick answers as the word's keys with a space before it.
    @Test func aKeyNameContextPredictsTheNextWordItsClientTypedBefore() throws {
        let (harness, suggestions) = Self.harness()
        let path = try Self.createContext(harness, ":1.4")
        _ = try harness.call(":1.4", path, EngineInterface.contextInterface, "SetCapabilities", [.uint32(6)])
        // 감사합니다 나무: the second word after the first, each ended by a space.
        let gamsahamnida = SamsungSpelling.keys(forWord: "감사합니다").map(\.name).joined(separator: " ")
        let namu = SamsungSpelling.keys(forWord: "나무").map(\.name).joined(separator: " ")
        _ = try Self.press(harness, ":1.4", path, "\(gamsahamnida) SPACE SPACE \(namu) SPACE SPACE")
        #expect(suggestions.learned.sequences.count == 1)
        _ = try harness.call(":1.4", path, EngineInterface.contextInterface, "Reset")
        #expect(Self.suggested(try Self.press(harness, ":1.4", path, "\(gamsahamnida) SPACE")) == ["나무"])
        let picked = try harness.call(":1.4", path, EngineInterface.contextInterface, "AcceptSuggestion", [.uint32(0)])
        #expect(try Self.reply(picked)?.arguments().first?.stringValue?.hasPrefix(" 나무 ") == true)
        // ForgetLearnedWords forgets which word followed which too.
        _ = try harness.call(":1.9", EngineInterface.enginePath, EngineInterface.engineInterface, "ForgetLearnedWords")
        #expect(suggestions.learned.sequences.count == 0)
        _ = try harness.call(":1.4", path, EngineInterface.contextInterface, "Reset")
        #expect(Self.suggested(try Self.press(harness, ":1.4", path, "\(gamsahamnida) SPACE")) ?? [] == [])
    }

    /// InputContext1 predicts as Context1 does: 가 바 typed, then 가: 바 once it ends.
    @Test func anInputContextPredictsTheNextWord() throws {
        let (harness, _) = Self.harness()
        let path = try harness.createInputContext(":1.5")
        /// Presses and releases each keysym; returns what the service sent.
        func type(_ keysyms: [UInt32]) throws -> [BusMessage] {
            var sent: [BusMessage] = []
            for keysym in keysyms {
                for state: UInt32 in [0, 1 << 30] {
                    sent += try harness.call(
                        ":1.5", path, EngineInterface.inputContextInterface, "ProcessKeyEvent",
                        [.uint32(keysym), .uint32(0), .uint32(state)])
                }
            }
            return sent
        }
        _ = try type([0x34, 0x31, 0x32, 0x20, 0x20, 0x37, 0x31, 0x32, 0x20, 0x20])  // 가 바
        #expect(Self.suggested(try type([0x34, 0x31, 0x32, 0x20])) == ["바"])
    }

    @Test func anInputContextSignalsSuggestionsAndAPickCommitsTheWord() throws {
        let (harness, _) = Self.harness(pickAddsSpace: false)
        let path = try harness.createInputContext(":1.5")
        var sent: [BusMessage] = []
        for keysym: UInt32 in [0x34, 0x31, 0x32, 0x30, 0x30, 0x38, 0x31, 0x32] {  // 4 1 2 0 0 8 1 2: 감사
            for state: UInt32 in [0, 1 << 30] {  // pressed and released
                sent += try harness.call(
                    ":1.5", path, EngineInterface.inputContextInterface, "ProcessKeyEvent",
                    [.uint32(keysym), .uint32(0), .uint32(state)])
            }
        }
        #expect(Self.suggested(sent) == ["감사합니다", "감사해요"])
        let shownAt = try #require(sent.lastIndex { $0.member == "SuggestionsChanged" })
        #expect(sent[shownAt - 1].kind == .methodReturn)  // after the key's answer
        let shown = try Self.property(harness, ":1.5", path, EngineInterface.inputContextInterface, "Suggestions")
        #expect(shown == .stringArray(["감사합니다", "감사해요"]))
        let picked = try harness.call(
            ":1.5", path, EngineInterface.inputContextInterface, "AcceptSuggestion", [.uint32(0)])
        // A client that never told its text keeps the word in the preedit (감사): the word goes in whole.
        #expect(Harness.described(picked).prefix(2) == ["CommitText 감사합니다", "UpdatePreedit "])
        #expect(try Self.reply(picked)?.arguments() == [.boolean(true)])
        // A password field shows none.
        let password = try harness.createInputContext(":1.5")
        _ = try harness.call(
            ":1.5", password, EngineInterface.inputContextInterface, "SetContentType", [.uint32(8), .uint32(0)])
        var typed: [BusMessage] = []
        for keysym: UInt32 in [0x34, 0x31, 0x32] {
            for state: UInt32 in [0, 1 << 30] {
                typed += try harness.call(
                    ":1.5", password, EngineInterface.inputContextInterface, "ProcessKeyEvent",
                    [.uint32(keysym), .uint32(0), .uint32(state)])
            }
        }
        #expect(Self.suggested(typed) == nil)
    }

    /// A context of another layout (나랏글) gets the lexicon's suggestions for the word its keys
    /// type, and a pick types the word.
    @Test func aContextOfAnotherLayoutSuggestsTheWordsItsKeysType() throws {
        let (_, suggestions) = Self.harness()
        let harness = Harness(otherLayouts: [.naratgeul: committedTables[.naratgeul]!], wordSuggestions: suggestions)
        let created = try harness.call(
            ":1.4", EngineInterface.enginePath, EngineInterface.engineInterface, "CreateContext", [.string("naratgeul")]
        )
        let path = try #require(created.last?.arguments().first?.stringValue)
        _ = try harness.call(
            ":1.4", path, EngineInterface.contextInterface, "SetCapabilities",
            [.uint32(EngineInterface.Capability.signals)])
        let keys = LayoutSpelling.of(.naratgeul).keys(forWord: "감사").map(\.name).joined(separator: " ")
        #expect(Self.suggested(try Self.press(harness, ":1.4", path, keys)) == ["감사합니다", "감사해요"])
        let picked = try harness.call(":1.4", path, EngineInterface.contextInterface, "AcceptSuggestion", [.uint32(0)])
        #expect(try Self.reply(picked)?.arguments().first == .string("감사합니다 "))
    }

    /// A client that takes no signals gets no `SuggestionsChanged`: it reads the property, which
    /// looks them up then, and picks from what it read.
    @Test func aClientWithoutSignalsReadsItsSuggestionsAndPicksFromThem() throws {
        let (harness, _) = Self.harness()
        let path = try Self.createContext(harness, ":1.4", signals: false)
        let typed = try Self.press(harness, ":1.4", path, "4 1 2 0 0 8 1 2")
        #expect(typed.allSatisfy { $0.kind == .methodReturn })  // one message per key: its reply
        let shown = try Self.property(harness, ":1.4", path, EngineInterface.contextInterface, "Suggestions")
        #expect(shown == .stringArray(["감사합니다", "감사해요"]))
        let picked = try harness.call(":1.4", path, EngineInterface.contextInterface, "AcceptSuggestion", [.uint32(1)])
        #expect(picked.count == 1)
        #expect(try picked.first?.arguments() == [.string("감사해요 "), .string(""), .boolean(true)])
    }
}
