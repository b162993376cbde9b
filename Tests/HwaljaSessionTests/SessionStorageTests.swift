import HwaljaCore
import Testing

@testable import HwaljaSession

/// What a session keeps compactly (its shown suggestions packed as keys, the text reports of its
/// client out of line) behaves as the values it stands for.
struct SessionStorageTests {
    @Test func suggestedWordsGiveBackTheirKeysInOrder() {
        let words: [[Key]] = [[.giyeokKieuk, .in, .cheon], [.nieunRieul, .cheon], [.ieungMieum, .ji, .ji, .punctuation]]
        let packed = SuggestedWords(words)
        #expect(packed.words == words)
        #expect(packed.word(1) == [.nieunRieul, .cheon])
        #expect(packed.word(3) == nil)
        #expect(packed.word(-1) == nil)
        #expect(SuggestedWords().words.isEmpty)
        #expect(packed != SuggestedWords([words[0], words[2], words[1]]))
    }

    /// A copy of a session (the registry copies its box before changing a shared one) must not see
    /// the other copy's changes to what the client reported.
    @Test func aCopiedResetWitnessKeepsItsOwnReports() {
        var witness = ResetWitness()
        _ = witness.report(ResetWitness.Report(text: "".unicodeScalars, cursor: 0))
        // the client committed 가, then resets
        _ = witness.report(ResetWitness.Report(text: "가".unicodeScalars, cursor: 1))
        var copy = witness
        copy.keyEvent()  // the copy's reports now come from before a key
        let originalSawIt = witness.reset(preedit: "가")
        let copySawIt = copy.reset(preedit: "가")
        #expect(originalSawIt == .committed)
        #expect(copySawIt == .nothingSeen)
    }
}
