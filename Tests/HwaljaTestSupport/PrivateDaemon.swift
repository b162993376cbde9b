import Foundation

/// A private dbus-daemon started by a test (tools/session-bus.conf), stopped by its PID.
///
/// Started in the foreground (`--nofork`) as the test's own child: a daemon that forks away
/// keeps the pipes of its parent open, and Foundation's `Process` then never sees the parent end.
package final class PrivateBus: @unchecked Sendable {
    /// The bus address, for `--bus` and `DBUS_SESSION_BUS_ADDRESS`.
    package let address: String
    private let daemon: BackgroundProcess

    /// Starts a bus with `config`, a path under the package root (default: the demo's session bus).
    package init(config: String = "tools/session-bus.conf") throws {
        // Services it starts (hwaljad, by D-Bus activation) keep learned words in a throwaway place.
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("hwalja-bus-data-\(UUID().uuidString)")
        daemon = try BackgroundProcess(
            URL(fileURLWithPath: "/usr/bin/dbus-daemon"),
            ["--config-file=\(packageRoot.appendingPathComponent(config).path)", "--nofork", "--print-address=1"],
            environment: ["XDG_DATA_HOME": data.path]
        )
        let started = daemon
        try started.waitUntil(
            "address from dbus-daemon", interval: 0.01, hint: " (install the dbus package: tools/install-deps)"
        ) {
            started.stdoutSoFar.hasSuffix("\n")
        }
        address = started.stdoutSoFar.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Environment for clients that read the session bus address.
    package var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    /// Whether a name has an owner on this bus (asked with dbus-send).
    package func hasOwner(_ name: String) -> Bool {
        let outcome = try? runCommand(
            "dbus-send",
            [
                "--bus=\(address)", "--print-reply", "--dest=org.freedesktop.DBus", "/",
                "org.freedesktop.DBus.NameHasOwner", "string:\(name)"
            ],
            seconds: 5
        )
        return outcome?.stdout.contains("boolean true") ?? false
    }

    /// Waits (at most 20 s) until hwaljad suggests words: it reads its lexicon on a thread of its
    /// own after start-up, later under load. Asked as another client (tools/input-context-client.py
    /// types ㄱ into a context of its own), so the contexts of the programs tested start as before.
    package func waitForSuggestions() throws {
        let client = packageRoot.appendingPathComponent("tools/input-context-client.py").path
        let deadline = Deadline(seconds: 20)
        while true {
            let outcome = try runCommand(client, [address, "4"], seconds: 10)
            let report = try? JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
            if let words = report?["suggestions"] as? [String], !words.isEmpty { return }
            guard !deadline.hasPassed else {
                throw TestSetupError("hwaljad suggested nothing within 20 s: \(outcome.stdout)\(outcome.stderr)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    deinit {
        daemon.stop(signal: SIGKILL)  // a throwaway bus: dbus-daemon takes a second or more over SIGTERM
    }
}

/// hwaljad on a private bus, stopped when the test lets go of it.
package final class PrivateDaemon: @unchecked Sendable {
    package let bus: PrivateBus
    package let daemon: BackgroundProcess
    /// hwaljad's `$XDG_DATA_HOME` (unless `environment` names another): the learned words are in
    /// `hwalja/learned-words` there, never the user's; its `config` folder is hwaljad's
    /// `$XDG_CONFIG_HOME` (unless `environment` names another), where SetSetting writes, never the
    /// user's hwalja.conf. Removed with the daemon.
    package let dataDirectory: URL

    /// Starts a bus and hwaljad with `arguments` (and `environment` beside the test's); waits (at
    /// most 10 s) until it owns its name.
    package init(_ arguments: [String] = [], bus: PrivateBus? = nil, environment: [String: String]? = nil) throws {
        self.bus = try bus ?? PrivateBus()
        dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hwalja-data-\(UUID().uuidString)")
        daemon = try BackgroundProcess(
            product("hwaljad"),
            ["--bus", self.bus.address, "--table", packageRoot.appendingPathComponent("Tables/hwalja.table").path]
                + arguments,
            environment: [
                "XDG_DATA_HOME": dataDirectory.path,
                "XDG_CONFIG_HOME": dataDirectory.appendingPathComponent("config").path
            ]
            .merging(environment ?? [:]) { $1 }
        )
        try daemon.waitUntil("org.hwalja.Engine1 from hwaljad", interval: 0.02) {
            self.bus.hasOwner("org.hwalja.Engine1")
        }
    }

    /// hwaljad's resident anonymous memory in KiB (RssAnon: its heap and stacks, what the kernel
    /// cannot drop and read again from a file), or `nil` once it has exited.
    package var anonymousKilobytes: Int? { status("RssAnon") }

    /// hwaljad's resident file pages in KiB (RssFile: its code and the libraries'), or `nil` once it has exited.
    package var fileKilobytes: Int? { status("RssFile") }

    /// A KiB figure of `/proc/PID/status`.
    private func status(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(daemon.pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") })
        else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }

    deinit {
        daemon.stop()
        try? FileManager.default.removeItem(at: dataDirectory)
    }
}

/// A test could not set up what it needs.
package struct TestSetupError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
