import HwaljaCore
import HwaljaDBus
import HwaljaReplay

/// What an application holds of one context's typing, kept as the interface file says a client
/// must: each signal applied once and in order, then each call's reply (``applyReply(commit:preedit:consumed:key:)``).
/// The text before the cursor and the preedit after it.
package struct ContextText: Sendable, Equatable {
    /// The application's text before the cursor.
    package var committed: String { application.text }
    private var application = ApplicationText()
    /// The preedit, shown at the cursor.
    package private(set) var preedit = ""
    /// How many `DeleteBeforeCursor` signals arrived.
    package private(set) var deletions = 0

    package init() {}

    /// The text with the preedit shown at its end.
    package var shown: String { committed + preedit }

    /// Applies one `org.hwalja.Context1` signal; returns `false` for a member it does not know.
    @discardableResult
    package mutating func apply(_ member: String, _ arguments: [BusValue]) -> Bool {
        switch (member, arguments.first) {
        case ("DeleteBeforeCursor", .uint32(let count)?):
            application.deleteScalars(Int(count))
            deletions += 1
        case ("Committed", .string(let text)?):
            application.insert(text)
        case ("PreeditChanged", .string(let text)?):
            preedit = text
        case ("KeyNotConsumed", .string(let name)?):
            guard let key = Key(token: name) else { return true }
            applyDeclined(key)
        default:
            return false
        }
        return true
    }

    /// Applies the reply to a call, after the signals that came before it: inserts `commit`, shows
    /// `preedit`, and when the call's `key` was not consumed, applies it.
    package mutating func applyReply(commit: String, preedit: String, consumed: Bool, key: Key?) {
        application.insert(commit)
        self.preedit = preedit
        if !consumed, let key { applyDeclined(key) }
    }

    /// Applies a key the engine did not use, as the application does: a backspace deletes a
    /// character, a return inserts a newline. For a call whose reply says `consumed` false, with
    /// the call's key, and for `KeyNotConsumed`.
    package mutating func applyDeclined(_ key: Key) {
        application.applyDeclined(key)
    }
}
