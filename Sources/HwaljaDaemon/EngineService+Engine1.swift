import HwaljaCore
import HwaljaDBus
import HwaljaRuntime
import HwaljaSession
import HwaljaTable
import HwaljaTyping

/// `org.hwalja.Engine1` on `/org/hwalja/Engine1`: making and destroying contexts, the settings,
/// the learned words, the peer socket's address, and the properties (`Version`, `TableInfo`, and
/// each context's).
extension EngineService {
    func engineMethod(_ call: BusMessage, member: String, caller: String) throws -> BusMessage? {
        switch member {
        case "CreateContext", "CreateInputContext":
            // No argument: the settings' layout; one string: the layout's name.
            guard call.signature == "" || call.signature == "s" else {
                throw BusError(
                    name: EngineInterface.ErrorName.invalidArgs,
                    message: "\(member) takes () or (s), got (\(call.signature))")
            }
            let layout =
                call.signature == "s" ? try parseLayout(try call.arguments()[0].stringValue ?? "") : settings.layout
            var session = InputSession(
                table: try table(of: layout), settings: settings, resolved: keymap, onFocusLoss: .sessionCommits,
                wordSuggestions: program.wordSuggestions)
            session.hanja = program.hanja
            let takesKeyEvents = member == "CreateInputContext"
            let context = DaemonContext(session: session, takesKeyEvents: takesKeyEvents)
            let number = try refusalToBusError { () throws(ContextRegistry<DaemonContext>.Refusal) in
                try sessions.add(context, owner: caller)
            }
            return try call.methodReturn([.objectPath(EngineInterface.contextPath(number))])
        case "DestroyContext":
            try expect(call, "o")
            let path = try call.arguments()[0].stringValue ?? ""
            guard let number = EngineInterface.contextNumber(inPath: path) else {
                throw BusError(
                    name: EngineInterface.ErrorName.noSuchContext,
                    message: "\(Excerpt.quoted(path)) is not a context's path")
            }
            try refusalToBusError { () throws(ContextRegistry<DaemonContext>.Refusal) in
                try sessions.remove(number, caller: caller)
            }
            forgetContexts([number])
            return try call.methodReturn()
        case "GetPeerAddress":
            try expect(call, "")
            return try call.methodReturn([.string(program.peerAddress)])
        case "GetSettings":
            try expect(call, "")
            let entries: [BusValue] = HwaljaSettings.catalogue.map { setting in
                .structure([
                    .string(setting.name), .string(settings.value(of: setting.name) ?? ""),
                    .string(setting.defaultValue),
                    .string(setting.kind.name), .string(setting.summary),
                    .array(elementSignature: "s", setting.kind.allowed.map(BusValue.string))
                ])
            }
            return try call.methodReturn([.array(elementSignature: "(sssssas)", entries)])
        case "SetSetting":
            try expect(call, "ss")
            let arguments = try call.arguments()
            let name = arguments[0].stringValue ?? ""
            let value = arguments[1].stringValue ?? ""
            var checked = settings
            do {
                try checked.set(name, to: value)
            } catch .unknownSetting {
                throw BusError(
                    name: EngineInterface.ErrorName.unknownSetting,
                    message:
                        "no setting \(Excerpt.quoted(name, limit: 32)) (settings: \(HwaljaSettings.names.joined(separator: ", ")))"
                )
            } catch {
                throw BusError(
                    name: EngineInterface.ErrorName.invalidSetting,
                    message:
                        "\(Excerpt.quoted(value)) is not a valid \(name) (\(HwaljaSettings.setting(named: name)?.kind.summary ?? ""))"
                )
            }
            if let problem = program.writeSetting(name, value) { throw BusError.failed(Excerpt.shortened(problem)) }
            program.log("set \(name) = \(Excerpt.quoted(value)), as \(caller) asked")
            return try call.methodReturn()
        case "ForgetLearnedWords":
            try expect(call, "")
            program.wordSuggestions?.forgetLearnedWords()
            if let problem = program.forgetLearnedWords() { throw BusError.failed(Excerpt.shortened(problem)) }
            program.log("forgot the learned words, as \(caller) asked")
            return try call.methodReturn()
        default:
            return nil
        }
    }

    func properties(_ call: BusMessage, path: String, member: String, caller: String) throws -> BusMessage? {
        let arguments = try call.arguments()
        let all: [String: BusValue]
        let interface: String
        if path == EngineInterface.enginePath {
            interface = EngineInterface.engineInterface
            all = [
                "Version": .string(hwaljaVersion),
                "TableInfo": .stringVariantDictionary([
                    "format-version": .uint32(UInt32(TableFile.formatVersion)),
                    "transitions": Self.transitionCount(tables.main.table),
                    "live-pairs": Self.livePairCount(tables.main.table),
                    "checksum": .string(Checksum.hexadecimal(tables.main.checksum)),
                    "path": .string(tables.main.path),
                    "layouts": layoutTableInfo()
                ])
            ]
        } else if let number = EngineInterface.contextNumber(inPath: path) {
            let (kind, preedit, suggestions, candidates) = try onContext(number, caller) { context in
                // A client that takes no signals learns its suggestions here: they are looked up now.
                if !context.getsSignals { _ = context.session.suggestionsUpdate() }
                return (
                    context.interface, context.session.typing.preedit, context.session.suggestions.map(\.text),
                    context.session.candidatePage
                )
            }
            interface = kind
            let both = [
                "Suggestions": BusValue.stringArray(suggestions), "Candidates": Self.candidatesValue(candidates)
            ]
            all = kind == EngineInterface.contextInterface ? both.merging(["Preedit": .string(preedit)]) { $1 } : both
        } else {
            return nil
        }
        switch member {
        case "GetAll":
            try expect(call, "s")
            let asked = arguments[0].stringValue ?? ""
            return try call.methodReturn([.stringVariantDictionary(asked == interface || asked.isEmpty ? all : [:])])
        case "Get":
            try expect(call, "ss")
            let name = arguments[1].stringValue ?? ""
            guard arguments[0].stringValue == interface || arguments[0].stringValue == "", let value = all[name] else {
                let asked = (arguments[0].stringValue ?? "") + "." + name
                throw BusError.invalidArgs("no property \(Excerpt.quoted(asked)) on \(path)")
            }
            return try call.methodReturn([.variant(value)])
        case "Set":
            throw BusError(
                name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: "hwalja's properties are read-only")
        default:
            return nil
        }
    }

    func layoutTableInfo() -> BusValue {
        .stringVariantDictionary(
            Dictionary(
                uniqueKeysWithValues: tables.inUse.map { layout, table in
                    (
                        layout.name,
                        .stringVariantDictionary([
                            "transitions": Self.transitionCount(table), "live-pairs": Self.livePairCount(table)
                        ])
                    )
                })
        )
    }

    /// TableInfo's `layouts`: each layout's table in use (the file's, or generated with the
    /// settings' layout-options), by name: its transitions and live pairs.
    /// A table's counts as `TableInfo` gives them, for 천지인 and in its "layouts".
    static func transitionCount(_ table: TransitionTable) -> BusValue { .uint32(UInt32(table.transitionCount)) }

    static func livePairCount(_ table: TransitionTable) -> BusValue { .uint32(UInt32(table.livePairCount)) }

    /// The table of `layout`, or an error saying it is not installed.
    func table(of layout: KeyboardLayout) throws(BusError) -> TransitionTable {
        do {
            return try tables.table(layout)
        } catch {
            throw BusError(name: EngineInterface.ErrorName.unknownLayout, message: error.description)
        }
    }

    func parseLayout(_ name: String) throws(BusError) -> KeyboardLayout {
        guard let layout = KeyboardLayout(name: name) else {
            throw BusError(
                name: EngineInterface.ErrorName.unknownLayout,
                message: "unknown layout \(Excerpt.quoted(name)); layouts are \(KeyboardLayout.nameSummary)"
            )
        }
        return layout
    }
}
