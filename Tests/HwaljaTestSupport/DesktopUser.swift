import Foundation

/// The unprivileged user the tests run a desktop session as when they run as root: sway refuses
/// root, and a GNOME session is one user's. A system user, `hwalja-test`, made on first use
/// (`useradd`); commands become it through `setpriv`, which keeps the PID the command's.
package enum DesktopUser {
    package static let name = "hwalja-test"

    /// Made once per test run (nothing to do when not root).
    static let ready: Result<Void, TestSetupError> = {
        guard getuid() == 0 else { return .success(()) }
        if let found = try? runCommand("id", ["-u", name]), found.status == 0 { return .success(()) }
        let useradd = URL(fileURLWithPath: "/usr/sbin/useradd")
        guard
            let made = try? runProcess(useradd, ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name]),
            made.status == 0
        else {
            return .failure(TestSetupError("useradd \(name) failed: a desktop session needs a user other than root"))
        }
        return .success(())
    }()

    /// The executable and arguments that run `command` as the user with exactly `environment`.
    package static func command(_ command: [String], environment: [String: String]) throws -> (URL, [String]) {
        try ready.get()
        let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let asUser = getuid() == 0 ? ["/usr/bin/setpriv", "--reuid", name, "--regid", name, "--clear-groups"] : []
        let whole = asUser + ["/usr/bin/env", "-i"] + variables + command
        return (URL(fileURLWithPath: whole[0]), Array(whole.dropFirst()))
    }

    /// Runs `command` as the user with exactly `environment`, to completion (killed after `seconds`).
    package static func run(_ command: [String], environment: [String: String], seconds: Double = 60) throws
        -> ProcessOutcome
    {
        let (executable, arguments) = try self.command(command, environment: environment)
        return try runProcess(executable, arguments, seconds: seconds)
    }

    /// Starts a session bus as the user, in `environment`; returns it and its address. A session's
    /// own programs (the shell, ibus-daemon, fcitx5, hwaljad by activation) then share it as on a
    /// desktop; it accepts no other user.
    package static func sessionBus(environment: [String: String]) throws -> (BackgroundProcess, String) {
        let (executable, arguments) = try command(
            ["/usr/bin/dbus-daemon", "--session", "--nofork", "--print-address=1"], environment: environment)
        let bus = try BackgroundProcess(executable, arguments)
        let address = { bus.stdoutSoFar.split(separator: "\n").first.map(String.init) ?? "" }
        try bus.waitUntil("address from the session bus", interval: 0.02) { !address().isEmpty }
        return (bus, address())
    }

    /// Whether `name` has an owner on the bus at `address`, asked as the user.
    package static func busHasOwner(_ name: String, environment: [String: String]) throws -> Bool {
        try run(
            [
                "/usr/bin/gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
                "/org/freedesktop/DBus",
                "--method", "org.freedesktop.DBus.NameHasOwner", name
            ],
            environment: environment, seconds: 5
        ).stdout.contains("true")
    }

    /// Kills every process whose environment has `marker` (`NAME=value`), or only those called
    /// `command` (`/proc/PID/comm`) when given: what a session started and left behind
    /// (ibus-daemon outlives the shell that started it).
    package static func endProcesses(marked marker: String, command: String? = nil) {
        let mark = Data("\(marker)\u{0}".utf8)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(name), pid != getpid(),
                let environment = FileManager.default.contents(atPath: "/proc/\(name)/environ"),
                environment.range(of: mark) != nil
            else { continue }
            if let command {
                let comm = (try? String(contentsOfFile: "/proc/\(name)/comm", encoding: .utf8)) ?? ""
                guard comm.trimmingCharacters(in: .whitespacesAndNewlines) == command else { continue }
            }
            kill(pid, SIGKILL)
        }
    }

    /// Gives `folders` to the user (when root), private to it.
    package static func own(_ folders: [URL]) throws {
        try ready.get()
        for folder in folders {
            chmod(folder.path, 0o700)
            guard getuid() == 0 else { continue }
            guard let id = try? runCommand("id", ["-u", name]),
                let uid = uid_t(id.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            else {
                throw TestSetupError("no user \(name)")
            }
            chown(folder.path, uid, 0)
        }
    }
}
