import HwaljaCore
import HwaljaTestSupport
import HwaljaTyping
import Testing

/// The word being typed, as keys (what suggestions match and learning keeps), through real typing.
struct WordTrackerTests {
    static func context(canRetract: Bool = true) -> TypingContext {
        TypingContext(
            table: committedTable, options: Composer.Options(canRetract: canRetract), timing: HoldTimer.Settings())
    }

    static func tap(_ word: String, _ context: inout TypingContext, at time: Int = 0) -> [TypingContext.Outcome] {
        SamsungSpelling.keys(forWord: word).map { context.tap($0, at: time) }
    }

    @Test func theWordsKeysAreThoseTypedAndAWordEndsAtSpace() {
        var context = Self.context()
        _ = Self.tap("감사", &context)
        #expect(context.word.keys == SamsungSpelling.keys(forWord: "감사"))
        #expect(context.word.committedCount == 1)  // 감, committed when 사 began
        let space = context.tap(.space, at: 0)
        #expect(space.endedWords.map(\.keys) == [SamsungSpelling.keys(forWord: "감사")])
        #expect(context.word.keys == [])
    }

    @Test func backspaceUndoingAKeystrokeTakesItsKeyBack() {
        var context = Self.context()
        _ = Self.tap("하다", &context)  // 하 committed when 다 began
        _ = context.tap(.backspace, at: 0)  // 하디
        _ = context.tap(.backspace, at: 0)  // 핟: 하 taken back
        #expect(context.word.keys == SamsungSpelling.keys(forWord: "핟"))
        #expect(context.word.committedCount == 0)
        _ = context.tap(.in, at: 0)  // 하디 again
        #expect(context.word.keys == SamsungSpelling.keys(forWord: "하디"))
    }

    @Test func punctuationADigitAndACommitEndTheWord() {
        var context = Self.context()
        _ = Self.tap("네", &context)
        #expect(context.tap(.punctuation, at: 0).endedWords.map(\.keys) == [SamsungSpelling.keys(forWord: "네")])
        _ = Self.tap("가", &context, at: 100)
        _ = context.keyDown(.ieungMieum, at: 200)
        // the long press's 0
        #expect(context.advance(to: 700).endedWords.map(\.keys) == [SamsungSpelling.keys(forWord: "가")])
        _ = context.keyUp(.ieungMieum, at: 800)
        _ = Self.tap("요", &context, at: 900)
        #expect(context.commit().endedWords.map(\.keys) == [SamsungSpelling.keys(forWord: "요")])
        _ = Self.tap("요", &context, at: 1000)
        _ = context.reset()  // dropped: no word to learn
        #expect(context.word.keys == [])
    }

    @Test func aCharacterErasedInsteadOfAKeystrokeUndoneLeavesTheWordUnknown() {
        var context = Self.context()
        _ = Self.tap("가", &context)
        _ = context.keyDown(.backspace, at: 0)  // undoes ㆍ
        _ = context.advance(to: 2000)  // the repeats erase
        #expect(context.word.keys == nil)
        _ = context.keyUp(.backspace, at: 2000)
        #expect(context.tap(.space, at: 2100).endedWords.map(\.keys) == [])
    }

    @Test func aPickedWordReplacesWhatTheClientWasGiven() {
        var context = Self.context()
        _ = Self.tap("감사", &context)
        let keys = SamsungSpelling.keys(forWord: "감사합니다")
        let picked = context.replaceWord(with: "감사합니다", keys: keys, suffix: " ")
        #expect(picked.retract == 1)  // 감
        #expect(picked.commit == "감사합니다 ")
        #expect(picked.preedit == "" && picked.preeditChanged)
        #expect(picked.endedWords.map(\.keys) == [keys])
        // Without the space the word stays open: its keys continue from the picked word's.
        _ = Self.tap("데비안", &context)
        let stem = context.replaceWord(with: "데비안", keys: SamsungSpelling.keys(forWord: "데비안"), suffix: "")
        #expect(stem.endedWords.isEmpty)
        #expect(context.word.keys == SamsungSpelling.keys(forWord: "데비안"))
        #expect(context.word.committedCount == 3)
    }
}

/// The words before the cursor, which predict the next one: kept across spaces, commas and a
/// single newline, broken by what ends a sentence or is no Korean word.
struct WordContextTests {
    static func keys(_ word: String) -> [Key] { SamsungSpelling.keys(forWord: word) }

    /// Types `words` into `context`, each followed by `separator`'s keys; returns the words ended.
    static func type(_ words: [String], then separator: [Key], _ context: inout TypingContext)
        -> [TypingContext.EndedWord]
    {
        var ended: [TypingContext.EndedWord] = []
        for word in words {
            for key in keys(word) + separator { ended += context.tap(key, at: 0).endedWords }
        }
        return ended
    }

    @Test func eachWordEndsInTheContextOfTheTwoBeforeIt() {
        var context = WordTrackerTests.context()
        let ended = Self.type(["좋은", "하루", "보내세요"], then: [.space, .space], &context)
        #expect(ended.map(\.keys) == ["좋은", "하루", "보내세요"].map(Self.keys))
        #expect(ended.map(\.before) == [[], [Self.keys("좋은")], [Self.keys("좋은"), Self.keys("하루")]])
        #expect(context.context.words == [Self.keys("하루"), Self.keys("보내세요")])
    }

    @Test func aSingleNewlineKeepsTheContextAndABlankLineBreaksIt() {
        var context = WordTrackerTests.context()
        _ = Self.type(["안녕하세요"], then: [.enter], &context)
        #expect(context.context.words == [Self.keys("안녕하세요")])
        _ = context.tap(.enter, at: 0)
        #expect(context.context.words.isEmpty)
    }

    @Test func aFullStopADigitOrABackspaceBetweenWordsBreaksTheContext() {
        var context = WordTrackerTests.context()
        _ = Self.type(["네"], then: [.punctuation, .space], &context)  // 네. — the sentence ended
        #expect(context.context.words.isEmpty)
        _ = Self.type(["감사"], then: [.space, .space], &context)
        #expect(context.context.words == [Self.keys("감사")])
        _ = context.tap(.punctuation, at: 0)
        _ = context.tap(.backspace, at: 0)  // the composing full stop undone: nothing of the text went
        #expect(context.context.words == [Self.keys("감사")])
        _ = context.tap(.backspace, at: 0)  // the blank taken back: the word before is no longer sure
        #expect(context.context.words.isEmpty)
        _ = Self.type(["가"], then: [.space], &context)
        _ = context.keyDown(.ieungMieum, at: 100)
        _ = context.advance(to: 700)  // held: its digit, 0
        #expect(context.context.words.isEmpty)
    }

    @Test func aWordBegunWithNothingBetweenItAndTheLastIsNoFollower() {
        var context = WordTrackerTests.context()
        // 안 SPACE 녕: the space ended the syllable and typed no blank; the text is one word.
        let ended = Self.type(["안", "녕"], then: [.space], &context)
        #expect(ended.map(\.before) == [[], []])
        // 좋은, a comma, 하루: the comma keeps them one context.
        let kept =
            Self.type(["좋은"], then: [.space, .punctuation, .punctuation, .space], &context)
            + Self.type(["하루"], then: [.space], &context)
        #expect(kept.last?.before == [Self.keys("좋은")])
    }

    @Test func aCommitOrAResetFromTheFrontendBreaksTheContext() {
        var context = WordTrackerTests.context()
        _ = Self.type(["좋은"], then: [.space, .space], &context)
        let committed = Self.type(["하루"], then: [], &context) + context.commit().endedWords
        #expect(committed.map(\.before) == [[Self.keys("좋은")]])  // the word ended by the commit keeps its context
        #expect(context.context.words.isEmpty)
        _ = Self.type(["좋은"], then: [.space, .space], &context)
        _ = context.reset()
        #expect(context.context.words.isEmpty)
    }

    @Test func aPickedWordJoinsTheContext() {
        var context = WordTrackerTests.context()
        _ = Self.type(["좋은"], then: [.space, .space], &context)
        let picked = context.replaceWord(with: "하루", keys: Self.keys("하루"), suffix: " ")
        #expect(picked.endedWords == [TypingContext.EndedWord(keys: Self.keys("하루"), before: [Self.keys("좋은")])])
        #expect(context.context.words == [Self.keys("좋은"), Self.keys("하루")])
    }
}
