import Foundation
import HwaljaDBus
import HwaljaTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `org.hwalja.InputContext1` on a real bus: key events in, the session layer's actions out as
/// signals, for input-framework addons and on-screen keyboards (issue #12).
@Suite(.serialized)
struct InputContextTests {
    /// A framework addon: one input context, its application's text kept from the signals.
    final class Addon: @unchecked Sendable {
        let client: EngineClient
        let path: String
        var text = ""
        var preedit = ""
        var signals: [String] = []

        /// `layout`: the layout's name passed to CreateInputContext (none: the settings' layout).
        init(_ daemon: PrivateDaemon, layout: String? = nil) throws {
            client = try EngineClient(bus: .address(daemon.bus.address))
            let reply = try client.call(
                EngineInterface.enginePath, EngineInterface.engineInterface, "CreateInputContext",
                layout.map { [.string($0)] } ?? []
            )
            path = reply.first?.stringValue ?? ""
            client.onSignal = { [unowned self] member, signalPath, arguments in
                guard signalPath == path else { return }
                switch (member, arguments.first, arguments.dropFirst().first) {
                case ("CommitText", .string(let committed)?, _): text += committed
                case ("UpdatePreedit", .string(let shown)?, _): preedit = shown
                case ("DeleteSurroundingText", .int32(let offset)?, .uint32(let count)?):
                    if offset == -Int32(count) { text.unicodeScalars.removeLast(Int(count)) }
                case ("ForwardKeyEvent", .uint32(0xFF08)?, _):
                    if case .uint32(let state) = arguments.last, state & (1 << 30) == 0, !text.isEmpty {
                        text.removeLast()
                    }
                default: break
                }
                signals.append(member)
            }
        }

        @discardableResult
        func call(_ member: String, _ arguments: [BusValue] = []) throws -> [BusValue] {
            try client.call(path, EngineInterface.inputContextInterface, member, arguments)
        }

        /// Presses and releases each keypad digit (KP_0 … KP_9; B is BackSpace, N is KP_Add, the
        /// next-character key, `.` KP_Decimal); returns whether
        /// each press was handled, and applies a declined BackSpace as the application would.
        @discardableResult
        func tap(_ digits: String) throws -> [Bool] {
            try digits.map { digit in
                let named: [Character: UInt32] = ["B": 0xFF08, "N": 0xFFAB, ".": 0xFFAE]
                let keysym = named[digit] ?? 0xFFB0 + UInt32(String(digit))!
                let handled =
                    try call("ProcessKeyEvent", [.uint32(keysym), .uint32(0), .uint32(0)]).first == .boolean(true)
                if !handled && keysym == 0xFF08 && !text.isEmpty { text.removeLast() }
                try call("ProcessKeyEvent", [.uint32(keysym), .uint32(0), .uint32(1 << 30)])
                return handled
            }
        }
    }

    @Test func keyEventsTypeWordsAndFocusLossCommitsTheSyllableOnce() throws {
        let daemon = try PrivateDaemon()
        let addon = try Addon(daemon)
        #expect(addon.path.hasPrefix(EngineInterface.contextsPath + "/"))
        try addon.tap("0125N5221")  // 안, NEXT, 녀 (ㄴ ᆢ ㅣ), still composing
        #expect(addon.text + addon.preedit == "안녀")
        try addon.call("FocusOut")
        #expect(addon.text == "안녀")
        #expect(addon.preedit == "")
        try addon.call("FocusOut")  // nothing left to commit
        #expect(addon.text == "안녀")
    }

    @Test func backspaceDeletesAroundTheCursorOnlyForAClientThatToldItsText() throws {
        let daemon = try PrivateDaemon()
        for tellsText in [false, true] {
            let addon = try Addon(daemon)
            if tellsText { try addon.call("SetSurroundingText", [.string(""), .uint32(0), .uint32(0)]) }
            try addon.tap("8812612BB")  // 하다 BS BS
            #expect(addon.text + addon.preedit == "핟")
            #expect(addon.signals.contains("DeleteSurroundingText") == tellsText)
        }
    }

    @Test func theSettingsFileChoosesTheKeymapAndSighupReadsItAgain() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hwalja-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("hwalja.conf")
        try "long-pres = 700   # a typo\nkeymap = keypad-position\n".write(to: file, atomically: true, encoding: .utf8)
        let daemon = try PrivateDaemon(["--config", file.path])
        // named, and the rest applies
        try DaemonLifecycleTests.waitFor(daemon, "line 1: unknown setting \"long-pres\"")
        let before = try Addon(daemon)
        try before.tap("0785")  // by position: ㅇ ㅣ ㆍ ㄴ
        #expect(before.preedit == "안")

        try "keymap = phone\n".write(to: file, atomically: true, encoding: .utf8)
        kill(daemon.daemon.pid, SIGHUP)
        try DaemonLifecycleTests.waitFor(daemon, "reloaded the settings")
        let after = try Addon(daemon)
        try after.tap("0125")  // the phone layout's 0 1 2 5
        #expect(after.preedit == "안")
        try before.call("FocusOut")
        try before.tap("47")  // an open context takes the new keymap too: the phone's ㄱ ㅂ, not ㄱ ㅣ by position
        #expect(before.preedit == "ㄱㅂ")
    }

    @Test func aKeymapFileSectionBindsTheKeysOfItsLayout() throws {
        let folder = try TemporaryFolder()
        let keymap = try folder.write("keys", "preset = keypad-position\n[naratgeul]\nKP_Decimal = 획\n")
        let daemon = try PrivateDaemon(["--config", try folder.write("hwalja.conf", "keymap = \(keymap)\n")])
        let naratgeul = try Addon(daemon, layout: "naratgeul")
        try naratgeul.tap("131.")  // ㄱ ㅏㅓ ㄱ 획 (layouts.md: 갘), 획 on the keypad's .
        #expect(naratgeul.text + naratgeul.preedit == "갘")
        let cheonjiin = try Addon(daemon, layout: "cheonjiin")
        try cheonjiin.tap("0785")  // the file's 천지인 lines: by position, ㅇ ㅣ ㆍ ㄴ
        #expect(cheonjiin.text + cheonjiin.preedit == "안")
        let vega = try Addon(daemon, layout: "vega")  // no section: its phone preset
        try vega.tap("53")  // ㄴㄹ ㅏㅑ
        #expect(vega.text + vega.preedit == "나")
    }

    @Test func passwordFieldsGetKeysUntouchedAndKeymapsSwitch() throws {
        let daemon = try PrivateDaemon()
        let addon = try Addon(daemon)
        try addon.call("SetContentType", [.uint32(8), .uint32(0)])  // password
        #expect(try addon.tap("41") == [false, false])
        try addon.call("SetContentType", [.uint32(0), .uint32(0)])
        try addon.call("SetKeymap", [.string("keypad-position")])
        #expect(try addon.tap("7") == [true])  // KP_7: ㅣ at the keypad's top left
        #expect(addon.preedit == "ㅣ")
        #expect(throws: BusError.self) { try addon.call("SetKeymap", [.string("qwerty")]) }
        #expect(throws: BusError.self) { try addon.call("ProcessKeyEvent", [.string("1")]) }
        // Another client cannot type into it.
        let other = try EngineClient(bus: .address(daemon.bus.address))
        #expect(throws: BusError.self) {
            try other.call(
                addon.path, EngineInterface.inputContextInterface, "ProcessKeyEvent",
                [.uint32(0xFFB1), .uint32(0), .uint32(0)])
        }
    }
}
