import HwaljaCore
import HwaljaDBus
import HwaljaDaemon
import HwaljaLexicon
import HwaljaSession
import HwaljaTestSupport
import Testing

/// hwaljad's conversion key in process: `PressKey("HANJA")` on `org.hwalja.Context1`, F9 on
/// `org.hwalja.InputContext1`, the `CandidatesChanged` signal and `Candidates` property, and
/// `AcceptCandidate`, `TurnCandidatePage`, `CloseCandidates`.
struct DaemonHanjaTests {
    typealias Harness = EngineServiceTests.Harness

    static func conversions() -> HanjaConversions {
        HanjaConversions(
            load: {
                (
                    try? HanjaDictionary(HanjaBytes(HanjaExcerpt.hanja)),
                    try? HanjaDictionary(HanjaBytes(HanjaExcerpt.symbols))
                )
            }, log: { _ in })
    }

    static func harness(hanja: HanjaConversions = conversions(), wordSuggestions: WordSuggestions? = nil) -> Harness {
        Harness(wordSuggestions: wordSuggestions, hanja: hanja)
    }

    /// The last `CandidatesChanged` among `messages`: each candidate's text, its meaning, the page
    /// and the pages; `nil` if there is none.
    static func candidates(_ messages: [BusMessage]) -> (
        texts: [String], meanings: [String], page: UInt32, pages: UInt32
    )? {
        guard let signal = messages.last(where: { $0.kind == .signal && $0.member == "CandidatesChanged" }),
            let arguments = try? signal.arguments(), arguments.count == 3,
            case .array(_, let entries) = arguments[0], case .uint32(let page) = arguments[1],
            case .uint32(let pages) = arguments[2]
        else { return nil }
        let pairs = entries.compactMap { entry -> (String, String)? in
            guard case .structure(let fields) = entry, fields.count == 2, let text = fields[0].stringValue,
                let meaning = fields[1].stringValue
            else { return nil }
            return (text, meaning)
        }
        return (pairs.map(\.0), pairs.map(\.1), page, pages)
    }

    static func key(_ harness: Harness, _ path: String, _ token: String) throws -> [BusMessage] {
        try harness.call(":1.4", path, EngineInterface.contextInterface, "PressKey", [.string(token)])
    }

    @Test func hanjaOnAKeyNameContextListsTheWordsHanjaAndAcceptCandidatePicksAsAKey() throws {
        let harness = Self.harness()
        let path = try DaemonSuggestionTests.createContext(harness, ":1.4", signals: false)
        _ = try harness.call(
            ":1.4", path, EngineInterface.contextInterface, "SetCapabilities",
            [.uint32(EngineInterface.Capability.signals | EngineInterface.Capability.deleteBeforeCursor)])
        for token in "8 8 1 2 5 4 3 2 4".split(separator: " ") { _ = try Self.key(harness, path, String(token)) }  // 한국
        let opened = try Self.key(harness, path, "HANJA")
        let list = try #require(Self.candidates(opened))
        #expect(list.texts == ["韓國", "寒國", "寒菊", "汗國", "韓", "寒"])
        #expect(list.meanings.prefix(2) == ["대한민국", "찰 한, 나라 국"])
        #expect((list.page, list.pages) == (0, 1))
        let answer = try opened.last?.arguments()
        #expect(answer == [.string(""), .string("국"), .boolean(true)], "nothing typed, the preedit kept")
        let property = try DaemonSuggestionTests.property(
            harness, ":1.4", path, EngineInterface.contextInterface, "Candidates")
        guard case .structure(let fields) = property, case .array(_, let shown) = fields.first else {
            Issue.record("Candidates is \(String(describing: property))")
            return
        }
        #expect(shown.count == 6)

        let picked = try harness.call(":1.4", path, EngineInterface.contextInterface, "AcceptCandidate", [.uint32(0)])
        // The list closes; 한, committed once 국 began, is taken back, then 韓國 typed.
        #expect(
            Harness.described(picked).map { $0.split(separator: " ")[0] } == ["CandidatesChanged", "DeleteBeforeCursor"]
        )
        #expect(Harness.described(picked).last == "DeleteBeforeCursor uint32(1)")
        #expect(try picked.last?.arguments() == [.string("韓國"), .string(""), .boolean(true)])
        #expect(Self.candidates(picked)?.texts == [], "the list closed")
        let again = try harness.call(":1.4", path, EngineInterface.contextInterface, "AcceptCandidate", [.uint32(0)])
        #expect(try again.last?.arguments() == [.string(""), .string(""), .boolean(false)], "no list: no effect")
    }

    @Test func hanjaWithNothingToConvertIsNotConsumedAndAnotherKeyClosesTheList() throws {
        let harness = Self.harness()
        let path = try DaemonSuggestionTests.createContext(harness, ":1.4")
        let nothing = try Self.key(harness, path, "HANJA")
        #expect(try nothing.last?.arguments() == [.string(""), .string(""), .boolean(false)])
        #expect(Self.candidates(nothing) == nil)
        _ = try Self.key(harness, path, "8")
        _ = try Self.key(harness, path, "8")
        _ = try Self.key(harness, path, "1")
        _ = try Self.key(harness, path, "2")  // 하
        _ = try Self.key(harness, path, "4")  // 학
        #expect(Self.candidates(try Self.key(harness, path, "HANJA"))?.texts == ["學", "鶴", "虐"])
        #expect(Self.candidates(try Self.key(harness, path, "HANJA"))?.texts == [], "HANJA again closes it")
        #expect(Self.candidates(try Self.key(harness, path, "HANJA"))?.texts == ["學", "鶴", "虐"])
        let typed = try Self.key(harness, path, "1")  // ㅣ: the list closes, the key types as usual
        #expect(Self.candidates(typed)?.texts == [])
        // As hwalja-replay types 학 ㅣ.
        #expect(try typed.last?.arguments() == [.string(""), .string("하기"), .boolean(true)])
    }

    /// A key-name client that did not set Signals reads the page from the `Candidates` property,
    /// gets no signal; a pick is learned only for a client that set LearnWords; a key refused
    /// leaves the list as it was.
    @Test func withoutSignalsNoSignalAndWithoutLearnWordsNoPickLearned() throws {
        let words = WordSuggestions(suggester: nil)
        let hanja = Self.conversions()
        hanja.learnedWords = words
        let harness = Self.harness(hanja: hanja)
        for learns in [false, true] {
            let path = try DaemonSuggestionTests.createContext(harness, ":1.4", signals: false)
            if learns {
                _ = try harness.call(
                    ":1.4", path, EngineInterface.contextInterface, "SetCapabilities",
                    [.uint32(EngineInterface.Capability.learnWords)])
            }
            for token in "8 8 1 2 5 4 3 2 4".split(separator: " ") { _ = try Self.key(harness, path, String(token)) }
            let opened = try Self.key(harness, path, "HANJA")
            #expect(opened.filter { $0.kind == .signal }.isEmpty, "no signal without Signals")
            #expect(try opened.last?.arguments().last == .boolean(true))
            let refused = try Self.key(harness, path, "FOO")
            #expect(refused.last?.errorName == EngineInterface.ErrorName.unknownKey)
            #expect(refused.count == 1, "an error alone, nothing changed")
            // Without DeleteBeforeCursor the word stays in the preedit (what undo may take back):
            // all of it converts.
            let picked = try harness.call(
                ":1.4", path, EngineInterface.contextInterface, "AcceptCandidate", [.uint32(0)])
            let answer = try picked.last?.arguments() ?? []
            #expect(answer == [.string("韓國"), .string(""), .boolean(true)], "\(answer)")
            #expect(picked.filter { $0.kind == .signal }.isEmpty)
            #expect(words.learned.hanja.uses.isEmpty != learns, "learned only with LearnWords (\(learns))")
        }
    }

    @Test func aSignalsClientSeesItsSuggestionsHiddenWhileTheListIsOpen() throws {
        let entry = LexiconEntry(keys: SamsungSpelling.keys(forWord: "학교"), score: LexiconEntry.score(count: 900))
        let lexicon = try LexiconFile.decode(LexiconFile.encode([entry]))
        let suggestions = WordSuggestions(suggester: Suggester(lexicon: lexicon, table: committedTable))
        let harness = Self.harness(wordSuggestions: suggestions)
        let path = try DaemonSuggestionTests.createContext(harness, ":1.4")
        #expect(
            DaemonSuggestionTests.suggested(try DaemonSuggestionTests.press(harness, ":1.4", path, "8 8 1 2 4")) == [
                "학교"
            ])
        let list = try Self.key(harness, path, "HANJA")
        #expect(Self.candidates(list)?.texts == ["學", "鶴", "虐"])
        #expect(DaemonSuggestionTests.suggested(list) == [], "hidden while the list is open")
        let closed = try Self.key(harness, path, "HANJA")
        #expect(Self.candidates(closed)?.texts == [])
        #expect(DaemonSuggestionTests.suggested(closed) == ["학교"], "shown again once it closes")
    }

    /// An on-screen keypad's 漢: a client that set ConversionHint (with Signals) hears whether the
    /// word being typed converts each time that changes, after the key's reply; others never.
    @Test func conversionAvailableSaysWhenTheWordBeingTypedConverts() throws {
        let harness = Self.harness()
        let hinted = try DaemonSuggestionTests.createContext(harness, ":1.4")
        let accepted = try harness.call(
            ":1.4", hinted, EngineInterface.contextInterface, "SetCapabilities",
            [.uint32(EngineInterface.Capability.signals | EngineInterface.Capability.conversionHint)])
        #expect(try accepted.last?.arguments() == [.uint32(12)])
        let plain = try DaemonSuggestionTests.createContext(harness, ":1.4")
        func hints(_ path: String, _ token: String) throws -> [[BusValue]] {
            let messages = try Self.key(harness, path, token)
            let hints = messages.filter { $0.kind == .signal && $0.member == "ConversionAvailable" }
            if !hints.isEmpty { #expect(messages.last?.kind == .signal, "after the reply") }
            return try hints.map { try $0.arguments() }
        }
        // ㅅ ㅎ 하: nothing converts (no symbols for ㅅ in the excerpt); 학: 學 …; 학 and a space:
        // no word; ㄱ: its symbols; 기: nothing.
        let (yes, no): ([[BusValue]], [[BusValue]]) = ([[.boolean(true)]], [[.boolean(false)]])
        let steps: [(String, [[BusValue]])] = [
            ("8", []), ("8", []), ("1", []), ("2", []), ("4", yes), ("SPACE", no), ("4", yes), ("1", no)
        ]
        for (token, expected) in steps {
            #expect(try hints(hinted, token) == expected, "\(token)")
            #expect(try hints(plain, token) == [], "no hint without ConversionHint (\(token))")
        }
    }

    /// A host with threads reads the files in the background once a client asks for hints: a key
    /// typed before they arrive is told nothing (it does not wait for them), and the context is
    /// told as they arrive.
    @Test func theFilesAreReadInTheBackgroundAndTheHintFollowsThem() throws {
        let hanja = Self.conversions()
        var pending: [(HanjaConversions.Files) -> Void] = []
        hanja.readInBackground = { pending.append($0) }
        let harness = Self.harness(hanja: hanja)
        hanja.onPrepared = { harness.service.conversionsPrepared() }  // as SessionHost.start wires it
        let path = try DaemonSuggestionTests.createContext(harness, ":1.4")
        _ = try harness.call(
            ":1.4", path, EngineInterface.contextInterface, "SetCapabilities",
            [.uint32(EngineInterface.Capability.signals | EngineInterface.Capability.conversionHint)])
        #expect(pending.count == 1, "asked for at once")
        var typed: [BusMessage] = []
        for token in ["8", "8", "1", "2", "4"] { typed += try Self.key(harness, path, token) }  // 학
        #expect(!typed.contains { $0.member == "ConversionAvailable" })
        #expect(pending.count == 1, "read once")
        pending[0]((try HanjaDictionary(HanjaBytes(HanjaExcerpt.hanja)), nil))
        #expect(Harness.described(harness.log.take()) == ["ConversionAvailable boolean(true)"])
    }

    @Test func f9OnAnInputContextListsSymbolsThatTurnPickAndClose() throws {
        let harness = Self.harness()
        let path = try harness.createInputContext(":1.5")
        func key(_ keysym: UInt32) throws -> [BusMessage] {
            try harness.call(
                ":1.5", path, EngineInterface.inputContextInterface, "ProcessKeyEvent",
                [.uint32(keysym), .uint32(0), .uint32(0)])
                + harness.call(
                    ":1.5", path, EngineInterface.inputContextInterface, "ProcessKeyEvent",
                    [.uint32(keysym), .uint32(0), .uint32(1 << 30)])
        }
        _ = try key(0x30)
        _ = try key(0x30)  // ㅁ
        let first = try #require(Self.candidates(try key(0xFFC6)))  // F9
        #expect(first.texts.count == 9 && first.texts[5] == "※" && (first.page, first.pages) == (0, 2))
        let turned = try harness.call(
            ":1.5", path, EngineInterface.inputContextInterface, "TurnCandidatePage", [.int32(1)])
        #expect(Self.candidates(turned)?.texts == ["●", "◎", "◇"])
        let picked = try harness.call(
            ":1.5", path, EngineInterface.inputContextInterface, "AcceptCandidate", [.uint32(1)])
        #expect(Harness.described(picked).contains("CommitText ◎"))
        #expect(try picked.last?.arguments() == [.boolean(true)])
        #expect(Self.candidates(picked)?.texts == [])

        _ = try key(0x30)
        _ = try key(0x30)
        _ = try key(0xFFC6)
        let closed = try harness.call(":1.5", path, EngineInterface.inputContextInterface, "CloseCandidates")
        #expect(Self.candidates(closed)?.texts == [])
        let wrong = try harness.call(
            ":1.5", path, EngineInterface.inputContextInterface, "TurnCandidatePage", [.uint32(1)])
        #expect(wrong.last?.errorName == EngineInterface.ErrorName.invalidArgs)
    }
}
