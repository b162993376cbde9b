import HwaljaCore
import HwaljaLexicon
import HwaljaTestSupport
import Testing

/// What the conversion key offers for a word, in what order.
struct HanjaSearchTests {
    static let symbols = try! HanjaDictionary(HanjaBytes(HanjaExcerpt.symbols))

    static func texts(_ candidates: [HanjaCandidate]) -> [String] { candidates.map(\.entry.text) }

    @Test func theWordBeingTypedOffersItsLongestBeginningFirstAndKeepsTheRest() throws {
        let hanja = try HanjaDictionaryTests.dictionary()
        let found = HanjaSearch.candidates(beginning: "학교에서", hanja: hanja, symbols: nil, picks: HanjaPicks())
        #expect(Self.texts(found) == ["學校", "學敎", "學", "鶴", "虐"])
        #expect(found.map(\.replacing) == [2, 2, 1, 1, 1])
        #expect(HanjaSearch.candidates(beginning: "에서", hanja: hanja, symbols: nil, picks: HanjaPicks()).isEmpty)
        #expect(HanjaSearch.candidates(beginning: "", hanja: hanja, symbols: nil, picks: HanjaPicks()).isEmpty)
        #expect(HanjaSearch.candidates(beginning: "학교", hanja: nil, symbols: nil, picks: HanjaPicks()).isEmpty)
    }

    @Test func theTextBeforeTheCursorOffersItsLongestEndingFirst() throws {
        let hanja = try HanjaDictionaryTests.dictionary()
        let found = HanjaSearch.candidates(ending: "오늘 대한 한국", hanja: hanja, picks: HanjaPicks())
        // Entries with a meaning first within a reading: 韓國 (대한민국) before 寒國.
        #expect(Self.texts(found) == ["韓國", "寒國", "寒菊", "汗國", "國", "菊"])
        #expect(HanjaSearch.candidates(ending: "한국.", hanja: hanja, picks: HanjaPicks()).isEmpty)
        #expect(Self.texts(HanjaSearch.candidates(of: "학교", hanja: hanja, picks: HanjaPicks())) == ["學校", "學敎"])
        #expect(HanjaSearch.candidates(of: "학교 ", hanja: hanja, picks: HanjaPicks()).isEmpty)
    }

    @Test func aLoneConsonantOffersItsSymbols() {
        let found = HanjaSearch.candidates(beginning: "ㅁ", hanja: nil, symbols: Self.symbols, picks: HanjaPicks())
        #expect(Self.texts(found) == ["＃", "＆", "＊", "＠", "§", "※", "☆", "★", "○", "●", "◎", "◇"])
        #expect(HanjaSearch.candidates(beginning: "ㅏ", hanja: nil, symbols: Self.symbols, picks: HanjaPicks()).isEmpty)
    }

    /// Whether a word converts (a keypad's 漢) agrees with the candidates, looking up as few
    /// readings as it can: 학교에서's first syllable answers.
    @Test func convertsAgreesWithTheCandidatesAndStopsAtTheFirstReadingFound() throws {
        let hanja = try HanjaDictionaryTests.dictionary()
        var looked: [String] = []
        func converts(_ word: String) -> Bool {
            looked = []
            return HanjaSearch.converts(beginning: word) { reading, symbols in
                looked.append(reading)
                return (symbols ? Self.symbols : hanja).hasEntries(reading: reading)
            }
        }
        for word in ["학교에서", "한국", "에서", "", "ㅁ", "ㅅ", "ㅏ", "이론"] {
            let candidates = HanjaSearch.candidates(
                beginning: word, hanja: hanja, symbols: Self.symbols, picks: HanjaPicks())
            #expect(converts(word) == !candidates.isEmpty, "\(word)")
        }
        #expect(converts("학교에서") && looked == ["학"])
        #expect(!converts("에서") && looked == ["에", "에서"])
        #expect(hanja.hasEntries(reading: "학교") && !hanja.hasEntries(reading: "학교에"))
    }

    @Test func whatTheUserPickedComesFirstThenMeaningsThenTheFilesOrder() throws {
        let hanja = try HanjaDictionaryTests.dictionary()
        var picks = HanjaPicks()
        let korea = hanja.entries(reading: "한국")
        #expect(picks.ranked(korea).map(\.text) == ["韓國", "寒國", "寒菊", "汗國"])
        picks.learn(korea[3])  // 汗國
        #expect(picks.ranked(korea).map(\.text) == ["汗國", "韓國", "寒國", "寒菊"])
        picks.learn(korea[1])  // 寒菊, later
        #expect(picks.ranked(korea).map(\.text) == ["寒菊", "汗國", "韓國", "寒國"])
        picks.learn(korea[3])  // 汗國 twice now
        #expect(picks.ranked(korea).map(\.text) == ["汗國", "寒菊", "韓國", "寒國"])
        picks.forgetAll()
        #expect(picks.ranked(korea).map(\.text) == ["韓國", "寒國", "寒菊", "汗國"])
    }

    @Test func picksGoInTheLearnedWordsFileAndComeBack() {
        var words = LearnedWords()
        words.learn([.giyeokKieuk, .in, .cheon])  // 가
        words.learnHanja(HanjaEntry(reading: "한국", text: "韓國"))
        words.learnHanja(HanjaEntry(reading: "ㅁ", text: "※"))
        words.learnHanja(HanjaEntry(reading: "ㄱ", text: "\u{3000}"))  // a blank: not kept, the file splits at blanks
        let text = LearnedWordsText.encode(words)
        #expect(text == "# hwalja learned words 3\n1 1 412\n1 1 hanja 한국 韓國\n1 2 hanja ㅁ ※\n")
        let (read, bad) = LearnedWordsText.decode(text)
        #expect(bad == [] && read == words)
        // A file of the version before reads as it is; a hanja line with a bad count is skipped.
        let older = LearnedWordsText.decode("# hwalja learned words 2\n1 1 123\n0 1 hanja 한국 韓國\n")
        #expect(older.words.words.count == 1 && older.words.hanja.uses.isEmpty && older.badLines == [3])
        // A text beginning with a combining mark (a user's own file may have one) reads back.
        var marked = LearnedWords()
        marked.learnHanja(HanjaEntry(reading: "가", text: "\u{301}\u{4E00}"))
        #expect(LearnedWordsText.decode(LearnedWordsText.encode(marked)) == (marked, []))
        // Picks learned again in another store (a merge) count there too.
        var other = LearnedWords()
        other.learnAgain(words.takeUnsaved())
        #expect(other.hanja.use(of: HanjaEntry(reading: "한국", text: "韓國"))?.uses == 1)
    }

    @Test func picksAreBoundedDroppingTheLeastUsed() {
        var picks = HanjaPicks(capacity: 2)
        let often = HanjaEntry(reading: "학", text: "學")
        picks.learn(often)
        picks.learn(often)
        picks.learn(HanjaEntry(reading: "학", text: "鶴"))
        picks.learn(HanjaEntry(reading: "학", text: "虐"))
        #expect(picks.uses.count == 2)
        #expect(picks.use(of: often)?.uses == 2)
        #expect(picks.use(of: HanjaEntry(reading: "학", text: "鶴")) == nil)
        // With every kept pick used more often, a new one still stays: an older one goes.
        var full = HanjaPicks(capacity: 2)
        for text in ["學", "鶴"] {
            full.learn(HanjaEntry(reading: "학", text: text))
            full.learn(HanjaEntry(reading: "학", text: text))
        }
        full.learn(HanjaEntry(reading: "학", text: "虐"))
        #expect(full.use(of: HanjaEntry(reading: "학", text: "虐"))?.uses == 1)
        #expect(full.uses.count == 2)
    }
}
