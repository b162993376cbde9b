import HwaljaCore
import HwaljaLexicon
import HwaljaReplay
import HwaljaSession
import HwaljaTestSupport
import HwaljaTyping
import Testing

/// hwalja-replay's suggestions: a log's keys show them in the trace, and `PICK n` picks one.
struct SessionReplayTests {
    static func replay() -> SessionReplay {
        let words = [("감사합니다", 2781), ("감사해요", 454), ("가방", 100)]
        let entries = words.map {
            LexiconEntry(keys: SamsungSpelling.keys(forWord: $0.0), score: LexiconEntry.score(count: $0.1))
        }
        let lexicon = try! LexiconFile.decode(LexiconFile.encode(entries))
        let suggestions = WordSuggestions(suggester: Suggester(lexicon: lexicon, table: committedTable))
        return SessionReplay(
            typing: TypingContext(table: committedTable, options: Composer.Options(), timing: HoldTimer.Settings()),
            suggestions: suggestions)
    }

    static func keys(_ digits: String) -> [KeystrokeLog.Event] {
        digits.map { .tap(Key(token: String($0))!) }
    }

    @Test func theTraceShowsTheSuggestionsAndAPickTypesTheWord() {
        var replay = Self.replay()
        var trace: [String] = []
        for event in Self.keys("41200812") { trace += replay.play(event) }  // 감사
        #expect(trace[2] == "ㆍ\tcommit \"\"\tpreedit \"가\"\tsuggest \"감사합니다\" \"감사해요\" \"가방\"")
        #expect(trace.last?.hasSuffix("\tsuggest \"감사합니다\" \"감사해요\"") == true)
        let picked = replay.play(.pick(1))
        #expect(replay.text == "감사해요 ")
        // 감 was committed: taken back with the rest
        #expect(picked == ["PICK 2\tretract 1\tcommit \"감사해요 \"\tpreedit \"\""])
        #expect(replay.play(.pick(0)) == ["PICK 1\tnot shown: nothing picked"])  // nothing shown: nothing picked
        #expect(replay.text == "감사해요 ")
    }

    /// Without a trace (hwalja-replay without `--trace`) nothing is spent on its lines, and the
    /// text is the same; a timed log's long press comes from the session's timers.
    @Test func withoutATraceTheTextIsTheSameAndNoLinesAreMade() {
        var traced = Self.replay()
        var quiet = Self.replay()
        quiet.traces = false
        let events = Self.keys("4120081") + [.down(Key(token: "0")!, at: 1000), .up(Key(token: "0")!, at: 1700)]
        let lines = events.flatMap { traced.play($0) }
        #expect(events.flatMap { quiet.play($0) } == [])
        #expect(lines.contains { $0.hasPrefix("timer\t") })
        #expect(quiet.text == traced.text)
        #expect(quiet.text == "감시0")
    }
}
