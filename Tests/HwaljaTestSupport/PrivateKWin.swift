import Foundation

/// A headless KWin on Wayland (Debian's kwin-wayland 5.27, its virtual backend) with fcitx5 as
/// its input method, started by a test as a Plasma session starts them: as one user
/// (``DesktopUser``) with its own session bus, on which the installed hwaljad is started by D-Bus
/// activation when the installed fcitx5-hwalja addon first calls it (for the settings). fcitx5's profile lists
/// hwalja and makes it active in every field (ActiveByDefault).
///
/// KWin runs from a copy of its binary without the file capabilities Debian gives it
/// (`cap_sys_resource`, which this machine refuses to execute). Keys come through KWin's
/// fake-input protocol (tools/clients/kwin-fake-keys.c, built here with wayland-scanner from
/// plasma-wayland-protocols), which KWin offers only to a program a desktop file names in
/// `X-KDE-Wayland-Interfaces`: that file is written here and KWin finds it through the sycoca
/// cache `kbuildsycoca5` builds. Applications run as the same user
/// (``run(_:_:environment:seconds:)``).
package final class PrivateKWin: @unchecked Sendable {
    package let sessionBus: BackgroundProcess
    package let kwin: BackgroundProcess
    /// The Wayland display's name (a socket in the user's runtime directory).
    package static let display = "hwalja-kwin"
    private let directory: URL
    private let runtime: URL
    private var base: [String: String] = [:]

    package init(width: Int = 1024, height: Int = 768) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/kwin_wayland") else {
            throw TestSetupError("kwin_wayland is not installed (tools/install-deps)")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("hwalja-kwin-\(UUID().uuidString)")
        let home = directory.appendingPathComponent("home")
        runtime = directory.appendingPathComponent("runtime")
        let share = directory.appendingPathComponent("share")
        let programs = directory.appendingPathComponent("bin")
        let fcitx5Config = home.appendingPathComponent(".config/fcitx5")
        for folder in [runtime, share.appendingPathComponent("applications"), programs, fcitx5Config] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let kwinCopy = programs.appendingPathComponent("kwin_wayland")
        // a copy has no capabilities
        try FileManager.default.copyItem(atPath: "/usr/bin/kwin_wayland", toPath: kwinCopy.path)
        let keys = try Self.buildFakeKeys(into: programs)
        try """
        [Desktop Entry]
        Type=Application
        Name=hwalja's test keys
        Exec=\(keys.path)
        NoDisplay=true
        X-KDE-Wayland-Interfaces=org_kde_kwin_fake_input

        """.write(
            to: share.appendingPathComponent("applications/hwalja-test-keys.desktop"), atomically: true, encoding: .utf8
        )
        let items = (["keyboard-us"] + PrivateFcitx5.inputMethods).enumerated()
            .map { "[Groups/0/Items/\($0.offset)]\nName=\($0.element)\nLayout=\n\n" }.joined()
        try "[Groups/0]\nName=Default\nDefault Layout=us\nDefaultIM=hwalja\n\n\(items)[GroupOrder]\n0=Default\n"
            .write(to: fcitx5Config.appendingPathComponent("profile"), atomically: true, encoding: .utf8)
        try "[Behavior]\nActiveByDefault=True\n".write(
            to: fcitx5Config.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        for folder in [home, home.appendingPathComponent(".config"), fcitx5Config] { try DesktopUser.own([folder]) }
        for file in ["profile", "config"] { try DesktopUser.own([fcitx5Config.appendingPathComponent(file)]) }
        try DesktopUser.own([runtime, directory])
        for readable in [share, share.appendingPathComponent("applications"), programs] { chmod(readable.path, 0o755) }
        base = [
            "PATH": "/usr/bin:/bin", "HOME": home.path, "XDG_RUNTIME_DIR": runtime.path, "LANG": "C.UTF-8",
            "XDG_DATA_DIRS": "\(share.path):/usr/local/share:/usr/share",
            "XDG_CACHE_HOME": home.appendingPathComponent(".cache").path,
            "QT_QPA_PLATFORM": "offscreen"
        ]
        (sessionBus, base["DBUS_SESSION_BUS_ADDRESS"]) = try DesktopUser.sessionBus(environment: base)
        _ = try DesktopUser.run(["/usr/bin/kbuildsycoca5", "--noincremental"], environment: base)
        let (executable, arguments) = try DesktopUser.command(
            [
                kwinCopy.path, "--virtual", "--socket", Self.display, "--width", "\(width)", "--height", "\(height)",
                "--inputmethod", "/usr/bin/fcitx5"
            ],
            environment: base)
        kwin = try BackgroundProcess(executable, arguments)
        let environment = base
        try kwin.waitUntil("socket from kwin_wayland and org.fcitx.Fcitx5 from its fcitx5", seconds: 30, interval: 0.1)
        {
            try FileManager.default.fileExists(atPath: runtime.appendingPathComponent(Self.display).path)
                && DesktopUser.busHasOwner("org.fcitx.Fcitx5", environment: environment)
        }
        base["HWALJA_KWIN_FAKE_KEYS"] = keys.path
    }

    /// Builds tools/clients/kwin-fake-keys.c into `folder`.
    private static func buildFakeKeys(into folder: URL) throws -> URL {
        let protocolFile = "/usr/share/plasma-wayland-protocols/fake-input.xml"
        let header = folder.appendingPathComponent("fake-input-client-protocol.h").path
        let code = folder.appendingPathComponent("fake-input-protocol.c").path
        let binary = folder.appendingPathComponent("kwin-fake-keys")
        for (kind, output) in [("client-header", header), ("private-code", code)] {
            let made = try runCommand("wayland-scanner", [kind, protocolFile, output])
            guard made.status == 0 else {
                throw TestSetupError("wayland-scanner \(kind): \(made.stderr) (tools/install-deps)")
            }
        }
        let flags = try runCommand("pkg-config", ["--cflags", "--libs", "wayland-client"])
        guard flags.status == 0 else {
            throw TestSetupError("pkg-config wayland-client: \(flags.stderr) (tools/install-deps)")
        }
        let source = packageRoot.appendingPathComponent("tools/clients/kwin-fake-keys.c").path
        let built = try runCommand(
            "cc",
            ["-O2", "-I", folder.path, "-o", binary.path, source, code]
                + flags.stdout.split(whereSeparator: \.isWhitespace).map(String.init))
        guard built.status == 0 else { throw TestSetupError("cc kwin-fake-keys.c: \(built.stderr)") }
        chmod(binary.path, 0o755)
        return binary
    }

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

    /// Starts `program` as the session's user, in the session's environment plus `environment`,
    /// and lets it run (stopped with the session).
    package func start(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws
        -> BackgroundProcess
    {
        let (executable, all) = try DesktopUser.command(
            [program] + arguments, environment: self.environment.merging(environment) { $1 })
        return try BackgroundProcess(executable, all)
    }

    /// What KWin and fcitx5, which it started, wrote so far.
    package var log: String { kwin.stderrSoFar }

    deinit {
        kwin.stop()
        sessionBus.stop()
        DesktopUser.endProcesses(marked: "XDG_RUNTIME_DIR=\(runtime.path)")
        try? FileManager.default.removeItem(at: directory)
    }
}
