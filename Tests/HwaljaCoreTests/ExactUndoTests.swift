import HwaljaCore
import HwaljaReplay
import HwaljaTestSupport
import Testing

/// Backspace undoes the last keystroke exactly, including what that keystroke made the composer
/// commit, back through the word, never through a boundary (issue #11).
struct ExactUndoTests {
    private func host(after tokens: String, options: Composer.Options = Composer.Options()) -> ReplayHost {
        var host = ReplayHost(composer: Composer(table: committedTable, options: options))
        for token in tokens.split(separator: " ") { host.apply(.press(Key(token: String(token))!)) }
        return host
    }

    @Test func undoingTwoKeysOf하다Gives핟TakingBackThe하() {
        var host = self.host(after: "ㅅㅎ ㅅㅎ ㅣ ㆍ ㄷㅌ ㅣ ㆍ")  // 하다: 하 committed by the ㆍ
        #expect(host.committed == "하")
        #expect(host.composer.preedit == "다")
        host.apply(.press(.backspace))  // 하디
        #expect(host.committed == "하")
        #expect(host.composer.preedit == "디")
        host.apply(.press(.backspace))  // 핟: the 하 is taken back and shown again in the preedit
        #expect(host.committed == "")
        #expect(host.composer.preedit == "핟")
        #expect(host.text == "핟")
    }

    @Test func theComposerAsksTheHostToTakeBackWhatItCommitted() {
        var composer = Composer(table: committedTable)
        for token in "ㅅㅎ ㅅㅎ ㅣ ㆍ ㄷㅌ ㅣ ㆍ".split(separator: " ") { _ = composer.press(Key(token: String(token))!) }
        #expect(composer.press(.backspace) == Composer.Response(preedit: "디", consumed: true))
        #expect(composer.press(.backspace) == Composer.Response(retract: 1, preedit: "핟", consumed: true))
        #expect(composer.press(.backspace) == Composer.Response(preedit: "하", consumed: true))
    }

    /// A wrong key put right at once leaves the word as if it had never been typed.
    @Test(arguments: [
        ("ㄱㅋ ㅈㅊ BS ㅣ ㆍ", "가"),  // not ㄱㅏ
        ("ㄱㅋ ㅣ ㅡ BS ㅅㅎ", "깃"),  // 기 ㅡ BS ㅅ, not 기ㅅ
        ("ㅇㅁ ㄱㅋ BS ㅇㅁ", "ㅁ"),  // not ㅇㅇ
        ("ㅅㅎ ㅅㅎ ㅣ ㆍ ㄷㅌ ㅣ ㆍ ㅇㅁ ㅇㅁ ㅂㅍ BS ㅣ", "하다미")  // 하담 ㅂ BS ㅣ, not 하담ㅣ
    ])
    func aTypoCorrectedAtOnceLeavesTheWordIntact(keys: String, expected: String) {
        #expect(typed(keys) == expected)
        #expect(typed(keys, options: Composer.Options(canRetract: false)) == expected)
    }

    /// 나, then 감사합니다 undone key by key: each backspace gives what the keys before it typed,
    /// back to the start of the word; the space before it is a boundary, so the next backspace
    /// deletes 나 in the application.
    @Test(arguments: [true, false])
    func backspaceRetracesAWholeWord(canRetract: Bool) {
        let options = Composer.Options(canRetract: canRetract)
        let word = "ㄱㅋ ㅣ ㆍ ㅇㅁ ㅇㅁ ㅅㅎ ㅣ ㆍ ㅅㅎ ㅅㅎ ㅣ ㆍ ㅂㅍ ㄴㄹ ㅣ ㄷㅌ ㅣ ㆍ".split(separator: " ")
        var host = self.host(after: "ㄴㄹ ㅣ ㆍ SPACE " + word.joined(separator: " "), options: options)
        #expect(host.text == "나감사합니다")
        for count in stride(from: word.count - 1, through: 0, by: -1) {
            host.apply(.press(.backspace))
            #expect(host.text == typed("ㄴㄹ ㅣ ㆍ SPACE " + word.prefix(count).joined(separator: " ")))
        }
        #expect(host.text == "나")
        host.apply(.press(.backspace))
        #expect(host.text == "")
    }

    /// Undo never goes back through NEXT, SPACE, ENTER or the start of new punctuation.
    @Test(arguments: [
        ("ㅅㅎ ㅣ NEXT BS", ""),  // 시 is deleted in the application
        ("ㅅㅎ ㅣ NEXT ㄱㅋ BS BS", ""),
        ("ㄱㅋ ㅣ ㆍ ㄱㅋ ㅣ SPACE BS", "가"),  // 기 deleted, 각 not restored
        ("ㄱㅋ ㅣ ㆍ ENTER BS", "가"),  // the newline deleted
        ("ㄱㅋ ㅣ ㆍ PUNCT BS", "가"),
        ("ㄱㅋ ㅣ ㆍ PUNCT BS BS", ""),  // 가 is deleted in the application
        ("ㄱㅋ ㅣ ㆍ PUNCT PUNCT PUNCT BS", "가,"),  // cycling still undoes within the punctuation
        ("ㄱㅋ ㅣ ㆍ PUNCT ㄴㄹ BS BS", "가"),
        ("ㄱㅋ ㅣ ㆍ PUNCT ㄴㄹ BS BS BS", "")
    ])
    func undoStopsAtABoundary(keys: String, expected: String) {
        #expect(typed(keys) == expected)
        #expect(typed(keys, options: Composer.Options(canRetract: false)) == expected)
    }

    @Test func undoStopsAtALongPressFlushAndReset() {
        var composer = Composer(table: committedTable)
        for key in [Key.giyeokKieuk, .in, .cheon, .giyeokKieuk, .in] { _ = composer.press(key) }  // 가기
        #expect(composer.typeDigit(of: .ieungMieum).commit == "가기0")
        #expect(composer.press(.backspace).consumed == false)
        // 가가, 가 committed
        for key in [Key.giyeokKieuk, .in, .cheon, .giyeokKieuk, .in, .cheon] { _ = composer.press(key) }
        #expect(composer.flush().commit == "가")
        #expect(composer.press(.backspace).consumed == false)
        for key in [Key.giyeokKieuk, .in, .cheon, .giyeokKieuk, .in, .cheon] { _ = composer.press(key) }
        composer.reset()
        #expect(composer.preedit.isEmpty)
        #expect(composer.press(.backspace).consumed == false)
    }

    /// 가 fourteen times (42 keys, one word): 32 backspaces undo 32 keys; the 33rd, past the undo
    /// depth, removes the last character of the preedit, and the 34th is the application's.
    @Test func undoReachesBackThirtyTwoKeys() {
        let keys = Array(repeating: "ㄱㅋ ㅣ ㆍ", count: 14).joined(separator: " ")
        var host = self.host(after: keys)
        #expect(host.text == String(repeating: "가", count: 14))
        for _ in 0..<Composer.undoDepth { host.apply(.press(.backspace)) }
        #expect(host.text == "가가각")  // the first ten keys
        host.apply(.press(.backspace))
        #expect(host.text == "가가")
        #expect(host.steps.last?.response.consumed == true)
        host.apply(.press(.backspace))
        #expect(host.steps.last?.response.consumed == false)
        #expect(host.text == "가")
    }
}

/// An application that cannot take text back (``Composer/Options/canRetract`` false).
struct NoRetractionTests {
    private static let options = Composer.Options(canRetract: false)

    @Test func whatUndoCanReachStaysInThePreedit() {
        var composer = Composer(table: committedTable, options: Self.options)
        var responses: [Composer.Response] = []
        for token in "ㅅㅎ ㅅㅎ ㅣ ㆍ ㄷㅌ ㅣ ㆍ BS BS".split(separator: " ") {
            responses.append(composer.press(Key(token: String(token))!))
        }
        #expect(responses.allSatisfy { $0.retract == 0 && $0.commit.isEmpty })
        #expect(responses[6].preedit == "하다")
        #expect(responses[7].preedit == "하디")
        #expect(responses[8].preedit == "핟")
        #expect(composer.flush().commit == "핟")
    }

    /// The preedit keeps at most seven scalars (the capacity less one for a digit or blank a
    /// boundary adds); what no longer fits goes to the application, and undo stops short of it:
    /// here 19 keys back, where an application that can take text back gets 32.
    @Test func thePreeditStaysWithinItsCapacity() {
        var host = ReplayHost(composer: Composer(table: committedTable, options: Self.options))
        let keys = Array(repeating: [Key.giyeokKieuk, .in, .cheon], count: 14).joined()
        for key in keys {
            host.apply(.press(key))
            #expect(host.steps.last!.response.preedit.count <= ComposedText.capacity - 1)
        }
        #expect(host.committed == "가가가가가가가")
        #expect(host.composer.preedit == "가가가가가가가")
        var digit = host.composer
        #expect(digit.typeDigit(of: .ieungMieum).commit == "가가가가가가가0")
        for count in stride(from: keys.count - 1, through: keys.count - 19, by: -1) {
            host.apply(.press(.backspace))
            #expect(host.text == typed(Array(keys.prefix(count))))
        }
        #expect(host.text == "가가가가가가가기")
        #expect(host.steps.allSatisfy { $0.response.retract == 0 })
        host.apply(.press(.backspace))  // 각 was committed for good: past what undo reaches, 기 goes whole
        #expect(host.text == "가가가가가가가")
    }
}
