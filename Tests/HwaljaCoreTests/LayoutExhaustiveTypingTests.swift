import HwaljaCore
import HwaljaTestSupport
import Testing

/// Every syllable, and every word of a real Korean dictionary, typed on each of the other layouts
/// with key sequences derived from Unicode decomposition (``LayoutSpelling``), not from the table.
struct LayoutExhaustiveTypingTests {
    static let layouts: [KeyboardLayout] = [.cheonjiinPlus, .naratgeul, .vega]

    @Test(arguments: layouts)
    func everyPrecomposedSyllableCanBeTyped(_ layout: KeyboardLayout) {
        let spelling = LayoutSpelling.of(layout)
        var wrong: [String] = []
        for scalar in UInt32(0xAC00)...0xD7A3 {
            let expected = String(Character(Unicode.Scalar(scalar)!))
            let result = typed(spelling.keys(forSyllable: scalar), layout: layout)
            if result != expected { wrong.append("\(expected) came out \(result)") }
        }
        #expect(wrong.isEmpty, "\(wrong.count) of 11172 syllables wrong, first: \(wrong.prefix(10))")
    }

    /// Debian's Korean hunspell dictionary (package hunspell-ko): about 99,600 words no one here wrote.
    @Test(arguments: layouts)
    func everyWordOfTheHunspellDictionaryTypesCorrectly(_ layout: KeyboardLayout) throws {
        let words = try #require(HunspellWords.sorted, "\(HunspellWords.missing)")
        let spelling = LayoutSpelling.of(layout)
        var wrong: [String] = []
        for word in words {
            let result = typed(spelling.keys(forWord: word), layout: layout)
            if result != word { wrong.append("\(word) came out \(result)") }
        }
        #expect(wrong.isEmpty, "\(wrong.count) of \(words.count) words wrong, first: \(wrong.prefix(10))")
    }

    /// The spelling of 천지인 agrees with the one the 천지인 tests use (the same words, the same keys).
    @Test func theCheonjiinSpellingIsSamsungs() {
        for word in ["안녕하세요", "감사합니다", "학교", "읊다", "괜찮아"] {
            #expect(LayoutSpelling.of(.cheonjiin).keys(forWord: word) == SamsungSpelling.keys(forWord: word))
        }
    }
}
