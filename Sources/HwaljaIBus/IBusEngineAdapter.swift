import HwaljaCore
import HwaljaDBus
import HwaljaRuntime
import HwaljaSession
import HwaljaTyping

/// The IBus side of hwalja: `org.freedesktop.IBus.Factory` makes engines, each an
/// `org.freedesktop.IBus.Engine` object whose key events drive an ``InputSession`` of a
/// ``SessionTable``. Needs no bus and no clock of its own: give it a ``MessageSink`` and a
/// ``SessionClock`` (a connection and Dispatch in ibus-engine-hwalja, a list and a manual clock
/// in tests).
///
/// Follows the protocol as ibus-daemon speaks it (docs/ibus.md, "The protocol"): answer `Properties.GetAll` at once, emit
/// `UpdatePreeditText`/`CommitText` before the `ProcessKeyEvent` reply, show the preedit in
/// commit mode and forget it (never commit it) on `FocusOut` and `Reset`; commit it when the field
/// turns into one whose keys pass through (password, PIN, digits …); hand a key it does not use
/// back after the text it sent for it to IBus's XIM server (``InputSession/forwardsKeysAfterText``). A client with
/// `IBUS_CAP_SURROUNDING_TEXT` is asked to delete what backspace takes back of the text
/// (`DeleteSurroundingText`); any other keeps that text in the preedit.
package final class IBusEngineAdapter: HostedAdapter {
    package static let factoryPath = "/org/freedesktop/IBus/Factory"
    package static let enginePrefix = "/org/freedesktop/IBus/Engine/"
    package static let engineInterface = "org.freedesktop.IBus.Engine"
    /// The engines the component offers: each name with its layout and keymap (`nil`: the
    /// settings' keymap, for that layout: ``Keymap/forLayout(_:setting:resolved:)``).
    package static let engines: [(name: String, layout: KeyboardLayout, keymap: Keymap?)] = [
        ("hwalja", .cheonjiin, nil), ("hwalja-keypad", .cheonjiin, .keypadPosition),
        ("hwalja-cheonjiin-plus", .cheonjiinPlus, nil), ("hwalja-naratgeul", .naratgeul, nil),
        ("hwalja-vega", .vega, nil)
    ]

    private let output: any MessageSink
    /// Each layout's table, the program's (its ``SessionHost``'s).
    private let tables: LayoutTables
    private var settings: HwaljaSettings
    private var keymap: Keymap
    private var sessions: SessionTable<InputSession>!
    /// Which keymap each engine object was made with (`nil`: the settings').
    private var fixedKeymaps: [Int: Keymap] = [:]
    /// The client each engine object was last focused in, as ibus-daemon names it (`FocusInId`:
    /// `gtk3-im:firefox-esr`, `gnome-shell`, …); none before ibus-daemon knows to say.
    private var clients: [Int: String] = [:]
    /// The client that counts what it deletes in bytes: GNOME Shell hands IBus's character
    /// count on to the application as text-input-v3's byte count, which Chromium and foot read
    /// as bytes (GTK reads it as characters). It is never asked to delete: the word being typed
    /// stays in the preedit until it ends or is picked.
    static let bytesCountingClient = "gnome-shell"
    /// Each engine object's capabilities, as its client last said them.
    private var capabilities: [Int: UInt32] = [:]
    /// Has the program read the user's settings again (its ``SessionHost``, which then calls
    /// ``apply(_:keymap:)``): always (an engine enabled), or with `onlyIfChanged` (a field
    /// focused) only if the file changed.
    private let readSettings: (_ onlyIfChanged: Bool) -> Void
    /// Called after a timer sent messages outside a call (the program writes them out).
    package var afterTimer: () -> Void = {}
    /// Called after messages were sent from inside another connection's handler (a keypad's tap
    /// on the session bus): the program has them written once that handler returns.
    package var writeSoon: () -> Void = {}
    /// Word suggestions for every engine's field (shown in IBus's lookup table), if any.
    package var wordSuggestions: WordSuggestions?
    /// Hanja and symbols for the conversion key (shown in the lookup table, each meaning in the
    /// auxiliary text), if any.
    package var hanja: HanjaConversions?
    /// hwalja-keypad's row of suggestions (X11, KDE), which shows the focused engine's (`nil`: none).
    package var keypadLink: KeypadSuggestionLink? {
        get { keypadRow.link }
        set { keypadRow.link = newValue }
    }
    /// Which engine the keypad's row follows.
    /// A tap there is as the same choice in the panel (漢 opens the list in it), then written (``writeSoon``).
    private lazy var keypadRow = KeypadRow(
        shown: { [unowned self] number, hanja in sessions.inspect(number) { KeypadRow.Field($0, hanja: hanja) } },
        tapped: { [unowned self] number, tap in
            update(number) { $0.take(tap) }
            writeSoon()
        })
    /// ibus-daemon is the only peer: every engine object belongs to it.
    private static let owner = "ibus-daemon"

    package init(
        output: any MessageSink, clock: any SessionClock, tables: LayoutTables, settings: HwaljaSettings,
        keymap: Keymap, recorder: (any KeystrokeRecording)? = nil,
        readSettings: @escaping (_ onlyIfChanged: Bool) -> Void = { _ in }
    ) {
        self.output = output
        self.tables = tables
        self.settings = settings
        self.keymap = keymap
        self.readSettings = readSettings
        sessions = SessionTable(clock: clock, limitPerOwner: Int.max, recorder: recorder) {
            [unowned self] sessions, number in
            guard let actions = sessions.withAny(number, { $0.advance(to: sessions.now) }) else { return }
            send(actions, engine: number)
            afterTimer()
        }
    }

    /// Takes new settings: new engines use them, existing ones from their next key.
    package func apply(_ settings: HwaljaSettings, keymap: Keymap) {
        self.settings = settings
        self.keymap = keymap
        for number in sessions.numbers(ownedBy: Self.owner) {
            _ = sessions.withAny(number) {
                $0.apply(settings, resolved: keymap, keepsKeymap: fixedKeymaps[number] != nil)
            }
        }
    }

    /// Switches to newly loaded tables (one per layout): new engines take them from ``LayoutTables``
    /// at once, existing ones of the same layout when their syllable ends.
    package func reload(_ tables: [TransitionTable]) {
        sessions.update { session in
            for table in tables { session.typing.replaceTable(table) }
        }
    }

    /// The hanja files arrived: the keypad's row shows 漢 if the focused field's word converts.
    package func conversionsPrepared() {
        keypadRow.refresh()
    }

    // MARK: Messages

    /// The engine whose suggestions a key may have changed: looked up once the key is answered.
    private var suggestionsDue: Int?

    /// Handles one incoming message; returns whether it was ours.
    package func handle(_ call: BusMessage) -> Bool {
        guard call.kind == .methodCall, let path = call.path, let member = call.member else { return false }
        let reply: BusMessage?
        do {
            if path == Self.factoryPath {
                reply = try factory(call, member: member)
            } else if path.hasPrefix(Self.enginePrefix), let number = Int(path.dropFirst(Self.enginePrefix.count)),
                sessions.contains(number)
            {
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
        if !call.noReplyExpected { output.send(reply) }
        // The suggestions after the answer: a lookup costs more than the key.
        if let number = suggestionsDue {
            suggestionsDue = nil
            update(number) { $0.suggestionsUpdate() }
        }
        return true
    }

    private func factory(_ call: BusMessage, member: String) throws -> BusMessage? {
        switch (call.interface, member) {
        case ("org.freedesktop.IBus.Factory", "CreateEngine"):
            guard call.signature == "s", case .string(let name) = try call.arguments()[0] else {
                throw BusError.invalidArgs("CreateEngine takes (s)")
            }
            guard let engine = Self.engines.first(where: { $0.name == name }) else {
                throw BusError.invalidArgs(
                    "this component's engines are \(Self.engines.map(\.name).joined(separator: ", ")), not \(Excerpt.quoted(name))"
                )
            }
            let table: TransitionTable
            do {
                table = try tables.table(engine.layout)
            } catch {
                throw BusError.failed(error.description)
            }
            var session = InputSession(
                table: table, settings: settings, resolved: keymap, keymap: engine.keymap, onFocusLoss: .clientCommits,
                wordSuggestions: wordSuggestions)
            session.hanja = hanja
            let number = try sessions.add(session, owner: Self.owner)
            fixedKeymaps[number] = engine.keymap
            return try call.methodReturn([.objectPath(Self.enginePrefix + String(number))])
        case ("org.freedesktop.DBus.Introspectable", "Introspect"):
            return try call.methodReturn([.string(Self.factoryIntrospection)])
        default:
            return nil
        }
    }

    private func engine(_ call: BusMessage, number: Int, member: String) throws -> BusMessage? {
        switch (call.interface, member) {
        case (Self.engineInterface, "ProcessKeyEvent"):
            guard call.signature == "uuu", case .uint32(let keyval) = try call.arguments()[0],
                case .uint32(let keycode) = try call.arguments()[1], case .uint32(let state) = try call.arguments()[2]
            else { throw BusError.invalidArgs("ProcessKeyEvent takes (uuu)") }
            let handled = processKey(keyval: keyval, keycode: keycode, state: state, engine: number)
            return try call.methodReturn([.boolean(handled)])
        case (Self.engineInterface, "SetCapabilities"):
            guard call.signature == "u", case .uint32(let capabilities) = try call.arguments()[0] else {
                throw BusError.invalidArgs("SetCapabilities takes (u)")
            }
            self.capabilities[number] = capabilities
            describeClient(number)
            return try call.methodReturn()
        case (Self.engineInterface, "CandidateClicked"):
            // A suggestion, or a candidate of the conversion key's list, clicked or tapped (GNOME
            // Shell's popup, its on-screen keyboard's row).
            guard call.signature == "uuu", case .uint32(let index) = try call.arguments()[0] else {
                throw BusError.invalidArgs("CandidateClicked takes (uuu)")
            }
            update(number) {
                $0.hasCandidates ? $0.acceptCandidate(Int(index)) ?? [] : $0.acceptSuggestion(Int(index)) ?? []
            }
            return try call.methodReturn()
        case (Self.engineInterface, "PageUp"), (Self.engineInterface, "CursorUp"):
            update(number) { $0.turnCandidatePage(-1) }  // the panel's arrows
            return try call.methodReturn()
        case (Self.engineInterface, "PageDown"), (Self.engineInterface, "CursorDown"):
            update(number) { $0.turnCandidatePage(1) }
            return try call.methodReturn()
        case (Self.engineInterface, "SetSurroundingText"):
            let arguments = try call.arguments()
            guard call.signature == "vuu", let text = IBusText.text(of: arguments[0]),
                case .uint32(let cursor) = arguments[1],
                case .uint32(let anchor) = arguments[2]
            else { throw BusError.invalidArgs("SetSurroundingText takes (vuu), the text an IBusText") }
            update(number) { $0.setSurroundingText(text, cursor: Int(cursor), anchor: Int(anchor)) }
            return try call.methodReturn()
        case (Self.engineInterface, "Enable"), (Self.engineInterface, "FocusIn"), (Self.engineInterface, "FocusInId"):
            // The user switched to hwalja, or to a field (perhaps back from hwalja's Preferences):
            // settings changed since apply now. FocusInId is FocusIn naming the client.
            if member == "FocusInId" {
                // (ss), as ibus-daemon 1.5.27 sends it; (os) as IBus's introspection of later versions has it.
                guard call.signature == "ss" || call.signature == "os", let client = try call.arguments()[1].stringValue
                else {
                    throw BusError.invalidArgs("FocusInId takes (ss): the input context's path and the client's name")
                }
                clients[number] = client
                describeClient(number)
            }
            readSettings(member != "Enable")
            if member != "Enable" { keypadRow.focus(number) }
            // Have the client check that it can tell and delete its text: GTK's module sets
            // IBUS_CAP_SURROUNDING_TEXT for every widget and takes it back from one that cannot
            // (a terminal) only after an engine asked, as libibus engines do.
            signal(Self.enginePrefix + String(number), "RequireSurroundingText", [])
            return try call.methodReturn()
        case (Self.engineInterface, "SetCursorLocation"),
            (Self.engineInterface, "PropertyActivate"), (Self.engineInterface, "PropertyShow"),
            (Self.engineInterface, "PropertyHide"):
            return try call.methodReturn()
        case (Self.engineInterface, "FocusOut"), (Self.engineInterface, "FocusOutId"),
            (Self.engineInterface, "Disable"):
            // The preedit was shown in commit mode: the client or ibus-daemon commits it. Committing
            // here too would double it, or send it to the daemon's fake context (docs/ibus.md, "The protocol").
            update(number) { $0.focusOut() }
            keypadRow.blur([number])
            return try call.methodReturn()
        case (Self.engineInterface, "Reset"):
            // The same, except for a client that drops it (InputSession.reset()).
            update(number) { $0.reset() }
            return try call.methodReturn()
        case ("org.freedesktop.IBus.Service", "Destroy"):
            try? sessions.remove(number, caller: Self.owner)
            fixedKeymaps[number] = nil
            clients[number] = nil
            capabilities[number] = nil
            keypadRow.blur([number])
            return try call.methodReturn()
        case ("org.freedesktop.DBus.Properties", "GetAll"):
            return try call.methodReturn([.stringVariantDictionary([:])])  // at once: ibus-daemon blocks on it
        case ("org.freedesktop.DBus.Properties", "Get"):
            let arguments = try call.arguments()
            guard arguments.count == 2, arguments[1].stringValue == "FocusId" else {
                throw BusError.invalidArgs("hwalja's engine has only the FocusId property")
            }
            // True: ibus-daemon then names the client on focus (FocusInId), once it has read this.
            return try call.methodReturn([.variant(.boolean(true))])  // plain b, as ibus-daemon reads it
        case ("org.freedesktop.DBus.Properties", "Set"):
            let arguments = try call.arguments()
            if arguments.count == 3, arguments[1].stringValue == "ContentType",
                case .variant(.structure(let fields)) = arguments[2],
                fields.count == 2, case .uint32(let purpose) = fields[0], case .uint32(let hints) = fields[1]
            {
                update(number) { $0.setContentType(purpose: purpose, hints: hints) }
            }
            return try call.methodReturn()
        case ("org.freedesktop.DBus.Introspectable", "Introspect"):
            return try call.methodReturn([.string(Self.engineIntrospection)])
        default:
            return nil
        }
    }

    /// Tells engine `number`'s session what its client can do, from its capabilities and name.
    ///
    /// Only a client that says it can delete around its cursor is ever asked to (and not GNOME
    /// Shell: ``bytesCountingClient``). A client that reports its text and processes keys
    /// synchronously is GTK's IBus module, which drops the preedit on a reset unless it commits it
    /// itself. A client that does neither is IBus's XIM server (ibus-x11: xterm, Java, Wine,
    /// Emacs), which applies a key answered as not used before the text sent with it: such a key
    /// is forwarded after the text (GTK 4's module of ibus 1.5.27 drops forwarded keys; Qt's keeps
    /// the order). Any client but GTK's module (which asks X for detectable auto-repeat) passes
    /// X's auto-repeat on as releases and presses, with no times to tell them by: guessed.
    private func describeClient(_ number: Int) {
        guard let capabilities = capabilities[number] else { return }
        let deletesInBytes = clients[number] == Self.bytesCountingClient
        _ = sessions.withAny(number) {
            $0.canDeleteSurrounding = capabilities & IBusConstants.surroundingTextCapability != 0 && !deletesInBytes
            let gtk = IBusConstants.surroundingTextCapability | IBusConstants.syncProcessKeyCapability
            $0.resetDropsPreedit = capabilities & gtk == gtk
            $0.forwardsKeysAfterText = capabilities & gtk == 0
            $0.guessesRepeats = capabilities & IBusConstants.syncProcessKeyCapability == 0
        }
    }

    // MARK: Keys

    /// Runs one key event through the engine's session; returns whether it used the key.
    private func processKey(keyval: UInt32, keycode: UInt32, state: UInt32, engine number: Int) -> Bool {
        let time = sessions.now
        guard
            let result = sessions.withAny(
                number, { $0.processKeyEvent(keysym: keyval, keycode: keycode, state: state, at: time) })
        else {
            return false
        }
        if let recorded = result.recorded { sessions.record(number, [(recorded.down, recorded.key)]) }
        send(result.actions, engine: number)
        suggestionsDue = number
        return result.handled
    }

    /// Applies `change` to engine `number`'s session and sends the actions it returns.
    private func update(_ number: Int, _ change: (inout InputSession) -> [SessionAction]) {
        guard let actions = sessions.withAny(number, change) else { return }
        send(actions, engine: number)
    }

    // MARK: Signals

    /// Sends engine `number`'s actions as IBus engine signals, in order.
    private func send(_ actions: [SessionAction], engine number: Int) {
        guard !actions.isEmpty else { return }
        let path = Self.enginePrefix + String(number)
        for action in actions {
            switch action {
            case .deleteSurrounding(let offset, let count):
                signal(
                    path, "DeleteSurroundingText", [.int32(Int32(clamping: offset)), .uint32(UInt32(clamping: count))])
            case .commit(let text):
                signal(path, "CommitText", [IBusText.variant(text)])
            case .forwardKey(let keysym, let keycode, let state):
                signal(path, "ForwardKeyEvent", [.uint32(keysym), .uint32(keycode), .uint32(state)])
            case .preedit(let text, let cursor):
                signal(
                    path, "UpdatePreeditText",
                    [
                        IBusText.variant(text, underlined: true), .uint32(UInt32(clamping: cursor)),
                        .boolean(!text.isEmpty), .uint32(IBusConstants.preeditCommitMode)
                    ])
            case .suggestions(let words):
                if words.isEmpty {
                    signal(path, "HideLookupTable", [])
                } else {
                    signal(path, "UpdateLookupTable", [IBusText.lookupTable(words), .boolean(true)])
                }
            case .candidates(let page):
                guard let page else {
                    signal(path, "HideLookupTable", [])
                    signal(path, "HideAuxiliaryText", [])
                    continue
                }
                signal(
                    path, "UpdateLookupTable",
                    [IBusText.lookupTable(page: page.candidates.map(\.text), cursor: page.highlighted), .boolean(true)])
                signal(path, "UpdateAuxiliaryText", [IBusText.variant(Self.auxiliaryText(of: page)), .boolean(true)])
            }
        }
        // After the engine's own signals: what the keypad shows never delays the field's letter.
        keypadRow.changed(number, suggestions: actions.suggestions)
    }

    /// What the panel shows above the conversion key's list: the highlighted candidate's
    /// meaning, and the page (學校: 배울 학, 학교 교 · 1/3).
    static func auxiliaryText(of page: CandidatePage) -> String {
        let meaning =
            page.candidates.indices.contains(page.highlighted) ? page.candidates[page.highlighted].meaning : ""
        let pages = page.pages > 1 ? "\(page.page + 1)/\(page.pages)" : ""
        return [meaning, pages].filter { !$0.isEmpty }.joined(separator: " · ")
    }

    private func signal(_ path: String, _ member: String, _ values: [BusValue]) {
        let message = BusMessage.signal(path: path, interface: Self.engineInterface, member: member)
        do {
            try message.append(values)
            output.send(message)
        } catch {
            // Never send a half-built IBusText: it would crash ibus-daemon. Only out of memory gets here.
        }
    }

    package static let factoryIntrospection = """
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

    package static let engineIntrospection = """
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
            <method name="FocusInId"><arg direction="in" type="s" name="object_path"/><arg direction="in" type="s" name="client"/></method>
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
            <signal name="RequireSurroundingText"/>
            <signal name="ForwardKeyEvent"><arg type="u" name="keyval"/><arg type="u" name="keycode"/><arg type="u" name="state"/></signal>
            <property name="ContentType" type="(uu)" access="write"/>
            <property name="FocusId" type="(b)" access="read"/>
          </interface>
        </node>

        """
}
