import HwaljaCore

/// One conversion offered: an entry, and how many Unicode scalars of the text it replaces (its
/// reading's: 學校 replaces the 학교 of 학교에서).
package struct HanjaCandidate: Sendable, Equatable {
    package var entry: HanjaEntry
    package var replacing: Int { entry.reading.unicodeScalars.count }

    package init(_ entry: HanjaEntry) { self.entry = entry }
}

/// What a text converts to, as the conversion key offers it.
package enum HanjaSearch {
    /// The longest reading looked up: longer runs of syllables are not words of the file.
    package static let longestReading = 12

    /// The conversions of the beginnings of `word` (Hangul syllables), longest first, each
    /// reading's ranked by `picks` (학교에서: 學校 and 學敎 for 학교, then 學 鶴 … for 학); for a
    /// lone compatibility jamo, its symbols (ㅁ: ＃ ＆ ＊ … ※ ☆ ★).
    package static func candidates(
        beginning word: String, hanja: HanjaDictionary?, symbols: HanjaDictionary?, picks: HanjaPicks
    ) -> [HanjaCandidate] {
        if let jamo = loneJamo(word) {
            return picks.ranked(symbols?.entries(reading: jamo) ?? []).map(HanjaCandidate.init)
        }
        let syllables = Array(word.unicodeScalars.prefix { Hangul.isSyllable($0.value) }.prefix(longestReading))
        return candidates(
            of: syllables.indices.reversed().map { String(String.UnicodeScalarView(syllables[...$0])) },
            in: hanja, picks: picks)
    }

    /// Whether the conversion key offers anything for `word` (what
    /// ``candidates(beginning:hanja:symbols:picks:)`` would list), looked up shortest beginning
    /// first (its first syllable has hanja, the usual case: one lookup); `hasEntries` says
    /// whether a reading has any, among the symbols (a lone consonant) or the hanja.
    package static func converts(beginning word: String, hasEntries: (_ reading: String, _ symbols: Bool) -> Bool)
        -> Bool
    {
        if let jamo = loneJamo(word) { return hasEntries(jamo, true) }
        let syllables = Array(word.unicodeScalars.prefix { Hangul.isSyllable($0.value) }.prefix(longestReading))
        return syllables.indices.contains { hasEntries(String(String.UnicodeScalarView(syllables[...$0])), false) }
    }

    /// The conversions of the endings of `text` (the text before the cursor), longest first:
    /// 오늘 학교 → 學校 …, then 校 ….
    package static func candidates(ending text: String, hanja: HanjaDictionary?, picks: HanjaPicks)
        -> [HanjaCandidate]
    {
        let syllables = Array(
            text.unicodeScalars.reversed().prefix { Hangul.isSyllable($0.value) }.prefix(longestReading)
                .reversed())
        return candidates(
            of: syllables.indices.map { String(String.UnicodeScalarView(syllables[$0...])) },
            in: hanja, picks: picks)
    }

    /// The conversions of all of `text` (a selection), if it is Hangul syllables.
    package static func candidates(of text: String, hanja: HanjaDictionary?, picks: HanjaPicks) -> [HanjaCandidate] {
        guard text.unicodeScalars.count <= longestReading,
            text.unicodeScalars.allSatisfy({ Hangul.isSyllable($0.value) })
        else { return [] }
        return candidates(of: [text], in: hanja, picks: picks)
    }

    private static func candidates(of readings: [String], in hanja: HanjaDictionary?, picks: HanjaPicks)
        -> [HanjaCandidate]
    {
        guard let hanja else { return [] }
        return readings.filter { !$0.isEmpty }.flatMap { picks.ranked(hanja.entries(reading: $0)) }
            .map(HanjaCandidate.init)
    }

    /// `text` if it is one compatibility consonant (ㄱ … ㅎ), whose symbols the key offers.
    static func loneJamo(_ text: String) -> String? {
        guard text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first,
            (0x3131...0x314E).contains(scalar.value)
        else { return nil }
        return text
    }
}
