import HwaljaCore
import HwaljaLexicon
import HwaljaTestSupport
import Testing

/// The product's spelling of words, found from the table, against the spelling derived from
/// Unicode decomposition alone (SamsungSpelling).
struct KeySpellingTests {
    static let spelling = KeySpelling(table: committedTable)

    @Test func everySyllableIsSpelledAsASamsungUserTypesIt() {
        for scalar in Hangul.firstSyllable...Hangul.lastSyllable {
            let syllable = Unicode.Scalar(scalar)!
            #expect(
                Self.spelling.keys(forSyllable: syllable) == SamsungSpelling.keys(forSyllable: scalar), "\(syllable)")
        }
    }

    @Test(arguments: ["안녕", "감사합니다", "했어", "읽었다", "까까", "앉았다", "괜찮아"])
    func wordsAreSpelledWithNextCharacterOnlyWhereItIsNeeded(_ word: String) {
        #expect(Self.spelling.keys(forWord: word) == SamsungSpelling.keys(forWord: word))
    }

    @Test func textThatIsNotAWordOfSyllablesHasNoSpelling() {
        #expect(Self.spelling.keys(forWord: "") == nil)
        #expect(Self.spelling.keys(forWord: "ㄱ") == nil)
        #expect(Self.spelling.keys(forWord: "a") == nil)
    }
}
