import HwaljaCore

/// Words a key sequence may still become, best first: the suggestions for the word being typed.
///
/// Matching is on keys, not on the text shown: after ㄱ ㅣ the screen shows 기, yet 가 (ㄱ ㅣ ㆍ)
/// and 갈 are still on the way; after 가 ㄱ it shows 각, yet 가기 and 가카 are too.
package struct Suggester: Sendable {
    package let lexicon: Lexicon
    package let table: TransitionTable

    package init(lexicon: Lexicon, table: TransitionTable) {
        self.lexicon = lexicon
        self.table = table
    }

    /// Up to `limit` words for the keys typed so far in the current word, the user's own words
    /// (`learned`) ranked with the lexicon's.
    package func suggestions(forKeys typed: [Key], limit: Int, learned: LearnedWords = LearnedWords()) -> [String] {
        entries(forKeys: typed, limit: limit, learned: learned).map { TypedText.text(typing: $0.keys, table: table) }
    }

    /// The entries behind ``suggestions(forKeys:limit:learned:)``.
    package func entries(forKeys typed: [Key], limit: Int, learned: LearnedWords = LearnedWords()) -> [LexiconEntry] {
        let prefix = Self.normalized(typed)
        guard limit > 0, !prefix.isEmpty else { return [] }
        var merged = lexicon.best(startingWith: prefix, limit: limit, minimumRemaining: Self.minimumRemaining)
        for entry in learned.best(startingWith: prefix, limit: limit, minimumRemaining: Self.minimumRemaining) {
            if let index = merged.firstIndex(where: { $0.keys == entry.keys }) {
                merged[index].score = max(merged[index].score, entry.score)
            } else {
                merged.append(entry)
            }
        }
        merged.sort { $0.score != $1.score ? $0.score > $1.score : $0 < $1 }
        return Array(merged.prefix(limit))
    }

    /// The words of ``entries(forKeys:limit:learned:)``, those the user typed after the words of
    /// `context` (the lexicon's keys; ``LearnedWords/sequences``) first.
    package func words(forKeys typed: [Key], after context: [[Key]], limit: Int, learned: LearnedWords) -> [[Key]] {
        let completions = entries(forKeys: typed, limit: limit, learned: learned).map(\.keys)
        guard !context.isEmpty else { return completions }
        let followers = learned.sequences.next(
            after: context, limit: limit, startingWith: Self.normalized(typed), minimumRemaining: Self.minimumRemaining)
        return Array((followers + completions.filter { !followers.contains($0) }).prefix(limit))
    }

    /// Learns the word typed by `keys` (committed by the user), and the stem it shares with a word
    /// learned before, if of two syllables or more (데비안은 after 데비안을: 데비안): picked, a stem
    /// leaves the word open for its ending.
    package func learn(_ keys: [Key], into learned: inout LearnedWords) {
        let index = learned.firstIndex(notBefore: keys)
        var stem: [Key] = []
        for neighbour in [index - 1, index, index + 1]
        where learned.words.indices.contains(neighbour) && learned.words[neighbour].keys != keys {
            let other = learned.words[neighbour].keys
            let shared = zip(keys, other).prefix { $0 == $1 }.count
            if let boundary = cleanSplits(of: keys).last(where: { $0 <= shared && $0 < other.count }),
                boundary > stem.count
            {
                stem = Array(keys[..<boundary])
            }
        }
        learned.learn(keys)
        if !stem.isEmpty { learned.learn(stem) }
    }

    /// The key counts after which `keys` split into two parts typed on their own give its text,
    /// the first part two syllables or more.
    package func cleanSplits(of keys: [Key]) -> [Int] {
        let text = Array(TypedText.text(typing: keys, table: table).unicodeScalars)
        guard text.count >= 3 else { return [] }
        var splits: [Int] = []
        for count in 1..<keys.count where keys[count - 1] != .next {
            let head = Array(TypedText.text(typing: keys[..<count], table: table).unicodeScalars)
            guard head.count >= 2, head.count < text.count, text.starts(with: head) else { continue }
            let tail = keys[count...].drop { $0 == .next }
            if Array(TypedText.text(typing: tail, table: table).unicodeScalars) == Array(text[head.count...]) {
                splits.append(count)
            }
        }
        return splits
    }

    /// Keys a suggestion must have beyond those typed: the word typed already is no suggestion.
    static let minimumRemaining = 1

    /// `keys` as the lexicon spells them: next-character only between two presses of one key (a
    /// user may press it between syllables where it changes nothing).
    package static func normalized(_ keys: [Key]) -> [Key] {
        var result: [Key] = []
        for (index, key) in keys.enumerated() {
            if key == .next {
                guard let before = result.last, index + 1 < keys.count else {
                    // a last one may precede the same key
                    if index + 1 == keys.count, result.last != nil { result.append(key) }
                    continue
                }
                if keys[index + 1] != before { continue }
            }
            result.append(key)
        }
        return result
    }
}
