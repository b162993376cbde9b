import HwaljaCore
import HwaljaTestSupport
import Testing

/// Every syllable, and every word of a real Korean dictionary, typed the Samsung way.
struct ExhaustiveTypingTests {
    @Test func everyPrecomposedSyllableCanBeTyped() {
        var wrong: [String] = []
        for scalar in UInt32(0xAC00)...0xD7A3 {
            let expected = String(Character(Unicode.Scalar(scalar)!))
            let result = typed(SamsungSpelling.keys(forSyllable: scalar))
            if result != expected { wrong.append("\(expected) came out \(result)") }
        }
        #expect(wrong.isEmpty, "\(wrong.count) of 11172 syllables wrong, first: \(wrong.prefix(10))")
    }

    /// Debian's Korean hunspell dictionary (package hunspell-ko): about 99,600 words no one here wrote.
    @Test func everyWordOfTheHunspellDictionaryTypesCorrectly() throws {
        let words = try #require(HunspellWords.sorted, "\(HunspellWords.missing)")
        #expect(words.count > 99_000, "expected about 99,600 Hangul words, read \(words.count)")
        var wrong: [String] = []
        for word in words {
            let result = typed(SamsungSpelling.keys(forWord: word))
            if result != word { wrong.append("\(word) came out \(result)") }
        }
        #expect(wrong.isEmpty, "\(wrong.count) of \(words.count) words wrong, first: \(wrong.prefix(10))")
    }
}
