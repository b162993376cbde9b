import Foundation
import HwaljaRuntime

/// The figures of issue 14's table that belong to whole programs rather than the composer: the
/// peak memory of `hwalja-replay` (the one in this build folder) replaying long logs, which must
/// stay flat in the log's length, and the size of the Debian package if `tools/build-deb` made one.
enum Footprint {
    /// Prints the figures; `log` is the bench's key log, repeated to make the long logs.
    static func run(log: String, keysPerCopy: Int) throws {
        print("")
        print("Whole programs")
        let replay = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "hwalja-replay"
        ).path
        guard FileManager.default.isExecutableFile(atPath: replay), FileManager.default.isExecutableFile(atPath: time)
        else {
            print(
                "  hwalja-replay:    (needs \(time), apt-get install time, and hwalja-replay built beside hwalja-bench: swift build -c release --product hwalja-replay)"
            )
            return packageSize()
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hwalja-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copies = max(1, 1_000_000 / keysPerCopy)
        let keysOnly = log.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(separator: "\n") + "\n"
        let short = folder.appendingPathComponent("short.keys")
        try Data(String(repeating: keysOnly, count: max(1, copies / 10)).utf8).write(to: short)
        let long = folder.appendingPathComponent("long.keys")
        try Data(String(repeating: keysOnly, count: copies).utf8).write(to: long)
        let oneLine = folder.appendingPathComponent("one-line.keys")
        let line = String(repeating: keysOnly.replacingOccurrences(of: "\n", with: " "), count: copies) + "\n"
        try Data(line.utf8).write(to: oneLine)
        // Flat in the log's length: ten times the keys, the same peak.
        for (what, arguments) in [
            ("\(max(1, copies / 10) * keysPerCopy) keys", [short.path]),
            ("\(copies * keysPerCopy) keys", [long.path]),
            ("the same, --trace", ["--trace", long.path]),
            (String(format: "them on one line of %.1f MB", Double(line.utf8.count) / 1_048_576), [oneLine.path])
        ] {
            let (peak, anonymous, seconds) = try peakMemory(replay, arguments)
            print(
                String(
                    format: "  hwalja-replay:    %.1f MB peak (anonymous %.1f MB), %.2f s (%@)", Double(peak) / 1024,
                    Double(anonymous) / 1024, seconds, what))
        }
        packageSize()
    }

    /// The package `tools/build-deb` left in dist/, if any.
    static func packageSize() {
        let dist = "dist"
        let packages = ((try? FileManager.default.contentsOfDirectory(atPath: dist)) ?? []).filter {
            $0.hasPrefix("hwalja_") && $0.hasSuffix(".deb")
        }
        guard let package = packages.sorted().last,
            let size = (try? FileManager.default.attributesOfItem(atPath: "\(dist)/\(package)"))?[.size] as? Int
        else {
            print("  Debian package:   (none in dist/: tools/build-deb makes it)")
            return
        }
        print("  Debian package:   \(size) bytes (\(dist)/\(package))")
    }

    /// Runs `program` with `arguments`, its output thrown away, under GNU time; returns its peak
    /// resident memory in KiB, the most anonymous memory (RssAnon, what the kernel cannot drop)
    /// seen in it every millisecond, and how long it ran. (Not `wait4`'s own count: a child
    /// spawned from this process starts its count at this process's resident memory, over 100 MB
    /// here.)
    static func peakMemory(_ program: String, _ arguments: [String]) throws -> (
        kilobytes: Int, anonymous: Int, seconds: Double
    ) {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("hwalja-bench-time-\(getpid())")
        defer { try? FileManager.default.removeItem(at: report) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: time)
        process.arguments = ["-f", "%M %e", "-o", report.path, program] + arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        ChildProcesses.shared.add(process.processIdentifier)  // ended with this program if it is ended
        var anonymous = 0
        while process.isRunning {
            // GNU time's child is the program.
            for child in children(of: process.processIdentifier) {
                anonymous = max(anonymous, ProcessFigures.kilobytes(child, "RssAnon:") ?? 0)
            }
            usleep(1000)
        }
        process.waitUntilExit()
        ChildProcesses.shared.remove(process.processIdentifier)
        guard process.terminationStatus == 0 else {
            throw CocoaError(
                .executableLoad,
                userInfo: [
                    NSFilePathErrorKey: program,
                    NSLocalizedDescriptionKey:
                        "\(program) \(arguments.joined(separator: " ")) failed (exit \(process.terminationStatus))"
                ])
        }
        let fields = (try String(contentsOf: report, encoding: .utf8)).split(whereSeparator: \.isWhitespace)
        guard fields.count >= 2, let kilobytes = Int(fields[fields.count - 2]),
            let seconds = Double(fields[fields.count - 1])
        else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: report.path])
        }
        return (kilobytes, anonymous, seconds)
    }

    /// The processes whose parent is `pid` (`/proc/PID/task/PID/children`).
    static func children(of pid: Int32) -> [Int32] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0) }
    }

    /// GNU time (Debian's package `time`).
    static let time = "/usr/bin/time"
}
