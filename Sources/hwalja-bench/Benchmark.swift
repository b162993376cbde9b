import ArgumentParser
import Foundation
import HwaljaCore
import HwaljaTable

/// `hwalja-bench`: prints the composer's cost per key, the table's load time and size, beside the
/// same figures for a Hwalja-shaped JSON table used the way the public Hwalja README shows
/// (parse the JSON, look tails up in string-keyed maps); then each layout's, `hwalja-replay`'s
/// peak memory on long logs and the Debian package's size (``Footprint``). Run it in release:
///
///     swift run -c release hwalja-bench [--table PATH] [--json PATH] [--keys LOG]
///     swift run -c release hwalja-bench --keystroke-saving TEXT [--learn] [--predict] [--suggestions N]
///     swift run -c release hwalja-bench --hanja /usr/share/libhangul/hanja/hanja.txt
///
/// `--json` defaults to our own export (Tables/hwalja.json, same shape as Hwalja's 한글.json);
/// point it at the public 한글.json to measure that file.
@main
enum Benchmark {
    static func main() throws {
        let options: Options
        do {
            options = try Command.parse(Array(CommandLine.arguments.dropFirst())).options
        } catch {
            Command.exit(withError: error)
        }
        if let path = options.hanja {
            try HanjaFigures.run(path: path)
            return
        }
        if let file = options.keystrokeSaving {
            let table = try KeyboardLayout.cheonjiin.decodeTable(try read(options.table))
            try KeystrokeSaving.run(
                file: file, learn: options.learn || options.predict, predict: options.predict,
                limit: options.suggestions, table: table, lexiconPath: options.lexicon)
            return
        }
        let tableBytes = try read(options.table)
        let jsonBytes = try read(options.json)
        let log = String(decoding: try read(options.keys), as: UTF8.self)
        let keys = parseKeys(log)
        let table = try KeyboardLayout.cheonjiin.decodeTable(tableBytes)
        let repetitions = max(1, 1_000_000 / keys.count)

        print(
            "hwalja-bench: \(keys.count) keys from \(options.keys), typed \(repetitions) times (\(keys.count * repetitions) keys)"
        )
        print("")
        print("hwalja binary table (\(options.table))")
        print("  bytes:            \(tableBytes.count)")
        let load = median(of: 101) { _ = try? TableFile.decode(tableBytes) }
        print("  decode:           \(format(load)) median of 101 (bytes already in memory)")
        let readAndLoad = median(of: 101) {
            _ = try? TableFile.decode([UInt8](FileManager.default.contents(atPath: options.table) ?? Data()))
        }
        print("  read + decode:    \(format(readAndLoad)) median of 101")
        print(
            "  composer:         \(nanoseconds(composerPerKey(keys, table: table))) per key (median of 7 runs of about a million keys, as each figure below)"
        )
        // The same keys with no boundaries: the undo history stays at its full depth.
        let oneRun = keys.filter { $0 != .space && $0 != .punctuation && $0 != .next }
        let full = composerPerKey(oneRun, table: table)
        print(
            "   no boundaries:  \(nanoseconds(full)) per key (no SPACE, PUNCT, NEXT: \(oneRun.count) keys, undo history full)"
        )
        // A slip and its correction every fifth letter: backspace undoes it, taking committed text back where it must.
        let slips = withSlips(oneRun)
        let corrected = composerPerKey(slips, table: table)
        print(
            "   with slips:     \(nanoseconds(corrected)) per key (\(slips.count) keys: ㄱㅋ BS after every fifth letter)"
        )
        let held = composerPerKey(slips, table: table, options: Composer.Options(canRetract: false))
        print("   no retraction:  \(nanoseconds(held)) per key (the same for an application that cannot delete)")
        print("")
        print("Hwalja-style JSON table used as Hwalja's README shows (\(options.json))")
        print("  bytes:            \(jsonBytes.count)")
        let jsonLoad = median(of: 11) { _ = HwaljaStyleTable(json: Data(jsonBytes)) }
        print(
            "  parse:            \(format(jsonLoad)) median of 11 (JSONSerialization into [String: [String: String]])")
        guard let hwaljaStyle = HwaljaStyleTable(json: Data(jsonBytes)) else {
            print("  (not a {key: {tail: replacement}} JSON file)")
            return
        }
        let jsonRepetitions = max(1, repetitions / 10)
        let jsonPerKey = perKey(keys.count * jsonRepetitions) {
            var sink = 0
            for _ in 0..<jsonRepetitions { sink &+= hwaljaStyle.type(keys).count }
            return sink
        }
        print(
            "  five-line rule:   \(String(format: "%.1f", jsonPerKey)) ns per key (string-keyed lookups on the text's last scalars)"
        )
        try LayoutFigures.print()
        try Footprint.run(log: log, keysPerCopy: keys.count)
    }

    /// The command line: `--help` and `--version` answered, an unknown option refused with exit 64.
    struct Options: ParsableArguments {
        @Option(help: "The binary table (default Tables/hwalja.table).")
        var table = "Tables/hwalja.table"
        @Option(help: "The Hwalja-style JSON table (default Tables/hwalja.json).")
        var json = "Tables/hwalja.json"
        @Option(help: "The keystroke log typed over and over (default tools/bench/udhr-article-1.keys).")
        var keys = "tools/bench/udhr-article-1.keys"
        @Option(help: "The lexicon for --keystroke-saving (default Tables/hwalja.lexicon).")
        var lexicon = "Tables/hwalja.lexicon"
        @Option(
            name: .customLong("keystroke-saving"),
            help: "Measure instead the keys word suggestions save on the text in FILE.")
        var keystrokeSaving: String?
        @Flag(help: "With --keystroke-saving: learn the words typed, as the daemon does.")
        var learn = false
        @Flag(
            help:
                "With --keystroke-saving: learn which word follows which too, and predict the next word once one ends (implies --learn)."
        )
        var predict = false
        @Option(help: "With --keystroke-saving: suggestions shown (default 3).")
        var suggestions = 3
        @Option(
            help:
                "Measure instead the conversion key on the hanja file at PATH, beside libhangul's (/usr/share/libhangul/hanja/hanja.txt)."
        )
        var hanja: String?
    }

    /// hwalja-bench's command line, for ArgumentParser's help and version.
    struct Command: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "hwalja-bench",
            abstract:
                "Measures the composer, the tables, word suggestions and the programs' memory, beside anchors in the same run.",
            discussion:
                "Run from the package's folder after swift build -c release: the default paths are the checkout's.",
            version: hwaljaVersion
        )
        @OptionGroup var options: Options
    }

    /// Nanoseconds per key of a fresh composer typing `keys` over and over, about a million keys
    /// in all: the median of seven such runs (this machine is shared; one run can be twice another).
    static func composerPerKey(_ keys: [Key], table: TransitionTable, options: Composer.Options = Composer.Options())
        -> Double
    {
        let repetitions = max(1, 1_000_000 / keys.count)
        let runs = (0..<7).map { _ in
            perKey(keys.count * repetitions) {
                var composer = Composer(table: table, options: options)
                var sink = 0
                for _ in 0..<repetitions {
                    for key in keys { sink &+= composer.press(key).preedit.count }
                }
                return sink
            }
        }
        return runs.sorted()[runs.count / 2]
    }

    /// `keys` with a wrong letter and a backspace after every fifth letter key.
    static func withSlips(_ keys: [Key]) -> [Key] {
        var result: [Key] = []
        var letters = 0
        for key in keys {
            result.append(key)
            guard key.isLetterKey else { continue }
            letters += 1
            if letters % 5 == 0 { result += [.giyeokKieuk, .backspace] }
        }
        return result
    }

    static func nanoseconds(_ value: Double) -> String {
        String(format: "%.1f ns", value)
    }

    static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            FileHandle.standardError.write(Data("hwalja-bench: cannot read \(path) (run from the package root)\n".utf8))
            exit(1)
        }
        return [UInt8](data)
    }

    static func parseKeys(_ log: String) -> [Key] {
        log.split(separator: "\n").filter { !$0.hasPrefix("#") }.flatMap { $0.split(separator: " ") }.compactMap {
            Key(token: String($0))
        }
    }

    static func median(of runs: Int, _ body: () -> Void) -> Duration {
        let clock = ContinuousClock()
        let times = (0..<runs).map { _ in clock.measure(body) }.sorted()
        return times[runs / 2]
    }

    /// Nanoseconds of this thread's CPU time per key for `body`, which types `count` keys: time the
    /// thread spends descheduled on a busy machine is not counted.
    static func perKey(_ count: Int, _ body: () -> Int) -> Double {
        let start = threadCPUNanoseconds()
        let sink = body()
        let elapsed = threadCPUNanoseconds() - start
        if sink == Int.min { print(sink) }
        return Double(elapsed) / Double(count)
    }

    static func threadCPUNanoseconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return time.tv_sec * 1_000_000_000 + time.tv_nsec
    }

    static func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let microseconds = Double(seconds) * 1e6 + Double(attoseconds) / 1e12
        return microseconds >= 1000
            ? String(format: "%.2f ms", microseconds / 1000) : String(format: "%.0f µs", microseconds)
    }
}
