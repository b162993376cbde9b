import Foundation
import HwaljaDBus
import HwaljaTestSupport
import Testing

/// hwaljad and a keypad's row of suggestions on a real bus (issue #27): the keypad here is a
/// plain libdbus connection owning `org.hwalja.Keypad`, the field another, typing through
/// `InputContext1`.
struct KeypadSuggestionBusTests {
    /// A tap is handled inside hwaljad's dispatch of the bus connection; what it sends must not
    /// pump that connection there (libdbus's dispatch waits for itself when a message is queued:
    /// here the second tap). hwaljad keeps serving, and the word is typed once.
    @Test func twoTapsAtOnceAreTypedOnceAndHwaljadKeepsServing() throws {
        let daemon = try PrivateDaemon()
        try daemon.bus.waitForSuggestions()
        let keypad = try BusConnection(bus: .address(daemon.bus.address))
        #expect(
            try keypad.requestName(KeypadInterface.busName, allowReplacement: false, replaceExisting: false)
                == .primaryOwner)
        nonisolated(unsafe) var shown: [(sender: String, words: [String])] = []
        keypad.setHandler { message in
            guard message.member == KeypadInterface.showSuggestions,
                case .array(_, let words)? = try? message.arguments().first
            else { return false }
            shown.append((message.sender ?? "", words.compactMap(\.stringValue)))
            return true
        }
        let field = try BusConnection(bus: .address(daemon.bus.address))
        nonisolated(unsafe) var committed: [String] = []
        field.setHandler { message in
            guard message.kind == .signal else { return false }
            if message.member == "CommitText", let text = try? message.arguments().first?.stringValue {
                committed.append(text)
            }
            return true
        }
        let create = BusMessage.methodCall(
            destination: EngineInterface.busName, path: EngineInterface.enginePath,
            interface: EngineInterface.engineInterface, member: "CreateInputContext")
        let path = try #require(try field.call(create, timeoutMilliseconds: 5_000).arguments().first?.stringValue)
        func call(_ member: String, _ values: [BusValue] = []) throws {
            let message = BusMessage.methodCall(
                destination: EngineInterface.busName, path: path, interface: EngineInterface.inputContextInterface,
                member: member)
            try message.append(values)
            _ = try field.call(message, timeoutMilliseconds: 5_000)
        }
        try call("FocusIn")
        for keysym: UInt32 in [0x34, 0x31, 0x32, 0x30, 0x30, 0x38, 0x31, 0x32] {  // 4 1 2 0 0 8 1 2: 감사
            try call("ProcessKeyEvent", [.uint32(keysym), .uint32(0), .uint32(0)])
            try call("ProcessKeyEvent", [.uint32(keysym), .uint32(0), .uint32(1 << 30)])
        }
        let deadline = Deadline(seconds: 5)
        while shown.last?.words.first != "감사합니다" && !deadline.hasPassed {
            keypad.processIncoming(timeoutMilliseconds: 50)
        }
        let daemonName = try #require(shown.last?.sender, "the keypad was never shown 감사's suggestions")
        #expect(shown.last?.words.first == "감사합니다")
        for _ in 0..<2 {
            let tap = BusMessage.signal(
                path: KeypadInterface.path, interface: KeypadInterface.interface,
                member: KeypadInterface.suggestionChosen)
            try tap.append([.uint32(0), .string("감사합니다")])
            tap.setDestination(daemonName)
            keypad.send(tap)
        }
        keypad.flush()
        let ping = BusMessage.methodCall(
            destination: EngineInterface.busName, path: EngineInterface.enginePath,
            interface: "org.freedesktop.DBus.Peer", member: "Ping")
        _ = try field.call(ping, timeoutMilliseconds: 3_000)  // a hung hwaljad answers nothing
        field.processIncoming(timeoutMilliseconds: 100)
        #expect(committed == ["감사합니다 "])
        keypad.processIncoming(timeoutMilliseconds: 100)
        #expect(shown.last?.words == [])  // the word ended: nothing to complete
    }
}
