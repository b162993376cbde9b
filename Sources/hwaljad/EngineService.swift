import Dispatch
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import HwaljaCore
import HwaljaDBus
import HwaljaEngine
import HwaljaRuntime
import HwaljaTable

/// The daemon on the bus: turns method calls into ``TypingContext`` calls and their outcomes into
/// replies and signals, and runs each context's timer with Dispatch.
///
/// Confined to `queue`: the bus dispatcher, the timers and the signal handlers all run there, so
/// nothing here needs a lock.
final class EngineService: @unchecked Sendable {
    private let connection: BusConnection
    private let queue: DispatchQueue
    private let settings: DaemonSettings
    private let recorder: KeystrokeRecorder?
    private var loaded: TableLoader.Loaded
    private var registry = ContextRegistry<TypingContext>()
    private var signals: [Int: ContextSignals] = [:]
    private var timers: ContextTimers!
    /// Signals a call produced, sent just before its reply.
    private var pendingSignals: [BusMessage] = []

    init(connection: BusConnection, queue: DispatchQueue, table: TableLoader.Loaded, settings: DaemonSettings, recorder: KeystrokeRecorder?) {
        self.connection = connection
        self.queue = queue
        self.loaded = table
        self.settings = settings
        self.recorder = recorder
        timers = ContextTimers(queue: queue) { [unowned self] number in timerFired(number) }
    }

    /// Milliseconds since the daemon started, on the monotonic clock.
    private var now: Int { timers.now }

    /// Number of live contexts.
    var contextCount: Int { registry.count }

    // MARK: Messages

    /// Handles one incoming message; returns whether it was ours.
    func handle(_ message: BusMessage) -> Bool {
        switch message.kind {
        case .signal:
            handleBusSignal(message)
            return false
        case .methodCall:
            guard let reply = route(message) else { return false }
            // Signals first: a client has seen every change a call made when its reply arrives.
            for signal in pendingSignals { connection.send(signal) }
            pendingSignals.removeAll(keepingCapacity: true)
            if !message.noReplyExpected { connection.send(reply) }
            return true
        default:
            return false
        }
    }

    /// The reply to a method call on one of our objects, or `nil` if the call is not for us.
    private func route(_ call: BusMessage) -> BusMessage? {
        guard let path = call.path, let member = call.member else { return nil }
        let interface = call.interface
        do {
            switch (interface, member) {
            case ("org.freedesktop.DBus.Introspectable", "Introspect"):
                try expect(call, "")
                guard let xml = EngineInterface.introspection(ofPath: path, contexts: registry.numbers) else { return nil }
                return try call.methodReturn([.string(xml)])
            case ("org.freedesktop.DBus.Properties", _):
                return try properties(call, path: path, member: member)
            default:
                break
            }
            if path == EngineInterface.enginePath, interface == nil || interface == EngineInterface.engineInterface {
                return try engineMethod(call, member: member)
            }
            if let number = EngineInterface.contextNumber(inPath: path),
                interface == nil || interface == EngineInterface.contextInterface
            {
                return try contextMethod(call, number: number, member: member)
            }
            return nil
        } catch let error as BusError {
            return call.errorReply(error)
        } catch {
            return call.errorReply(.failed("\(error)"))
        }
    }

    private func engineMethod(_ call: BusMessage, member: String) throws -> BusMessage? {
        let caller = call.sender ?? ""
        switch member {
        case "CreateContext":
            try expect(call, "")
            let context = TypingContext(table: loaded.table, options: settings.composer, timing: settings.timing)
            let number = registry.add(context, owner: caller)
            signals[number] = ContextSignals(path: EngineInterface.contextPath(number), owner: caller)
            return try call.methodReturn([.objectPath(EngineInterface.contextPath(number))])
        case "DestroyContext":
            try expect(call, "o")
            let path = try call.arguments()[0].stringValue ?? ""
            guard let number = EngineInterface.contextNumber(inPath: path) else {
                throw BusError(name: EngineInterface.ErrorName.noSuchContext, message: "\(path) is not a context's path")
            }
            try refusalToBusError { () throws(ContextRegistry<TypingContext>.Refusal) in try registry.remove(number, caller: caller) }
            forget(number)
            return try call.methodReturn()
        default:
            return nil
        }
    }

    private func contextMethod(_ call: BusMessage, number: Int, member: String) throws -> BusMessage? {
        let caller = call.sender ?? ""
        let time = now
        let outcome: TypingContext.Outcome
        try checkOwner(number, caller)  // before the arguments: a foreign context's caller learns nothing more
        switch member {
        case "PressKey", "KeyDown", "KeyUp":
            try expect(call, "s")
            let key = try parseKey(try call.arguments()[0].stringValue ?? "")
            outcome = try onContext(number, caller) { context in
                switch member {
                case "PressKey": context.tap(key, at: time)
                case "KeyDown": context.keyDown(key, at: time)
                default: context.keyUp(key, at: time)
                }
            }
            if let recorder {
                let events: [(Bool, Key)] =
                    switch member {
                    case "PressKey": [(true, key), (false, key)]
                    case "KeyDown": [(true, key)]
                    default: [(false, key)]
                    }
                recorder.record(context: number, at: time, events)
            }
        case "Backspace", "NextCharacter":
            try expect(call, "")
            let key: Key = member == "Backspace" ? .backspace : .next
            outcome = try onContext(number, caller) { $0.tap(key, at: time) }
            recorder?.record(context: number, at: time, [(true, key), (false, key)])
        case "Commit":
            try expect(call, "")
            let result = try onContext(number, caller) { $0.commit() }
            emitSignals(for: result, context: number)
            rearm(number)
            return try call.methodReturn([.string(result.commit)])
        case "Reset":
            try expect(call, "")
            let result = try onContext(number, caller) { $0.reset() }
            emitSignals(for: result, context: number)
            rearm(number)
            return try call.methodReturn()
        default:
            return nil
        }
        emitSignals(for: outcome, context: number)
        rearm(number)
        return try call.methodReturn([.string(outcome.commit), .string(outcome.preedit), .boolean(outcome.consumed)])
    }

    private func properties(_ call: BusMessage, path: String, member: String) throws -> BusMessage? {
        let arguments = try call.arguments()
        let all: [String: BusValue]
        let interface: String
        if path == EngineInterface.enginePath {
            interface = EngineInterface.engineInterface
            all = [
                "Version": .string(hwaljaVersion),
                "TableInfo": .stringVariantDictionary([
                    "format-version": .uint32(1),
                    "transitions": .uint32(UInt32(loaded.table.transitionCount)),
                    "live-pairs": .uint32(UInt32(loaded.table.livePairCount)),
                    "checksum": .string(Checksum.hexadecimal(loaded.checksum)),
                    "path": .string(loaded.path),
                ]),
            ]
        } else if let number = EngineInterface.contextNumber(inPath: path) {
            interface = EngineInterface.contextInterface
            let preedit = try onContext(number, call.sender ?? "") { $0.preedit }
            all = ["Preedit": .string(preedit)]
        } else {
            return nil
        }
        switch member {
        case "GetAll":
            try expect(call, "s")
            let asked = arguments[0].stringValue ?? ""
            return try call.methodReturn([.stringVariantDictionary(asked == interface || asked.isEmpty ? all : [:])])
        case "Get":
            try expect(call, "ss")
            let name = arguments[1].stringValue ?? ""
            guard arguments[0].stringValue == interface || arguments[0].stringValue == "", let value = all[name] else {
                throw BusError.invalidArgs("no property \(arguments[0].stringValue ?? "").\(name) on \(path)")
            }
            return try call.methodReturn([.variant(value)])
        case "Set":
            throw BusError(name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: "hwalja's properties are read-only")
        default:
            return nil
        }
    }

    // MARK: Signals and timers

    private func emitSignals(for outcome: TypingContext.Outcome, context number: Int) {
        guard let templates = signals[number] else { return }
        if !outcome.commit.isEmpty { pendingSignals.append(templates.committed(outcome.commit)) }
        for key in outcome.passedKeys { pendingSignals.append(templates.keyNotConsumed(key.name)) }
        if outcome.preeditChanged { pendingSignals.append(templates.preeditChanged(outcome.preedit)) }
    }

    /// Schedules context `number`'s timer for its next deadline, or stops it.
    private func rearm(_ number: Int) {
        timers.set(number, deadline: registry.withAny(number, { $0.deadline }) ?? nil)
    }

    private func timerFired(_ number: Int) {
        guard let outcome = registry.withAny(number, { $0.advance(to: now) }) else { return }
        emitSignals(for: outcome, context: number)
        for signal in pendingSignals { connection.send(signal) }
        pendingSignals.removeAll(keepingCapacity: true)
        connection.flush()
        rearm(number)
    }

    private func forget(_ number: Int) {
        signals[number] = nil
        timers.cancel(number)
        recorder?.close(context: number)
    }

    private func handleBusSignal(_ signal: BusMessage) {
        guard signal.interface == "org.freedesktop.DBus", let arguments = try? signal.arguments() else { return }
        switch signal.member {
        case "NameOwnerChanged":
            // A client that leaves the bus loses its contexts.
            guard arguments.count == 3, let name = arguments[0].stringValue, name.hasPrefix(":"),
                arguments[2].stringValue == ""
            else { return }
            for number in registry.removeAll(ownedBy: name) { forget(number) }
        case "NameLost":
            guard arguments.first?.stringValue == EngineInterface.busName else { return }
            log("another daemon took \(EngineInterface.busName) (--replace); exiting")
            Glibc.exit(0)
        default:
            return
        }
    }

    // MARK: Table reload

    /// Switches to a newly loaded table: new contexts use it at once, existing ones when their syllable ends.
    func reload(_ table: TableLoader.Loaded) {
        loaded = table
        registry.update { $0.replaceTable(table.table) }
    }

    // MARK: Helpers

    private func onContext<T>(_ number: Int, _ caller: String, _ body: (inout TypingContext) -> T) throws(BusError) -> T {
        try refusalToBusError { () throws(ContextRegistry<TypingContext>.Refusal) in try registry.with(number, caller: caller, body) }
    }

    private func checkOwner(_ number: Int, _ caller: String) throws(BusError) {
        try refusalToBusError { () throws(ContextRegistry<TypingContext>.Refusal) in try registry.check(number, caller: caller) }
    }

    private func refusalToBusError<T>(_ body: () throws(ContextRegistry<TypingContext>.Refusal) -> T) throws(BusError) -> T {
        do {
            return try body()
        } catch {
            switch error {
            case .noSuchContext(let number):
                throw BusError(
                    name: EngineInterface.ErrorName.noSuchContext,
                    message: "no context \(EngineInterface.contextPath(number)): destroyed or never created; call CreateContext"
                )
            case .accessDenied(let number, _):
                throw BusError(
                    name: EngineInterface.ErrorName.accessDenied,
                    message: "context \(EngineInterface.contextPath(number)) belongs to another client; create your own with CreateContext"
                )
            }
        }
    }

    private func parseKey(_ token: String) throws(BusError) -> Key {
        guard let key = Key(token: token) else {
            throw BusError(
                name: EngineInterface.ErrorName.unknownKey,
                message: "unknown key \(Excerpt.quoted(token)); keys are \(Key.tokenSummary)"
            )
        }
        return key
    }

    private func expect(_ call: BusMessage, _ signature: String) throws(BusError) {
        guard call.signature == signature else {
            throw BusError(
                name: EngineInterface.ErrorName.invalidArgs,
                message: "\(call.member ?? "the method") takes (\(signature)), got (\(call.signature))"
            )
        }
    }
}
