import HwaljaDBus

/// The signals of one context, built once with its path, interface, member and owner set:
/// sending one copies its template and adds the text (`BusMessage.copy()`), a fraction of the
/// cost of building a signal and addressing it anew on every key.
struct ContextSignals {
    /// The unique bus name the signals are addressed to.
    let owner: String
    private let committed: BusMessage
    private let preeditChanged: BusMessage
    private let keyNotConsumed: BusMessage
    private let deleteBeforeCursor: BusMessage

    /// Templates for the context at `path`, addressed to `owner` only: typed text is never broadcast.
    init(path: String, owner: String) {
        self.owner = owner
        func template(_ member: String) -> BusMessage {
            let signal = BusMessage.signal(path: path, interface: EngineInterface.contextInterface, member: member)
            signal.setDestination(owner)
            return signal
        }
        committed = template("Committed")
        preeditChanged = template("PreeditChanged")
        keyNotConsumed = template("KeyNotConsumed")
        deleteBeforeCursor = template("DeleteBeforeCursor")
    }

    /// The approximate wire size of one of these signals without its text: header fields, path, owner.
    static let size = 160

    /// `Committed(text)`.
    func committed(_ text: String) -> BusMessage { filled(committed, text) }
    /// `PreeditChanged(text)`.
    func preeditChanged(_ text: String) -> BusMessage { filled(preeditChanged, text) }
    /// `KeyNotConsumed(key)`.
    func keyNotConsumed(_ key: String) -> BusMessage { filled(keyNotConsumed, key) }

    /// `DeleteBeforeCursor(count)`.
    func deleteBeforeCursor(_ count: Int) -> BusMessage { filled(deleteBeforeCursor, .uint32(UInt32(clamping: count))) }

    private func filled(_ template: BusMessage, _ text: String) -> BusMessage {
        filled(template, .string(text))
    }

    private func filled(_ template: BusMessage, _ value: BusValue) -> BusMessage {
        let signal = template.copy()
        try? signal.append([value])  // fails only without memory; the signal then goes without its argument
        return signal
    }
}
