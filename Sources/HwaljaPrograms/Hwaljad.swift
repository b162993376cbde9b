import ArgumentParser
import Dispatch
import HwaljaCommandLine
import HwaljaCore
import HwaljaDBus
import HwaljaDaemon
import HwaljaRuntime
import HwaljaTyping

#if canImport(Glibc)
    import Glibc
#endif

/// `hwaljad`: the Cheon-Ji-In engine daemon on D-Bus. Wiring only: the service is HwaljaDaemon's.
package struct Hwaljad: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "hwaljad",
        abstract: "Serve Cheon-Ji-In typing over D-Bus as org.hwalja.Engine1.",
        discussion: """
            Loads the transition table, owns org.hwalja.Engine1 and serves any number of typing \
            contexts. SIGHUP reloads the settings file and the table (a bad table is refused and the \
            old one kept); SIGTERM and SIGINT release the name and exit. Keystrokes are never logged \
            or written anywhere unless --record is given.

            Settings file ($XDG_CONFIG_HOME/hwalja/hwalja.conf), one 'name = value' a line, shared \
            with the IBus engine; a bad line is reported and the rest applies:
            \(HwaljaSettings.catalogueLines(indent: "  "))
            Flags override the file.
            """,
        version: hwaljaVersion
    )

    @Option(help: "Bus to serve on: session, system, or a bus address such as unix:path=/run/bus.")
    var bus = "session"

    @OptionGroup var table: TableOption
    @OptionGroup var service: ServiceOptions
    @OptionGroup var typing: TypingOptions

    @Option(help: "Contexts one client may hold at once (default 64).")
    var maxContexts: Int?

    @Option(
        help:
            "KiB a client may leave unread before the daemon stops writing to it and frees its contexts (default 1024)."
    )
    var maxUnreadKib: Int?

    @Flag(help: "Take org.hwalja.Engine1 over from a running daemon.")
    var replace = false

    @Flag(help: "Print the D-Bus interface XML and exit.")
    var printInterfaces = false

    package init() {}

    package func run() throws {
        if printInterfaces { return print(EngineInterface.interfaceFile, terminator: "") }
        let program = BusService(program: "hwaljad", bus: BusConnection.Bus(bus), describedAs: "the \(bus) bus")
        let settings = self.settings(program.diagnostics)
        let tables = table.loadEveryLayout(
            program.diagnostics, configured: table.table == nil ? settings.settings.table : nil)
        let loaded = tables.main
        if table.table == nil {
            TableLoader.noteIfNotConfigured(loaded.path, settings.settings.table, log: program.diagnostics.log)
        }
        let peers = self.peers(program)
        let host = SessionHost(
            settings: settings, tables: tables, queue: program.queue, settingsPath: service.config,
            tablePath: table.table, readSettings: readSettings, log: program.diagnostics.log)
        program.beforeExit = {
            peers?.close()
            host.saveNow()  // the words learned within the last moments
        }
        let engine = EngineService(
            output: peers ?? program.connection, clock: program.clock, tables: host.tables, settings: settings.settings,
            keymap: settings.keymap, recorder: service.recorder(program.diagnostics),
            program: EngineService.Program(
                afterTimer: {
                    program.sendQueued()
                    peers?.sendQueued()
                },
                writeSoon: {
                    program.writeSoon()
                    peers?.writeSoon()
                },
                contextsFreed: program.idleMemory.trimHeapSoon,
                nameLost: {
                    program.beforeExit()
                    Glibc.exit(0)
                },
                log: program.diagnostics.log,
                peerAddress: peers?.address ?? "",
                wordSuggestions: host.suggestions.suggestions, hanja: host.hanja,
                forgetLearnedWords: host.suggestions.forgetAll,
                writeSetting: { [config = service.config] name, value in
                    do {
                        try ConfigFile.write(name, value, to: config)
                    } catch {
                        return String(describing: error)
                    }
                    host.readSettings()
                    return nil
                }))
        if let peers {
            peers.handler = { [idleMemory = program.idleMemory] message in  // the peers' typing keeps hwaljad awake too
                idleMemory.noteActivity()
                return engine.handle(message)
            }
            peers.afterMessages = program.idleMemory.armAfterAnswers
            peers.peerLeft = engine.clientLeft
            peers.log = program.diagnostics.log
            peers.start()
        }
        // hwalja-keypad on X11 and KDE shows the suggestions of the focused field of an InputContext1
        // client, from here.
        // The rule before the question: a keypad starting meanwhile is seen.
        try? program.connection.addMatch(KeypadSuggestionLink.matchRule)
        let keypadLink = KeypadSuggestionLink(
            output: program.connection, keypad: KeypadSuggestionLink.owner(on: program.connection))
        keypadLink.afterSend = program.writeSoon
        engine.keypadLink = keypadLink
        host.start(engine)
        program.serve(
            name: EngineInterface.busName, replace: replace,
            matchRules: [
                "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged'"
            ],
            handler: engine.handle, busGone: "the bus went away; exiting", busGoneStatus: 1,
            onReload: { host.readSettings(tablesToo: true) },
            started:
                "serving \(EngineInterface.busName) on the \(bus) bus as \(program.connection.uniqueName) (table \(loaded.path), \(loaded.table.transitionCount) transitions; layouts \(KeyboardLayout.allCases.filter { tables.tables[$0] != nil }.map(\.name).joined(separator: ", ")))"
        )
    }

    /// The private socket clients may connect to directly (`GetPeerAddress`), or `nil` (said on
    /// standard error) when it cannot be made: clients then use the bus.
    private func peers(_ program: BusService) -> PeerConnections? {
        do {
            return try PeerConnections(program: "hwaljad", bus: program.connection, queue: program.queue)
        } catch {
            program.diagnostics.log("no peer socket, clients use the bus: \(error.message)")
            return nil
        }
    }

    /// The settings file's settings with the flags on top; exits when they cannot be read.
    private func settings(_ diagnostics: Diagnostics) -> ConfigFile.Loaded {
        do {
            let loaded = try readSettings()
            loaded.problems.forEach(diagnostics.log)
            return loaded
        } catch {
            diagnostics.fail("\(error)")
        }
    }

    /// The settings file's settings with the flags on top (``ServiceOptions/readSettings()``).
    ///
    /// - Throws: when the file given or the keymap cannot be read, or a flag is bad.
    private func readSettings() throws -> ConfigFile.Loaded {
        var loaded = try service.readSettings()
        do {
            try typing.apply(to: &loaded.settings)
            if let maxContexts { try loaded.settings.set("max-contexts", to: String(maxContexts)) }
            if let maxUnreadKib { try loaded.settings.set("max-unread-kib", to: String(maxUnreadKib)) }
        } catch {
            let message = String(describing: error)  // a setting's error names line 0: there is no line
            throw BadFlag(
                description:
                    "bad flag: \(message.hasPrefix("line 0: ") ? String(message.dropFirst("line 0: ".count)) : message)"
            )
        }
        return loaded
    }

    /// A flag with a value the settings do not take.
    private struct BadFlag: Error, CustomStringConvertible {
        let description: String
    }
}
