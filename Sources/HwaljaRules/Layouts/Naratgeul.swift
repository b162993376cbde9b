import HwaljaCore

/// 나랏글 (EZ한글): one key per basic letter, 획추가 (add a stroke) and 쌍자음 (double).
///
/// - Consonant keys type their letter and never cycle: no next-character is needed.
/// - The vowel keys type ㅏ and ㅗ; again they swap (ㅏ↔ㅓ, ㅗ↔ㅜ) or combine (``vowelKeys``).
/// - 획추가 and 쌍자음 act on the last letter typed: on a consonant wherever it stands (a final,
///   the second half of a double final, or alone), and the result re-attaches to what precedes
///   it (안ㅅ + 획 → 앉, 닭 + 획 → 달ㅋ, 간 + 획 + 쌍 → 가ㄸ); 획 also on a vowel (가 → 갸).
///   Where a letter has no stroke or double, they do nothing.
///
/// Behaviour: docs/layouts.md, 나랏글.
package struct Naratgeul: LayoutRules {
    /// The choices keyboards disagree on (marked G in the reference), with its defaults.
    package struct Options: Sendable, Equatable {
        /// 획추가 past the last member wraps to the first (ㅅ 획 획 획 → ㅅ); else it stays (→ ㅊ).
        package var strokeWraps = true
        /// 쌍자음 also on ㅁ → ㅃ, ㄴ → ㄸ, ㅇ → ㅎ, as one keyboard does.
        package var doubleOnOtherConsonants = false

        package init(strokeWraps: Bool = true, doubleOnOtherConsonants: Bool = false) {
            self.strokeWraps = strokeWraps
            self.doubleOnOtherConsonants = doubleOnOtherConsonants
        }

        /// The options the settings name (`naratgeul-stroke-stops`, `naratgeul-more-doubles`).
        package init(_ chosen: Set<KeyboardLayout.Option>) {
            self.init(
                strokeWraps: !chosen.contains(.naratgeulStrokeStops),
                doubleOnOtherConsonants: chosen.contains(.naratgeulMoreDoubles))
        }
    }

    /// The consonant each consonant key types.
    static let consonants: [Key: Unicode.Scalar] = [
        .giyeok: "ㄱ", .nieun: "ㄴ", .rieul: "ㄹ", .mieum: "ㅁ", .siot: "ㅅ", .ieung: "ㅇ"
    ]
    /// The vowel each vowel key starts.
    static let vowelStarts: [Key: Unicode.Scalar] = [.aEo: "ㅏ", .oU: "ㅗ", .in: "ㅣ", .ji: "ㅡ"]
    /// A vowel, then a vowel key: the vowel it becomes (a swap or a compound). A vowel key that
    /// extends nothing starts a new vowel (와 + ㅏㅓ → 와ㅏ).
    static let vowelKeys: [Unicode.Scalar: [Key: Unicode.Scalar]] = [
        "ㅏ": [.aEo: "ㅓ", .in: "ㅐ"], "ㅓ": [.aEo: "ㅏ", .in: "ㅔ"], "ㅑ": [.in: "ㅒ"], "ㅕ": [.in: "ㅖ"],
        "ㅗ": [.oU: "ㅜ", .aEo: "ㅘ", .in: "ㅚ"], "ㅜ": [.oU: "ㅗ", .aEo: "ㅝ", .in: "ㅟ"],
        "ㅘ": [.in: "ㅙ"], "ㅝ": [.in: "ㅞ"], "ㅡ": [.in: "ㅢ"]
    ]
    /// 획추가: each letter and the one a stroke makes of it, wrapping round (ㄹ has none).
    static let strokes: [Unicode.Scalar: Unicode.Scalar] = [
        "ㄱ": "ㅋ", "ㅋ": "ㄱ", "ㄴ": "ㄷ", "ㄷ": "ㅌ", "ㅌ": "ㄴ", "ㅁ": "ㅂ", "ㅂ": "ㅍ", "ㅍ": "ㅁ",
        "ㅅ": "ㅈ", "ㅈ": "ㅊ", "ㅊ": "ㅅ", "ㅇ": "ㅎ", "ㅎ": "ㅇ",
        "ㅏ": "ㅑ", "ㅑ": "ㅏ", "ㅓ": "ㅕ", "ㅕ": "ㅓ", "ㅗ": "ㅛ", "ㅛ": "ㅗ", "ㅜ": "ㅠ", "ㅠ": "ㅜ"
    ]
    /// Where 획추가 stops instead of wrapping (``Options/strokeWraps`` off): the last members.
    static let strokeEnds: Set<Unicode.Scalar> = ["ㅋ", "ㅌ", "ㅍ", "ㅊ", "ㅎ", "ㅑ", "ㅕ", "ㅛ", "ㅠ"]
    /// 쌍자음 on the other consonants (``Options/doubleOnOtherConsonants``).
    static let otherDoubles: [Unicode.Scalar: Unicode.Scalar] = ["ㅁ": "ㅃ", "ㄴ": "ㄸ", "ㅇ": "ㅎ"]
    /// 쌍자음: each consonant and its double, both ways.
    static let doubles: [Unicode.Scalar: Unicode.Scalar] = [
        "ㄱ": "ㄲ", "ㄲ": "ㄱ", "ㄷ": "ㄸ", "ㄸ": "ㄷ", "ㅂ": "ㅃ", "ㅃ": "ㅂ", "ㅅ": "ㅆ", "ㅆ": "ㅅ", "ㅈ": "ㅉ", "ㅉ": "ㅈ"
    ]

    /// The choices this table is made with.
    package let options: Options
    private let strokeChanges: [Unicode.Scalar: Unicode.Scalar]
    private let doubleChanges: [Unicode.Scalar: Unicode.Scalar]
    private let livePairs: LivePairFinder

    package init(options: Options = Options()) {
        self.options = options
        let strokeChanges =
            options.strokeWraps ? Self.strokes : Self.strokes.filter { !Self.strokeEnds.contains($0.key) }
        let doubleChanges =
            options.doubleOnOtherConsonants ? Self.doubles.merging(Self.otherDoubles) { $1 } : Self.doubles
        self.strokeChanges = strokeChanges
        self.doubleChanges = doubleChanges
        livePairs = LivePairFinder(keys: KeyboardLayout.naratgeul.tableKeys) {
            Self.press($0, after: $1, strokes: strokeChanges, doubles: doubleChanges)
        }
    }

    package var keyboard: KeyboardLayout { .naratgeul }

    package func press(_ key: Key, after context: [TextUnit]) -> [TextUnit] {
        Self.press(key, after: context, strokes: strokeChanges, doubles: doubleChanges)
    }

    package func isLivePair(_ first: TextUnit, _ second: TextUnit) -> Bool {
        livePairs.isLive(first, second)
    }

    static func press(
        _ key: Key, after context: [TextUnit], strokes: [Unicode.Scalar: Unicode.Scalar],
        doubles: [Unicode.Scalar: Unicode.Scalar]
    ) -> [TextUnit] {
        if let consonant = consonants[key] { return Jamo.attach(consonant, to: context) }
        if let start = vowelStarts[key] {
            return Jamo.typeVowel(start, extend: { vowelKeys[$0]?[key] }, after: context)
        }
        switch key {
        case .addStroke: return change(context, by: strokes)
        case .doubleConsonant: return change(context, by: doubles)
        default: preconditionFailure("Naratgeul.press: \(key.name) is not a 나랏글 key")
        }
    }

    /// 획추가 or 쌍자음: the last consonant changed and attached again, or the last vowel changed
    /// in place; the text as it was where `changes` has nothing for the last letter.
    private static func change(_ context: [TextUnit], by changes: [Unicode.Scalar: Unicode.Scalar]) -> [TextUnit] {
        if let (before, consonant) = Jamo.lastConsonant(of: context) {
            guard let changed = changes[consonant] else { return context }
            return Jamo.attach(changed, to: before)
        }
        if let (before, vowel) = Jamo.lastVowel(of: context, compounds: [:]), let changed = changes[vowel] {
            return Jamo.typeVowel(changed, extend: { _ in nil }, after: before)
        }
        return context
    }
}
