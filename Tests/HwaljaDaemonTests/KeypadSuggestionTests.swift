import HwaljaDBus
import HwaljaDaemon
import HwaljaTestSupport
import Testing

/// hwalja-keypad's row of suggestions where an InputContext1 client types (X11, KDE Plasma), in process:
/// hwaljad sends the focused input context's suggestions to the keypad that owns
/// `org.hwalja.Keypad` and accepts what is tapped there (issue #27).
struct KeypadSuggestionTests {
    typealias Harness = EngineServiceTests.Harness
    static let keypad = ":1.77"

    /// A service suggesting, with a keypad running as `keypad`.
    static func harness() -> Harness {
        let (harness, _) = DaemonSuggestionTests.harness(pickAddsSpace: true)
        harness.service.keypadLink = KeypadSuggestionLink(output: harness.log, keypad: keypad)
        return harness
    }

    /// The words of each `ShowSuggestions` among `messages` sent to the keypad.
    static func shownOnKeypad(_ messages: [BusMessage], keypad: String = keypad) -> [[String]] {
        messages.filter { $0.kind == .methodCall && $0.member == KeypadInterface.showSuggestions }.map { call in
            #expect(call.destination == keypad)
            #expect(call.noReplyExpected)
            guard case .array(_, let words)? = try? call.arguments().first else { return ["not (as)"] }
            return words.compactMap(\.stringValue)
        }
    }

    /// What each `FieldFocused` among `messages` said.
    static func focusSaid(_ messages: [BusMessage]) -> [Bool] {
        messages.filter { $0.kind == .methodCall && $0.member == KeypadInterface.fieldFocused }.map { call in
            (try? call.arguments().first) == .boolean(true)
        }
    }

    /// Types 감사 (4 1 2 0 0 8 1 2) into `path` as key presses and releases.
    static func type감사(_ harness: Harness, _ path: String) throws -> [BusMessage] {
        var sent: [BusMessage] = []
        for keysym: UInt32 in [0x34, 0x31, 0x32, 0x30, 0x30, 0x38, 0x31, 0x32] {
            for state: UInt32 in [0, 1 << 30] {
                sent += try harness.call(
                    ":1.5", path, EngineInterface.inputContextInterface, "ProcessKeyEvent",
                    [.uint32(keysym), .uint32(0), .uint32(state)])
            }
        }
        return sent
    }

    /// A tap on the keypad's row: `SuggestionChosen` from `sender`.
    static func tap(_ harness: Harness, index: UInt32, word: String, from sender: String = keypad) throws
        -> [BusMessage]
    {
        let signal = BusMessage.signal(
            path: KeypadInterface.path, interface: KeypadInterface.interface, member: KeypadInterface.suggestionChosen)
        try signal.append([.uint32(index), .string(word)])
        signal.setSender(sender)
        _ = harness.service.handle(signal)
        return harness.log.take()
    }

    @Test func theFocusedFieldsSuggestionsShowOnTheKeypadAndATapThereTypesTheWord() throws {
        let harness = Self.harness()
        let path = try harness.createInputContext(":1.5")
        #expect(
            Self.focusSaid(try harness.call(":1.5", path, EngineInterface.inputContextInterface, "FocusIn")) == [true])
        #expect(Self.shownOnKeypad(try Self.type감사(harness, path)).last == ["감사합니다", "감사해요"])
        let picked = try Self.tap(harness, index: 1, word: "감사해요")
        #expect(Harness.described(picked).prefix(2) == ["CommitText 감사해요 ", "UpdatePreedit "])
        #expect(picked.allSatisfy { $0.kind != .signal || $0.destination == ":1.5" })
        #expect(Self.shownOnKeypad(picked) == [[]])  // the word ended: nothing to complete
        // Losing the focus empties the row, and the keypad knows no field of hwalja's has it.
        _ = try Self.type감사(harness, path)
        let lost = try harness.call(":1.5", path, EngineInterface.inputContextInterface, "FocusOut")
        #expect(Self.shownOnKeypad(lost) == [[]])
        #expect(Self.focusSaid(lost) == [false])
    }

    @Test func aTapFromAnotherProgramOrOfAWordNoLongerShownDoesNothing() throws {
        let harness = Self.harness()
        let path = try harness.createInputContext(":1.5")
        _ = try harness.call(":1.5", path, EngineInterface.inputContextInterface, "FocusIn")
        _ = try Self.type감사(harness, path)
        #expect(try Self.tap(harness, index: 0, word: "감사합니다", from: ":1.66").isEmpty)  // not the keypad's name
        #expect(try Self.tap(harness, index: 0, word: "감사해요").isEmpty)  // index 0 is 감사합니다
        #expect(try Self.tap(harness, index: 5, word: "감사해요").isEmpty)
        #expect(Harness.described(try Self.tap(harness, index: 0, word: "감사합니다")).first == "CommitText 감사합니다 ")
    }

    /// The keypad follows the focus: a field that lost it (even late, after another got it) no
    /// longer empties the row or takes taps; a reset keeps the focus where it was.
    @Test func theRowFollowsTheFocusFromFieldToField() throws {
        let harness = Self.harness()
        let first = try harness.createInputContext(":1.5")
        let second = try harness.createInputContext(":1.5")
        _ = try harness.call(":1.5", first, EngineInterface.inputContextInterface, "FocusIn")
        _ = try Self.type감사(harness, first)
        #expect(
            Self.shownOnKeypad(try harness.call(":1.5", second, EngineInterface.inputContextInterface, "FocusIn")) == [
                []
            ])
        #expect(Self.shownOnKeypad(try Self.type감사(harness, second)).last == ["감사합니다", "감사해요"])
        #expect(
            Self.shownOnKeypad(try harness.call(":1.5", first, EngineInterface.inputContextInterface, "FocusOut"))
                .isEmpty)
        // A tap goes to the second field, whose 감사 becomes the word.
        #expect(Harness.described(try Self.tap(harness, index: 0, word: "감사합니다")).first == "CommitText 감사합니다 ")
        _ = try harness.call(":1.5", second, EngineInterface.inputContextInterface, "Reset")
        #expect(Self.shownOnKeypad(try Self.type감사(harness, second)).last == ["감사합니다", "감사해요"])
        _ = try harness.call(":1.5", second, EngineInterface.inputContextInterface, "FocusOut")
        #expect(try Self.tap(harness, index: 0, word: "감사합니다").isEmpty)  // no field has the focus
    }

    @Test func nothingGoesToTheKeypadOnceItLeavesNorForAFieldWithoutTheFocus() throws {
        let harness = Self.harness()
        let unfocused = try harness.createInputContext(":1.5")
        #expect(Self.shownOnKeypad(try Self.type감사(harness, unfocused)).isEmpty)
        let path = try harness.createInputContext(":1.5")
        _ = try harness.call(":1.5", path, EngineInterface.inputContextInterface, "FocusIn")
        let gone = BusMessage.signal(
            path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "NameOwnerChanged")
        try gone.append([.string(KeypadInterface.busName), .string(Self.keypad), .string("")])
        gone.setSender("org.freedesktop.DBus")
        _ = harness.service.handle(gone)
        #expect(Self.shownOnKeypad(try Self.type감사(harness, path)).isEmpty)
        // A keypad again, then the focused field's client leaves.
        let back = BusMessage.signal(
            path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "NameOwnerChanged")
        try back.append([.string(KeypadInterface.busName), .string(""), .string(":1.78")])
        back.setSender("org.freedesktop.DBus")
        _ = harness.service.handle(back)
        // The keypad that came is told at once that a field has the focus, and what it suggests.
        let told = harness.log.take()
        #expect(Self.focusSaid(told) == [true])
        #expect(Self.shownOnKeypad(told, keypad: ":1.78") == [["감사합니다", "감사해요"]])
        let another = try harness.createInputContext(":1.5")
        _ = try harness.call(":1.5", another, EngineInterface.inputContextInterface, "FocusIn")
        #expect(Self.shownOnKeypad(try Self.type감사(harness, another), keypad: ":1.78").last == ["감사합니다", "감사해요"])
        harness.service.clientLeft(":1.5")
        #expect(Self.shownOnKeypad(harness.log.take(), keypad: ":1.78") == [[]])
    }
}

/// The keypad's 漢 where an InputContext1 client types (X11, KDE Plasma), in process: hwaljad
/// says whether the focused field's word converts (`ShowConversion`), and a tap on 漢 from the
/// keypad (`ConversionChosen`) opens the field's list as F9 would.
struct KeypadConversionTests {
    typealias Harness = EngineServiceTests.Harness

    /// What each `ShowConversion` among `messages` said.
    static func conversionSaid(_ messages: [BusMessage]) -> [Bool] {
        messages.filter { $0.kind == .methodCall && $0.member == KeypadInterface.showConversion }.map { call in
            #expect(call.destination == KeypadSuggestionTests.keypad)
            return (try? call.arguments().first) == .boolean(true)
        }
    }

    /// A tap on 漢 from `sender`.
    static func tap(_ harness: Harness, from sender: String) -> [BusMessage] {
        tapList(harness, KeypadInterface.conversionChosen, from: sender)
    }

    @Test func hanjaShowsWhileTheWordConvertsAndATapOpensTheList() throws {
        let harness = Harness(hanja: DaemonHanjaTests.conversions())
        harness.service.keypadLink = KeypadSuggestionLink(output: harness.log, keypad: KeypadSuggestionTests.keypad)
        let path = try harness.createInputContext(":1.5")
        _ = try harness.call(":1.5", path, EngineInterface.inputContextInterface, "FocusIn")
        func press(_ keysym: UInt32) throws -> [BusMessage] {
            try [0, 1 << 30].flatMap { state in
                try harness.call(
                    ":1.5", path, EngineInterface.inputContextInterface, "ProcessKeyEvent",
                    [.uint32(keysym), .uint32(0), .uint32(state)])
            }
        }
        var said: [Bool] = []
        for keysym: UInt32 in [0x38, 0x38, 0x31, 0x32] { said += Self.conversionSaid(try press(keysym)) }  // 하
        #expect(said == [], "하 converts to nothing in the excerpt: 漢 stays hidden")
        #expect(Self.conversionSaid(try press(0x34)) == [true])  // 학
        #expect(Self.tap(harness, from: ":1.99").isEmpty, "another program's tap does nothing")
        let opened = Self.tap(harness, from: KeypadSuggestionTests.keypad)
        #expect(DaemonHanjaTests.candidates(opened)?.texts == ["學", "鶴", "虐"])
        #expect(opened.allSatisfy { $0.destination == ":1.5" || $0.destination == KeypadSuggestionTests.keypad })
        let picked = try press(0x31)  // 1: 學
        #expect(Harness.described(picked).contains("CommitText 學"), "\(Harness.described(picked))")
        #expect(Self.conversionSaid(picked) == [false], "the word ended")
    }

    /// What each `ShowCandidates` among `messages` showed on the keypad: its candidates' texts
    /// (none: the list closed).
    static func listShown(_ messages: [BusMessage]) -> [[String]] {
        messages.filter { $0.kind == .methodCall && $0.member == KeypadInterface.showCandidates }.map { call in
            #expect(call.destination == KeypadSuggestionTests.keypad)
            #expect(call.noReplyExpected)
            return CandidatesSignal(values: (try? call.arguments()) ?? [])?.texts ?? ["not (a(ss)uu)"]
        }
    }

    /// A tap on 漢 or the keypad's list: signal `member` with `values` from `sender`.
    static func tapList(
        _ harness: Harness, _ member: String, _ values: [BusValue] = [],
        from sender: String = KeypadSuggestionTests.keypad
    ) -> [BusMessage] {
        let signal = BusMessage.signal(path: KeypadInterface.path, interface: KeypadInterface.interface, member: member)
        #expect((try? signal.append(values)) != nil)
        signal.setSender(sender)
        _ = harness.service.handle(signal)
        return harness.log.take()
    }

    /// 漢 tapped: the list shows in the keypad's keys' place (`ShowCandidates`), and a tap there
    /// picks a candidate the page still shows, or closes the list with the word left as it was.
    @Test func theListShowsOnTheKeypadWhereATapPicksOrClosesIt() throws {
        let harness = Harness(hanja: DaemonHanjaTests.conversions())
        harness.service.keypadLink = KeypadSuggestionLink(output: harness.log, keypad: KeypadSuggestionTests.keypad)
        let path = try harness.createInputContext(":1.5")
        _ = try harness.call(":1.5", path, EngineInterface.inputContextInterface, "FocusIn")
        for keysym: UInt32 in [0x38, 0x38, 0x31, 0x32, 0x34] {  // 학
            for state: UInt32 in [0, 1 << 30] {
                _ = try harness.call(
                    ":1.5", path, EngineInterface.inputContextInterface, "ProcessKeyEvent",
                    [.uint32(keysym), .uint32(0), .uint32(state)])
            }
        }
        #expect(Self.listShown(Self.tap(harness, from: KeypadSuggestionTests.keypad)) == [["學", "鶴", "虐"]])
        let stale = Self.tapList(harness, KeypadInterface.candidateChosen, [.uint32(1), .string("學")])
        #expect(stale.isEmpty, "鶴 is second, not 學: a tap on a page no longer shown does nothing")
        let foreign = Self.tapList(
            harness, KeypadInterface.candidateChosen, [.uint32(0), .string("學")], from: ":1.99")
        #expect(foreign.isEmpty, "another program's tap does nothing")
        let closed = Self.tapList(harness, KeypadInterface.candidatesClosed)
        #expect(Self.listShown(closed) == [[]])
        #expect(DaemonHanjaTests.candidates(closed)?.texts == [], "the client's list closed too")
        #expect(!Harness.described(closed).contains { $0.hasPrefix("CommitText") }, "학 stays as it was")
        #expect(Self.listShown(Self.tap(harness, from: KeypadSuggestionTests.keypad)) == [["學", "鶴", "虐"]])
        let picked = Self.tapList(harness, KeypadInterface.candidateChosen, [.uint32(0), .string("學")])
        #expect(Harness.described(picked).contains("CommitText 學"), "\(Harness.described(picked))")
        #expect(Self.listShown(picked) == [[]])
    }

    /// ‹ › on the keypad turn the list (`CandidatePageTurned`), and so does the field's own
    /// `TurnCandidatePage`, the keypad following: ㅁ's twelve symbols, two pages.
    @Test func theKeypadsPageFollowsTurnsFromEitherSide() throws {
        let harness = Harness(hanja: DaemonHanjaTests.conversions())
        harness.service.keypadLink = KeypadSuggestionLink(output: harness.log, keypad: KeypadSuggestionTests.keypad)
        let path = try harness.createInputContext(":1.5")
        _ = try harness.call(":1.5", path, EngineInterface.inputContextInterface, "FocusIn")
        for keysym: UInt32 in [0x30, 0x30] {  // ㅁ
            for state: UInt32 in [0, 1 << 30] {
                _ = try harness.call(
                    ":1.5", path, EngineInterface.inputContextInterface, "ProcessKeyEvent",
                    [.uint32(keysym), .uint32(0), .uint32(state)])
            }
        }
        let firstPage = ["＃", "＆", "＊", "＠", "§", "※", "☆", "★", "○"]
        #expect(
            Self.listShown(Self.tap(harness, from: KeypadSuggestionTests.keypad)).first?.prefix(9) == firstPage[...])
        let turned = Self.tapList(harness, KeypadInterface.candidatePageTurned, [.int32(1)])
        #expect(Self.listShown(turned).first?.first == "●", "\(Self.listShown(turned))")
        let back = try harness.call(
            ":1.5", path, EngineInterface.inputContextInterface, "TurnCandidatePage", [.int32(-1)])
        #expect(Self.listShown(back + harness.log.take()) == [firstPage])
    }

    /// A keypad that starts mid-word is told at once that the word converts (it is worked out
    /// then, not remembered from before); losing the focus hides 漢.
    @Test func aKeypadThatStartsIsToldAndTheFocusLeavingHidesHanja() throws {
        let harness = Harness(hanja: DaemonHanjaTests.conversions())
        harness.service.keypadLink = KeypadSuggestionLink(output: harness.log, keypad: nil)
        let path = try harness.createInputContext(":1.5")
        _ = try harness.call(":1.5", path, EngineInterface.inputContextInterface, "FocusIn")
        var said: [Bool] = []
        for keysym: UInt32 in [0x38, 0x38, 0x31, 0x32, 0x34] {  // 학, no keypad running
            for state: UInt32 in [0, 1 << 30] {
                said += Self.conversionSaid(
                    try harness.call(
                        ":1.5", path, EngineInterface.inputContextInterface, "ProcessKeyEvent",
                        [.uint32(keysym), .uint32(0), .uint32(state)]))
            }
        }
        #expect(said == [], "nothing sent while no keypad runs")
        let started = BusMessage.signal(
            path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "NameOwnerChanged")
        try started.append([.string(KeypadInterface.busName), .string(""), .string(KeypadSuggestionTests.keypad)])
        started.setSender("org.freedesktop.DBus")
        _ = harness.service.handle(started)
        #expect(Self.conversionSaid(harness.log.take()) == [true])
        let left = try harness.call(":1.5", path, EngineInterface.inputContextInterface, "FocusOut")
        #expect(Self.conversionSaid(left) == [false])
    }
}
