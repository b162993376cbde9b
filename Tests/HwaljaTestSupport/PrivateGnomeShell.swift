import Foundation

/// A headless GNOME Shell on Wayland (Debian's gnome-shell 43, mutter's virtual monitor) with
/// hwalja's IBus engine as its only input source, started by a test as a GNOME session starts:
/// as one user (``DesktopUser``), with its own session bus, which also stands in for the system
/// bus (without one the shell's JavaScript stops at start-up). The shell starts ibus-daemon
/// itself, as on a desktop, and selects hwalja from its input-sources setting.
///
/// Its applications run as the same user (``run(_:_:environment:seconds:)``): ibus-daemon and the
/// session bus accept no other. Keys come through mutter's remote-desktop API
/// (tools/mutter-keys.py). The overview, which GNOME shows at start-up, is closed once the start-up
/// is complete, so that a new window has the keyboard.
///
/// The engine is the installed package's: the ibus-daemon the shell starts reads IBus's system
/// registry cache (`ibus write-cache --system`) whatever IBUS_COMPONENT_PATH says.
package final class PrivateGnomeShell: @unchecked Sendable {
    package let sessionBus: BackgroundProcess
    package private(set) var shell: BackgroundProcess
    /// The session bus's address.
    package let busAddress: String
    /// The Wayland display's name (a socket in the user's runtime directory).
    package static let display = "hwalja-gnome"
    private let directory: URL
    private let home: URL
    private let runtime: URL

    package init(width: Int = 1024, height: Int = 768) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/gnome-shell") else {
            throw TestSetupError("gnome-shell is not installed (tools/install-deps)")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("hwalja-gnome-\(UUID().uuidString)")
        home = directory.appendingPathComponent("home")
        runtime = directory.appendingPathComponent("runtime")
        for folder in [home, runtime] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try DesktopUser.own([home, runtime])
        var base = ["PATH": "/usr/bin:/bin", "HOME": home.path, "XDG_RUNTIME_DIR": runtime.path, "LANG": "C.UTF-8"]
        (sessionBus, busAddress) = try DesktopUser.sessionBus(environment: base)
        let address = busAddress
        base["DBUS_SESSION_BUS_ADDRESS"] = address
        base["DBUS_SYSTEM_BUS_ADDRESS"] = address
        // hwalja the only input source: the shell makes it IBus's engine when it starts.
        let set = try DesktopUser.run(
            ["/usr/bin/gsettings", "set", "org.gnome.desktop.input-sources", "sources", "[('ibus', 'hwalja')]"],
            environment: base, seconds: 20)
        guard set.status == 0 else { throw TestSetupError("gsettings failed: \(set.stderr)") }
        let (shellExecutable, shellArguments) = try DesktopUser.command(
            [
                "/usr/bin/gnome-shell", "--headless", "--wayland", "--no-x11", "--virtual-monitor",
                "\(width)x\(height)",
                "--wayland-display", Self.display
            ],
            environment: base)
        shell = try BackgroundProcess(shellExecutable, shellArguments)
        self.base = base
        let names = ["org.gnome.Shell", "org.gnome.Mutter.RemoteDesktop", "org.freedesktop.IBus"]
        do {
            try waitFor(names, seconds: 30)
        } catch let failure as TestSetupError where failure.description.contains("exited") {
            // Once in CI gnome-shell ended during start-up, its log cut short after PolicyKit's
            // absence: a second start (the shell's own state is in the session's folders) is the
            // session's, not the test's, so a lasting failure still fails the test.
            print("PrivateGnomeShell: gnome-shell ended while starting; starting it again: \(failure)")
            // a fork of it stayed
            DesktopUser.endProcesses(marked: "XDG_RUNTIME_DIR=\(runtime.path)", command: "gnome-shell")
            shell = try BackgroundProcess(shellExecutable, shellArguments)
            try waitFor(names, seconds: 30)
        }
        // The shell opens the overview as its start-up animation and says "GNOME Shell started"
        // once that is over: closed before, the overview opens after, over the test's window.
        try shell.waitUntil("end of gnome-shell's start-up", seconds: 30) { log.contains("GNOME Shell started at") }
        let closed = try run(
            "/usr/bin/gdbus",
            [
                "call", "--session", "--dest", "org.gnome.Shell", "--object-path", "/org/gnome/Shell", "--method",
                "org.freedesktop.DBus.Properties.Set", "org.gnome.Shell", "OverviewActive", "<false>"
            ])
        guard closed.status == 0 else { throw TestSetupError("the overview stayed: \(closed.stderr)") }
    }

    private var base: [String: String] = [:]

    /// The environment of the session's applications.
    package var environment: [String: String] {
        base.merging(["WAYLAND_DISPLAY": Self.display, "GDK_BACKEND": "wayland", "XDG_SESSION_TYPE": "wayland"]) { $1 }
    }

    /// Runs `program` as the session's user, in the session's environment plus `environment`.
    package func run(
        _ program: String, _ arguments: [String], environment: [String: String] = [:], seconds: Double = 60
    )
        throws -> ProcessOutcome
    {
        try DesktopUser.run(
            [program] + arguments, environment: self.environment.merging(environment) { $1 }, seconds: seconds)
    }

    /// Waits until every name in `names` has an owner on the session bus.
    private func waitFor(_ names: [String], seconds: Double) throws {
        let deadline = Deadline(seconds: seconds)
        var missing = names
        while true {
            missing = try missing.filter { try !DesktopUser.busHasOwner($0, environment: environment) }
            guard !missing.isEmpty else { return }
            guard shell.isRunning, !deadline.hasPassed else {
                let ended = shell.isRunning ? "" : " (it exited)"
                throw TestSetupError(
                    "gnome-shell did not bring up \(missing)\(ended): \(shell.stop().stderr.suffix(3000))")
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
    }

    /// What the shell (and ibus-daemon, its child) wrote so far.
    package var log: String { shell.stderrSoFar }

    deinit {
        shell.stop()
        sessionBus.stop()
        DesktopUser.endProcesses(marked: "XDG_RUNTIME_DIR=\(runtime.path)")
        try? FileManager.default.removeItem(at: directory)
    }
}
