import HwaljaDBus

/// The signals of one context, built once with its path, interface, member and owner set:
/// sending one copies its template and adds the arguments (`BusMessage.copy()`), a fraction of
/// the cost of building a signal and addressing it anew on every key.
struct ContextSignals {
    /// The unique bus name the signals are addressed to.
    let owner: String
    private let templates: [String: BusMessage]

    /// The signal members of each interface.
    private static let members = [
        EngineInterface.contextInterface: ["Committed", "PreeditChanged", "KeyNotConsumed", "DeleteBeforeCursor"],
        EngineInterface.inputContextInterface: ["CommitText", "UpdatePreedit", "DeleteSurroundingText", "ForwardKeyEvent"],
    ]

    /// Templates for the context at `path` implementing `interface`, addressed to `owner` only:
    /// typed text is never broadcast.
    init(path: String, interface: String, owner: String) {
        self.owner = owner
        var templates: [String: BusMessage] = [:]
        for member in Self.members[interface] ?? [] {
            let signal = BusMessage.signal(path: path, interface: interface, member: member)
            signal.setDestination(owner)
            templates[member] = signal
        }
        self.templates = templates
    }

    /// The approximate wire size of one of these signals without its arguments: header fields, path, owner.
    static let size = 160

    /// Signal `member` of the context's interface carrying `values`.
    func signal(_ member: String, _ values: [BusValue]) -> BusMessage? {
        guard let template = templates[member] else { return nil }
        let signal = template.copy()
        try? signal.append(values)  // fails only without memory; the signal then goes without its arguments
        return signal
    }
}
