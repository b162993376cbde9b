import HwaljaCore
import HwaljaReplay
import Testing

struct KeystrokeLogTests {
    @Test func readsNamesDigitsAndComments() throws {
        let log = try KeystrokeLog(parsing: "# 안\n0 ㅣ 2   # ㅇ ㅣ ㆍ\nㄴㄹ\n\nNEXT BS ENTER SPACE PUNCT\n")
        #expect(
            log.events == [
                .tap(.ieungMieum), .tap(.in), .tap(.cheon), .tap(.nieunRieul),
                .tap(.next), .tap(.backspace), .tap(.enter), .tap(.space), .tap(.punctuation),
            ])
    }

    @Test func readsATimedLog() throws {
        let log = try KeystrokeLog(parsing: "0 down 4\n80 up ㄱㅋ\n# held\n100 down BS\n900 up BS\n")
        #expect(
            log.events == [
                .down(.giyeokKieuk, at: 0), .up(.giyeokKieuk, at: 80), .down(.backspace, at: 100), .up(.backspace, at: 900),
            ])
    }

    @Test func namesTheUnknownTokenAndItsLine() {
        #expect(throws: KeystrokeLogError.unknownKey(token: "ㄱ", line: 2)) {
            try KeystrokeLog(parsing: "0 1 2\nㄱ 5\n")
        }
        #expect(throws: KeystrokeLogError.unknownKey(token: "X", line: 1)) {
            try KeystrokeLog(parsing: "10 down X")
        }
    }

    @Test func refusesAMixedOrBackwardsTimedLog() {
        #expect(throws: KeystrokeLogError.malformedTimedLine(line: 2, text: "ㄱㅋ ㅣ")) {
            try KeystrokeLog(parsing: "0 down 4\nㄱㅋ ㅣ")
        }
        #expect(throws: KeystrokeLogError.timeWentBackwards(line: 2, time: 5, previous: 10)) {
            try KeystrokeLog(parsing: "10 down 4\n5 up 4")
        }
    }
}
