import Dispatch
import HwaljaCore
import HwaljaDBus
import HwaljaEngine
import HwaljaFrontend
import HwaljaIBus
import HwaljaRuntime

/// The IBus side: `org.freedesktop.IBus.Factory` makes engines, each an
/// `org.freedesktop.IBus.Engine` object whose key events drive a ``TypingContext``.
///
/// Follows ../shared/docs/ibus-protocol.md: answer `Properties.GetAll` at once, emit
/// `UpdatePreeditText`/`CommitText` before the `ProcessKeyEvent` reply, show the preedit in
/// commit mode and forget it (never commit it) on `FocusOut` and `Reset`; commit it when the field
/// turns into one whose keys pass through (password, PIN, digits …). A client with
/// `IBUS_CAP_SURROUNDING_TEXT` is asked to delete what backspace takes back of the text
/// (`DeleteSurroundingText`); any other keeps that text in the preedit. Confined to `queue`.
final class IBusEngineService: @unchecked Sendable {
    static let factoryPath = "/org/freedesktop/IBus/Factory"
    static let enginePrefix = "/org/freedesktop/IBus/Engine/"
    static let engineInterface = "org.freedesktop.IBus.Engine"
    static let engineName = "hwalja"

    private let connection: BusConnection
    private let table: TransitionTable
    private let settings: DaemonSettings
    private let keymap: Keymap
    private let recorder: KeystrokeRecorder?
    private var engines: [Int: InputSession] = [:]
    private var nextNumber = 1
    private var timers: ContextTimers!
    /// Writes what a timer sent without blocking; set once the dispatcher exists.
    var sendQueued: () -> Void = {}

    init(connection: BusConnection, queue: DispatchQueue, table: TransitionTable, settings: DaemonSettings, keymap: Keymap, recorder: KeystrokeRecorder?) {
        self.connection = connection
        self.table = table
        self.settings = settings
        self.keymap = keymap
        self.recorder = recorder
        timers = ContextTimers(queue: queue) { [unowned self] number in timerFired(number) }
    }

    // MARK: Messages

    /// Handles one incoming message; returns whether it was ours.
    func handle(_ call: BusMessage) -> Bool {
        guard call.kind == .methodCall, let path = call.path, let member = call.member else { return false }
        let reply: BusMessage?
        do {
            if path == Self.factoryPath {
                reply = try factory(call, member: member)
            } else if path.hasPrefix(Self.enginePrefix), let number = Int(path.dropFirst(Self.enginePrefix.count)), engines[number] != nil {
                reply = try engine(call, number: number, member: member)
            } else {
                reply = nil
            }
        } catch let error as BusError {
            reply = call.errorReply(error)
        } catch {
            reply = call.errorReply(.failed("\(error)"))
        }
        guard let reply else { return false }
        if !call.noReplyExpected { connection.send(reply) }
        return true
    }

    private func factory(_ call: BusMessage, member: String) throws -> BusMessage? {
        switch (call.interface, member) {
        case ("org.freedesktop.IBus.Factory", "CreateEngine"):
            guard call.signature == "s", case .string(let name) = try call.arguments()[0] else {
                throw BusError.invalidArgs("CreateEngine takes (s)")
            }
            guard name == Self.engineName else { throw BusError.invalidArgs("this component has one engine, \(Self.engineName), not \(name)") }
            let number = nextNumber
            nextNumber += 1
            engines[number] = InputSession(
                typing: TypingContext(table: table, options: settings.composer, timing: settings.timing), keymap: keymap, onFocusLoss: .clientCommits)
            return try call.methodReturn([.objectPath(Self.enginePrefix + String(number))])
        case ("org.freedesktop.DBus.Introspectable", "Introspect"):
            return try call.methodReturn([.string(Self.factoryIntrospection)])
        default:
            return nil
        }
    }

    private func engine(_ call: BusMessage, number: Int, member: String) throws -> BusMessage? {
        let path = Self.enginePrefix + String(number)
        switch (call.interface, member) {
        case (Self.engineInterface, "ProcessKeyEvent"):
            guard call.signature == "uuu", case .uint32(let keyval) = try call.arguments()[0],
                case .uint32(let state) = try call.arguments()[2]
            else { throw BusError.invalidArgs("ProcessKeyEvent takes (uuu)") }
            let handled = processKey(keyval: keyval, state: state, engine: number, path: path)
            return try call.methodReturn([.boolean(handled)])
        case (Self.engineInterface, "SetCapabilities"):
            guard call.signature == "u", case .uint32(let capabilities) = try call.arguments()[0] else {
                throw BusError.invalidArgs("SetCapabilities takes (u)")
            }
            // Only a client that says it can delete around its cursor is ever asked to.
            engines[number]?.canDeleteSurrounding = capabilities & IBusConstants.surroundingTextCapability != 0
            return try call.methodReturn()
        case (Self.engineInterface, "FocusIn"), (Self.engineInterface, "Enable"),
            (Self.engineInterface, "SetCursorLocation"), (Self.engineInterface, "SetSurroundingText"),
            (Self.engineInterface, "PropertyActivate"), (Self.engineInterface, "PropertyShow"), (Self.engineInterface, "PropertyHide"),
            (Self.engineInterface, "CandidateClicked"), (Self.engineInterface, "PageUp"), (Self.engineInterface, "PageDown"),
            (Self.engineInterface, "CursorUp"), (Self.engineInterface, "CursorDown"), (Self.engineInterface, "FocusInId"):
            return try call.methodReturn()
        case (Self.engineInterface, "FocusOut"), (Self.engineInterface, "FocusOutId"), (Self.engineInterface, "Reset"),
            (Self.engineInterface, "Disable"):
            // The preedit was shown in commit mode: the client or ibus-daemon commits it. Committing
            // here too would double it, or send it to the daemon's fake context (protocol notes §7).
            update(number, path: path) { $0.focusOut() }
            return try call.methodReturn()
        case ("org.freedesktop.IBus.Service", "Destroy"):
            timers.cancel(number)
            engines[number] = nil
            recorder?.close(context: number)
            return try call.methodReturn()
        case ("org.freedesktop.DBus.Properties", "GetAll"):
            return try call.methodReturn([.stringVariantDictionary([:])])  // at once: ibus-daemon blocks on it
        case ("org.freedesktop.DBus.Properties", "Get"):
            let arguments = try call.arguments()
            guard arguments.count == 2, arguments[1].stringValue == "FocusId" else {
                throw BusError.invalidArgs("hwalja's engine has only the FocusId property")
            }
            return try call.methodReturn([.variant(.boolean(false))])  // plain b, as ibus-daemon reads it
        case ("org.freedesktop.DBus.Properties", "Set"):
            let arguments = try call.arguments()
            if arguments.count == 3, arguments[1].stringValue == "ContentType", case .variant(.structure(let fields)) = arguments[2],
                fields.count == 2, case .uint32(let purpose) = fields[0], case .uint32(let hints) = fields[1]
            {
                update(number, path: path) { $0.setContentType(purpose: purpose, hints: hints) }
            }
            return try call.methodReturn()
        case ("org.freedesktop.DBus.Introspectable", "Introspect"):
            return try call.methodReturn([.string(Self.engineIntrospection)])
        default:
            return nil
        }
    }

    // MARK: Keys

    /// Runs one key event through the engine's session; returns whether it used the key.
    private func processKey(keyval: UInt32, state: UInt32, engine number: Int, path: String) -> Bool {
        let time = timers.now
        guard let result = engines[number]?.processKeyEvent(keysym: keyval, state: state, at: time) else { return false }
        if let recorded = result.recorded { recorder?.record(context: number, at: time, [(recorded.down, recorded.key)]) }
        send(result.actions, path: path)
        rearm(number)
        return result.handled
    }

    private func timerFired(_ number: Int) {
        guard let actions = engines[number]?.advance(to: timers.now) else { return }
        send(actions, path: Self.enginePrefix + String(number))
        sendQueued()
        rearm(number)
    }

    /// Applies `change` to engine `number`'s session, sends the actions it returns, resets its timer.
    private func update(_ number: Int, path: String, _ change: (inout InputSession) -> [FrontendAction]) {
        guard engines[number] != nil else { return }
        send(change(&engines[number]!), path: path)
        rearm(number)
    }

    private func rearm(_ number: Int) {
        timers.set(number, deadline: engines[number]?.deadline)
    }

    // MARK: Signals

    /// Sends the session's actions as IBus engine signals, in order.
    private func send(_ actions: [FrontendAction], path: String) {
        for action in actions {
            switch action {
            case .deleteSurrounding(let offset, let count):
                signal(path, "DeleteSurroundingText", [.int32(Int32(clamping: offset)), .uint32(UInt32(clamping: count))])
            case .commit(let text):
                signal(path, "CommitText", [IBusText.variant(text)])
            case .forwardKey(let keysym, let keycode, let state):
                signal(path, "ForwardKeyEvent", [.uint32(keysym), .uint32(keycode), .uint32(state)])
            case .preedit(let text, let cursor):
                signal(path, "UpdatePreeditText", [
                    IBusText.variant(text, underlined: true), .uint32(UInt32(clamping: cursor)),
                    .boolean(!text.isEmpty), .uint32(IBusConstants.preeditCommitMode),
                ])
            }
        }
    }

    private func signal(_ path: String, _ member: String, _ values: [BusValue]) {
        let message = BusMessage.signal(path: path, interface: Self.engineInterface, member: member)
        do {
            try message.append(values)
            connection.send(message)
        } catch {
            log("could not build \(member): \(error)")  // never send a half-built IBusText: it would crash ibus-daemon
        }
    }

    static let factoryIntrospection = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>
          <interface name="org.freedesktop.IBus.Factory">
            <method name="CreateEngine">
              <arg direction="in" type="s" name="name"/>
              <arg direction="out" type="o"/>
            </method>
          </interface>
        </node>

        """

    static let engineIntrospection = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>
          <interface name="org.freedesktop.IBus.Engine">
            <method name="ProcessKeyEvent">
              <arg direction="in" type="u" name="keyval"/>
              <arg direction="in" type="u" name="keycode"/>
              <arg direction="in" type="u" name="state"/>
              <arg direction="out" type="b"/>
            </method>
            <method name="FocusIn"/>
            <method name="FocusOut"/>
            <method name="Reset"/>
            <method name="Enable"/>
            <method name="Disable"/>
            <method name="SetCapabilities"><arg direction="in" type="u" name="caps"/></method>
            <signal name="CommitText"><arg type="v" name="text"/></signal>
            <signal name="UpdatePreeditText">
              <arg type="v" name="text"/><arg type="u" name="cursor_pos"/><arg type="b" name="visible"/><arg type="u" name="mode"/>
            </signal>
            <signal name="DeleteSurroundingText"><arg type="i" name="offset_from_cursor"/><arg type="u" name="nchars"/></signal>
            <signal name="ForwardKeyEvent"><arg type="u" name="keyval"/><arg type="u" name="keycode"/><arg type="u" name="state"/></signal>
            <property name="ContentType" type="(uu)" access="write"/>
            <property name="FocusId" type="(b)" access="read"/>
          </interface>
        </node>

        """
}
