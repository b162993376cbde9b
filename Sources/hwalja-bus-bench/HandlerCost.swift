import Glibc
import HwaljaCore
import HwaljaDBus
import HwaljaDaemon
import HwaljaRuntime
import HwaljaSession
import HwaljaTyping

/// What hwaljad's handler costs a key with no bus around it: ``EngineService`` answering
/// `Context1.PressKey` in this process, beside the echo service's handler answering `Echo`, each
/// timed warm (the same call over and over) and with the caches flushed before each call (a sweep
/// through twice the last-level cache), as a key finds them after a pause or after other programs
/// ran on its CPU; a flushed call is then read as libdbus reads one that came in, as in hwaljad.
/// The calls are built once; replies go to a sink that keeps nothing.
enum HandlerCost {
    struct Figures {
        var pressWarm: Duration, pressCold: Duration, echoWarm: Duration, echoCold: Duration
    }

    static let warmCalls = 20_000
    static let coldCalls = 400

    static func measure(table path: String, keys: [String]) throws -> Figures {
        let sink = DiscardingSink()
        let service = EngineService(
            output: sink, clock: ManualClock(),
            tables: LayoutTables(TableLoader.Everything(main: try TableLoader.load(path: path))),
            settings: HwaljaSettings(), keymap: .phone,
            // As in hwaljad, whose suggestions are there for the clients that ask (the bench's client does not).
            program: .none(wordSuggestions: WordSuggestions(suggester: nil)))
        let caller = ":1.9"
        let create = try BusMessage.incomingCall(
            sender: caller, serial: 1, path: EngineInterface.enginePath, interface: EngineInterface.engineInterface,
            member: "CreateContext")
        guard service.handle(create), let path = sink.lastReply?.stringArgument else {
            throw BusError.failed("the service made no context")
        }
        let presses = try keys.enumerated().map { index, key in
            try BusMessage.incomingCall(
                sender: caller, serial: UInt32(index + 2), path: path, interface: EngineInterface.contextInterface,
                member: "PressKey", [.string(key)])
        }
        let echo = try BusMessage.incomingCall(
            sender: caller, serial: 1, path: "/", interface: BusBenchmark.echoName, member: "Echo", [.string("ㄱㅋ")])
        // The call each measured call handles, set before it (untimed): warm, the message as it
        // was built; cold, after the flush, read anew as a connection reads a call that came in,
        // so that the handler finds in the caches what reading the call left there (libdbus's
        // parsing code, the call's bytes), as in hwaljad.
        var incoming = echo
        let press = { (_: Int) in
            guard service.handle(incoming) else { preconditionFailure("hwaljad's service refused PressKey") }
        }
        let answerEcho = { (_: Int) in
            guard let reply = BusBenchmark.echoReply(to: incoming) else {
                preconditionFailure("the echo handler refused Echo")
            }
            _ = sink.send(reply)
        }
        let takePress = { (index: Int) in incoming = presses[index % presses.count] }
        let takeEcho = { (_: Int) in incoming = echo }
        var flusher = CacheFlusher()
        let readAfterFlush = { (call: BusMessage) in
            flusher.flush()
            guard let read = try? call.reread() else { preconditionFailure("libdbus could not read a call back") }
            incoming = read
        }
        let readPress = { (index: Int) in readAfterFlush(presses[index % presses.count]) }
        let readEcho = { (_: Int) in readAfterFlush(echo) }
        for index in 0..<2_000 {
            takePress(index)
            press(index)
            takeEcho(index)
            answerEcho(index)
        }
        guard sink.errors == 0 else {
            throw BusError.failed("hwaljad's service answered \(sink.errors) calls with an error")
        }
        let figures = Figures(
            pressWarm: median(warmCalls, press, before: takePress),
            pressCold: median(coldCalls, press, before: readPress),
            echoWarm: median(warmCalls, answerEcho, before: takeEcho),
            echoCold: median(coldCalls, answerEcho, before: readEcho))
        guard sink.errors == 0 else {
            throw BusError.failed("hwaljad's service answered \(sink.errors) calls with an error")
        }
        return figures
    }

    /// The median time of `count` calls of `body`, each after `before` (not timed). The clock
    /// is the monotonic one, read without a system call (a thread's CPU clock takes one, which
    /// would cost as much as the echo); the median leaves out the calls another program interrupted.
    static func median(_ count: Int, _ body: (Int) -> Void, before: (Int) -> Void) -> Duration {
        let clock = ContinuousClock()
        var times: [Duration] = []
        times.reserveCapacity(count)
        for index in 0..<count {
            before(index)
            times.append(clock.measure { body(index) })
        }
        return BusBenchmark.percentile(times, 50)
    }

    /// Replies are kept one at a time, not sent; the client has nothing unread (a peer's sink says so), so
    /// the service never asks a bus how much waits.
    final class DiscardingSink: MessageSink {
        private(set) var lastReply: BusMessage?
        private(set) var errors = 0

        func send(_ message: BusMessage) -> UInt32 {
            if message.kind == .error { errors += 1 }
            lastReply = message
            return 1
        }

        func unwrittenBytes(to client: String) -> Int? { 0 }
    }

    /// Evicts this process's code and data from the caches: writes one byte in every cache line
    /// of a buffer twice the size of the last-level cache (64 MiB at least).
    struct CacheFlusher {
        private var buffer: [UInt8]

        init() {
            let lastLevel = max(sysconf(Int32(_SC_LEVEL3_CACHE_SIZE)), sysconf(Int32(_SC_LEVEL2_CACHE_SIZE)), 0)
            buffer = [UInt8](repeating: 0, count: max(2 * lastLevel, 64 << 20))
        }

        mutating func flush() {
            buffer.withUnsafeMutableBufferPointer { bytes in
                // kept: the buffer outlives the sweep
                for index in stride(from: 0, to: bytes.count, by: 64) { bytes[index] &+= 1 }
            }
        }
    }
}

extension BusMessage {
    /// The first argument, if it is a string or an object path.
    fileprivate var stringArgument: String? { (try? arguments())?.first?.stringValue }
}
