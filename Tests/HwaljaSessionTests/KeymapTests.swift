import HwaljaCore
import HwaljaSession
import Testing

struct KeymapTests {
    @Test func thePhoneLayoutMapsTheNumberRowAndTheKeypadByDigit() {
        let keymap = Keymap.phone
        #expect(keymap.key(for: 0x31) == .in)  // 1
        #expect(keymap.key(for: 0x30) == .ieungMieum)  // 0
        #expect(keymap.key(for: 0xFFB1) == .in)  // KP_1
        #expect(keymap.key(for: 0xFFB9) == .jieutChieut)  // KP_9
        #expect(keymap.key(for: 0xFF08) == .backspace)
        #expect(keymap.key(for: 0xFFAB) == .next)  // KP_Add
        #expect(keymap.key(for: 0x61) == nil)  // a: not ours
        #expect(keymap.key(for: 0xFF9C) == nil)  // KP_End: the session reads it as KP_1 (KeypadWithoutNumLock)
    }

    @Test func theKeypadPositionLayoutPutsTheVowelsOnTheTopRow() {
        let keymap = Keymap.keypadPosition
        #expect(keymap.key(for: 0xFFB7) == .in)  // KP_7 → ㅣ
        #expect(keymap.key(for: 0xFFB9) == .ji)  // KP_9 → ㅡ
        #expect(keymap.key(for: 0xFFB1) == .bieupPieup)  // KP_1 → ㅂㅍ
        #expect(keymap.key(for: 0xFFB0) == .ieungMieum)
        #expect(keymap.key(for: 0x37) == .bieupPieup)  // the number row stays by digit: 7 → ㅂㅍ
    }

    @Test func aKeymapFileBuildsOnAPreset() throws {
        let keymap = try Keymap(
            parsing: "# mine\npreset = keypad-position\nKP_Subtract = BS\nRight = NEXT\n0xffab = none\nq = ㄱㅋ\n")
        #expect(keymap.key(for: 0xFFB7) == .in)
        #expect(keymap.key(for: 0xFFAD) == .backspace)
        #expect(keymap.key(for: 0xFF53) == .next)
        #expect(keymap.key(for: 0xFFAB) == nil)
        #expect(keymap.key(for: 0x71) == .giyeokKieuk)
    }

    @Test func pickingKeysAreDownAndKeypadSlashUnlessAFileRebindsThem() throws {
        #expect(Keymap.phone.pick(for: 0xFF54) == 0)  // Down: the first suggestion
        #expect(Keymap.keypadPosition.pick(for: 0xFFAF) == 0)  // KP_Divide
        #expect(Keymap.phone(for: .vega).pick(for: 0xFFAF) == nil)  // 베가's # key types, it never picks
        let keymap = try Keymap(parsing: "KP_Subtract = PICK3\nDown = none\nKP_Divide = ㅣ\n")
        #expect(keymap.pick(for: 0xFFAD) == 2)
        #expect(keymap.pick(for: 0xFF54) == nil && keymap.key(for: 0xFF54) == nil)
        #expect(keymap.pick(for: 0xFFAF) == nil && keymap.key(for: 0xFFAF) == .in)
        #expect(throws: KeymapError.unknownKey(line: 1, name: "PICK0")) { try Keymap(parsing: "Up = PICK0") }
    }

    @Test func theConversionKeyIsHanjaAndF9UnlessAFileBindsAnother() throws {
        for keymap in [Keymap.phone, Keymap.keypadPosition, Keymap.phone(for: .naratgeul)] {
            #expect(keymap.converts(0xFF34) && keymap.converts(0xFFC6))  // Hangul_Hanja, F9
            #expect(!keymap.converts(0xFFAD))
        }
        let keymap = try Keymap(parsing: "KP_Subtract = HANJA\nF9 = none\n[vega]\nF8 = HANJA\n")
        #expect(keymap.converts(0xFFAD) && keymap.key(for: 0xFFAD) == nil)
        #expect(!keymap.converts(0xFFC6))
        #expect(keymap.converts(0xFF34))
        #expect(keymap.otherLayouts[.vega]?.converts(0xFFC5) == true)
        #expect(keymap.converts(0xFFC5) == false)
        // A key that types is not a conversion key.
        #expect(try !Keymap(parsing: "F9 = HANJA\nF9 = ㅣ\n").converts(0xFFC6))
    }

    @Test func aKeymapFileBindsEachLayoutInItsSection() throws {
        let keymap = try Keymap(
            parsing: "KP_Add = BS\n[naratgeul]\nKP_Decimal = 획   # the keypad's . adds a stroke\nKP_Divide = 쌍\nq = *\n"
                + "[vega]\npreset = keypad-position\nKP_Subtract = ㅜㅠ\n[ naratgeul ]\nw = ㄱ\n"
        )
        #expect(keymap.key(for: 0xFFAB) == .backspace)  // 천지인's lines are before the first section
        #expect(keymap.key(for: 0xFFAE) == .punctuation)
        let naratgeul = try #require(keymap.otherLayouts[.naratgeul])
        #expect(naratgeul.key(for: 0xFFAE) == .addStroke)
        #expect(naratgeul.key(for: 0xFFAF) == .doubleConsonant)
        #expect(naratgeul.key(for: 0x71) == .addStroke)  // q: the key at the * position
        #expect(naratgeul.key(for: 0x77) == .giyeok)  // a section named again goes on
        #expect(naratgeul.key(for: 0xFFB1) == .giyeok)  // the rest: its phone preset
        #expect(naratgeul.key(for: 0xFFAB) == .next)  // not 천지인's KP_Add
        let vega = try #require(keymap.otherLayouts[.vega])
        #expect(vega.key(for: 0xFFB7) == .giyeokKieuk)  // keypad-position: KP_7 is the phone's 1
        #expect(vega.key(for: 0xFFAD) == .uYu)
        #expect(keymap.otherLayouts[.cheonjiinPlus] == nil)
        // What a context of each layout starts with when the settings name this file.
        #expect(Keymap.forLayout(.naratgeul, setting: "/home/me/keys", resolved: keymap) == naratgeul)
        #expect(
            Keymap.forLayout(.cheonjiinPlus, setting: "/home/me/keys", resolved: keymap)
                == Keymap.phone(for: .cheonjiinPlus))
        #expect(Keymap.forLayout(.cheonjiin, setting: "/home/me/keys", resolved: keymap) == keymap)
    }

    @Test func aBadKeymapLineIsNamed() {
        #expect(throws: KeymapError.unknownKeysym(line: 2, name: "KP_Eleven")) {
            try Keymap(parsing: "\nKP_Eleven = ㅣ")
        }
        #expect(throws: KeymapError.unknownKey(line: 1, name: "ㄱ")) { try Keymap(parsing: "KP_1 = ㄱ") }
        #expect(throws: KeymapError.unknownPreset(line: 1, name: "qwerty")) { try Keymap(parsing: "preset = qwerty") }
        #expect(throws: KeymapError.malformed(line: 1, text: "KP_1")) { try Keymap(parsing: "KP_1") }
        #expect(throws: KeymapError.unknownLayout(line: 2, name: "sebeolsik")) {
            try Keymap(parsing: "KP_1 = ㅣ\n[sebeolsik]")
        }
        #expect(throws: KeymapError.unknownLayoutKey(line: 2, layout: .vega, name: "ㄱ")) {
            try Keymap(parsing: "[vega]\nKP_1 = ㄱ")
        }
        #expect(throws: KeymapError.unknownLayoutKey(line: 2, layout: .naratgeul, name: "PUNCT")) {
            try Keymap(parsing: "[naratgeul]\nKP_Decimal = PUNCT")
        }
        // not a 천지인 key
        #expect(throws: KeymapError.unknownKey(line: 1, name: "획")) { try Keymap(parsing: "KP_1 = 획") }
    }

    @Test func errorsQuoteAShortPrefixOfAHugeLine() {
        let huge = String(repeating: "ㄱ", count: 1_000_000)
        let errors: [KeymapError] = [
            .malformed(line: 1, text: huge), .unknownKeysym(line: 1, name: huge), .unknownKey(line: 1, name: huge),
            .unknownPreset(line: 1, name: huge), .unknownLayout(line: 1, name: huge),
            .unknownLayoutKey(line: 1, layout: .naratgeul, name: huge)
        ]
        for error in errors {
            #expect(error.description.utf8.count < 400)  // 64 Hangul scalars are 192 bytes
            #expect(error.description.contains("more bytes"))
        }
        #expect {
            try Keymap(parsing: "KP_1 = \(huge)")
        } throws: { error in
            (error as? KeymapError)?.description.utf8.count ?? .max < 400
        }
    }
}
