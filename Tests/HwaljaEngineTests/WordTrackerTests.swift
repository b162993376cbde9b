import HwaljaCore
import HwaljaEngine
import HwaljaTestSupport
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
        #expect(space.endedWords == [SamsungSpelling.keys(forWord: "감사")])
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
        #expect(context.tap(.punctuation, at: 0).endedWords == [SamsungSpelling.keys(forWord: "네")])
        _ = Self.tap("가", &context, at: 100)
        _ = context.keyDown(.ieungMieum, at: 200)
        #expect(context.advance(to: 700).endedWords == [SamsungSpelling.keys(forWord: "가")])  // the long press's 0
        _ = context.keyUp(.ieungMieum, at: 800)
        _ = Self.tap("요", &context, at: 900)
        #expect(context.commit().endedWords == [SamsungSpelling.keys(forWord: "요")])
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
        #expect(context.tap(.space, at: 2100).endedWords == [])
    }

    @Test func aPickedWordReplacesWhatTheClientWasGiven() {
        var context = Self.context()
        _ = Self.tap("감사", &context)
        let keys = SamsungSpelling.keys(forWord: "감사합니다")
        let picked = context.replaceWord(with: "감사합니다", keys: keys, suffix: " ")
        #expect(picked.retract == 1)  // 감
        #expect(picked.commit == "감사합니다 ")
        #expect(picked.preedit == "" && picked.preeditChanged)
        #expect(picked.endedWords == [keys])
        // Without the space the word stays open: its keys continue from the picked word's.
        _ = Self.tap("데비안", &context)
        let stem = context.replaceWord(with: "데비안", keys: SamsungSpelling.keys(forWord: "데비안"), suffix: "")
        #expect(stem.endedWords.isEmpty)
        #expect(context.word.keys == SamsungSpelling.keys(forWord: "데비안"))
        #expect(context.word.committedCount == 3)
    }
}
