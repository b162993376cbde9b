import Foundation
import HwaljaCore
import HwaljaLexicon
import HwaljaTestSupport
import Testing

/// Suggestions from the committed lexicon for keys typed as a Samsung user types them
/// (SamsungSpelling: derived from Unicode, not from the lexicon).
struct SuggesterTests {
    static let lexicon: Lexicon = {
        let path = packageRoot.appendingPathComponent("Tables/hwalja.lexicon").path
        guard let data = FileManager.default.contents(atPath: path) else {
            fatalError("\(path) is missing: run `swift run hwalja-lexicon`")
        }
        do { return try LexiconFile.decode([UInt8](data)) } catch { fatalError("\(path): \(error)") }
    }()
    static let suggester = Suggester(lexicon: lexicon, table: committedTable)

    static func suggestions(afterTyping text: String, limit: Int = 3, learned: LearnedWords = LearnedWords())
        -> [String]
    {
        suggester.suggestions(forKeys: SamsungSpelling.keys(forWord: text), limit: limit, learned: learned)
    }

    @Test func theCommonestWordsOfAPrefixComeFirstInTheirOrder() {
        // The word list counts 안녕 4963, 안녕하세요 3692, 안녕히 434, 안녕하십니까 201 …: the word
        // typed already is no suggestion.
        #expect(Self.suggestions(afterTyping: "안녕") == ["안녕하세요", "안녕히", "안녕하십니까"])
        // 감사합니다 2781, 감사해요 454, 감사 131, 감사드립니다 129.
        #expect(Self.suggestions(afterTyping: "감사", limit: 2) == ["감사합니다", "감사해요"])
    }

    @Test func suggestionsFollowTheKeysNotTheTextShown() {
        // ㄱ ㅣ shows 기, yet ㆍ would make it 가: words of 가 are still on the way.
        let afterGiyeokIn = Self.suggester.suggestions(forKeys: [.giyeokKieuk, .in], limit: 9)
        #expect(afterGiyeokIn.contains { $0.hasPrefix("가") || $0.hasPrefix("개") })
        // 가 ㄱ shows 각, yet the ㄱ may still begin the next syllable (가기, 가게) or cycle to ㅋ.
        let afterGaGiyeok = Self.suggester.suggestions(forKeys: [.giyeokKieuk, .in, .cheon, .giyeokKieuk], limit: 9)
        #expect(afterGaGiyeok.contains { $0.hasPrefix("가기") || $0.hasPrefix("가게") || $0.hasPrefix("가고") })
        #expect(afterGaGiyeok.contains { $0.hasPrefix("각") })
    }

    @Test func everySuggestionIsTypedByKeysStartingWithThoseTyped() {
        let words = ["했어", "사람", "그래서", "없어요", "괜찮아", "여기", "정말", "뭐야"]
        for word in words {
            let keys = SamsungSpelling.keys(forWord: word)
            for typed in 1...keys.count {
                for entry in Self.suggester.entries(forKeys: Array(keys[..<typed]), limit: 5) {
                    #expect(
                        entry.keys.starts(with: keys[..<typed]) && entry.keys.count > typed,
                        "\(word) after \(typed) keys: \(entry.keys)")
                }
            }
        }
    }

    @Test func aNeedlessNextCharacterDoesNotStopSuggestions() {
        // 가 NEXT ㄴ: next-character between different keys changes nothing typed.
        let keys: [Key] = [.giyeokKieuk, .in, .cheon, .next, .nieunRieul]
        #expect(
            Self.suggester.suggestions(forKeys: keys, limit: 3)
                == Self.suggester.suggestions(forKeys: keys.filter { $0 != .next }, limit: 3))
        #expect(!Self.suggester.suggestions(forKeys: keys, limit: 3).isEmpty)
    }

    @Test func noKeysOrNoRoomGiveNothing() {
        #expect(Self.suggester.suggestions(forKeys: [], limit: 3).isEmpty)
        #expect(Self.suggestions(afterTyping: "안녕", limit: 0).isEmpty)
    }

    @Test func aWordTheUserTypedComesFirstAndMoreUsesRankHigher() {
        var learned = LearnedWords()
        // 활자판 is no word of film subtitles; after 활 its suggestion needs the user to have typed it.
        #expect(!Self.suggestions(afterTyping: "활", limit: 3).contains("활자판"))
        learned.learn(SamsungSpelling.keys(forWord: "활자판"))
        #expect(Self.suggestions(afterTyping: "활", limit: 3, learned: learned).first == "활자판")
        learned.learn(SamsungSpelling.keys(forWord: "활자체"))
        learned.learn(SamsungSpelling.keys(forWord: "활자체"))
        #expect(Self.suggestions(afterTyping: "활자", limit: 3, learned: learned).prefix(2) == ["활자체", "활자판"])
        learned.forgetAll()
        #expect(!Self.suggestions(afterTyping: "활", limit: 3, learned: learned).contains("활자판"))
    }

    @Test func learningIsBounded() {
        var learned = LearnedWords(capacity: 2)
        for word in ["하나", "하나", "두울", "세엣"] { learned.learn(SamsungSpelling.keys(forWord: word)) }
        // 두울 (one use, older) went; 하나 (two uses) and 세엣 stay.
        #expect(
            learned.words.map(\.keys).sorted { $0.lexicographicallyPrecedes($1) { $0.rawValue < $1.rawValue } }
                == [SamsungSpelling.keys(forWord: "세엣"), SamsungSpelling.keys(forWord: "하나")].sorted {
                    $0.lexicographicallyPrecedes($1) { $0.rawValue < $1.rawValue }
                })
    }

    @Test func twoWordsOfOneStemTeachTheStem() {
        var learned = LearnedWords()
        Self.suggester.learn(SamsungSpelling.keys(forWord: "데비안은"), into: &learned)
        #expect(learned.words.count == 1)
        Self.suggester.learn(SamsungSpelling.keys(forWord: "데비안을"), into: &learned)
        // 데비안 is learned too: picked, it leaves the word open for 의, 에서 …
        #expect(learned.words.map(\.keys).contains(SamsungSpelling.keys(forWord: "데비안")))
        #expect(Self.suggestions(afterTyping: "데", limit: 3, learned: learned).contains("데비안"))
    }

    @Test func aWordSplitsWhereBothPartsTypeOnTheirOwn() {
        let keys = SamsungSpelling.keys(forWord: "안녕하세요")
        let splits = Self.suggester.cleanSplits(of: keys).map {
            TypedText.text(typing: keys[..<$0], table: committedTable)
        }
        #expect(splits == ["안녕", "안녕하", "안녕하세"])
        // 각 is no stem of 가기 (ㄱ moves on to 기), and a part must be two syllables.
        #expect(Self.suggester.cleanSplits(of: SamsungSpelling.keys(forWord: "가기")).isEmpty)
    }
}
