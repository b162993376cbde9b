import HwaljaDBus

/// The signals of one context, each built once with its path, interface, member and owner set,
/// on first use: sending one copies its template and adds the arguments (`BusMessage.copy()`), a
/// fraction of the cost of building a signal and addressing it anew on every key. Kept only for
/// the contexts that signalled last (``RecentSignals``): an idle context costs no message at all.
final class ContextSignals {
    /// A signal of either context interface.
    enum Member: Int, CaseIterable {
        // org.hwalja.Context1
        case committed, preeditChanged, keyNotConsumed, deleteBeforeCursor
        // org.hwalja.InputContext1
        case commitText, updatePreedit, deleteSurroundingText, forwardKeyEvent
        // both
        case suggestionsChanged, candidatesChanged
        // org.hwalja.Context1, with no template
        case conversionAvailable

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
            case .suggestionsChanged: "SuggestionsChanged"
            case .candidatesChanged: "CandidatesChanged"
            case .conversionAvailable: "ConversionAvailable"
            }
        }

        /// The interface the signal belongs to; `nil` for one both have.
        var interface: String? {
            switch self {
            case .committed, .preeditChanged, .keyNotConsumed, .deleteBeforeCursor, .conversionAvailable:
                EngineInterface.contextInterface
            case .commitText, .updatePreedit, .deleteSurroundingText, .forwardKeyEvent:
                EngineInterface.inputContextInterface
            case .suggestionsChanged, .candidatesChanged: nil
            }
        }

        /// Its template's place among its interface's four.
        var slot: Int { rawValue % 4 }

        /// Whether it is sent from a template: the signals of every key (the first eight).
        var isTemplated: Bool { rawValue < Self.suggestionsChanged.rawValue }
    }

    /// The unique bus name the signals are addressed to.
    let owner: String
    private let path: String
    /// The interface of the context's object.
    let interface: String
    /// The templates built so far, by ``Member`` raw value less the interface's first (0...3).
    private var templates: (BusMessage?, BusMessage?, BusMessage?, BusMessage?)

    /// Signals for the context at `path` implementing `interface`, addressed to `owner` only:
    /// typed text is never broadcast.
    init(path: String, interface: String, owner: String) {
        self.owner = owner
        self.path = path
        self.interface = interface
    }

    /// The approximate wire size of one of these signals without its arguments: header fields, path, owner.
    static let size = 160

    /// Signal `member` carrying `values`, or `nil` if the context's interface has no such signal.
    /// `SuggestionsChanged`, `CandidatesChanged` and `ConversionAvailable` are built anew each
    /// time, with no template kept: they go after a key's answer or for the conversion key, not on
    /// a letter's path.
    func signal(_ member: Member, _ values: [BusValue]) -> BusMessage? {
        if !member.isTemplated {
            guard member.interface == nil || member.interface == interface else { return nil }
            let signal = BusMessage.signal(path: path, interface: interface, member: member.name)
            signal.setDestination(owner)
            try? signal.append(values)
            return signal
        }
        guard member.interface == interface, let template = template(member) else { return nil }
        let signal = template.copy()
        try? signal.append(values)  // fails only without memory; the signal then goes without its arguments
        return signal
    }

    /// The template of `member`, built now if it is the first of its kind.
    private func template(_ member: Member) -> BusMessage? {
        let slot = member.slot
        let built: BusMessage? =
            switch slot {
            case 0: templates.0
            case 1: templates.1
            case 2: templates.2
            default: templates.3
            }
        if let built { return built }
        let fresh = BusMessage.signal(path: path, interface: interface, member: member.name)
        fresh.setDestination(owner)
        let signal = fresh.copy()  // a copy's buffers are its exact size; the original's grew by doubling
        switch slot {
        case 0: templates.0 = signal
        case 1: templates.1 = signal
        case 2: templates.2 = signal
        default: templates.3 = signal
        }
        return signal
    }
}
