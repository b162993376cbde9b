import HwaljaCore
import HwaljaDBus
import HwaljaDaemon
import HwaljaTestSupport
import Testing

/// Exact undo through hwaljad on a real bus (issue #11): a client that sets DeleteBeforeCursor
/// is told to delete what undo takes back; one that does not is never told to, and gets the
/// same words from its preedit.
@Suite(.serialized)
struct DaemonBackspaceTests {
    /// One client typing into one context, its text kept as the interface says: the signals sent
    /// before each reply, then the reply.
    final class Typist: @unchecked Sendable {
        let client: EngineClient
        let path: String
        var text = ContextText()

        init(_ daemon: PrivateDaemon, canDelete: Bool) throws {
            client = try EngineClient(bus: .address(daemon.bus.address))
            path = try client.createContext()
            client.onSignal = { [unowned self] member, signalPath, arguments in
                if signalPath == path { text.apply(member, arguments) }
            }
            if canDelete { try setCapabilities(EngineInterface.Capability.deleteBeforeCursor) }
        }

        @discardableResult
        func setCapabilities(_ bits: UInt32) throws -> UInt32 {
            try client.setCapabilities(bits, on: path)
        }

        /// Taps each key; returns the text shown (committed text and preedit).
        @discardableResult
        func type(_ keys: [Key]) throws -> String {
            for key in keys {
                let result = try client.key("PressKey", key.name, on: path)
                text.applyReply(commit: result.commit, preedit: result.preedit, consumed: result.consumed, key: key)
            }
            return text.shown
        }

        func type(_ tokens: String) throws -> String {
            try type(tokens.split(separator: " ").map { Key(token: String($0))! })
        }

        /// Starts afresh: drops the preedit, forgets the text.
        func clear() throws {
            try client.call(path, EngineInterface.contextInterface, "Reset")
            text = ContextText()
        }
    }

    /// Korean as people write it, typed with a slip or an undo, and the text it must leave.
    static let cases: [(keys: String, text: String)] = [
        ("ㅅㅎ ㅅㅎ ㅣ ㆍ ㄷㅌ ㅣ ㆍ BS BS", "핟"),  // 하다, two keystrokes undone: the 하 comes back
        ("ㄱㅋ ㅈㅊ BS ㅣ ㆍ", "가"),  // not ㄱㅏ
        ("ㄱㅋ ㅣ ㅡ BS ㅅㅎ", "깃"),  // 기 ㅡ BS ㅅ, not 기ㅅ
        ("ㅇㅁ ㄱㅋ BS ㅇㅁ", "ㅁ"),  // not ㅇㅇ
        ("ㅅㅎ ㅅㅎ ㅣ ㆍ ㄷㅌ ㅣ ㆍ ㅇㅁ ㅇㅁ ㅂㅍ BS ㅣ", "하다미"),  // 하담 ㅂ BS ㅣ, not 하담ㅣ
        ("ㅅㅎ ㅣ NEXT BS", "")  // NEXT is a boundary: the backspace deletes 시 in the application
    ]

    @Test func aClientThatDeletesGetsEachCaseExactly() throws {
        let daemon = try PrivateDaemon()
        let typist = try Typist(daemon, canDelete: true)
        for (keys, text) in Self.cases {
            #expect(try typist.type(keys) == text, "\(keys)")
            try typist.clear()
        }
        #expect(try typist.type("ㅅㅎ ㅅㅎ ㅣ ㆍ ㄷㅌ ㅣ ㆍ BS BS") == "핟")
        #expect(typist.text.deletions == 1)
        #expect(typist.text.committed == "")
    }

    @Test func aClientThatCannotDeleteIsNeverToldToAndGetsTheSameWords() throws {
        let daemon = try PrivateDaemon()
        let typist = try Typist(daemon, canDelete: false)
        for (keys, text) in Self.cases {
            #expect(try typist.type(keys) == text, "\(keys)")
            #expect(typist.text.deletions == 0)
            try typist.clear()
        }
    }

    @Test func capabilitiesAnswerTheBitsInUseAndMayChangeMidWord() throws {
        let daemon = try PrivateDaemon()
        let typist = try Typist(daemon, canDelete: false)
        // DeleteBeforeCursor, LearnWords, Signals and ConversionHint, nothing else
        #expect(try typist.setCapabilities(0xFFFF_FFFF) == 15)
        #expect(try typist.type("ㅅㅎ ㅅㅎ ㅣ ㆍ ㄷㅌ ㅣ ㆍ") == "하다")
        #expect(typist.text.committed == "하")
        // The client loses the means to delete (focus moved to a terminal): 하 is its own now.
        #expect(try typist.setCapabilities(0) == 0)
        #expect(try typist.type("BS BS") == "하")  // 하디, then the syllable goes; 핟 would need 하 back
        #expect(typist.text.deletions == 0)
        #expect(typist.text.committed == "하")
        #expect(throws: BusError.self) {
            try typist.client.call(typist.path, EngineInterface.contextInterface, "SetCapabilities", [.string("1")])
        }
    }

    /// The dictionary properties of the composer's own tests, on a sample of words, through the
    /// bus: BS×k and the last k keys again give the word; a wrong key and BS give the word.
    @Test(arguments: [true, false])
    func dictionaryWordsSurviveUndoAndSlipsThroughTheBus(canDelete: Bool) throws {
        let words = try #require(HunspellWords.sorted, "\(HunspellWords.missing)")
        let daemon = try PrivateDaemon()
        let typist = try Typist(daemon, canDelete: canDelete)
        var wrong: [String] = []
        var cases = 0
        for (number, word) in words.enumerated() where number % 1999 == 0 {
            let keys = SamsungSpelling.keys(forWord: word)
            for k in 1...min(3, keys.count) where !keys.suffix(k).contains(.next) {
                cases += 1
                let text = try typist.type(keys + Array(repeating: .backspace, count: k) + keys.suffix(k))
                if text != word { wrong.append("\(word) BS×\(k): \(text)") }
                try typist.clear()
            }
            for position in 0...keys.count {
                cases += 1
                let slip = WrongKey.pick(number &+ position, insteadOf: position < keys.count ? keys[position] : nil)
                let text = try typist.type(keys[..<position] + [slip, .backspace] + keys[position...])
                if text != word { wrong.append("\(word) with \(slip.name) BS at \(position): \(text)") }
                try typist.clear()
            }
        }
        #expect(cases > 300)
        #expect(wrong.count == 0, "\(wrong.count) of \(cases) wrong: \(wrong.prefix(5))")
        if !canDelete { #expect(typist.text.deletions == 0) }
    }
}
