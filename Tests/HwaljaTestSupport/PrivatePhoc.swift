import Foundation

/// A headless phoc (Phosh's compositor, wlroots) started by a test: one virtual output, a phone's
/// (720 × 1440 at scale 2 unless told otherwise), no input devices, software rendering. Unlike
/// sway it runs as root. Its clients connect by the socket's path.
package final class PrivatePhoc: @unchecked Sendable {
    package let phoc: BackgroundProcess
    /// The Wayland socket's path: WAYLAND_DISPLAY for its clients.
    package let display: String
    private let directory: URL

    /// A `width` × `height` output (pixels) at `scale`.
    package init(width: Int = 720, height: Int = 1440, scale: Int = 2) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/phoc") else {
            throw TestSetupError("phoc is not installed (tools/install-deps)")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("hwalja-phoc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(directory.path, 0o700)
        let config = directory.appendingPathComponent("phoc.ini")
        try "[output:HEADLESS-1]\nmode = \(width)x\(height)\nscale = \(scale)\n".write(
            to: config, atomically: true, encoding: .utf8)
        phoc = try BackgroundProcess(
            URL(fileURLWithPath: "/usr/bin/phoc"), ["-C", config.path],
            environment: [
                "XDG_RUNTIME_DIR": directory.path, "WAYLAND_DISPLAY": "", "DISPLAY": "", "GSETTINGS_BACKEND": "memory",
                "WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1"
            ])
        display = directory.appendingPathComponent("wayland-0").path
        try phoc.waitUntil("phoc started") {
            (phoc.stdoutSoFar + phoc.stderrSoFar).contains("Running compositor on wayland display")
        }
    }

    /// What phoc wrote so far.
    package var log: String { phoc.stdoutSoFar + phoc.stderrSoFar }

    /// The environment of a client of this compositor.
    package var environment: [String: String] {
        [
            "WAYLAND_DISPLAY": display, "XDG_RUNTIME_DIR": directory.path, "DISPLAY": "", "GDK_BACKEND": "wayland",
            "QT_QPA_PLATFORM": "wayland"
        ]
    }

    deinit {
        phoc.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}
