import HwaljaCore
import HwaljaDBus
import HwaljaEngine
import HwaljaFrontend
import HwaljaRuntime
import HwaljaTable

/// The daemon on the bus: turns method calls into calls on its contexts (a ``Frontend``) and
/// their outcomes into replies and signals. Needs no bus and no clock of its own: give it a
/// ``MessageSink`` and a ``FrontendClock`` (the connection and Dispatch in hwaljad, a list and a
/// manual clock in tests).
///
/// Use it from one serial queue, the one the clock fires on: the dispatcher, the timers and the
/// signal handlers all run there, so nothing here needs a lock.
///
/// Every client is a possible adversary: bus signals are believed only from the bus itself, each
/// client may hold ``DaemonSettings/maxContextsPerClient`` contexts and sees only its own, and
/// everything sent to a client goes through its ``ClientBacklog``, so one that stops reading is
/// cut off instead of freezing the daemon for everyone.
public final class EngineService: HostedFrontend {
    private let output: any MessageSink
    private var settings: DaemonSettings
    private var keymap: Keymap
    /// Each layout's table, the program's (its ``FrontendHost``'s).
    private let tables: LayoutTables
    private(set) var frontend: Frontend<DaemonContext>!
    /// The signal templates of the contexts that signalled last.
    private var signals = RecentSignals()
    private var backlog: ClientBacklog
    /// Whether the bus answers `GetConnectionStats` (until it refuses once).
    private var busReportsQueues = true
    /// The serials of checks asked of the bus, not of the client.
    private var busChecks: Set<UInt32> = []
    /// The calls of stalled clients still to answer, by client: answered once each reads again.
    private var unanswered: [String: [UInt32]] = [:]
    /// Signals a call produced, with their approximate sizes, sent just before its reply.
    private var pendingSignals: [(message: BusMessage, owner: String, bytes: Int)] = []
    /// Contexts whose suggestions may have changed: looked up after the reply is sent.
    private var suggestionsDue: [Int] = []
    /// What the program gives the service (hwaljad's wiring; ``Program/none`` in tests).
    let program: Program
    /// hwalja-keypad's row of suggestions, which shows the focused input context's (`nil`: none).
    public var keypadLink: KeypadSuggestionLink? {
        get { keypadRow.link }
        set { keypadRow.link = newValue }
    }
    /// Which input context (`InputContext1`) the keypad's row follows: the one whose field has the focus.
    lazy var keypadRow: KeypadRow = {
        let row = KeypadRow { [unowned self] number in
            frontend.inspect(number) { $0.session.suggestions.map(\.text) } ?? []
        }
        row.chosen = { [unowned self] number, index, word in acceptChosenOnKeypad(number, index, word) }
        return row
    }()
    /// A service writing to `output`, its timers on `clock`, typing with `tables`, `settings`
    /// and `keymap`; `program` is everything it needs of the program around it, given once
    /// (``Program/none``: nothing).
    public init(
        output: any MessageSink, clock: any FrontendClock, tables: LayoutTables, settings: DaemonSettings,
        keymap: Keymap, recorder: (any KeystrokeRecording)? = nil, program: Program
    ) {
        self.output = output
        self.program = program
        self.tables = tables
        self.settings = settings
        self.keymap = keymap
        backlog = ClientBacklog(limits: settings.backlog)
        frontend = Frontend(clock: clock, limitPerOwner: settings.maxContextsPerClient, recorder: recorder) {
            [unowned self] _, number in
            timerFired(number)
        }
        frontend.onChores = { [unowned self] in recheckStalledClients() }
    }

    /// Milliseconds on the service's clock.
    var now: Int { frontend.now }

    // MARK: Messages

    /// Handles one incoming message; returns whether it was ours.
    public func handle(_ message: BusMessage) -> Bool {
        switch message.kind {
        case .signal:
            handleBusSignal(message)
            return false
        case .methodCall:
            // The sender once a message: libdbus looks it up in the header on every call.
            let caller = message.sender ?? ""
            if backlog.isStalled(caller), message.path?.hasPrefix(EngineInterface.enginePath) == true {
                refuse(message, from: caller)
                return true
            }
            guard let reply = route(message, caller: caller) else { return false }
            // Signals first: a client has seen every change a call made when its reply arrives.
            sendPendingSignals()
            if !message.noReplyExpected, !caller.isEmpty {
                deliver(reply, to: caller, bytes: Self.estimatedSize(of: reply, replyingTo: message), isReply: true)
            }
            // Then the suggestions, off the key's answer: a lookup costs more than the key.
            if !suggestionsDue.isEmpty {
                queueSuggestions()
                sendPendingSignals()
            }
            return true
        case .methodReturn, .error:
            return handleCheckAnswer(message)
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
                let own = frontend.numbers(ownedBy: caller)
                let takesKeyEvents = { number in self.frontend.inspect(number) { $0.takesKeyEvents } ?? false }
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

    private func engineMethod(_ call: BusMessage, member: String, caller: String) throws -> BusMessage? {
        switch member {
        case "CreateContext", "CreateInputContext":
            // No argument: the settings' layout; one string: the layout's name.
            guard call.signature == "" || call.signature == "s" else {
                throw BusError(
                    name: EngineInterface.ErrorName.invalidArgs,
                    message: "\(member) takes () or (s), got (\(call.signature))")
            }
            let layout =
                call.signature == "s" ? try parseLayout(try call.arguments()[0].stringValue ?? "") : settings.layout
            let session = InputSession(
                table: try table(of: layout), settings: settings, resolved: keymap, onFocusLoss: .sessionCommits,
                wordSuggestions: program.wordSuggestions)
            let takesKeyEvents = member == "CreateInputContext"
            let context = DaemonContext(session: session, takesKeyEvents: takesKeyEvents)
            let number = try refusalToBusError { () throws(ContextRegistry<DaemonContext>.Refusal) in
                try frontend.add(context, owner: caller)
            }
            return try call.methodReturn([.objectPath(EngineInterface.contextPath(number))])
        case "DestroyContext":
            try expect(call, "o")
            let path = try call.arguments()[0].stringValue ?? ""
            guard let number = EngineInterface.contextNumber(inPath: path) else {
                throw BusError(
                    name: EngineInterface.ErrorName.noSuchContext,
                    message: "\(Excerpt.quoted(path)) is not a context's path")
            }
            try refusalToBusError { () throws(ContextRegistry<DaemonContext>.Refusal) in
                try frontend.remove(number, caller: caller)
            }
            forgetContexts([number])
            return try call.methodReturn()
        case "GetPeerAddress":
            try expect(call, "")
            return try call.methodReturn([.string(program.peerAddress)])
        case "GetSettings":
            try expect(call, "")
            let entries: [BusValue] = DaemonSettings.catalogue.map { setting in
                .structure([
                    .string(setting.name), .string(settings.value(of: setting.name) ?? ""),
                    .string(setting.defaultValue),
                    .string(setting.kind.name), .string(setting.summary),
                    .array(elementSignature: "s", setting.kind.allowed.map(BusValue.string))
                ])
            }
            return try call.methodReturn([.array(elementSignature: "(sssssas)", entries)])
        case "SetSetting":
            try expect(call, "ss")
            let arguments = try call.arguments()
            let name = arguments[0].stringValue ?? ""
            let value = arguments[1].stringValue ?? ""
            var checked = settings
            do {
                try checked.set(name, to: value)
            } catch .unknownSetting {
                throw BusError(
                    name: EngineInterface.ErrorName.unknownSetting,
                    message:
                        "no setting \(Excerpt.quoted(name, limit: 32)) (settings: \(DaemonSettings.names.joined(separator: ", ")))"
                )
            } catch {
                throw BusError(
                    name: EngineInterface.ErrorName.invalidSetting,
                    message:
                        "\(Excerpt.quoted(value)) is not a valid \(name) (\(DaemonSettings.setting(named: name)?.kind.summary ?? ""))"
                )
            }
            if let problem = program.writeSetting(name, value) { throw BusError.failed(Excerpt.shortened(problem)) }
            program.log("set \(name) = \(Excerpt.quoted(value)), as \(caller) asked")
            return try call.methodReturn()
        case "ForgetLearnedWords":
            try expect(call, "")
            program.wordSuggestions?.forgetLearnedWords()
            if let problem = program.forgetLearnedWords() { throw BusError.failed(Excerpt.shortened(problem)) }
            program.log("forgot the learned words, as \(caller) asked")
            return try call.methodReturn()
        default:
            return nil
        }
    }

    /// Runs method `member` of context `number` (`org.hwalja.Context1`), whose owner the caller is,
    /// or returns `nil` if there is no such method.
    private func contextMethod(_ call: BusMessage, number: Int, member: String, caller: String) throws -> BusMessage? {
        let time = now
        let outcome: TypingContext.Outcome
        switch member {
        case "PressKey", "KeyDown", "KeyUp", "KeyUpLongPressed":
            try expect(call, "s")
            let token = call.firstString ?? ""
            // One look-up of the context a key: its layout reads the token, then it types the key.
            let typed = try onTyping(number, caller) { context -> Result<(Key, TypingContext.Outcome), BusError> in
                Result { () throws(BusError) in
                    let key = try parseKey(token, layout: context.layout)
                    switch member {
                    case "PressKey": return (key, context.tap(key, at: time))
                    case "KeyDown": return (key, context.keyDown(key, at: time))
                    case "KeyUpLongPressed": return (key, context.keyUpLongPressed(key, at: time))
                    default: return (key, context.keyUp(key, at: time))
                    }
                }
            }
            let key: Key
            (key, outcome) = try typed.get()
            if frontend.recorder != nil {
                let events: [(Bool, Key)] =
                    switch member {
                    case "PressKey": [(true, key), (false, key)]
                    case "KeyDown": [(true, key)]
                    default: [(false, key)]
                    }
                frontend.record(number, events)
            }
        case "Backspace", "NextCharacter":
            try expect(call, "")
            let key: Key = member == "Backspace" ? .backspace : .next
            outcome = try onTyping(number, caller) { $0.tap(key, at: time) }
            frontend.record(number, [(true, key), (false, key)])
        case "SetCapabilities":
            try expect(call, "u")
            guard case .uint32(let asked) = try call.arguments()[0] else {
                // the signature was checked: never
                throw BusError(name: EngineInterface.ErrorName.invalidArgs, message: "SetCapabilities takes (u)")
            }
            let accepted = asked & EngineInterface.Capability.known
            try onContext(number, caller) { context in
                context.session.typing.clientCanDelete = accepted & EngineInterface.Capability.deleteBeforeCursor != 0
                context.learnsWords = accepted & EngineInterface.Capability.learnWords != 0
                context.readsSignals = accepted & EngineInterface.Capability.signals != 0
            }
            return try call.methodReturn([.uint32(accepted)])
        case "AcceptSuggestion":
            try expect(call, "u")
            let index = Int(try call.arguments()[0].uint32Value ?? 0)
            outcome = try onContext(number, caller) { context in
                // An index no longer shown (the suggestions changed meanwhile) is a key with no effect.
                context.session.pickSuggestion(index) ?? .declined(preedit: context.session.typing.preedit)
            }
        case "Commit":
            try expect(call, "")
            let result = try onTyping(number, caller) { $0.commit() }
            learnWords(endedBy: result, context: number)
            suggestionsMayChange(number)
            return try call.methodReturn([.string(result.commit)])
        case "Reset":
            try expect(call, "")
            _ = try onTyping(number, caller) { $0.reset() }
            suggestionsMayChange(number)
            return try call.methodReturn()
        default:
            return nil
        }
        let commit = queueSignalsBeforeReply(for: outcome, context: number)
        learnWords(endedBy: outcome, context: number)
        suggestionsMayChange(number)
        return try call.methodReturn([.string(commit), .string(outcome.preedit), .boolean(outcome.consumed)])
    }

    /// What a call on a key-name context did goes in its reply, one message, except what a reply
    /// cannot carry: a deletion, or a key a timer declined. Those, and the text inserted before
    /// them, go as signals just before the reply. Returns the reply's commit: the text inserted
    /// after the last of them (all of it, in the usual case).
    private func queueSignalsBeforeReply(for outcome: TypingContext.Outcome, context number: Int) -> String {
        if outcome.retract == 0 && (outcome.passed.isEmpty || (outcome.passed.count == 1 && outcome.ownKeyDeclined)) {
            return outcome.commit
        }
        var trailing = ""
        outcome.forEachEdit(withoutOwnKey: true) { edit in
            switch edit {
            case .insert(let text):
                trailing += text
            case .delete, .key:
                if !trailing.isEmpty { queueSignal(for: .insert(trailing), context: number) }
                trailing = ""
                queueSignal(for: edit, context: number)
            }
        }
        return trailing
    }

    /// Queues `SuggestionsChanged` for each context whose suggestions changed since last shown.
    private func queueSuggestions() {
        for number in suggestionsDue {
            guard let actions = frontend.withAny(number, { $0.session.suggestionsUpdate() }) else { continue }
            queueSignals(for: actions, context: number)
        }
        suggestionsDue.removeAll(keepingCapacity: true)
    }

    /// Notes that context `number`'s suggestions may have changed (``queueSuggestions()`` looks),
    /// if its client gets signals.
    func suggestionsMayChange(_ number: Int) {
        guard program.wordSuggestions != nil, !suggestionsDue.contains(number),
            frontend.inspect(number, { $0.getsSignals }) == true
        else { return }
        suggestionsDue.append(number)
    }

    private func properties(_ call: BusMessage, path: String, member: String, caller: String) throws -> BusMessage? {
        let arguments = try call.arguments()
        let all: [String: BusValue]
        let interface: String
        if path == EngineInterface.enginePath {
            interface = EngineInterface.engineInterface
            all = [
                "Version": .string(hwaljaVersion),
                "TableInfo": .stringVariantDictionary([
                    "format-version": .uint32(UInt32(TableFile.formatVersion)),
                    "transitions": Self.transitionCount(tables.main.table),
                    "live-pairs": Self.livePairCount(tables.main.table),
                    "checksum": .string(Checksum.hexadecimal(tables.main.checksum)),
                    "path": .string(tables.main.path),
                    "layouts": layoutTableInfo()
                ])
            ]
        } else if let number = EngineInterface.contextNumber(inPath: path) {
            let (kind, preedit, suggestions) = try onContext(number, caller) { context in
                // A client that takes no signals learns its suggestions here: they are looked up now.
                if !context.getsSignals { _ = context.session.suggestionsUpdate() }
                return (context.interface, context.session.typing.preedit, context.session.suggestions.map(\.text))
            }
            interface = kind
            all =
                kind == EngineInterface.contextInterface
                ? ["Preedit": .string(preedit), "Suggestions": .stringArray(suggestions)]
                : ["Suggestions": .stringArray(suggestions)]
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
                let asked = (arguments[0].stringValue ?? "") + "." + name
                throw BusError.invalidArgs("no property \(Excerpt.quoted(asked)) on \(path)")
            }
            return try call.methodReturn([.variant(value)])
        case "Set":
            throw BusError(
                name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: "hwalja's properties are read-only")
        default:
            return nil
        }
    }

    // MARK: Signals and timers

    /// Signals what a timer did to key-name context `number` (a client that reads signals; for
    /// others no timer is armed).
    private func signalTimerOutcome(_ outcome: TypingContext.Outcome, context number: Int) {
        outcome.forEachEdit { edit in queueSignal(for: edit, context: number) }
        if outcome.preeditChanged {
            queueSignal(number, .preeditChanged, [.string(outcome.preedit)], carrying: outcome.preedit)
        }
        learnWords(endedBy: outcome, context: number)
        suggestionsMayChange(number)
    }

    /// Queues the `org.hwalja.Context1` signal of one edit.
    private func queueSignal(for edit: TypingContext.Outcome.Edit, context number: Int) {
        switch edit {
        case .delete(let count): queueSignal(number, .deleteBeforeCursor, [.uint32(UInt32(clamping: count))])
        case .insert(let text): queueSignal(number, .committed, [.string(text)], carrying: text)
        case .key(let key): queueSignal(number, .keyNotConsumed, [.string(key.name)], carrying: key.name)
        }
    }

    /// Learns the words `outcome` ended, if context `number`'s client asked.
    private func learnWords(endedBy outcome: TypingContext.Outcome, context number: Int) {
        guard !outcome.endedWords.isEmpty else { return }
        frontend.withAny(number) { context in
            if context.learnsWords { context.session.learnWords(endedBy: outcome) }
        }
    }

    /// Queues signal `member` of context `number` to go out before the reply (or at once, from a timer).
    func queueSignal(_ number: Int, _ member: ContextSignals.Member, _ values: [BusValue], carrying text: String = "") {
        let templates = signals.signals(of: number) {
            guard let owner = frontend.owner(of: number), let interface = frontend.inspect(number, { $0.interface })
            else { return nil }
            return ContextSignals(path: EngineInterface.contextPath(number), interface: interface, owner: owner)
        }
        guard let templates, let signal = templates.signal(member, values) else { return }
        pendingSignals.append((signal, templates.owner, ContextSignals.size + text.utf8.count))
    }

    func sendPendingSignals() {
        for (signal, owner, bytes) in pendingSignals { deliver(signal, to: owner, bytes: bytes, isReply: false) }
        pendingSignals.removeAll(keepingCapacity: true)
    }

    private func timerFired(_ number: Int) {
        let time = now
        let fired: (TypingContext.Outcome?, [FrontendAction])? = frontend.withAny(number) { context in
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

    // MARK: Output to each client, bounded

    /// Sends `message` to `client` unless the client has left too much unread: then its signals
    /// are dropped and its calls answered with ``notReading(maxUnread:)``; the first time, its
    /// contexts are freed and one line says so. Checks now and then how much the client has read.
    private func deliver(_ message: BusMessage, to client: String, bytes: Int, isReply: Bool) {
        let verdict = backlog.admit(bytes: bytes, to: client, isReply: isReply)
        if verdict.send { output.send(message) }
        if verdict.justStalled {
            let freed = freeContexts(of: client)
            program.log(
                "client \(client) left over \(backlog.limits.maxUnread >> 10) KiB unread: its calls get \(EngineInterface.ErrorName.notReading) until it reads again (freed its \(freed) contexts; max-unread-kib)"
            )
        }
        if verdict.check { check(client) }
    }

    /// Never silence: a stalled client's call is answered `NotReading`, at once while what it has
    /// unread allows (``ClientBacklog/Limits/hardLimit``), else when it reads again.
    private func refuse(_ call: BusMessage, from client: String) {
        guard !call.noReplyExpected else { return }
        let error = call.errorReply(Self.notReading(maxUnread: backlog.limits.maxUnread))
        let verdict = backlog.admit(bytes: Self.errorSize, to: client, isReply: true)
        if verdict.send {
            output.send(error)
        } else if unanswered[client, default: []].count < Self.maxUnanswered {
            unanswered[client, default: []].append(call.serial)
            if unanswered.count == 1 { frontend.scheduleChores(at: now + Self.recheckInterval) }
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
    private func recheckStalledClients() {
        for client in unanswered.keys where !backlog.isChecking(client) { check(client) }
        program.afterTimer()
        frontend.scheduleChores(at: unanswered.isEmpty ? nil : now + Self.recheckInterval)
    }

    /// A stalled client read what waited: it is served again, and its calls not yet answered get `NotReading`.
    private func readsAgain(_ client: String) {
        program.log("client \(client) reads again")
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
    private func handleCheckAnswer(_ message: BusMessage) -> Bool {
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
                program.log(
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

    /// A client went (left the bus, or closed its peer connection): its contexts are freed.
    public func clientLeft(_ client: String) {
        freeContexts(of: client)
        backlog.forget(client)
        unanswered[client] = nil
        busChecks = busChecks.filter { backlog.client(ofCheck: $0) != nil }
    }

    /// Frees every context of `client`; returns how many.
    @discardableResult
    private func freeContexts(of client: String) -> Int {
        let numbers = frontend.removeAll(ownedBy: client)
        if !numbers.isEmpty { forgetContexts(numbers) }
        return numbers.count
    }

    /// Forgets what is kept about contexts that were removed, and gives memory back.
    private func forgetContexts(_ numbers: [Int]) {
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
    public func reload(_ tables: [TransitionTable]) {
        frontend.update { context in
            for table in tables { context.session.typing.replaceTable(table) }
        }
    }

    /// Takes settings the user changed: new contexts get them all; existing ones their timing,
    /// SPACE and keymap from the next key on (a keymap the client chose with `SetKeymap` stays),
    /// and every client the new limits.
    public func apply(_ settings: DaemonSettings, keymap: Keymap) {
        self.settings = settings
        self.keymap = keymap
        frontend.limitPerOwner = settings.maxContextsPerClient
        backlog.limits = settings.backlog
        frontend.update { context in
            // Open contexts take the settings' keymap too, unless their client chose one.
            context.session.apply(settings, resolved: keymap, keepsKeymap: context.keymapChosenByClient)
        }
    }

    // MARK: Helpers

    /// Runs `body` on context `number`'s typing if `caller` owns it.
    private func onTyping<T>(_ number: Int, _ caller: String, _ body: (inout TypingContext) -> T) throws(BusError) -> T
    {
        try onContext(number, caller) { body(&$0.session.typing) }
    }

    /// Runs `body` on context `number` if `caller` owns it.
    func onContext<T>(_ number: Int, _ caller: String, _ body: (inout DaemonContext) -> T) throws(BusError) -> T {
        try refusalToBusError { () throws(ContextRegistry<DaemonContext>.Refusal) in
            try frontend.with(number, caller: caller, body)
        }
    }

    /// What `body` reads of context `number` if `caller` owns it, changing nothing (no timer is re-set).
    func inspectContext<T>(_ number: Int, _ caller: String, _ body: (DaemonContext) -> T) throws(BusError) -> T {
        try refusalToBusError { () throws(ContextRegistry<DaemonContext>.Refusal) in
            try frontend.inspect(number, caller: caller, body)
        }
    }

    private func refusalToBusError<T>(_ body: () throws(ContextRegistry<DaemonContext>.Refusal) -> T) throws(BusError)
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

    private func parseKey(_ token: String, layout: KeyboardLayout) throws(BusError) -> Key {
        let key = layout == .cheonjiin ? Key(token: token) : layout.key(token: token)
        guard let key else {
            let keys = layout == .cheonjiin ? Key.tokenSummary : layout.tokenSummary
            throw BusError(
                name: EngineInterface.ErrorName.unknownKey,
                message: "unknown \(layout.name) key \(Excerpt.quoted(token)); keys are \(keys)"
            )
        }
        return key
    }

    private func parseLayout(_ name: String) throws(BusError) -> KeyboardLayout {
        guard let layout = KeyboardLayout(name: name) else {
            throw BusError(
                name: EngineInterface.ErrorName.unknownLayout,
                message: "unknown layout \(Excerpt.quoted(name)); layouts are \(KeyboardLayout.nameSummary)"
            )
        }
        return layout
    }

    /// TableInfo's `layouts`: each layout's table in use (the file's, or generated with the
    /// settings' layout-options), by name: its transitions and live pairs.
    /// A table's counts as `TableInfo` gives them, for 천지인 and in its "layouts".
    private static func transitionCount(_ table: TransitionTable) -> BusValue { .uint32(UInt32(table.transitionCount)) }
    private static func livePairCount(_ table: TransitionTable) -> BusValue { .uint32(UInt32(table.livePairCount)) }

    private func layoutTableInfo() -> BusValue {
        .stringVariantDictionary(
            Dictionary(
                uniqueKeysWithValues: tables.inUse.map { layout, table in
                    (
                        layout.name,
                        .stringVariantDictionary([
                            "transitions": Self.transitionCount(table), "live-pairs": Self.livePairCount(table)
                        ])
                    )
                })
        )
    }

    /// The table of `layout`, or an error saying it is not installed.
    private func table(of layout: KeyboardLayout) throws(BusError) -> TransitionTable {
        do {
            return try tables.table(layout)
        } catch {
            throw BusError(name: EngineInterface.ErrorName.unknownLayout, message: error.description)
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
