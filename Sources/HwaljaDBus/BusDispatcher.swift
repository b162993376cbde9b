import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// Drives a ``BusConnection`` for a serial `DispatchQueue`: a thread of its own waits for the bus
/// socket, then reads, dispatches every message to the handler and writes the replies
/// *synchronously on that queue*.
///
/// Everything the handler touches thus runs serialised with the timers and signal sources the
/// daemon puts on the same queue: no locks. Waiting on a queue of its own and entering the queue
/// with `sync` (which runs on the calling thread when the queue is idle) avoids the thread hop of
/// a Dispatch read source, which doubled the round trip of a method call (see hwalja-bus-bench).
///
/// Writing never blocks: what the socket does not take at once stays queued in libdbus and is
/// written when `poll` says the socket is writable again, so a bus that is slow to read from the
/// daemon delays its output without stopping it from reading calls, timers or signals.
package final class BusDispatcher: @unchecked Sendable {
    private let connection: BusConnection
    private let queue: DispatchQueue
    private let descriptor: Int32
    private let wake: (read: Int32, write: Int32)
    private let onDisconnect: @Sendable () -> Void
    private let afterMessages: (() -> Void)?

    private static let stopByte: UInt8 = 0x78  // "x"
    private static let writeByte: UInt8 = 0x77  // "w"

    /// Starts watching `connection` for `queue`; `onDisconnect` runs once, on the queue, if the bus
    /// goes away. `afterMessages` runs on the queue after each batch of messages was handled and
    /// the answers written: for work that must not delay an answer.
    package init(
        connection: BusConnection, queue: DispatchQueue, afterMessages: (() -> Void)? = nil,
        onDisconnect: @escaping @Sendable () -> Void
    ) throws(BusError) {
        guard let descriptor = connection.fileDescriptor else {
            throw .failed("the bus connection has no socket to watch")
        }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            throw .failed("cannot make a wake-up pipe: \(String(cString: strerror(errno)))")
        }
        for end in pipeEnds {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        self.connection = connection
        self.queue = queue
        self.descriptor = descriptor
        self.wake = (pipeEnds[0], pipeEnds[1])
        self.onDisconnect = onDisconnect
        self.afterMessages = afterMessages
        connection.followReadWatch()  // before anything reads the connection: the waiting thread starts below
        DispatchQueue(label: "org.hwalja.bus-wait").async { [self] in run() }
    }

    deinit {
        close(wake.read)
        close(wake.write)
    }

    /// Stops watching the connection.
    package func cancel() {
        var byte = Self.stopByte
        _ = write(wake.write, &byte, 1)
    }

    /// Writes what messages sent outside a dispatch (from a timer, say) the socket takes now, and
    /// has the rest written when it is writable. Call on the queue.
    package func sendQueued() {
        let outputPending = connection.pump().outputPending  // reads and handles what came meanwhile too
        afterMessages?()
        guard outputPending else { return }
        var byte = Self.writeByte
        _ = write(wake.write, &byte, 1)  // the waiting thread then watches for writability too
    }

    /// Has what was sent written once the handler now running returns, by the waiting thread.
    /// For messages sent from inside another message's handler, on any connection: pumping a
    /// connection there (``sendQueued()``) would dispatch again inside a dispatch, which libdbus
    /// does not allow (it waits for itself), or run a handler inside another.
    package func writeSoon() {
        var byte = Self.writeByte
        _ = write(wake.write, &byte, 1)
    }

    private func run() {
        var (open, outputPending) = (true, connection.hasOutputPending)
        var watched = [
            pollfd(fd: descriptor, events: 0, revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)
        ]
        while open {
            // libdbus reads the socket in blocking calls and flushes too (the set-up's RequestName,
            // say): what it read waits in its queue, and nothing more may come to wake the poll.
            var readable = false
            if !connection.hasMessagesToDispatch {
                watched[0].events = Int16(POLLIN) | (outputPending ? Int16(POLLOUT) : 0)
                let ready = poll(&watched, 2, -1)
                if ready < 0 && errno == EINTR { continue }
                if watched[1].revents != 0 && drainWakeUps() { return }
                readable = watched[0].revents == Int16(POLLIN)
            }
            (open, outputPending) = process(readable: readable)
        }
        queue.async(execute: onDisconnect)
    }

    /// Empties the wake-up pipe; returns whether it asked to stop.
    private func drainWakeUps() -> Bool {
        var bytes = [UInt8](repeating: 0, count: 64)
        var stop = false
        while true {
            let count = read(wake.read, &bytes, bytes.count)
            guard count > 0 else { return stop }
            if bytes[0..<count].contains(Self.stopByte) { stop = true }
        }
    }

    /// Processes what has arrived, on the queue. The non-generic `sync` spares a generic metadata look-up per message.
    private func process(readable: Bool) -> (open: Bool, outputPending: Bool) {
        var result = (open: false, outputPending: false)
        queue.sync {
            result = connection.pump(readable: readable)
            afterMessages?()
        }
        return result
    }
}
