import Foundation
import HwaljaCore
import HwaljaRules
import HwaljaTable
import HwaljaTestSupport
import Testing

/// Every layout's table: the committed files are the generator's output, and they reach every syllable.
struct LayoutTableTests {
    static let others: [KeyboardLayout] = [.cheonjiinPlus, .naratgeul, .vega]

    @Test(arguments: others)
    func committedFilesAreExactlyWhatTheGeneratorWrites(_ layout: KeyboardLayout) throws {
        let generated = TableGenerator(layout: layout).table
        let name = layout.tableFileName
        let committed = try #require(
            FileManager.default.contents(atPath: packageRoot.appendingPathComponent("Tables/\(name)").path))
        #expect([UInt8](committed) == TableFile.encode(generated), "Tables/\(name) is stale: run swift run hwalja-gen")
        let json = try #require(
            FileManager.default.contents(
                atPath: packageRoot.appendingPathComponent("Tables/\(layout.jsonFileName)").path))
        #expect(String(decoding: json, as: UTF8.self) == HwaljaJSON.export(generated))
        // Every key has its block in the JSON.
        for key in layout.tableKeys {
            #expect(String(decoding: json, as: UTF8.self).contains("\n  \"\(key.name)\": {"))
        }
    }

    @Test(arguments: others)
    func everySyllableIsReachable(_ layout: KeyboardLayout) {
        #expect(committedTables[layout]!.reachableSyllables().count == 11172)
    }

    /// 천지인 플러스 has seventeen keys, all in its one file: key numbers 1...17 in table-key order.
    @Test func cheonjiinPlusKeepsAllSeventeenKeysInOneFile() throws {
        let table = try #require(committedTables[.cheonjiinPlus])
        #expect(table.layout.keyCount == 18)
        #expect(Array(table.keys.suffix(2)) == [.ieung, .mieum])
        #expect(table.applying(.mieum, to: Array("가".unicodeScalars)) == Array("감".unicodeScalars))
        #expect(table.applying(.ieung, to: Array("가".unicodeScalars)) == Array("강".unicodeScalars))
    }

    /// A layout's table read as another layout's is refused, naming the layout.
    @Test func aTableReadAsTheWrongLayoutIsRefused() throws {
        let naratgeul = try #require(
            FileManager.default.contents(atPath: packageRoot.appendingPathComponent("Tables/naratgeul.table").path))
        #expect(throws: TableError.self) { try KeyboardLayout.cheonjiin.decodeTable([UInt8](naratgeul)) }
        #expect(throws: TableError.self) { try KeyboardLayout.cheonjiinPlus.decodeTable([UInt8](naratgeul)) }
        #expect(try KeyboardLayout.naratgeul.decodeTable([UInt8](naratgeul)).keyboard == .naratgeul)
    }

    /// (text before, key, text after) (docs/layouts.md): two-scalar tails where
    /// 획/쌍 re-attach, one-to-two outputs where a stroke breaks a cluster, live pairs of 베가.
    @Test(arguments: [
        (KeyboardLayout.naratgeul, "안ㅅ", Key.addStroke, "앉"), (.naratgeul, "갈ㄷ", .addStroke, "갍"),
        (.naratgeul, "괝", .addStroke, "괜ㅊ"), (.naratgeul, "갇", .doubleConsonant, "가ㄸ"),
        (.naratgeul, "가ㄸ", .doubleConsonant, "갇"), (.naratgeul, "닭", .addStroke, "달ㅋ"),
        (.vega, "갑ㅁ", .mieumSiot, "값"), (.vega, "와", .aYa, "오ㅑ"), (.vega, "애", .iEu, "아ㅡ"), (.vega, "아ㅢ", .iEu, "애"),
        (.cheonjiinPlus, "삩", .tieut, "삐ㄸ"), (.cheonjiinPlus, "삐ㄸ", .tieut, "삩"), (.cheonjiinPlus, "안", .hieut, "않")
    ])
    func theTableRewritesTailsAsTypingNeeds(layout: KeyboardLayout, before: String, key: Key, after: String) {
        let result = committedTables[layout]!.applying(key, to: Array(before.unicodeScalars))
        #expect(String(String.UnicodeScalarView(result)) == after)
    }
}
