import HwaljaTyping

/// How much each bus client has been sent and not yet shown to have read, so that one client that
/// never reads cannot fill the bus's queues and freeze the daemon for everyone, while one that
/// reads is served forever, whether or not it dispatches what it reads.
///
/// The daemon does not see a client's socket, so it checks now and then: once a client has
/// ``Limits/checkEvery`` bytes not known to be read, the daemon asks (``Verdict/check``) how much
/// of it still waits. It asks the bus first (dbus-daemon's
/// `org.freedesktop.DBus.Debug.Stats.GetConnectionStats`: the bytes queued for the client,
/// answered by the bus whatever the client does), or the connection itself for a peer of its own;
/// where neither can say, it sends the client `org.freedesktop.DBus.Peer.Ping`, whose reply can
/// only come once the client has read everything sent before it. A client with more than
/// ``Limits/maxUnread`` bytes waiting is *stalled*: it is sent no signal, and each of its calls
/// gets a short error instead of an answer, until a check shows it reads again. Pure
/// bookkeeping: the daemon sends and measures.
package struct ClientBacklog: Sendable {
    /// The thresholds, in bytes (approximate wire sizes): a setting's value (`max-unread-kib`).
    package typealias Limits = OutputLimits

    /// What to do with one message for a client.
    package struct Verdict: Sendable, Equatable {
        /// Send the message (else drop it).
        package var send: Bool
        /// Check how much the client has read, then report it with ``checkSent(serial:to:)``
        /// (or at once with ``measured(_:queued:)``).
        package var check: Bool
        /// The client has just become stalled (say so once, free what it holds).
        package var justStalled: Bool

        package init(send: Bool, check: Bool, justStalled: Bool) {
            self.send = send
            self.check = check
            self.justStalled = justStalled
        }
    }

    private struct Client {
        var sent = 0
        var acknowledged = 0
        /// The serial of the check awaiting its answer.
        var checkSerial: UInt32?
        /// ``sent`` when that check went.
        var checkMark = 0
        var stalled = false
    }

    /// The thresholds in force.
    package var limits: Limits
    private var clients: [String: Client] = [:]
    private var checks: [UInt32: String] = [:]

    package init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Accounts for a message of about `bytes` bytes to `client` and says whether to send it. A
    /// reply (`isReply`) still goes to a client that has just stalled, and a stalled client's
    /// error replies go up to ``Limits/hardLimit``; its signals do not.
    package mutating func admit(bytes: Int, to client: String, isReply: Bool) -> Verdict {
        // one look-up, in place
        Self.admit(bytes: bytes, isReply: isReply, limits: limits, to: &clients[client, default: Client()])
    }

    private static func admit(bytes: Int, isReply: Bool, limits: Limits, to state: inout Client) -> Verdict {
        let unchecked = state.checkSerial == nil
        var justStalled = false
        if !state.stalled && state.sent - state.acknowledged + bytes > limits.maxUnread {
            state.stalled = true
            justStalled = true
        }
        if state.stalled {
            let send = isReply && state.sent - state.acknowledged + bytes <= limits.hardLimit
            if send { state.sent += bytes }
            return Verdict(send: send, check: unchecked, justStalled: justStalled)
        }
        state.sent += bytes
        return Verdict(
            send: true, check: unchecked && state.sent - state.acknowledged >= limits.checkEvery, justStalled: false)
    }

    /// Records the serial of the check (a question to the bus, or a ping) just sent about `client`.
    package mutating func checkSent(serial: UInt32, to client: String) {
        guard var state = clients[client] else { return }
        state.checkSerial = serial
        state.checkMark = state.sent
        clients[client] = state
        checks[serial] = client
    }

    /// The answer to check `serial`: of what was sent to its client before the check, `queued`
    /// bytes still wait (0 for a ping's reply). Returns the client and whether it was stalled
    /// and now reads again; `nil` for a serial that is no check's.
    package mutating func checked(serial: UInt32, queued: Int) -> (client: String, recovered: Bool)? {
        guard let client = checks.removeValue(forKey: serial), var state = clients[client] else { return nil }
        state.checkSerial = nil
        state.acknowledged = max(state.acknowledged, state.checkMark - max(0, queued))
        let recovered = settle(&state)
        clients[client] = state
        return (client, recovered)
    }

    /// `queued` bytes are all that still wait for `client`, measured at once (a peer connection of
    /// the daemon's own). Returns whether it was stalled and now reads again.
    package mutating func measured(_ client: String, queued: Int) -> Bool {
        guard var state = clients[client] else { return false }
        state.acknowledged = max(state.acknowledged, state.sent - max(0, queued))
        let recovered = settle(&state)
        clients[client] = state
        return recovered
    }

    /// A stalled client whose unread bytes are back under half the limit is served again.
    private func settle(_ state: inout Client) -> Bool {
        guard state.stalled, state.sent - state.acknowledged <= limits.maxUnread / 2 else { return false }
        state.stalled = false
        return true
    }

    /// The client check `serial` is about, if it awaits its answer.
    package func client(ofCheck serial: UInt32) -> String? { checks[serial] }

    /// No answer to check `serial` (no reply in time, the client is gone, the bus cannot say):
    /// another may be sent.
    package mutating func checkFailed(serial: UInt32) {
        guard let client = checks.removeValue(forKey: serial) else { return }
        clients[client]?.checkSerial = nil
    }

    /// Whether a check about `client` awaits its answer.
    package func isChecking(_ client: String) -> Bool { clients[client]?.checkSerial != nil }

    /// Whether `client` is served no more until it reads again.
    package func isStalled(_ client: String) -> Bool { clients[client]?.stalled ?? false }

    /// Bytes sent to `client` and not yet known to be read.
    package func unread(by client: String) -> Int {
        clients[client].map { $0.sent - $0.acknowledged } ?? 0
    }

    /// Forgets a client that left the bus.
    package mutating func forget(_ client: String) {
        if let serial = clients.removeValue(forKey: client)?.checkSerial { checks[serial] = nil }
    }
}
