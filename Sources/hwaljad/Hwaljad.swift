import ArgumentParser
import Dispatch
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import HwaljaCore
import HwaljaDBus
import HwaljaEngine
import HwaljaRuntime

/// `hwaljad`: the Cheon-Ji-In engine daemon on D-Bus.
@main
struct Hwaljad: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hwaljad",
        abstract: "Serve Cheon-Ji-In typing over D-Bus as org.hwalja.Engine1.",
        discussion: """
            Loads the transition table, owns org.hwalja.Engine1 and serves any number of typing \
            contexts. SIGHUP reloads the table (a bad one is refused and the old one kept); SIGTERM \
            and SIGINT release the name and exit. Keystrokes are never logged or written anywhere \
            unless --record is given.

            Config file (default $XDG_CONFIG_HOME/hwalja/hwaljad.conf), one 'name = value' a line:
              long-press = 500        ms a key is held to type its digit
              repeat-interval = 100   ms between repeats of a held backspace
              auto-next = off         ms of idle time that ends the syllable, or off
              space-inserts = false   true: SPACE always inserts a blank
              max-contexts = 64       contexts one client may hold at once
              max-unread-kib = 1024   KiB a client may leave unread before it is cut off
            Flags override the file.
            """
    )

    @Option(help: "Bus to serve on: session, system, or a bus address such as unix:path=/run/bus.")
    var bus = "session"

    @Option(help: "Table file (default: \(TableLoader.searchOrder)).")
    var table: String?

    @Option(help: "Config file to read.")
    var config: String?

    @Option(help: "Milliseconds a key is held to type its digit (default 500).")
    var longPress: Int?

    @Option(help: "Milliseconds between repeats of a held backspace (default 100).")
    var repeatInterval: Int?

    @Option(help: "Milliseconds of idle time after which the syllable ends, or 'off' (default off).")
    var autoNext: String?

    @Option(help: "Contexts one client may hold at once (default 64).")
    var maxContexts: Int?

    @Option(help: "KiB a client may leave unread before the daemon stops writing to it and frees its contexts (default 1024).")
    var maxUnreadKib: Int?

    @Flag(help: "SPACE always inserts a blank instead of first ending the syllable.")
    var spaceInserts = false

    @Flag(help: "Take org.hwalja.Engine1 over from a running daemon.")
    var replace = false

    @Option(help: "Record every context's keystrokes as timed replay logs (context-N.log, mode 0600) in a new directory of this run's, hwaljad-YYYYMMDD-HHMMSS-XXXXXX (mode 0700), inside this one (off by default).")
    var record: String?

    @Flag(help: "Print the D-Bus interface XML and exit.")
    var printInterfaces = false

    func run() throws {
        if printInterfaces {
            print(EngineInterface.interfaceFile, terminator: "")
            return
        }
        let settings = loadSettings()
        let loaded: TableLoader.Loaded
        do {
            loaded = try TableLoader.load(path: table)
        } catch {
            fail("\(error)")
        }
        let connection: BusConnection
        do {
            connection = try BusConnection(bus: BusConnection.Bus(bus))
        } catch {
            fail("cannot connect to the \(Excerpt.shortened(bus)) bus: \(Excerpt.shortened(error.message))")
        }
        let recorder: KeystrokeRecorder?
        do {
            recorder = try record.map { try KeystrokeRecorder(directory: $0, program: "hwaljad", report: log) }
        } catch {
            fail("cannot record keystrokes: \(error)")
        }
        if let recorder { log("recording keystrokes (--record) in \(Excerpt.path(recorder.runDirectory))") }

        let queue = DispatchQueue(label: "org.hwalja.engine")
        let service = EngineService(connection: connection, queue: queue, table: loaded, settings: settings, recorder: recorder)
        connection.setHandler { service.handle($0) }
        do {
            try connection.addMatch("type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged'")
            switch try connection.requestName(EngineInterface.busName, allowReplacement: true, replaceExisting: replace) {
            case .primaryOwner, .alreadyOwner: break
            case .inQueue, .exists:
                fail("\(EngineInterface.busName) is already owned on this bus (another hwaljad is running); use --replace to take over")
            }
        } catch {
            fail("cannot own \(EngineInterface.busName): \(error.message)")
        }
        let dispatcher: BusDispatcher
        do {
            dispatcher = try BusDispatcher(connection: connection, queue: queue) {
                log("the bus went away; exiting")
                Glibc.exit(1)
            }
        } catch {
            fail("\(error)")
        }
        service.sendQueued = { dispatcher.sendQueued() }
        let signals = SignalHandling([SIGHUP, SIGTERM, SIGINT], queue: queue) { signal in
            switch signal {
            case SIGHUP:
                do {
                    let fresh = try TableLoader.load(path: loaded.path)
                    service.reload(fresh)
                    log("reloaded \(fresh.path) (\(fresh.table.transitionCount) transitions)")
                } catch {
                    log("kept the old table: \(error)")
                }
            default:
                dispatcher.cancel()
                // Bounded: a bus that stopped reading this daemon must not keep it from exiting.
                try? connection.releaseName(EngineInterface.busName, timeoutMilliseconds: 2_000)
                connection.drain(timeoutMilliseconds: 1_000)
                log("released \(EngineInterface.busName); exiting")
                Glibc.exit(0)
            }
        }
        log("serving \(EngineInterface.busName) on the \(bus) bus as \(connection.uniqueName) (table \(loaded.path), \(loaded.table.transitionCount) transitions)")
        withExtendedLifetime((service, dispatcher, signals)) { dispatchMain() }
    }

    private func loadSettings() -> DaemonSettings {
        var settings: DaemonSettings
        do {
            settings = try ConfigFile.load(config)
        } catch {
            fail("\(error)")
        }
        do {
            if let longPress { try settings.set("long-press", to: String(longPress)) }
            if let repeatInterval { try settings.set("repeat-interval", to: String(repeatInterval)) }
            if let autoNext { try settings.set("auto-next", to: autoNext) }
            if spaceInserts { try settings.set("space-inserts", to: "true") }
            if let maxContexts { try settings.set("max-contexts", to: String(maxContexts)) }
            if let maxUnreadKib { try settings.set("max-unread-kib", to: String(maxUnreadKib)) }
        } catch {
            fail("bad flag: \(String(describing: error).replacing("line 0: ", with: "", maxReplacements: 1))")
        }
        return settings
    }
}

private let diagnostics = Diagnostics(program: "hwaljad")

/// Prints one line to standard error, prefixed with the program's name.
func log(_ line: String) { diagnostics.log(line) }

/// Prints one line to standard error and exits with status 1.
func fail(_ line: String) -> Never { diagnostics.fail(line) }
