import HwaljaCore
import Testing

/// Bad input in messages: short text whole, long text cut, saying how much was left out.
struct ExcerptTests {
    @Test func shortTextIsQuotedWhole() {
        #expect(Excerpt.quoted("가") == "\"가\"")
        #expect(Excerpt.quoted("a b", mark: "`") == "`a b`")
        #expect(Excerpt.shortened("/tmp/x") == "/tmp/x")
        #expect(
            Excerpt.path(String(repeating: "p", count: Excerpt.longLimit))
                == String(repeating: "p", count: Excerpt.longLimit))
    }

    @Test func longTextIsCutToItsLimitSayingHowManyBytesWereLeftOut() {
        let text = String(repeating: "ㄱ", count: 1000)  // 3 bytes each
        #expect(Excerpt.quoted(text) == "\"" + String(repeating: "ㄱ", count: 64) + "…\" (+2808 more bytes)")
        #expect(Excerpt.quoted(text, mark: "`") == "`" + String(repeating: "ㄱ", count: 64) + "…` (+2808 more bytes)")
        #expect(Excerpt.shortened(text, limit: 2) == "ㄱㄱ… (+2994 more bytes)")
        #expect(
            Excerpt.path(String(repeating: "p", count: 300)) == String(repeating: "p", count: 256)
                + "… (+44 more bytes)")
    }

    @Test func oneHugeGraphemeClusterIsCutToo() {
        let cluster = "e" + String(repeating: "\u{301}", count: 10_000)  // one Character
        #expect(Excerpt.quoted(cluster).unicodeScalars.count < 100)
    }
}
