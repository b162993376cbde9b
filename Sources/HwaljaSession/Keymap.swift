import HwaljaCore

/// Which Cheon-Ji-In key each X keysym types: the number row and the keypad by default.
///
/// A keymap file replaces or adds bindings, one `KEYSYM = KEY` a line (`#` comments), where
/// KEYSYM is a name from ``Keymap/keysymNames`` or a hex value (`0xffb7`) and KEY a
/// hwalja-replay key name or digit alias (`KP_7 = ㅣ`, `KP_Add = NEXT`), or `PICK1` … `PICK9`: the
/// key picks that word suggestion while suggestions are shown (else it is the application's, as
/// an unbound key), or `HANJA`: the key converts the word to hanja (or a lone consonant to
/// symbols), as `Hangul_Hanja` and `F9` do by default. The file may start with `preset = phone` or `preset = keypad-position` to
/// build on that layout.
///
/// Those lines bind 천지인's keys. A `[NAME]` line (`[naratgeul]`, `[vega]`, `[cheonjiin-plus]`,
/// `[cheonjiin]`) starts the bindings of that layout, with its key names and position labels
/// (`KP_Decimal = 획`, `KP_Divide = 쌍`; `#` starts a comment, so the `#` position goes by its
/// key's name), built on its phone preset or its `preset = …`.
package struct Keymap: Sendable, Equatable {
    /// keysym → key.
    package private(set) var bindings: [UInt32: Key]
    /// keysym → the suggestion it picks (0: the first), while suggestions are shown.
    package private(set) var picks: [UInt32: Int]
    /// The keysyms that convert to hanja or symbols (``HanjaList``).
    package private(set) var conversions: Set<UInt32>

    /// The converting keys of every preset: the Hanja key of Korean keyboards, and F9, as in
    /// ibus-hangul and fcitx5-hangul.
    package static let defaultConversions: Set<UInt32> = [0xFF34, 0xFFC6]

    /// The picking keys of every preset: Down and keypad `/` take the first (best) suggestion.
    /// Keypad `/` stays `#` in the layouts that type with it: a key's binding wins over a pick.
    package static let defaultPicks: [UInt32: Int] = [0xFF54: 0, 0xFFAF: 0]
    /// A keymap file's bindings for the other layouts, by its `[NAME]` sections.
    package private(set) var otherLayouts: [KeyboardLayout: Keymap] = [:]

    /// The phone layout: digits 1-9, 0 on the number row and on the keypad (with NumLock) type the
    /// key with that phone digit (1 = ㅣ, 2 = ㆍ, 3 = ㅡ, 4 = ㄱㅋ … 0 = ㅇㅁ).
    package static let phone = Keymap(bindings: controls.merging(digitBindings { $0 }) { $1 })

    /// The keypad by position: the keypad's top row 7 8 9 is ㅣ ㆍ ㅡ, as on a phone where 1 2 3 is
    /// the top row (7 8 9 → ㅣ ㆍ ㅡ, 4 5 6 → ㄱㅋ ㄴㄹ ㄷㅌ, 1 2 3 → ㅂㅍ ㅅㅎ ㅈㅊ, 0 → ㅇㅁ); the number row stays by digit.
    package static let keypadPosition: Keymap = {
        var bindings = phone.bindings
        let flipped: [UInt32: UInt32] = [7: 1, 8: 2, 9: 3, 4: 4, 5: 5, 6: 6, 1: 7, 2: 8, 3: 9, 0: 0]
        for (keypadDigit, phoneDigit) in flipped {
            bindings[0xFFB0 + keypadDigit] = key(forPhoneDigit: phoneDigit)
        }
        return Keymap(bindings: bindings)
    }()

    /// The phone preset of `layout`: the number row and the keypad (with NumLock) type the key at
    /// that digit's phone position, `*` (asterisk, keypad *) and `#` (numbersign, keypad /) the
    /// keys at those positions. 천지인 플러스's seven second halves (ㅋ ㄹ ㅌ ㅍ ㅎ ㅊ ㅁ, which
    /// have no phone position) are Shift + the digit of their first half: on the number row
    /// `$ % ^ & * ( )` (a US keyboard's Shift+4 … Shift+0), on the keypad with NumLock the keys
    /// Shift makes of KP_4 … KP_0 (KP_Left …).
    package static func phone(for layout: KeyboardLayout) -> Keymap {
        if layout == .cheonjiin { return phone }
        var bindings = controls.filter { $0.value != .punctuation }
        for digit in UInt32(0)...9 {
            bindings[0x30 + digit] = key(forPhoneDigit: digit, layout)
            bindings[0xFFB0 + digit] = key(forPhoneDigit: digit, layout)
        }
        for (keysyms, position) in [([0x2A, 0xFFAA], 9), ([0x23, 0xFFAF], 11)] as [([UInt32], Int)] {
            for keysym in keysyms { bindings[keysym] = layout.keypad[position] }
        }
        if layout == .cheonjiinPlus {
            // Shift + digit: the number row's symbols (US) and the keypad's navigation keysyms.
            let numberRow: [UInt32: UInt32] = [4: 0x24, 5: 0x25, 6: 0x5E, 7: 0x26, 8: 0x2A, 9: 0x28, 0: 0x29]
            for (digit, symbol) in numberRow {
                let key = shiftedKey(forPhoneDigit: digit, layout)
                bindings[symbol] = key
                bindings[KeypadWithoutNumLock.navigationKeysym(ofKeypadDigit: digit)!] = key
            }
        }
        return Keymap(bindings: bindings)
    }

    /// The keypad-position preset of `layout`: the keypad's rows flipped so that its top row
    /// 7 8 9 types the phone's top row 1 2 3 (and 1 2 3 the phone's 7 8 9); the rest as ``phone(for:)``.
    package static func keypadPosition(for layout: KeyboardLayout) -> Keymap {
        if layout == .cheonjiin { return keypadPosition }
        var bindings = phone(for: layout).bindings
        for (keypadDigit, phoneDigit) in flippedRows {
            bindings[0xFFB0 + keypadDigit] = key(forPhoneDigit: phoneDigit, layout)
        }
        if layout == .cheonjiinPlus {
            for (keypadDigit, phoneDigit) in flippedRows {
                bindings[KeypadWithoutNumLock.navigationKeysym(ofKeypadDigit: keypadDigit)!] = shiftedKey(
                    forPhoneDigit: phoneDigit, layout)
            }
        }
        return Keymap(bindings: bindings)
    }

    /// The preset called `name` (``names``) for `layout`, if any.
    package static func named(_ name: String, layout: KeyboardLayout) -> Keymap? {
        switch name {
        case "phone": phone(for: layout)
        case "keypad-position": keypadPosition(for: layout)
        default: nil
        }
    }

    /// The keymap a context of `layout` starts with when the settings say `setting` (a preset's
    /// name or a keymap file's path) and resolved it to `resolved`: that keymap for 천지인; for
    /// another layout the keymap file's section of that layout, else the preset of that name, else
    /// its phone preset.
    package static func forLayout(_ layout: KeyboardLayout, setting: String, resolved: Keymap) -> Keymap {
        if layout == .cheonjiin { return resolved }
        return resolved.otherLayouts[layout] ?? named(setting, layout: layout) ?? phone(for: layout)
    }

    static let flippedRows: [UInt32: UInt32] = [7: 1, 8: 2, 9: 3, 4: 4, 5: 5, 6: 6, 1: 7, 2: 8, 3: 9, 0: 0]

    static func key(forPhoneDigit digit: UInt32, _ layout: KeyboardLayout) -> Key? {
        layout.key(token: String(digit))
    }

    /// The key Shift + `digit` types in `layout` (천지인 플러스's second halves), if any.
    static func shiftedKey(forPhoneDigit digit: UInt32, _ layout: KeyboardLayout) -> Key? {
        layout.shiftedKeypad[KeyboardLayout.position(ofDigit: Int(digit))]
    }

    /// The presets by name, as keymap files, settings and `SetKeymap` name them.
    package static let names = ["phone", "keypad-position"]

    /// The preset called `name` (``names``), if any.
    package static func named(_ name: String) -> Keymap? {
        switch name {
        case "phone": phone
        case "keypad-position": keypadPosition
        default: nil
        }
    }

    /// Controls bound in every preset.
    static let controls: [UInt32: Key] = [
        0xFF08: .backspace,  // BackSpace
        0x0020: .space,  // space
        0xFF0D: .enter,  // Return
        0xFF8D: .enter,  // KP_Enter
        0xFFAB: .next,  // KP_Add: next-character
        0xFFAE: .punctuation,  // KP_Decimal
        0x002E: .punctuation,  // period
        0xFFAA: .punctuation  // KP_Multiply, where * sits on a phone
    ]

    static func digitBindings(_ map: (UInt32) -> UInt32) -> [UInt32: Key] {
        var bindings: [UInt32: Key] = [:]
        for digit in UInt32(0)...9 {
            bindings[0x30 + digit] = key(forPhoneDigit: digit)  // number row
            bindings[0xFFB0 + digit] = key(forPhoneDigit: map(digit))  // keypad with NumLock
        }
        return bindings
    }

    static func key(forPhoneDigit digit: UInt32) -> Key {
        Key(token: String(digit))!
    }

    /// `bindings`, and `picks` and `conversions` for the keysyms they leave unbound (a key types,
    /// picks or converts, one of them).
    package init(
        bindings: [UInt32: Key], picks: [UInt32: Int] = defaultPicks, conversions: Set<UInt32> = defaultConversions
    ) {
        self.bindings = bindings
        self.picks = picks.filter { bindings[$0.key] == nil }
        self.conversions = conversions.filter { bindings[$0] == nil && picks[$0] == nil }
    }

    /// The key for a keysym, if bound.
    package func key(for keysym: UInt32) -> Key? { bindings[keysym] }

    /// The suggestion a keysym picks (0: the first), if it is a picking key.
    package func pick(for keysym: UInt32) -> Int? { picks[keysym] }

    /// Whether a keysym converts to hanja or symbols.
    package func converts(_ keysym: UInt32) -> Bool { conversions.contains(keysym) }

    /// Reads a keymap file: its 천지인 bindings, and its `[NAME]` sections as ``otherLayouts``.
    package init(parsing text: String) throws(KeymapError) {
        var sections: [KeyboardLayout: Keymap] = [.cheonjiin: Keymap.phone]
        var layout = KeyboardLayout.cheonjiin
        for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
        {  // "\r\n" too
            let line = offset + 1
            let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let header = content.split(whereSeparator: \.isWhitespace).joined()
            if header.hasPrefix("["), header.hasSuffix("]"), header.count > 1 {
                let name = String(header.dropFirst().dropLast())
                guard let named = KeyboardLayout(name: name) else { throw .unknownLayout(line: line, name: name) }
                layout = named
                if sections[layout] == nil { sections[layout] = Keymap.phone(for: layout) }
                continue
            }
            let parts = content.split(separator: "=", maxSplits: 1).map {
                $0.split(whereSeparator: \.isWhitespace).joined()
            }
            if parts.allSatisfy(\.isEmpty) { continue }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw .malformed(line: line, text: String(rawLine))
            }
            if parts[0] == "preset" {
                guard let preset = Keymap.named(parts[1], layout: layout) else {
                    throw .unknownPreset(line: line, name: parts[1])
                }
                sections[layout] = preset
                continue
            }
            guard let keysym = Keymap.keysym(named: parts[0]) else { throw .unknownKeysym(line: line, name: parts[0]) }
            sections[layout]!.bindings[keysym] = nil
            sections[layout]!.picks[keysym] = nil
            sections[layout]!.conversions.remove(keysym)
            if parts[1] == "none" { continue }
            if parts[1] == "HANJA" {
                sections[layout]!.conversions.insert(keysym)
            } else if let index = Self.pickIndex(parts[1]) {
                sections[layout]!.picks[keysym] = index
            } else if layout == .cheonjiin {
                guard let key = Key(token: parts[1]) else { throw .unknownKey(line: line, name: parts[1]) }
                sections[layout]!.bindings[keysym] = key
            } else {
                guard let key = layout.key(token: parts[1]) else {
                    throw .unknownLayoutKey(line: line, layout: layout, name: parts[1])
                }
                sections[layout]!.bindings[keysym] = key
            }
        }
        self.bindings = sections[.cheonjiin]!.bindings
        self.picks = sections[.cheonjiin]!.picks
        self.conversions = sections[.cheonjiin]!.conversions
        for (layout, keymap) in sections where layout != .cheonjiin {
            otherLayouts[layout] = keymap
        }
    }

    /// The suggestion index `PICK1` … `PICK9` names (0 … 8), else `nil`.
    static func pickIndex(_ token: String) -> Int? {
        guard token.hasPrefix("PICK"), token.count == 5, let number = Int(token.dropFirst(4)), number >= 1 else {
            return nil
        }
        return number - 1
    }

    /// The keysym for a name (`KP_7`, `BackSpace`, `a`) or hex value (`0xffb7`).
    package static func keysym(named name: String) -> UInt32? {
        if name.hasPrefix("0x"), let value = UInt32(name.dropFirst(2), radix: 16) { return value }
        if let value = keysymNames[name] { return value }
        if name.unicodeScalars.count == 1, let scalar = name.unicodeScalars.first, scalar.value >= 0x20,
            scalar.value < 0x7F
        {
            return scalar.value  // Latin-1 keysyms are their character
        }
        return nil
    }

    /// The keysym names a keymap file may use besides single ASCII characters.
    package static let keysymNames: [String: UInt32] = {
        var names: [String: UInt32] = [
            "space": 0x20, "period": 0x2E, "comma": 0x2C, "minus": 0x2D, "plus": 0x2B, "asterisk": 0x2A,
            "numbersign": 0x23, "slash": 0x2F, "BackSpace": 0xFF08, "Tab": 0xFF09, "Return": 0xFF0D,
            "Escape": 0xFF1B, "Delete": 0xFFFF, "Left": 0xFF51, "Up": 0xFF52, "Right": 0xFF53, "Down": 0xFF54,
            "KP_Enter": 0xFF8D, "KP_Multiply": 0xFFAA, "KP_Add": 0xFFAB, "KP_Separator": 0xFFAC,
            "KP_Subtract": 0xFFAD, "KP_Decimal": 0xFFAE, "KP_Divide": 0xFFAF, "Hangul": 0xFF31,
            "Hangul_Hanja": 0xFF34, "Prior": 0xFF55, "Page_Up": 0xFF55, "Next": 0xFF56, "Page_Down": 0xFF56,
            "Insert": 0xFF63, "Home": 0xFF50, "End": 0xFF57
        ]
        for digit in UInt32(0)...9 { names["KP_\(digit)"] = 0xFFB0 + digit }
        for number in UInt32(1)...12 { names["F\(number)"] = 0xFFBD + number }
        return names
    }()
}

/// A keymap file problem, naming the line and quoting at most a short prefix of it (``Excerpt``).
package enum KeymapError: Error, Equatable, Sendable, CustomStringConvertible {
    case malformed(line: Int, text: String)
    case unknownKeysym(line: Int, name: String)
    case unknownKey(line: Int, name: String)
    case unknownPreset(line: Int, name: String)
    case unknownLayout(line: Int, name: String)
    /// A key that is not one of the section's layout's.
    case unknownLayoutKey(line: Int, layout: KeyboardLayout, name: String)

    package var description: String {
        switch self {
        case .malformed(let line, let text): "line \(line): expected 'KEYSYM = KEY', found \(Excerpt.quoted(text))"
        case .unknownKeysym(let line, let name):
            "line \(line): unknown keysym \(Excerpt.quoted(name)) (use a name such as KP_7 or a hex value such as 0xffb7)"
        case .unknownKey(let line, let name):
            "line \(line): unknown key \(Excerpt.quoted(name)) (use ㅣ ㆍ ㅡ ㄱㅋ … ㅇㅁ, digits, PUNCT, NEXT, SPACE, BS, ENTER, PICK1 … PICK9, HANJA or none)"
        case .unknownPreset(let line, let name):
            "line \(line): unknown preset \(Excerpt.quoted(name)) (phone or keypad-position)"
        case .unknownLayout(let line, let name):
            "line \(line): unknown layout \(Excerpt.quoted(name)) in [ ] (\(KeyboardLayout.nameSummary))"
        case .unknownLayoutKey(let line, let layout, let name):
            "line \(line): unknown \(layout.name) key \(Excerpt.quoted(name)) (use \(layout.tokenSummary), or none)"
        }
    }
}
