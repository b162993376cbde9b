import ArgumentParser
import HwaljaCommandLine
import HwaljaCore
import HwaljaDBus
import HwaljaEngine
import HwaljaReplay
import HwaljaRuntime

#if canImport(Glibc)
import Glibc
#endif

/// `hwalja-replay`: types a keystroke log through the composer and prints the resulting text.
public struct HwaljaReplayCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
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
            """
    )

    @Option(name: .shortAndLong, help: "Key tokens to replay instead of a file.")
    var keys: String?

    @Argument(help: "Keystroke log to replay, or '-' for standard input.")
    var file: String?

    @Flag(help: "Print every step: key, what it takes back of the text (retract N, in Unicode scalars), commit, preedit.")
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

    public init() {}

    public func validate() throws {
        if keys != nil && file != nil { throw ValidationError("give either --keys or a FILE, not both") }
        if keys == nil && file == nil { throw ValidationError("give --keys 'TOKENS' or a FILE ('-' for standard input)") }
    }

    public func run() throws {
        var settings = DaemonSettings()
        do {
            try typing.apply(to: &settings)
        } catch {
            fail("\(error)", status: 2)
        }
        let source = try readSource()
        let log: KeystrokeLog
        do {
            log = try KeystrokeLog(parsing: source, layout: layout.keyboard)
        } catch {
            fail("\(error)", status: 2)
        }
        if let bus {
            do {
                let text = try BusReplay.play(log, bus: bus, canDelete: !noRetract, trace: trace, layout: layout.layout)
                print(text)
            } catch {
                fail("through the daemon on the \(Excerpt.shortened(bus)) bus: \(Excerpt.shortened("\(error)"))", status: 1)
            }
            return
        }
        let loaded = table.load(Diagnostics(program: "hwalja-replay"), layout: layout.keyboard)
        let options = Composer.Options(spaceAlwaysInserts: settings.composer.spaceAlwaysInserts, canRetract: !noRetract)
        let typingTable = OptionTables.table(layout.keyboard, loaded.table, options: layout.options)
        var host = ReplayHost(composer: Composer(table: typingTable, options: options))
        host.play(log, timing: settings.timing)
        if trace { host.steps.forEach { print($0) } }
        print(host.text)
    }

    private func readSource() throws -> String {
        if let keys { return keys }
        if file == "-" {
            guard let input = SystemFiles.readStandardInput() else { fail("cannot read standard input", status: 1) }
            return String(decoding: input, as: UTF8.self)
        }
        guard let path = file, let data = SystemFiles.read(path) else {
            fail("cannot read \(Excerpt.path(file ?? ""))", status: 1)
        }
        return String(decoding: data, as: UTF8.self)
    }

    private func fail(_ message: String, status: Int32) -> Never {
        Diagnostics(program: "hwalja-replay").log(message)
        Glibc.exit(status)
    }
}
