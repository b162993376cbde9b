import HwaljaCore
import HwaljaTestSupport
import Testing

/// What each control key does, and what the host is told.
struct ComposerBehaviourTests {
    private func composer(after tokens: String, options: Composer.Options = Composer.Options()) -> Composer {
        var composer = Composer(table: committedTable, options: options)
        for token in tokens.split(separator: " ") { _ = composer.press(Key(token: String(token))!) }
        return composer
    }

    @Test func lettersOnlyChangeThePreeditUntilASyllableIsDone() {
        var composer = Composer(table: committedTable)
        let first = composer.press(.ieungMieum)
        #expect(first == Composer.Response(commit: "", preedit: "ㅇ", consumed: true))
        _ = composer.press(.in)
        _ = composer.press(.cheon)
        #expect(composer.press(.nieunRieul) == Composer.Response(commit: "", preedit: "안", consumed: true))
        // 안 + ㅇ: ㄴ+ㅇ is no double final, so 안 is done and committed.
        #expect(composer.press(.ieungMieum) == Composer.Response(commit: "안", preedit: "ㅇ", consumed: true))
    }

    @Test func aLivePairStaysInThePreedit() {
        var composer = self.composer(after: "ㄱㅋ ㅣ ㆍ ㄴㄹ ㄴㄹ")
        #expect(composer.press(.digeutTieut) == Composer.Response(commit: "", preedit: "갈ㄷ", consumed: true))
        #expect(composer.press(.digeutTieut) == Composer.Response(commit: "", preedit: "갍", consumed: true))
    }

    @Test func nextCommitsAndNothingBeforeItChangesAfterwards() {
        var composer = self.composer(after: "ㄱㅋ ㅣ ㆍ ㄴㄹ ㄴㄹ")
        #expect(composer.press(.next) == Composer.Response(commit: "갈", preedit: "", consumed: true))
        #expect(composer.press(.digeutTieut).commit.isEmpty)
        #expect(composer.press(.digeutTieut) == Composer.Response(commit: "", preedit: "ㅌ", consumed: true))
    }

    @Test func spaceEndsTheSyllableFirstThenInsertsABlank() {
        var composer = self.composer(after: "ㄱㅋ ㅣ ㆍ")
        #expect(composer.press(.space) == Composer.Response(commit: "가", preedit: "", consumed: true))
        #expect(composer.press(.space) == Composer.Response(commit: " ", preedit: "", consumed: true))
    }

    @Test func spaceAfterPunctuationInsertsTheBlankAtOnce() {
        var composer = self.composer(after: "ㄱㅋ ㅣ ㆍ PUNCT")
        #expect(composer.press(.space) == Composer.Response(commit: ". ", preedit: "", consumed: true))
    }

    @Test func spaceCanAlwaysInsertABlank() {
        var composer = self.composer(after: "ㄱㅋ ㅣ ㆍ", options: Composer.Options(spaceAlwaysInserts: true))
        #expect(composer.press(.space) == Composer.Response(commit: "가 ", preedit: "", consumed: true))
        #expect(typed("ㄱㅋ ㅣ ㆍ SPACE ㄴㄹ ㅣ ㆍ", options: Composer.Options(spaceAlwaysInserts: true)) == "가 나")
    }

    @Test func enterCommitsAndLeavesTheNewlineToTheHost() {
        var composer = self.composer(after: "ㄱㅋ ㅣ ㆍ")
        #expect(composer.press(.enter) == Composer.Response(commit: "가", preedit: "", consumed: false))
        #expect(typed("ㄱㅋ ㅣ ㆍ ENTER ㄴㄹ ㅣ ㆍ") == "가\n나")
    }

    @Test func punctuationCyclesAndEndsWithAnyOtherKey() {
        #expect(typed("PUNCT") == ".")
        #expect(typed("PUNCT PUNCT") == ",")
        #expect(typed("PUNCT PUNCT PUNCT") == "?")
        #expect(typed("PUNCT PUNCT PUNCT PUNCT") == "!")
        #expect(typed("PUNCT PUNCT PUNCT PUNCT PUNCT") == ".")
        #expect(typed("ㅇㅁ ㅡ ㅇㅁ PUNCT PUNCT PUNCT") == "응?")
        #expect(typed("PUNCT NEXT PUNCT") == "..")
    }

    @Test func backspaceUndoesKeystrokesThenLetsTheHostDelete() {
        var composer = self.composer(after: "ㄱㅋ ㅣ ㆍ ㄴㄹ")  // 간
        #expect(composer.press(.backspace) == Composer.Response(commit: "", preedit: "가", consumed: true))
        #expect(composer.press(.backspace) == Composer.Response(commit: "", preedit: "기", consumed: true))
        #expect(composer.press(.backspace) == Composer.Response(commit: "", preedit: "ㄱ", consumed: true))
        #expect(composer.press(.backspace) == Composer.Response(commit: "", preedit: "", consumed: true))
        #expect(composer.press(.backspace) == Composer.Response(commit: "", preedit: "", consumed: false))
    }

    @Test func backspaceUndoesIntoWhatTheComposerCommitted() {
        // 감 + ㅅ commits 감; backspace then undoes ㅅ, and the next one the second ㅇㅁ (issue #11).
        #expect(typed("ㄱㅋ ㅣ ㆍ ㅇㅁ ㅇㅁ ㅅㅎ BS") == "감")
        #expect(typed("ㄱㅋ ㅣ ㆍ ㅇㅁ ㅇㅁ ㅅㅎ BS BS") == "강")
        // 가기 → 각 → 가 (undoing through a moved final).
        #expect(typed("ㄱㅋ ㅣ ㆍ ㄱㅋ ㅣ BS BS") == "가")
        #expect(typed("ㄱㅋ ㅣ ㆍ ㄱㅋ ㆍ BS") == "각")
    }

    @Test func backspaceWithNothingComposingDeletesACommittedCharacter() {
        #expect(typed("ㄱㅋ ㅣ ㆍ NEXT ㄴㄹ ㅣ ㆍ NEXT BS") == "가")
    }

    @Test func aLongPressCommitsAndTypesTheDigit() {
        var composer = self.composer(after: "ㄱㅋ ㅣ ㆍ")
        #expect(composer.typeDigit(of: .ieungMieum) == Composer.Response(commit: "가0", preedit: "", consumed: true))
        for key in KeyboardLayout.cheonjiin.tableKeys where key != .punctuation {
            var fresh = Composer(table: committedTable)
            #expect(fresh.typeDigit(of: key).commit.count == 1)
        }
        var fresh = Composer(table: committedTable)
        #expect(fresh.typeDigit(of: .next).consumed == false)
    }

    @Test func flushAndReset() {
        var composer = self.composer(after: "ㄱㅋ ㅣ ㆍ")
        #expect(composer.flush() == Composer.Response(commit: "가", preedit: "", consumed: true))
        #expect(composer.flush() == Composer.Response(commit: "", preedit: "", consumed: false))
        var other = self.composer(after: "ㄱㅋ ㅣ ㆍ")
        other.reset()
        #expect(other.preedit.isEmpty)
        #expect(other.press(.backspace).consumed == false)
    }

    @Test func keyTokensAcceptNamesAndDigitsOnly() {
        #expect(Key(token: "ㄱㅋ") == .giyeokKieuk)
        #expect(Key(token: "4") == .giyeokKieuk)
        #expect(Key(token: "0") == .ieungMieum)
        #expect(Key(token: "BS") == .backspace)
        #expect(Key(token: "ㄱ") == nil)
        #expect(Key(token: "10") == nil)
    }

    /// Tokens are compared by their bytes first; another spelling of the same text still names
    /// its key, and a token that only begins with a key's bytes names none.
    @Test func keyTokensMatchTheirTextNotOnlyTheirBytes() {
        let decomposedStroke = "\u{1112}\u{116C}\u{11A8}"  // 획 as three conjoining jamo
        #expect(decomposedStroke == "획" && Array(decomposedStroke.utf8) != Array("획".utf8))
        #expect(KeyboardLayout.naratgeul.key(token: decomposedStroke) == .addStroke)
        #expect(KeyboardLayout.naratgeul.key(token: "획추가") == .addStroke)  // a name longer than eight bytes
        #expect(Key(token: "ㅣ\u{0}") == nil)
        #expect(Key(token: "ㅣ\u{0}\u{0}") == nil)
        #expect(Key(token: "") == nil)
        #expect(KeyboardLayout.naratgeul.key(token: "ㄱ") == .giyeok)
        #expect(KeyboardLayout.naratgeul.key(token: "ㄱ ") == nil)
    }
}
