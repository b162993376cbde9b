import CDBus
import Glibc

/// A D-Bus message: a method call, its reply or error, or a signal.
///
/// Owns one reference to a libdbus `DBusMessage`, released when this object goes away.
package final class BusMessage: @unchecked Sendable {
    /// The kind of message.
    package enum Kind: Sendable, Equatable {
        case methodCall, methodReturn, error, signal, other
    }

    let raw: OpaquePointer
    /// The message's size in bytes as this process sends it, where this process laid the bytes out
    /// (``methodReturn(_:)`` of two or more basic values); `nil` where libdbus did, which does not
    /// tell, or once values were appended after. A bus adds the sender's name on the way
    /// (``deliveredSize``).
    package private(set) var wireSize: Int?

    /// At most the size a bus delivers this message at: ``wireSize`` and the sender field the bus
    /// adds (a unique name such as `:1.12345`, 32 bytes at most with its header and padding).
    package var deliveredSize: Int? { wireSize.map { $0 + 32 } }

    /// Takes over one reference to `raw` (the corresponding libdbus function is `dbus_message_unref`).
    init(owning raw: OpaquePointer, wireSize: Int? = nil) {
        self.raw = raw
        self.wireSize = wireSize
    }

    /// Adds a reference to a message libdbus lends us (`dbus_message_ref`).
    init(borrowing raw: OpaquePointer) {
        self.raw = dbus_message_ref(raw)
        self.wireSize = nil
    }

    deinit {
        dbus_message_unref(raw)
    }

    /// A method call to `destination` (`dbus_message_new_method_call`).
    package static func methodCall(destination: String?, path: String, interface: String?, member: String) -> BusMessage
    {
        let made = cString(destination) { destination in
            cString(path) { path in
                cString(interface) { interface in
                    cString(member) { dbus_message_new_method_call(destination, path, interface, $0) }
                }
            }
        }
        guard let raw = made else {
            preconditionFailure("BusMessage.methodCall: libdbus is out of memory or \(path) is not an object path")
        }
        return BusMessage(owning: raw)
    }

    /// A method call as the bus delivers it, with `sender` and `serial` set: for running a
    /// service's handler in process, without a bus (tests with a manual clock).
    package static func incomingCall(
        sender: String, serial: UInt32, path: String, interface: String?, member: String, _ values: [BusValue] = []
    ) throws(BusError) -> BusMessage {
        let call = methodCall(destination: nil, path: path, interface: interface, member: member)
        dbus_message_set_serial(call.raw, serial)
        call.setSender(sender)
        try call.append(values)
        return call
    }

    /// This message as a connection reads one that came in: written out and parsed again by
    /// libdbus (`dbus_message_marshal`, `dbus_message_demarshal`), which checks every byte. For
    /// benchmarks that hand calls to a handler with no socket, so that the handler finds what
    /// reading a call leaves in the caches.
    package func reread() throws(BusError) -> BusMessage {
        var bytes: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        guard dbus_message_marshal(raw, &bytes, &length) != 0, let bytes else {
            throw .failed("out of memory writing a message out")
        }
        defer { dbus_free(bytes) }
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let copy = dbus_message_demarshal(bytes, length, &error) else {
            throw .failed("libdbus could not read back a message it wrote")
        }
        return BusMessage(owning: copy)
    }

    /// A signal from `path` (`dbus_message_new_signal`).
    package static func signal(path: String, interface: String, member: String) -> BusMessage {
        guard
            let raw = cString(
                path,
                { path in
                    cString(interface) { interface in cString(member) { dbus_message_new_signal(path, interface, $0) } }
                })
        else {
            preconditionFailure("BusMessage.signal: libdbus is out of memory or the names are invalid")
        }
        return BusMessage(owning: raw)
    }

    /// The reply to this method call carrying `values` (`dbus_message_new_method_return`).
    ///
    /// Two or more basic values are written in one piece (``WireMessage``): libdbus appends
    /// argument by argument at several microseconds each.
    package func methodReturn(_ values: [BusValue] = []) throws(BusError) -> BusMessage {
        if values.count >= 2,
            let packed = WireMessage.methodReturn(
                replySerial: dbus_message_get_serial(raw), destination: sender, values: values)
        {
            return packed
        }
        guard let raw = dbus_message_new_method_return(raw) else { throw .failed("out of memory building a reply") }
        let reply = BusMessage(owning: raw)
        try reply.append(values)
        return reply
    }

    /// The error reply to this method call (`dbus_message_new_error`).
    package func errorReply(_ error: BusError) -> BusMessage {
        guard
            let raw = cString(error.name, { name in cString(error.message) { dbus_message_new_error(raw, name, $0) } })
        else {
            preconditionFailure("BusMessage.errorReply: libdbus refused the error name \(error.name)")
        }
        return BusMessage(owning: raw)
    }

    /// The error reply to the call numbered `serial` from `destination`, for a call no longer at
    /// hand (answered late).
    package static func error(_ error: BusError, replyingTo serial: UInt32, destination: String) -> BusMessage {
        guard let raw = dbus_message_new(DBUS_MESSAGE_TYPE_ERROR) else {
            preconditionFailure("BusMessage.error: out of memory")
        }
        let message = BusMessage(owning: raw)
        _ = cString(error.name) { dbus_message_set_error_name(raw, $0) }
        dbus_message_set_reply_serial(raw, serial)
        dbus_message_set_no_reply(raw, 1)
        message.setDestination(destination)
        try? message.append([.string(error.message)])
        return message
    }

    /// Marks this method call as wanting no reply (`dbus_message_set_no_reply`): the callee sends none.
    package func setNoReplyExpected() {
        dbus_message_set_no_reply(raw, 1)
    }

    /// A copy that can be changed and sent again (`dbus_message_copy`): an unsent template for
    /// messages that differ only in their arguments is cheaper to copy than to build.
    package func copy() -> BusMessage {
        guard let raw = dbus_message_copy(raw) else { preconditionFailure("BusMessage.copy: libdbus is out of memory") }
        return BusMessage(owning: raw)
    }

    package var kind: Kind {
        switch dbus_message_get_type(raw) {
        case DBUS_MESSAGE_TYPE_METHOD_CALL: .methodCall
        case DBUS_MESSAGE_TYPE_METHOD_RETURN: .methodReturn
        case DBUS_MESSAGE_TYPE_ERROR: .error
        case DBUS_MESSAGE_TYPE_SIGNAL: .signal
        default: .other
        }
    }

    /// Addresses the message to one connection (`dbus_message_set_destination`): a signal so
    /// addressed reaches only that client instead of every listener on the bus.
    package func setDestination(_ destination: String) {
        _ = cString(destination) { dbus_message_set_destination(raw, $0) }
    }

    package var path: String? { dbus_message_get_path(raw).map { String(cString: $0) } }
    package var interface: String? { dbus_message_get_interface(raw).map { String(cString: $0) } }
    package var member: String? { dbus_message_get_member(raw).map { String(cString: $0) } }
    /// Whether the member is `member`, compared in C without making a Swift string (`dbus_message_has_member`).
    package func hasMember(_ member: String) -> Bool { cString(member) { dbus_message_has_member(raw, $0) } != 0 }
    /// Whether the message names `interface`, or, for `nil`, names none; compared in C without
    /// making a Swift string (`dbus_message_has_interface`).
    package func hasInterface(_ interface: String?) -> Bool {
        guard let interface else { return dbus_message_get_interface(raw) == nil }
        return cString(interface) { dbus_message_has_interface(raw, $0) } != 0
    }
    /// Whether the object path is `path`, compared in C (`dbus_message_has_path`).
    package func hasPath(_ path: String) -> Bool { cString(path) { dbus_message_has_path(raw, $0) } != 0 }
    /// Calls `body` with the object path's bytes, without making a Swift string; `nil` if the
    /// message has no path.
    package func withPathBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard let path = dbus_message_get_path(raw) else { return nil }
        return path.withMemoryRebound(to: UInt8.self, capacity: 1) {
            body(UnsafeBufferPointer(start: $0, count: strlen(path)))
        }
    }
    package var sender: String? { dbus_message_get_sender(raw).map { String(cString: $0) } }
    package var destination: String? { dbus_message_get_destination(raw).map { String(cString: $0) } }

    /// Names the sender of a message that came on a peer connection, which has none
    /// (`dbus_message_set_sender`), as a bus would: handlers then tell clients apart the same way.
    package func setSender(_ sender: String) {
        _ = cString(sender) { dbus_message_set_sender(raw, $0) }
    }

    /// Readies a message for a peer connection: no destination (a peer has no names), and
    /// `serial` (`dbus_message_set_serial`; libdbus keeps a serial already set).
    package func prepareForPeer(serial: UInt32) {
        _ = dbus_message_set_destination(raw, nil)
        dbus_message_set_serial(raw, serial)
    }
    package var errorName: String? { dbus_message_get_error_name(raw).map { String(cString: $0) } }
    /// The serial number the sender gave the message (0 until sent).
    package var serial: UInt32 { dbus_message_get_serial(raw) }
    /// The serial of the call a reply or error answers (0 for calls and signals).
    package var replySerial: UInt32 { dbus_message_get_reply_serial(raw) }
    /// The signature of the arguments.
    package var signature: String { dbus_message_get_signature(raw).map { String(cString: $0) } ?? "" }
    /// Whether the caller said it wants no reply.
    package var noReplyExpected: Bool { dbus_message_get_no_reply(raw) != 0 }

    /// Says that the caller wants no reply to this call (a call sent and forgotten), nor to have
    /// its destination started if nothing owns the name (`dbus_message_set_no_reply`,
    /// `dbus_message_set_auto_start`): a service that is not running is not woken for it.
    package func expectNoReply() {
        dbus_message_set_no_reply(raw, 1)
        dbus_message_set_auto_start(raw, 0)
    }

    /// The arguments, decoded.
    package func arguments() throws(BusError) -> [BusValue] {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(raw, &iterator) != 0 else { return [] }
        return try Self.readAll(&iterator)
    }

    /// The first argument if it is a string, read without decoding the others (a key's token).
    package var firstString: String? {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(raw, &iterator) != 0,
            dbus_message_iter_get_arg_type(&iterator) == Int32(UInt8(ascii: "s"))
        else { return nil }
        return Self.readString(&iterator)
    }

    /// Appends `values` as arguments.
    package func append(_ values: [BusValue]) throws(BusError) {
        wireSize = nil
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(raw, &iterator)
        for value in values { try Self.write(value, to: &iterator) }
    }

    // MARK: Reading

    private static func readAll(_ iterator: inout DBusMessageIter) throws(BusError) -> [BusValue] {
        var values: [BusValue] = []
        while dbus_message_iter_get_arg_type(&iterator) != 0 {  // DBUS_TYPE_INVALID
            values.append(try read(&iterator))
            dbus_message_iter_next(&iterator)
        }
        return values
    }

    private static func read(_ iterator: inout DBusMessageIter) throws(BusError) -> BusValue {
        let type = dbus_message_iter_get_arg_type(&iterator)
        switch UInt8(truncatingIfNeeded: type) {
        case UInt8(ascii: "s"): return .string(readString(&iterator))
        case UInt8(ascii: "o"): return .objectPath(readString(&iterator))
        case UInt8(ascii: "g"): return .signature(readString(&iterator))
        case UInt8(ascii: "b"): return .boolean((readBasic(&iterator) as dbus_bool_t) != 0)
        case UInt8(ascii: "y"): return .byte(readBasic(&iterator))
        case UInt8(ascii: "n"): return .int16(readBasic(&iterator))
        case UInt8(ascii: "q"): return .uint16(readBasic(&iterator))
        case UInt8(ascii: "i"): return .int32(readBasic(&iterator))
        case UInt8(ascii: "u"): return .uint32(readBasic(&iterator))
        case UInt8(ascii: "x"): return .int64(readBasic(&iterator))
        case UInt8(ascii: "t"): return .uint64(readBasic(&iterator))
        case UInt8(ascii: "d"): return .double(readBasic(&iterator))
        case UInt8(ascii: "a"):
            let element =
                dbus_message_iter_get_signature(&iterator).map { pointer in
                    defer { dbus_free(pointer) }
                    return String(String(cString: pointer).dropFirst())
                } ?? ""
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            return .array(elementSignature: element, try readAll(&inner))
        case UInt8(ascii: "e"):
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            let pair = try readAll(&inner)
            guard pair.count == 2 else { throw .invalidArgs("a dictionary entry without key and value") }
            return .dictEntry(pair[0], pair[1])
        case UInt8(ascii: "r"):
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            return .structure(try readAll(&inner))
        case UInt8(ascii: "v"):
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            return .variant(try read(&inner))
        default:
            throw .invalidArgs(
                "argument of type '\(Character(Unicode.Scalar(UInt8(truncatingIfNeeded: type))))' is not supported")
        }
    }

    private static func readString(_ iterator: inout DBusMessageIter) -> String {
        var pointer: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&iterator, &pointer)
        return pointer.map { String(cString: $0) } ?? ""
    }

    private static func readBasic<T: FixedWidthInteger>(_ iterator: inout DBusMessageIter) -> T {
        var value: T = 0
        dbus_message_iter_get_basic(&iterator, &value)
        return value
    }

    private static func readBasic(_ iterator: inout DBusMessageIter) -> Double {
        var value: Double = 0
        dbus_message_iter_get_basic(&iterator, &value)
        return value
    }

    // MARK: Writing

    private static func write(_ value: BusValue, to iterator: inout DBusMessageIter) throws(BusError) {
        let ok: Bool
        switch value {
        case .string(let text): ok = appendString(text, type: "s", to: &iterator)
        case .objectPath(let text): ok = appendString(text, type: "o", to: &iterator)
        case .signature(let text): ok = appendString(text, type: "g", to: &iterator)
        case .boolean(let flag): ok = appendBasic(dbus_bool_t(flag ? 1 : 0), type: "b", to: &iterator)
        case .byte(let number): ok = appendBasic(number, type: "y", to: &iterator)
        case .int16(let number): ok = appendBasic(number, type: "n", to: &iterator)
        case .uint16(let number): ok = appendBasic(number, type: "q", to: &iterator)
        case .int32(let number): ok = appendBasic(number, type: "i", to: &iterator)
        case .uint32(let number): ok = appendBasic(number, type: "u", to: &iterator)
        case .int64(let number): ok = appendBasic(number, type: "x", to: &iterator)
        case .uint64(let number): ok = appendBasic(number, type: "t", to: &iterator)
        case .double(let number): ok = appendBasic(number, type: "d", to: &iterator)
        case .array(let element, let items):
            try container("a", element, items, &iterator)
            return
        case .dictEntry(let key, let item):
            try container("e", nil, [key, item], &iterator)
            return
        case .structure(let fields):
            try container("r", nil, fields, &iterator)
            return
        case .variant(let inner):
            try container("v", inner.signature, [inner], &iterator)
            return
        }
        guard ok else { throw .invalidArgs("libdbus refused a value of type \(value.signature)") }
    }

    private static func container(
        _ type: Character, _ contained: String?, _ items: [BusValue], _ iterator: inout DBusMessageIter
    ) throws(BusError) {
        var inner = DBusMessageIter()
        let code = Int32(type.asciiValue!)
        let opened: dbus_bool_t =
            if let contained {
                contained.withCString { dbus_message_iter_open_container(&iterator, code, $0, &inner) }
            } else { dbus_message_iter_open_container(&iterator, code, nil, &inner) }
        guard opened != 0 else { throw .failed("out of memory opening a container") }
        for item in items { try write(item, to: &inner) }
        guard dbus_message_iter_close_container(&iterator, &inner) != 0 else {
            throw .failed("out of memory closing a container")
        }
    }

    private static func appendString(_ text: String, type: Character, to iterator: inout DBusMessageIter) -> Bool {
        text.withCString { pointer in
            var argument: UnsafePointer<CChar>? = pointer
            return dbus_message_iter_append_basic(&iterator, Int32(type.asciiValue!), &argument) != 0
        }
    }

    private static func appendBasic<T: BitwiseCopyable>(_ value: T, type: Character, to iterator: inout DBusMessageIter)
        -> Bool
    {
        var argument = value
        return dbus_message_iter_append_basic(&iterator, Int32(type.asciiValue!), &argument) != 0
    }
}

/// Calls `body` with `text` as a C string, `nil` staying `nil`. A native Swift string lends its
/// own bytes (`withCString`); a string passed straight to a C parameter is copied into a new
/// array on every call, which made the strings a key's call compares cost more than its typing.
func cString<Result>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> Result) -> Result {
    guard let text else { return body(nil) }
    return text.withCString(body)
}
