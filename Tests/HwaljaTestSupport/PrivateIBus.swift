import Foundation

/// A headless ibus-daemon on its own socket, with a private session bus, started by a test and
/// stopped by its PID (the test is its parent: ibus-daemon quits when its parent dies).
///
/// By default it loads a component XML written for the engine in this build; with `installed`
/// it reads the system registry cache (`ibus write-cache --system`) of the installed package.
package final class PrivateIBus: @unchecked Sendable {
    package let bus: PrivateBus
    package let daemon: BackgroundProcess
    /// Environment that makes libibus clients (tools/ibus-client.py) find this daemon.
    package let environment: [String: String]
    private let directory: URL
    /// `$XDG_DATA_HOME` of the engines: the learned words are in `hwalja/learned-words` there.
    package var dataDirectory: URL { directory.appendingPathComponent("data") }
    /// `$XDG_CONFIG_HOME` of ibus-daemon and the engines it starts: hwalja's settings file is
    /// `hwalja/hwalja.conf` in it.
    package var configDirectory: URL { directory.appendingPathComponent("config") }

    package init(engineArguments: [String] = [], installed: Bool = false) throws {
        bus = try PrivateBus()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("hwalja-ibus-\(UUID().uuidString)")
        let components = directory.appendingPathComponent("component")
        for folder in ["component", "config", "cache", "data"] {
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let exec =
            ([
                product("ibus-engine-hwalja").path, "--ibus", "--table",
                packageRoot.appendingPathComponent("Tables/hwalja.table").path
            ] + engineArguments)
            .joined(separator: " ")
        let xml = try String(contentsOf: packageRoot.appendingPathComponent("packaging/hwalja.xml"), encoding: .utf8)
            .replacingOccurrences(of: "/usr/libexec/hwalja/ibus-engine-hwalja --ibus", with: exec)
        try xml.write(to: components.appendingPathComponent("hwalja.xml"), atomically: true, encoding: .utf8)
        var environment = [
            "DBUS_SESSION_BUS_ADDRESS": bus.address,
            "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
            "XDG_CACHE_HOME": directory.appendingPathComponent("cache").path,
            "XDG_DATA_HOME": directory.appendingPathComponent("data").path,  // learned words
            "DISPLAY": "", "WAYLAND_DISPLAY": ""
        ]
        if !installed { environment["IBUS_COMPONENT_PATH"] = components.path }
        self.environment = environment
        daemon = try BackgroundProcess(
            URL(fileURLWithPath: "/usr/bin/ibus-daemon"),
            [
                installed ? "--cache=auto" : "--cache=none", "--single", "--panel=disable", "--emoji-extension=disable",
                "--config=disable",
                "--address=unix:path=\(directory.appendingPathComponent("ibus.sock").path)", "--verbose"
            ],
            environment: environment
        )
        let addressFiles = directory.appendingPathComponent("config/ibus/bus")
        try daemon.waitUntil(
            "address file from ibus-daemon", interval: 0.02, hint: " (install ibus: tools/install-deps)"
        ) {
            !((try? FileManager.default.contentsOfDirectory(atPath: addressFiles.path))?.isEmpty ?? true)
        }
    }

    /// Runs tools/ibus-client.py with `commands`, selecting `engine`; with `surrounding`,
    /// the client is one that can delete around its cursor (`IBUS_CAP_SURROUNDING_TEXT`).
    package func type(_ commands: String, surrounding: Bool = false, panel: Bool = false, engine: String = "hwalja")
        throws -> IBusClientResult
    {
        let arguments = (surrounding ? ["--surrounding"] : []) + (panel ? ["--panel"] : []) + [engine]
        let outcome = try runCommand(
            packageRoot.appendingPathComponent("tools/ibus-client.py").path, arguments, stdin: commands,
            environment: environment, seconds: 60)
        guard outcome.status == 0 else {
            throw TestSetupError("ibus-client.py failed: \(outcome.stderr)\nibus-daemon: \(daemon.stderrSoFar)")
        }
        return try JSONDecoder().decode(IBusClientResult.self, from: Data(outcome.stdout.utf8))
    }

    /// Lines of ibus-daemon's log that report a GLib CRITICAL or ERROR (a broken protocol).
    package var problems: [String] {
        daemon.stderrSoFar.split(separator: "\n").map(String.init).filter {
            $0.contains("CRITICAL") || $0.contains("-ERROR")
        }
    }

    deinit {
        daemon.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// What tools/ibus-client.py reports.
package struct IBusClientResult: Decodable, Sendable {
    /// The application's text: commits and the keys the engine passed on.
    package var text: String
    /// The preedit shown last.
    package var preedit: String
    /// `ProcessKeyEvent` results, one per press and per release.
    package var handled: [Bool]
    /// What the application was told, in order.
    package var events: [IBusClientEvent]
    /// tools/fcitx5-client.py with `--panel`: the label of every candidate shown, and the layout
    /// hint of every candidate list shown (fcitx5's `CandidateLayoutHint`: 1 vertical, 2 horizontal).
    package var candidateLabels: [String]?
    package var candidateLayouts: [Int]?

    /// The candidate lists shown, in order (an empty one when they were hidden); with `panel`.
    package var candidates: [[String]] {
        events.compactMap { if case .candidates(let words) = $0 { words } else { nil } }
    }

    /// The `DeleteSurroundingText` signals the application got, each `[offset, count]`.
    package var deletions: [[Int]] {
        events.compactMap { if case .delete(let offset, let count) = $0 { [offset, count] } else { nil } }
    }
}

/// One signal tools/ibus-client.py got from its input context.
package enum IBusClientEvent: Decodable, Sendable, Equatable {
    case commit(String)
    /// The preedit shown ("" when hidden).
    case preedit(String)
    case forward(keyval: UInt32, state: UInt32)
    /// Delete `count` characters starting `offset` characters from the cursor.
    case delete(offset: Int, count: Int)
    /// The lookup table the panel shows (empty when hidden); with `panel`.
    case candidates([String])

    package init(from decoder: any Decoder) throws {
        var fields = try decoder.unkeyedContainer()  // ["delete", -1, 1]
        switch try fields.decode(String.self) {
        case "commit": self = .commit(try fields.decode(String.self))
        case "preedit": self = .preedit(try fields.decode(String.self))
        case "forward": self = .forward(keyval: try fields.decode(UInt32.self), state: try fields.decode(UInt32.self))
        case "delete": self = .delete(offset: try fields.decode(Int.self), count: try fields.decode(Int.self))
        case "candidates": self = .candidates(try fields.decode([String].self))
        case let kind: throw DecodingError.dataCorruptedError(in: fields, debugDescription: "unknown event \(kind)")
        }
    }
}
