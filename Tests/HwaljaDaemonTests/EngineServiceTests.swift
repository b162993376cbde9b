import HwaljaCore
import HwaljaDBus
import HwaljaDaemon
import HwaljaRuntime
import HwaljaSession
import HwaljaTestSupport
import HwaljaTyping
import Testing

/// hwaljad's service in process, with a manual clock: what it answers and signals, timers
/// included, without a bus or sleeping. (The other suites here keep the real bus.)
struct EngineServiceTests {
    /// The service and its clients' calls; what it sends lands in `log`.
    final class Harness {
        let log = MessageLog()
        let clock = ManualClock()
        let service: EngineService
        private var serial: UInt32 = 0

        init(
            settings: HwaljaSettings = HwaljaSettings(), otherLayouts: [KeyboardLayout: TransitionTable] = [:],
            wordSuggestions: WordSuggestions? = nil, hanja: HanjaConversions? = nil
        ) {
            service = EngineService(
                output: log, clock: clock, tables: LayoutTables(inMemory: [committedTable] + otherLayouts.values),
                settings: settings, keymap: .phone,
                program: .none(wordSuggestions: wordSuggestions, hanja: hanja))
        }

        /// Calls `member` as `client`; returns the messages the call sent, its reply last.
        func call(_ client: String, _ path: String, _ interface: String, _ member: String, _ values: [BusValue] = [])
            throws -> [BusMessage]
        {
            serial += 1
            let call = try BusMessage.incomingCall(
                sender: client, serial: serial, path: path, interface: interface, member: member, values)
            #expect(service.handle(call))
            return log.take()
        }

        func createInputContext(_ client: String) throws -> String {
            try call(client, EngineInterface.enginePath, EngineInterface.engineInterface, "CreateInputContext").last?
                .arguments().first?.stringValue ?? ""
        }

        /// Signals as "Member argument".
        static func described(_ messages: some Sequence<BusMessage>) -> [String] {
            messages.filter { $0.kind == .signal }.map { signal in
                let first = (try? signal.arguments())?.first
                return "\(signal.member ?? "") \(first?.stringValue ?? first.map { "\($0)" } ?? "")"
            }
        }
    }

    @Test func aLongPressOnAnInputContextCommitsTheDigitWhenTheClockComes() throws {
        let harness = Harness()
        let path = try harness.createInputContext(":1.5")
        for keysym: UInt32 in [0x34, 0x31, 0x32] {  // 4 1 2: 가
            _ = try harness.call(
                ":1.5", path, EngineInterface.inputContextInterface, "ProcessKeyEvent",
                [.uint32(keysym), .uint32(0), .uint32(0)])
        }
        _ = try harness.call(
            ":1.5", path, EngineInterface.inputContextInterface, "ProcessKeyEvent",
            [.uint32(0x30), .uint32(0), .uint32(0)])
        harness.clock.advance(by: 499)
        #expect(harness.log.messages.isEmpty)  // nothing yet: 0 is still only held
        harness.clock.advance(by: 1)
        #expect(Harness.described(harness.log.take()) == ["CommitText 가0", "UpdatePreedit "])  // a digit ends the word
        #expect(harness.clock.deadline(of: 1) == nil)  // the long press is spent: no timer left
    }

    /// A wrong argument to a method of hwalja's own interfaces is refused with hwalja's own error
    /// name; the standard `org.freedesktop.DBus.Properties` answers with the freedesktop names.
    @Test func wrongArgumentsGetHwaljasInvalidArgsAndPropertiesTheStandardNames() throws {
        let harness = Harness()
        let inputContext = try harness.createInputContext(":1.8")
        let context =
            try harness.call(":1.8", EngineInterface.enginePath, EngineInterface.engineInterface, "CreateContext").last?
            .arguments().first?.stringValue ?? ""
        let refusals: [(String, String, String, [BusValue])] = [
            (EngineInterface.enginePath, EngineInterface.engineInterface, "CreateContext", [.int32(5)]),
            (EngineInterface.enginePath, EngineInterface.engineInterface, "SetSetting", [.string("layout")]),
            (context, EngineInterface.contextInterface, "SetCapabilities", [.string("1")]),
            (context, EngineInterface.contextInterface, "PressKey", [.uint32(1)]),
            (inputContext, EngineInterface.inputContextInterface, "ProcessKeyEvent", [.string("1")]),
            (inputContext, EngineInterface.inputContextInterface, "SetContentType", [.uint32(8)]),
            (inputContext, EngineInterface.inputContextInterface, "SetKeymap", [.string("qwerty")])
        ]
        for (path, interface, member, arguments) in refusals {
            let reply = try harness.call(":1.8", path, interface, member, arguments).last
            #expect(reply?.errorName == EngineInterface.ErrorName.invalidArgs, "\(member)")
        }
        let properties = "org.freedesktop.DBus.Properties"
        let unknown = try harness.call(
            ":1.8", EngineInterface.enginePath, properties, "Get",
            [.string(EngineInterface.engineInterface), .string("Nope")])
        #expect(unknown.last?.errorName == "org.freedesktop.DBus.Error.InvalidArgs")
        let set = try harness.call(
            ":1.8", EngineInterface.enginePath, properties, "Set",
            [.string(EngineInterface.engineInterface), .string("Version"), .variant(.string("0"))])
        #expect(set.last?.errorName == "org.freedesktop.DBus.Error.PropertyReadOnly")
    }

    @Test func reloadedLimitsApplyToClientsAlreadyConnected() throws {
        var settings = HwaljaSettings()
        settings.maxContextsPerClient = 2
        let harness = Harness(settings: settings)
        for _ in 0..<2 { _ = try harness.createInputContext(":1.7") }
        let refused = try harness.call(
            ":1.7", EngineInterface.enginePath, EngineInterface.engineInterface, "CreateInputContext")
        #expect(refused.last?.errorName == EngineInterface.ErrorName.limitExceeded)
        settings.maxContextsPerClient = 3
        harness.service.apply(settings, keymap: .phone)
        #expect(try harness.createInputContext(":1.7").hasPrefix(EngineInterface.contextsPath))
    }

    /// hwaljad keeps signal templates for the contexts that signalled last only: a context that
    /// types again after many others did still gets its signals, on its own path, to its own client.
    @Test func aContextTypingAfterManyOthersStillGetsItsSignalsAddressedToItsOwner() throws {
        let harness = Harness()
        let clients = (0..<20).map { ":1.\(100 + $0)" }
        let paths = try clients.map { try harness.createInputContext($0) }
        func type(_ keysym: UInt32, _ index: Int) throws -> [BusMessage] {  // pressed and released
            try [0, KeyEventState.release].flatMap { state in
                try harness.call(
                    clients[index], paths[index], EngineInterface.inputContextInterface, "ProcessKeyEvent",
                    [.uint32(keysym), .uint32(0), .uint32(state)])
            }
        }
        for index in paths.indices { _ = try type(0x34, index) }  // 4: ㄱ in each
        let again = try type(0x31, 0).filter { $0.kind == .signal }  // 1: 기 in the first, after 19 others typed
        #expect(Harness.described(again) == ["UpdatePreedit 기"])
        #expect(again.allSatisfy { $0.path == paths[0] && $0.destination == clients[0] })
        let last = try type(0x31, 19).filter { $0.kind == .signal }
        #expect(Harness.described(last) == ["UpdatePreedit 기"])
        #expect(last.allSatisfy { $0.path == paths[19] && $0.destination == clients[19] })
    }
}
