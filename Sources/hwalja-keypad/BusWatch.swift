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
