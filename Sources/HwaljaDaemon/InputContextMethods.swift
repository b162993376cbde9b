import HwaljaCore
import HwaljaDBus
import HwaljaSession
import HwaljaTyping

/// `org.hwalja.InputContext1`: key events from an input framework or on-screen keyboard, through
/// the session layer (``InputSession``), answered with signals and a `handled` flag.
extension EngineService {
    /// Runs method `member` of input context `number`, whose owner the caller is, or returns `nil`
    /// if there is no such method.
    func inputContextMethod(_ call: BusMessage, number: Int, member: String, caller: String) throws -> BusMessage? {
        let actions: [SessionAction]
        if let answer = try candidatesMethod(call, number: number, member: member, caller: caller) { return answer }
        switch member {
        case "ProcessKeyEvent":
            try expect(call, "uuu")
            let arguments = try call.arguments()
            guard case .uint32(let keysym) = arguments[0], case .uint32(let keycode) = arguments[1],
                case .uint32(let state) = arguments[2]
            else {
                // the signature was checked: never
                throw BusError(name: EngineInterface.ErrorName.invalidArgs, message: "ProcessKeyEvent takes (uuu)")
            }
            let time = now
            let result = try onContext(number, caller) {
                $0.session.processKeyEvent(keysym: keysym, keycode: keycode, state: state, at: time)
            }
            if let recorded = result.recorded { sessions.record(number, [(recorded.down, recorded.key)]) }
            queueSignals(for: result.actions, context: number)
            suggestionsMayChange(number)
            return try call.methodReturn([.boolean(result.handled), .uint32(result.release.rawValue)])
        case "AcceptSuggestion":
            try expect(call, "u")
            let index = Int(try call.arguments()[0].uint32Value ?? 0)
            // An index no longer shown (the suggestions changed meanwhile) is a key with no effect.
            let picked = try onContext(number, caller) { $0.session.acceptSuggestion(index) }
            queueSignals(for: picked ?? [], context: number)
            return try call.methodReturn([.boolean(picked != nil)])
        case "FocusIn":
            try expect(call, "")
            actions = []
            try keypadFocus(number, caller)
        case "FocusOut":
            try expect(call, "")
            actions = try onContext(number, caller) { $0.session.focusOut() }
            keypadFocusGone([number])
        case "Reset":
            try expect(call, "")
            actions = try onContext(number, caller) { $0.session.focusOut() }
        case "SetContentType":
            try expect(call, "uu")
            let arguments = try call.arguments()
            guard case .uint32(let purpose) = arguments[0], case .uint32(let hints) = arguments[1] else {
                // the signature was checked: never
                throw BusError(name: EngineInterface.ErrorName.invalidArgs, message: "SetContentType takes (uu)")
            }
            actions = try onContext(number, caller) { $0.session.setContentType(purpose: purpose, hints: hints) }
        case "SetSurroundingText":
            try expect(call, "suu")
            let arguments = try call.arguments()
            guard let text = arguments[0].stringValue, case .uint32(let cursor) = arguments[1],
                case .uint32(let anchor) = arguments[2]
            else {
                // the signature was checked: never
                throw BusError(name: EngineInterface.ErrorName.invalidArgs, message: "SetSurroundingText takes (suu)")
            }
            // A client that tells the text around its cursor can delete there; of the text, only
            // what the conversion key may convert is kept (the word before the cursor, a selection).
            actions = try onContext(number, caller) {
                $0.session.canDeleteSurrounding = true
                return $0.session.setSurroundingText(text, cursor: Int(cursor), anchor: Int(anchor))
            }
        case "SetKeymap":
            try expect(call, "s")
            let name = try call.arguments()[0].stringValue ?? ""
            let layout = try onContext(number, caller) { $0.session.typing.layout }
            guard let keymap = Keymap.named(name, layout: layout) else {
                throw BusError(
                    name: EngineInterface.ErrorName.invalidArgs,
                    message:
                        "unknown keymap \(Excerpt.quoted(name)); keymaps are \(Keymap.names.joined(separator: ", "))"
                )
            }
            try onContext(number, caller) {
                $0.session.keymap = keymap
                $0.keymapChosenByClient = true
            }
            actions = []
        default:
            return nil
        }
        queueSignals(for: actions, context: number)
        return try call.methodReturn()
    }

    /// Queues the signals for input context `number`'s `actions`, in order.
    func queueSignals(for actions: [SessionAction], context number: Int) {
        for action in actions {
            switch action {
            case .deleteSurrounding(let offset, let count):
                queueSignal(
                    number, .deleteSurroundingText, [.int32(Int32(clamping: offset)), .uint32(UInt32(clamping: count))])
            case .commit(let text):
                queueSignal(number, .commitText, [.string(text)], carrying: text)
            case .forwardKey(let keysym, let keycode, let state):
                queueSignal(number, .forwardKeyEvent, [.uint32(keysym), .uint32(keycode), .uint32(state)])
            case .preedit(let text, let cursor):
                queueSignal(number, .updatePreedit, [.string(text), .uint32(UInt32(clamping: cursor))], carrying: text)
            case .suggestions(let words):
                queueSignal(number, .suggestionsChanged, [.stringArray(words)], carrying: words.joined())
            case .candidates(let page):
                queueCandidatesChanged(number, page)
            }
        }
        if !actions.isEmpty { keypadRow.changed(number, suggestions: actions.suggestions) }
    }
}
