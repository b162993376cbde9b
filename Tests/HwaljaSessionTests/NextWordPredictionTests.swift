import HwaljaCore
import HwaljaLexicon
import HwaljaSession
import HwaljaTestSupport
import HwaljaTyping
import Testing

/// Once a word ends, the words the user typed after it (and after the two last) are suggested
/// in the same row as completions; a pick types the word and a space, so predictions chain.
struct NextWordPredictionTests {
    /// A field with a lexicon that knows 하늘 better than 하루, and the text it holds.
    final class Field {
        var session: InputSession
        let suggestions: WordSuggestions
        var text = ""
        var shown: [String] = []
        private var time = 0

        init() {
            (session, suggestions) = InputSessionTests.suggesting([
                ("하늘", 3000), ("하루", 900), ("좋은", 2000), ("보내세요", 400), ("감사합니다", 2781)
            ])
        }

        /// Types `text` (words and spaces) on the phone keypad, as a frontend sends the keys: each
        /// space as two presses of SPACE, the first ending the syllable, the second typing the
        /// blank (as 천지인 users type); `glued`, one press, which types no blank.
        func type(_ text: String, glued: Bool = false) {
            for (index, word) in text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
                let keysyms =
                    (index > 0 ? [UInt32](repeating: 0x20, count: glued ? 1 : 2) : [])
                    + SamsungSpelling.keys(forWord: String(word)).map { key in
                        key == .next ? 0xFFAB : 0xFFB0 + KeyboardLayout.cheonjiin.digit(of: key)!.value - 0x30
                    }
                for keysym in keysyms { press(keysym) }
            }
        }

        /// Presses and releases `keysym`.
        func press(_ keysym: UInt32) {
            time += 100
            apply(session.processKeyEvent(keysym: keysym, state: 0, at: time).actions + session.suggestionsUpdate())
            apply(
                session.processKeyEvent(keysym: keysym, state: KeyEventState.release, at: time + 5).actions
                    + session.suggestionsUpdate())
        }

        func pick(_ index: Int) { apply(session.acceptSuggestion(index) ?? []) }

        /// The field loses the focus: what comes after it starts afresh.
        func leave() { apply(session.focusOut()) }

        private func apply(_ actions: [SessionAction]) {
            _ = InputSessionTests.apply(actions, to: &text)
            if let words = InputSessionTests.shownSuggestions(actions) { shown = words }
        }
    }

    @Test func theWordsTypedAfterAWordAreSuggestedOnceItEndsAndPicksChain() {
        let field = Field()
        field.type("좋은 하루 보내세요 ")
        field.leave()
        field.text = ""
        field.type("좋은 ")
        #expect(field.shown == ["하루"])
        field.pick(0)
        #expect(field.text == "좋은 하루 ")
        #expect(field.shown == ["보내세요"])  // after 좋은 하루
        field.pick(0)
        #expect(field.text == "좋은 하루 보내세요 ")
    }

    /// In 천지인 the space that ends a syllable types no blank: 안 SPACE 녕 is one word in the
    /// text, 안녕, and teaches no pair; a word picked right after such a space gets its blank.
    @Test func wordsWithNoBlankBetweenThemAreNoPairAndAPickRightAfterASpaceIsSpaced() {
        let field = Field()
        field.type("안 녕 ", glued: true)
        #expect(field.text == "안녕")
        #expect(field.suggestions.learned.sequences.count == 0)
        field.leave()
        field.text = ""
        field.type("좋은 하루 ")
        field.leave()
        field.text = ""
        field.type("좋은 ", glued: true)  // 좋은, its syllable ended: no blank yet
        #expect(field.text == "좋은")
        #expect(field.shown == ["하루"])
        field.pick(0)
        #expect(field.text == "좋은 하루 ")
    }

    @Test func noPredictionShowsAtTheStartOfALineWhereDownMovesTheCursor() {
        let field = Field()
        field.type("좋은 하루 ")
        field.leave()
        field.type("좋은")
        field.press(0x20)  // the syllable ends
        field.press(0xFF0D)  // Return: the application's newline
        #expect(field.shown == [])
        field.type("하")  // the words before still rank the completions
        #expect(field.shown == ["하루", "하늘"])
    }

    @Test func theFirstKeyOfTheNextWordShowsCompletionsThoseThatFollowedFirst() {
        let field = Field()
        field.type("하")
        #expect(field.shown == ["하늘", "하루"])  // by the lexicon
        field.leave()
        field.type("좋은 하루 ")
        field.leave()
        field.type("좋은 하")
        #expect(field.shown == ["하루", "하늘"])  // 하루 followed 좋은
    }

    @Test func predictionsWaitWhileAPunctuationMarkIsComposedAndASentenceEndClearsThem() {
        let field = Field()
        field.type("감사합니다 좋은 하루 ")
        field.leave()
        field.type("감사합니다 ")
        #expect(field.shown == ["좋은"])
        field.press(0xFFAA)  // keypad *: the punctuation key, a full stop composing
        #expect(field.shown == [])
        field.press(0x20)
        #expect(field.shown == [])  // 감사합니다. — a new sentence
    }

    @Test func withPredictionOffNothingIsPredictedOrLearnedAsASequence() {
        let field = Field()
        field.suggestions.predictsNextWord = false
        field.type("좋은 하루 ")
        field.type("좋은 ")
        #expect(field.shown == [])
        #expect(field.suggestions.learned.sequences.count == 0)
        #expect(field.suggestions.learned.words.count == 2)  // the words themselves are learned
    }

    @Test func withLearningOffNoSequenceIsLearnedOrPredicted() {
        let field = Field()
        field.suggestions.learns = false  // learn-words = false
        field.type("좋은 하루 ")
        field.type("좋은 ")
        #expect(field.shown == [])
        #expect(field.suggestions.learned.sequences.count == 0)
    }

    /// A field that turns into a password field between two words: nothing typed there is
    /// learned, and the word after it is no follower of the word before.
    @Test func aFieldTurnedSecretBreaksTheContext() {
        let field = Field()
        field.type("좋은 ")
        _ = field.session.setContentType(purpose: 8, hints: 0)  // PASSWORD: its keys pass through
        field.type("하루 ")
        _ = field.session.setContentType(purpose: 0, hints: 0)
        field.type("보내세요 ")
        #expect(field.suggestions.learned.words.count == 2)  // 좋은, 보내세요
        #expect(field.suggestions.learned.sequences.count == 0)
    }

    /// A private field (GTK's and IBus's private hint: a private browsing window) types as any,
    /// but teaches neither words nor pairs.
    @Test func aPrivateFieldLearnsNothing() {
        let field = Field()
        _ = field.session.setContentType(purpose: 0, hints: InputPurpose.privateHint)
        field.type("좋은 하루 ")
        #expect(field.text == "좋은 하루 ")
        #expect(field.suggestions.learned.words.isEmpty)
        #expect(field.suggestions.learned.sequences.count == 0)
    }
}
