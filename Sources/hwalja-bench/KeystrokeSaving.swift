import Foundation
import HwaljaCore
import HwaljaLexicon
import HwaljaTable
import HwaljaTyping

/// `hwalja-bench --keystroke-saving FILE [--learn] [--predict] [--suggestions N]`: how many keys
/// word suggestions save on a text, and what a suggestion costs per key.
///
/// Every Hangul word costs its keys (as the lexicon spells them) and one key to end it; with
/// suggestions, the fewest keys after which it is among the top N, plus one to pick it (the pick
/// ends it too), if that is fewer. Every other character costs one key either way. `--learn`
/// learns each word once it is typed, as the user's words are learned; `--predict` also learns
/// which word followed which (the context kept by a field's ``WordContext``, which the text's
/// words and the characters between them drive) and counts a word predicted before its first
/// key as one key, the pick.
enum KeystrokeSaving {
    static func run(
        file: String, learn: Bool, predict: Bool = false, limit: Int, table: TransitionTable, lexiconPath: String
    ) throws {
        let lexiconBytes = try Benchmark.read(lexiconPath)
        let lexicon = try LexiconFile.decode(lexiconBytes)
        let load = Benchmark.median(of: 11) { _ = try? LexiconFile.decode(lexiconBytes) }
        let suggester = Suggester(lexicon: lexicon, table: table)
        let spelling = KeySpelling(table: table)
        let text = String(decoding: try Benchmark.read(file), as: UTF8.self)
        var splitCache: [[Key]: [Int]] = [:]
        func splits(_ keys: [Key]) -> [Int] {
            if let known = splitCache[keys] { return known }
            let found = suggester.cleanSplits(of: keys)
            splitCache[keys] = found
            return found
        }
        var learned = LearnedWords()
        var context = WordContext()
        var predicted = 0
        var without = 0
        var with = 0
        var wordKeysWithout = 0
        var wordKeysWith = 0
        var words = 0
        var picked = 0
        var lookups = 0
        let clock = ContinuousClock()
        var lookupTime = Duration.zero
        for (word, isHangul) in pieces(of: text) {
            guard isHangul, let keys = spelling.keys(forWord: word) else {
                without += word.unicodeScalars.count
                with += word.unicodeScalars.count
                // A word of keys not known breaks the context, as in a field.
                if isHangul { context.clear() } else { context.saw(word) }
                continue
            }
            words += 1
            without += keys.count + 1
            // Fewest keys to reach each prefix of the word's keys: typing one more key, or picking a
            // suggestion the word's keys continue (its text a part of the word's, the rest typed on).
            var cost = [Int](repeating: Int.max, count: keys.count + 1)
            cost[0] = 0
            var best = keys.count + 1  // typed, and ended by one key
            if predict && !context.words.isEmpty {
                var next: [[Key]] = []
                lookupTime += clock.measure { next = learned.sequences.next(after: context.words, limit: limit) }
                lookups += 1
                if next.contains(keys) {
                    best = 1  // predicted: the pick types it and ends it
                    predicted += 1
                }
            }
            for typed in 0..<keys.count where cost[typed] < Int.max {
                cost[typed + 1] = min(cost[typed + 1], cost[typed] + 1)
                guard typed > 0, cost[typed] + 1 < best else { continue }
                let prefix = Array(keys[..<typed])
                var shown: [[Key]] = []
                lookupTime += clock.measure {
                    shown = suggester.words(
                        forKeys: prefix, after: predict ? context.words : [], limit: limit, learned: learned)
                    _ = shown.map { TypedText.text(typing: $0, table: table) }
                }
                lookups += 1
                for entry in shown {
                    guard keys.starts(with: entry) else { continue }
                    if entry.count == keys.count {
                        best = min(best, cost[typed] + 1)  // the whole word: the pick ends it
                    } else if splits(keys).contains(entry.count) {
                        cost[entry.count] = min(cost[entry.count], cost[typed] + 1)
                    }
                }
            }
            best = min(best, cost[keys.count] + 1)
            if best < keys.count + 1 { picked += 1 }
            with += best
            wordKeysWithout += keys.count + 1
            wordKeysWith += best
            if learn { suggester.learn(keys, into: &learned) }
            if predict { learned.learn(keys, after: context.words) }
            context.ended(keys)
        }
        let (seconds, attoseconds) = lookupTime.components
        let microseconds = (Double(seconds) * 1e6 + Double(attoseconds) / 1e12) / Double(max(1, lookups))
        print(
            "hwalja-bench: keystroke saving on \(file), top \(limit)\(learn ? ", learning as it goes" : "")\(predict ? ", predicting the next word" : ""), lexicon of \(lexicon.count) words (\(lexicon.byteCount) bytes)"
        )
        print(
            "  lexicon decode:   \(Benchmark.format(load)) median of 11 (checking every entry, indexing the short prefixes)"
        )
        print(
            "  Hangul words:     \(words), \(picked) of them picked from the suggestions\(predict ? " (\(predicted) predicted before their first key)" : "")"
        )
        print(
            "  suggestions:      \(String(format: "%.1f", microseconds)) µs per key (mean of \(lookups) lookups of the top \(limit) and their text)"
        )
        print(
            "  Hangul words only: \(wordKeysWithout) keys without, \(wordKeysWith) with: \(percent(wordKeysWithout, wordKeysWith)) fewer"
        )
        print("  keys without:     \(without)")
        print("  keys with:        \(with)")
        print("  saving:           \(percent(without, with))")
    }

    static func percent(_ without: Int, _ with: Int) -> String {
        String(format: "%.1f%%", 100 * Double(without - with) / Double(max(1, without)))
    }

    /// The text cut into runs of Hangul syllables (words) and single other characters.
    static func pieces(of text: String) -> [(String, Bool)] {
        var pieces: [(String, Bool)] = []
        var word = ""
        for scalar in text.unicodeScalars {
            if Hangul.isSyllable(scalar.value) {
                word.unicodeScalars.append(scalar)
                continue
            }
            if !word.isEmpty { pieces.append((word, true)) }
            word = ""
            pieces.append((String(scalar), false))
        }
        if !word.isEmpty { pieces.append((word, true)) }
        return pieces
    }
}
