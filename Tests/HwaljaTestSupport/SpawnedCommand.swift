import Foundation

/// A command run to completion, spawned and waited for here (`posix_spawn`, `waitpid`) rather than
/// through Foundation's `Process`: twice in one day's CI a short-lived command had ended and been
/// reaped while Foundation still called it running 120 s later, and its test failed. Here nothing
/// but this code waits for the child, so its end and its exit status are seen as the kernel gives them.
enum SpawnedCommand {
    /// Runs `executable` in the package's folder with `stdin` as its standard input, standard output
    /// and error to files, no signal blocked or ignored, `environment` added to this process's;
    /// kills it after `seconds`.
    static func run(
        _ executable: URL, _ arguments: [String], stdin: String, environment: [String: String]?, seconds: Double
    ) throws
        -> ProcessOutcome
    {
        let base = scratchFileBase()
        let (inputPath, outputPath, errorPath) = (base + ".in", base + ".out", base + ".err")
        defer { for path in [inputPath, outputPath, errorPath] { unlink(path) } }
        try Data(stdin.utf8).write(to: URL(fileURLWithPath: inputPath))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // The test process's descriptors stay its own; the package's folder, as tests' relative paths expect.
        guard Self.closeFrom(&actions, 3) == 0, Self.changeDirectory(&actions, packageRoot.path) == 0 else {
            throw TestSetupError("cannot prepare to start \(executable.path)")
        }

        // As a shell starts a program: tests run on Dispatch's threads, which block almost every signal.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)  // a process group of its own, as Foundation's Process gives
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        let variables = ProcessInfo.processInfo.environment.merging(environment ?? [:]) { $1 }.map {
            "\($0.key)=\($0.value)"
        }
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw TestSetupError("cannot start \(executable.path): \(String(cString: strerror(spawned)))")
        }

        var status: Int32 = 0
        let deadline = Deadline(seconds: seconds)
        var ended = reap(pid, &status, WNOHANG)
        while ended == 0 && !deadline.hasPassed {
            usleep(5_000)
            ended = reap(pid, &status, WNOHANG)
        }
        var note = ""
        if ended == 0 {
            note = "\n(killed after \(seconds) s; \(kernelState(of: pid)))"
            kill(pid, SIGKILL)
            ended = reap(pid, &status, 0)
        }
        let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        return ProcessOutcome(
            // WEXITSTATUS, else WTERMSIG
            status: ended != pid ? -1 : (status & 0x7f) == 0 ? (status >> 8) & 0xff : status & 0x7f,
            stdout: read(outputPath),
            stderr: read(errorPath) + note)
    }

    /// `waitpid`, again when a signal interrupts it: the child's pid once it ended, 0 while it
    /// runs (with `WNOHANG`), -1 on an error.
    private static func reap(_ pid: pid_t, _ status: inout Int32, _ options: Int32) -> pid_t {
        var result: pid_t
        repeat { result = waitpid(pid, &status, options) } while result == -1 && errno == EINTR
        return result
    }

    // glibc's GNU extensions, which Swift's Glibc module leaves out (they need _GNU_SOURCE).
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias ChangeDirectory =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    private static let closeFrom = unsafeBitCast(glibc("posix_spawn_file_actions_addclosefrom_np"), to: CloseFrom.self)
    private static let changeDirectory = unsafeBitCast(
        glibc("posix_spawn_file_actions_addchdir_np"), to: ChangeDirectory.self)

    private static func glibc(_ name: String) -> UnsafeMutableRawPointer {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
            preconditionFailure("glibc has no \(name) (2.34 or later has)")
        }
        return symbol
    }

    /// What the kernel says of process `pid`, for a test that gave up waiting: its state and, for
    /// each thread, where it waits (`/proc/PID/task/*/wchan`), or that it is gone.
    static func kernelState(of pid: pid_t) -> String {
        guard let state = processState(pid) else { return "no process \(pid) any more" }
        let threads = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []).sorted()
        let waits = threads.map { thread in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/wchan", encoding: .utf8)) ?? "?")
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let which = threads.count == 1 ? "its one thread" : "its \(threads.count) threads"
        return "it was in state \(state), \(which) waiting in \(waits.joined(separator: ", "))"
    }
}
