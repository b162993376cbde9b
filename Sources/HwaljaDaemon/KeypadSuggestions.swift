import HwaljaDBus
import HwaljaFrontend
import HwaljaRuntime

/// hwalja-keypad's row of suggestions where a client of `InputContext1` types the keypad's keys
/// (X11, KDE Plasma): the focused input context's suggestions go to the keypad (``keypadRow``),
/// and a suggestion tapped there is accepted as the client's `AcceptSuggestion` would be.
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

    /// A suggestion tapped on the keypad: accepted in the focused field if it still shows `word`
    /// at `index` (else the tap came too late, and does nothing).
    func acceptChosenOnKeypad(_ number: Int, _ index: Int, _ word: String) {
        guard let actions = frontend.withAny(number, { $0.session.acceptSuggestion(index, shownAs: word) }) ?? nil
        else { return }
        queueSignals(for: actions, context: number)
        sendPendingSignals()
        program.writeSoon()  // inside the bus connection's handler: never pump a connection here
    }

    /// 漢 or the list tapped on the keypad: `tap` done in the focused field (its list opens,
    /// turns, picks or closes, as with its keys), and the field told (`CandidatesChanged`, ...).
    func tappedOnKeypad(_ number: Int, _ tap: (inout InputSession) -> [FrontendAction]) {
        guard let actions = frontend.withAny(number, { tap(&$0.session) }) else { return }
        queueSignals(for: actions, context: number)
        sendPendingSignals()
        program.writeSoon()
    }
}
