import Dispatch

/// Drives a ``BusConnection`` from a serial `DispatchQueue`: when its socket becomes readable
/// the queue reads, dispatches every message to the handler and writes the replies.
///
/// Everything the handler touches then runs on that one queue, beside the timers and signal
/// sources the daemon puts there: no locks. (libdbus's watch functions would also let it wait
/// for writability; messages here are small and local, so a flush after each batch suffices.)
public final class BusDispatcher: @unchecked Sendable {
    private let connection: BusConnection
    private let source: any DispatchSourceRead

    /// Starts watching `connection` on `queue`; `onDisconnect` runs once if the bus goes away.
    public init(connection: BusConnection, queue: DispatchQueue, onDisconnect: @escaping @Sendable () -> Void) throws(BusError) {
        guard let descriptor = connection.fileDescriptor else { throw .failed("the bus connection has no socket to watch") }
        self.connection = connection
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { [connection, source] in
            if !connection.processIncoming() {
                source.cancel()
                onDisconnect()
            }
        }
        source.activate()
        // Messages may already be buffered from the connection's set-up.
        queue.async { [connection] in connection.processIncoming() }
    }

    /// Stops watching the connection.
    public func cancel() {
        source.cancel()
    }
}
