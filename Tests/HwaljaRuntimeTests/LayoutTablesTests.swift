import Foundation
import HwaljaCore
import HwaljaRuntime
import HwaljaTestSupport
import Testing

/// One rule for every program: a layout's table is read when first asked for, and one that is
/// not there is looked for again at the next request.
struct LayoutTablesTests {
    /// A folder holding 천지인's table alone, and the tables read from it.
    final class Installation {
        let folder: TemporaryFolder
        let tables: LayoutTables

        init() throws {
            folder = try TemporaryFolder("hwalja-tables")
            try Self.install("hwalja.table", in: folder)
            let path = folder.url.appendingPathComponent("hwalja.table").path
            tables = LayoutTables(TableLoader.Everything(main: try TableLoader.load(path: path)))
        }

        /// Why `layout`'s table cannot be had now, in one line (empty, and an issue recorded, if it can).
        func refusal(_ layout: KeyboardLayout) -> String {
            do {
                _ = try tables.table(layout)
                Issue.record("the \(layout.name) table was taken")
                return ""
            } catch {
                return error.description
            }
        }

        /// Copies the committed table file `name` into the folder.
        func install(_ name: String) throws { try Self.install(name, in: folder) }

        private static func install(_ name: String, in folder: TemporaryFolder) throws {
            try FileManager.default.copyItem(
                at: packageRoot.appendingPathComponent("Tables/\(name)"), to: folder.url.appendingPathComponent(name))
        }
    }

    @Test func aTableInstalledAfterTheStartIsFoundAtTheNextRequest() throws {
        let installation = try Installation()
        let missing = installation.refusal(.naratgeul)
        #expect(missing.hasPrefix("the naratgeul table is not installed (no "), "\(missing)")
        #expect(missing.contains("naratgeul.table"), "\(missing)")
        try installation.install("naratgeul.table")
        let table = try installation.tables.table(.naratgeul)
        #expect(table.keyboard == .naratgeul)
        #expect(typed("ㅇ 획 ㅏㅓ ㄱ ㄱ ㅗㅜ 획", layout: .naratgeul, table: table) == "학교")
        #expect(installation.tables.inUse[.naratgeul] != nil)
    }

    @Test func aDamagedTableIsRefusedWithWhatIsWrong() throws {
        let installation = try Installation()
        try installation.folder.write("vega.table", "not a table")
        let damaged = installation.refusal(.vega)
        #expect(damaged.hasPrefix("the vega table cannot be used: "), "\(damaged)")
        #expect(damaged.contains("vega.table"), "\(damaged)")
        #expect(try installation.tables.table(.cheonjiin).keyboard == .cheonjiin)
    }

    @Test func replacingTablesKeepsTheLayoutsNotAmongThem() throws {
        let installation = try Installation()
        try installation.install("vega.table")
        let vega = try installation.tables.table(.vega)
        let fresh = try TableLoader.load(path: packageRoot.appendingPathComponent("Tables/hwalja.table").path)
        let given = installation.tables.replace(with: TableLoader.Everything(main: fresh))
        #expect(given.map(\.keyboard) == [.cheonjiin])
        #expect(installation.tables.main.path == fresh.path)
        #expect(installation.tables.inUse[.vega]?.keyboard == vega.keyboard)
    }
}
