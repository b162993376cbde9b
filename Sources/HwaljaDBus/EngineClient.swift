/// A client of the hwalja daemon: what `hwalja-replay --bus`, the benchmark and the tests use.
///
/// Calls block until their reply; signals the daemon sends meanwhile wait in the connection and
/// reach ``onSignal`` in order when ``processSignals(waitingMilliseconds:)`` runs (each call does).
///
/// Signals are believed only from the daemon: the unique bus name its replies come from. Any
/// other connection can send this one a signal that looks like the daemon's (`Committed("…")`),
/// and the bus delivers it whatever the match rules say.
package final class EngineClient: @unchecked Sendable {
    /// A context's answer to a key: what was committed, the whole preedit, whether the key was used.
    package struct KeyResult: Sendable, Equatable {
        package var commit: String
        package var preedit: String
        package var consumed: Bool

        package init(commit: String, preedit: String, consumed: Bool) {
            self.commit = commit
            self.preedit = preedit
            self.consumed = consumed
        }
    }

    /// The connection the calls go over.
    package let connection: BusConnection
    /// Receives each signal from the daemon: member name, object path, arguments.
    package var onSignal: ((String, String, [BusValue]) -> Void)?
    /// The daemon's unique bus name, from its first reply; signals from anyone else are ignored.
    package private(set) var daemonName: String?

    /// How long a call waits for its reply.
    package let timeoutMilliseconds: Int32

    /// Connects to `bus`; each call waits at most `timeoutMilliseconds` for its reply.
    package init(bus: BusConnection.Bus, timeoutMilliseconds: Int32 = 25_000) throws(BusError) {
        self.timeoutMilliseconds = timeoutMilliseconds
        connection = try BusConnection(bus: bus)
        connection.setHandler { [unowned self] message in
            guard message.kind == .signal,
                message.interface == EngineInterface.contextInterface
                    || message.interface == EngineInterface.inputContextInterface,
                let member = message.member, let path = message.path
            else { return false }
            guard let daemonName, message.sender == daemonName else { return true }  // forged: dropped
            onSignal?(member, path, (try? message.arguments()) ?? [])
            return true
        }
    }

    /// Calls `member` on `path` with `arguments`; returns the reply's values or throws the error reply.
    @discardableResult
    package func call(_ path: String, _ interface: String, _ member: String, _ arguments: [BusValue] = [])
        throws(BusError)
        -> [BusValue]
    {
        let message = BusMessage.methodCall(
            destination: EngineInterface.busName, path: path, interface: interface, member: member)
        try message.append(arguments)
        let reply = try connection.call(message, timeoutMilliseconds: timeoutMilliseconds)
        if daemonName == nil || path == EngineInterface.enginePath { daemonName = reply.sender }
        connection.dispatchReceived()  // signals sent before the reply were read with it
        return try reply.arguments()
    }

    /// Creates a context and returns its object path.
    package func createContext(layout: String? = nil) throws(BusError) -> String {
        let reply = try call(
            EngineInterface.enginePath, EngineInterface.engineInterface, "CreateContext",
            layout.map { [.string($0)] } ?? [])
        guard let path = reply.first?.stringValue else { throw .failed("CreateContext returned \(reply)") }
        return path
    }

    /// Destroys one of this client's contexts.
    package func destroyContext(_ path: String) throws(BusError) {
        try call(EngineInterface.enginePath, EngineInterface.engineInterface, "DestroyContext", [.objectPath(path)])
    }

    /// Tells context `path` what this client can do (``EngineInterface/Capability``); returns the
    /// bits the daemon will use.
    @discardableResult
    package func setCapabilities(_ capabilities: UInt32, on path: String) throws(BusError) -> UInt32 {
        let reply = try call(path, EngineInterface.contextInterface, "SetCapabilities", [.uint32(capabilities)])
        guard reply.count == 1, case .uint32(let accepted) = reply[0] else {
            throw .failed("SetCapabilities returned \(reply)")
        }
        return accepted
    }

    /// Sends `PressKey`, `KeyDown` or `KeyUp` (with a key name) or `Backspace` / `NextCharacter` (without).
    package func key(_ member: String, _ key: String? = nil, on path: String) throws(BusError) -> KeyResult {
        try keyResult(member, try call(path, EngineInterface.contextInterface, member, key.map { [.string($0)] } ?? []))
    }

    private func keyResult(_ member: String, _ reply: [BusValue]) throws(BusError) -> KeyResult {
        guard reply.count == 3, let commit = reply[0].stringValue, let preedit = reply[1].stringValue,
            case .boolean(let consumed) = reply[2]
        else { throw .failed("\(member) returned \(reply)") }
        return KeyResult(commit: commit, preedit: preedit, consumed: consumed)
    }

    /// Picks suggestion `index` (`AcceptSuggestion`), answered as a key.
    package func acceptSuggestion(_ index: Int, on path: String) throws(BusError) -> KeyResult {
        try keyResult(
            "AcceptSuggestion",
            try call(path, EngineInterface.contextInterface, "AcceptSuggestion", [.uint32(UInt32(clamping: index))]))
    }

    /// `AcceptCandidate(index)` on the context at `path`: picks a candidate of the conversion key's page.
    package func acceptCandidate(_ index: Int, on path: String) throws(BusError) -> KeyResult {
        try keyResult(
            "AcceptCandidate",
            try call(path, EngineInterface.contextInterface, "AcceptCandidate", [.uint32(UInt32(clamping: index))]))
    }

    /// Hands signals that have arrived to ``onSignal``; waits up to `waitingMilliseconds` for the first.
    package func processSignals(waitingMilliseconds: Int32 = 0) {
        connection.processIncoming(timeoutMilliseconds: waitingMilliseconds)
    }
}
