/// One of the Korean phone-keypad input layouts (12 keys; 천지인 플러스 17 letter keys): which letter keys it has, in what order its table
/// numbers them, and the phone digit on each (what a long press types, and the key's digit alias).
///
/// ```
///  천지인            나랏글              베가               천지인 플러스
///  ㅣ1  ㆍ2  ㅡ3     ㄱ1  ㄴ2   ㅏㅓ3    ㄱㅋ1 ㅣㅡ2 ㅏㅑ3    ㅣ1  ㆍ2  ㅡ3
///  ㄱㅋ4 ㄴㄹ5 ㄷㅌ6  ㄹ4  ㅁ5   ㅗㅜ6    ㄷㅌ4 ㄴㄹ5 ㅓㅕ6    ㄱ4  ㄴ5  ㄷ6   (+ ㅋ ㄹ ㅌ)
///  ㅂㅍ7 ㅅㅎ8 ㅈㅊ9  ㅅ7  ㅇ8   ㅣ9      ㅁㅅ7 ㅂㅍ8 ㅗㅛ9    ㅂ7  ㅅ8  ㅈ9   (+ ㅍ ㅎ ㅊ)
///  PUNCT ㅇㅁ0       획*  ㅡ0   쌍#      ㅈㅊ* ㅇㅎ0 ㅜㅠ#         ㅇ0       (+ ㅁ)
/// ```
///
/// 천지인 플러스 splits each consonant key in two; the second halves (ㅋ ㄹ ㅌ ㅍ ㅎ ㅊ ㅁ) have no
/// phone position and no digit.
public enum KeyboardLayout: String, Sendable, CaseIterable, Hashable {
    /// 천지인 (Samsung Cheon-Ji-In), the default.
    case cheonjiin
    /// 천지인 플러스 (Samsung): 천지인's vowels and fourteen single consonants.
    case cheonjiinPlus = "cheonjiin-plus"
    /// 나랏글 (EZ한글): a key per basic letter, 획추가 and 쌍자음.
    case naratgeul
    /// 베가 (SKY-II): multi-tap on all twelve keys.
    case vega

    /// The name used on the command line, in settings and on the bus (`cheonjiin-plus`).
    public var name: String { rawValue }

    /// The layout named `name`, or `nil`.
    public init?(name: String) { self.init(rawValue: name) }

    /// The names of all layouts, for messages that tell the user what is accepted.
    public static let nameSummary = allCases.map(\.name).joined(separator: ", ")

    /// The letter keys whose effect is a table lookup, in table order.
    public var tableKeys: [Key] {
        switch self {
        case .cheonjiin: Key.tableKeys
        case .cheonjiinPlus: Self.cheonjiinPlusKeys
        case .naratgeul: Self.naratgeulKeys
        case .vega: Self.vegaKeys
        }
    }

    /// The keys at phone positions 1–9, `*`, 0, `#` (`nil` where the layout has none there).
    public var keypad: [Key?] {
        switch self {
        case .cheonjiin: Self.cheonjiinKeypad
        case .cheonjiinPlus: Self.cheonjiinPlusKeypad
        case .naratgeul: Self.naratgeulKeys
        case .vega: Self.vegaKeys
        }
    }

    /// The second key at each phone position, in ``keypad``'s order: 천지인 플러스's second halves
    /// (ㅋ ㄹ ㅌ ㅍ ㅎ ㅊ ㅁ beside ㄱ ㄴ ㄷ ㅂ ㅅ ㅈ ㅇ), which a keyboard types with Shift; `nil`
    /// elsewhere and in the other layouts.
    public var shiftedKeypad: [Key?] {
        self == .cheonjiinPlus ? Self.cheonjiinPlusShiftedKeypad : Array(repeating: nil, count: 12)
    }

    /// The phone position (0–11, ``keypad``'s order) of `digit` (0–9).
    public static func position(ofDigit digit: Int) -> Int { digit == 0 ? 10 : digit - 1 }

    /// The phone digit on `key` in this layout (what a long press types), or `nil`.
    public func digit(of key: Key) -> Unicode.Scalar? {
        let digits =
            switch self {
            case .cheonjiin: Self.digits.cheonjiin
            case .cheonjiinPlus: Self.digits.cheonjiinPlus
            case .naratgeul: Self.digits.naratgeul
            case .vega: Self.digits.vega
            }
        return digits[Int(key.rawValue)]
    }

    private static let cheonjiinPlusKeys: [Key] = [
        .in, .cheon, .ji, .giyeok, .kieuk, .nieun, .rieul, .digeut, .tieut, .bieup, .pieup, .siot, .hieut, .jieut,
        .chieut, .ieung,
        .mieum
    ]
    private static let naratgeulKeys: [Key] = [
        .giyeok, .nieun, .aEo, .rieul, .mieum, .oU, .siot, .ieung, .in, .addStroke, .ji, .doubleConsonant
    ]
    private static let vegaKeys: [Key] = [
        .giyeokKieuk, .iEu, .aYa, .digeutTieut, .nieunRieul, .eoYeo, .mieumSiot, .bieupPieup, .oYo, .jieutChieut,
        .ieungHieut, .uYu
    ]
    private static let cheonjiinKeypad: [Key?] = [
        .in, .cheon, .ji, .giyeokKieuk, .nieunRieul, .digeutTieut, .bieupPieup, .siotHieut, .jieutChieut, .punctuation,
        .ieungMieum, nil
    ]
    private static let cheonjiinPlusKeypad: [Key?] = [
        .in, .cheon, .ji, .giyeok, .nieun, .digeut, .bieup, .siot, .jieut, nil, .ieung, nil
    ]
    private static let cheonjiinPlusShiftedKeypad: [Key?] = [
        nil, nil, nil, .kieuk, .rieul, .tieut, .pieup, .hieut, .chieut, nil, .mieum, nil
    ]

    /// Each layout's digits by key raw value, worked out once: a long press asks on every key.
    private static let digits = (
        cheonjiin: digitTable(.cheonjiin), cheonjiinPlus: digitTable(.cheonjiinPlus), naratgeul: digitTable(.naratgeul),
        vega: digitTable(.vega)
    )

    private static func digitTable(_ layout: KeyboardLayout) -> [Unicode.Scalar?] {
        var digits = [Unicode.Scalar?](repeating: nil, count: Int(Key.allCases.map(\.rawValue).max()!) + 1)
        for (position, key) in layout.keypad.enumerated() where position != 9 && position != 11 {
            if let key { digits[Int(key.rawValue)] = positionLabels[position] }
        }
        return digits
    }

    /// Whether `key` is one of this layout's letter keys.
    public func contains(_ key: Key) -> Bool { tableKeys.contains(key) }

    /// Parses a key token of this layout: a key's name, a short alias (`획`, `쌍`), the label of
    /// its phone position (`1`…`9`, `0`, `*`, `#`), or a control key (`NEXT`, `SPACE`, `BS`, `ENTER`).
    /// Returns `nil` for anything else, so callers can name the bad token in their error.
    public func key(token: String) -> Key? {
        if token.unicodeScalars.count == 1,
            let position = Self.positionLabels.firstIndex(of: token.unicodeScalars.first!)
        {
            return keypad[position]
        }
        if let key = Self.byName.key(token), key.isTableKey ? contains(key) : true { return key }
        return nil
    }

    /// The key tokens, for messages that tell the user what is accepted.
    public var tokenSummary: String {
        let letters = tableKeys.map(\.name).joined(separator: " ")
        let positions = keypad.enumerated().compactMap {
            $0.element == nil ? nil : String(Character(Self.positionLabels[$0.offset]))
        }
        return "\(letters) (or \(positions.joined(separator: " "))), NEXT, SPACE, BS, ENTER"
    }

    /// The labels of the phone positions, in ``keypad``'s order: `1`…`9`, `*`, `0`, `#`.
    public static let positionLabels: [Unicode.Scalar] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"]

    private static let byName: KeyTokens = {
        var tokens = KeyTokens()
        tokens.add("획", .addStroke)
        tokens.add("쌍", .doubleConsonant)
        for key in Key.allCases { tokens.add(key.name, key) }
        return tokens
    }()
}
