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

    /// `--layout` picks the layout's table and key tokens (labels, or digits by phone position).
    @Test(arguments: [
        ("naratgeul", "ㄱ ㅏㅓ ㅁ 획 ㅅ", "값"), ("naratgeul", "7 획 획 3 5 획 획 6 획", "차표"),
        ("vega", "ㄱㅋ ㅏㅑ ㅂㅍ NEXT ㅁㅅ ㅁㅅ", "갑ㅅ"), ("vega", "0 0 3 1 NEXT 1 9 9", "학교"),
        ("cheonjiin-plus", "ㄱ ㅣ ㆍ NEXT ㅋ ㅋ", "가ㄲ"), ("cheonjiin-plus", "ㅎ 1 2 1 ㅎ ㅎ", "했")
    ])
    func replaysEveryLayout(layout: String, keys: String, text: String) throws {
        let outcome = try Self.run("hwalja-replay", ["--layout", layout, "--keys", keys])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "\(text)\n")
    }

    @Test func aKeyOfAnotherLayoutOrAnUnknownLayoutIsRefused() throws {
        let foreign = try Self.run("hwalja-replay", ["--layout", "vega", "--keys", "ㄱㅋ 획"])
        #expect(foreign.status == 2)
        #expect(foreign.stderr.contains("unknown vega key \"획\""))
        let unknown = try Self.run("hwalja-replay", ["--layout", "qwerty", "--keys", "1"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("cheonjiin, cheonjiin-plus, naratgeul, vega"))
    }

    @Test func replaysALogFromStandardInputLikeTheHost() throws {
        let log = "# 안녕 then a new line\nㅇㅁ ㅣ ㆍ ㄴㄹ NEXT ㄴㄹ ㆍ ㆍ ㅣ ㅇㅁ\nENTER ㄱㅋ ㅣ ㆍ SPACE BS BS\n"
        let outcome = try Self.run("hwalja-replay", ["-"], stdin: log)
        #expect(outcome.stdout == "안녕\n")
    }

    @Test func aTimedLogReplaysLongPresses() throws {
        let log =
            "0 down ㄱㅋ\n80 up ㄱㅋ\n100 down 1\n180 up 1\n200 down 2\n260 up 2\n300 down 0\n900 up 0\n1000 down BS\n1750 up BS\n"
        // 가, then 0 held (commits 가, types 0); BS held 750 ms: one delete + repeats at 1500, 1600, 1700.
        let outcome = try Self.run("hwalja-replay", ["-"], stdin: log)
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "\n")
        let shorter = try Self.run(
            "hwalja-replay", ["-"], stdin: log.replacingOccurrences(of: "1750 up BS", with: "1100 up BS"))
        #expect(shorter.stdout == "가\n")
    }

    /// A held key types the digit at its phone position in the log's layout (나랏글's ㅁ is on 5),
    /// not 천지인's (where ㅁ has none, so it was typed as a letter: 감).
    @Test func aTimedLogHoldsKeysOfItsLayout() throws {
        let log = "0 down ㄱ\n80 up ㄱ\n100 down ㅏㅓ\n180 up ㅏㅓ\n200 down ㅁ\n900 up ㅁ\n"
        let outcome = try Self.run("hwalja-replay", ["--layout", "naratgeul", "-"], stdin: log)
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "가5\n")
    }

    @Test func traceShowsEveryStep() throws {
        let outcome = try Self.run("hwalja-replay", ["--trace", "--keys", "ㄱㅋ ㅣ ㆍ ㄴㄹ ㅇㅁ"])
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines[4] == "ㅇㅁ\tcommit \"간\"\tpreedit \"ㅇ\"")
        #expect(lines[5] == "간ㅇ")
    }

    @Test func suggestionsShowInTheTraceAndAPickTypesTheWord() throws {
        // 감사 (ㄱ ㅣ ㆍ ㅇ ㅇ ㅅ ㅣ ㆍ), the film subtitles' 감사합니다 first; picked, with a space.
        let outcome = try Self.run(
            "hwalja-replay", ["--suggestions", "3", "--trace", "--keys", "4 1 2 0 0 8 1 2 PICK 1 0 1 2 5"])
        #expect(outcome.status == 0)
        let lines = outcome.stdout.split(separator: "\n")
        #expect(lines[7].hasPrefix("ㆍ\tcommit \"\"\tpreedit \"사\"\tsuggest \"감사합니다\""))
        #expect(lines[8] == "PICK 1\tretract 1\tcommit \"감사합니다 \"\tpreedit \"\"")
        #expect(lines.last == "감사합니다 안")
        // Without --suggestions a pick is refused, not ignored.
        let refused = try Self.run("hwalja-replay", ["--keys", "4 1 2 PICK 1"])
        #expect(refused.status == 2 && refused.stdout.isEmpty)
        #expect(refused.stderr.contains("--suggestions"))
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
        #expect(
            lines.suffix(4) == [
                "ㆍ\tcommit \"\"\tpreedit \"하다\"", "BS\tcommit \"\"\tpreedit \"하디\"", "BS\tcommit \"\"\tpreedit \"핟\"",
                "핟"
            ])
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
        try Data("HWALJATB\u{2}\u{0}".utf8).write(to: table)
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
        // 천지인's files only (--layout): each other layout is as much again.
        let good = try Self.run("hwalja-gen", ["--layout", "cheonjiin", "--directory", directory.path])
        #expect(good.status == 0)
        #expect(
            try Self.run("hwalja-gen", ["--layout", "cheonjiin", "--check", "--directory", directory.path]).status == 0)
        let others = try Self.run("hwalja-gen", ["--check", "--directory", directory.path])
        #expect(others.status != 0)
        #expect(others.stderr.contains("cheonjiin-plus.table is missing"))

        let json = directory.appendingPathComponent("hwalja.json")
        let text = try String(contentsOf: json, encoding: .utf8)
        try text.replacingOccurrences(of: "\"ᄀᆞ\": \"거\"", with: "\"ᄀᆞ\": \"가\"").write(
            to: json, atomically: true, encoding: .utf8)
        let stale = try Self.run("hwalja-gen", ["--layout", "cheonjiin", "--check", "--directory", directory.path])
        #expect(stale.status != 0)
        #expect(stale.stderr.contains("hwalja.json line 4: has `\"ᄀᆞ\": \"가\",`, generator gives `\"ᄀᆞ\": \"거\",`"))
    }

    @Test func generatorDrawsEachLayoutsKeypadAndChecksThePicture() throws {
        let directory = try TemporaryFolder("hwalja-pictures")
        let pictures = directory.url.appendingPathComponent("images")
        // 천지인's: its table is the quickest to generate, and each run below generates it again.
        #expect(
            try Self.run(
                "hwalja-gen", ["--layout", "cheonjiin", "--directory", directory.url.path, "--pictures", pictures.path]
            ).status == 0)
        let svg = try String(contentsOf: pictures.appendingPathComponent("keypad-cheonjiin.svg"), encoding: .utf8)
        // The rows as a Samsung phone prints them, with .,?! and - at the bottom.
        #expect(
            svg.contains("<title>cheonjiin keypad: ㅣ ㆍ ㅡ / ㄱㅋ ㄴㄹ ㄷㅌ / ㅂㅍ ㅅㅎ ㅈㅊ / .,?! ㅇㅁ -</title>"),
            "\(svg.prefix(600))")
        #expect(
            try Self.run(
                "hwalja-gen",
                ["--layout", "cheonjiin", "--check", "--directory", directory.url.path, "--pictures", pictures.path]
            ).status == 0)
        try svg.replacingOccurrences(of: "ㅂㅍ", with: "ㅍㅂ").write(
            to: pictures.appendingPathComponent("keypad-cheonjiin.svg"), atomically: true, encoding: .utf8)
        let stale = try Self.run(
            "hwalja-gen",
            ["--layout", "cheonjiin", "--check", "--directory", directory.url.path, "--pictures", pictures.path])
        #expect(stale.status != 0)
        #expect(stale.stderr.contains("keypad-cheonjiin.svg is missing or differs from what the layout draws"))
        // The committed pictures (tools/test checks them against the generator): 베가's rows as a
        // 베가 phone prints them (* and # at the bottom), 천지인 플러스's second halves beside their keys.
        let committed = packageRoot.appendingPathComponent("docs/images")
        let vega = try String(contentsOf: committed.appendingPathComponent("keypad-vega.svg"), encoding: .utf8)
        #expect(vega.contains("<title>vega keypad: ㄱㅋ ㅣㅡ ㅏㅑ / ㄷㅌ ㄴㄹ ㅓㅕ / ㅁㅅ ㅂㅍ ㅗㅛ / ㅈㅊ ㅇㅎ ㅜㅠ</title>"))
        let plus = try String(
            contentsOf: committed.appendingPathComponent("keypad-cheonjiin-plus.svg"), encoding: .utf8)
        #expect(plus.contains("<title>cheonjiin-plus keypad: ㅣ ㆍ ㅡ / ㄱ ㄴ ㄷ / ㅂ ㅅ ㅈ / - ㅇ -</title>"))
        #expect(["ㅋ", "ㄹ", "ㅌ", "ㅍ", "ㅎ", "ㅊ", "ㅁ"].allSatisfy { plus.contains("⇧ \($0)</text>") })
    }

    /// `--stats` says a layout's figures and how many syllables its table reaches. (Every layout's
    /// table reaching every syllable is proved in process: `LayoutTableTests`, `TableGeneratorTests`.)
    @Test func generatorStatsSayHowManySyllablesALayoutReaches() throws {
        let outcome = try runProcess(product("hwalja-gen"), ["--stats", "--layout", "naratgeul"], seconds: 300)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.components(separatedBy: "syllables reachable: 11172 of 11172").count == 2)
        #expect(outcome.stdout.contains("layout:              naratgeul\n"))
        #expect(outcome.stdout.contains("live pairs:"), "\(outcome.stdout)")
        let unknown = try Self.run("hwalja-gen", ["--layout", "qwerty", "--stats"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("no layout `qwerty`"))
    }

    /// One line on standard error, nothing on standard output, exit status 2: how hwalja-replay refuses input.
    static func expectRefused(
        _ outcome: ProcessOutcome, mentioning text: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            outcome.status == 2, "status \(outcome.status): \(outcome.stderr.prefix(300))",
            sourceLocation: sourceLocation)
        #expect(outcome.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(outcome.stderr.hasPrefix("hwalja-replay: "), sourceLocation: sourceLocation)
        #expect(
            outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr.prefix(300))",
            sourceLocation: sourceLocation)
        #expect(outcome.stderr.contains(text), "\(outcome.stderr.prefix(300))", sourceLocation: sourceLocation)
    }

    @Test func logTimesPastTheDocumentedMaximumAreRefusedWithoutATrap() throws {
        let nearEnd = "0 down 4\n9223372036854775000 down 4\n9223372036854775807 up 4\n"
        Self.expectRefused(try Self.run("hwalja-replay", ["-"], stdin: nearEnd), mentioning: "line 2")
        Self.expectRefused(
            try Self.run("hwalja-replay", ["-"], stdin: "2147483648 down 4\n"), mentioning: "0...2147483647")
        let beyondInt = "99999999999999999999999 down 4\n"
        Self.expectRefused(try Self.run("hwalja-replay", ["-"], stdin: beyondInt), mentioning: "line 1")
        let atMaximum = try Self.run("hwalja-replay", ["-"], stdin: "2147483000 down 4\n2147483647 up 4\n")
        #expect(atMaximum.status == 0)
        #expect(atMaximum.stdout == "4\n")  // held 647 ms: the digit
    }

    @Test(arguments: ["--long-press", "--repeat-interval", "--auto-next"])
    func timingFlagsOutsideTheDaemonsBoundsAreRefusedInOneLine(flag: String) throws {
        let log = "5 down 4\n10 up 4\n20 down BS\n900 up BS\n"
        for value in ["9223372036854775807", "9223372036854775000", "99999999999999999999", "0", "-1", "60001", "abc"] {
            Self.expectRefused(try Self.run("hwalja-replay", ["\(flag)=\(value)", "-"], stdin: log), mentioning: flag)
        }
        let largest = try Self.run("hwalja-replay", [flag, "60000", "-"], stdin: log)
        #expect(largest.status == 0, "\(largest.stderr)")
    }

    @Test func replaysLogsWithWindowsLineEnds() throws {
        let timed = try Self.run(
            "hwalja-replay", ["-"],
            stdin:
                "0 down ㄱㅋ\r\n80 up ㄱㅋ\r\n100 down 1\r\n180 up 1\r\n200 down 2\r\n260 up 2\r\n300 down 0\r\n900 up 0\r\n"
        )
        #expect(timed.status == 0, "\(timed.stderr)")
        #expect(timed.stdout == "가0\n")
        let untimed = try Self.run("hwalja-replay", ["-"], stdin: "0 1\r\n2 5\r\n")
        #expect(untimed.stdout == "안\n")
    }

    /// Ten megabytes of one token, and a hundred kilobytes (about the most one argument may hold).
    static let tenMegabytes = String(repeating: "ㄱ", count: 10_000_000 / 3)
    static let hundredKilobytes = String(repeating: "x", count: 100_000)

    @Test func aHugeTokenIsQuotedAsAShortPrefixInOneLine() throws {
        let digits = String(repeating: "7", count: 10_000_000)
        let inputs = [
            "1 2 \(Self.tenMegabytes) 3\n",  // untimed
            "0 down 4\n\(digits) up 4\n",  // a time
            "0 down 4\n\(Self.tenMegabytes)\n",  // a line of a timed log
            "0 down \(Self.tenMegabytes)\n"  // a key of a timed log
        ]
        for input in inputs {
            let outcome = try Self.run("hwalja-replay", ["-"], stdin: input)
            Self.expectRefused(outcome, mentioning: "more bytes")
            #expect(outcome.stderr.utf8.count < 400, "\(outcome.stderr.utf8.count) bytes on stderr")
        }
        for flag in ["--long-press", "--repeat-interval", "--auto-next"] {
            let outcome = try Self.run("hwalja-replay", ["\(flag)=\(Self.hundredKilobytes)", "--keys", "1"])
            Self.expectRefused(outcome, mentioning: "more bytes")
            #expect(outcome.stderr.utf8.count < 400, "\(outcome.stderr.utf8.count) bytes on stderr")
        }
    }

    @Test func hugePathsAndAddressesAreCutInMessages() throws {
        let path = "/nonexistent/" + Self.hundredKilobytes
        let runs = [
            try Self.run("hwalja-replay", [path]),
            try Self.run("hwalja-replay", ["--table", path, "--keys", "1"]),
            try Self.run("hwalja-replay", ["--bus", "unix:path=" + path, "--keys", "1"]),
            try Self.run("hwalja-replay", ["--bus", Self.hundredKilobytes, "--keys", "1"]),
            try Self.run("hwalja-gen", ["--check", "--directory", path])
        ]
        for outcome in runs {
            #expect(outcome.status == 1)
            #expect(outcome.stderr.split(separator: "\n").count == 1)
            #expect(outcome.stderr.contains("more bytes"))
            #expect(
                outcome.stderr.utf8.count < 600,
                "\(outcome.stderr.utf8.count) bytes on stderr: \(outcome.stderr.prefix(300))")
        }
    }

    @Test func aStaleTableWithAHugeLineIsReportedInOneShortLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hwalja-huge-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try Self.run("hwalja-gen", ["--layout", "cheonjiin", "--directory", directory.path]).status == 0)
        let json = directory.appendingPathComponent("hwalja.json")
        var lines = try String(contentsOf: json, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        lines[3] = Substring(Self.tenMegabytes)
        try lines.joined(separator: "\n").write(to: json, atomically: true, encoding: .utf8)
        let stale = try Self.run("hwalja-gen", ["--layout", "cheonjiin", "--check", "--directory", directory.path])
        #expect(stale.status != 0)
        #expect(stale.stderr.contains("line 4: has `ㄱㄱㄱ"))
        #expect(stale.stderr.split(separator: "\n").count == 1)
        #expect(stale.stderr.utf8.count < 600, "\(stale.stderr.utf8.count) bytes on stderr")
    }

    /// The package's one binary, `hwalja`, started through links named after the programs (as
    /// installed) is each program, with its own help and errors; started as itself, the first
    /// argument names the program.
    @Test func theMultiCallBinaryIsTheProgramItIsStartedAs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hwalja-multicall-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["hwaljad", "ibus-engine-hwalja", "hwalja-replay"] {
            let link = folder.appendingPathComponent(name)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: product("hwalja"))
            for arguments in [["--help"], ["--no-such-flag"]] {
                let linked = try runProcess(link, arguments)
                let alone = try Self.run(name, arguments)
                #expect(
                    linked.stdout == alone.stdout && linked.stderr == alone.stderr && linked.status == alone.status,
                    "\(name) \(arguments)")
            }
        }
        let replayed = try runProcess(folder.appendingPathComponent("hwalja-replay"), ["--keys", "0 1 2 5"])
        #expect(replayed.stdout == "안\n")
        let named = try Self.run("hwalja", ["hwalja-replay", "--keys", "0 1 2 5"])
        #expect(named.stdout == "안\n")
        let unknown = try Self.run("hwalja", ["hwaljax"])
        #expect(unknown.status == 64)
    }
}
