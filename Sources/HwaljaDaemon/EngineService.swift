import HwaljaCore
import HwaljaDBus
import HwaljaRuntime
import HwaljaSession
import HwaljaTable
import HwaljaTyping

/// The daemon on the bus: turns method calls into calls on its contexts (a ``SessionTable``) and
/// their outcomes into replies and signals. Needs no bus and no clock of its own: give it a
/// ``MessageSink`` and a ``SessionClock`` (the connection and Dispatch in hwaljad, a list and a
/// manual clock in tests).
///
/// Use it from one serial queue, the one the clock fires on: the dispatcher, the timers and the
/// signal handlers all run there, so nothing here needs a lock.
///
/// Every client is a possible adversary: bus signals are believed only from the bus itself, each
/// client may hold ``HwaljaSettings/maxContextsPerClient`` contexts and sees only its own, and
/// everything sent to a client goes through ``ClientFlowControl``, so one that stops reading is
/// cut off instead of freezing the daemon for everyone.
///
/// This file routes and holds the contexts; each interface's methods are in a file of their own
/// (`EngineService+Engine1.swift`, `EngineService+Context1.swift`, `InputContextMethods.swift`).
package final class EngineService: HostedAdapter {
    private let output: any MessageSink
    var settings: HwaljaSettings
    var keymap: Keymap
    /// Each layout's table, the program's (its ``SessionHost``'s).
    let tables: LayoutTables
    private(set) var sessions: SessionTable<DaemonContext>!
    /// The signal templates of the contexts that signalled last.
    var signals = RecentSignals()
    /// What goes to each client, bounded.
    private var flow: ClientFlowControl!
    /// Signals a call produced, with their approximate sizes, sent just before its reply.
    private var pendingSignals: [(message: BusMessage, owner: String, bytes: Int)] = []
    /// Contexts whose suggestions may have changed: looked up after the reply is sent.
    private var suggestionsDue: [Int] = []
    /// What the program gives the service (hwaljad's wiring; ``Program/none`` in tests).
    let program: Program
    /// hwalja-keypad's row of suggestions, which shows the focused input context's (`nil`: none).
    package var keypadLink: KeypadSuggestionLink? {
        get { keypadRow.link }
        set { keypadRow.link = newValue }
    }
    /// Which input context (`InputContext1`) the keypad's row follows: the one whose field has the focus.
    lazy var keypadRow = KeypadRow(
        shown: { [unowned self] number, hanja in sessions.inspect(number) { KeypadRow.Field($0.session, hanja: hanja) }
        },
        tapped: { [unowned self] number, tap in tappedOnKeypad(number, tap) })
    /// A service writing to `output`, its timers on `clock`, typing with `tables`, `settings`
    /// and `keymap`; `program` is everything it needs of the program around it, given once
    /// (``Program/none``: nothing).
    package init(
        output: any MessageSink, clock: any SessionClock, tables: LayoutTables, settings: HwaljaSettings,
        keymap: Keymap, recorder: (any KeystrokeRecording)? = nil, program: Program
    ) {
        self.output = output
        self.program = program
        self.tables = tables
        self.settings = settings
        self.keymap = keymap
        sessions = SessionTable(clock: clock, limitPerOwner: settings.maxContextsPerClient, recorder: recorder) {
            [unowned self] _, number in
            timerFired(number)
        }
        flow = ClientFlowControl(
            output: output, limits: settings.backlog, log: program.log,
            stalled: { [unowned self] client in freeContexts(of: client) },
            scheduleChores: { [unowned self] time in sessions.scheduleChores(at: time) },
            now: { [unowned self] in now })
        sessions.onChores = { [unowned self] in
            flow.recheckStalledClients()
            program.afterTimer()
        }
    }

    /// The hanja files, read in the background for the contexts that show whether their word
    /// converts, arrived: each is told whether it does now (a key typed meanwhile was told no),
    /// and so is the keypad's row.
    package func conversionsPrepared() {
        for number in sessions.numbers where sessions.inspect(number, { $0.hintsConversion }) == true {
            suggestionsMayChange(number)
        }
        queueSuggestions()
        sendPendingSignals()
        keypadRow.refresh()
        program.afterTimer()  // outside any handler, as a timer's work: written now
    }

    /// Milliseconds on the service's clock.
    var now: Int { sessions.now }

    // MARK: Messages

    /// Handles one incoming message; returns whether it was ours.
    package func handle(_ message: BusMessage) -> Bool {
        switch message.kind {
        case .signal:
            handleBusSignal(message)
            return false
        case .methodCall:
            // The sender once a message: libdbus looks it up in the header on every call.
            let caller = message.sender ?? ""
            if flow.isStalled(caller), message.path?.hasPrefix(EngineInterface.enginePath) == true {
                flow.refuse(message, from: caller)
                return true
            }
            guard let reply = route(message, caller: caller) else { return false }
            // Signals first: a client has seen every change a call made when its reply arrives.
            sendPendingSignals()
            if !message.noReplyExpected, !caller.isEmpty {
                flow.deliver(
                    reply, to: caller, bytes: Self.estimatedSize(of: reply, replyingTo: message), isReply: true)
            }
            // Then the suggestions, off the key's answer: a lookup costs more than the key.
            if !suggestionsDue.isEmpty {
                queueSuggestions()
                sendPendingSignals()
            }
            return true
        case .methodReturn, .error:
            return flow.handleCheckAnswer(message)
        default:
            return false
        }
    }

    private static let introspectable = "org.freedesktop.DBus.Introspectable"
    private static let properties = "org.freedesktop.DBus.Properties"

    /// The reply to a method call from `caller` on one of our objects, or `nil` if the call is not for us.
    private func route(_ call: BusMessage, caller: String) -> BusMessage? {
        // The path and the interface are compared as libdbus keeps them: a key's call makes no
        // Swift strings of them (it costs a key that finds the caches cold).
        guard let member = call.member else { return nil }
        do {
            if call.hasInterface(Self.properties) {
                guard let path = call.path else { return nil }
                return try properties(call, path: path, member: member, caller: caller)
            }
            if call.hasInterface(Self.introspectable) {
                guard member == "Introspect", let path = call.path else { return nil }
                try expect(call, "")
                // A client sees its own contexts only, at a cost that does not grow with others'.
                let own = sessions.numbers(ownedBy: caller)
                let takesKeyEvents = { number in self.sessions.inspect(number) { $0.takesKeyEvents } ?? false }
                guard
                    let xml = EngineInterface.introspection(
                        ofPath: path, contexts: own, takingKeyEvents: takesKeyEvents)
                else { return nil }
                return try call.methodReturn([.string(xml)])
            }
            if call.hasPath(EngineInterface.enginePath),
                call.hasInterface(nil) || call.hasInterface(EngineInterface.engineInterface)
            {
                return try engineMethod(call, member: member, caller: caller)
            }
            if let number = EngineInterface.contextNumber(of: call),
                call.hasInterface(nil) || call.hasInterface(EngineInterface.contextInterface)
                    || call.hasInterface(EngineInterface.inputContextInterface)
            {
                // Ownership first, before the arguments: a foreign context's caller learns nothing more.
                let kind = try inspectContext(number, caller) { $0.interface }
                guard call.hasInterface(nil) || call.hasInterface(kind) else { return nil }
                return kind == EngineInterface.inputContextInterface
                    ? try inputContextMethod(call, number: number, member: member, caller: caller)
                    : try contextMethod(call, number: number, member: member, caller: caller)
            }
            return nil
        } catch let error as BusError {
            return call.errorReply(error)
        } catch {
            return call.errorReply(.failed("\(error)"))
        }
    }

    /// Queues `SuggestionsChanged` for each context whose suggestions changed since last shown,
    /// and `ConversionAvailable` for each whose word now converts or no longer does.
    private func queueSuggestions() {
        for number in suggestionsDue {
            let update = sessions.withAny(number) { context -> ([SessionAction], Bool?) in
                let actions = context.session.suggestionsUpdate()
                guard context.hintsConversion else { return (actions, nil) }
                let converts = context.session.convertsWord
                guard converts != context.conversionHinted else { return (actions, nil) }
                context.conversionHinted = converts
                return (actions, converts)
            }
            guard let (actions, converts) = update else { continue }
            queueSignals(for: actions, context: number)
            if let converts { queueSignal(number, .conversionAvailable, [.boolean(converts)]) }
        }
        suggestionsDue.removeAll(keepingCapacity: true)
    }

    /// Notes that context `number`'s suggestions, or whether its word converts, may have changed
    /// (``queueSuggestions()`` looks), if its client gets signals and shows either.
    func suggestionsMayChange(_ number: Int) {
        guard !suggestionsDue.contains(number),
            sessions.inspect(number, { $0.getsSignals && (program.wordSuggestions != nil || $0.hintsConversion) })
                == true
        else { return }
        suggestionsDue.append(number)
    }

    // MARK: Signals and timers

    /// Queues signal `member` of context `number` to go out before the reply (or at once, from a timer).
    func queueSignal(_ number: Int, _ member: ContextSignals.Member, _ values: [BusValue], carrying text: String = "") {
        let templates = signals.signals(of: number) {
            guard let owner = sessions.owner(of: number), let interface = sessions.inspect(number, { $0.interface })
            else { return nil }
            return ContextSignals(path: EngineInterface.contextPath(number), interface: interface, owner: owner)
        }
        guard let templates, let signal = templates.signal(member, values) else { return }
        pendingSignals.append((signal, templates.owner, ContextSignals.size + text.utf8.count))
    }

    func sendPendingSignals() {
        for (signal, owner, bytes) in pendingSignals { flow.deliver(signal, to: owner, bytes: bytes, isReply: false) }
        pendingSignals.removeAll(keepingCapacity: true)
    }

    private func timerFired(_ number: Int) {
        let time = now
        let fired: (TypingContext.Outcome?, [SessionAction])? = sessions.withAny(number) { context in
            context.takesKeyEvents
                ? (nil, context.session.advance(to: time)) : (context.session.typing.advance(to: time), [])
        }
        guard let (outcome, actions) = fired else { return }
        if let outcome { signalTimerOutcome(outcome, context: number) }
        queueSignals(for: actions, context: number)
        queueSuggestions()
        sendPendingSignals()
        program.afterTimer()
    }

    private func handleBusSignal(_ signal: BusMessage) {
        if keypadLink?.handle(signal) == true { return }  // the keypad came, went, or a suggestion was tapped
        // Signals addressed to this connection arrive whatever its match rules say: believe only
        // the bus itself (a client cannot forge the sender, which the bus sets).
        guard signal.sender == "org.freedesktop.DBus", signal.path == "/org/freedesktop/DBus",
            signal.interface == "org.freedesktop.DBus", let arguments = try? signal.arguments()
        else { return }
        switch signal.member {
        case "NameOwnerChanged":
            // A client that leaves the bus loses its contexts.
            guard arguments.count == 3, let name = arguments[0].stringValue, name.hasPrefix(":"),
                arguments[2].stringValue == ""
            else { return }
            clientLeft(name)
        case "NameLost":
            guard arguments.first?.stringValue == EngineInterface.busName else { return }
            program.log("another daemon took \(EngineInterface.busName) (--replace); exiting")
            program.nameLost()
        default:
            return
        }
    }

    /// A client went (left the bus, or closed its peer connection): its contexts are freed.
    package func clientLeft(_ client: String) {
        freeContexts(of: client)
        flow.forget(client)
    }

    /// Frees every context of `client`; returns how many.
    @discardableResult
    private func freeContexts(of client: String) -> Int {
        let numbers = sessions.removeAll(ownedBy: client)
        if !numbers.isEmpty { forgetContexts(numbers) }
        return numbers.count
    }

    /// Forgets what is kept about contexts that were removed, and gives memory back.
    func forgetContexts(_ numbers: [Int]) {
        signals.forget(numbers)
        keypadFocusGone(numbers)
        program.contextsFreed()
    }

    /// The size `reply` to `call` reaches its client at: known for a key's reply
    /// (``BusMessage/deliveredSize``), else an estimate generous for its header and text (an
    /// error's message is at most a few hundred bytes; introspection data a few KiB), without
    /// parsing the reply again. Not generous for a key: each ``ClientBacklog/Limits/checkEvery``
    /// bytes costs a bus round trip, and 512 bytes a key made every 32nd key wait for one.
    private static func estimatedSize(of reply: BusMessage, replyingTo call: BusMessage) -> Int {
        reply.deliveredSize ?? (call.hasMember("Introspect") ? 4096 : 512)
    }

    // MARK: Table reload

    /// Switches to newly loaded tables (one per layout): new contexts take them from
    /// ``LayoutTables`` at once, existing ones of the same layout when their syllable ends.
    package func reload(_ tables: [TransitionTable]) {
        sessions.update { context in
            for table in tables { context.session.typing.replaceTable(table) }
        }
    }

    /// Takes settings the user changed: new contexts get them all; existing ones their timing,
    /// SPACE and keymap from the next key on (a keymap the client chose with `SetKeymap` stays),
    /// and every client the new limits.
    package func apply(_ settings: HwaljaSettings, keymap: Keymap) {
        self.settings = settings
        self.keymap = keymap
        sessions.limitPerOwner = settings.maxContextsPerClient
        flow.limits = settings.backlog
        sessions.update { context in
            // Open contexts take the settings' keymap too, unless their client chose one.
            context.session.apply(settings, resolved: keymap, keepsKeymap: context.keymapChosenByClient)
        }
    }

    // MARK: Helpers

    /// Runs `body` on context `number`'s typing if `caller` owns it.
    func onTyping<T>(_ number: Int, _ caller: String, _ body: (inout TypingContext) -> T) throws(BusError) -> T {
        try onContext(number, caller) { body(&$0.session.typing) }
    }

    /// Runs `body` on context `number` if `caller` owns it.
    func onContext<T>(_ number: Int, _ caller: String, _ body: (inout DaemonContext) -> T) throws(BusError) -> T {
        try refusalToBusError { () throws(ContextRegistry<DaemonContext>.Refusal) in
            try sessions.with(number, caller: caller, body)
        }
    }

    /// What `body` reads of context `number` if `caller` owns it, changing nothing (no timer is re-set).
    func inspectContext<T>(_ number: Int, _ caller: String, _ body: (DaemonContext) -> T) throws(BusError) -> T {
        try refusalToBusError { () throws(ContextRegistry<DaemonContext>.Refusal) in
            try sessions.inspect(number, caller: caller, body)
        }
    }

    func refusalToBusError<T>(_ body: () throws(ContextRegistry<DaemonContext>.Refusal) -> T) throws(BusError)
        -> T
    {
        do {
            return try body()
        } catch {
            switch error {
            case .noSuchContext(let number):
                throw BusError(
                    name: EngineInterface.ErrorName.noSuchContext,
                    message:
                        "no context \(EngineInterface.contextPath(number)): destroyed or never created; call CreateContext"
                )
            case .accessDenied(let number, _):
                throw BusError(
                    name: EngineInterface.ErrorName.accessDenied,
                    message:
                        "context \(EngineInterface.contextPath(number)) belongs to another client; create your own with CreateContext"
                )
            case .limitExceeded(_, let limit):
                throw BusError(
                    name: EngineInterface.ErrorName.limitExceeded,
                    message:
                        "this client already holds \(limit) contexts, the most allowed (max-contexts); destroy one first"
                )
            }
        }
    }

    func expect(_ call: BusMessage, _ signature: String) throws(BusError) {
        guard call.signature == signature else {
            throw BusError(
                name: EngineInterface.ErrorName.invalidArgs,
                // at most 255 bytes: the bus refuses longer
                message: "\(call.member ?? "the method") takes (\(signature)), got (\(call.signature))"
            )
        }
    }
}
