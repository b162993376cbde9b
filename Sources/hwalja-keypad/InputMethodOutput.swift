import CGtk
import HwaljaCore
import HwaljaDBus
import HwaljaKeypad
import HwaljaSession

/// The keypad on a wlroots compositor: its keys go to a `Context1` of hwaljad, which composes,
/// times the long press and repeats a held backspace; what hwaljad answers (its replies and,
/// for what timers do, its signals) changes the focused field through ``WaylandInputMethod``.
/// Keys hwaljad does not use (Return, a backspace with nothing to take back) go to the
/// application through the virtual keyboard.
///
/// hwaljad never has it delete text (no DeleteBeforeCursor capability): what backspace may still
/// take back, and the word a suggestion replaces, stay in the preedit. input-method-v2 counts
/// what to delete in UTF-8 bytes, and Debian's GTK 4 (4.8) reads the count as characters (asked
/// to delete 감, three bytes, it deletes three characters or, with fewer before the cursor,
/// nothing), as fcitx5's Wayland frontends meet it too (docs/wayland.md).
///
/// A field whose keys pass through (a password, a PIN, a phone number …) never reaches hwaljad:
/// its letter keys type their digits.
final class InputMethodOutput: KeyOutput {
    /// Receives the suggestions hwaljad offers for the word being typed.
    var onSuggestions: (([String]) -> Void)?
    /// Receives whether the word being typed converts to hanja (or a lone consonant to symbols).
    var onConversionAvailable: ((Bool) -> Void)?
    /// Receives the conversion key's page, `nil` when its list closed.
    var onCandidates: ((CandidatePage?) -> Void)?

    private let client: EngineClient
    private let layout: KeyboardLayout
    private let inputMethod: WaylandInputMethod
    private var context: String?
    /// The preedit shown, which every change of the field shows again.
    private var preedit = ""

    /// Connects to hwaljad on `bus` (D-Bus starts it if it does not run).
    init(bus: BusConnection.Bus, layout: KeyboardLayout, inputMethod: WaylandInputMethod) throws(BusError) {
        client = try EngineClient(bus: bus, timeoutMilliseconds: 2_000)
        self.layout = layout
        self.inputMethod = inputMethod
        client.onSignal = { [unowned self] member, path, arguments in signal(member, path, arguments) }
        // hwaljad's signals, read as they come; a keypad whose session bus went away ends.
        watchInMainLoop(client.connection) {
            warn("the session bus closed the connection")
            exit(1)
        }
        call { _ in }  // the context, made now: the first tap does not wait for D-Bus to start hwaljad
    }

    /// What the keypad asks of hwaljad: signals for what timers do, learning the words typed
    /// (never asked in a password field, which hwaljad never sees), and whether the word converts.
    private static let capabilities =
        EngineInterface.Capability.signals | EngineInterface.Capability.learnWords
        | EngineInterface.Capability.conversionHint

    private var passThrough: Bool { inputMethod.passesKeysThrough }

    /// The compositor says what the field is: typing is kept only in an active field whose keys
    /// do not pass through (not a password, PIN or sensitive field).
    var mayRemember: Bool { inputMethod.isActive && !passThrough }

    /// Empties the row and closes the list here at once: hwaljad's word for it comes later, and
    /// never from a context made afresh.
    private func forgetShown() {
        onSuggestions?([])
        onConversionAvailable?(false)
        onCandidates?(nil)
    }

    /// A field became active, was activated again or stopped being: hwaljad forgets the syllable
    /// (the field has let its preedit go) and stops a held key's timer (its release may never
    /// come, the keypad hidden under the finger).
    func startAfresh() {
        preedit = ""
        forgetShown()
        call { context in try client.call(context, EngineInterface.contextInterface, "Reset") }
    }

    func keyDown(_ key: Key) {
        guard !passThrough else { return typePassingThrough(key) }
        call { context in apply(try client.key("KeyDown", key.name, on: context), key) }
    }

    func keyUp(_ key: Key, flickedUp: Bool) {
        guard !passThrough else { return }
        call { context in apply(try client.key(flickedUp ? "KeyUpLongPressed" : "KeyUp", key.name, on: context), key) }
    }

    /// Picks suggestion `index`: hwaljad deletes what was typed of the word and commits it.
    func acceptSuggestion(_ index: Int) {
        call { context in apply(try client.acceptSuggestion(index, on: context), nil) }
    }

    /// Opens the conversion key's list of the word being typed (hwaljad's `CandidatesChanged`
    /// brings its page).
    func convert() {
        guard !passThrough else { return }
        call { context in apply(try client.key("PressKey", EngineInterface.conversionKey, on: context), nil) }
    }

    /// Picks candidate `index` of the page shown: the word, or its beginning, becomes it.
    func acceptCandidate(_ index: Int) {
        guard !passThrough else { return }
        call { context in apply(try client.acceptCandidate(index, on: context), nil) }
    }

    /// Turns the list `count` pages (negative: back).
    func turnCandidatePage(_ count: Int) {
        call { context in
            try client.call(context, EngineInterface.contextInterface, "TurnCandidatePage", [.int32(Int32(count))])
        }
    }

    /// Closes the list, the word as it was.
    func closeCandidates() {
        call { context in try client.call(context, EngineInterface.contextInterface, "CloseCandidates") }
    }

    func type(_ text: String) {
        endSyllable(always: true)
        inputMethod.change(commit: text, preedit: "")
    }

    func send(_ key: KeypadKey.ApplicationKey) {
        endSyllable(always: true)
        switch key {
        case .left: inputMethod.tap(.left)
        case .right: inputMethod.tap(.right)
        }
    }

    func endSyllable() { endSyllable(always: false) }

    /// Ends the syllable through hwaljad; with `always`, also when nothing composes: text typed
    /// around hwaljad (the Latin and symbol layers, ← →) comes next, so the words before the cursor
    /// no longer predict the next (hwaljad's Commit breaks that context, and empties the row).
    private func endSyllable(always: Bool) {
        guard always || !preedit.isEmpty else { return }
        call { context in
            let committed =
                try client.call(context, EngineInterface.contextInterface, "Commit").first?.stringValue ?? ""
            preedit = ""
            inputMethod.change(commit: committed, preedit: "")
        }
    }

    /// A key in a field whose keys pass through: its digit, or what the key does on a keyboard.
    private func typePassingThrough(_ key: Key) {
        if let digit = layout.digit(of: key) {
            inputMethod.change(commit: String(digit), preedit: "")
        } else {
            sendUnused(key)
        }
    }

    /// Applies hwaljad's answer to a key: commits, shows the preedit, and gives the application a
    /// key hwaljad did not use.
    private func apply(_ result: EngineClient.KeyResult, _ key: Key?) {
        preedit = result.preedit
        inputMethod.change(commit: result.commit, preedit: preedit)
        if !result.consumed, let key { sendUnused(key) }
    }

    private func sendUnused(_ key: Key) {
        switch key {
        case .backspace: inputMethod.tap(.backspace)
        case .enter: inputMethod.tap(.enter)
        case .space: inputMethod.change(commit: " ", preedit: preedit)
        default: break
        }
    }

    /// What hwaljad did between calls (a long press, a held backspace, auto-next) and the
    /// suggestions after each change.
    private func signal(_ member: String, _ path: String, _ arguments: [BusValue]) {
        guard path == context else { return }
        switch (member, arguments.first) {
        case ("Committed", .string(let text)?):
            inputMethod.change(commit: text, preedit: preedit)
        case ("PreeditChanged", .string(let text)?):
            preedit = text
            inputMethod.change(preedit: preedit)
        case ("KeyNotConsumed", .string(let name)?):
            if let key = layout.key(token: name) { sendUnused(key) }
        case ("SuggestionsChanged", .array(_, let words)?):
            onSuggestions?(words.compactMap { $0.stringValue })
        case ("ConversionAvailable", .boolean(let available)?):
            onConversionAvailable?(available)
        case ("CandidatesChanged", _):
            onCandidates?(CandidatePage(CandidatesSignal(values: arguments)))
        default: break
        }
    }

    /// Runs `body` with the keypad's context, made when first needed. If hwaljad lost it (it was
    /// restarted), what the field shows of the syllable is committed, and `body` runs once more
    /// with a new context; any other failure is reported on standard error, and the keypad goes on.
    private func call(_ body: (String) throws -> Void) {
        for attempt in 0..<2 {
            do {
                let context = try self.context ?? makeContext()
                try body(context)
                return
            } catch let error as BusError where attempt == 0 && Self.lostContext.contains(error.name) {
                context = nil
                if !preedit.isEmpty {
                    inputMethod.change(commit: preedit, preedit: "")
                    preedit = ""
                }
                forgetShown()
            } catch {
                warn("hwaljad did not answer: \(error)")
                return
            }
        }
    }

    /// The errors after which a new context is made: hwaljad restarted (or not running, when D-Bus
    /// starts it again) knows nothing of the keypad's.
    private static let lostContext: Set<String> = [
        EngineInterface.ErrorName.noSuchContext, EngineInterface.ErrorName.accessDenied,
        "org.freedesktop.DBus.Error.ServiceUnknown"
    ]

    private func makeContext() throws(BusError) -> String {
        let made = try client.createContext(layout: layout.name)
        try client.setCapabilities(Self.capabilities, on: made)
        context = made
        return made
    }
}
