import HwaljaCore
import HwaljaDBus
import HwaljaIBus
import HwaljaLexicon
import HwaljaRuntime
import HwaljaSession
import HwaljaTestSupport
import HwaljaTyping
import Testing

/// The IBus adapter in process, as ibus-daemon drives it, with a manual clock: no bus, no
/// sleeping. (IBusEndToEndTests keep the real ibus-daemon.)
struct IBusEngineAdapterTests {
    /// ibus-daemon and one application, kept from the engine's signals and replies.
    final class Daemon {
        let log = MessageLog()
        let clock = ManualClock()
        var settings: (HwaljaSettings, Keymap)? = nil
        /// What the adapter last asked for: settings read even if the file did not change.
        var readAlways: Bool?
        private(set) var adapter: IBusEngineAdapter!
        private var serial: UInt32 = 0
        /// The application's text and the preedit shown after it.
        var text = ""
        var preedit = ""
        /// The preedit as ibus-daemon last had it from the engine.
        var daemonPreedit = ""
        /// The lookup table's candidates as the panel shows them (none when hidden).
        var candidates: [String] = []
        /// The lookup table's cursor, if it shows one.
        var cursor: Int?
        /// The auxiliary text the panel shows (empty when hidden).
        var auxiliary = ""
        /// The signals the engine sent before its last reply, in order.
        var signalsBeforeReply: [String] = []
        /// What the client was asked to delete, in order (just before its cursor, else a note
        /// saying where).
        var deleted: [String] = []

        init(settings: HwaljaSettings = HwaljaSettings()) {
            adapter = IBusEngineAdapter(
                output: log, clock: clock, tables: LayoutTables(inMemory: Array(committedTables.values)),
                settings: settings, keymap: .phone,
                readSettings: { [unowned self] onlyIfChanged in
                    readAlways = !onlyIfChanged
                    if let (settings, keymap) = self.settings { adapter.apply(settings, keymap: keymap) }
                })
            adapter.afterTimer = { [unowned self] in apply(log.take()) }
            adapter.writeSoon = { [unowned self] in apply(log.take()) }
        }

        /// Calls `member` on `path`; returns the reply's arguments, applying the signals before it.
        @discardableResult
        func call(_ path: String, _ interface: String, _ member: String, _ values: [BusValue] = []) throws -> [BusValue]
        {
            serial += 1
            let call = try BusMessage.incomingCall(
                sender: ":1.0", serial: serial, path: path, interface: interface, member: member, values)
            #expect(adapter.handle(call))
            let sent = log.take()
            // The signals before the reply, then the reply; after it only the suggestions (looked
            // up once the key is answered).
            guard let index = sent.firstIndex(where: { $0.kind == .methodReturn || $0.kind == .error }),
                sent[index].kind == .methodReturn
            else {
                throw TestSetupError("\(member): \(sent.last?.errorName ?? "no reply")")
            }
            apply(sent[..<index])
            signalsBeforeReply = sent[..<index].compactMap(\.member)
            let after = sent[(index + 1)...]
            #expect(
                after.allSatisfy { $0.member == "UpdateLookupTable" || $0.member == "HideLookupTable" },
                "after the reply: \(after.map(\.member))")
            apply(after)
            return try sent[index].arguments()
        }

        func createEngine(_ name: String) throws -> String {
            try call(IBusEngineAdapter.factoryPath, "org.freedesktop.IBus.Factory", "CreateEngine", [.string(name)])[0]
                .stringValue ?? ""
        }

        /// A key event with IBus's modifier `state` (4: Control); returns `handled`, and applies an
        /// unhandled press as the application does (a shortcut does nothing to the text).
        @discardableResult
        func key(_ path: String, _ keysym: UInt32, release: Bool = false, state: UInt32 = 0) throws -> Bool {
            let handled = try call(
                path, IBusEngineAdapter.engineInterface, "ProcessKeyEvent",
                [.uint32(keysym), .uint32(0), .uint32(state | (release ? 1 << 30 : 0))])
            guard case .boolean(let used) = handled.first else {
                throw TestSetupError("ProcessKeyEvent answered \(handled)")
            }
            if !used && !release && state == 0 { applyKey(keysym) }
            return used
        }

        /// The application's field loses focus: it commits the preedit it shows (IBus's commit mode).
        func focusOut(_ path: String) throws {
            try call(path, IBusEngineAdapter.engineInterface, "FocusOut")
            text += preedit
            preedit = ""
        }

        /// The client's capabilities (IBUS_CAP_* bits).
        func capabilities(_ path: String, _ bits: UInt32) throws {
            try call(path, IBusEngineAdapter.engineInterface, "SetCapabilities", [.uint32(bits)])
        }

        /// The client reports its text, the cursor at its end.
        func reportText(_ path: String) throws {
            let length = UInt32(text.unicodeScalars.count)
            try call(
                path, IBusEngineAdapter.engineInterface, "SetSurroundingText",
                [IBusText.variant(text), .uint32(length), .uint32(length)])
        }

        /// The client commits the preedit it shows, as GTK 3 and Qt do on a click before resetting
        /// (ibus-daemon keeps its copy).
        func commitPreeditInClient() {
            text += preedit
            preedit = ""
        }

        /// The application resets the field; ibus-daemon first commits the preedit shown in commit
        /// mode (`daemonCommits`: a client without ClientCommitPreedit) or clears it.
        func reset(_ path: String, daemonCommits: Bool) throws {
            if daemonCommits { text += daemonPreedit }
            preedit = ""
            daemonPreedit = ""
            try call(path, IBusEngineAdapter.engineInterface, "Reset")
        }

        /// Taps keys by their keysyms.
        func tap(_ path: String, _ keysyms: [UInt32]) throws {
            for keysym in keysyms {
                try key(path, keysym)
                try key(path, keysym, release: true)
            }
        }

        private func apply(_ signals: some Sequence<BusMessage>) {
            for signal in signals {
                let arguments = (try? signal.arguments()) ?? []
                switch signal.member {
                case "CommitText": text += IBusText.text(of: arguments[0]) ?? ""
                case "UpdatePreeditText":
                    preedit = IBusText.text(of: arguments[0]) ?? ""
                    daemonPreedit = preedit
                case "UpdateLookupTable":
                    guard case .variant(.structure(let fields)) = arguments[0], fields.count == 9,
                        fields[0] == .string("IBusLookupTable"),
                        case .array(_, let texts) = fields[7]
                    else {
                        Issue.record("malformed lookup table \(arguments)")
                        break
                    }
                    candidates = texts.compactMap { IBusText.text(of: $0) }
                    if case .uint32(let position) = fields[3], case .boolean(let shown) = fields[4] {
                        cursor = shown ? Int(position) : nil
                    }
                case "HideLookupTable": candidates = []
                case "UpdateAuxiliaryText": auxiliary = IBusText.text(of: arguments[0]) ?? ""
                case "HideAuxiliaryText": auxiliary = ""
                case "DeleteSurroundingText":
                    // The cursor is at the end of the text: only what is just before it can go.
                    if case .int32(let offset) = arguments[0], case .uint32(let count) = arguments[1],
                        offset == -Int32(count)
                    {
                        deleted.append(String(String.UnicodeScalarView(text.unicodeScalars.suffix(Int(count)))))
                        text.unicodeScalars.removeLast(Int(count))
                    } else {
                        deleted.append("(not before the cursor: \(arguments))")
                    }
                case "ForwardKeyEvent":
                    if case .uint32(let keysym) = arguments[0], case .uint32(let state) = arguments[2],
                        state & (1 << 30) == 0
                    {
                        applyKey(keysym)
                    }
                default: break
                }
            }
        }

        private func applyKey(_ keysym: UInt32) {
            if keysym == Self.backSpace, !text.isEmpty { text.removeLast() }
            if keysym == Self.return { text += "\n" }
            if (0x20...0x7e).contains(keysym), let character = Unicode.Scalar(keysym) { text += String(character) }
        }

        static let `return`: UInt32 = 0xff0d

        static let backSpace: UInt32 = 0xff08
    }

    // Keysyms: the number row's digits are their ASCII codes.
    static func digits(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    @Test func bothEnginesTypeEachByItsKeymap() throws {
        let ibus = Daemon()
        let phone = try ibus.createEngine("hwalja")
        try ibus.tap(phone, Self.digits("0125"))  // ㅇ ㅣ ㆍ ㄴ
        #expect(ibus.preedit == "안")
        let keypad = try ibus.createEngine("hwalja-keypad")
        try ibus.tap(keypad, [0xffb0, 0xffb7, 0xffb8, 0xffb5])  // keypad 0 7 8 5: ㅇ ㅣ ㆍ ㄴ by position
        #expect(ibus.preedit == "안")
        #expect(throws: TestSetupError.self) { try ibus.createEngine("hwalja-qwerty") }
    }

    @Test func aKeyNotUsedAfterASyllableIsHandedBackAfterIt() throws {
        // IBus's XIM server (xterm, alacritty, Wine) applies a key answered as not used at once,
        // and the signals sent with it only after: 한 then Return came out as ⏎한. Answered as
        // used and forwarded after the commit, Return lands after 한 whoever applies what first.
        let ibus = Daemon()
        let engine = try ibus.createEngine("hwalja")
        try ibus.capabilities(engine, 8)  // ibus-x11's: focus only (xterm's root style)
        try ibus.tap(engine, Self.digits("8812"))  // 하
        #expect(try ibus.key(engine, Daemon.return))
        #expect(ibus.signalsBeforeReply == ["CommitText", "UpdatePreeditText", "ForwardKeyEvent"])
        #expect(try !ibus.key(engine, Daemon.return, release: true), "the release is the application's")
        #expect(ibus.text == "하\n")
        // With nothing composing there is nothing to overtake: Return is simply not used.
        #expect(try !ibus.key(engine, Daemon.return))
        #expect(ibus.signalsBeforeReply.isEmpty)
        // A key hwalja does not use (a Latin letter) after a syllable comes back after it too.
        try ibus.tap(engine, Self.digits("8812"))
        #expect(try ibus.key(engine, 0x61))
        #expect(ibus.signalsBeforeReply == ["CommitText", "UpdatePreeditText", "ForwardKeyEvent"])
        #expect(ibus.text == "하\n\n하a")
        // GTK's module (its capabilities say it reports its text and answers keys synchronously)
        // keeps the order itself, and GTK 4's drops forwarded keys: Return is answered as not used.
        try ibus.capabilities(engine, 169)
        try ibus.tap(engine, Self.digits("8812"))
        #expect(try !ibus.key(engine, Daemon.return))
        #expect(ibus.signalsBeforeReply == ["CommitText", "UpdatePreeditText"])
        #expect(ibus.text == "하\n\n하a하\n")
    }

    /// A shortcut (Ctrl+C) after a syllable commits it and goes to the application, press and
    /// release, as does Ctrl with one of hwalja's keys; a Latin letter between two syllables is
    /// typed between them.
    @Test func shortcutsAndOtherKeysFinishTheSyllableAndPass() throws {
        let ibus = Daemon()
        let engine = try ibus.createEngine("hwalja")
        try ibus.capabilities(engine, 169)  // GTK's module: keys it does not use come back unused
        try ibus.tap(engine, Self.digits("412"))
        #expect(try !ibus.key(engine, 0x61))
        try ibus.key(engine, 0x61, release: true)
        try ibus.tap(engine, Self.digits("412"))
        #expect(try !ibus.key(engine, 0x63, state: 4), "Ctrl+C is the application's")
        #expect(try !ibus.key(engine, 0x63, release: true, state: 4))
        #expect(try !ibus.key(engine, 0x34, state: 4), "Ctrl+4 is a shortcut, not ㄱ")
        #expect(ibus.text == "가a가")
        #expect(ibus.preedit == "")
    }

    /// Keys typed, by phone digit (4 = ㄱㅋ) or BS, SPACE; what the application then holds and
    /// shows; and whether backspace took back text it had been given.
    struct Slip: Sendable, CustomStringConvertible {
        var keys: String
        var text: String
        var preedit = ""
        var takesBack = true

        var description: String { keys }

        var keysyms: [UInt32] {
            keys.split(separator: " ").map {
                ["BS": Daemon.backSpace, "SPACE": 0x20][String($0)] ?? digits(String($0))[0]
            }
        }
    }

    /// Typos made and put right in the middle of a word, as people write it.
    static let slips = [
        Slip(keys: "0 1 2 BS", text: "", preedit: "이", takesBack: false),  // 아 ← 이 + ㆍ: back to 이
        Slip(keys: "8 8 1 2 6 1 2 BS BS", text: "", preedit: "핟"),  // 하다, back to 핟
        Slip(keys: "8 8 1 2 6 1 2 BS BS SPACE", text: "핟"),
        Slip(keys: "4 9 BS 1 2 SPACE", text: "가"),  // ㄱ ㅈ: the ㅈ was meant to be ㅏ
        Slip(keys: "4 1 3 BS 8 SPACE", text: "깃"),  // 기 ㅡ: ㅅ instead
        Slip(keys: "0 4 BS 0 SPACE", text: "ㅁ"),  // ㅇ ㄱ: ㅁ instead
        Slip(keys: "8 8 1 2 6 1 2 0 0 7 BS 1 SPACE", text: "하다미"),  // 하담ㅂ: 하다미
        // never through a boundary: BS deletes 시 (가) in the application
        Slip(keys: "8 1 SPACE BS", text: "", takesBack: false),
        Slip(keys: "4 1 2 SPACE BS 5 1 2 SPACE", text: "나", takesBack: false)
    ]

    /// An application that can delete (GTK, Qt: surrounding text in its capabilities) is asked to
    /// delete one character when backspace takes back what was committed; one that cannot
    /// (terminals, XIM) gets the same word from the preedit and is never asked.
    @Test(arguments: slips)
    func backspaceTakesBackCommittedTextOnlyFromAnApplicationThatCanDelete(_ slip: Slip) throws {
        for canDelete in [true, false] {
            let ibus = Daemon()
            let engine = try ibus.createEngine("hwalja")
            try ibus.capabilities(engine, canDelete ? Self.qtCapabilities : 0x09)
            try ibus.tap(engine, slip.keysyms)
            #expect(ibus.text == slip.text && ibus.preedit == slip.preedit, "\(slip), can delete: \(canDelete)")
            #expect(
                ibus.deleted.map(\.unicodeScalars.count) == (slip.takesBack && canDelete ? [1] : []),
                "\(slip), can delete: \(canDelete): \(ibus.deleted)")
        }
    }

    /// The field loses the focus mid-syllable (the client commits the preedit it shows) and gets
    /// it back: nothing is lost, nothing typed twice.
    @Test func focusChangesLoseNothing() throws {
        let ibus = Daemon()
        let engine = try ibus.createEngine("hwalja")
        try ibus.capabilities(engine, Self.gtkCapabilities)
        try ibus.tap(engine, Self.digits("412"))
        try ibus.focusOut(engine)
        try ibus.call(engine, IBusEngineAdapter.engineInterface, "FocusIn")
        try ibus.tap(engine, Self.digits("512") + [0x20])
        #expect(ibus.text == "가나")
        #expect(ibus.preedit == "")
    }

    @Test func aLongPressTypesTheDigitWhenTheClockComes() throws {
        let ibus = Daemon()
        let engine = try ibus.createEngine("hwalja")
        try ibus.tap(engine, Self.digits("412"))  // 가
        try ibus.key(engine, 0x30)  // 0 held: ㅇ at once (강), its digit instead at 500 ms
        ibus.clock.advance(by: 499)
        #expect(ibus.text + ibus.preedit == "강")
        ibus.clock.advance(by: 1)
        #expect(ibus.text + ibus.preedit == "가0")
        try ibus.key(engine, 0x30, release: true)
        try ibus.focusOut(engine)
        #expect(ibus.text == "가0")
    }

    /// A held BackSpace with nothing composing deletes once, then every 100 ms from 500 ms on
    /// (each repeat forwarded), and stops at the release.
    @Test func aHeldBackspaceIsForwardedOnlyForTheRepeatsTheTimerDeclined() throws {
        let ibus = Daemon()
        let engine = try ibus.createEngine("hwalja")
        ibus.text = "abcdefgh"
        #expect(try !ibus.key(engine, Daemon.backSpace))  // nothing composing: the application's, applied once
        #expect(ibus.text == "abcdefg")
        ibus.clock.advance(to: 499)
        #expect(ibus.text == "abcdefg")
        ibus.clock.advance(to: 500)  // the first repeat: forwarded
        #expect(ibus.text == "abcdef")
        ibus.clock.advance(to: 700)  // two more, 100 ms apart
        #expect(ibus.text == "abcd")
        try ibus.key(engine, Daemon.backSpace, release: true)
        ibus.clock.advance(to: 2000)
        #expect(ibus.text == "abcd", "the repeat went on after the release")
    }

    /// Enable (the user switched to hwalja) and FocusIn (to a field, perhaps back from hwalja's
    /// Preferences) read the settings again: Enable always, FocusIn only if the file changed.
    @Test(arguments: ["Enable", "FocusIn"])
    func enablingOrFocusingAnEngineReadsTheSettingsAgain(member: String) throws {
        let ibus = Daemon()
        let phone = try ibus.createEngine("hwalja")
        let keypad = try ibus.createEngine("hwalja-keypad")
        var changed = HwaljaSettings()
        changed.timing.longPress = 1000
        changed.keymap = "keypad-position"
        ibus.settings = (changed, .keypadPosition)
        try ibus.call(phone, IBusEngineAdapter.engineInterface, member)
        #expect(ibus.readAlways == (member == "Enable"))
        try ibus.tap(phone, [0xffb7])  // keypad 7: ㅣ by position now
        #expect(ibus.preedit == "ㅣ")
        try ibus.focusOut(phone)
        try ibus.key(keypad, 0xffb0)  // keypad 0 held: ㅇ at once, its digit at the new long press
        ibus.clock.advance(by: 999)
        #expect(ibus.text + ibus.preedit == "ㅣㅇ")
        ibus.clock.advance(by: 1)
        try ibus.key(keypad, 0xffb0, release: true)
        try ibus.focusOut(keypad)
        #expect(ibus.text == "ㅣ0")
    }

    // A click while 가 is composing, as each client does it (seen with ibus 1.5.27): 가 is kept
    // once, and ㅣ typed after it starts anew.
    static let gtkCapabilities: UInt32 = 0xa9  // preedit, focus, surrounding text, sync process key
    static let qtCapabilities: UInt32 = 0x29  // preedit, focus, surrounding text

    @Test func aClickInGTK3KeepsTheSyllableItCommitted() throws {
        let ibus = Daemon()
        let engine = try ibus.createEngine("hwalja")
        try ibus.capabilities(engine, Self.gtkCapabilities)
        try ibus.tap(engine, Self.digits("412"))
        try ibus.reportText(engine)
        ibus.commitPreeditInClient()
        try ibus.reportText(engine)
        try ibus.reset(engine, daemonCommits: false)
        try ibus.tap(engine, Self.digits("1"))
        try ibus.focusOut(engine)
        #expect(ibus.text == "가ㅣ")
    }

    @Test func aClickInGTK4CommitsTheSyllableTheClientDrops() throws {
        let ibus = Daemon()
        let engine = try ibus.createEngine("hwalja")
        try ibus.capabilities(engine, Self.gtkCapabilities)
        try ibus.tap(engine, Self.digits("4124"))  // 가 ㄱ: 각
        try ibus.tap(engine, [0xffab])  // NEXT (keypad +)
        try ibus.reportText(engine)  // 각, committed
        try ibus.tap(engine, Self.digits("412"))  // 가, the same syllable again: no report since
        try ibus.reset(engine, daemonCommits: false)
        try ibus.tap(engine, Self.digits("1"))
        try ibus.focusOut(engine)
        #expect(ibus.text == "각가ㅣ")
    }

    @Test func aClickInQtTakesBackTheDaemonsSecondCopy() throws {
        let ibus = Daemon()
        let engine = try ibus.createEngine("hwalja")
        try ibus.capabilities(engine, Self.qtCapabilities)
        try ibus.tap(engine, Self.digits("412"))
        ibus.commitPreeditInClient()
        try ibus.reportText(engine)
        try ibus.reset(engine, daemonCommits: true)
        #expect(ibus.text == "가가")
        try ibus.reportText(engine)
        #expect(ibus.text == "가")
        try ibus.tap(engine, Self.digits("1"))
        try ibus.reportText(engine)
        try ibus.focusOut(engine)
        #expect(ibus.text == "가ㅣ")
    }

    @Test func aResetInAClientWithoutSurroundingTextLeavesTheSyllableToTheDaemon() throws {
        let ibus = Daemon()
        let engine = try ibus.createEngine("hwalja")
        try ibus.capabilities(engine, 0x09)  // preedit, focus: an X client through XIM
        try ibus.tap(engine, Self.digits("412"))
        try ibus.reset(engine, daemonCommits: true)
        try ibus.tap(engine, Self.digits("1"))
        try ibus.focusOut(engine)
        #expect(ibus.text == "가ㅣ")
    }

    /// ibus-daemon and an engine suggesting 안녕하세요 and 안녕히, in that order, for 안.
    static func suggesting() throws -> Daemon {
        let ibus = Daemon()
        let lexicon = try LexiconFile.decode(
            LexiconFile.encode([
                LexiconEntry(keys: SamsungSpelling.keys(forWord: "안녕하세요"), score: 190),
                LexiconEntry(keys: SamsungSpelling.keys(forWord: "안녕히"), score: 140)
            ]))
        ibus.adapter.wordSuggestions = WordSuggestions(suggester: Suggester(lexicon: lexicon, table: committedTable))
        return ibus
    }

    @Test func suggestionsShowInTheLookupTableAndAClickPicksOne() throws {
        let ibus = try Self.suggesting()
        let engine = try ibus.createEngine("hwalja")
        try ibus.capabilities(engine, Self.gtkCapabilities)
        try ibus.tap(engine, Self.digits("0125"))  // 안
        #expect(ibus.candidates == ["안녕하세요", "안녕히"])
        try ibus.call(
            engine, IBusEngineAdapter.engineInterface, "CandidateClicked", [.uint32(1), .uint32(1), .uint32(0)])
        #expect(ibus.text == "안녕히 ")
        #expect(ibus.preedit == "")
        #expect(ibus.candidates == [])
    }

    /// F9 after 학교 lists its hanja in the lookup table, the highlighted one's meaning in the
    /// auxiliary text; 1 types the first, and the table goes.
    @Test func theConversionKeyListsHanjaAndADigitPicks() throws {
        let ibus = Daemon()
        ibus.adapter.hanja = HanjaConversions(
            load: {
                (
                    try? HanjaDictionary(HanjaBytes(HanjaExcerpt.hanja)),
                    try? HanjaDictionary(HanjaBytes(HanjaExcerpt.symbols))
                )
            }, log: { _ in })
        let engine = try ibus.createEngine("hwalja")
        try ibus.capabilities(engine, Self.gtkCapabilities)
        try ibus.tap(engine, Self.words("학교").dropLast(2))
        #expect(ibus.preedit == "교" && ibus.text == "학")
        try ibus.tap(engine, [0xFFC6])  // F9
        #expect(ibus.candidates == ["學校", "學敎", "學", "鶴", "虐"])
        #expect(ibus.cursor == 0)
        #expect(ibus.auxiliary == "배울 학, 학교 교")
        try ibus.tap(engine, [0xFF53])  // Right: the next one highlighted
        #expect(ibus.cursor == 1 && ibus.auxiliary == "배울 학, 가르칠 교")
        try ibus.tap(engine, Self.digits("1"))
        #expect(ibus.text == "學校" && ibus.preedit == "")
        #expect(ibus.candidates == [] && ibus.auxiliary == "")
        // ㅁ F9: its symbols, two pages; the panel's arrow turns the page, a click picks.
        try ibus.tap(engine, Self.digits("00") + [0xFFC6])
        #expect(ibus.candidates.count == 9 && ibus.auxiliary == "1/2")
        try ibus.call(engine, IBusEngineAdapter.engineInterface, "PageDown")
        #expect(ibus.candidates == ["●", "◎", "◇"] && ibus.auxiliary == "2/2")
        try ibus.call(
            engine, IBusEngineAdapter.engineInterface, "CandidateClicked", [.uint32(1), .uint32(1), .uint32(0)])
        #expect(ibus.text == "學校◎" && ibus.preedit == "")
    }

    /// The keysyms of `text`'s words on the number row (next-character on keypad +), each
    /// followed by two spaces (the first ends the syllable, the second types the blank).
    static func words(_ text: String) -> [UInt32] {
        text.split(separator: " ").flatMap { word in
            SamsungSpelling.keys(forWord: String(word)).map { key in
                key == .next ? 0xFFAB : KeyboardLayout.cheonjiin.digit(of: key)!.value
            } + [0x20, 0x20]
        }
    }

    /// Once a word ends, the lookup table shows the word typed after it before; a click types it
    /// spaced from the word (the space that ended it typed no blank) and predicts the next.
    @Test func theNextWordShowsOnceAWordEndsAndAClickTypesIt() throws {
        let ibus = try Self.suggesting()
        let engine = try ibus.createEngine("hwalja")
        try ibus.capabilities(engine, Self.gtkCapabilities)
        try ibus.tap(engine, Self.words("안녕하세요 반가워요 감사합니다"))
        try ibus.focusOut(engine)
        ibus.text = ""
        try ibus.tap(engine, Self.words("안녕하세요"))
        #expect(ibus.candidates == ["반가워요"])
        try ibus.call(
            engine, IBusEngineAdapter.engineInterface, "CandidateClicked", [.uint32(0), .uint32(1), .uint32(0)])
        #expect(ibus.text == "안녕하세요 반가워요 ")
        #expect(ibus.candidates == ["감사합니다"])  // after 안녕하세요 반가워요
    }

    @Test(arguments: [("gnome-shell", [String]()), ("gtk3-im:firefox-esr", ["안"])])
    func gnomeShellIsNeverAskedToDeleteAndAPickKeepsWhatItWasGiven(client: String, deleted: [String]) throws {
        // 안 NEXT 녀, 안 committed, then a pick. GNOME Shell hands IBus's count of characters on
        // as text-input-v3's count of bytes, which Chromium and foot read as bytes: 안 (3 bytes)
        // was not deleted, and 안안녕하세요 typed. There nothing is deleted: 안 stays, 녕하세요 follows.
        let ibus = try Self.suggesting()
        let engine = try ibus.createEngine("hwalja")
        // As ibus-daemon calls them: the capabilities when the engine is made, the client named
        // each time a field is focused.
        try ibus.capabilities(engine, 41)  // GNOME Shell's: preedit, focus, surrounding text
        try ibus.call(
            engine, IBusEngineAdapter.engineInterface, "FocusInId",
            [.string("/org/freedesktop/IBus/InputContext_7"), .string(client)])
        try ibus.tap(engine, Self.digits("0125") + [0xffab] + Self.digits("5221"))  // 안 NEXT 녀
        #expect(ibus.text == "안" && ibus.preedit == "녀")
        try ibus.call(
            engine, IBusEngineAdapter.engineInterface, "CandidateClicked", [.uint32(0), .uint32(1), .uint32(0)])
        #expect(ibus.text == "안녕하세요 ")
        #expect(ibus.deleted == deleted)
    }

    /// hwalja-keypad on X11 (issue #27): the focused engine's suggestions go to the keypad's row
    /// (`org.hwalja.Keypad1.ShowSuggestions`), and a tap there (`SuggestionChosen`) types the word.
    @Test func theFocusedEnginesSuggestionsShowOnTheKeypadAndATapThereTypesTheWord() throws {
        let ibus = try Self.suggesting()
        let keypad = MessageLog()
        let link = KeypadSuggestionLink(output: keypad, keypad: ":1.77")
        ibus.adapter.keypadLink = link
        let shown = { () throws -> [[BusValue]] in
            try keypad.take().filter { $0.member == KeypadInterface.showSuggestions && $0.destination == ":1.77" }.map {
                try $0.arguments()
            }
        }
        let unfocused = try ibus.createEngine("hwalja")
        try ibus.tap(unfocused, Self.digits("0125"))
        #expect(try shown().isEmpty)
        let engine = try ibus.createEngine("hwalja")
        try ibus.capabilities(engine, Self.gtkCapabilities)
        try ibus.call(engine, IBusEngineAdapter.engineInterface, "FocusIn")
        try ibus.tap(engine, Self.digits("0125"))  // 안
        #expect(try shown() == [[.stringArray(["안녕하세요", "안녕히"])]])
        let tapped = BusMessage.signal(
            path: KeypadInterface.path, interface: KeypadInterface.interface, member: KeypadInterface.suggestionChosen)
        try tapped.append([.uint32(1), .string("안녕히")])
        tapped.setSender(":1.77")
        #expect(link.handle(tapped))
        #expect(ibus.text == "안녕히 ")
        #expect(try shown() == [[.stringArray([])]])
        try ibus.tap(engine, Self.digits("0125"))
        try ibus.focusOut(engine)
        #expect(try shown() == [[.stringArray(["안녕하세요", "안녕히"])], [.stringArray([])]])
        // The engine's link, made in the background, comes after the field was focused: it tells
        // the keypad at once.
        try ibus.call(engine, IBusEngineAdapter.engineInterface, "FocusIn")
        try ibus.tap(engine, Self.digits("0125"))
        _ = keypad.take()
        ibus.adapter.keypadLink = KeypadSuggestionLink(output: keypad, keypad: ":1.78")
        let told = keypad.take().filter { $0.destination == ":1.78" }
        #expect(told.map(\.member) == [KeypadInterface.fieldFocused, KeypadInterface.showSuggestions])
        #expect(try told.map { try $0.arguments() } == [[.boolean(true)], [.stringArray(["안녕하세요", "안녕히"])]])
    }

    /// A field focused and typed into while no keypad runs leaves the hanja files unread: whether
    /// a word converts is asked only for a keypad to show 漢; once a keypad comes, they are read.
    @Test func theHanjaFilesAreReadForTheKeypadOnlyOnceOneRuns() throws {
        let ibus = Daemon()
        let hanja = HanjaConversions(load: { (nil, nil) }, log: { _ in })
        var reads = 0
        hanja.readInBackground = { _ in reads += 1 }
        ibus.adapter.hanja = hanja
        let keypad = MessageLog()
        ibus.adapter.keypadLink = KeypadSuggestionLink(output: keypad, keypad: nil)
        let engine = try ibus.createEngine("hwalja")
        try ibus.capabilities(engine, Self.gtkCapabilities)
        try ibus.call(engine, IBusEngineAdapter.engineInterface, "FocusIn")
        try ibus.tap(engine, Self.digits("0125"))  // 안
        #expect(reads == 0, "the hanja files were read with no keypad to show 漢")
        ibus.adapter.keypadLink = KeypadSuggestionLink(output: keypad, keypad: ":1.77")
        try ibus.tap(engine, Self.digits("4"))
        #expect(reads == 1)
    }

    /// One engine per layout, each with its layout's keypad map (phone positions; 천지인 플러스's
    /// second halves on Shift + digit); a long press types the digit at that position.
    @Test(arguments: [
        ("hwalja", [0x34, 0x31, 0x32, 0x37, 0x38] as [UInt32], "값"), ("hwalja-keypad", [0xFFB4, 0xFFB7, 0xFFB8], "가"),
        ("hwalja-naratgeul", [0x31, 0x33, 0x35, 0x2A, 0x37], "값"), ("hwalja-vega", [0x31, 0x33, 0x38, 0x37, 0x37], "값"),
        ("hwalja-cheonjiin-plus", [0x34, 0x31, 0x32, 0x37, 0x38], "값"),
        ("hwalja-cheonjiin-plus", [0x24, 0x24, 0x31, 0x32], "까")
    ])
    func everyLayoutHasItsEngine(engine: String, keysyms: [UInt32], text: String) throws {
        let daemon = Daemon()
        let path = try daemon.createEngine(engine)
        try daemon.call(path, IBusEngineAdapter.engineInterface, "FocusIn")
        try daemon.tap(path, keysyms)
        #expect(daemon.text + daemon.preedit == text)
    }

    @Test func aLongPressTypesTheDigitOfTheEnginesLayout() throws {
        let daemon = Daemon()
        let path = try daemon.createEngine("hwalja-naratgeul")
        try daemon.call(path, IBusEngineAdapter.engineInterface, "FocusIn")
        try daemon.key(path, 0x39)  // 9: ㅣ in 나랏글
        daemon.clock.advance(by: 500)
        try daemon.key(path, 0x39, release: true)
        #expect(daemon.text + daemon.preedit == "9")
    }
}
