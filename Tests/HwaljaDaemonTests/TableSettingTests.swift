import Foundation
import HwaljaTestSupport
import Testing

/// The settings file's `table`: how a daemon that D-Bus starts, which no flag reaches, is pointed
/// at a table regenerated elsewhere (`hwalja-gen --output DIR`).
struct TableSettingTests {
    /// Starts hwaljad without --table (and without $HWALJA_TABLE) in the checkout, whose
    /// Tables/hwalja.table it finds by default, with `settings` as its hwalja.conf; returns what
    /// it said on starting.
    static func start(settings: String, in folder: URL) throws -> String {
        let config = folder.appendingPathComponent("config/hwalja")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try settings.write(to: config.appendingPathComponent("hwalja.conf"), atomically: true, encoding: .utf8)
        let bus = try PrivateBus()
        let daemon = try BackgroundProcess(
            product("hwaljad"), ["--bus", bus.address],
            environment: [
                "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path, "XDG_DATA_HOME": folder.path,
                "HWALJA_TABLE": ""
            ]
        )
        defer { _ = daemon.stop() }
        let deadline = Deadline(seconds: 10)
        while !daemon.stderrSoFar.contains("serving") && daemon.isRunning && !deadline.hasPassed {
            Thread.sleep(forTimeInterval: 0.02)
        }
        return daemon.stderrSoFar
    }

    @Test func theSettingsTableIsTheOneLoaded() throws {
        let folder = try TemporaryFolder("hwalja-table-setting")
        let tables = folder.url.appendingPathComponent("tables")
        try FileManager.default.createDirectory(at: tables, withIntermediateDirectories: true)
        for file in ["hwalja.table", "vega.table"] {
            try FileManager.default.copyItem(
                at: packageRoot.appendingPathComponent("Tables/\(file)"), to: tables.appendingPathComponent(file))
        }
        let said = try Self.start(settings: "table = \(tables.path)/hwalja.table\n", in: folder.url)
        #expect(said.contains("(table \(tables.path)/hwalja.table,"), "\(said)")
        #expect(said.contains("layouts cheonjiin, vega)"), "the other layouts' tables are the ones beside it: \(said)")
    }

    @Test func aSettingsTableThatIsNotThereIsSaidAndTheDefaultServes() throws {
        let folder = try TemporaryFolder("hwalja-table-setting")
        let missing = folder.url.appendingPathComponent("nowhere/hwalja.table").path
        let said = try Self.start(settings: "table = \(missing)\n", in: folder.url)
        #expect(said.contains("is not used (it is not there)"), "\(said)")
        #expect(said.contains("(table \(packageRoot.path)/Tables/hwalja.table,"), "\(said)")
    }
}
