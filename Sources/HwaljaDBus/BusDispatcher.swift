import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// Drives a ``BusConnection`` for a serial `DispatchQueue`: a queue of its own waits for the
/// bus socket, then reads, dispatches every message to the handler and writes the replies
/// *synchronously on that queue*.
///
/// Everything the handler touches thus runs serialised with the timers and signal sources the
/// daemon puts on the same queue: no locks. Waiting on a queue of its own and entering the queue
/// with `sync` (which runs on the calling thread when the queue is idle) avoids the thread hop of
/// a Dispatch read source, which doubled the round trip of a method call (see hwalja-bus-bench).
public final class BusDispatcher: @unchecked Sendable {
    private let connection: BusConnection
    private let queue: DispatchQueue
    private let descriptor: Int32
    private let wake: (read: Int32, write: Int32)
    private let onDisconnect: @Sendable () -> Void

    /// Starts watching `connection` for `queue`; `onDisconnect` runs once, on the queue, if the bus goes away.
    public init(connection: BusConnection, queue: DispatchQueue, onDisconnect: @escaping @Sendable () -> Void) throws(BusError) {
        guard let descriptor = connection.fileDescriptor else { throw .failed("the bus connection has no socket to watch") }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw .failed("cannot make a wake-up pipe: \(String(cString: strerror(errno)))") }
        self.connection = connection
        self.queue = queue
        self.descriptor = descriptor
        self.wake = (pipeEnds[0], pipeEnds[1])
        self.onDisconnect = onDisconnect
        DispatchQueue(label: "org.hwalja.bus-wait").async { [self] in run() }
    }

    /// Stops watching the connection.
    public func cancel() {
        _ = write(wake.write, "x", 1)
    }

    private func run() {
        // Messages may already be buffered from the connection's set-up.
        var open = process()
        var watched = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
        while open {
            let ready = poll(&watched, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            if watched[1].revents != 0 { return }
            open = process()
        }
        queue.async(execute: onDisconnect)
    }

    /// Processes what has arrived, on the queue. The non-generic `sync` spares a generic metadata look-up per message.
    private func process() -> Bool {
        var open = false
        queue.sync { open = connection.processIncoming() }
        return open
    }
}
