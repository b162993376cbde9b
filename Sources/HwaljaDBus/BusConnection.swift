import CDBus

#if canImport(Glibc)
    import Glibc
#endif

/// A private connection to a message bus.
///
/// Not thread-safe: use it from one thread or serial queue only (``BusDispatcher`` does). The
/// connection is closed and released when this object goes away.
package final class BusConnection: @unchecked Sendable {
    /// Which bus to connect to.
    package enum Bus: Sendable, Equatable {
        case session
        case system
        /// A bus by address, such as `unix:path=/tmp/bus` from `dbus-daemon --print-address`.
        case address(String)

        /// The session bus if there is one: `DBUS_SESSION_BUS_ADDRESS`, else the user's bus socket
        /// (`$XDG_RUNTIME_DIR/bus`); `nil` for none. Never ``session`` without either: libdbus
        /// would then launch a bus of its own (`autolaunch:`, dbus-launch on X11).
        package static var existingSession: Bus? {
            if let address = getenv("DBUS_SESSION_BUS_ADDRESS"), address.pointee != 0 { return .session }
            guard let runtime = getenv("XDG_RUNTIME_DIR") else { return nil }
            let socket = String(cString: runtime) + "/bus"
            var status = stat()
            guard stat(socket, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK, status.st_uid == getuid(),
                let escaped = dbus_address_escape_value(socket)
            else { return nil }
            defer { dbus_free(escaped) }
            return .address("unix:path=" + String(cString: escaped))
        }

        /// Parses `session`, `system` or an address.
        package init(_ text: String) {
            switch text {
            case "session": self = .session
            case "system": self = .system
            default: self = .address(text)
            }
        }
    }

    /// What asking for a well-known name gave.
    package enum NameRequestResult: Sendable, Equatable {
        case primaryOwner, alreadyOwner, inQueue, exists
    }

    let raw: OpaquePointer
    private var handler: ((BusMessage) -> Bool)?
    /// The watch (`DBusWatch`) libdbus reads the socket through, kept as libdbus adds and removes
    /// it once ``followReadWatch()`` asked; `nil` until then and once the connection closed.
    private var readWatch: OpaquePointer?
    private var followsReadWatch = false

    /// Connects and registers with the bus (`dbus_bus_get_private` or `dbus_connection_open_private` + `dbus_bus_register`).
    package init(bus: Bus) throws(BusError) {
        let connection: OpaquePointer? = try withDBusError { error in
            switch bus {
            case .session: return dbus_bus_get_private(DBUS_BUS_SESSION, error)
            case .system: return dbus_bus_get_private(DBUS_BUS_SYSTEM, error)
            case .address(let address):
                guard let connection = dbus_connection_open_private(address, error) else { return nil }
                if dbus_bus_register(connection, error) == 0 {
                    dbus_connection_close(connection)
                    dbus_connection_unref(connection)
                    return nil
                }
                return connection
            }
        }
        guard let connection else { throw .failed("could not connect to the bus") }
        raw = connection
        dbus_connection_set_exit_on_disconnect(raw, 0)
    }

    /// Takes a connection a ``BusServer`` made (`dbus_connection_ref`): a peer, no bus. Messages
    /// of more than `maxMessageBytes` close it, as do messages carrying file descriptors.
    init(adopting connection: OpaquePointer, maxMessageBytes: Int = 1 << 20) {
        raw = dbus_connection_ref(connection)
        dbus_connection_set_exit_on_disconnect(raw, 0)
        dbus_connection_set_max_message_size(raw, maxMessageBytes)
        dbus_connection_set_max_message_unix_fds(raw, 0)
    }

    deinit {
        dbus_connection_set_watch_functions(raw, nil, nil, nil, nil, nil)  // libdbus may outlive this object
        dbus_connection_close(raw)
        dbus_connection_unref(raw)
    }

    /// This connection's unique name on the bus (`dbus_bus_get_unique_name`).
    package var uniqueName: String {
        dbus_bus_get_unique_name(raw).map { String(cString: $0) } ?? ""
    }

    /// Whether the connection is still open (`dbus_connection_get_is_connected`).
    package var isConnected: Bool { dbus_connection_get_is_connected(raw) != 0 }

    /// The socket to watch for incoming data (`dbus_connection_get_unix_fd`).
    package var fileDescriptor: Int32? {
        var descriptor: Int32 = -1
        return dbus_connection_get_unix_fd(raw, &descriptor) != 0 ? descriptor : nil
    }

    /// Asks for a well-known name (`dbus_bus_request_name`), never queueing.
    package func requestName(_ name: String, allowReplacement: Bool, replaceExisting: Bool) throws(BusError)
        -> NameRequestResult
    {
        var flags = UInt32(DBUS_NAME_FLAG_DO_NOT_QUEUE)
        if allowReplacement { flags |= UInt32(DBUS_NAME_FLAG_ALLOW_REPLACEMENT) }
        if replaceExisting { flags |= UInt32(DBUS_NAME_FLAG_REPLACE_EXISTING) }
        let reply = try withDBusError { dbus_bus_request_name(raw, name, flags, $0) }
        switch reply {
        case DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER: return .primaryOwner
        case DBUS_REQUEST_NAME_REPLY_ALREADY_OWNER: return .alreadyOwner
        case DBUS_REQUEST_NAME_REPLY_IN_QUEUE: return .inQueue
        default: return .exists
        }
    }

    /// Gives a well-known name back (`org.freedesktop.DBus.ReleaseName`), waiting at most
    /// `timeoutMilliseconds` for the bus's answer.
    package func releaseName(_ name: String, timeoutMilliseconds: Int32 = 2_000) throws(BusError) {
        let message = BusMessage.methodCall(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "ReleaseName")
        try message.append([.string(name)])
        _ = try call(message, timeoutMilliseconds: timeoutMilliseconds)
    }

    /// Subscribes to messages matching `rule` (`dbus_bus_add_match`).
    package func addMatch(_ rule: String) throws(BusError) {
        try withDBusError { dbus_bus_add_match(raw, rule, $0) }
    }

    /// Queues a message (`dbus_connection_send`); ``flush()``, ``pump()`` or the dispatcher writes it out.
    ///
    /// - Returns: the serial libdbus gave the message (a reply to it names this serial).
    @discardableResult
    package func send(_ message: BusMessage) -> UInt32 {
        var serial: UInt32 = 0
        _ = dbus_connection_send(raw, message.raw, &serial)
        return serial
    }

    /// Blocks until every queued message is written (`dbus_connection_flush`), reading what
    /// arrives meanwhile into libdbus's queue (dispatch it after). For clients only: a service that
    /// blocks on its socket stops serving everyone when one peer stops reading.
    package func flush() {
        dbus_connection_flush(raw)
    }

    /// Caps what libdbus reads ahead of dispatching, in bytes (`dbus_connection_set_max_received_size`):
    /// past it the connection stops reading its socket until messages are dispatched.
    package func limitReadAhead(bytes: Int) {
        dbus_connection_set_max_received_size(raw, bytes)
    }

    /// Whether messages already read wait in libdbus's queue to be dispatched
    /// (`dbus_connection_get_dispatch_status`). Blocking calls and flushes read the socket too, so
    /// a message can be there with nothing left on the socket to wake a `poll`. libdbus locks the
    /// connection for this call: any thread may ask.
    package var hasMessagesToDispatch: Bool { dbus_connection_get_dispatch_status(raw) == DBUS_DISPATCH_DATA_REMAINS }

    /// Whether messages wait to be written (`dbus_connection_has_messages_to_send`).
    package var hasOutputPending: Bool { dbus_connection_has_messages_to_send(raw) != 0 }

    /// Has libdbus tell which of its socket watches reads (`dbus_connection_set_watch_functions`),
    /// so that ``pump(readable:)`` can read a socket its caller polled without libdbus polling it
    /// again. Call from the thread or queue that reads the connection; once is enough (libdbus
    /// would remove what it has just added, through the functions it replaces).
    func followReadWatch() {
        guard !followsReadWatch else { return }
        followsReadWatch = true
        let me = Unmanaged.passUnretained(self).toOpaque()  // deinit removes the functions first
        _ = dbus_connection_set_watch_functions(
            raw,
            { watch, data in
                guard let watch, let data else { return 0 }
                if dbus_watch_get_flags(watch) & UInt32(DBUS_WATCH_READABLE.rawValue) != 0 {
                    Unmanaged<BusConnection>.fromOpaque(data).takeUnretainedValue().readWatch = watch
                }
                return 1
            },
            { watch, data in
                guard let data else { return }
                let connection = Unmanaged<BusConnection>.fromOpaque(data).takeUnretainedValue()
                if connection.readWatch == watch { connection.readWatch = nil }
            },
            nil, me, nil)
    }

    /// Reads what has arrived, hands every complete message to the handler, and writes as much as
    /// the socket takes now; never waits (`dbus_connection_read_write` with no timeout,
    /// `dbus_connection_dispatch`).
    ///
    /// - Parameter readable: the caller's `poll` just found the socket readable, and nothing else
    ///   (no hang-up, no error): once the connection is authenticated and ``followReadWatch()``
    ///   was called, libdbus then reads it at once (`dbus_watch_handle`) rather than polling it
    ///   first, one system call less a message.
    /// - Returns: whether the connection is still open, and whether output is left to write once
    ///   the socket is writable again.
    package func pump(readable: Bool = false) -> (open: Bool, outputPending: Bool) {
        var open: Bool
        if readable, let watch = readWatch, dbus_connection_get_is_authenticated(raw) != 0 {
            _ = dbus_watch_handle(watch, UInt32(DBUS_WATCH_READABLE.rawValue))  // false only when out of memory
            open = isConnected
        } else {
            open = dbus_connection_read_write(raw, 0) != 0
            if open && dbus_connection_get_is_authenticated(raw) == 0 {
                // A peer's connection authenticates as it is read; libdbus writes each answer of the
                // handshake on the iteration after the one that read the question, and the peer waits.
                open = dbus_connection_read_write(raw, 0) != 0
            }
        }
        dispatchReceived()
        // One iteration writes about 2 KiB; go on while the socket takes more, stop when it is full.
        while open && hasOutputPending {
            let before = dbus_connection_get_outgoing_size(raw)
            open = dbus_connection_read_write(raw, 0) != 0
            dispatchReceived()
            if dbus_connection_get_outgoing_size(raw) >= before { break }
        }
        open = open && isConnected
        return (open, open && hasOutputPending)
    }

    /// Writes what is queued, waiting for the socket at most `timeoutMilliseconds` in all: for a
    /// service about to exit, which must not hang on a bus that stopped reading it.
    package func drain(timeoutMilliseconds: Int) {
        let deadline = ContinuousClock.now + .milliseconds(timeoutMilliseconds)
        while isConnected && hasOutputPending && ContinuousClock.now < deadline {
            _ = dbus_connection_read_write(raw, 10)
        }
    }

    /// Sends a method call and waits for its reply (`dbus_connection_send_with_reply_and_block`).
    ///
    /// - Throws: the error reply as a ``BusError``, or a timeout or disconnection error.
    package func call(_ message: BusMessage, timeoutMilliseconds: Int32 = 25_000) throws(BusError) -> BusMessage {
        let reply = try withDBusError {
            dbus_connection_send_with_reply_and_block(raw, message.raw, timeoutMilliseconds, $0)
        }
        guard let reply else { throw .failed("no reply") }
        return BusMessage(owning: reply)
    }

    /// Installs the function every incoming message is offered to; it returns whether it handled it.
    ///
    /// Method calls nobody handles get libdbus's `UnknownMethod` error reply
    /// (`dbus_connection_add_filter`).
    package func setHandler(_ handler: @escaping (BusMessage) -> Bool) {
        let first = self.handler == nil
        self.handler = handler
        guard first else { return }
        let me = Unmanaged.passUnretained(self).toOpaque()
        _ = dbus_connection_add_filter(
            raw,
            { _, message, userData in
                guard let message, let userData else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
                let connection = Unmanaged<BusConnection>.fromOpaque(userData).takeUnretainedValue()
                let handled = connection.handler?(BusMessage(borrowing: message)) ?? false
                return handled ? DBUS_HANDLER_RESULT_HANDLED : DBUS_HANDLER_RESULT_NOT_YET_HANDLED
            },
            me,
            nil
        )
    }

    /// Hands every message already read to the handler, without touching the socket (`dbus_connection_dispatch`).
    package func dispatchReceived() {
        while dbus_connection_dispatch(raw) == DBUS_DISPATCH_DATA_REMAINS {}
    }

    /// Reads what has arrived without blocking, hands every complete message to the handler and
    /// writes the replies (`dbus_connection_read_write`, `dbus_connection_dispatch`, `dbus_connection_flush`).
    ///
    /// - Returns: `false` once the connection is closed.
    @discardableResult
    package func processIncoming(timeoutMilliseconds: Int32 = 0) -> Bool {
        let open = dbus_connection_read_write(raw, timeoutMilliseconds) != 0
        while dbus_connection_dispatch(raw) == DBUS_DISPATCH_DATA_REMAINS {}
        if open { dbus_connection_flush(raw) }
        return open && isConnected
    }
}

/// Where a service's outgoing messages go: its ``BusConnection``, or a test's list.
package protocol MessageSink: AnyObject {
    /// Queues `message` to be sent; returns its serial.
    @discardableResult func send(_ message: BusMessage) -> UInt32
    /// The bytes this process still holds unwritten for `client`, where it has a connection of
    /// its own to it (a peer); `nil` for a client reached through a bus, which only the bus can tell.
    func unwrittenBytes(to client: String) -> Int?
}

extension MessageSink {
    package func unwrittenBytes(to client: String) -> Int? { nil }
}

extension BusConnection: MessageSink {
    /// The bytes queued on this connection and not yet written to its socket.
    package var unwrittenBytes: Int { Int(dbus_connection_get_outgoing_size(raw)) }
}
