import CDBus

/// A socket that takes private, peer-to-peer D-Bus connections, with no bus in between
/// (`dbus_server_listen`).
///
/// Clients authenticate with `EXTERNAL` only (the kernel's word on their uid, never a cookie
/// file), and libdbus's default rule then admits only the server's own user (and root). Not
/// thread-safe: use it from one serial queue, the one ``acceptPending()`` runs on.
package final class BusServer: @unchecked Sendable {
    let raw: OpaquePointer
    private var watches: [OpaquePointer] = []
    private var onConnection: ((BusConnection) -> Void)?

    /// Listens at `address`, such as `unix:path=/run/user/1000/hwaljad-x/engine`.
    package init(listeningAt address: String) throws(BusError) {
        let server: OpaquePointer? = try withDBusError { dbus_server_listen(address, $0) }
        guard let server else { throw .failed("cannot listen at \(address)") }
        raw = server
        "EXTERNAL".withCString { external in  // libdbus copies the list
            var mechanisms: [UnsafePointer<CChar>?] = [external, nil]
            _ = mechanisms.withUnsafeMutableBufferPointer { dbus_server_set_auth_mechanisms(server, $0.baseAddress) }
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        _ = dbus_server_set_watch_functions(
            raw,
            { watch, data in
                guard let watch, let data else { return 0 }
                Unmanaged<BusServer>.fromOpaque(data).takeUnretainedValue().watches.append(watch)
                return 1
            },
            { watch, data in
                guard let watch, let data else { return }
                Unmanaged<BusServer>.fromOpaque(data).takeUnretainedValue().watches.removeAll { $0 == watch }
            },
            nil, me, nil)
        dbus_server_set_new_connection_function(
            raw,
            { _, connection, data in
                guard let connection, let data else { return }
                let server = Unmanaged<BusServer>.fromOpaque(data).takeUnretainedValue()
                server.onConnection?(BusConnection(adopting: connection))  // closed if nobody keeps it
            },
            me, nil)
    }

    deinit {
        close()
        dbus_server_unref(raw)
    }

    /// Where clients connect, with the server's guid (`dbus_server_get_address`).
    package var address: String {
        guard let text = dbus_server_get_address(raw) else { return "" }
        defer { dbus_free(text) }
        return String(cString: text)
    }

    /// The listening socket, to watch for readability.
    package var fileDescriptor: Int32? { watches.first.map { dbus_watch_get_unix_fd($0) } }

    /// Installs what is given each new connection, authenticated or not yet (it authenticates as
    /// it is read: ``BusDispatcher`` does that).
    package func setConnectionHandler(_ handler: @escaping (BusConnection) -> Void) {
        onConnection = handler
    }

    /// Accepts the connections waiting on the socket (`dbus_watch_handle`); call when it is readable.
    package func acceptPending() {
        for watch in watches where dbus_watch_get_enabled(watch) != 0 {
            _ = dbus_watch_handle(watch, UInt32(DBUS_WATCH_READABLE.rawValue))
        }
    }

    /// Stops listening and removes the socket's file (`dbus_server_disconnect`); connections made stay.
    package func close() {
        if dbus_server_get_is_connected(raw) != 0 { dbus_server_disconnect(raw) }
    }
}
