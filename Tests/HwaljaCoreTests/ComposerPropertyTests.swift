import HwaljaCore
import HwaljaTestSupport
import Testing

/// The composer against the plain table rule on whole texts, over random key streams.
struct ComposerPropertyTests {
    /// Everything committed plus the preedit equals the lookup rule applied to the whole text,
    /// restarted at each next-character press; committed text never changes; the preedit stays small.
    @Test(arguments: 0..<40)
    func composerAgreesWithTheTableRuleOnRandomStreams(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        // Weighted towards consonant runs and vowel strokes, with next-character now and then.
        let keys: [Key] = Key.tableKeys + Key.tableKeys.filter { $0 != .punctuation } + [.next]
        var composer = Composer(table: committedTable)
        var committed: [Unicode.Scalar] = []
        var referenceDone: [Unicode.Scalar] = []
        var referenceSegment: [Unicode.Scalar] = []
        for step in 0..<3000 {
            let key = keys.randomElement(using: &random)!
            let response = composer.press(key)
            committed += response.commit.string.unicodeScalars
            if key == .next {
                referenceDone += referenceSegment
                referenceSegment = []
            } else {
                referenceSegment = committedTable.applying(key, to: referenceSegment)
            }
            let actual = committed + Array(response.preedit.string.unicodeScalars)
            let expected = referenceDone + referenceSegment
            if actual != expected {
                Issue.record("seed \(seed) step \(step) key \(key.name): composer \(String(String.UnicodeScalarView(actual.suffix(8)))), rule \(String(String.UnicodeScalarView(expected.suffix(8))))")
                return
            }
            #expect(response.preedit.count <= 3, "preedit \(response.preedit) grew past three scalars")
            #expect(response.consumed)
        }
    }
}
