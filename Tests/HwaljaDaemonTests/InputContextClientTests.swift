import Foundation
import HwaljaTestSupport
import Testing

/// hwaljad's key-event interface typed through by a client nobody here wrote the D-Bus side of:
/// tools/input-context-client.py on GLib's own D-Bus implementation (Gio), playing an input-
/// framework addon and its application (issue #12).
struct InputContextClientTests {
    struct Result: Decodable {
        var text: String
        var preedit: String
        var suggestions: [String]
        var handled: [Bool]
        var signals: [[Value]]
    }

    /// A signal's member or argument, as JSON gives it.
    enum Value: Decodable, Equatable {
        case text(String), number(Int), words([String])

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let number = try? value.decode(Int.self) {
                self = .number(number)
            } else if let words = try? value.decode([String].self) {
                self = .words(words)
            } else {
                self = .text(try value.decode(String.self))
            }
        }
    }

    static func type(_ daemon: PrivateDaemon, _ events: String) throws -> Result {
        let outcome = try runCommand(
            packageRoot.appendingPathComponent("tools/input-context-client.py").path,
            [daemon.bus.address] + events.split(separator: " ").map(String.init))
        try #require(outcome.status == 0, "input-context-client.py failed: \(outcome.stderr)")
        return try JSONDecoder().decode(Result.self, from: Data(outcome.stdout.utf8))
    }

    @Test func aGLibClientTypesWordsSpacePunctuationAndReturn() throws {
        let daemon = try PrivateDaemon()
        // 안녕 하세요. on the number row (0 1 2 5 = ㅇ ㅣ ㆍ ㄴ, KP_Add ends 안 before the next ㄴ; the
        // first SPACE ends 녕, the second is the blank, as on the phone), then Return, which the
        // application gets after the syllable is committed.
        let result = try Self.type(daemon, "0 1 2 5 KP_Add 5 2 2 1 0 space space 8 8 1 2 8 2 1 1 0 2 2 3 period Return")
        #expect(result.text == "안녕 하세요.\n")
        #expect(result.preedit == "")
        // every key answered once, by its reply
        #expect(!result.signals.contains { $0.first == .text("ForwardKeyEvent") })
    }

    @Test func backspaceUndoesAStrokeAndAPasswordFieldGetsItsDigits() throws {
        let daemon = try PrivateDaemon()
        // 하다 BS BS: the client said it can delete (SetSurroundingText), so 하 is taken back and 핟 shown.
        let undo = try Self.type(daemon, "8 8 1 2 6 1 2 BackSpace BackSpace focus-out")
        #expect(undo.text == "핟")
        #expect(undo.signals.contains([.text("DeleteSurroundingText"), .number(-1), .number(1)]))
        let password = try Self.type(daemon, "4 1 2 purpose:8 1 2 3 4")
        #expect(password.text == "가1234")  // 가 committed when the field became a password field
        #expect(password.handled.suffix(8) == Array(repeating: false, count: 8))
    }

    @Test func aLongPressTypesTheDigitAndKeypadPositionsTypeByPlace() throws {
        let daemon = try PrivateDaemon()
        let held = try Self.type(daemon, "4 1 2 +0 sleep:800 -0 focus-out")
        #expect(held.text == "가0")
        let keypad = try Self.type(daemon, "keymap:keypad-position KP_0 KP_7 KP_8 KP_5 focus-out")
        #expect(keypad.text == "안")
    }

    @Test func theLexiconSuggestsAPickCommitsItAndLearningIsKeptPrivatelyAndForgotten() throws {
        let daemon = try PrivateDaemon()
        let learned = daemon.dataDirectory.appendingPathComponent("hwalja/learned-words")
        // The lexicon is read on a thread of its own after start-up: give it a moment. Then 감사
        // (ㄱ ㅣ ㆍ ㅇ ㅇ ㅅ ㅣ ㆍ), on the way to 감사합니다, the subtitles' commonest word that starts so.
        let typed = try Self.type(daemon, "sleep:1000 4 1 2 0 0 8 1 2")
        let index = try #require(typed.suggestions.firstIndex(of: "감사합니다"), "suggested: \(typed.suggestions)")
        #expect(typed.signals.contains { $0.first == .text("SuggestionsChanged") })
        let picked = try Self.type(daemon, "4 1 2 0 0 8 1 2 pick:\(index)")
        #expect(picked.text == "감사합니다 ")  // the word and a space, in one key
        #expect(picked.handled.last == true)
        #expect(picked.suggestions.isEmpty)
        // The word typed is learned, in a file only its user can read (written on a queue of its
        // own, so soon rather than at once); ForgetLearnedWords removes it.
        let deadline = Deadline(seconds: 5)
        while !FileManager.default.fileExists(atPath: learned.path) && !deadline.hasPassed {
            Thread.sleep(forTimeInterval: 0.02)
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: learned.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        _ = try Self.type(daemon, "forget")
        #expect(!FileManager.default.fileExists(atPath: learned.path))
        // A password field learns nothing and shows nothing.
        let password = try Self.type(daemon, "purpose:8 5 1 2 0 0 space")
        #expect(password.suggestions.isEmpty && !password.signals.contains { $0.first == .text("SuggestionsChanged") })
        #expect(!FileManager.default.fileExists(atPath: learned.path))
    }

    /// Two hwaljads keeping their learned words in one folder, as hwaljad and the IBus engine do:
    /// each taught its own word three times, each adds it (and which word followed which) to the
    /// file's words, and neither's is lost (the last to save used to write over the other's).
    @Test func twoDaemonsLearningAtOnceKeepBothTheirWords() throws {
        let data = try TemporaryFolder("hwalja-shared-data")
        let learned = data.url.appendingPathComponent("hwalja/learned-words").path
        let first = try PrivateDaemon(environment: ["XDG_DATA_HOME": data.url.path])
        let second = try PrivateDaemon(environment: ["XDG_DATA_HOME": data.url.path])
        // 남 (ㄴ ㅣ ㆍ ㅇㅁ ㅇㅁ) in one, 감 (ㄱ ㅣ ㆍ ㅇㅁ ㅇㅁ) in the other, each ended by a blank.
        _ = try Self.type(first, Array(repeating: "5 1 2 0 0 space space", count: 3).joined(separator: " "))
        _ = try Self.type(second, Array(repeating: "4 1 2 0 0 space space", count: 3).joined(separator: " "))
        // Each saves a moment after its words (SuggestionsLoader.saveDelay): both words, three uses
        // each, as USES KEYS (the keys' codes: ㄴㄹ 5, ㄱㅋ 4, ㅣ 1, ㆍ 2, ㅇㅁ a), and which
        // followed which: each word twice after itself, once after itself twice.
        let expected: Set<String> = [
            "3 512aa", "3 412aa", "2 512aa 512aa", "2 412aa 412aa", "1 512aa 512aa 512aa", "1 412aa 412aa 412aa"
        ]
        let deadline = Deadline(seconds: 20)
        var words: Set<String> = []
        while words != expected && !deadline.hasPassed {
            Thread.sleep(forTimeInterval: 0.05)
            let text = (try? String(contentsOfFile: learned, encoding: .utf8)) ?? ""
            words = Set(
                text.split(separator: "\n").dropFirst().map { line in
                    let fields = line.split(separator: " ")  // USES LAST-USE KEYS…: the last use left out
                    return ([fields.first ?? ""] + fields.dropFirst(2)).joined(separator: " ")
                })
        }
        #expect(words == expected, "the words in \(learned)")
    }
}
