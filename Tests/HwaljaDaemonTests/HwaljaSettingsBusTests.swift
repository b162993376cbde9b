import Foundation
import HwaljaDBus
import HwaljaTestSupport
import Testing

/// `GetSettings` and `SetSetting` on org.hwalja.Engine1, against a real hwaljad with its own
/// settings file (`--config`).
struct HwaljaSettingsBusTests {
    static let engine = (path: EngineInterface.enginePath, interface: EngineInterface.engineInterface)

    static func settings(_ client: EngineClient) throws -> [String: [BusValue]] {
        let reply = try client.call(engine.path, engine.interface, "GetSettings")
        guard case .array(_, let entries) = try #require(reply.first) else { return [:] }
        var byName: [String: [BusValue]] = [:]
        for case .structure(let fields) in entries { byName[fields[0].stringValue ?? ""] = fields }
        return byName
    }

    @Test func getSettingsListsEverySettingWithItsValueDefaultKindAndAllowedValues() throws {
        let folder = try TemporaryFolder("hwalja-settings")
        let config = try folder.write("hwalja.conf", "long-press = 400\n")
        let daemon = try PrivateDaemon(["--config", config])
        let settings = try Self.settings(try EngineClient(bus: .address(daemon.bus.address)))
        #expect(settings.count == 16)
        let longPress = try #require(settings["long-press"])
        #expect(longPress[1].stringValue == "400")
        #expect(longPress[2].stringValue == "500")
        #expect(longPress[3].stringValue == "milliseconds")
        #expect(longPress[5] == .array(elementSignature: "s", [.string("1"), .string("60000")]))
        #expect(settings["keymap"]?[5] == .array(elementSignature: "s", [.string("phone"), .string("keypad-position")]))
    }

    @Test func setSettingWritesTheFileAndAnOpenContextTakesItAtOnce() throws {
        let folder = try TemporaryFolder("hwalja-settings")
        let config = try folder.write("hwalja.conf", "# mine\nlong-press = 300   # quick\n")
        let daemon = try PrivateDaemon(["--config", config])
        let client = try EngineClient(bus: .address(daemon.bus.address))
        let path = try client.createContext()
        _ = try client.call(
            Self.engine.path, Self.engine.interface, "SetSetting", [.string("long-press"), .string("5000")])
        #expect(try String(contentsOfFile: config, encoding: .utf8) == "# mine\nlong-press = 5000   # quick\n")
        #expect(try Self.settings(client)["long-press"]?[1].stringValue == "5000")
        // Held 0.6 s: with 300 ms ㅇ would have become 0; with 5 s it stays ㅇ.
        _ = try client.key("KeyDown", "ㅇㅁ", on: path)
        Thread.sleep(forTimeInterval: 0.6)
        #expect(try client.key("KeyUp", "ㅇㅁ", on: path).preedit == "ㅇ")
    }

    @Test func aBadSettingGetsANamedErrorAndTheFileStaysAsItWas() throws {
        let folder = try TemporaryFolder("hwalja-settings")
        let config = try folder.write("hwalja.conf", "long-press = 400\n")
        let daemon = try PrivateDaemon(["--config", config])
        let client = try EngineClient(bus: .address(daemon.bus.address))
        for (name, value, error) in [
            ("long-press", "fast", "org.hwalja.Error.InvalidSetting"),
            ("long-pres", "400", "org.hwalja.Error.UnknownSetting"),
            ("suggestions", String(repeating: "9", count: 5000), "org.hwalja.Error.InvalidSetting")
        ] {
            #expect {
                try client.call(Self.engine.path, Self.engine.interface, "SetSetting", [.string(name), .string(value)])
            } throws: { thrown in
                guard let busError = thrown as? BusError else { return false }
                return busError.name == error && busError.message.count < 300
            }
        }
        #expect(try String(contentsOfFile: config, encoding: .utf8) == "long-press = 400\n")
    }

    @Test func anOpenInputContextTakesANewKeymapUnlessItsClientChoseOne() throws {
        let folder = try TemporaryFolder("hwalja-settings")
        let daemon = try PrivateDaemon(["--config", try folder.write("hwalja.conf", "")])
        let client = try EngineClient(bus: .address(daemon.bus.address))
        final class Seen: @unchecked Sendable { var preedits: [String: String] = [:] }
        let seen = Seen()
        client.onSignal = { member, path, arguments in
            if member == "UpdatePreedit" { seen.preedits[path] = arguments.first?.stringValue }
        }
        let open = try #require(
            try client.call(Self.engine.path, Self.engine.interface, "CreateInputContext").first?.stringValue)
        let chosen = try #require(
            try client.call(Self.engine.path, Self.engine.interface, "CreateInputContext").first?.stringValue)
        try client.call(chosen, EngineInterface.inputContextInterface, "SetKeymap", [.string("phone")])
        try client.call(
            Self.engine.path, Self.engine.interface, "SetSetting", [.string("keymap"), .string("keypad-position")])
        // Keypad 7 with NumLock: ㅣ by position (the keypad's top row), ㅂㅍ by phone digit.
        for path in [open, chosen] {
            try client.call(
                path, EngineInterface.inputContextInterface, "ProcessKeyEvent",
                [.uint32(0xFFB7), .uint32(79), .uint32(0x10)])
        }
        client.processSignals(waitingMilliseconds: 100)
        #expect(seen.preedits[open] == "ㅣ")
        #expect(seen.preedits[chosen] == "ㅂ")
    }
}
