import HwaljaCore

/// How a user of each layout types Hangul, derived from Unicode decomposition and the layout's
/// key map in docs/layouts.md alone (never from the rules or the table): the
/// independent side of the per-layout exhaustive tests. 천지인 is ``SamsungSpelling``.
package struct LayoutSpelling: Sendable {
    /// The layout spelled.
    package let layout: KeyboardLayout
    /// The keys for each consonant (compatibility jamo), in press order.
    let consonants: [Character: [Key]]
    /// The keys for each of the 21 vowels, in jungseong order (U+1161…).
    let vowels: [[Key]]
    /// The keys that continue a multi-tap run when pressed twice in a row across two letters,
    /// so that next-character must separate them.
    let runKeys: Set<Key>

    /// The spelling of `layout`.
    package static func of(_ layout: KeyboardLayout) -> LayoutSpelling {
        switch layout {
        case .cheonjiin: cheonjiin
        case .cheonjiinPlus: cheonjiinPlus
        case .naratgeul: naratgeul
        case .vega: vega
        }
    }

    static let initials: [Character] = Array("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ")
    /// Jongseong in Unicode order (U+11A8…), each as the consonants typed for it.
    static let finals: [String] = [
        "", "ㄱ", "ㄲ", "ㄱㅅ", "ㄴ", "ㄴㅈ", "ㄴㅎ", "ㄷ", "ㄹ", "ㄹㄱ", "ㄹㅁ", "ㄹㅂ", "ㄹㅅ", "ㄹㅌ", "ㄹㅍ", "ㄹㅎ",
        "ㅁ", "ㅂ", "ㅂㅅ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"
    ]

    /// The keys that type one precomposed syllable (U+AC00–U+D7A3) from empty text.
    package func keys(forSyllable scalar: UInt32) -> [Key] {
        precondition((0xAC00...0xD7A3).contains(scalar), "not a precomposed syllable")
        let index = Int(scalar - 0xAC00)
        var keys = consonants[Self.initials[index / 588]]!
        keys += vowels[(index / 28) % 21]
        for consonant in Self.finals[index % 28] { keys += consonants[consonant]! }
        return keys
    }

    /// The keys that type a word of precomposed syllables, with next-character only between two
    /// syllables where the same key would otherwise continue a multi-tap run.
    package func keys(forWord word: String) -> [Key] {
        var keys: [Key] = []
        for scalar in word.unicodeScalars {
            let syllable = self.keys(forSyllable: scalar.value)
            if let last = keys.last, last == syllable.first, runKeys.contains(last) { keys.append(.next) }
            keys += syllable
        }
        return keys
    }

    // MARK: The layouts

    /// 천지인's vowel strokes (ㅣ ㆍ ㅡ), shared with 천지인 플러스.
    static let strokeVowels: [[Key]] = [
        "ㅣㆍ", "ㅣㆍㅣ", "ㅣㆍㆍ", "ㅣㆍㆍㅣ", "ㆍㅣ", "ㆍㅣㅣ", "ㆍㆍㅣ", "ㆍㆍㅣㅣ", "ㆍㅡ", "ㆍㅡㅣㆍ", "ㆍㅡㅣㆍㅣ",
        "ㆍㅡㅣ", "ㆍㆍㅡ", "ㅡㆍ", "ㅡㆍㆍㅣ", "ㅡㆍㆍㅣㅣ", "ㅡㆍㅣ", "ㅡㆍㆍ", "ㅡ", "ㅡㅣ", "ㅣ"
    ].map { strokes in strokes.map { $0 == "ㅣ" ? Key.in : $0 == "ㆍ" ? .cheon : .ji } }

    static let cheonjiin = LayoutSpelling(
        layout: .cheonjiin,
        consonants: SamsungSpelling.consonants.mapValues { Array(repeating: $0.0, count: $0.1) },
        vowels: strokeVowels,
        runKeys: Set(Key.tableKeys)
    )

    /// 천지인 플러스: a key per consonant, the aspirate key twice for the tense one.
    static let cheonjiinPlus = LayoutSpelling(
        layout: .cheonjiinPlus,
        consonants: [
            "ㄱ": [.giyeok], "ㅋ": [.kieuk], "ㄲ": [.kieuk, .kieuk], "ㄴ": [.nieun], "ㄹ": [.rieul], "ㄷ": [.digeut],
            "ㅌ": [.tieut], "ㄸ": [.tieut, .tieut], "ㅂ": [.bieup], "ㅍ": [.pieup], "ㅃ": [.pieup, .pieup], "ㅅ": [.siot],
            "ㅎ": [.hieut], "ㅆ": [.hieut, .hieut], "ㅈ": [.jieut], "ㅊ": [.chieut], "ㅉ": [.chieut, .chieut],
            "ㅇ": [.ieung], "ㅁ": [.mieum]
        ],
        vowels: strokeVowels,
        runKeys: [.kieuk, .tieut, .pieup, .hieut, .chieut, .in, .cheon, .ji]
    )

    /// 나랏글: the base letter, then 획추가 for each stroke and 쌍자음 for the double.
    static let naratgeul: LayoutSpelling = {
        let stroke = Key.addStroke
        let double = Key.doubleConsonant
        let a = Key.aEo
        let o = Key.oU
        let vowels: [[Key]] = [
            [a], [a, .in], [a, stroke], [a, stroke, .in], [a, a], [a, a, .in], [a, a, stroke], [a, a, stroke, .in],
            [o], [o, a], [o, a, .in], [o, .in], [o, stroke], [o, o], [o, o, a], [o, o, a, .in], [o, o, .in],
            [o, o, stroke], [.ji], [.ji, .in], [.in]
        ]
        return LayoutSpelling(
            layout: .naratgeul,
            consonants: [
                "ㄱ": [.giyeok], "ㅋ": [.giyeok, stroke], "ㄲ": [.giyeok, double], "ㄴ": [.nieun], "ㄷ": [.nieun, stroke],
                "ㅌ": [.nieun, stroke, stroke], "ㄸ": [.nieun, stroke, double], "ㄹ": [.rieul], "ㅁ": [.mieum],
                "ㅂ": [.mieum, stroke], "ㅍ": [.mieum, stroke, stroke], "ㅃ": [.mieum, stroke, double], "ㅅ": [.siot],
                "ㅈ": [.siot, stroke], "ㅊ": [.siot, stroke, stroke], "ㅆ": [.siot, double], "ㅉ": [.siot, stroke, double],
                "ㅇ": [.ieung], "ㅎ": [.ieung, stroke]
            ],
            vowels: vowels,
            runKeys: []
        )
    }()

    /// 베가: each letter's key pressed once per position in its cycle; vowels pair as on a PC keyboard.
    static let vega: LayoutSpelling = {
        func presses(_ key: Key, _ count: Int) -> [Key] { Array(repeating: key, count: count) }
        let a = Key.aYa
        let eo = Key.eoYeo
        let o = Key.oYo
        let u = Key.uYu
        let i = Key.iEu
        let vowels: [[Key]] = [
            [a], [a, i], [a, a], [a, a, i], [eo], [eo, i], [eo, eo], [eo, eo, i], [o], [o, a], [o, a, i], [o, i],
            [o, o], [u], [u, eo], [u, eo, i], [u, i], [u, u], [i, i], [i, i, i], [i]
        ]
        return LayoutSpelling(
            layout: .vega,
            consonants: [
                "ㄱ": presses(.giyeokKieuk, 1), "ㅋ": presses(.giyeokKieuk, 2), "ㄲ": presses(.giyeokKieuk, 3),
                "ㄷ": presses(.digeutTieut, 1), "ㅌ": presses(.digeutTieut, 2), "ㄸ": presses(.digeutTieut, 3),
                "ㅁ": presses(.mieumSiot, 1), "ㅅ": presses(.mieumSiot, 2), "ㅆ": presses(.mieumSiot, 3),
                "ㅂ": presses(.bieupPieup, 1), "ㅍ": presses(.bieupPieup, 2), "ㅃ": presses(.bieupPieup, 3),
                "ㅈ": presses(.jieutChieut, 1), "ㅊ": presses(.jieutChieut, 2), "ㅉ": presses(.jieutChieut, 3),
                "ㄴ": presses(.nieunRieul, 1), "ㄹ": presses(.nieunRieul, 2), "ㅇ": presses(.ieungHieut, 1),
                "ㅎ": presses(.ieungHieut, 2)
            ],
            vowels: vowels,
            runKeys: Set(KeyboardLayout.vega.tableKeys)
        )
    }()
}
