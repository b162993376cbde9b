import Foundation
import HwaljaTestSupport
import Testing

/// The built executables, run as a user runs them.
struct CommandLineTests {
    static func run(_ tool: String, _ arguments: [String], stdin: String = "") throws -> ProcessOutcome {
        try runProcess(product(tool), arguments, stdin: stdin)
    }

    @Test func replaysDigitAliases() throws {
        let outcome = try Self.run("hwalja-replay", ["--keys", "0 1 2 5"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "안\n")
    }

    @Test func replaysALogFromStandardInputLikeTheHost() throws {
        let log = "# 안녕 then a new line\nㅇㅁ ㅣ ㆍ ㄴㄹ NEXT ㄴㄹ ㆍ ㆍ ㅣ ㅇㅁ\nENTER ㄱㅋ ㅣ ㆍ SPACE BS BS\n"
        let outcome = try Self.run("hwalja-replay", ["-"], stdin: log)
        #expect(outcome.stdout == "안녕\n")
    }

    @Test func aTimedLogReplaysLongPresses() throws {
        let log = "0 down ㄱㅋ\n80 up ㄱㅋ\n100 down 1\n180 up 1\n200 down 2\n260 up 2\n300 down 0\n900 up 0\n1000 down BS\n1750 up BS\n"
        // 가, then 0 held (commits 가, types 0); BS held 750 ms: one delete + repeats at 1500, 1600, 1700.
        let outcome = try Self.run("hwalja-replay", ["-"], stdin: log)
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "\n")
        let shorter = try Self.run("hwalja-replay", ["-"], stdin: log.replacingOccurrences(of: "1750 up BS", with: "1100 up BS"))
        #expect(shorter.stdout == "가\n")
    }

    @Test func traceShowsEveryStep() throws {
        let outcome = try Self.run("hwalja-replay", ["--trace", "--keys", "ㄱㅋ ㅣ ㆍ ㄴㄹ ㅇㅁ"])
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines[4] == "ㅇㅁ\tcommit \"간\"\tpreedit \"ㅇ\"")
        #expect(lines[5] == "간ㅇ")
    }

    @Test func traceShowsWhatBackspaceTakesBack() throws {
        // 하다, then two backspaces: the second undoes the ㆍ that committed 하.
        let outcome = try Self.run("hwalja-replay", ["--trace", "--keys", "8 8 1 2 6 1 2 BS BS"])
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(lines.suffix(3) == ["BS\tcommit \"\"\tpreedit \"디\"", "BS\tretract 1\tcommit \"\"\tpreedit \"핟\"", "핟"])
    }

    @Test func noRetractPlaysAnApplicationThatCannotDelete() throws {
        let outcome = try Self.run("hwalja-replay", ["--no-retract", "--trace", "--keys", "8 8 1 2 6 1 2 BS BS"])
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(!outcome.stdout.contains("retract"))
        #expect(lines.suffix(4) == ["ㆍ\tcommit \"\"\tpreedit \"하다\"", "BS\tcommit \"\"\tpreedit \"하디\"", "BS\tcommit \"\"\tpreedit \"핟\"", "핟"])
        #expect(try Self.run("hwalja-replay", ["--help"]).stdout.contains("--no-retract"))
    }

    @Test func anUnknownTokenExitsWithStatusTwoAndPrintsNoResult() throws {
        let outcome = try Self.run("hwalja-replay", ["-"], stdin: "ㄱㅋ ㅣ\nㆍ 가\n")
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("line 2"))
        #expect(outcome.stderr.contains("\"가\""))
    }

    @Test func aCorruptTableIsRefusedInOneLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hwalja-corrupt-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let table = directory.appendingPathComponent("bad.table")
        try Data("HWALJATB\u{1}\u{0}".utf8).write(to: table)
        let outcome = try Self.run("hwalja-replay", ["--table", table.path, "--keys", "1"])
        #expect(outcome.status != 0)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("truncated at offset 10"))
        #expect(outcome.stderr.split(separator: "\n").count == 1)
    }

    @Test func generatorCheckNamesTheFirstDifferenceOfAStaleTable() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hwalja-stale-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = try Self.run("hwalja-gen", ["--directory", directory.path])
        #expect(good.status == 0)
        #expect(try Self.run("hwalja-gen", ["--check", "--directory", directory.path]).status == 0)

        let json = directory.appendingPathComponent("hwalja.json")
        let text = try String(contentsOf: json, encoding: .utf8)
        try text.replacingOccurrences(of: "\"ᄀᆞ\": \"거\"", with: "\"ᄀᆞ\": \"가\"").write(to: json, atomically: true, encoding: .utf8)
        let stale = try Self.run("hwalja-gen", ["--check", "--directory", directory.path])
        #expect(stale.status != 0)
        #expect(stale.stderr.contains("hwalja.json line 4: has `\"ᄀᆞ\": \"가\",`, generator gives `\"ᄀᆞ\": \"거\",`"))
    }

    @Test func generatorStatsSayEverySyllableIsReachable() throws {
        let outcome = try Self.run("hwalja-gen", ["--stats"])
        #expect(outcome.stdout.contains("syllables reachable: 11172 of 11172"))
    }
}
