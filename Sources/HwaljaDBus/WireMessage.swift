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
    ///
    /// The bytes are written once into a buffer of the size they need at most, on the stack when
    /// small: a key's reply touches little code and no heap before libdbus reads it, which counts
    /// when a key finds the caches cold (`hwalja-bus-bench --handlers-only` measures it).
    static func methodReturn(replySerial: UInt32, destination: String?, values: [BusValue]) -> BusMessage? {
        guard values.count <= 255 else { return nil }  // a signature's length is one byte
        // At most: 16 for the fixed header, 9 for the destination field (beside its bytes), 15 for
        // the reply serial's, 13 for the signature's (beside its letters), 7 of padding; a value
        // 8 beside its text.
        var capacity = 64 + (destination?.utf8.count ?? 0) + values.count
        for value in values {
            guard typeCode(of: value) != nil else { return nil }
            capacity += 8 + (text(of: value)?.utf8.count ?? 0)
        }
        return withUnsafeTemporaryAllocation(byteCount: capacity, alignment: 8) { buffer in
            var bytes = Writer(buffer)
            // As libdbus lays a reply out: byte order, type (method return), flags (no reply expected),
            // protocol version, body length, serial (a placeholder: the loader refuses 0), fields length;
            // then destination, reply serial, signature.
            bytes.append(UInt8(ascii: "l"), 2, 1, 1)
            bytes.uint32(0)
            bytes.uint32(1)
            bytes.uint32(0)
            if let destination {
                bytes.field(.destination, type: UInt8(ascii: "s"))
                bytes.string(destination)
            }
            bytes.field(.replySerial, type: UInt8(ascii: "u"))
            bytes.uint32(replySerial)
            if !values.isEmpty {
                bytes.field(.signature, type: UInt8(ascii: "g"))
                bytes.append(UInt8(values.count))
                for value in values { bytes.append(typeCode(of: value)!) }
                bytes.append(0)
            }
            bytes.store(UInt32(bytes.count - 16), at: 12)
            bytes.pad(8)
            let headerLength = bytes.count
            for value in values { bytes.write(value) }
            bytes.store(UInt32(bytes.count - headerLength), at: 4)

            var error = DBusError()
            dbus_error_init(&error)
            defer { dbus_error_free(&error) }
            guard
                let message = dbus_message_demarshal(
                    buffer.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(bytes.count), &error)
            else {
                return nil
            }
            // 0 makes the connection number it when sent.
            dbus_message_set_serial(message, 0)
            return BusMessage(owning: message, wireSize: bytes.count)
        }
    }

    /// The type code of a value this writes (`s`, `u`, …, as ``BusValue/signature`` spells it);
    /// `nil` for a container and for the basic types no reply of ours carries.
    private static func typeCode(of value: BusValue) -> UInt8? {
        switch value {
        case .string, .objectPath, .signature, .boolean, .byte, .int32, .uint32: value.signature.utf8.first
        default: nil
        }
    }

    /// The text a value carries, if it is a string, an object path or a signature.
    private static func text(of value: BusValue) -> String? {
        switch value {
        case .string(let text), .objectPath(let text), .signature(let text): text
        default: nil
        }
    }

    /// Writes the wire format into a buffer sized beforehand (``methodReturn(replySerial:destination:values:)``
    /// counts what it needs at most).
    private struct Writer {
        private let base: UnsafeMutableRawBufferPointer
        private(set) var count = 0

        init(_ base: UnsafeMutableRawBufferPointer) { self.base = base }

        mutating func append(_ byte: UInt8) {
            precondition(count < base.count, "WireMessage: the buffer was sized too small")
            base[count] = byte
            count += 1
        }

        /// Four bytes in their order (not a number: no alignment).
        mutating func append(_ first: UInt8, _ second: UInt8, _ third: UInt8, _ fourth: UInt8) {
            append(first)
            append(second)
            append(third)
            append(fourth)
        }

        mutating func pad(_ alignment: Int) {
            while count % alignment != 0 { append(0) }
        }

        mutating func uint32(_ number: UInt32) {
            pad(4)
            precondition(count + 4 <= base.count, "WireMessage: the buffer was sized too small")
            count += 4
            store(number, at: count - 4)
        }

        /// Stores `number` little-endian at `offset`, already written.
        func store(_ number: UInt32, at offset: Int) {
            base.storeBytes(of: number.littleEndian, toByteOffset: offset, as: UInt32.self)
        }

        /// A string or object path: its length, its bytes, a nul.
        mutating func string(_ text: String) {
            uint32(UInt32(text.utf8.count))
            copy(text)
            append(0)
        }

        /// A signature: its length in one byte, its bytes, a nul.
        mutating func signature(_ text: String) {
            append(UInt8(truncatingIfNeeded: text.utf8.count))
            copy(text)
            append(0)
        }

        /// A header field: a `(y v)` structure, aligned to 8, its variant of one basic type.
        mutating func field(_ code: Field, type: UInt8) {
            pad(8)
            append(code.rawValue, 1, type, 0)
        }

        mutating func write(_ value: BusValue) {
            switch value {
            case .string(let text), .objectPath(let text): string(text)
            case .signature(let text): signature(text)
            case .boolean(let flag): uint32(flag ? 1 : 0)
            case .byte(let number): append(number)
            case .int32(let number): uint32(UInt32(bitPattern: number))
            case .uint32(let number): uint32(number)
            default: preconditionFailure("WireMessage.write: \(value.signature) is not a basic type")
            }
        }

        private mutating func copy(_ text: String) {
            var text = text
            let length = text.withUTF8 { utf8 in
                precondition(count + utf8.count <= base.count, "WireMessage: the buffer was sized too small")
                UnsafeMutableRawBufferPointer(rebasing: base[count..<count + utf8.count]).copyMemory(
                    from: UnsafeRawBufferPointer(utf8))
                return utf8.count
            }
            count += length
        }
    }
}
