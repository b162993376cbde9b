import HwaljaDBus
import HwaljaFrontend

/// hwalja-keypad's row of suggestions where fcitx5's addon types the keypad's keys (X11, KDE
/// Plasma): the focused input context's suggestions go to the keypad (``keypadLink``), and a
/// suggestion tapped there is accepted as the addon's `AcceptSuggestion` would be.
extension EngineService {
    /// Input context `number` got the focus: the keypad knows, and shows its suggestions.
    func keypadFocus(_ number: Int, _ caller: String) throws(BusError) {
        let words = try onContext(number, caller) { $0.session.suggestions.map(\.text) }
        focusedInputContext = number
        keypadLink?.focus(true)
        keypadLink?.show(words)
    }

    /// Contexts lost the focus or went: if the focused one is among them, the keypad's row empties.
    func keypadFocusGone(_ numbers: [Int]) {
        guard let focused = focusedInputContext, numbers.contains(focused) else { return }
        focusedInputContext = nil
        keypadLink?.focus(false)
    }

    /// A suggestion tapped on the keypad: accepted in the focused field if it still shows `word`
    /// at `index` (else the tap came too late, and does nothing).
    func acceptChosenOnKeypad(_ index: Int, _ word: String) {
        guard let number = focusedInputContext,
            let actions = frontend.withAny(number, { $0.session.acceptSuggestion(index, shownAs: word) }) ?? nil
        else { return }
        queueSignals(for: actions, context: number)
        sendPendingSignals()
        writeSoon()  // inside the bus connection's handler: never pump a connection here
    }
}
