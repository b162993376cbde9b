import CGtk
import HwaljaDBus

/// Reads what arrives on `connection` in GTK's main loop (a GLib watch on its socket), handing it
/// to the connection's handler; once the connection is closed, stops watching and calls
/// `onClosed`.
func watchInMainLoop(_ connection: BusConnection, onClosed: @escaping () -> Void) {
    guard let descriptor = connection.fileDescriptor else { return onClosed() }
    let watch = Unmanaged.passRetained(BusWatch(connection: connection, onClosed: onClosed)).toOpaque()
    let conditions = GIOCondition(G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue)
    g_unix_fd_add(descriptor, conditions, BusWatch.readable, watch)
}

private final class BusWatch {
    let connection: BusConnection
    let onClosed: () -> Void

    init(connection: BusConnection, onClosed: @escaping () -> Void) {
        self.connection = connection
        self.onClosed = onClosed
    }

    static let readable: @convention(c) (Int32, GIOCondition, gpointer?) -> gboolean = { _, _, pointer in
        guard let pointer else { return 0 }
        let watch = Unmanaged<BusWatch>.fromOpaque(pointer)
        guard watch.takeUnretainedValue().connection.processIncoming() else {
            watch.takeUnretainedValue().onClosed()
            watch.release()
            return 0  // G_SOURCE_REMOVE
        }
        return 1
    }
}

/// A connection of its own to the session bus that owns `name`, its messages handed to
/// `handler` in GTK's main loop; throws if the bus cannot be reached or another program has the name.
func ownOnSessionBus(_ name: String, handler: @escaping (BusMessage) -> Bool) throws(BusError) -> BusConnection {
    guard let bus = BusConnection.Bus.existingSession else {
        throw BusError(
            name: "org.freedesktop.DBus.Error.NoServer",
            message: "no session bus (neither DBUS_SESSION_BUS_ADDRESS nor $XDG_RUNTIME_DIR/bus)")
    }
    let connection = try BusConnection(bus: bus)
    guard try connection.requestName(name, allowReplacement: false, replaceExisting: false) == .primaryOwner else {
        throw BusError(name: "org.freedesktop.DBus.Error.AddressInUse", message: "another program owns \(name)")
    }
    connection.setHandler(handler)
    watchInMainLoop(connection) { warn("the session bus closed \(name)'s connection") }
    return connection
}

/// Sends `reply` to `call` at once, unless its caller asked for none.
func answer(_ call: BusMessage, with reply: BusMessage?, on connection: BusConnection) {
    guard let reply, !call.noReplyExpected else { return }
    connection.send(reply)
    connection.flush()
}
