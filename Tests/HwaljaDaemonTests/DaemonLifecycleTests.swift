import Foundation
import HwaljaDBus
import HwaljaTestSupport
import Testing

/// Starting, refusing to start, reloading and stopping hwaljad; its timers with real time.
struct DaemonLifecycleTests {
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hwalja-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static let committedTablePath = packageRoot.appendingPathComponent("Tables/hwalja.table").path

    @Test func aCorruptTableStopsTheDaemonWithOneLineNamingTheFile() throws {
        let bus = try PrivateBus()
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.committedTablePath)))
        bytes[1000] ^= 0xFF
        let corrupt = directory.appendingPathComponent("corrupt.table")
        try Data(bytes).write(to: corrupt)
        let outcome = try runProcess(product("hwaljad"), ["--bus", bus.address, "--table", corrupt.path], seconds: 20)
        #expect(outcome.status != 0)
        #expect(outcome.stderr.hasPrefix("hwaljad: \(corrupt.path): table checksum mismatch"))
        #expect(outcome.stderr.split(separator: "\n").count == 1)
        #expect(!bus.hasOwner("org.hwalja.Engine1"))
        let missing = try runProcess(
            product("hwaljad"), ["--bus", bus.address, "--table", directory.appendingPathComponent("none.table").path],
            seconds: 20)
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("none.table"))
    }

    @Test func aSecondDaemonSaysTheNameIsTakenUnlessItReplaces() throws {
        let first = try PrivateDaemon()
        let second = try runProcess(
            product("hwaljad"), ["--bus", first.bus.address, "--table", Self.committedTablePath], seconds: 20)
        #expect(second.status != 0)
        #expect(second.stderr.contains("already owned"))
        #expect(second.stderr.contains("--replace"))
        #expect(first.daemon.isRunning)

        let replacement = try PrivateDaemon(["--replace"], bus: first.bus)
        let gone = first.daemon.waitForExit(seconds: 10)
        #expect(gone?.status == 0)
        #expect(gone?.stderr.contains("took org.hwalja.Engine1") == true)
        #expect(replacement.daemon.isRunning)
        #expect(first.bus.hasOwner("org.hwalja.Engine1"))
    }

    @Test func sigtermReleasesTheNameAndExitsCleanly() throws {
        let daemon = try PrivateDaemon()
        let outcome = daemon.daemon.stop(signal: SIGTERM, seconds: 10)
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains("released org.hwalja.Engine1"))
        #expect(!daemon.bus.hasOwner("org.hwalja.Engine1"))
    }

    @Test func sighupReloadsAGoodTableAndRefusesABadOne() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let table = directory.appendingPathComponent("hwalja.table")
        let good = try Data(contentsOf: URL(fileURLWithPath: Self.committedTablePath))
        try good.write(to: table)
        let daemon = try PrivateDaemon(["--table", table.path])
        let client = try EngineClient(bus: .address(daemon.bus.address))
        let path = try client.createContext()

        try Data("not a table".utf8).write(to: table)
        kill(daemon.daemon.pid, SIGHUP)
        try Self.waitFor(daemon, "kept the old table")
        #expect(daemon.daemon.stderrSoFar.contains("not a hwalja table (bad magic)"))
        #expect(try client.key("PressKey", "ㄱㅋ", on: path).preedit == "ㄱ")  // still serving, old table

        try good.write(to: table)
        kill(daemon.daemon.pid, SIGHUP)
        try Self.waitFor(daemon, "reloaded the settings and")
        #expect(try client.key("PressKey", "ㅣ", on: path).preedit == "기")
        #expect(daemon.daemon.isRunning)
    }

    @Test func aLongPressAndAHeldBackspaceWithRealTime() throws {
        let daemon = try PrivateDaemon(["--long-press", "300", "--repeat-interval", "50"])
        let client = try EngineClient(bus: .address(daemon.bus.address))
        final class Seen: @unchecked Sendable { var signals: [String] = [] }
        let seen = Seen()
        client.onSignal = { member, _, arguments in
            seen.signals.append("\(member) \(arguments.first?.stringValue ?? "")")
        }
        let path = try client.createContext()
        try client.setCapabilities(EngineInterface.Capability.signals, on: path)  // to see the timers as they fire
        _ = try client.key("PressKey", "ㄱㅋ", on: path)
        _ = try client.key("KeyDown", "ㅇㅁ", on: path)
        Thread.sleep(forTimeInterval: 0.6)
        #expect(
            try client.key("KeyUp", "ㅇㅁ", on: path) == EngineClient.KeyResult(commit: "", preedit: "", consumed: true))
        #expect(seen.signals.contains("Committed ㄱ0"))

        _ = try client.key("PressKey", "ㄴㄹ", on: path)
        _ = try client.key("KeyDown", "BS", on: path)  // deletes ㄴ at once
        // then repeats every 50 ms after 300 ms: nothing composing, so the client deletes
        Thread.sleep(forTimeInterval: 0.5)
        _ = try client.key("KeyUp", "BS", on: path)
        #expect(seen.signals.contains("PreeditChanged "))
        #expect(seen.signals.filter { $0 == "KeyNotConsumed BS" }.count >= 2)
    }

    @Test(arguments: ["press", "release"])
    func aKeyUpLongPressedTypesTheDigitAtOnce(lettersOn: String) throws {
        // A flick up on a touch keypad: 가, then ㅇㅁ down (강 with letters on press) and up at
        // once as long-pressed: 가0, long before the long press would come.
        let daemon = try PrivateDaemon(["--long-press", "5000", "--letters-on", lettersOn])
        let client = try EngineClient(bus: .address(daemon.bus.address))
        let path = try client.createContext()
        for key in ["ㄱㅋ", "ㅣ", "ㆍ"] { _ = try client.key("PressKey", key, on: path) }
        #expect(try client.key("KeyDown", "ㅇㅁ", on: path).preedit == (lettersOn == "press" ? "강" : "가"))
        #expect(
            try client.key("KeyUpLongPressed", "ㅇㅁ", on: path)
                == EngineClient.KeyResult(commit: "가0", preedit: "", consumed: true))
        #expect(
            try client.key("KeyUpLongPressed", "ㅇㅁ", on: path)
                == EngineClient.KeyResult(commit: "", preedit: "", consumed: true))
    }

    @Test func aClientWithoutSignalsGetsWhatTimersDidInItsNextReply() throws {
        let daemon = try PrivateDaemon(["--long-press", "300"])
        let client = try EngineClient(bus: .address(daemon.bus.address))
        final class Seen: @unchecked Sendable { var signals: [String] = [] }
        let seen = Seen()
        client.onSignal = { member, _, arguments in
            seen.signals.append("\(member) \(arguments.first?.stringValue ?? "")")
        }
        let path = try client.createContext()
        _ = try client.key("PressKey", "ㄱㅋ", on: path)
        _ = try client.key("KeyDown", "ㅇㅁ", on: path)
        Thread.sleep(forTimeInterval: 0.6)
        client.processSignals(waitingMilliseconds: 100)
        #expect(seen.signals == [])  // no timer ran for it
        #expect(
            try client.key("KeyUp", "ㅇㅁ", on: path) == EngineClient.KeyResult(commit: "ㄱ0", preedit: "", consumed: true)
        )
    }

    @Test func keystrokesAreNeverLoggedAndRecordedOnlyWhenAsked() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let quiet = try PrivateDaemon()
        let plain = try EngineClient(bus: .address(quiet.bus.address))
        let path = try plain.createContext()
        for key in ["ㅂㅍ", "ㅣ", "ㅁ", "ㅂㅍ"] { _ = try? plain.key("PressKey", key, on: path) }
        let log = quiet.daemon.stop().stderr
        #expect(!log.contains("ㅂㅍ") && !log.contains("비"), "hwaljad wrote keystrokes to its log: \(log)")

        let recording = try PrivateDaemon(["--record", directory.path])
        let client = try EngineClient(bus: .address(recording.bus.address))
        let recorded = try client.createContext()
        for key in "ㅇㅁ ㅣ ㆍ ㄴㄹ NEXT ㄴㄹ ㆍ ㆍ ㅣ ㅇㅁ".split(separator: " ") {
            _ = try client.key("PressKey", String(key), on: recorded)
        }
        // one run, one directory of its own
        let runs = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        try #require(runs.count == 1 && runs[0].hasPrefix("hwaljad-"), "\(runs)")
        #expect(
            recording.daemon.stderrSoFar.contains("recording keystrokes (--record) in \(directory.path)/\(runs[0])"))
        let file = directory.appendingPathComponent(runs[0]).appendingPathComponent("context-1.log")
        let replayed = try runProcess(product("hwalja-replay"), [file.path])
        #expect(replayed.stdout == "안녕\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    static func waitFor(_ daemon: PrivateDaemon, _ text: String, seconds: TimeInterval = 10) throws {
        let deadline = Deadline(seconds: seconds)
        while !daemon.daemon.stderrSoFar.contains(text) {
            guard !deadline.hasPassed else {
                throw TestSetupError("hwaljad never said \"\(text)\": \(daemon.daemon.stderrSoFar)")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }
}
