import HwaljaDBus
import HwaljaRuntime
import HwaljaSession

/// hwalja-keypad's row of suggestions where a client of `InputContext1` types the keypad's keys
/// (X11, KDE Plasma): the focused input context's suggestions go to the keypad (``keypadRow``),
/// and a tap there is done as the client's `AcceptSuggestion` or the list's keys would be.
extension EngineService {
    /// Input context `number`, the caller's, got the focus: the keypad knows, and shows its suggestions.
    func keypadFocus(_ number: Int, _ caller: String) throws(BusError) {
        try inspectContext(number, caller) { _ in }  // the caller's own, or an error
        keypadRow.focus(number)
    }

    /// Contexts lost the focus or went: if the focused one is among them, the keypad's row empties.
    func keypadFocusGone(_ numbers: [Int]) {
        keypadRow.blur(numbers)
    }

    /// A tap on the keypad: done in the focused field (a suggestion or candidate only if it still
    /// shows it, else the tap came too late and does nothing; 漢 opens its list), and the field
    /// told (`CommitText`, `CandidatesChanged`, ...).
    func tappedOnKeypad(_ number: Int, _ tap: KeypadInterface.Tap) {
        guard let actions = sessions.withAny(number, { $0.session.take(tap) }), !actions.isEmpty else { return }
        queueSignals(for: actions, context: number)
        sendPendingSignals()
        program.writeSoon()  // inside the bus connection's handler: never pump a connection here
    }
}
