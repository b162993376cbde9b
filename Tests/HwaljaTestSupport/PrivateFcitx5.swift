import Foundation

/// A headless fcitx5 (Debian's) on a private session bus with hwalja's addon (which composes in
/// fcitx5's process) and hwaljad (for fcitx5's configuration), started by a test and stopped by
/// its PID.
///
/// By default the addon is this checkout's, built by tools/build-fcitx5 and loaded from its
/// staging tree (FCITX_ADDON_DIRS, XDG_DATA_DIRS) with the checkout's tables (HWALJA_TABLE), and
/// this build's hwaljad is started on the bus; with `installed`, fcitx5 finds the installed
/// fcitx5-hwalja package's files where fcitx5 looks, and the installed hwaljad is started by D-Bus
/// activation when the addon first calls it (for the settings).
package final class PrivateFcitx5: @unchecked Sendable {
    package let bus: PrivateBus
    package let fcitx5: BackgroundProcess
    /// hwaljad, when the test started it (not `installed`).
    package private(set) var hwaljad: PrivateDaemon?
    /// The environment of fcitx5's applications: its session bus.
    package let environment: [String: String]
    private let directory: URL
    private var daemonArguments: [String] = []
    /// The compositor fcitx5 is the input method of, kept running as long as fcitx5.
    private let wayland: PrivateSway?
    private let daemonEnvironment: [String: String]

    /// hwalja's fcitx5 input methods, one per layout (the addon's inputmethod/*.conf).
    package static let inputMethods = ["hwalja", "hwalja-cheonjiin-plus", "hwalja-naratgeul", "hwalja-vega"]

    /// The staging tree of the addon built from this checkout, built once per test run.
    static let stage: Result<URL, TestSetupError> = {
        guard let outcome = try? runProcess(packageRoot.appendingPathComponent("tools/build-fcitx5"), [], seconds: 300),
            outcome.status == 0
        else {
            return .failure(
                TestSetupError("tools/build-fcitx5 failed (install the fcitx5 build packages: tools/install-deps)"))
        }
        return .success(URL(fileURLWithPath: outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    }()

    /// `settings`: the user's hwalja.conf, for the addon and hwaljad (its `--config`; the installed hwaljad reads
    /// it from the `XDG_CONFIG_HOME` the bus gives the programs it activates). `daemonEnvironment`:
    /// more of the environment of this build's hwaljad and of fcitx5. With `wayland`, fcitx5 is that compositor's
    /// input method (its wayland and waylandim addons: input-method-v2 on sway), and
    /// ``environment`` is that of the compositor's clients. With `xim`, fcitx5 also runs its XIM
    /// server (its xcb and xim addons), on an X display it is asked to connect to
    /// (`Controller1.OpenX11Connection`, as tools/terminal-app.py does). With `ibus`, fcitx5 also
    /// answers IBus's protocol (its ibusfrontend addon: `org.freedesktop.IBus` on the bus), as
    /// kitty speaks it.
    package init(
        installed: Bool = false, settings: String? = nil, daemonEnvironment: [String: String]? = nil,
        wayland: PrivateSway? = nil, xim: Bool = false, ibus: Bool = false
    ) throws {
        self.wayland = wayland
        bus = try PrivateBus(config: installed ? "Tests/fixtures/activating-bus.conf" : "tools/session-bus.conf")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("hwalja-fcitx5-\(UUID().uuidString)")
        let config = directory.appendingPathComponent("config")
        try FileManager.default.createDirectory(
            at: config.appendingPathComponent("fcitx5"), withIntermediateDirectories: true)
        // The user's input methods: the keyboard, and hwalja's to switch to (SetCurrentIM picks
        // only from the current group).
        let items = (["keyboard-us"] + Self.inputMethods).enumerated()
            .map { "[Groups/0/Items/\($0.offset)]\nName=\($0.element)\nLayout=\n\n" }.joined()
        try """
        [Groups/0]
        Name=Default
        Default Layout=us
        DefaultIM=hwalja

        \(items)[GroupOrder]
        0=Default

        """.write(to: config.appendingPathComponent("fcitx5/profile"), atomically: true, encoding: .utf8)
        if wayland != nil {
            // One input context for every field on input-method-v2: active from the start, so
            // that a test beginning in a password field (fcitx5's keyboard there) finds hwalja
            // selected in the next.
            try "[Behavior]\nActiveByDefault=True\n".write(
                to: config.appendingPathComponent("fcitx5/config"), atomically: true, encoding: .utf8)
        }
        // This build's hwaljad reads and writes (SetSetting) the user's hwalja.conf of this fcitx5.
        self.daemonEnvironment = ["XDG_CONFIG_HOME": config.path].merging(daemonEnvironment ?? [:]) { $1 }
        let settingsFile = config.appendingPathComponent("hwalja/hwalja.conf")
        if let settings {
            try FileManager.default.createDirectory(
                at: settingsFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try settings.write(to: settingsFile, atomically: true, encoding: .utf8)
        }
        var environment = bus.environment
        environment["XDG_CONFIG_HOME"] = config.path
        environment["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path  // the addon's learned words
        environment["DISPLAY"] = ""
        environment["WAYLAND_DISPLAY"] = ""
        if let wayland { environment.merge(wayland.environment) { $1 } }
        self.environment = environment
        // hwalja types in fcitx5's process: the addon reads the settings, the table and the
        // lexicon (beside it) as hwaljad does, and with its environment.
        var fcitxEnvironment = environment.merging(daemonEnvironment ?? [:]) { $1 }
        if !installed {
            fcitxEnvironment["HWALJA_TABLE"] =
                fcitxEnvironment["HWALJA_TABLE"] ?? packageRoot.appendingPathComponent("Tables/hwalja.table").path
            let stage = try Self.stage.get()
            let libraries = try FileManager.default.contentsOfDirectory(
                atPath: stage.appendingPathComponent("usr/lib").path
            )
            .map { stage.appendingPathComponent("usr/lib/\($0)/fcitx5").path }
            let system = try FileManager.default.contentsOfDirectory(atPath: "/usr/lib").filter {
                $0.hasSuffix("-linux-gnu")
            }
            .map { "/usr/lib/\($0)/fcitx5" }
            fcitxEnvironment["FCITX_ADDON_DIRS"] = (libraries + system).joined(separator: ":")
            fcitxEnvironment["XDG_DATA_DIRS"] =
                stage.appendingPathComponent("usr/share").path + ":/usr/local/share:/usr/share"
            daemonArguments = settings == nil ? [] : ["--config", settingsFile.path]
            hwaljad = try PrivateDaemon(daemonArguments, bus: bus, environment: self.daemonEnvironment)
        } else {
            let update = try runCommand(
                "gdbus",
                [
                    "call", "--address", bus.address, "--dest", "org.freedesktop.DBus", "--object-path",
                    "/org/freedesktop/DBus",
                    "--method", "org.freedesktop.DBus.UpdateActivationEnvironment",
                    "{'XDG_CONFIG_HOME': '\(config.path)'}"
                ]
            )
            guard update.status == 0 else {
                throw TestSetupError("UpdateActivationEnvironment failed: \(update.stderr)")
            }
        }
        fcitx5 = try BackgroundProcess(
            URL(fileURLWithPath: "/usr/bin/fcitx5"),
            [
                "--disable=all",
                "--enable=dbus,dbusfrontend,keyboard,hwalja" + (wayland == nil ? "" : ",wayland,waylandim")
                    + (xim ? ",xcb,xim" : "") + (ibus ? ",ibusfrontend" : ""),
                "--verbose=default=4,hwalja=5"
            ],
            environment: fcitxEnvironment
        )
        try fcitx5.waitUntil(
            "org.fcitx.Fcitx5 from fcitx5", interval: 0.02, hint: " (install fcitx5: tools/install-deps)"
        ) {
            bus.hasOwner("org.fcitx.Fcitx5")
        }
    }

    /// Runs tools/fcitx5-client.py with `commands` (tools/ibus-client.py's, plus `mark`,
    /// `wait-for` and `select`), selecting `inputMethod` first; with `surrounding`, the client
    /// sends its text and can delete around its cursor, as GTK does; with `panel`, it draws
    /// fcitx5's input panel itself (gets the candidates, and `pick N` selects one); with `batch`,
    /// it sends keys as fcitx5's GTK 4 module does (ProcessKeyEventBatch). Its report is
    /// tools/ibus-client.py's.
    package func type(
        _ commands: String, surrounding: Bool = false, panel: Bool = false, batch: Bool = false,
        inputMethod: String = "hwalja"
    ) throws -> IBusClientResult {
        try result(of: start(commands, surrounding: surrounding, panel: panel, batch: batch, inputMethod: inputMethod))
    }

    /// Starts tools/fcitx5-client.py with `commands`, for a test that acts while it types.
    package func start(
        _ commands: String, surrounding: Bool = false, panel: Bool = false, batch: Bool = false,
        inputMethod: String = "hwalja"
    ) throws -> BackgroundProcess {
        let script = packageRoot.appendingPathComponent("tools/fcitx5-client.py")
        let arguments =
            (surrounding ? ["--surrounding"] : []) + (panel ? ["--panel"] : []) + (batch ? ["--batch"] : []) + [
                inputMethod
            ]
        return try BackgroundProcess(script, arguments, stdin: commands, environment: environment)
    }

    /// What a client started by `start` reported, once it ends (within a minute).
    package func result(of client: BackgroundProcess) throws -> IBusClientResult {
        let outcome = client.waitForExit(seconds: 60) ?? client.stop(signal: SIGKILL)
        guard outcome.status == 0 else {
            throw TestSetupError("fcitx5-client.py failed: \(outcome.stderr)\nfcitx5: \(log)")
        }
        return try JSONDecoder().decode(IBusClientResult.self, from: Data(outcome.stdout.utf8))
    }

    /// Waits (at most 20 s) until the addon, selected, has read its lexicon (it says so in the log).
    package func waitForSuggestions() throws {
        _ = try type("")  // fcitx5 loads the addon when its input method is first selected
        try fcitx5.waitUntil("the addon's word suggestions", seconds: 20) { log.contains("word suggestions: ") }
    }

    /// Stops hwaljad at once (SIGKILL, as a crash), or starts it again.
    package func killDaemon() { hwaljad?.daemon.stop(signal: SIGKILL) }
    package func startDaemon() throws {
        hwaljad = try PrivateDaemon(daemonArguments, bus: bus, environment: daemonEnvironment)
    }
    /// Stops hwaljad without ending it (SIGSTOP: a daemon that does not answer), or lets it go on.
    /// Pausing returns once every thread of hwaljad has stopped: SIGSTOP wakes one thread, which
    /// stops the others only once it runs, and under load another may answer a call meanwhile.
    package func pauseDaemon() {
        guard let pid = hwaljad?.daemon.pid else { return }
        kill(pid, SIGSTOP)
        let deadline = Deadline(seconds: 5)
        while !Self.everyThreadStopped(pid) && !deadline.hasPassed { Thread.sleep(forTimeInterval: 0.001) }
    }
    package func resumeDaemon() { hwaljad.map { _ = kill($0.daemon.pid, SIGCONT) } }

    /// Whether every thread of process `pid` is stopped (state T in /proc/PID/task/*/stat).
    static func everyThreadStopped(_ pid: Int32) -> Bool {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.allSatisfy { task in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/stat", encoding: .utf8),
                let name = stat.lastIndex(of: ")")
            else { return true }  // gone
            return stat[name...].dropFirst(2).first == "T"  // "PID (NAME) STATE …"
        }
    }

    /// Calls `method` of fcitx5's org.fcitx.Fcitx.Controller1 (what fcitx5-configtool and KDE
    /// System Settings call) with `arguments` in gdbus's notation.
    package func controller(_ method: String, _ arguments: [String]) throws -> ProcessOutcome {
        try runCommand(
            "gdbus",
            [
                "call", "--address", bus.address, "--dest", "org.fcitx.Fcitx5", "--object-path", "/controller",
                "--method", "org.fcitx.Fcitx.Controller1.\(method)"
            ] + arguments
        )
    }

    /// The user's hwalja.conf as it is now ("" when there is none).
    package var settingsFile: String {
        (try? String(contentsOfFile: file("config/hwalja/hwalja.conf"), encoding: .utf8)) ?? ""
    }

    /// A file in this fcitx5's temporary directory, for `mark` and `wait-for`.
    package func file(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// What fcitx5 logged so far (the addon logs through it).
    package var log: String { fcitx5.stderrSoFar }

    /// Lines of fcitx5's log that report an error (fcitx5 starts them with E and the date).
    package func problems() -> [String] {
        log.split(separator: "\n").map(String.init).filter { $0.hasPrefix("E") }
    }

    deinit {
        fcitx5.stop()
        hwaljad = nil
        try? FileManager.default.removeItem(at: directory)
    }
}
