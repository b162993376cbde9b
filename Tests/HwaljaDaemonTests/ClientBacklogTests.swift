import HwaljaDaemon
import HwaljaTyping
import Testing

struct ClientBacklogTests {
    @Test func aClientThatReadsIsCheckedNowAndThenAndNeverCutOff() {
        var backlog = ClientBacklog(limits: .init(maxUnread: 10_000, checkEvery: 1_000))
        var serial: UInt32 = 100
        var checks = 0
        for _ in 0..<1_000 {
            let verdict = backlog.admit(bytes: 300, to: ":1.5", isReply: true)
            #expect(verdict.send)
            if verdict.check {
                checks += 1
                serial += 1
                backlog.checkSent(serial: serial, to: ":1.5")
                // The bus says nothing waits: read at once, and it was not stalled.
                let answer = backlog.checked(serial: serial, queued: 0)
                #expect(answer?.client == ":1.5" && answer?.recovered == false)
            }
        }
        #expect(checks >= 250 && checks <= 300)
        #expect(backlog.unread(by: ":1.5") < 1_000)
    }

    @Test func whatTheBusStillHoldsStaysUnread() {
        var backlog = ClientBacklog(limits: .init(maxUnread: 10_000, checkEvery: 1_000))
        for _ in 0..<4 { _ = backlog.admit(bytes: 300, to: ":1.5", isReply: true) }
        backlog.checkSent(serial: 9, to: ":1.5")
        _ = backlog.admit(bytes: 300, to: ":1.5", isReply: true)  // after the check: not in its answer
        _ = backlog.checked(serial: 9, queued: 500)
        #expect(backlog.unread(by: ":1.5") == 800)
    }

    @Test func aClientThatStopsReadingGetsItsRepliesThenIsCutOffOnceAndRecoversWhenItReads() {
        var backlog = ClientBacklog(limits: .init(maxUnread: 3_000, checkEvery: 1_000))
        var verdicts: [ClientBacklog.Verdict] = []
        for _ in 0..<20 {
            let verdict = backlog.admit(bytes: 400, to: ":1.9", isReply: false)
            if verdict.check { backlog.checkSent(serial: 7, to: ":1.9") }  // and it is never answered
            verdicts.append(verdict)
        }
        #expect(verdicts.indices.filter { verdicts[$0].check } == [2])  // 1,200 bytes out: ask, once
        #expect(verdicts.prefix(7).allSatisfy { $0.send })  // 2,800 bytes
        #expect(verdicts[7] == .init(send: false, check: false, justStalled: true))
        #expect(verdicts[8...].allSatisfy { !$0.send && !$0.justStalled })
        #expect(backlog.isStalled(":1.9"))
        // Its calls are still answered (with an error) up to twice the limit, then no more.
        var replies: [Bool] = []
        for _ in 0..<10 { replies.append(backlog.admit(bytes: 400, to: ":1.9", isReply: true).send) }
        #expect(replies == Array(repeating: true, count: 8) + [false, false])  // 2,800 + 8 × 400 = 6,000
        let other = backlog.admit(bytes: 10, to: ":1.8", isReply: false)
        #expect(other.send)  // others go on
        let unknown = backlog.checked(serial: 8, queued: 0)
        #expect(unknown == nil)  // no such check
        // The old check proves only what went before it; the next call's answer asks again.
        let old = backlog.checked(serial: 7, queued: 0)
        #expect(old?.client == ":1.9" && old?.recovered == false)
        let refused = backlog.admit(bytes: 100, to: ":1.9", isReply: true)
        #expect(refused.send && refused.check)  // 4,800 unread: under the hard limit
        backlog.checkSent(serial: 11, to: ":1.9")
        let answer = backlog.checked(serial: 11, queued: 0)
        #expect(answer?.client == ":1.9" && answer?.recovered == true)
        #expect(!backlog.isStalled(":1.9"))
        let after = backlog.admit(bytes: 400, to: ":1.9", isReply: false)
        #expect(after.send)
    }

    @Test func aClientWhoseQueueStaysFullStaysStalled() {
        var backlog = ClientBacklog(limits: .init(maxUnread: 3_000, checkEvery: 1_000))
        for _ in 0..<8 { _ = backlog.admit(bytes: 400, to: ":1.9", isReply: false) }
        #expect(backlog.isStalled(":1.9"))
        backlog.checkSent(serial: 3, to: ":1.9")
        let answer = backlog.checked(serial: 3, queued: 2_500)
        #expect(answer?.recovered == false)
        #expect(backlog.isStalled(":1.9"))
    }

    @Test func aPeerMeasuredAtOnceRecovers() {
        var backlog = ClientBacklog(limits: .init(maxUnread: 3_000, checkEvery: 1_000))
        for _ in 0..<8 { _ = backlog.admit(bytes: 400, to: ":peer.1", isReply: false) }
        #expect(backlog.isStalled(":peer.1"))
        let stillFull = backlog.measured(":peer.1", queued: 2_000)
        let emptied = backlog.measured(":peer.1", queued: 100)
        #expect(!stillFull && emptied)
        #expect(backlog.unread(by: ":peer.1") == 100)
    }

    @Test func aFailedCheckIsSentAgainAndAForgottenClientStartsAfresh() {
        var backlog = ClientBacklog(limits: .init(maxUnread: 3_000, checkEvery: 1_000))
        _ = backlog.admit(bytes: 1_200, to: ":1.3", isReply: false)
        backlog.checkSent(serial: 5, to: ":1.3")
        let waiting = backlog.admit(bytes: 100, to: ":1.3", isReply: false)
        #expect(!waiting.check)  // one check at a time
        backlog.checkFailed(serial: 5)
        #expect(backlog.client(ofCheck: 5) == nil)
        let again = backlog.admit(bytes: 100, to: ":1.3", isReply: false)
        #expect(again.check)
        backlog.forget(":1.3")
        #expect(backlog.unread(by: ":1.3") == 0)
    }

    @Test func eachClientStallsAndRecoversOnItsOwnWhateverTheOthersDo() {
        var backlog = ClientBacklog(limits: .init(maxUnread: 3_000, checkEvery: 1_000))
        for client in [":1.3", ":1.4", ":1.5"] {
            for _ in 0..<8 { _ = backlog.admit(bytes: 400, to: client, isReply: false) }
        }
        _ = backlog.admit(bytes: 400, to: ":1.6", isReply: false)
        #expect(Self.stalled([":1.3", ":1.4", ":1.5", ":1.6"], in: backlog) == [true, true, true, false])
        backlog.forget(":1.3")  // left while stalled
        let fourReads = backlog.measured(":1.4", queued: 0)
        #expect(fourReads)  // read again
        #expect(Self.stalled([":1.3", ":1.4", ":1.5"], in: backlog) == [false, false, true])
        backlog.forget(":1.4")  // left while served
        #expect(backlog.isStalled(":1.5"))
        let fiveReads = backlog.measured(":1.5", queued: 0)
        #expect(fiveReads)
        #expect(!backlog.isStalled(":1.5"))
        for _ in 0..<8 { _ = backlog.admit(bytes: 400, to: ":1.3", isReply: false) }  // the same name, new on the bus
        #expect(backlog.isStalled(":1.3"))
    }

    private static func stalled(_ clients: [String], in backlog: ClientBacklog) -> [Bool] {
        clients.map { backlog.isStalled($0) }
    }
}
