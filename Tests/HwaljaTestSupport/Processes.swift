import Foundation

/// What a finished process left behind.
package struct ProcessOutcome: Sendable {
    package var status: Int32
    package var stdout: String
    package var stderr: String
}

/// The built executable `name` of this package (hwaljad, hwalja-replay, …).
package func product(_ name: String) -> URL {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    return packageRoot.appendingPathComponent(".build/debug/\(name)")
}

/// A process started by a test, with its output captured to files; always stopped by its PID.
package final class BackgroundProcess: @unchecked Sendable {
    package let process = Process()
    private let stdoutFile: URL
    private let stderrFile: URL

    /// Starts `executable` with `arguments`; `stdin` is written and closed.
    package init(_ executable: URL, _ arguments: [String], stdin: String = "", environment: [String: String]? = nil)
        throws
    {
        let base = URL(fileURLWithPath: scratchFileBase())
        stdoutFile = base.appendingPathExtension("out")
        stderrFile = base.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: stdoutFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let output = try FileHandle(forWritingTo: stdoutFile)
        let errors = try FileHandle(forWritingTo: stderrFile)
        process.standardOutput = output
        process.standardError = errors
        let input = Pipe()
        process.standardInput = input
        try Self.spawning.withLock { try Self.withSignalsUnblocked { try process.run() } }
        // The child has its own copies: the test process closes its own at once. Kept open, they
        // added up over a run (the desktop sessions poll with a command every 0.1 s) past 1,300
        // descriptors, and Foundation's Process.run crashed copying them.
        try? output.close()
        try? errors.close()
        try? input.fileHandleForReading.close()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
    }

    /// One spawn at a time: suites start processes from many threads at once.
    private static let spawning = NSLock()

    /// Runs `body` with no signal blocked on this thread. A child inherits the signal mask of the
    /// thread that starts it, and tests run on Dispatch's worker threads, which block almost every
    /// signal: started from one, ibus-daemon ignored SIGTERM (pending, never delivered) and every
    /// stop waited 5 s for SIGKILL. Children start as a shell starts them.
    private static func withSignalsUnblocked<T>(_ body: () throws -> T) rethrows -> T {
        var none = sigset_t()
        var saved = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        return try body()
    }

    /// The process ID.
    package var pid: Int32 { process.processIdentifier }

    /// What it has written to standard output so far.
    package var stdoutSoFar: String { (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? "" }

    /// What it has written to standard error so far.
    package var stderrSoFar: String { (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "" }

    /// Whether it still runs. Not only Foundation's word: a child whose end Foundation missed (seen
    /// once in CI: gnome-shell exited, stayed a zombie, and `waitUntilExit` never returned) has
    /// ended when the kernel keeps nothing of it but its exit status.
    package var isRunning: Bool { process.isRunning && !Self.isZombie(pid) }

    /// Whether process `pid` has ended and waits to be reaped (state Z in `/proc/PID/stat`).
    static func isZombie(_ pid: Int32) -> Bool { processState(pid) == "Z" }

    /// Waits up to `seconds` for the process to end by itself; `nil` if it is still running.
    package func waitForExit(seconds: Double) -> ProcessOutcome? {
        let deadline = Deadline(seconds: seconds)
        while isRunning && !deadline.hasPassed { Thread.sleep(forTimeInterval: 0.01) }
        return isRunning ? nil : outcome()
    }

    /// Sends `signal`, waits up to `seconds`, then kills and waits as long again (never for ever);
    /// returns the outcome.
    @discardableResult
    package func stop(signal: Int32 = SIGTERM, seconds: Double = 5) -> ProcessOutcome {
        if isRunning { kill(pid, signal) }
        if let outcome = waitForExit(seconds: seconds) { return outcome }
        kill(pid, SIGKILL)
        return waitForExit(seconds: seconds) ?? outcome()
    }

    private func outcome() -> ProcessOutcome {
        // Ended: Foundation reaps it in a moment (a zombie is seen before that), or never.
        let deadline = Deadline(seconds: 2)
        while process.isRunning && !deadline.hasPassed { Thread.sleep(forTimeInterval: 0.005) }
        defer {
            try? FileManager.default.removeItem(at: stdoutFile)
            try? FileManager.default.removeItem(at: stderrFile)
        }
        return ProcessOutcome(
            status: process.isRunning ? -1 : process.terminationStatus,  // -1: Foundation never saw it end
            stdout: (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? ""
        )
    }

    deinit {
        if isRunning { kill(pid, SIGKILL) }
    }
}

/// The state letter of process `pid` in `/proc/PID/stat` (`R`, `S`, `Z` …); `nil` for no such process.
func processState(_ pid: Int32) -> Character? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
    else { return nil }
    return stat[stat.index(after: end)...].first { $0 != " " }
}

/// A fresh path in the temporary folder for a test's files, to add an extension to.
func scratchFileBase() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("hwalja-test-\(UUID().uuidString)").path
}

/// Runs a command to completion (killed after `seconds`) and returns what it printed
/// (``SpawnedCommand``: not through Foundation's `Process`).
package func runProcess(
    _ executable: URL, _ arguments: [String], stdin: String = "", environment: [String: String]? = nil,
    seconds: Double = 120
) throws -> ProcessOutcome {
    try SpawnedCommand.run(executable, arguments, stdin: stdin, environment: environment, seconds: seconds)
}

/// Runs a program found on `PATH` (gdbus, dbus-send, python3 …).
package func runCommand(
    _ name: String, _ arguments: [String], stdin: String = "", environment: [String: String]? = nil,
    seconds: Double = 60
) throws -> ProcessOutcome {
    let path = name.hasPrefix("/") ? name : "/usr/bin/\(name)"
    return try runProcess(
        URL(fileURLWithPath: path), arguments, stdin: stdin, environment: environment, seconds: seconds)
}

extension BackgroundProcess {
    /// Waits, looking every `interval` seconds, until `done()` is true; throws, naming `what`,
    /// adding `hint` (what to install, say) and quoting the end of this process's standard error,
    /// once `seconds` have passed or the process has ended.
    package func waitUntil(
        _ what: String, seconds: Double = 10, interval: Double = 0.05, hint: String = "", _ done: () throws -> Bool
    ) throws {
        let deadline = Deadline(seconds: seconds)
        while try !done() {
            guard isRunning, !deadline.hasPassed else {
                let why = isRunning ? "within \(Int(seconds)) s" : "(it ended)"
                throw TestSetupError("no \(what) \(why)\(hint): \(stderrSoFar.suffix(3000))")
            }
            Thread.sleep(forTimeInterval: interval)
        }
    }
}
