import Foundation
import HwaljaTestSupport
import Testing

/// hwalja inside a real ibus-daemon (Debian's ibus), headless, typed into by a real IBus
/// application (tools/ibus-client.py: python3-gi with gir1.2-ibus-1.0).
@Suite(.serialized)
struct IBusEndToEndTests {
    /// 안녕하세요 on the keypad with NumLock (state 16), phone layout.
    static let annyeonghaseyo = """
        tap KP_0 16
        tap KP_1 16
        tap KP_2 16
        tap KP_5 16
        tap KP_Add 16
        tap KP_5 16
        tap KP_2 16
        tap KP_2 16
        tap KP_1 16
        tap KP_0 16
        tap KP_8 16
        tap KP_8 16
        tap KP_1 16
        tap KP_2 16
        tap KP_8 16
        tap KP_2 16
        tap KP_1 16
        tap KP_1 16
        tap KP_0 16
        tap KP_2 16
        tap KP_2 16
        tap KP_3 16
        tap space

        """

    @Test func typesAnnyeonghaseyoOnTheKeypad() throws {
        let ibus = try PrivateIBus()
        let result = try ibus.type(Self.annyeonghaseyo)
        #expect(result.text == "안녕하세요")
        #expect(result.preedit == "")
        #expect(ibus.problems.isEmpty, "ibus-daemon complained: \(ibus.problems)")
    }

    @Test func aLongPressTypesTheDigit() throws {
        let ibus = try PrivateIBus()
        let result = try ibus.type("tap 4\ntap 1\ntap 2\npress 0\nsleep 800\nrelease 0\n")
        #expect(result.text == "가0")
        #expect(ibus.problems.isEmpty)
    }

    @Test func returnCommitsAndPassesThrough() throws {
        let ibus = try PrivateIBus()
        let result = try ibus.type("tap 4\ntap 1\ntap 2\ntap Return\ntap 5\ntap 1\ntap 2\ntap Return\n")
        #expect(result.text == "가\n나\n")
        // Return's press comes back after the syllable it commits (ForwardKeyEvent: XIM clients
        // apply a key answered as not used before the commit); its release is the application's.
        #expect(result.handled.suffix(2) == [true, false])
        // (ibus-daemon marks a forwarded key IBUS_FORWARD_MASK, so that no input method takes it again.)
        #expect(result.events.suffix(3) == [.commit("나"), .preedit(""), .forward(keyval: 0xff0d, state: 1 << 25)])
    }

    /// The engine's `--keymap keypad-position`, with NumLock on (state 16): KP_5 = ㄴㄹ, KP_7 = ㅣ,
    /// KP_8 = ㆍ: 나.
    @Test func theKeypadPositionKeymapPutsTheVowelsOnTop() throws {
        let ibus = try PrivateIBus(engineArguments: ["--keymap", "keypad-position"])
        let result = try ibus.type("tap KP_5 16\ntap KP_7 16\ntap KP_8 16\ntap space\n")
        #expect(result.text == "나")
    }

    @Test func passwordFieldsPassKeysThroughAndAreNeverRecorded() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hwalja-rec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let ibus = try PrivateIBus(engineArguments: ["--record", directory.path])
        let secret = try ibus.type("purpose 8\ntap 1\ntap 2\ntap 3\n")
        #expect(secret.text == "123")
        let contents = Self.recordings(in: directory)
        #expect(!contents.contains(" ㅣ") && !contents.contains(" ㆍ"), "a password field was recorded: \(contents)")
        // The same engine records an ordinary field, because it was asked to, in a directory of its
        // own inside the one given, which it names once on standard error.
        _ = try ibus.type("tap 4\n")
        #expect(Self.recordings(in: directory).contains("down ㄱㅋ"))
        let runs = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(runs.count == 1 && runs[0].hasPrefix("ibus-engine-hwalja-"), "\(runs)")
        #expect(
            ibus.daemon.stderrSoFar.contains("recording keystrokes (--record) in \(directory.path)/ibus-engine-hwalja-")
        )
    }

    @Test(arguments: [8, 9])  // IBUS_INPUT_PURPOSE_PASSWORD, PIN
    func aFieldBecomingSecretMidWordKeepsTheSyllableAndShowsNoPreedit(purpose: Int) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hwalja-rec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let ibus = try PrivateIBus(engineArguments: ["--record", directory.path])
        // 가 is composing when the field turns secret: the application gets it committed (it was typed
        // in the open), no preedit is left on show, and the keys after go through unrecorded.
        let result = try ibus.type("tap 4\ntap 1\ntap 2\npurpose \(purpose)\ntap 7\ntap 8\n")
        #expect(result.text == "가78")
        #expect(result.preedit == "")
        #expect(result.handled.suffix(4) == [false, false, false, false])
        let recorded = Self.recordings(in: directory)
        #expect(recorded.contains("down ㄱㅋ"))
        #expect(!recorded.contains("ㅂㅍ") && !recorded.contains("ㅅㅎ"), "a secret field was recorded: \(recorded)")
        #expect(ibus.problems.isEmpty, "ibus-daemon complained: \(ibus.problems)")
    }

    /// Everything recorded under `directory`, at any depth.
    static func recordings(in directory: URL) -> String {
        let files =
            FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }
            ?? []
        return files.map { (try? String(contentsOf: $0, encoding: .utf8)) ?? "" }.joined()
    }

    @Test func theLayoutOptionsSettingChangesThatLayoutsEngine() throws {
        let ibus = try PrivateIBus()
        try Self.setStrokeStops(ibus)
        // 7 * * * is ㅅ 획 획 획: ㅅ by default (획 wraps), ㅊ with the option. The engine starts
        // with the files' tables and switches once it made 나랏글's (seconds in a debug build).
        _ = try? ibus.type("", engine: "hwalja-naratgeul")  // starts the engine (selected once it answers)
        try Self.waitForStrokeStopsTable(ibus)
        let result = try ibus.type(
            "tap 7\ntap asterisk\ntap asterisk\ntap asterisk\ntap space\n", engine: "hwalja-naratgeul")
        #expect(result.text == "ㅊ", "\(result.events)")
    }

    /// Like the other settings, layout-options set since the engine started apply when an engine
    /// is next enabled (the table is made in the background, then switched to); SIGHUP reads the
    /// settings and every layout's table again: with the option taken away, the files' table types.
    @Test func layoutOptionsSetSinceTheEngineStartedApplyWhenEnabledAndSighupReadsThemAgain() throws {
        let ibus = try PrivateIBus()
        let typing = "tap 7\ntap asterisk\ntap asterisk\ntap asterisk\ntap space\n"  // ㅅ 획 획 획: ㅊ only with the option
        #expect(try ibus.type(typing, engine: "hwalja-naratgeul").text == "ㅅ")
        try Self.setStrokeStops(ibus)
        _ = try ibus.type("", engine: "hwalja-naratgeul")  // enabled again: reads the file
        try Self.waitForStrokeStopsTable(ibus)
        #expect(try ibus.type(typing, engine: "hwalja-naratgeul").text == "ㅊ")
        try Self.writeSettings(ibus, "")
        // The change of layout-options read the tables again once already: SIGHUP must do it once more.
        let reloaded = "reloaded the settings and the tables beside "
        let reloads = ibus.daemon.stderrSoFar.components(separatedBy: reloaded).count - 1
        let engine = try #require(Self.engineProcess(of: ibus.daemon.process.processIdentifier))
        #expect(kill(engine, SIGHUP) == 0)
        try Self.waitForLog(ibus, reloaded, times: reloads + 1)
        #expect(Self.engineProcess(of: ibus.daemon.process.processIdentifier) == engine, "SIGHUP ended the engine")
        #expect(try ibus.type(typing, engine: "hwalja-naratgeul").text == "ㅅ")
    }

    /// Writes the settings file: `layout-options = naratgeul-stroke-stops`.
    static func setStrokeStops(_ ibus: PrivateIBus) throws {
        try writeSettings(ibus, "layout-options = naratgeul-stroke-stops\n")
    }

    /// Writes the engine's settings file.
    static func writeSettings(_ ibus: PrivateIBus, _ text: String) throws {
        let folder = ibus.configDirectory.appendingPathComponent("hwalja")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(to: folder.appendingPathComponent("hwalja.conf"), atomically: true, encoding: .utf8)
    }

    /// Waits (up to 120 s: seconds in a debug build) for the engine to say it made 나랏글's table
    /// with naratgeul-stroke-stops.
    static func waitForStrokeStopsTable(_ ibus: PrivateIBus) throws {
        try waitForLog(ibus, "generated the naratgeul table with naratgeul-stroke-stops in ")
    }

    /// Waits (up to 120 s) for the engine or ibus-daemon to have logged `line` `times` times.
    static func waitForLog(_ ibus: PrivateIBus, _ line: String, times: Int = 1) throws {
        let deadline = Deadline(seconds: 120)
        while ibus.daemon.stderrSoFar.components(separatedBy: line).count - 1 < times {
            guard !deadline.hasPassed else {
                throw TestSetupError("never logged \(line): \(ibus.daemon.stderrSoFar)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// The PID of the hwalja engine `daemon` (an ibus-daemon) started.
    static func engineProcess(of daemon: Int32) -> Int32? {
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return processes.compactMap(Int32.init).first { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
            else { return false }
            // pid (comm) state ppid …: comm may hold spaces, so count from the last parenthesis.
            let fields = stat[(stat.lastIndex(of: ")") ?? stat.startIndex)...].split(separator: " ")
            return fields.count > 2 && Int32(fields[2]) == daemon
                && String(decoding: command, as: UTF8.self).contains("ibus-engine-hwalja")
        }
    }

    @Test func suggestionsShowInThePanelAndAClickPicksOne() throws {
        let ibus = try PrivateIBus()
        // ㄱ ㅣ ㆍ ㅇㅁ ㅇㅁ ㅅㅎ ㅣ ㆍ: 감사, then the panel's first candidate clicked. (The engine
        // reads its lexicon once it serves: a debug build takes a while.)
        let keys = "sleep 2000\ntap 4\ntap 1\ntap 2\ntap 0\ntap 0\ntap 8\ntap 1\ntap 2\npick 0\n"
        let result = try ibus.type(keys, surrounding: true, panel: true)
        let shown = result.events.compactMap { if case .candidates(let words) = $0 { words } else { nil } }
        // The word list counts 감사합니다 2781, 감사해요 454, 감사 131: the word typed already is no suggestion.
        #expect(shown.dropLast().last == ["감사합니다", "감사해요", "감사드립니다"])
        #expect(shown.last == [])  // hidden once picked
        #expect(result.text == "감사합니다 ")
        #expect(result.preedit == "")
        #expect(ibus.problems.isEmpty, "ibus-daemon complained: \(ibus.problems)")
    }

    @Test func wordsAreLearnedAndKeptButNeverFromAPasswordField() throws {
        let ibus = try PrivateIBus()
        let file = ibus.dataDirectory.appendingPathComponent("hwalja/learned-words")
        _ = try ibus.type("purpose 8\ntap 4\ntap 1\ntap 2\ntap space\n")  // typed as digits, never learned
        #expect(!FileManager.default.fileExists(atPath: file.path))
        _ = try ibus.type("tap 4\ntap 1\ntap 2\ntap space\n")  // 가, ended by space
        // 가's keys, not its text
        #expect(Self.contents(of: file, once: { $0 != nil }) == "# hwalja learned words 3\n1 1 412\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        // Removing the file forgets them: the engine never writes 가 back, and learns from nothing.
        try FileManager.default.removeItem(at: file)
        _ = try ibus.type("tap 7\ntap 1\ntap 2\ntap space\n")  // 바
        #expect(Self.contents(of: file, once: { $0 != nil }) == "# hwalja learned words 3\n1 1 712\n")
    }

    /// The file's text once `ready` says so (the engine writes on a queue of its own), or after 5 s.
    static func contents(of file: URL, once ready: (String?) -> Bool) -> String? {
        let deadline = Deadline(seconds: 5)
        var text = try? String(contentsOf: file, encoding: .utf8)
        while !ready(text) && !deadline.hasPassed {
            Thread.sleep(forTimeInterval: 0.05)
            text = try? String(contentsOf: file, encoding: .utf8)
        }
        return text
    }
}
