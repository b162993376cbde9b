/// How much each bus client has been sent and not yet shown it has read, so that one client that
/// never reads cannot fill the bus's queue and freeze the daemon for everyone.
///
/// The bus gives no word of what a client has read. So the daemon asks: once a client has
/// ``Limits/pingEvery`` bytes outstanding it sends it `org.freedesktop.DBus.Peer.Ping` (every
/// D-Bus library answers it by itself); the reply can only come once the client has read
/// everything sent before the ping, which is then no longer outstanding. A client with more than
/// ``Limits/maxUnread`` bytes outstanding is *stalled*: nothing more is sent to it until a ping
/// reply shows it reads again. Pure bookkeeping: the daemon sends and measures.
public struct ClientBacklog: Sendable {
    /// The thresholds, in bytes (approximate wire sizes).
    public struct Limits: Sendable, Equatable {
        /// The most a client may leave unread before the daemon stops writing to it.
        public var maxUnread: Int
        /// How much outstanding output makes the daemon ask whether the client still reads.
        public var pingEvery: Int

        public init(maxUnread: Int = 1 << 20, pingEvery: Int = 16 << 10) {
            self.maxUnread = maxUnread
            self.pingEvery = min(pingEvery, maxUnread / 2)
        }
    }

    /// What to do with one message for a client.
    public struct Verdict: Sendable, Equatable {
        /// Send the message (else drop it).
        public var send: Bool
        /// Send a ping to the client after it, then report it with ``ClientBacklog/pingSent(serial:to:)``.
        public var ping: Bool
        /// The client has just become stalled (say so once, free what it holds).
        public var justStalled: Bool

        public init(send: Bool, ping: Bool, justStalled: Bool) {
            self.send = send
            self.ping = ping
            self.justStalled = justStalled
        }
    }

    private struct Client {
        var sent = 0
        var acknowledged = 0
        var pingSerial: UInt32?
        var pingMark = 0
        var stalled = false
    }

    /// The thresholds in force.
    public var limits: Limits
    private var clients: [String: Client] = [:]
    private var pings: [UInt32: String] = [:]

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Accounts for a message of about `bytes` bytes to `client` and says whether to send it.
    public mutating func admit(bytes: Int, to client: String) -> Verdict {
        var state = clients[client, default: Client()]
        defer { clients[client] = state }
        let needsPing = state.pingSerial == nil
        if state.stalled { return Verdict(send: false, ping: needsPing, justStalled: false) }
        if state.sent - state.acknowledged + bytes > limits.maxUnread {
            state.stalled = true
            return Verdict(send: false, ping: needsPing, justStalled: true)
        }
        state.sent += bytes
        return Verdict(send: true, ping: needsPing && state.sent - state.acknowledged >= limits.pingEvery, justStalled: false)
    }

    /// Records the serial of the ping just sent to `client`.
    public mutating func pingSent(serial: UInt32, to client: String) {
        guard var state = clients[client] else { return }
        state.pingSerial = serial
        state.pingMark = state.sent
        clients[client] = state
        pings[serial] = client
    }

    /// A reply to a ping: what was sent before it has been read. Returns the client if it was
    /// stalled and now reads again; `nil` otherwise (also for a serial that is not a ping's, or a
    /// reply from someone else).
    public mutating func pingAnswered(serial: UInt32, by sender: String) -> String? {
        guard let client = pings[serial], client == sender else { return nil }
        pings[serial] = nil
        guard var state = clients[client] else { return nil }
        state.pingSerial = nil
        state.acknowledged = max(state.acknowledged, state.pingMark)
        let recovered = state.stalled
        state.stalled = false
        clients[client] = state
        return recovered ? client : nil
    }

    /// An error answered a ping (no reply in time, or the client is gone): another may be sent.
    public mutating func pingFailed(serial: UInt32) {
        guard let client = pings.removeValue(forKey: serial) else { return }
        clients[client]?.pingSerial = nil
    }

    /// Whether `serial` is that of a ping awaiting its reply.
    public func isPing(_ serial: UInt32) -> Bool { pings[serial] != nil }

    /// Whether nothing is being sent to `client` until it reads again.
    public func isStalled(_ client: String) -> Bool { clients[client]?.stalled ?? false }

    /// Bytes sent to `client` and not yet known to be read.
    public func unread(by client: String) -> Int {
        clients[client].map { $0.sent - $0.acknowledged } ?? 0
    }

    /// Forgets a client that left the bus.
    public mutating func forget(_ client: String) {
        if let serial = clients.removeValue(forKey: client)?.pingSerial { pings[serial] = nil }
    }
}
