import Foundation
import HwaljaCore
import HwaljaDBus
import HwaljaDaemon
import HwaljaRuntime
import HwaljaSession
import HwaljaTestSupport
import HwaljaTyping
import Testing

/// hwaljad's contexts of every layout: chosen by CreateContext's argument or the `layout`
/// setting, typed by key names or keysyms, each keeping its layout across a table reload.
struct DaemonLayoutTests {
    typealias Harness = EngineServiceTests.Harness

    static func harness(settings: HwaljaSettings = HwaljaSettings()) -> Harness {
        Harness(settings: settings, otherLayouts: committedTables.filter { $0.key != .cheonjiin })
    }

    @Test(arguments: [
        ("naratgeul", "ㄱ ㅏㅓ ㅁ 획 ㅅ", "값"), ("naratgeul", "7 # 0", "쓰"), ("vega", "ㄱㅋ ㅏㅑ ㅂㅍ NEXT ㅁㅅ ㅁㅅ", "갑ㅅ"),
        ("cheonjiin-plus", "ㅎ ㅣ ㆍ ㅣ ㅎ ㅎ", "했"), ("cheonjiin", "ㄱㅋ ㅣ ㆍ ㅂㅍ ㅅㅎ", "값")
    ])
    func aContextTypesWithTheLayoutItWasCreatedWith(layout: String, keys: String, text: String) throws {
        let harness = Self.harness()
        let path = try harness.create("CreateContext", layout: layout).arguments()[0].stringValue!
        #expect(try harness.press(keys, on: path) == text)
    }

    /// Keysyms by phone position: the digits, `*` and `#`; 천지인 플러스's second halves on Shift + digit
    /// (KP_Left is Shift + keypad 4 with NumLock on, which the keys' state says).
    @Test(arguments: [
        ("naratgeul", [0x37, 0x23, 0x30] as [UInt32], "쓰"), ("naratgeul", [0x31, 0x2A], "ㅋ"),
        ("vega", [0x30, 0x30, 0x33, 0x31, 0xFFAB, 0x31, 0x39, 0x39], "학교"),
        ("vega", [0x34, 0x33, 0x37, 0x37, 0xFFAA, 0xFFAF], "닷주"),
        ("cheonjiin-plus", [0x24, 0x24, 0x31, 0x32], "까"), ("cheonjiin-plus", [0xFF96, 0xFFB1, 0xFFB2, 0x29], "캄")
    ])
    func anInputContextMapsKeysymsForItsLayout(layout: String, keysyms: [UInt32], text: String) throws {
        let harness = Self.harness()
        let path = try harness.create("CreateInputContext", layout: layout).arguments()[0].stringValue!
        #expect(try harness.type(keysyms, on: path) == text)
    }

    @Test func theLayoutSettingIsTheDefault() throws {
        var settings = HwaljaSettings()
        #expect(settings.apply(configFile: "layout = naratgeul\n").isEmpty)
        let harness = Self.harness(settings: settings)
        let path = try harness.create("CreateContext", layout: nil).arguments()[0].stringValue!
        #expect(try harness.press("ㄱ 획", on: path) == "ㅋ")
        #expect(
            settings.apply(configFile: "layout = qwerty\n").first?.description.contains(
                "cheonjiin, cheonjiin-plus, naratgeul or vega") == true)
    }

    @Test func layoutOptionsAreReadByName() {
        var settings = HwaljaSettings()
        #expect(settings.layoutOptions.isEmpty)  // the reference's defaults
        #expect(settings.apply(configFile: "layout-options = naratgeul-stroke-stops , vega-compounds-stay\n").isEmpty)
        #expect(settings.layoutOptions == [.naratgeulStrokeStops, .vegaCompoundsStay])
        let problems = settings.apply(configFile: "layout-options = naratgeul-stroke-stop\n")
        #expect(problems == [.badValue(line: 1, name: "layout-options", value: "naratgeul-stroke-stop")])
        #expect(problems.first?.description.contains("cheonjiin-plus-third-press-anew") == true)
        #expect(settings.layoutOptions == [.naratgeulStrokeStops, .vegaCompoundsStay], "a bad line changes nothing")
        #expect(settings.apply(configFile: "layout-options = none\n").isEmpty)
        #expect(settings.layoutOptions.isEmpty)
    }

    /// Through a real bus: hwaljad reads `layout-options` and types that layout with the table
    /// generated with them; the other layouts keep their files' tables. hwalja-replay takes them
    /// as `--layout-option`.
    @Test func theLayoutOptionsSettingChangesThatLayoutsTable() throws {
        let folder = try TemporaryFolder()
        let daemon = try PrivateDaemon([
            "--config", try folder.write("hwalja.conf", "layout-options = cheonjiin-plus-third-press-anew\n")
        ])
        // It serves at once with the files' tables and switches when the generated one is ready
        // (a debug build on a loaded 2-core machine takes seconds).
        try DaemonLifecycleTests.waitFor(
            daemon, "generated the cheonjiin-plus table with cheonjiin-plus-third-press-anew in ", seconds: 120)
        for (layout, keys, text) in [("cheonjiin-plus", "ㅋ ㅋ ㅋ", "ㄲㅋ"), ("vega", "ㅇㅎ ㅗㅛ ㅏㅑ ㅏㅑ", "오ㅑ")] {
            let outcome = try runProcess(
                product("hwalja-replay"), ["--bus", daemon.bus.address, "--layout", layout, "--keys", keys])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout == "\(text)\n")
        }
        let info = try runCommand(
            "gdbus",
            [
                "call", "--address", daemon.bus.address, "--dest", "org.hwalja.Engine1", "--object-path",
                "/org/hwalja/Engine1", "--method",
                "org.freedesktop.DBus.Properties.Get", "org.hwalja.Engine1", "TableInfo"
            ]
        )
        let committedPlus =
            "'cheonjiin-plus': <{'live-pairs': <uint32 \(committedTables[.cheonjiinPlus]!.livePairCount)>, 'transitions': <uint32 \(committedTables[.cheonjiinPlus]!.transitionCount)>}>"
        #expect(info.stdout.contains("'cheonjiin-plus': <{'live-pairs': <uint32 "), "\(info.stdout)")
        #expect(!info.stdout.contains(committedPlus), "TableInfo shows the generated table: \(info.stdout)")
        for (options, text) in [([], "ㅋ"), (["--layout-option", "cheonjiin-plus-third-press-anew"], "ㄲㅋ")] {
            let outcome = try runProcess(
                product("hwalja-replay"), ["--layout", "cheonjiin-plus", "--keys", "ㅋ ㅋ ㅋ"] + options)
            #expect(outcome.stdout == "\(text)\n", "\(outcome.stderr)")
        }
        let refused = try runProcess(product("hwalja-replay"), ["--layout-option", "qwerty", "--keys", "ㅣ"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--layout-option \"qwerty\" is not an option"), "\(refused.stderr)")
    }

    @Test func anUnknownLayoutOrAForeignKeyIsRefusedAndTheServiceGoesOn() throws {
        let harness = Self.harness()
        let refused = try harness.create("CreateContext", layout: "qwerty")
        #expect(refused.kind == .error)
        #expect(refused.errorName == EngineInterface.ErrorName.unknownLayout)
        let path = try harness.create("CreateContext", layout: "vega").arguments()[0].stringValue!
        let foreign = try harness.call(path, EngineInterface.contextInterface, "PressKey", [.string("획")]).last!
        #expect(foreign.errorName == EngineInterface.ErrorName.unknownKey)
        #expect(try harness.press("ㄱㅋ ㅏㅑ", on: path) == "가")
    }

    @Test func aReloadKeepsEachContextsLayout() throws {
        let harness = Self.harness()
        let path = try harness.create("CreateContext", layout: "naratgeul").arguments()[0].stringValue!
        harness.service.reload(Array(committedTables.values))
        #expect(try harness.press("ㄱ 획", on: path) == "ㅋ")
    }

    /// Through a real bus: hwalja-replay --bus --layout creates a context of that layout in hwaljad.
    @Test func hwaljaReplayTypesThroughTheDaemonWithALayout() throws {
        let daemon = try PrivateDaemon()
        for (layout, keys, text) in [
            ("naratgeul", "ㅇ 획 ㅏㅓ ㄱ ㄱ ㅗㅜ 획", "학교"), ("vega", "ㅇㅎ ㅇㅎ ㅏㅑ ㄱㅋ NEXT ㄱㅋ ㅗㅛ ㅗㅛ", "학교")
        ] {
            let outcome = try runProcess(
                product("hwalja-replay"), ["--bus", daemon.bus.address, "--layout", layout, "--keys", keys])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout == "\(text)\n")
        }
    }
}

extension EngineServiceTests.Harness {
    static let client = ":1.7"

    func call(_ path: String, _ interface: String, _ member: String, _ values: [BusValue] = []) throws -> [BusMessage] {
        try call(Self.client, path, interface, member, values)
    }

    func create(_ member: String, layout: String?) throws -> BusMessage {
        try call(
            EngineInterface.enginePath, EngineInterface.engineInterface, member, layout.map { [.string($0)] } ?? []
        ).last!
    }

    /// Presses key names on a context (org.hwalja.Context1); returns committed text + preedit.
    func press(_ names: String, on path: String) throws -> String {
        var committed = ""
        var preedit = ""
        for name in names.split(separator: " ") {
            let reply = try call(path, EngineInterface.contextInterface, "PressKey", [.string(String(name))]).last!
                .arguments()
            committed += reply[0].stringValue ?? ""
            preedit = reply[1].stringValue ?? ""
        }
        return committed + preedit
    }

    /// Sends keysyms (press and release) to an input context; returns committed text + preedit.
    func type(_ keysyms: [UInt32], on path: String) throws -> String {
        var committed = ""
        var preedit = ""
        for keysym in keysyms {
            // As a keyboard with NumLock on sends them (KeypadWithoutNumLock reads a keypad
            // navigation keysym without it as the digit).
            for state: UInt32 in [KeyEventState.numLock, KeyEventState.numLock | KeyEventState.release] {
                for signal in try call(
                    path, EngineInterface.inputContextInterface, "ProcessKeyEvent",
                    [.uint32(keysym), .uint32(0), .uint32(state)])
                where signal.kind == .signal {
                    let first = try signal.arguments().first?.stringValue ?? ""
                    if signal.member == "CommitText" { committed += first }
                    if signal.member == "UpdatePreedit" { preedit = first }
                }
            }
        }
        return committed + preedit
    }
}
