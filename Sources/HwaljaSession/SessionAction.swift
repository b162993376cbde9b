import HwaljaCore
import HwaljaTyping

/// One thing a frontend sends its application, in the order given.
package enum SessionAction: Sendable, Equatable {
    /// Delete `count` Unicode scalars at `offset` from the cursor (negative: before it). IBus and
    /// GTK count characters as code points: the same unit.
    case deleteSurrounding(offset: Int, count: Int)
    /// Insert text at the cursor.
    case commit(String)
    /// Hand a key event back to the application (`state` has ``KeyEventState/release`` on a release).
    case forwardKey(keysym: UInt32, keycode: UInt32, state: UInt32)
    /// Show this preedit at the cursor (empty: hide it), its cursor after `cursor` Unicode scalars.
    case preedit(String, cursor: Int)
    /// Show these word suggestions, best first (empty: hide them).
    case suggestions([String])
    /// Show this page of the conversion key's list (hanja or symbols) in place of the
    /// suggestions; `nil`: hide it (the suggestions come back after).
    case candidates(CandidatePage?)
}

extension SessionAction {
    /// The keysym of BackSpace, forwarded for a backspace the engine did not use.
    static let backspaceKeysym = Keymap.keysymNames["BackSpace"]!
    /// BackSpace's evdev keycode, forwarded until a backspace press says the framework's own.
    static let backspaceKeycode: UInt32 = 14

    /// What a client applies for `outcome`: the outcome's edits in order (the preedit hidden
    /// before a deletion), a backspace a timer declined (held, repeating past what the engine
    /// typed), then the preedit if it changed or was hidden. The call's own declined key is not
    /// among them: the call's answer (`handled` false) returns it.
    ///
    /// The declined backspace deletes the character before the cursor when the client can delete
    /// (`clientCanDelete`): fcitx5's GTK 4 module drops forwarded keys, and fcitx5 on Wayland
    /// forwards them by keycode alone. A client that cannot delete (a terminal) gets BackSpace
    /// forwarded, a press and a release with `backspaceKeycode`, that of the backspace held.
    static func actions(
        for outcome: TypingContext.Outcome, clientCanDelete: Bool = false, backspaceKeycode: UInt32 = backspaceKeycode
    ) -> [SessionAction] {
        var actions: [SessionAction] = []
        // Applications may refuse to delete around a composition they show (Chromium does): hide
        // it first, and show the new one after.
        let hidesPreedit = outcome.retract > 0
        if hidesPreedit { actions.append(.preedit("", cursor: 0)) }
        outcome.forEachEdit(withoutOwnKey: true) { edit in
            switch edit {
            case .delete(let count):
                actions.append(.deleteSurrounding(offset: -count, count: count))
            case .insert(let text):
                actions.append(.commit(text))
            case .key(let key):
                guard key == .backspace else { return }  // a timer declines only a repeating backspace
                if clientCanDelete {
                    actions.append(.deleteSurrounding(offset: -1, count: 1))
                    return
                }
                actions.append(.forwardKey(keysym: backspaceKeysym, keycode: backspaceKeycode, state: 0))
                actions.append(
                    .forwardKey(keysym: backspaceKeysym, keycode: backspaceKeycode, state: KeyEventState.release))
            }
        }
        if outcome.preeditChanged || hidesPreedit {
            actions.append(.preedit(outcome.preedit, cursor: outcome.preedit.unicodeScalars.count))
        }
        return actions
    }
}

extension [SessionAction] {
    /// The last suggestions among these actions, `nil` if none changed them.
    package var suggestions: [String]? {
        lazy.compactMap { if case .suggestions(let words) = $0 { words } else { nil } }.last
    }
}
