import CDBus

/// Builds a method return's bytes in the D-Bus wire format and has libdbus parse them
/// (`dbus_message_demarshal`): one libdbus call for the whole message.
///
/// Appending arguments one by one costs libdbus a rewrite of the header's signature field per
/// argument after the first (about 3 µs each on the machine in the README), which made building a
/// `(s s b)` reply cost more than the daemon's whole typing logic. libdbus still validates every
/// byte here, and sends the message as usual. Only basic types are written this way.
enum WireMessage {
    /// The header field codes of the D-Bus specification.
    private enum Field: UInt8 {
        case replySerial = 5, destination = 6, signature = 8
    }

    /// A method return to the call with serial `replySerial`, addressed to `destination`, carrying
    /// `values`, its ``BusMessage/wireSize`` known; `nil` if a value is not a basic type or libdbus
    /// refuses the bytes.
    static func methodReturn(replySerial: UInt32, destination: String?, values: [BusValue]) -> BusMessage? {
        var signature = ""
        for value in values {
            guard isBasic(value) else { return nil }
            signature += value.signature
        }
        // As libdbus lays a reply out: byte order, type (method return), flags (no reply expected),
        // protocol version, body length, serial, fields length; then destination, reply serial, signature.
        var bytes: [UInt8] = [UInt8(ascii: "l"), 2, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]
        bytes.reserveCapacity(128)
        if let destination { field(.destination, "s", &bytes) { string(destination, &$0) } }
        field(.replySerial, "u", &bytes) { uint32(replySerial, &$0) }
        if !signature.isEmpty { field(.signature, "g", &bytes) { signatureBytes(signature, &$0) } }
        store(UInt32(bytes.count - 16), at: 12, in: &bytes)
        pad(8, &bytes)
        let headerLength = bytes.count
        for value in values { write(value, &bytes) }
        store(UInt32(bytes.count - headerLength), at: 4, in: &bytes)

        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        let message = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { dbus_message_demarshal($0.baseAddress, Int32($0.count), &error) }
        }
        guard let message else { return nil }
        // The serial was a placeholder (the loader refuses 0); 0 makes the connection number it when sent.
        dbus_message_set_serial(message, 0)
        return BusMessage(owning: message, wireSize: bytes.count)
    }

    private static func isBasic(_ value: BusValue) -> Bool {
        switch value {
        case .string, .objectPath, .signature, .boolean, .byte, .int32, .uint32: true
        default: false
        }
    }

    private static func write(_ value: BusValue, _ bytes: inout [UInt8]) {
        switch value {
        case .string(let text), .objectPath(let text): string(text, &bytes)
        case .signature(let text): signatureBytes(text, &bytes)
        case .boolean(let flag): uint32(flag ? 1 : 0, &bytes)
        case .byte(let number): bytes.append(number)
        case .int32(let number): uint32(UInt32(bitPattern: number), &bytes)
        case .uint32(let number): uint32(number, &bytes)
        default: preconditionFailure("WireMessage.write: \(value.signature) is not a basic type")
        }
    }

    /// A header field: a `(y v)` structure, aligned to 8.
    private static func field(_ code: Field, _ type: String, _ bytes: inout [UInt8], value: (inout [UInt8]) -> Void) {
        pad(8, &bytes)
        bytes.append(code.rawValue)
        signatureBytes(type, &bytes)
        value(&bytes)
    }

    private static func string(_ text: String, _ bytes: inout [UInt8]) {
        uint32(UInt32(text.utf8.count), &bytes)
        bytes.append(contentsOf: text.utf8)
        bytes.append(0)
    }

    private static func signatureBytes(_ text: String, _ bytes: inout [UInt8]) {
        bytes.append(UInt8(truncatingIfNeeded: text.utf8.count))
        bytes.append(contentsOf: text.utf8)
        bytes.append(0)
    }

    private static func uint32(_ number: UInt32, _ bytes: inout [UInt8]) {
        pad(4, &bytes)
        bytes.append(contentsOf: [0, 0, 0, 0])
        store(number, at: bytes.count - 4, in: &bytes)
    }

    private static func store(_ number: UInt32, at offset: Int, in bytes: inout [UInt8]) {
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: number >> (8 * index)) }
    }

    private static func pad(_ alignment: Int, _ bytes: inout [UInt8]) {
        while bytes.count % alignment != 0 { bytes.append(0) }
    }
}
