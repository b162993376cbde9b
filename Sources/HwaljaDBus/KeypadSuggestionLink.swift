/// The input framework's end of ``KeypadInterface``: sends the focused field's suggestions to
/// hwalja-keypad while one runs, and hands back the one tapped (the keypad sends its tap to this
/// connection alone). Costs nothing while no keypad runs: it only watches the name. Use it from
/// the queue its connection is dispatched on.
///
/// To miss no keypad: add ``matchRule`` to the connection, then ask ``owner(on:)``.
package final class KeypadSuggestionLink {
    /// The rule the connection needs for ``handle(_:)`` to see the keypad come and go.
    package static let matchRule =
        "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(KeypadInterface.busName)'"

    /// Called with a suggestion tapped on the keypad: its index in what was shown, and the word
    /// it was (the receiver checks that it still shows that word).
    package var onChosen: (_ index: Int, _ word: String) -> Void = { _, _ in }
    /// Called when 漢 is tapped on the keypad (the focused field's list is to open).
    package var onConversionChosen: () -> Void = {}
    /// Called with a tap on the keypad's list (a candidate, ‹ ›, ✕).
    package var onCandidateTap: (KeypadInterface.CandidateTap) -> Void = { _ in }
    /// Called when a keypad starts: whether the focused field's word converts is worked out
    /// then (it is not while no keypad runs).
    package var onKeypadArrived: () -> Void = {}
    /// Called after a message went out, to have it written: ``BusDispatcher/writeSoon()``, as
    /// ``show(_:)`` runs inside handlers.
    package var afterSend: () -> Void = {}

    private let output: any MessageSink
    /// The keypad's unique name while it runs.
    private var keypad: String?
    /// What the keypad was last told, or would have been had one run: a keypad that starts is
    /// told at once.
    private var shown: [String] = []
    private var conversionShown = false
    private var candidatesShown = CandidatesSignal.closed
    private var fieldFocused = false

    /// Whether a keypad runs now (what it would show is worth working out).
    package var hasKeypad: Bool { keypad != nil }

    /// `keypad`: the unique name owning ``KeypadInterface/busName`` now, if any (``owner(on:)``).
    package init(output: any MessageSink, keypad: String?) {
        self.output = output
        self.keypad = keypad
    }

    /// Who owns ``KeypadInterface/busName`` on `connection` now (a blocking call: at start-up).
    package static func owner(on connection: BusConnection) -> String? {
        let call = BusMessage.methodCall(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "GetNameOwner")
        guard (try? call.append([.string(KeypadInterface.busName)])) != nil,
            let reply = try? connection.call(call, timeoutMilliseconds: 2_000)
        else { return nil }  // org.freedesktop.DBus.Error.NameHasNoOwner: no keypad
        return (try? reply.arguments())?.first?.stringValue
    }

    /// Shows `words` on the keypad's row if one runs and it shows something else.
    package func show(_ words: [String]) {
        guard words != shown else { return }
        shown = words
        tell(KeypadInterface.showSuggestions, [.stringArray(words)])
    }

    /// Shows 漢 on the keypad's row (`available`) or hides it, if one runs and it shows otherwise.
    package func showConversion(_ available: Bool) {
        guard available != conversionShown else { return }
        conversionShown = available
        tell(KeypadInterface.showConversion, [.boolean(available)])
    }

    /// Shows the conversion key's list in the keypad's keys' place (``CandidatesSignal/closed``:
    /// the keys again), if one runs and it shows another page.
    package func showCandidates(_ page: CandidatesSignal) {
        guard page != candidatesShown else { return }
        candidatesShown = page
        tell(KeypadInterface.showCandidates, page.values)
    }

    /// Says whether a field hwalja types into has the focus (`FieldFocused`); without one the
    /// row empties, and a list on the keypad closes.
    package func focus(_ focused: Bool) {
        if !focused {
            show([])
            showConversion(false)
            showCandidates(.closed)
        }
        guard focused != fieldFocused else { return }
        fieldFocused = focused
        tell(KeypadInterface.fieldFocused, [.boolean(focused)])
    }

    /// Calls `member` of the keypad with `values`, no reply wanted, if a keypad runs.
    private func tell(_ member: String, _ values: [BusValue]) {
        guard let keypad else { return }
        let call = BusMessage.methodCall(
            destination: keypad, path: KeypadInterface.path, interface: KeypadInterface.interface, member: member)
        call.setNoReplyExpected()
        guard (try? call.append(values)) != nil else { return }
        output.send(call)
        afterSend()
    }

    /// Takes the keypad's coming or going (``matchRule``) and a tap from the keypad that owns the
    /// name (anyone else's is ignored): a suggestion, 漢, or the list's candidate, page or close.
    /// Returns whether it was one of those.
    @discardableResult
    package func handle(_ message: BusMessage) -> Bool {
        guard message.kind == .signal, let arguments = try? message.arguments() else { return false }
        if message.sender == "org.freedesktop.DBus", message.member == "NameOwnerChanged",
            message.interface == "org.freedesktop.DBus"
        {
            guard arguments.count == 3, arguments[0].stringValue == KeypadInterface.busName,
                let owner = arguments[2].stringValue
            else { return false }
            keypad = owner.isEmpty ? nil : owner
            // A keypad that starts learns at once what the others learned as it went; whether
            // the word converts, looked up only while one runs, is worked out now, and so is the
            // list's page.
            conversionShown = false
            candidatesShown = .closed
            if fieldFocused { tell(KeypadInterface.fieldFocused, [.boolean(true)]) }
            if !shown.isEmpty { tell(KeypadInterface.showSuggestions, [.stringArray(shown)]) }
            if keypad != nil { onKeypadArrived() }
            return true
        }
        guard message.interface == KeypadInterface.interface, message.sender != nil, message.sender == keypad
        else { return false }
        return takeTap(message.member, arguments)
    }

    /// Passes on the keypad's signal `member` with `arguments`; returns whether it was one of its own.
    private func takeTap(_ member: String?, _ arguments: [BusValue]) -> Bool {
        switch (member, arguments.count) {
        case (KeypadInterface.suggestionChosen, 2):
            guard let index = arguments[0].uint32Value, let word = arguments[1].stringValue else { return false }
            onChosen(Int(index), word)
        case (KeypadInterface.conversionChosen, 0):
            onConversionChosen()
        case (KeypadInterface.candidateChosen, 2):
            guard let index = arguments[0].uint32Value, let text = arguments[1].stringValue else { return false }
            onCandidateTap(.pick(index: Int(index), text: text))
        case (KeypadInterface.candidatePageTurned, 1):
            guard case .int32(let count) = arguments[0] else { return false }
            onCandidateTap(.turn(Int(count)))
        case (KeypadInterface.candidatesClosed, 0):
            onCandidateTap(.close)
        default:
            return false
        }
        return true
    }
}
