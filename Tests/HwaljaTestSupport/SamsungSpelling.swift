import HwaljaCore

/// How a Samsung Cheon-Ji-In user types Hangul, derived from Unicode decomposition alone
/// (never from the table): the independent side of the exhaustive tests.
package enum SamsungSpelling {
    /// Key and number of presses for each consonant (layout: docs/layouts.md, 천지인).
    static let consonants: [Character: (Key, Int)] = [
        "ㄱ": (.giyeokKieuk, 1), "ㅋ": (.giyeokKieuk, 2), "ㄲ": (.giyeokKieuk, 3),
        "ㄴ": (.nieunRieul, 1), "ㄹ": (.nieunRieul, 2),
        "ㄷ": (.digeutTieut, 1), "ㅌ": (.digeutTieut, 2), "ㄸ": (.digeutTieut, 3),
        "ㅂ": (.bieupPieup, 1), "ㅍ": (.bieupPieup, 2), "ㅃ": (.bieupPieup, 3),
        "ㅅ": (.siotHieut, 1), "ㅎ": (.siotHieut, 2), "ㅆ": (.siotHieut, 3),
        "ㅈ": (.jieutChieut, 1), "ㅊ": (.jieutChieut, 2), "ㅉ": (.jieutChieut, 3),
        "ㅇ": (.ieungMieum, 1), "ㅁ": (.ieungMieum, 2)
    ]
    /// Choseong in Unicode order (U+1100…).
    static let initials: [Character] = Array("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ")
    /// Jungseong in Unicode order (U+1161…) with their strokes: ㅣ = in, ㆍ = cheon, ㅡ = ji.
    static let vowels: [String] = [
        "ㅣㆍ", "ㅣㆍㅣ", "ㅣㆍㆍ", "ㅣㆍㆍㅣ", "ㆍㅣ", "ㆍㅣㅣ", "ㆍㆍㅣ", "ㆍㆍㅣㅣ", "ㆍㅡ", "ㆍㅡㅣㆍ", "ㆍㅡㅣㆍㅣ",
        "ㆍㅡㅣ", "ㆍㆍㅡ", "ㅡㆍ", "ㅡㆍㆍㅣ", "ㅡㆍㆍㅣㅣ", "ㅡㆍㅣ", "ㅡㆍㆍ", "ㅡ", "ㅡㅣ", "ㅣ"
    ]
    /// Jongseong in Unicode order (U+11A8…), each as the consonants typed for it.
    static let finals: [String] = [
        "", "ㄱ", "ㄲ", "ㄱㅅ", "ㄴ", "ㄴㅈ", "ㄴㅎ", "ㄷ", "ㄹ", "ㄹㄱ", "ㄹㅁ", "ㄹㅂ", "ㄹㅅ", "ㄹㅌ", "ㄹㅍ", "ㄹㅎ",
        "ㅁ", "ㅂ", "ㅂㅅ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"
    ]

    /// The keys that type one precomposed syllable (U+AC00–U+D7A3) from empty text.
    package static func keys(forSyllable scalar: UInt32) -> [Key] {
        precondition((0xAC00...0xD7A3).contains(scalar), "not a precomposed syllable")
        let index = Int(scalar - 0xAC00)
        var keys = consonantKeys(initials[index / 588])
        for stroke in vowels[(index / 28) % 21] {
            keys.append(stroke == "ㅣ" ? .in : stroke == "ㆍ" ? .cheon : .ji)
        }
        for consonant in finals[index % 28] { keys += consonantKeys(consonant) }
        return keys
    }

    /// The keys that type a word of precomposed syllables, with next-character only between two
    /// syllables where the same key would otherwise continue a multi-tap run.
    package static func keys(forWord word: String) -> [Key] {
        var keys: [Key] = []
        for scalar in word.unicodeScalars {
            let syllable = self.keys(forSyllable: scalar.value)
            if let last = keys.last, last == syllable.first { keys.append(.next) }
            keys += syllable
        }
        return keys
    }

    private static func consonantKeys(_ consonant: Character) -> [Key] {
        let (key, presses) = consonants[consonant]!
        return Array(repeating: key, count: presses)
    }
}
