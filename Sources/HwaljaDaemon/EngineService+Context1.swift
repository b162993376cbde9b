import HwaljaCore
import HwaljaDBus
import HwaljaSession
import HwaljaTyping

/// `org.hwalja.Context1`: a context typed by key names, one call a key, answered with what the
/// key did; what a reply cannot carry goes as signals just before it.
extension EngineService {
    /// Runs method `member` of context `number` (`org.hwalja.Context1`), whose owner the caller is,
    /// or returns `nil` if there is no such method.
    func contextMethod(_ call: BusMessage, number: Int, member: String, caller: String) throws -> BusMessage? {
        let time = now
        let outcome: TypingContext.Outcome
        if let answer = try candidatesMethod(call, number: number, member: member, caller: caller) { return answer }
        switch member {
        case "PressKey", "KeyDown", "KeyUp", "KeyUpLongPressed":
            try expect(call, "s")
            let token = call.firstString ?? ""
            if token == EngineInterface.conversionKey {
                return try conversionKey(call, number: number, member: member, caller: caller)
            }
            // One look-up of the context a key: its layout reads the token, an open list of the
            // conversion key closes, then it types the key (a key refused changes nothing).
            let typed = try onContext(number, caller) {
                context -> Result<(Key, TypingContext.Outcome, [SessionAction]), BusError> in
                Result { () throws(BusError) in
                    let key = try parseKey(token, layout: context.session.typing.layout)
                    let closed = context.session.hasCandidates ? context.session.closeCandidates() : []
                    let outcome: TypingContext.Outcome =
                        switch member {
                        case "PressKey": context.session.typing.tap(key, at: time)
                        case "KeyDown": context.session.typing.keyDown(key, at: time)
                        case "KeyUpLongPressed": context.session.typing.keyUpLongPressed(key, at: time)
                        default: context.session.typing.keyUp(key, at: time)
                        }
                    return (key, outcome, closed)
                }
            }
            let key: Key
            let closed: [SessionAction]
            (key, outcome, closed) = try typed.get()
            queueListSignals(for: closed, context: number)
            if sessions.recorder != nil {
                let events: [(Bool, Key)] =
                    switch member {
                    case "PressKey": [(true, key), (false, key)]
                    case "KeyDown": [(true, key)]
                    default: [(false, key)]
                    }
                sessions.record(number, events)
            }
        case "Backspace", "NextCharacter":
            try expect(call, "")
            try closeCandidates(number, caller)
            let key: Key = member == "Backspace" ? .backspace : .next
            outcome = try onTyping(number, caller) { $0.tap(key, at: time) }
            sessions.record(number, [(true, key), (false, key)])
        case "SetCapabilities":
            try expect(call, "u")
            guard case .uint32(let asked) = try call.arguments()[0] else {
                // the signature was checked: never
                throw BusError(name: EngineInterface.ErrorName.invalidArgs, message: "SetCapabilities takes (u)")
            }
            let accepted = asked & EngineInterface.Capability.known
            let hints = try onContext(number, caller) { context in
                context.session.typing.clientCanDelete = accepted & EngineInterface.Capability.deleteBeforeCursor != 0
                context.learnsWords = accepted & EngineInterface.Capability.learnWords != 0
                context.readsSignals = accepted & EngineInterface.Capability.signals != 0
                context.hintsConversion =
                    context.readsSignals && accepted & EngineInterface.Capability.conversionHint != 0
                return context.hintsConversion
            }
            // The first hint must not wait for the files: they are read now, in the background.
            if hints { program.hanja?.prepare() }
            return try call.methodReturn([.uint32(accepted)])
        case "AcceptSuggestion":
            try expect(call, "u")
            let index = Int(try call.arguments()[0].uint32Value ?? 0)
            try closeCandidates(number, caller)
            outcome = try onContext(number, caller) { context in
                // An index no longer shown (the suggestions changed meanwhile) is a key with no effect.
                context.session.pickSuggestion(index) ?? .declined(preedit: context.session.typing.preedit)
            }
        case "AcceptCandidate":
            try expect(call, "u")
            let index = Int(try call.arguments()[0].uint32Value ?? 0)
            // Picks are learned only for a client that asked to learn (LearnWords), as words are.
            let (picked, preedit) = try onContext(number, caller) {
                ($0.session.pickCandidate(index, learning: $0.learnsWords), $0.session.typing.preedit)
            }
            // An index not shown (the list closed or turned meanwhile) is a key with no effect.
            outcome = picked ?? .declined(preedit: preedit)
            if picked != nil { queueCandidatesChanged(number, nil) }
        case "Commit":
            try expect(call, "")
            try closeCandidates(number, caller)
            let result = try onTyping(number, caller) { $0.commit() }
            learnWords(endedBy: result, context: number)
            suggestionsMayChange(number)
            return try call.methodReturn([.string(result.commit)])
        case "Reset":
            try expect(call, "")
            try closeCandidates(number, caller)
            _ = try onTyping(number, caller) { $0.reset() }
            suggestionsMayChange(number)
            return try call.methodReturn()
        default:
            return nil
        }
        let commit = queueSignalsBeforeReply(for: outcome, context: number)
        learnWords(endedBy: outcome, context: number)
        suggestionsMayChange(number)
        return try call.methodReturn([.string(commit), .string(outcome.preedit), .boolean(outcome.consumed)])
    }

    /// `PressKey("HANJA")` (or `KeyDown`): opens the conversion key's list of the word being typed,
    /// its first page sent as `CandidatesChanged` (to a client that reads signals) and kept as the
    /// `Candidates` property; answered as a key that typed nothing, consumed if the list opened.
    /// Pressed again, it closes the list. `KeyUp("HANJA")` does nothing.
    private func conversionKey(_ call: BusMessage, number: Int, member: String, caller: String) throws -> BusMessage {
        let pressed = member == "PressKey" || member == "KeyDown"
        // Opening hides the suggestions (the list takes their place); closing shows them again.
        let (actions, consumed, preedit) = try onContext(number, caller) {
            context -> ([SessionAction], Bool, String) in
            let preedit = context.session.typing.preedit
            guard pressed else { return ([], true, preedit) }
            if context.session.hasCandidates { return (context.session.closeCandidates(), true, preedit) }
            let suggested = !context.session.suggestions.isEmpty
            guard let opened = context.session.openCandidates() else { return ([], false, preedit) }
            return ((suggested ? [.suggestions([])] : []) + [.candidates(opened)], true, preedit)
        }
        queueListSignals(for: actions, context: number)
        return try call.methodReturn([.string(""), .string(preedit), .boolean(consumed)])
    }

    /// What a call on a key-name context did goes in its reply, one message, except what a reply
    /// cannot carry: a deletion, or a key a timer declined. Those, and the text inserted before
    /// them, go as signals just before the reply. Returns the reply's commit: the text inserted
    /// after the last of them (all of it, in the usual case).
    func queueSignalsBeforeReply(for outcome: TypingContext.Outcome, context number: Int) -> String {
        if outcome.retract == 0 && (outcome.passed.isEmpty || (outcome.passed.count == 1 && outcome.ownKeyDeclined)) {
            return outcome.commit
        }
        var trailing = ""
        outcome.forEachEdit(withoutOwnKey: true) { edit in
            switch edit {
            case .insert(let text):
                trailing += text
            case .delete, .key:
                if !trailing.isEmpty { queueSignal(for: .insert(trailing), context: number) }
                trailing = ""
                queueSignal(for: edit, context: number)
            }
        }
        return trailing
    }

    /// Signals what a timer did to key-name context `number` (a client that reads signals; for
    /// others no timer is armed).
    func signalTimerOutcome(_ outcome: TypingContext.Outcome, context number: Int) {
        outcome.forEachEdit { edit in queueSignal(for: edit, context: number) }
        if outcome.preeditChanged {
            queueSignal(number, .preeditChanged, [.string(outcome.preedit)], carrying: outcome.preedit)
        }
        learnWords(endedBy: outcome, context: number)
        suggestionsMayChange(number)
    }

    /// Queues the `org.hwalja.Context1` signal of one edit.
    func queueSignal(for edit: TypingContext.Outcome.Edit, context number: Int) {
        switch edit {
        case .delete(let count): queueSignal(number, .deleteBeforeCursor, [.uint32(UInt32(clamping: count))])
        case .insert(let text): queueSignal(number, .committed, [.string(text)], carrying: text)
        case .key(let key): queueSignal(number, .keyNotConsumed, [.string(key.name)], carrying: key.name)
        }
    }

    /// Learns the words `outcome` ended, if context `number`'s client asked.
    func learnWords(endedBy outcome: TypingContext.Outcome, context number: Int) {
        guard !outcome.endedWords.isEmpty else { return }
        sessions.withAny(number) { context in
            if context.learnsWords { context.session.learnWords(endedBy: outcome) }
        }
    }

    func parseKey(_ token: String, layout: KeyboardLayout) throws(BusError) -> Key {
        let key = layout == .cheonjiin ? Key(token: token) : layout.key(token: token)
        guard let key else {
            let keys = layout == .cheonjiin ? Key.tokenSummary : layout.tokenSummary
            throw BusError(
                name: EngineInterface.ErrorName.unknownKey,
                message: "unknown \(layout.name) key \(Excerpt.quoted(token)); keys are \(keys)"
            )
        }
        return key
    }
}
