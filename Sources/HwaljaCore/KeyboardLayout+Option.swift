extension KeyboardLayout {
    /// A choice keyboards of one layout disagree on (marked G in the behaviour reference), by the
    /// name the settings use (`layout-options`). Each is off by default: the reference's defaults
    /// are the committed tables.
    public enum Option: String, Sendable, CaseIterable, Hashable {
        /// 나랏글: 획추가 stops at the last member (ㅅ 획 획 획 → ㅊ) instead of wrapping (→ ㅅ).
        case naratgeulStrokeStops = "naratgeul-stroke-stops"
        /// 나랏글: 쌍자음 also on ㅁ → ㅃ, ㄴ → ㄸ, ㅇ → ㅎ, as one keyboard does.
        case naratgeulMoreDoubles = "naratgeul-more-doubles"
        /// 베가: a vowel key after a compound vowel starts a new vowel (와 ㅏㅑ → 와ㅏ) instead of
        /// taking the compound's last part back (→ 오ㅑ).
        case vegaCompoundsStay = "vega-compounds-stay"
        /// 천지인 플러스: a third press of an aspirate key starts a new one (ㅋ ㅋ ㅋ → ㄲㅋ) instead
        /// of giving the aspirate again (→ ㅋ).
        case cheonjiinPlusThirdPressAnew = "cheonjiin-plus-third-press-anew"

        /// The name in the settings.
        public var name: String { rawValue }

        /// The option named `name`, or `nil`.
        public init?(name: String) { self.init(rawValue: name) }

        /// The layout whose table the option changes.
        public var layout: KeyboardLayout {
            switch self {
            case .naratgeulStrokeStops, .naratgeulMoreDoubles: .naratgeul
            case .vegaCompoundsStay: .vega
            case .cheonjiinPlusThirdPressAnew: .cheonjiinPlus
            }
        }

        /// The names of all options, for messages that tell the user what is accepted.
        public static let nameSummary = allCases.map(\.name).joined(separator: ", ")
    }
}
