import HwaljaCore
import HwaljaReplay
import HwaljaTestSupport
import Testing

/// A held backspace first undoes the last keystroke, then erases a character at a time (issue
/// #11: holding backspace still deletes quickly now that undo reaches back through the word).
struct HeldBackspaceTests {
    private func host(after tokens: String, canRetract: Bool = true) -> ReplayHost {
        var host = ReplayHost(
            composer: Composer(table: committedTable, options: Composer.Options(canRetract: canRetract)))
        for token in tokens.split(separator: " ") { host.apply(.press(Key(token: String(token))!)) }
        return host
    }

    private static let 나감사합니다 = "ㄴㄹ ㅣ ㆍ SPACE SPACE ㄱㅋ ㅣ ㆍ ㅇㅁ ㅇㅁ ㅅㅎ ㅣ ㆍ ㅅㅎ ㅅㅎ ㅣ ㆍ ㅂㅍ ㄴㄹ ㅣ ㄷㅌ ㅣ ㆍ"

    @Test(arguments: [true, false])
    func repeatsEraseASyllableEach(canRetract: Bool) {
        var host = self.host(after: Self.나감사합니다, canRetract: canRetract)
        #expect(host.text == "나 감사합니다")
        host.apply(.press(.backspace))  // the press undoes a keystroke: 다 → 디
        #expect(host.text == "나 감사합니디")
        let expected = ["나 감사합니", "나 감사합", "나 감사", "나 감", "나 ", "나"]
        for text in expected {
            host.apply(.erase)
            #expect(host.text == text)
        }
    }

    @Test(arguments: [true, false])
    func erasingEndsUndo(canRetract: Bool) {
        var host = self.host(after: "ㅅㅎ ㅅㅎ ㅣ ㆍ ㄷㅌ ㅣ ㆍ", canRetract: canRetract)  // 하다
        host.apply(.erase)
        #expect(host.text == "하")
        host.apply(.press(.backspace))  // nothing to undo: 하 goes, never 핟
        #expect(host.text == "")
    }

    @Test func typingGoesOnFromWhatErasingLeft() {
        var host = self.host(after: "ㄱㅋ ㅣ ㆍ ㄴㄹ ㄴㄹ ㄷㅌ")  // 갈ㄷ, a pair that ㄷㅌ could still make ㄾ
        #expect(host.text == "갈ㄷ")
        host.apply(.erase)
        #expect(host.text == "갈")
        host.apply(.press(.in))  // the ㄹ moves on to the new syllable
        #expect(host.text == "가리")
    }

    @Test func anEmptyPreeditLeavesTheDeletionToTheHost() {
        var composer = Composer(table: committedTable)
        #expect(composer.erase() == Composer.Response(preedit: "", consumed: false))
        #expect(HoldTimer.Action.erase.hostKey == .backspace)
    }

    @Test func aCharacterOfConjoiningJamoGoesWhole() {
        var host = self.host(after: "ㄱㅋ ㅣ ㆍ ㅇㅁ ㆍ ㆍ")  // 가 and ᄋᆢ: an initial and the double dot, one character
        #expect(host.text == "가ᄋᆢ")
        host.apply(.erase)
        #expect(host.text == "가")
    }

    /// Holding backspace after every fourth word of the dictionary clears it in one press and at most one
    /// repeat per syllable, whatever the application can delete.
    @Test(arguments: [true, false])
    func holdingBackspaceClearsAnyWordAtASyllablePerRepeat(canRetract: Bool) throws {
        let words = try #require(HunspellWords.sorted, "\(HunspellWords.missing)")
        var slow: [String] = []
        for (number, word) in words.enumerated() where number % 4 == 0 {
            var host = ReplayHost(
                composer: Composer(table: committedTable, options: Composer.Options(canRetract: canRetract)))
            for key in SamsungSpelling.keys(forWord: word) { host.apply(.press(key)) }
            host.apply(.press(.backspace))
            var repeats = 0
            while !host.text.isEmpty && repeats <= word.count {
                host.apply(.erase)
                repeats += 1
            }
            if !host.text.isEmpty || repeats > word.count {
                slow.append("\(word): \(repeats) repeats left \(host.text)")
            }
        }
        #expect(slow.count == 0, "\(slow.count) words: \(slow.prefix(5))")
    }
}
