import Foundation

/// A headless sway (Debian's, wlroots) started by a test: a Wayland compositor with one virtual
/// output, no input devices and software rendering. Keys come from a virtual keyboard (`wtype`),
/// which sway gives the input method's keyboard grab, as a keyboard's.
///
/// sway refuses to run as root: it runs as ``DesktopUser``. Its clients (fcitx5, the
/// applications, `wtype`) connect by the socket's path, as root can.
package final class PrivateSway: @unchecked Sendable {
    package let sway: BackgroundProcess
    /// The Wayland socket's path: WAYLAND_DISPLAY for its clients.
    package let display: String
    /// sway's IPC socket: SWAYSOCK for `swaymsg`.
    package let ipcSocket: String
    private let directory: URL
    /// The clients' own XDG_RUNTIME_DIR (GTK 4 does not start on Wayland without one).
    private let clientRuntime: URL

    package init(width: Int = 1024, height: Int = 768) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sway") else {
            throw TestSetupError("sway is not installed (tools/install-deps)")
        }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("hwalja-sway-\(UUID().uuidString)")
        directory = base.appendingPathComponent("sway")
        clientRuntime = base.appendingPathComponent("clients")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: clientRuntime, withIntermediateDirectories: true)
        chmod(clientRuntime.path, 0o700)
        let config = directory.appendingPathComponent("config")
        try """
        output HEADLESS-1 resolution \(width)x\(height)
        default_border none
        focus_follows_mouse no

        """.write(to: config, atomically: true, encoding: .utf8)
        try DesktopUser.own([directory])
        chmod(config.path, 0o644)
        let (executable, arguments) = try DesktopUser.command(
            ["/usr/bin/sway", "-c", config.path],
            environment: [
                "PATH": "/usr/bin:/bin", "HOME": directory.path, "XDG_RUNTIME_DIR": directory.path,
                "WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1",
                "WLR_HEADLESS_OUTPUTS": "1"
            ])
        sway = try BackgroundProcess(executable, arguments)
        let (folder, wayland) = (directory, directory.appendingPathComponent("wayland-1").path)
        display = wayland
        var ipc: String?
        try sway.waitUntil("Wayland and IPC sockets from sway", interval: 0.02) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            guard FileManager.default.fileExists(atPath: wayland),
                let socket = names.first(where: { $0.hasPrefix("sway-ipc.") })
            else { return false }
            ipc = folder.appendingPathComponent(socket).path
            return true
        }
        ipcSocket = ipc!
    }

    /// What sway wrote so far.
    package var log: String { sway.stderrSoFar }

    /// The environment of a client of this compositor.
    package var environment: [String: String] {
        [
            "WAYLAND_DISPLAY": display, "SWAYSOCK": ipcSocket, "XDG_RUNTIME_DIR": clientRuntime.path,
            "DISPLAY": "", "GDK_BACKEND": "wayland", "QT_QPA_PLATFORM": "wayland"
        ]
    }

    /// Runs `swaymsg` with `arguments`.
    @discardableResult
    package func message(_ arguments: [String]) throws -> ProcessOutcome {
        try runCommand("swaymsg", arguments, environment: environment, seconds: 10)
    }

    deinit {
        sway.stop()
        try? FileManager.default.removeItem(at: directory.deletingLastPathComponent())
    }
}
