import Foundation
import HwaljaTestSupport
import Testing

/// hwaljad's word suggestions in fcitx5's candidate list, seen by an application that draws
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

    /// fcitx5 and hwaljad, once hwaljad has read its lexicon.
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

    @Test func typingOnWithoutPickingTypesAsBefore() throws {
        let fcitx5 = try Self.suggesting()
        // 감사 with suggestions shown, then 해 (ㅎ ㅏ ㅣ) and space: the digits went to hwaljad as
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
    func suggestionsGoWhenHwaljadDoes() throws {
        let fcitx5 = try Self.suggesting()
        // 가 composing with its suggestions shown when hwaljad dies: the addon keeps 가, lets 7
        // through and hides the suggestions nobody can pick any more.
        let reached = fcitx5.file("reached")
        let done = fcitx5.file("done")
        let client = try fcitx5.start("tap 4\ntap 1\ntap 2\nmark \(reached)\nwait-for \(done)\ntap 7\n", panel: true)
        try Self.wait(for: reached, client)
        fcitx5.killDaemon()
        _ = FileManager.default.createFile(atPath: done, contents: nil)
        let result = try fcitx5.result(of: client)
        #expect(result.text == "가7", "\(result.events)")
        #expect(result.candidates.dropLast().last?.isEmpty == false, "\(result.events)")
        #expect(result.candidates.last == [])
    }

    @Test(.enabled(if: !installed))
    func aPickThatHwaljadDoesNotAnswerNeverHoldsTheApplication() throws {
        let fcitx5 = try Self.suggesting()
        // hwaljad stopped (SIGSTOP) with 가's suggestions shown, then one is selected: the addon
        // gives up after its bound, far within the client's 5 s, keeps 가 and hides them; once
        // hwaljad goes on, 나 is typed through a fresh context.
        let steps = (0..<2).map { (reached: fcitx5.file("reached-\($0)"), done: fcitx5.file("done-\($0)")) }
        let client = try fcitx5.start(
            "tap 4\ntap 1\ntap 2\nmark \(steps[0].reached)\nwait-for \(steps[0].done)\npick 0\n"
                + "mark \(steps[1].reached)\nwait-for \(steps[1].done)\nsleep 1200\ntap 5\ntap 1\ntap 2\ntap space\n",
            panel: true
        )
        for (step, action) in zip(steps, [fcitx5.pauseDaemon, fcitx5.resumeDaemon]) {
            try Self.wait(for: step.reached, client)
            action()
            _ = FileManager.default.createFile(atPath: step.done, contents: nil)
        }
        let result = try fcitx5.result(of: client)
        #expect(result.text == "가나", "\(result.events)")
        #expect(result.candidates.contains { $0.contains("같이") }, "\(result.events)")
        #expect(result.candidates.last == [])
        #expect(fcitx5.log.components(separatedBy: "hwaljad does not answer").count - 1 == 1, "\(fcitx5.log)")
    }
}
