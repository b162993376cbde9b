import Foundation
import HwaljaCore
import HwaljaRules
import HwaljaTable
import HwaljaTestSupport
import Testing

/// The generator: the committed files are its output, and the table holds the rewrites typing needs.
struct TableGeneratorTests {
    static let generated = TableGenerator()

    @Test func committedBinaryIsExactlyWhatTheGeneratorWrites() throws {
        let committed = try #require(
            FileManager.default.contents(atPath: packageRoot.appendingPathComponent("Tables/hwalja.table").path))
        #expect(
            [UInt8](committed) == TableFile.encode(Self.generated.table), "Tables/ is stale: run swift run hwalja-gen")
    }

    @Test func committedJSONIsExactlyWhatTheGeneratorWrites() throws {
        let committed = try #require(
            FileManager.default.contents(atPath: packageRoot.appendingPathComponent("Tables/hwalja.json").path))
        #expect(String(decoding: committed, as: UTF8.self) == HwaljaJSON.export(Self.generated.table))
    }

    @Test func everySyllableIsReachable() {
        #expect(Self.generated.table.reachableSyllables().count == 11172)
    }

    @Test func theTableIsAboutTheSizeOfHwaljas() {
        // The public Hwalja table has 49,156 transitions; ours adds wrap-around, ㄿ and the toggles.
        #expect((45_000...65_000).contains(Self.generated.statistics.transitions))
    }

    /// (text before, key, text after): the back-traces the issue names, and each double final,
    /// final move and compound vowel, applied with the table's rule alone.
    @Test(arguments: [
        ("여", Key.giyeokKieuk, "역"), ("각", .in, "가기"), ("닭", .in, "달기"), ("안ㅅ", .siotHieut, "않"),
        ("갈", .bieupPieup, "갋"), ("갋", .bieupPieup, "갎"), ("갎", .bieupPieup, "갈ㅃ"), ("갈ㅃ", .bieupPieup, "갋"),
        ("각", .siotHieut, "갃"), ("안", .jieutChieut, "앉"), ("갈", .giyeokKieuk, "갉"), ("갈ㅇ", .ieungMieum, "갊"),
        ("갈ㄷ", .digeutTieut, "갍"), ("갈", .siotHieut, "갌"), ("갌", .siotHieut, "갏"), ("갑", .siotHieut, "값"),
        ("값", .in, "갑시"), ("앉", .ji, "안즈"), ("밢", .in, "발피"), ("갔", .cheon, "가\u{110A}\u{119E}"),
        ("가", .in, "개"), ("갸", .in, "걔"), ("\u{1100}\u{119E}", .in, "거"), ("거", .in, "게"),
        ("\u{1100}\u{11A2}", .in, "겨"),
        ("겨", .in, "계"), ("\u{1100}\u{119E}", .ji, "고"), ("\u{1100}\u{11A2}", .ji, "교"), ("고", .in, "괴"),
        ("괴", .cheon, "과"),
        ("과", .in, "괘"), ("그", .cheon, "구"), ("구", .cheon, "규"), ("규", .in, "궈"), ("궈", .in, "궤"), ("구", .in, "귀"),
        ("그", .in, "긔"), ("ㅡ", .in, "ㅢ"), ("ㄱ", .giyeokKieuk, "ㅋ"), ("ㅋ", .giyeokKieuk, "ㄲ"), ("ㄲ", .giyeokKieuk, "ㄱ"),
        ("ㄹ", .nieunRieul, "ㄴ"), ("ㅁ", .ieungMieum, "ㅇ"), ("ㆍ", .cheon, "\u{11A2}"), ("\u{11A2}", .cheon, "ㆍ")
    ])
    func theTableRewritesTailsAsTypingNeeds(before: String, key: Key, after: String) {
        let result = Self.generated.table.applying(key, to: Array(before.unicodeScalars))
        #expect(String(String.UnicodeScalarView(result)) == after)
    }
}
