import HwaljaCore
import HwaljaReplay
import Testing

struct KeystrokeLogTests {
    @Test func readsNamesDigitsAndComments() throws {
        let log = try KeystrokeLog(parsing: "# 안\n0 ㅣ 2   # ㅇ ㅣ ㆍ\nㄴㄹ\n\nNEXT BS ENTER SPACE PUNCT\n")
        #expect(
            log.events == [
                .tap(.ieungMieum), .tap(.in), .tap(.cheon), .tap(.nieunRieul),
                .tap(.next), .tap(.backspace), .tap(.enter), .tap(.space), .tap(.punctuation)
            ])
    }

    @Test func readsATimedLog() throws {
        let log = try KeystrokeLog(parsing: "0 down 4\n80 up ㄱㅋ\n# held\n100 down BS\n900 up BS\n")
        #expect(
            log.events == [
                .down(.giyeokKieuk, at: 0), .up(.giyeokKieuk, at: 80), .down(.backspace, at: 100),
                .up(.backspace, at: 900)
            ])
    }

    @Test func pickTakesASuggestionsNumberOnItsLine() throws {
        let log = try KeystrokeLog(parsing: "4 1 2 PICK 2\nPICK 1 SPACE\n")
        #expect(log.events == [.tap(.giyeokKieuk), .tap(.in), .tap(.cheon), .pick(1), .pick(0), .tap(.space)])
        #expect(throws: KeystrokeLogError.malformedPick(line: 1, token: "0")) { try KeystrokeLog(parsing: "4 PICK 0") }
        #expect(throws: KeystrokeLogError.malformedPick(line: 1, token: "")) {
            try KeystrokeLog(parsing: "4 1 2 PICK\n1")
        }
        #expect(throws: KeystrokeLogError.malformedTimedLine(line: 2, text: "10 PICK 1")) {
            try KeystrokeLog(parsing: "0 down 4\n10 PICK 1")
        }
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

    @Test func refusesTimesOutsideZeroToTheDocumentedMaximum() throws {
        #expect(KeystrokeLog.maximumTime == 2_147_483_647)
        #expect(try KeystrokeLog(parsing: "2147483647 down 4").events == [.down(.giyeokKieuk, at: 2_147_483_647)])
        #expect(throws: KeystrokeLogError.timeOutOfRange(line: 2, token: "2147483648")) {
            try KeystrokeLog(parsing: "0 down 4\n2147483648 up 4")
        }
        #expect(throws: KeystrokeLogError.timeOutOfRange(line: 1, token: "-1")) {
            try KeystrokeLog(parsing: "-1 down 4")
        }
        let huge = String(repeating: "9", count: 40)
        #expect(throws: KeystrokeLogError.timeOutOfRange(line: 1, token: huge)) {
            try KeystrokeLog(parsing: "\(huge) up 4")
        }
    }

    @Test func readsLogsWithWindowsLineEnds() throws {
        let timed = try KeystrokeLog(parsing: "# held\r\n0 down 4\r\n80 up ㄱㅋ\r\n\r\n100 down BS\r\n900 up BS\r\n")
        #expect(
            timed.events == [
                .down(.giyeokKieuk, at: 0), .up(.giyeokKieuk, at: 80), .down(.backspace, at: 100),
                .up(.backspace, at: 900)
            ])
        let untimed = try KeystrokeLog(parsing: "0 1\r\n2 5 # 안\r\n")
        #expect(untimed.events == [.tap(.ieungMieum), .tap(.in), .tap(.cheon), .tap(.nieunRieul)])
        #expect(throws: KeystrokeLogError.unknownKey(token: "ㄱ", line: 3)) {
            try KeystrokeLog(parsing: "0 1\r\n2\r\nㄱ\r\n")
        }
        #expect(throws: KeystrokeLogError.timeWentBackwards(line: 2, time: 5, previous: 10)) {
            try KeystrokeLog(parsing: "10 down 4\r\n5 up 4\r\n")
        }
    }

    /// The reader gets a log in chunks of any size, cut anywhere, even inside a character or
    /// between "\r" and "\n", and reads the same events as from the whole text.
    @Test(arguments: [1, 2, 3, 5, 64])
    func chunksCutAnywhereReadTheSame(size: Int) throws {
        let logs: [(text: String, events: [KeystrokeLog.Event])] = [
            (
                "# 안\n0 ㅣ 2   # ㅇ ㅣ ㆍ\nㄴㄹ\n\nNEXT BS\n",
                [.tap(.ieungMieum), .tap(.in), .tap(.cheon), .tap(.nieunRieul), .tap(.next), .tap(.backspace)]
            ),
            (
                "# held\r\n0 down 4\r\n80 up ㄱㅋ\r\n\r\n100 down BS\r\n900 up BS",
                [
                    .down(.giyeokKieuk, at: 0), .up(.giyeokKieuk, at: 80), .down(.backspace, at: 100),
                    .up(.backspace, at: 900)
                ]
            )
        ]
        for (text, expected) in logs {
            var bytes = Array(text.utf8)[...]
            var reader = KeystrokeLogReader {
                guard !bytes.isEmpty else { return nil }
                defer { bytes = bytes.dropFirst(size) }
                return Array(bytes.prefix(size))
            }
            var events: [KeystrokeLog.Event] = []
            while let event = try reader.next() { events.append(event) }
            #expect(events == expected, "\(text)")
        }
    }
}
