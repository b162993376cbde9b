import HwaljaLexicon
import HwaljaTestSupport
import Testing

/// A hanja file in libhangul's form, read by halving it: every reading found, whatever the
/// lines around it, and a damaged file refused with the line that is wrong.
struct HanjaDictionaryTests {
    static func dictionary(_ text: String = HanjaExcerpt.hanja) throws -> HanjaDictionary {
        try HanjaDictionary(HanjaBytes(text))
    }

    @Test func everyEntryOfAReadingIsFoundInTheFilesOrder() throws {
        let hanja = try Self.dictionary()
        #expect(hanja.entryCount == 19)
        #expect(hanja.entries(reading: "한국").map(\.text) == ["寒國", "寒菊", "韓國", "汗國"])
        #expect(hanja.entries(reading: "한국")[2] == HanjaEntry(reading: "한국", text: "韓國", meaning: "대한민국"))
        #expect(hanja.entries(reading: "교").map(\.text) == ["校", "敎"])  // the first entry of the file
        #expect(hanja.entries(reading: "학").map(\.meaning) == ["배울 학", "두루미 학", "사나울 학, 혹독할 학"])
        #expect(hanja.entries(reading: "하").isEmpty)  // sorts between readings
        #expect(hanja.entries(reading: "가").isEmpty)  // before all
        #expect(hanja.entries(reading: "힣").isEmpty)  // after all
        #expect(hanja.entries(reading: "학교에서").isEmpty)
        #expect(hanja.entries(reading: "").isEmpty)
    }

    @Test func commentsBlankLinesAndCarriageReturnsAnywhereAreSkipped() throws {
        let text = "학:學:배울 학\r\n# a comment between\n\n학교:學校:\r\n학교:學敎:\n한국:韓國:대한민국"  // no final newline
        let hanja = try Self.dictionary(text)
        #expect(hanja.entries(reading: "학교").map(\.text) == ["學校", "學敎"])
        #expect(hanja.entries(reading: "학").map(\.meaning) == ["배울 학"])
        #expect(hanja.entries(reading: "한국").map(\.meaning) == ["대한민국"])
    }

    /// Halving must land on every reading, whatever the line lengths: checked against reading
    /// the file line by line.
    @Test func halvingFindsWhatReadingEveryLineFinds() throws {
        var lines: [String] = []
        let syllables = (0..<300).map { String(Character(Unicode.Scalar(0xAC00 + UInt32($0) * 37)!)) }
        for (index, syllable) in syllables.enumerated() {
            for count in 0..<(index % 5) {
                let meaning = String(repeating: "뜻", count: (index * 7 + count) % 90)
                lines.append("\(syllable):\(Character(Unicode.Scalar(0x4E00 + UInt32(index * 5 + count))!)):\(meaning)")
            }
        }
        let hanja = try Self.dictionary(lines.joined(separator: "\n") + "\n")
        for syllable in syllables {
            let expected = lines.filter { $0.hasPrefix(syllable + ":") }.map { String($0.split(separator: ":")[1]) }
            #expect(hanja.entries(reading: syllable).map(\.text) == expected, "\(syllable)")
        }
    }

    /// One reading over several kilobytes (이 has 208 entries in libhangul's file): found whole,
    /// from its first line, though the index has readings inside it.
    @Test func aReadingLongerThanTheIndexSpacingIsFoundWhole() throws {
        let many = (0..<400).map { "이:\(Character(Unicode.Scalar(0x4E00 + UInt32($0))!)):뜻 \($0)" }
        let text = (["가:家:집 가"] + many + ["자:子:아들 자"]).joined(separator: "\n") + "\n"
        let hanja = try Self.dictionary(text)
        let found = hanja.entries(reading: "이")
        #expect(found.count == 400 && found.first?.meaning == "뜻 0" && found.last?.meaning == "뜻 399")
        #expect(hanja.entries(reading: "자").map(\.text) == ["子"])
        #expect(hanja.entries(reading: "가").map(\.text) == ["家"])
        #expect(hanja.characterMeaning("\u{4E00}", readAs: "이") == "뜻 0")
    }

    @Test func aFileOutOfOrderIsRefusedWithItsLine() {
        #expect(throws: HanjaError.outOfOrder(line: 3)) {
            try Self.dictionary("# header\n한국:韓國:\n학교:學校:\n")
        }
        #expect("\(HanjaError.outOfOrder(line: 3))".contains("LC_ALL=C sort"))
    }

    @Test func aLineThatIsNotAnEntryIsRefusedAndQuotedShort() {
        let long = String(repeating: "가", count: 5000)
        let error = #expect(throws: HanjaError.self) { try Self.dictionary("학:學:배울 학\n\(long)\n") }
        guard case .malformedLine(line: 2, _) = error else {
            Issue.record("expected line 2 refused, got \(String(describing: error))")
            return
        }
        #expect("\(error!)".hasPrefix("line 2 is not 'reading:hanja:meaning': \"가가"))
        #expect("\(error!)".count < 300)
        #expect(throws: HanjaError.malformedLine(line: 1, text: ":學:")) { try Self.dictionary(":學:\n") }
        #expect(throws: HanjaError.empty) { try Self.dictionary("# only a comment\n\n") }
    }

    @Test func aWordsMeaningIsTheFilesElseItsCharactersFirstMeanings() throws {
        let hanja = try Self.dictionary()
        let korea = hanja.entries(reading: "한국")
        #expect(hanja.meaning(of: korea[2]) == "대한민국")
        #expect(hanja.meaning(of: korea[0]) == "찰 한, 나라 국")  // 寒國: 國's first meaning
        #expect(hanja.meaning(of: korea[1]) == "찰 한, 국화 국")
        #expect(hanja.meaning(of: korea[3]) == "한, 나라 국")  // 汗 has no entry of its own here
        #expect(hanja.meaning(of: hanja.entries(reading: "학교")[0]) == "배울 학, 학교 교")
        #expect(hanja.meaning(of: hanja.entries(reading: "학교")[1]) == "배울 학, 가르칠 교")
        // 理 read 이 in 이론, by the initial sound rule; the file lists it under 리 first.
        #expect(hanja.meaning(of: hanja.entries(reading: "이론")[0]) == "다스릴 리, 논할 론")
        #expect(hanja.meaning(of: HanjaEntry(reading: "하하", text: "河河")) == "")  // no character known
        #expect(hanja.meaning(of: HanjaEntry(reading: "ㄱ자", text: "ㄱ字")) == "")
    }
}
