import Dispatch
import Foundation
import HwaljaCore
import HwaljaRuntime
import HwaljaSession
import HwaljaTestSupport
import HwaljaTyping
import Synchronization
import Testing

/// The one rule every program reads its settings and tables again by (hwaljad, the IBus engine
/// and the fcitx5 addon each hold a SessionHost): with real files in a scratch folder.
struct SessionHostTests {
    /// A frontend that keeps what the host told it.
    final class Adapter: HostedAdapter {
        var applied: [HwaljaSettings] = []
        var reloaded: [[KeyboardLayout]] = []
        var conversionsArrived = 0

        func apply(_ settings: HwaljaSettings, keymap: Keymap) { applied.append(settings) }
        func conversionsPrepared() { conversionsArrived += 1 }
        func reload(_ tables: [TransitionTable]) {
            reloaded.append(tables.map(\.keyboard).sorted { $0.name < $1.name })
        }
    }

    /// A host over a scratch folder's settings file and tables (천지인's and 천지인 플러스'), on its
    /// own queue, as a program's; learned words nowhere.
    final class Program: @unchecked Sendable {  // used on `queue` only
        let folder: TemporaryFolder
        let queue = DispatchQueue(label: "adapter-host-test")
        let settingsPath: String
        let adapter = Adapter()
        var host: SessionHost!
        let said = Said()

        /// The lines the host logged, from any thread.
        final class Said: Sendable {
            private let lines = Mutex<[String]>([])
            func append(_ line: String) { lines.withLock { $0.append(line) } }
            func contains(prefix: String) -> Bool { lines.withLock { $0.contains { $0.hasPrefix(prefix) } } }
        }

        init(settings: String = "") throws {
            folder = try TemporaryFolder("hwalja-host")
            for name in ["hwalja.table", "cheonjiin-plus.table"] {
                try FileManager.default.copyItem(
                    at: packageRoot.appendingPathComponent("Tables/\(name)"),
                    to: folder.url.appendingPathComponent(name))
            }
            settingsPath = try folder.write("hwalja.conf", settings)
            let tablePath = folder.url.appendingPathComponent("hwalja.table").path
            let tables = try TableLoader.loadEveryLayout(path: tablePath)
            let settings = try ConfigFile.load(settingsPath)
            queue.sync { [self] in
                host = SessionHost(
                    settings: settings, tables: tables, queue: queue, settingsPath: settingsPath, tablePath: tablePath,
                    readSettings: { [settingsPath] in try ConfigFile.load(settingsPath) }, learnedWords: nil,
                    log: said.append)
                host.start(adapter)
            }
        }

        /// Runs `body` on the program's queue.
        func run<T>(_ body: (SessionHost, Adapter) throws -> T) rethrows -> T {
            try queue.sync { try body(host, adapter) }
        }

        /// The table the host has for `layout` now.
        func table(_ layout: KeyboardLayout) throws -> TransitionTable {
            try run { host, _ in try host.tables.table(layout) }
        }

        /// Writes the settings file anew.
        func writeSettings(_ text: String) throws { try folder.write("hwalja.conf", text) }

        /// Waits until `condition` holds on the queue (the tables made in the background came back).
        func waitUntil(_ condition: @escaping (SessionHost, Adapter) -> Bool) throws {
            let deadline = Deadline(seconds: 120)
            while !run(condition) {
                guard !deadline.hasPassed else { throw TestSetupError("the host did not get there in 120 s") }
                usleep(10_000)
            }
        }
    }

    @Test func aFocusedFieldReadsTheSettingsOnlyIfTheFileChanged() throws {
        let program = try Program(settings: "long-press = 600\n")
        program.run { host, adapter in host.readSettings(onlyIfChanged: true) }
        #expect(program.run { $1.applied.isEmpty })
        try program.writeSettings("long-press = 800\n")
        program.run { host, _ in host.readSettings(onlyIfChanged: true) }
        #expect(program.run { $1.applied.map(\.timing.longPress) } == [800])
        program.run { host, _ in host.readSettings(onlyIfChanged: true) }
        #expect(program.run { $1.applied.count } == 1)
        // An engine enabled reads them whether or not the file changed.
        program.run { host, _ in host.readSettings() }
        #expect(program.run { $1.applied.map(\.timing.longPress) } == [800, 800])
        #expect(program.run { host, _ in host.settings.settings.timing.longPress } == 800)
        // Nothing but the settings changed: no table is read again.
        #expect(program.run { $1.reloaded.isEmpty })
    }

    @Test func aChangeOfLayoutOptionsMakesThatLayoutsTableAgain() throws {
        let program = try Program()
        #expect(typed("ㅋ ㅋ ㅋ", layout: .cheonjiinPlus, table: try program.table(.cheonjiinPlus)) == "ㅋ")
        try program.writeSettings("layout-options = cheonjiin-plus-third-press-anew\n")
        program.run { host, _ in host.readSettings(onlyIfChanged: true) }
        // The files' tables at once, then the generated one.
        try program.waitUntil { _, adapter in adapter.reloaded.count == 2 }
        #expect(program.run { $1.reloaded } == [[.cheonjiin, .cheonjiinPlus], [.cheonjiin, .cheonjiinPlus]])
        let generated = try program.table(.cheonjiinPlus)
        #expect(typed("ㅋ ㅋ ㅋ", layout: .cheonjiinPlus, table: generated) == "ㄲㅋ")
        #expect(program.said.contains(prefix: "generated the cheonjiin-plus table with "))
    }

    /// A field that asks whether its word converts (the keypad's 漢) has the hanja files read in
    /// the background, once, and the frontend told when they are there; a key meanwhile waits for
    /// nothing (it is told no).
    @Test func theHanjaFilesAreReadOffTheQueueOnceAndTheFrontendToldWhenTheyArrive() throws {
        let program = try Program()
        var session = InputSession(
            typing: TypingContext(
                table: try program.table(.cheonjiin), options: Composer.Options(canRetract: true),
                timing: HoldTimer.Settings()),
            keymap: .phone, onFocusLoss: .clientCommits)
        session.hanja = program.run { host, _ in host.hanja }
        _ = session.processKeyEvent(keysym: 0x34, state: 0, at: 0)  // ㄱ, with symbols in the file
        #expect(program.run { _, _ in session.convertsWord } == false, "not read yet: no waiting")
        program.run { host, _ in host.hanja.prepare() }  // asked again while being read: once
        try program.waitUntil { _, adapter in adapter.conversionsArrived == 1 }
        #expect(program.run { _, _ in session.convertsWord }, "ㄱ's symbols, from libhangul-data")
        #expect(program.run { $1.conversionsArrived } == 1)
    }

    @Test func aReloadReadsTheTablesAgainAndASettingsFileThatCannotBeReadKeepsTheSettings() throws {
        let program = try Program(settings: "long-press = 700\n")
        try FileManager.default.removeItem(atPath: program.settingsPath)
        try FileManager.default.createDirectory(atPath: program.settingsPath, withIntermediateDirectories: false)
        program.run { host, _ in host.readSettings(tablesToo: true) }
        #expect(program.run { $1.applied.isEmpty })
        #expect(program.run { host, _ in host.settings.settings.timing.longPress } == 700)
        #expect(program.said.contains(prefix: "kept the settings in use: "))
        #expect(program.run { $1.reloaded } == [[.cheonjiin, .cheonjiinPlus]])
    }
}
