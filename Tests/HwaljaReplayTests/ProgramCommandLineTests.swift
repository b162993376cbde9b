import Foundation
import HwaljaTestSupport
import Testing

/// What every program's command line answers a newcomer: `--version` (the package's version),
/// `--help` (the benches too, which used to start measuring), and a bench ended by SIGTERM takes
/// the processes it started with it.
struct ProgramCommandLineTests {
    static let programs = [
        "hwaljad", "ibus-engine-hwalja", "hwalja-replay", "hwalja-gen", "hwalja-lexicon", "hwalja", "hwalja-bench",
        "hwalja-bus-bench", "hwalja-keypad"
    ]

    /// The upstream part of the Debian package's version: "hwalja (0.1.0-1) unstable; …" gives 0.1.0.
    static func packageVersion() throws -> String {
        let changelog = try String(
            contentsOf: packageRoot.appendingPathComponent("packaging/debian/changelog"), encoding: .utf8)
        let first = try #require(changelog.split(separator: "\n").first)
        let version = try #require(first.split(separator: "(").dropFirst().first?.split(separator: ")").first)
        return String(version.split(separator: "-").first ?? version)
    }

    @Test(arguments: programs)
    func answersVersionWithThePackagesVersion(_ program: String) throws {
        let outcome = try runProcess(product(program), ["--version"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == (try Self.packageVersion()))
    }

    /// hwalja's Preferences, a Python program (Sources/hwalja-preferences), keeps the version too.
    @Test func thePreferencesAnswerVersionAndHelp() throws {
        let program = packageRoot.appendingPathComponent("Sources/hwalja-preferences/hwalja-preferences")
        let version = try runProcess(program, ["--version"])
        #expect(
            version.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == (try Self.packageVersion()),
            "\(version.stderr)")
        let help = try runProcess(program, ["--help"])
        #expect(help.status == 0 && help.stdout.hasPrefix("OVERVIEW: hwalja's Preferences"), "\(help.stdout)")
    }

    @Test(arguments: ["hwalja-bench", "hwalja-bus-bench"])
    func aBenchAnswersHelpWithoutMeasuring(_ bench: String) throws {
        let outcome = try runProcess(product(bench), ["--help"], seconds: 10)
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("USAGE: \(bench)"), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("median"), "it measured: \(outcome.stdout)")
    }

    /// Every script in tools/ says what it does on `--help` and does nothing else: no build, no
    /// package, no bus (`tools/build-deb --help` used to start a three-minute build).
    @Test func everyScriptInToolsAnswersHelpWithItsUsage() throws {
        let tools = packageRoot.appendingPathComponent("tools")
        let scripts = try FileManager.default.contentsOfDirectory(atPath: tools.path).sorted().filter {
            var folder: ObjCBool = false
            let path = tools.appendingPathComponent($0).path
            return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && !folder.boolValue
                && FileManager.default.isExecutableFile(atPath: path)
        }
        #expect(scripts.count >= 30, "\(scripts)")
        for script in scripts {
            let outcome = try runProcess(tools.appendingPathComponent(script), ["--help"], seconds: 30)
            #expect(outcome.status == 0, "tools/\(script) --help: \(outcome.stderr)")
            #expect(!outcome.stdout.isEmpty && outcome.stderr.isEmpty, "tools/\(script) --help: \(outcome.stderr)")
        }
    }

    @Test func theKeypadNamesABadLayoutOrSizeAndAMissingDisplay() throws {
        let keypad = product("hwalja-keypad")
        let layout = try runProcess(keypad, ["--layout", "qwerty"], environment: ["DISPLAY": ":99"], seconds: 10)
        #expect(layout.status != 0)
        #expect(
            layout.stderr.contains("no layout \"qwerty\" (layouts: cheonjiin, cheonjiin-plus, naratgeul, vega)"),
            "\(layout.stderr)")
        let size = try runProcess(keypad, ["--size", "big"], seconds: 10)
        #expect(size.stderr.contains("--size takes WIDTHxHEIGHT"), "\(size.stderr)")
        let display = try runProcess(keypad, [], environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""], seconds: 10)
        #expect(display.status != 0)
        #expect(display.stderr.contains("cannot open a display"), "\(display.stderr)")
    }

    @Test func theBusBenchRefusesFewerCallsThanPlacements() throws {
        let none = try runProcess(product("hwalja-bus-bench"), ["--placements", "0"], seconds: 10)
        #expect(none.status != 0)
        #expect(
            none.stderr.contains("--calls must be at least --placements, and --placements at least 1"), "\(none.stderr)"
        )
        let few = try runProcess(product("hwalja-bus-bench"), ["--calls", "4", "--placements", "5"], seconds: 10)
        #expect(few.status != 0 && !few.stdout.contains("median"), "\(few.stdout)")
    }

    @Test func aBenchEndedBySIGTERMLeavesNoProcessBehind() throws {
        let bench = try BackgroundProcess(product("hwalja-bus-bench"), ["--calls", "1000000"])
        // Its dbus-daemon, two echo services and hwaljad, once all four run.
        var children: [Int32] = []
        let deadline = Deadline(seconds: 30)
        while children.count < 4 && !deadline.hasPassed {
            Thread.sleep(forTimeInterval: 0.1)
            children = Self.children(of: bench.pid)
        }
        try #require(
            children.count == 4,
            "the bench started \(children.count) processes: \(bench.stdoutSoFar) \(bench.stderrSoFar)")
        _ = bench.stop(signal: SIGTERM)
        let gone = Deadline(seconds: 10)
        while !children.filter(Self.isRunning).isEmpty && !gone.hasPassed { Thread.sleep(forTimeInterval: 0.1) }
        #expect(
            children.filter(Self.isRunning).isEmpty, "still running after the bench: \(children.filter(Self.isRunning))"
        )
    }

    /// The processes whose parent is `pid` (`/proc/PID/stat`'s fourth field).
    static func children(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { child in
            guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
                let afterName = stat.range(of: ") ", options: .backwards)
            else { return false }
            let fields = stat[afterName.upperBound...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == pid
        }
    }

    /// Whether `pid` runs (a zombie waiting for its reaper has ended).
    static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let afterName = stat.range(of: ") ", options: .backwards)
        else { return false }
        return stat[afterName.upperBound...].first != "Z"
    }

    /// The demo (tools/run) installs what it needs, libdbus and dbus, not the tests' applications,
    /// browsers and frameworks.
    @Test func theDemoInstallsOnlyWhatItNeeds() throws {
        let listed = try runProcess(packageRoot.appendingPathComponent("tools/install-deps"), ["demo", "--print"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.split(separator: "\n") == ["libdbus-1-dev", "pkg-config", "dbus"])
        let everything = try runProcess(packageRoot.appendingPathComponent("tools/install-deps"), ["--print"]).stdout
        #expect(everything.split(separator: "\n").contains("chromium"))
        let run = try String(contentsOf: packageRoot.appendingPathComponent("tools/run"), encoding: .utf8)
        #expect(run.contains("tools/install-deps demo"), "tools/run installs more than the demo needs")
    }
}
