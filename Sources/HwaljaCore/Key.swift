/// A key of the Cheon-Ji-In keypad, or one of the control keys that go with it.
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
/// The raw value of a table key (1...11) is the key's index in the transition table.
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

    /// The keys whose effect is a transition-table lookup, in table order.
    public static let tableKeys: [Key] = allCases.filter(\.isTableKey)

    /// Whether pressing this key is a transition-table lookup (the ten letters and punctuation).
    public var isTableKey: Bool { rawValue <= Key.punctuation.rawValue }

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
        }
    }

    /// The phone-keypad digit on this key (what a long press types), or `nil` for keys without one.
    public var digit: Unicode.Scalar? {
        switch self {
        case .in: "1"
        case .cheon: "2"
        case .ji: "3"
        case .giyeokKieuk: "4"
        case .nieunRieul: "5"
        case .digeutTieut: "6"
        case .bieupPieup: "7"
        case .siotHieut: "8"
        case .jieutChieut: "9"
        case .ieungMieum: "0"
        default: nil
        }
    }

    /// The key tokens, for messages that tell the user what is accepted.
    public static let tokenSummary = "ㅣ ㆍ ㅡ ㄱㅋ ㄴㄹ ㄷㅌ ㅂㅍ ㅅㅎ ㅈㅊ ㅇㅁ (or digits 1-9, 0), PUNCT, NEXT, SPACE, BS, ENTER"

    /// Parses a key token: a canonical name (`ㄱㅋ`, `NEXT`) or a digit alias (`4`).
    ///
    /// Returns `nil` for anything else, so callers can name the bad token in their error.
    public init?(token: String) {
        if let key = Key.byToken[token] {
            self = key
        } else {
            return nil
        }
    }

    private static let byToken: [String: Key] = {
        var map: [String: Key] = [:]
        for key in Key.allCases {
            map[key.name] = key
            if let digit = key.digit { map[String(Character(digit))] = key }
        }
        return map
    }()
}
