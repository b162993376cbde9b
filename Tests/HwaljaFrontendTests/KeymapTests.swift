import HwaljaCore
import HwaljaFrontend
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
        #expect(keymap.key(for: 0xFF9C) == nil)  // KP_End (NumLock off): not ours
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
        let keymap = try Keymap(parsing: "# mine\npreset = keypad-position\nKP_Subtract = BS\nRight = NEXT\n0xffab = none\nq = ㄱㅋ\n")
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

    @Test func aBadKeymapLineIsNamed() {
        #expect(throws: KeymapError.unknownKeysym(line: 2, name: "KP_Eleven")) { try Keymap(parsing: "\nKP_Eleven = ㅣ") }
        #expect(throws: KeymapError.unknownKey(line: 1, name: "ㄱ")) { try Keymap(parsing: "KP_1 = ㄱ") }
        #expect(throws: KeymapError.unknownPreset(line: 1, name: "qwerty")) { try Keymap(parsing: "preset = qwerty") }
        #expect(throws: KeymapError.malformed(line: 1, text: "KP_1")) { try Keymap(parsing: "KP_1") }
    }

    @Test func errorsQuoteAShortPrefixOfAHugeLine() {
        let huge = String(repeating: "ㄱ", count: 1_000_000)
        let errors: [KeymapError] = [
            .malformed(line: 1, text: huge), .unknownKeysym(line: 1, name: huge), .unknownKey(line: 1, name: huge),
            .unknownPreset(line: 1, name: huge),
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
