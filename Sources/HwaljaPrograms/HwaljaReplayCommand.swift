import ArgumentParser
import HwaljaCommandLine
import HwaljaCore
import HwaljaDBus
import HwaljaDaemon
import HwaljaReplay
import HwaljaRuntime
import HwaljaSession
import HwaljaTyping

#if canImport(Glibc)
    import Glibc
#endif

/// `hwalja-replay`: types a keystroke log through the composer and prints the resulting text.
package struct HwaljaReplayCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "hwalja-replay",
        abstract: "Replay a keystroke log of a Korean 12-key layout and print the text it types.",
        discussion: """
            Untimed logs are key tokens separated by whitespace; timed logs have one event a line, \
            '<milliseconds> down|up <KEY>', so long presses replay too. Keys: ㅣ ㆍ ㅡ ㄱㅋ ㄴㄹ ㄷㅌ ㅂㅍ ㅅㅎ \
            ㅈㅊ ㅇㅁ (or digits 1-9, 0 by the phone layout), PUNCT, NEXT, SPACE, BS, ENTER. '#' starts a comment. \
            With --layout, that layout's keys (its labels, or the digits and '*' by phone position).

            Examples:
              hwalja-replay --keys '0 1 2 5'          # prints 안
              hwalja-replay --trace words.log
              hwalja-replay --trace --keys '8 8 1 2 6 1 2 BS BS'   # 하다 BS BS: 핟
              printf '0 down 4\\n600 up 4\\n' | hwalja-replay -   # a long press: prints 4
              hwalja-replay --layout naratgeul --keys 'ㄱ ㅏㅓ ㅁ 획 ㅅ'   # prints 값
            """,
        version: hwaljaVersion
    )

    @Option(name: .shortAndLong, help: "Key tokens to replay instead of a file.")
    var keys: String?

    @Argument(help: "Keystroke log to replay, or '-' for standard input.")
    var file: String?

    @Flag(
        help: "Print every step: key, what it takes back of the text (retract N, in Unicode scalars), commit, preedit.")
    var trace = false

    @OptionGroup var table: TableOption

    @OptionGroup var layout: LayoutOption

    @Option(
        help: """
            Replay through the hwaljad daemon on this bus (session, system or an address) instead of in process; \
            its own settings apply (not --space-inserts or the timing options).
            """
    )
    var bus: String?

    @Flag(
        help: """
            Play an application that cannot delete text it was given (a terminal, XIM): what backspace could \
            still undo stays in the preedit instead of being committed and taken back.
            """
    )
    var noRetract = false

    @OptionGroup var typing: TypingOptions

    @Option(
        help: """
            Show up to N word suggestions (the lexicon beside the table, in any layout) in --trace, and let \
            the log pick one: PICK n. Through the daemon its own settings say how many.
            """
    )
    var suggestions = 0

    package init() {}

    package func validate() throws {
        if !(0...9).contains(suggestions) { throw ValidationError("--suggestions takes 0-9, not \(suggestions)") }
        if keys != nil && file != nil { throw ValidationError("give either --keys or a FILE, not both") }
        if keys == nil && file == nil {
            throw ValidationError("give --keys 'TOKENS' or a FILE ('-' for standard input)")
        }
    }

    package func run() throws {
        var settings = HwaljaSettings()
        do {
            try typing.apply(to: &settings)
        } catch {
            fail("\(error)", status: 2)
        }
        if let bus {
            let log: KeystrokeLog
            do {
                log = try KeystrokeLog(parsing: String(decoding: readWhole(), as: UTF8.self), layout: layout.keyboard)
            } catch {
                fail("\(error)", status: 2)
            }
            do {
                let text = try BusReplay.play(log, bus: bus, canDelete: !noRetract, trace: trace, layout: layout.layout)
                print(text)
            } catch {
                fail(
                    "through the daemon on the \(Excerpt.shortened(bus)) bus: \(Excerpt.shortened("\(error)"))",
                    status: 1)
            }
            return
        }
        // In process the log streams: read a chunk at a time, each step printed as it comes and
        // none kept, so that memory does not grow with the log.
        var reader = try openLog()
        let loaded = table.load(Diagnostics(program: "hwalja-replay"), layout: layout.keyboard)
        let options = Composer.Options(spaceAlwaysInserts: settings.composer.spaceAlwaysInserts, canRetract: !noRetract)
        let typingTable = OptionTables.table(layout.keyboard, loaded.table, options: layout.options)
        var replay = SessionReplay(
            typing: TypingContext(table: typingTable, options: options, timing: settings.timing),
            suggestions: suggestions > 0 ? wordSuggestions(table: loaded, settings: settings) : nil, traces: trace)
        do {
            while let event = try reader.next() {
                if case .pick = event, suggestions == 0 {
                    fail("the log picks a word suggestion (PICK n): replay it with --suggestions 3", status: 2)
                }
                let lines = replay.play(event)
                if trace { lines.forEach { print($0) } }
            }
        } catch {
            fail("\(error)", status: 2)
        }
        print(replay.text)
    }

    /// Up to ``suggestions`` word suggestions from the lexicon beside the table, learning nothing.
    private func wordSuggestions(table loaded: TableLoader.Loaded, settings: HwaljaSettings) -> WordSuggestions {
        let diagnostics = Diagnostics(program: "hwalja-replay")
        // The lexicon spells its words with 천지인's keys: its table, whatever the log's layout.
        let lexiconTable: TransitionTable
        do {
            lexiconTable =
                layout.keyboard == .cheonjiin
                ? loaded.table : try TableLoader.load(.cheonjiin, beside: loaded.path).table
        } catch {
            fail("--suggestions needs 천지인's table beside the table: \(error)", status: 1)
        }
        guard
            let suggester = SuggestionsLoader.read(
                SuggestionsLoader.lexiconPath(beside: loaded.path), table: lexiconTable, log: diagnostics.log)
        else { fail("--suggestions needs the lexicon beside the table", status: 1) }
        return WordSuggestions(
            suggester: suggester, limit: suggestions, learns: false, pickAddsSpace: settings.pickAddsSpace)
    }

    /// A reader of the log: the `--keys` tokens, standard input or the file, a chunk at a time.
    private func openLog() throws -> KeystrokeLogReader {
        if let keys {
            var chunk: [UInt8]? = Array(keys.utf8)
            return KeystrokeLogReader(layout: layout.keyboard) {
                defer { chunk = nil }
                return chunk
            }
        }
        let descriptor: Int32
        if file == "-" {
            descriptor = STDIN_FILENO
        } else {
            descriptor = open(file ?? "", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { fail("cannot read \(Excerpt.path(file ?? ""))", status: 1) }
        }
        let path = file ?? ""
        return KeystrokeLogReader(layout: layout.keyboard) {
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 { return Array(chunk[..<count]) }
                if count == 0 { return nil }
                guard errno == EINTR else {
                    fail(path == "-" ? "cannot read standard input" : "cannot read \(Excerpt.path(path))", status: 1)
                }
            }
        }
    }

    private func readWhole() -> [UInt8] {
        if let keys { return Array(keys.utf8) }
        if file == "-" {
            guard let input = SystemFiles.readStandardInput() else { fail("cannot read standard input", status: 1) }
            return input
        }
        guard let path = file, let data = SystemFiles.read(path) else {
            fail("cannot read \(Excerpt.path(file ?? ""))", status: 1)
        }
        return data
    }

    private func fail(_ message: String, status: Int32) -> Never {
        Diagnostics(program: "hwalja-replay").log(message)
        Glibc.exit(status)
    }
}
