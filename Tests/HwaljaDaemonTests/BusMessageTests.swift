import CDBus
import Testing

@testable import HwaljaDBus

/// The message glue without a bus: replies written in one piece must be the very bytes libdbus
/// writes argument by argument, and context paths must parse strictly.
struct BusMessageTests {
    /// A method call as it arrives from the bus: with a serial and a sender (or none, peer to peer).
    static func incomingCall(sender: String?) -> BusMessage {
        let call = BusMessage.methodCall(
            destination: "org.hwalja.Engine1", path: "/org/hwalja/Engine1/Context/3", interface: "org.hwalja.Context1",
            member: "PressKey")
        dbus_message_set_serial(call.raw, 41)
        if let sender { _ = dbus_message_set_sender(call.raw, sender) }
        return call
    }

    /// The wire bytes of `message`, numbered `serial` (`dbus_message_marshal`).
    static func wireBytes(_ message: BusMessage, serial: UInt32) -> [UInt8] {
        dbus_message_set_serial(message.raw, serial)
        var bytes: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        guard dbus_message_marshal(message.raw, &bytes, &length) != 0, let bytes else { return [] }
        defer { dbus_free(bytes) }
        return (0..<Int(length)).map { UInt8(bitPattern: bytes[$0]) }
    }

    /// The reply libdbus itself builds: `dbus_message_new_method_return`, then one append per value.
    static func libdbusReply(to call: BusMessage, _ values: [BusValue]) throws -> BusMessage {
        let reply = BusMessage(owning: dbus_message_new_method_return(call.raw)!)
        try reply.append(values)
        return reply
    }

    @Test(arguments: [
        [BusValue.string(""), .string("가"), .boolean(true)],
        [.string("안녕하세요"), .string("ㅎ"), .boolean(false)],
        [
            .objectPath("/org/hwalja/Engine1/Context/12"), .uint32(53_618), .int32(-7), .byte(9), .signature("a{sv}"),
            .string("x")
        ],
        // Long text (its buffer on the heap, not the stack) and many values, each padded.
        [.string(String(repeating: "가나다라", count: 500)), .string(""), .boolean(true)],
        (0..<60).map { index in
            [BusValue.byte(UInt8(index)), .string(String(repeating: "x", count: index)), .boolean(index % 2 == 0)][
                index % 3]
        }
    ])
    func aReplyWrittenInOnePieceIsTheReplyLibdbusWrites(_ values: [BusValue]) throws {
        for sender in [":1.42", nil] {
            let call = Self.incomingCall(sender: sender)
            // WireMessage itself, not methodReturn: a refused packing must not pass by falling back.
            let packed = try #require(
                WireMessage.methodReturn(replySerial: call.serial, destination: call.sender, values: values))
            let expected = try Self.libdbusReply(to: call, values)
            #expect(
                Self.wireBytes(packed, serial: 77) == Self.wireBytes(expected, serial: 77), "sender \(sender ?? "none")"
            )
            #expect(packed.wireSize == Self.wireBytes(expected, serial: 77).count, "sender \(sender ?? "none")")
            #expect(try packed.arguments() == values)
            #expect(packed.kind == .methodReturn)
            try packed.append([.string("more")])
            #expect(packed.wireSize == nil, "appended to: its size no longer known, sender \(sender ?? "none")")
        }
    }

    @Test func methodReturnPacksTwoOrMoreBasicValuesAndFallsBackForContainers() throws {
        let call = Self.incomingCall(sender: ":1.42")
        let dictionary = BusValue.stringVariantDictionary(["a": .uint32(1)])
        #expect(
            WireMessage.methodReturn(replySerial: 41, destination: ":1.42", values: [.string("a"), dictionary]) == nil)
        let reply = try call.methodReturn([.string("a"), dictionary])
        #expect(try reply.arguments() == [.string("a"), dictionary])
    }

    @Test func aKeysTokenIsTheCallsFirstStringAndNothingElseIs() throws {
        let call = Self.incomingCall(sender: ":1.42")
        #expect(call.firstString == nil)  // no arguments
        try call.append([.string("ㄱㅋ"), .uint32(3)])
        #expect(call.firstString == "ㄱㅋ")
        let numbered = Self.incomingCall(sender: ":1.42")
        try numbered.append([.uint32(3), .string("ㄱㅋ")])
        #expect(numbered.firstString == nil)
        let path = Self.incomingCall(sender: ":1.42")
        try path.append([.objectPath("/a")])
        #expect(path.firstString == nil)
    }

    @Test func aPackedReplyLeavesItsSerialToTheConnection() throws {
        let reply = try Self.incomingCall(sender: ":1.42").methodReturn([.string("a"), .string("b")])
        #expect(reply.serial == 0)  // dbus_connection_send numbers it: no two replies share a serial
    }

    @Test func contextPathsParseStrictly() {
        #expect(EngineInterface.contextNumber(inPath: "/org/hwalja/Engine1/Context/1") == 1)
        #expect(EngineInterface.contextNumber(inPath: EngineInterface.contextPath(907)) == 907)
        for path in [
            "/org/hwalja/Engine1/Context/", "/org/hwalja/Engine1/Context/0", "/org/hwalja/Engine1/Context/01",
            "/org/hwalja/Engine1/Context/1a", "/org/hwalja/Engine1/Context/-1", "/org/hwalja/Engine1/Context/1/2",
            "/org/hwalja/Engine1/Context/99999999999999999999", "/org/hwalja/Engine1", "/org/hwalja/Engine1/Contexts/1",
            "/org/hwalja/Engine1/Context/١"
        ] {
            #expect(EngineInterface.contextNumber(inPath: path) == nil, "\(path)")
        }
    }
}
