import HwaljaCore
import HwaljaLexicon
import HwaljaTestSupport
import Testing

/// Which word followed which, as the user typed it: what predicts the next word.
struct WordSequencesTests {
    static func keys(_ word: String) -> [Key] { SamsungSpelling.keys(forWord: word) }
    static func words(_ text: String) -> [[Key]] { text.split(separator: " ").map { keys(String($0)) } }

    /// Learns the words of `text`, each after the (up to) two before it, as a field does.
    static func learn(_ text: String, into learned: inout LearnedWords) {
        var before: [[Key]] = []
        for word in words(text) {
            learned.learn(word)
            learned.learn(word, after: before)
            before = Array((before + [word]).suffix(2))
        }
    }

    @Test func theWordsThatFollowedTheLastTwoComeBeforeThoseThatFollowedTheLastOne() {
        var learned = LearnedWords()
        Self.learn("좋은 하루 보내세요", into: &learned)
        Self.learn("좋은 아침 입니다", into: &learned)
        Self.learn("오늘 하루 어땠어요", into: &learned)
        Self.learn("오늘 하루 어땠어요", into: &learned)
        // After 하루 alone: 어땠어요 (twice) before 보내세요 (once).
        #expect(learned.sequences.next(after: Self.words("하루"), limit: 3) == Self.words("어땠어요 보내세요"))
        // After 좋은 하루: 보내세요 followed those two; then what followed 하루.
        #expect(learned.sequences.next(after: Self.words("좋은 하루"), limit: 3) == Self.words("보내세요 어땠어요"))
        #expect(learned.sequences.next(after: Self.words("좋은 하루"), limit: 1) == Self.words("보내세요"))
        // After 좋은: the later of two used once first.
        #expect(learned.sequences.next(after: Self.words("좋은"), limit: 3) == Self.words("아침 하루"))
        #expect(learned.sequences.next(after: Self.words("감사"), limit: 3).isEmpty)
        #expect(learned.sequences.next(after: [], limit: 3).isEmpty)
    }

    @Test func theFollowersOfAContextCanBeNarrowedToTheKeysTyped() {
        var learned = LearnedWords()
        Self.learn("좋은 하루 보내세요", into: &learned)
        Self.learn("좋은 아침 입니다", into: &learned)
        // ㅎ ㅏ (하) typed after 좋은: 하루 still on the way, 아침 not.
        let typed = Self.keys("하")
        #expect(
            learned.sequences.next(after: Self.words("좋은"), limit: 3, startingWith: typed, minimumRemaining: 1)
                == Self.words("하루"))
    }

    @Test func aFullStoreLetsTheLeastUsedGoAndForgettingEmptiesIt() {
        var sequences = WordSequences(capacity: 40)
        let often = Self.keys("하루")
        for _ in 0..<3 { sequences.learn(often, after: Self.words("좋은"), at: 0) }
        for number in 1...60 {  // 60 sequences more, each used once
            sequences.learn(Self.keys("다"), after: [Self.keys(String(repeating: "가", count: number))], at: number)
        }
        #expect(sequences.count <= 40)
        #expect(sequences.count == sequences.all.count)
        #expect(sequences.next(after: Self.words("좋은"), limit: 1) == [often])
        // Among those used once, the latest stay and the oldest went.
        let after = { (number: Int) in
            sequences.next(after: [Self.keys(String(repeating: "가", count: number))], limit: 1)
        }
        #expect(after(60) == [Self.keys("다")])
        #expect(after(1).isEmpty)
        sequences.forgetAll()
        #expect(sequences.count == 0)
        #expect(sequences.next(after: Self.words("좋은"), limit: 1).isEmpty)
    }

    @Test func keysThatAreNoWordAreNotLearned() {
        var sequences = WordSequences()
        sequences.learn([.space], after: Self.words("좋은"), at: 0)
        sequences.learn(Self.keys("하루"), after: [[]], at: 0)
        sequences.learn(Self.keys("하루"), after: [], at: 0)
        #expect(sequences.count == 0)
    }
}
