import Foundation
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
    static let dictionaryPath = "/usr/share/hunspell/ko.dic"

    @Test func everyWordOfTheHunspellDictionaryTypesCorrectly() throws {
        let data = try #require(
            FileManager.default.contents(atPath: Self.dictionaryPath),
            "\(Self.dictionaryPath) is missing: install Debian's hunspell-ko (tools/test does)"
        )
        var words = Set<String>()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst() {
            let word = String(line.split(separator: "/", maxSplits: 1).first ?? "").precomposedStringWithCanonicalMapping
            if !word.isEmpty && word.unicodeScalars.allSatisfy({ (0xAC00...0xD7A3).contains($0.value) }) {
                words.insert(word)
            }
        }
        #expect(words.count > 99_000, "expected about 99,600 Hangul words, read \(words.count)")
        var wrong: [String] = []
        for word in words.sorted() {
            let result = typed(SamsungSpelling.keys(forWord: word))
            if result != word { wrong.append("\(word) came out \(result)") }
        }
        #expect(wrong.isEmpty, "\(wrong.count) of \(words.count) words wrong, first: \(wrong.prefix(10))")
    }
}
