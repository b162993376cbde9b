import HwaljaDBus
import HwaljaRuntime
import HwaljaSession

/// The conversion key's list (hanja and symbols) on both context interfaces: its page as the
/// `Candidates` property and the `CandidatesChanged` signal, and the methods that turn, pick
/// and close it.
extension EngineService {
    /// `TurnCandidatePage(i)` and `CloseCandidates()` on either interface, and
    /// `AcceptCandidate(u)` on `InputContext1` (answered `handled`); `nil` for any other method.
    func candidatesMethod(_ call: BusMessage, number: Int, member: String, caller: String) throws -> BusMessage? {
        switch member {
        case "TurnCandidatePage":
            try expect(call, "i")
            guard case .int32(let count) = try call.arguments()[0] else {
                throw BusError(name: EngineInterface.ErrorName.invalidArgs, message: "TurnCandidatePage takes (i)")
            }
            let actions = try onContext(number, caller) { $0.session.turnCandidatePage(Int(count)) }
            queueListSignals(for: actions, context: number)
            return try call.methodReturn()
        case "CloseCandidates":
            try expect(call, "")
            try closeCandidates(number, caller)
            return try call.methodReturn()
        case "AcceptCandidate" where try inspectContext(number, caller, { $0.takesKeyEvents }):
            try expect(call, "u")
            let index = Int(try call.arguments()[0].uint32Value ?? 0)
            // An index not shown (the list closed or turned meanwhile) is a click with no effect.
            let picked = try onContext(number, caller) { $0.session.acceptCandidate(index) }
            queueSignals(for: picked ?? [], context: number)
            return try call.methodReturn([.boolean(picked != nil)])
        default:
            return nil
        }
    }

    /// Closes context `number`'s list if it is open, and says so (`CandidatesChanged` with no
    /// candidates): before any key of a key-name context, which types as if the list were not there.
    func closeCandidates(_ number: Int, _ caller: String) throws(BusError) {
        let closed = try onContext(number, caller) { $0.session.hasCandidates ? $0.session.closeCandidates() : [] }
        queueListSignals(for: closed, context: number)
    }

    /// The `CandidatesChanged` and `SuggestionsChanged` signals among `actions` (what a key-name
    /// context's list sends as it turns or closes: its other changes go in replies); the keypad's
    /// row follows.
    func queueListSignals(for actions: [SessionAction], context number: Int) {
        if !actions.isEmpty { keypadRow.changed(number, suggestions: actions.suggestions) }
        for action in actions {
            switch action {
            case .candidates(let page): queueCandidatesChanged(number, page)
            case .suggestions(let words):
                guard sessions.inspect(number, { $0.getsSignals }) == true else { continue }
                queueSignal(number, .suggestionsChanged, [.stringArray(words)], carrying: words.joined())
            default: continue
            }
        }
    }

    /// Queues `CandidatesChanged` for `page` (`nil`: the list closed), if context `number`'s client
    /// gets signals (a key-name client that did not set Signals reads the `Candidates` property).
    func queueCandidatesChanged(_ number: Int, _ page: CandidatePage?) {
        guard sessions.inspect(number, { $0.getsSignals }) == true else { return }
        let carried = (page?.candidates ?? []).map { $0.text + $0.meaning }.joined()
        queueSignal(number, .candidatesChanged, CandidatesSignal(page).values, carrying: carried)
    }

    /// The `Candidates` property `(a(ss)uu)`: the page shown, as `CandidatesChanged` sends it.
    static func candidatesValue(_ page: CandidatePage?) -> BusValue {
        .structure(CandidatesSignal(page).values)
    }
}
