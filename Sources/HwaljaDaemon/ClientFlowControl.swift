import HwaljaDBus
import HwaljaTyping

/// hwaljad's flow control: what goes to each client goes through here, so that one that stops
/// reading is cut off instead of freezing the daemon for everyone (``ClientBacklog`` keeps the
/// counts; this sends, checks and answers). Never silence: a stalled client's calls are answered
/// ``notReading(maxUnread:)``, at once while what it has unread allows, else once
/// it reads again.
///
/// Used on the service's queue, as the service is.
final class ClientFlowControl {
    private let output: any MessageSink
    private var backlog: ClientBacklog
    /// Whether the bus answers `GetConnectionStats` (until it refuses once).
    private var busReportsQueues = true
    /// The serials of checks asked of the bus, not of the client.
    private var busChecks: Set<UInt32> = []
    /// The calls of stalled clients still to answer, by client: answered once each reads again.
    private var unanswered: [String: [UInt32]] = [:]
    private let log: (String) -> Void
    /// A client has just stalled: frees what it holds and returns how many contexts.
    private let stalled: (_ client: String) -> Int
    /// Arms the chores' timer for a time in ms (`nil`: none), which then calls ``recheckStalledClients()``.
    private let scheduleChores: (Int?) -> Void
    /// Milliseconds on the service's clock.
    private let now: () -> Int

    init(
        output: any MessageSink, limits: ClientBacklog.Limits, log: @escaping (String) -> Void,
        stalled: @escaping (_ client: String) -> Int, scheduleChores: @escaping (Int?) -> Void,
        now: @escaping () -> Int
    ) {
        self.output = output
        self.backlog = ClientBacklog(limits: limits)
        self.log = log
        self.stalled = stalled
        self.scheduleChores = scheduleChores
        self.now = now
    }

    /// The thresholds in force (max-unread-kib): a change applies to every client at once.
    var limits: ClientBacklog.Limits {
        get { backlog.limits }
        set { backlog.limits = newValue }
    }

    /// Whether `client` is stalled: its calls are refused (``refuse(_:from:)``).
    func isStalled(_ client: String) -> Bool { backlog.isStalled(client) }

    /// A client went: nothing is kept of it.
    func forget(_ client: String) {
        backlog.forget(client)
        unanswered[client] = nil
        busChecks = busChecks.filter { backlog.client(ofCheck: $0) != nil }
    }

    /// Sends `message` to `client` unless the client has left too much unread: then its signals
    /// are dropped and its calls answered with ``notReading(maxUnread:)``; the first time, its
    /// contexts are freed and one line says so. Checks now and then how much the client has read.
    func deliver(_ message: BusMessage, to client: String, bytes: Int, isReply: Bool) {
        let verdict = backlog.admit(bytes: bytes, to: client, isReply: isReply)
        if verdict.send { output.send(message) }
        if verdict.justStalled {
            let freed = stalled(client)
            log(
                "client \(client) left over \(backlog.limits.maxUnread >> 10) KiB unread: its calls get \(EngineInterface.ErrorName.notReading) until it reads again (freed its \(freed) contexts; max-unread-kib)"
            )
        }
        if verdict.check { check(client) }
    }

    /// Never silence: a stalled client's call is answered `NotReading`, at once while what it has
    /// unread allows (``ClientBacklog/Limits/hardLimit``), else when it reads again.
    func refuse(_ call: BusMessage, from client: String) {
        guard !call.noReplyExpected else { return }
        let error = call.errorReply(Self.notReading(maxUnread: backlog.limits.maxUnread))
        let verdict = backlog.admit(bytes: Self.errorSize, to: client, isReply: true)
        if verdict.send {
            output.send(error)
        } else if unanswered[client, default: []].count < Self.maxUnanswered {
            unanswered[client, default: []].append(call.serial)
            if unanswered.count == 1 { scheduleChores(now() + Self.recheckInterval) }
        }
        if verdict.check { check(client) }
    }

    /// The approximate wire size of a `NotReading` error.
    private static let errorSize = 320
    /// The most calls of one client kept to answer late (a session bus lets a client wait for 50,000).
    private static let maxUnanswered = 65_536
    /// How often a stalled client with calls to answer is checked, in milliseconds.
    private static let recheckInterval = 500

    /// The chores' timer: checks each stalled client with calls to answer, and answers them once it reads.
    func recheckStalledClients() {
        for client in unanswered.keys where !backlog.isChecking(client) { check(client) }
        scheduleChores(unanswered.isEmpty ? nil : now() + Self.recheckInterval)
    }

    /// A stalled client read what waited: it is served again, and its calls not yet answered get `NotReading`.
    private func readsAgain(_ client: String) {
        log("client \(client) reads again")
        for serial in unanswered.removeValue(forKey: client) ?? [] {
            let error = BusMessage.error(
                Self.notReading(maxUnread: backlog.limits.maxUnread), replyingTo: serial, destination: client)
            deliver(error, to: client, bytes: Self.errorSize, isReply: true)
        }
    }

    /// Asks how much of what was sent to `client` still waits: its own connection's queue for a
    /// peer, else the bus (dbus-daemon's connection statistics), else the client itself (a ping).
    private func check(_ client: String) {
        if let unwritten = output.unwrittenBytes(to: client) {
            if backlog.measured(client, queued: unwritten) { readsAgain(client) }
            return
        }
        if busReportsQueues {
            let ask = BusMessage.methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus.Debug.Stats",
                member: "GetConnectionStats")
            try? ask.append([.string(client)])
            let serial = output.send(ask)
            busChecks.insert(serial)
            backlog.checkSent(serial: serial, to: client)
        } else {
            let ping = BusMessage.methodCall(
                destination: client, path: "/", interface: "org.freedesktop.DBus.Peer", member: "Ping")
            backlog.checkSent(serial: output.send(ping), to: client)
        }
    }

    /// The answer to one of our checks: how much its client had not read.
    func handleCheckAnswer(_ message: BusMessage) -> Bool {
        let serial = message.replySerial
        guard let client = backlog.client(ofCheck: serial) else { return false }
        let askedBus = busChecks.remove(serial) != nil
        // Believe the bus about the bus, the client about itself.
        guard message.sender == (askedBus ? "org.freedesktop.DBus" : client) else { return true }
        if message.kind == .error {
            backlog.checkFailed(serial: serial)
            if askedBus, message.errorName != "org.freedesktop.DBus.Error.NameHasNoOwner" {
                // This bus keeps no statistics (dbus-broker; a dbus-daemon built without them, or
                // whose policy refuses them): ask the clients themselves from now on.
                busReportsQueues = false
                log(
                    "the bus does not report clients' queues (\(message.errorName ?? "an error")): checking clients with Ping"
                )
            }
            return true
        }
        let queued = askedBus ? Self.outgoingBytes(in: message) : 0
        if let (client, recovered) = backlog.checked(serial: serial, queued: queued), recovered { readsAgain(client) }
        return true
    }

    /// `OutgoingBytes` of a `GetConnectionStats` reply: what the bus holds for the client, unread.
    private static func outgoingBytes(in reply: BusMessage) -> Int {
        guard case .array(_, let entries)? = try? reply.arguments().first else { return Int.max / 4 }
        for case .dictEntry(.string("OutgoingBytes"), .variant(.uint32(let bytes))) in entries { return Int(bytes) }
        return Int.max / 4  // an answer without it says nothing was read
    }

    /// The error a stalled client's calls get.
    static func notReading(maxUnread: Int) -> BusError {
        BusError(
            name: EngineInterface.ErrorName.notReading,
            message:
                "this client left over \(maxUnread >> 10) KiB of hwaljad's messages unread, so its contexts were freed; read your connection (each reply and signal), then call again and create new contexts"
        )
    }
}
