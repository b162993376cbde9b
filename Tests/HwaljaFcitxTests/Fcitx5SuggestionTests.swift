import Foundation
import HwaljaTestSupport
import Testing

/// The addon's word suggestions in fcitx5's candidate list, seen by an application that draws
/// fcitx5's input panel itself (tools/fcitx5-client.py --panel: `UpdateClientSideUI`, and
/// `SelectCandidate` as a click or a touch on a candidate). In Fcitx5EndToEndTests' suite, one
/// fcitx5 at a time.
extension Fcitx5EndToEndTests {
    /// 감사 on the phone keymap (ㄱ ㅏ ㅁ ㅅ ㅏ).
    static let gamsa = "tap 4\ntap 1\ntap 2\ntap 0\ntap 0\ntap 8\ntap 1\ntap 2\n"

    /// 감사합니다 was among the candidates while typing, and none show at the end.
    static func expectShownThenHidden(_ result: IBusClientResult, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.candidates.contains { $0.contains("감사합니다") }, sourceLocation: sourceLocation)
        #expect(result.candidates.last == [], sourceLocation: sourceLocation)
    }

    /// fcitx5 and hwaljad, once the addon has read its lexicon.
    static func suggesting() throws -> PrivateFcitx5 {
        let fcitx5 = try PrivateFcitx5(installed: installed)
        try fcitx5.waitForSuggestions()
        return fcitx5
    }

    @Test func suggestionsShowAsCandidatesAndSelectingOneCommitsTheWord() throws {
        let fcitx5 = try Self.suggesting()
        let result = try fcitx5.type(Self.gamsa + "pick 0\n", panel: true)
        let beforePick = result.candidates.dropLast().last ?? []
        // The word list counts 감사합니다 2781 times, more than any other word after 감사.
        #expect(beforePick.first == "감사합니다", "\(result.events)")
        #expect(result.text == "감사합니다 ")
        #expect(result.preedit == "")
        #expect(result.candidates.last == [], "hidden once picked: \(result.events)")
        // A row with no labels: in 천지인 the digits are letters, no key picks by number.
        #expect(result.candidateLabels?.isEmpty == false)
        #expect(result.candidateLabels?.allSatisfy { $0.isEmpty } == true, "\(result.candidateLabels ?? [])")
        #expect(Set(result.candidateLayouts ?? []) == [2], "horizontal")
        #expect(fcitx5.problems().isEmpty, "fcitx5 logged: \(fcitx5.problems())")
    }

    /// 가 바 typed, then 가 again: once it ends, 바 shows in fcitx5's candidate list, and a click
    /// types it after a space (the one that ended 가 typed no blank).
    @Test func theNextWordShowsAsACandidateOnceAWordEnds() throws {
        let fcitx5 = try Self.suggesting()
        let word = { (digits: String) in digits.map { "tap \($0)\n" }.joined() }
        let keys =
            word("412") + "tap space\ntap space\n" + word("712") + "tap space\ntap space\n" + word("412")
            + "tap space\npick 0\n"
        let result = try fcitx5.type(keys, panel: true)
        #expect(result.candidates.contains(["바"]), "\(result.events)")
        #expect(result.text == "가 바 가 바 ")
        #expect(fcitx5.problems().isEmpty, "fcitx5 logged: \(fcitx5.problems())")
    }

    @Test(arguments: [false, true])
    func pickingByKeyDeletesWhatWasTypedBeforeCommittingTheWord(batch: Bool) throws {
        // Down picks the first suggestion after 감사 (감 committed, 사 composing): 감 is deleted,
        // then 감사합니다 and a space committed. fcitx5 5.0.21 sends the deletion at once but puts
        // the commit in a batched key's reply, which the client applies first (GTK 4's module).
        let fcitx5 = try Self.suggesting()
        let result = try fcitx5.type(Self.gamsa + "tap Down\n", surrounding: true, batch: batch)
        #expect(result.text == "감사합니다 ", "\(result.events)")
        #expect(result.preedit == "")
    }

    /// F9 after 학교 (libhangul-data's files): fcitx5's candidate list shows its hanja in a
    /// column labelled 1. 2. …, each with its meaning; 1 types 學校. ㅁ then F9: its symbols, two
    /// pages, PageDown turns to the second; a click there picks.
    @Test func theConversionKeyListsHanjaWithTheirMeaningsAndADigitPicks() throws {
        let fcitx5 = try PrivateFcitx5(installed: Self.installed)
        let hakgyo = "tap 8\ntap 8\ntap 1\ntap 2\ntap 4\ntap KP_Add\ntap 4\ntap 2\ntap 2\ntap 3\n"
        let result = try fcitx5.type(hakgyo + "tap F9\ntap 1\n", surrounding: true, panel: true)
        // (The word suggestions for 학교 show before F9.)
        let shown = result.candidates.first { $0.first?.hasPrefix("學") == true } ?? []
        #expect(shown.first == "學校  배울 학, 학교 교", "\(result.events)")
        #expect(result.candidateLabels?.contains("1. ") == true, "\(result.candidateLabels ?? [])")
        #expect(result.candidateLayouts?.contains(1) == true, "vertical: \(result.candidateLayouts ?? [])")
        #expect(result.text == "學校" && result.preedit == "", "\(result.events)")
        #expect(result.candidates.last == [], "hidden once picked: \(result.events)")

        // libhangul's ㅁ: ＃ ＆ ＊ ＠ § ※ ☆ ★ ○ on the first page, ● ◎ ◇ … on the second.
        let symbols = try fcitx5.type("tap 0\ntap 0\ntap F9\ntap Page_Down\npick 1\n", surrounding: true, panel: true)
        #expect(symbols.candidates.contains { $0.first == "＃" && $0.contains("※") }, "\(symbols.events)")
        #expect(symbols.candidates.contains { $0.first == "●" }, "the second page: \(symbols.events)")
        #expect(symbols.text == "◎", "\(symbols.events)")
        #expect(fcitx5.problems().isEmpty, "fcitx5 logged: \(fcitx5.problems())")
    }

    @Test func typingOnWithoutPickingTypesAsBefore() throws {
        let fcitx5 = try Self.suggesting()
        // 감사 with suggestions shown, then 해 (ㅎ ㅏ ㅣ) and space: the digits went to the engine as
        // letters, none picked a suggestion.
        let result = try fcitx5.type(Self.gamsa + "tap 8\ntap 8\ntap 1\ntap 2\ntap 1\ntap space\n", panel: true)
        #expect(result.text == "감사해", "\(result.events)")
        Self.expectShownThenHidden(result)
    }

    @Test func aPasswordFieldShowsNoSuggestions() throws {
        let fcitx5 = try Self.suggesting()
        let secret = try fcitx5.type("purpose 8\n" + Self.gamsa, panel: true)
        #expect(secret.text == "41200812")
        #expect(secret.candidates.allSatisfy { $0.isEmpty }, "\(secret.events)")
        // Shown while typing in the open, hidden when the field turns secret.
        let turning = try fcitx5.type(Self.gamsa + "purpose 8\ntap 4\ntap 1\ntap 2\n", panel: true)
        #expect(turning.text == "감사412", "\(turning.events)")
        Self.expectShownThenHidden(turning)
    }

    @Test func focusOutHidesTheSuggestions() throws {
        let fcitx5 = try Self.suggesting()
        let result = try fcitx5.type(Self.gamsa + "focus-out\n", panel: true)
        #expect(result.text == "감사", "\(result.events)")
        Self.expectShownThenHidden(result)
    }

    @Test(.enabled(if: !installed))
    func suggestionsNeedNoDaemon() throws {
        let fcitx5 = try Self.suggesting()
        // hwaljad gone with 감사's suggestions shown: the addon, which looks them up in fcitx5's
        // process, still picks one.
        let reached = fcitx5.file("reached")
        let done = fcitx5.file("done")
        let client = try fcitx5.start(Self.gamsa + "mark \(reached)\nwait-for \(done)\npick 0\n", panel: true)
        try Self.wait(for: reached, client)
        fcitx5.killDaemon()
        _ = FileManager.default.createFile(atPath: done, contents: nil)
        let result = try fcitx5.result(of: client)
        #expect(result.text == "감사합니다 ", "\(result.events)")
        Self.expectShownThenHidden(result)
    }
}
