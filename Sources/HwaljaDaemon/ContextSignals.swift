import HwaljaDBus

/// The signals of one context, built once with its path, interface, member and owner set:
/// sending one copies its template and adds the arguments (`BusMessage.copy()`), a fraction of
/// the cost of building a signal and addressing it anew on every key.
struct ContextSignals {
    /// A signal of either context interface.
    enum Member: Int, CaseIterable {
        // org.hwalja.Context1
        case committed, preeditChanged, keyNotConsumed, deleteBeforeCursor, suggestionsChanged
        // org.hwalja.InputContext1
        case commitText, updatePreedit, deleteSurroundingText, forwardKeyEvent, inputSuggestionsChanged

        /// The member name on the bus.
        var name: String {
            switch self {
            case .committed: "Committed"
            case .preeditChanged: "PreeditChanged"
            case .keyNotConsumed: "KeyNotConsumed"
            case .deleteBeforeCursor: "DeleteBeforeCursor"
            case .commitText: "CommitText"
            case .updatePreedit: "UpdatePreedit"
            case .deleteSurroundingText: "DeleteSurroundingText"
            case .forwardKeyEvent: "ForwardKeyEvent"
            case .suggestionsChanged, .inputSuggestionsChanged: "SuggestionsChanged"
            }
        }

        /// The interface the signal belongs to.
        var interface: String {
            switch self {
            case .committed, .preeditChanged, .keyNotConsumed, .deleteBeforeCursor, .suggestionsChanged: EngineInterface.contextInterface
            default: EngineInterface.inputContextInterface
            }
        }
    }

    /// The unique bus name the signals are addressed to.
    let owner: String
    /// The interface of the context's object.
    let interface: String
    /// By ``Member`` raw value; `nil` for the other interface's members.
    private let templates: [BusMessage?]

    /// Templates for the context at `path` implementing `interface`, addressed to `owner` only:
    /// typed text is never broadcast.
    init(path: String, interface: String, owner: String) {
        self.owner = owner
        self.interface = interface
        templates = Member.allCases.map { member in
            guard member.interface == interface else { return nil }
            let signal = BusMessage.signal(path: path, interface: interface, member: member.name)
            signal.setDestination(owner)
            return signal
        }
    }

    /// The approximate wire size of one of these signals without its arguments: header fields, path, owner.
    static let size = 160

    /// Signal `member` carrying `values`, or `nil` if the context's interface has no such signal.
    func signal(_ member: Member, _ values: [BusValue]) -> BusMessage? {
        guard let template = templates[member.rawValue] else { return nil }
        let signal = template.copy()
        try? signal.append(values)  // fails only without memory; the signal then goes without its arguments
        return signal
    }
}
