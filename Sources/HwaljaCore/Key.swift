/// A key of one of the Korean 12-key layouts (``KeyboardLayout``), or one of the control keys.
///
/// Cases 1...15 are the Cheon-Ji-In keypad and the control keys; the letter keys of the other
/// layouts follow from 16 on. A key that two layouts label alike is one case (ㄱㅋ in 천지인 and
/// 베가, ㄱ in 나랏글 and 천지인 플러스); which keys a layout has, and their digits, is
/// ``KeyboardLayout``'s business.
///
/// The ten character keys sit in phone-keypad positions (Samsung layout); each has a canonical
/// name (`ㄱㅋ`) and a phone-digit alias (`4`), which is also the digit a long press types:
///
/// ```
///  ㅣ 1    ㆍ 2    ㅡ 3
///  ㄱㅋ 4  ㄴㄹ 5  ㄷㅌ 6
///  ㅂㅍ 7  ㅅㅎ 8  ㅈㅊ 9
///  PUNCT   ㅇㅁ 0
/// ```
///
/// In the Cheon-Ji-In table a key's raw value (1...11) is its index; other layouts number their
/// keys in ``KeyboardLayout/tableKeys`` order.
public enum Key: UInt8, Sendable, CaseIterable, Hashable {
    /// ㅣ (in, human): vowel stroke.
    case `in` = 1
    /// ㆍ (cheon, sky): vowel stroke; pressed twice it is ᆢ.
    case cheon = 2
    /// ㅡ (ji, earth): vowel stroke.
    case ji = 3
    /// ㄱ → ㅋ → ㄲ.
    case giyeokKieuk = 4
    /// ㄴ → ㄹ.
    case nieunRieul = 5
    /// ㄷ → ㅌ → ㄸ.
    case digeutTieut = 6
    /// ㅂ → ㅍ → ㅃ.
    case bieupPieup = 7
    /// ㅅ → ㅎ → ㅆ.
    case siotHieut = 8
    /// ㅈ → ㅊ → ㅉ.
    case jieutChieut = 9
    /// ㅇ → ㅁ.
    case ieungMieum = 10
    /// The punctuation key: `.` `,` `?` `!` on repeated presses.
    case punctuation = 11
    /// Next-character: ends the syllable being composed, inserts nothing.
    case next = 12
    /// Space: ends the syllable being composed, or inserts a blank (see ``Composer/Options``).
    case space = 13
    /// Backspace: undoes the last keystroke of the composition, or lets the host delete.
    case backspace = 14
    /// Return: commits the composition and lets the host insert the newline.
    case enter = 15

    // Single consonants (나랏글, 천지인 플러스).
    /// ㄱ.
    case giyeok = 16
    /// ㅋ (천지인 플러스: pressed twice, ㄲ).
    case kieuk = 17
    /// ㄴ.
    case nieun = 18
    /// ㄹ.
    case rieul = 19
    /// ㄷ.
    case digeut = 20
    /// ㅌ (천지인 플러스: pressed twice, ㄸ).
    case tieut = 21
    /// ㅂ.
    case bieup = 22
    /// ㅍ (천지인 플러스: pressed twice, ㅃ).
    case pieup = 23
    /// ㅅ.
    case siot = 24
    /// ㅎ (천지인 플러스: pressed twice, ㅆ).
    case hieut = 25
    /// ㅈ.
    case jieut = 26
    /// ㅊ (천지인 플러스: pressed twice, ㅉ).
    case chieut = 27
    /// ㅇ.
    case ieung = 28
    /// ㅁ.
    case mieum = 29

    // 나랏글.
    /// ㅏㅓ: ㅏ, pressed again ㅓ.
    case aEo = 30
    /// ㅗㅜ: ㅗ, pressed again ㅜ.
    case oU = 31
    /// 획추가 (add a stroke): ㄱ→ㅋ, ㄴ→ㄷ→ㅌ, ㅏ→ㅑ … on the last letter.
    case addStroke = 32
    /// 쌍자음 (double): ㄱ→ㄲ, ㄷ→ㄸ … on the last consonant.
    case doubleConsonant = 33

    // 베가 (SKY-II).
    /// ㅣ → ㅡ → ㅢ.
    case iEu = 34
    /// ㅏ → ㅑ.
    case aYa = 35
    /// ㅓ → ㅕ.
    case eoYeo = 36
    /// ㅗ → ㅛ.
    case oYo = 37
    /// ㅜ → ㅠ.
    case uYu = 38
    /// ㅁ → ㅅ → ㅆ.
    case mieumSiot = 39
    /// ㅇ → ㅎ.
    case ieungHieut = 40

    /// The Cheon-Ji-In keys whose effect is a transition-table lookup, in table order
    /// (``KeyboardLayout/tableKeys`` for any layout).
    public static let tableKeys: [Key] = allCases.filter { $0.rawValue <= Key.punctuation.rawValue }

    /// Whether pressing this key is a transition-table lookup (a letter or punctuation key of some layout).
    public var isTableKey: Bool { rawValue <= Key.punctuation.rawValue || rawValue > Key.enter.rawValue }

    /// Whether the key types letters, in any layout: a table key other than punctuation
    /// (consonants, vowel strokes, 나랏글's stroke and double keys).
    public var isLetterKey: Bool { isTableKey && self != .punctuation }

    /// The canonical name used in keystroke logs, on the bus and in the JSON table.
    public var name: String {
        switch self {
        case .in: "ㅣ"
        case .cheon: "ㆍ"
        case .ji: "ㅡ"
        case .giyeokKieuk: "ㄱㅋ"
        case .nieunRieul: "ㄴㄹ"
        case .digeutTieut: "ㄷㅌ"
        case .bieupPieup: "ㅂㅍ"
        case .siotHieut: "ㅅㅎ"
        case .jieutChieut: "ㅈㅊ"
        case .ieungMieum: "ㅇㅁ"
        case .punctuation: "PUNCT"
        case .next: "NEXT"
        case .space: "SPACE"
        case .backspace: "BS"
        case .enter: "ENTER"
        case .giyeok: "ㄱ"
        case .kieuk: "ㅋ"
        case .nieun: "ㄴ"
        case .rieul: "ㄹ"
        case .digeut: "ㄷ"
        case .tieut: "ㅌ"
        case .bieup: "ㅂ"
        case .pieup: "ㅍ"
        case .siot: "ㅅ"
        case .hieut: "ㅎ"
        case .jieut: "ㅈ"
        case .chieut: "ㅊ"
        case .ieung: "ㅇ"
        case .mieum: "ㅁ"
        case .aEo: "ㅏㅓ"
        case .oU: "ㅗㅜ"
        case .addStroke: "획추가"
        case .doubleConsonant: "쌍자음"
        case .iEu: "ㅣㅡ"
        case .aYa: "ㅏㅑ"
        case .eoYeo: "ㅓㅕ"
        case .oYo: "ㅗㅛ"
        case .uYu: "ㅜㅠ"
        case .mieumSiot: "ㅁㅅ"
        case .ieungHieut: "ㅇㅎ"
        }
    }

    /// The key tokens, for messages that tell the user what is accepted.
    public static let tokenSummary = "ㅣ ㆍ ㅡ ㄱㅋ ㄴㄹ ㄷㅌ ㅂㅍ ㅅㅎ ㅈㅊ ㅇㅁ (or digits 1-9, 0), PUNCT, NEXT, SPACE, BS, ENTER"

    /// Parses a key token of the Cheon-Ji-In layout: a canonical name (`ㄱㅋ`, `NEXT`) or a digit
    /// alias (`4`). ``KeyboardLayout/key(token:)`` parses any layout's tokens.
    ///
    /// Returns `nil` for anything else, so callers can name the bad token in their error.
    public init?(token: String) {
        if let key = Key.byToken.key(token) {
            self = key
        } else {
            return nil
        }
    }

    private static let byToken: KeyTokens = {
        var tokens = KeyTokens()
        for key in Key.allCases where key.rawValue <= Key.enter.rawValue {
            tokens.add(key.name, key)
            // The digit aliases are the keys' phone digits (``KeyboardLayout/digit(of:)``); `*` and
            // `#` are not aliases here (``KeyboardLayout/key(token:)`` takes `*` as PUNCT).
            if let digit = KeyboardLayout.cheonjiin.digit(of: key) { tokens.add(String(Character(digit)), key) }
        }
        return tokens
    }()
}
