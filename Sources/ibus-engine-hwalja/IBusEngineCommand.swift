import ArgumentParser
import Dispatch
import FoundationEssentials
import HwaljaCore
import HwaljaDBus
import HwaljaEngine
import HwaljaFrontend
import HwaljaIBus
import HwaljaRuntime

#if canImport(Glibc)
import Glibc
#endif

/// `ibus-engine-hwalja`: the hwalja Cheon-Ji-In engine for IBus, started by ibus-daemon from
/// `/usr/share/ibus/component/hwalja.xml`.
@main
struct IBusEngineCommand: ParsableCommand {
    static let componentName = "org.hwalja.IBus"

    static let configuration = CommandConfiguration(
        commandName: "ibus-engine-hwalja",
        abstract: "Cheon-Ji-In (천지인) Korean input for IBus.",
        discussion: """
            ibus-daemon starts it with --ibus. It connects to ibus-daemon's own bus ($IBUS_ADDRESS, \
            else IBus's address file), exports org.freedesktop.IBus.Factory, owns \(componentName) and \
            makes the 'hwalja' engine.

            Keys (phone layout, the default): 1-9, 0 on the number row and on the keypad with NumLock \
            type ㅣ ㆍ ㅡ ㄱㅋ ㄴㄹ ㄷㅌ ㅂㅍ ㅅㅎ ㅈㅊ ㅇㅁ; keypad + is next-character; keypad . , keypad * \
            and . are the punctuation key; BackSpace, space and Return do what they say. Hold a digit key \
            for its digit; hold BackSpace to repeat. Ctrl, Alt and Super combinations and other keys \
            finish the syllable and go to the application. In password, PIN and number fields the engine \
            stays out of the way and records nothing; a field that becomes one mid-syllable gets the \
            syllable committed first.

            --keymap takes 'phone', 'keypad-position' (keypad 7 8 9 = ㅣ ㆍ ㅡ) or a file of \
            'KEYSYM = KEY' lines, which may start with 'preset = keypad-position'.
            """
    )

    @Flag(help: "Started by ibus-daemon: only request the component name.")
    var ibus = false

    @Option(help: "ibus-daemon's bus address (default: $IBUS_ADDRESS, else IBus's address file).")
    var address: String?

    @Option(help: "Table file (default: \(TableLoader.searchOrder)).")
    var table: String?

    @Option(help: "phone (default), keypad-position, or a keymap file.")
    var keymap = "phone"

    @Option(help: "Config file (default $XDG_CONFIG_HOME/hwalja/hwaljad.conf), as for hwaljad.")
    var config: String?

    @Option(help: "Record keystrokes as timed replay logs (context-N.log, mode 0600) in a new directory of this run's, ibus-engine-hwalja-YYYYMMDD-HHMMSS-XXXXXX (mode 0700), inside this one (never in password fields; off by default).")
    var record: String?

    func run() throws {
        let settings = loadSettings()
        let keys = loadKeymap()
        let loaded: TableLoader.Loaded
        do {
            loaded = try TableLoader.load(path: table)
        } catch {
            fail("\(error)")
        }
        let busAddress: String
        do {
            busAddress = try address ?? IBusAddress.find()
        } catch {
            fail("\(error)")
        }
        let connection: BusConnection
        do {
            connection = try BusConnection(bus: .address(busAddress))
        } catch {
            fail("cannot connect to ibus-daemon at \(Excerpt.shortened(busAddress)): \(Excerpt.shortened(error.message))")
        }
        let recorder: KeystrokeRecorder?
        do {
            recorder = try record.map { try KeystrokeRecorder(directory: $0, program: "ibus-engine-hwalja", report: log) }
        } catch {
            fail("cannot record keystrokes: \(error)")
        }
        if let recorder { log("recording keystrokes (--record) in \(Excerpt.path(recorder.runDirectory))") }
        let queue = DispatchQueue(label: "org.hwalja.ibus-engine")
        let service = IBusEngineService(connection: connection, queue: queue, table: loaded.table, settings: settings, keymap: keys, recorder: recorder)
        // The factory answers before the name is requested: ibus-daemon calls CreateEngine at once.
        connection.setHandler { service.handle($0) }
        do {
            let result = try connection.requestName(Self.componentName, allowReplacement: false, replaceExisting: false)
            guard result == .primaryOwner || result == .alreadyOwner else {
                fail("\(Self.componentName) is already owned on ibus-daemon's bus (another engine process is running)")
            }
        } catch {
            fail("cannot own \(Self.componentName): \(error.message)")
        }
        let dispatcher: BusDispatcher
        do {
            dispatcher = try BusDispatcher(connection: connection, queue: queue) {
                log("ibus-daemon went away; exiting")
                Glibc.exit(0)
            }
        } catch {
            fail("\(error)")
        }
        service.sendQueued = { dispatcher.sendQueued() }
        let signals = SignalHandling([SIGTERM, SIGINT], queue: queue) { _ in Glibc.exit(0) }
        log("serving \(Self.componentName) on \(busAddress) (table \(loaded.path), keymap \(keymap))")
        withExtendedLifetime((service, dispatcher, signals)) { dispatchMain() }
    }

    private func loadSettings() -> DaemonSettings {
        do {
            return try ConfigFile.load(config)
        } catch {
            fail("\(error)")
        }
    }

    private func loadKeymap() -> Keymap {
        switch keymap {
        case "phone": return .phone
        case "keypad-position": return .keypadPosition
        default:
            guard let data = FileManager.default.contents(atPath: keymap) else { fail("cannot read keymap file \(Excerpt.path(keymap))") }
            do {
                return try Keymap(parsing: String(decoding: data, as: UTF8.self))
            } catch {
                fail("\(Excerpt.path(keymap)): \(error)")
            }
        }
    }
}

private let diagnostics = Diagnostics(program: "ibus-engine-hwalja")

/// Prints one line to standard error (ibus-daemon shows it only with --verbose).
func log(_ line: String) { diagnostics.log(line) }

/// Prints one line to standard error and exits with status 1.
func fail(_ line: String) -> Never { diagnostics.fail(line) }
