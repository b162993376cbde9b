import HwaljaTestSupport
import Testing

@testable import HwaljaCore

/// Backspace as exact undo, over every word of the hunspell dictionary: undoing keystrokes and
/// typing them again, and a wrong key corrected at once, both give the word back — for an
/// application that can take committed text back, and (every fourth word, to keep the run short)
/// for one that cannot.
struct BackspaceRecoveryTests {
    /// Type a word, press BS k times, type its last k keys again: the word, for every k ≤ 3 whose
    /// keys hold no NEXT (undo never goes back through a boundary). And, where the application
    /// can take text back, every BS back to the word's last NEXT (at most ``Composer/undoDepth``
    /// of them) leaves exactly the text the keys before it typed.
    @Test(arguments: [true, false])
    func undoingTheLastKeysAndTypingThemAgainGivesTheWord(canRetract: Bool) throws {
        let words = try #require(HunspellWords.sorted, "\(HunspellWords.missing)")
        let options = Composer.Options(canRetract: canRetract)
        var retyped = Tally()
        var retraced = Tally()
        for (number, word) in words.enumerated() where canRetract || number % 4 == 0 {
            let keys = SamsungSpelling.keys(forWord: word)
            var typedWord = TypingHost(options: options)
            var texts: [[UInt32]] = [[]]  // texts[n]: the text after the first n keys
            for key in keys {
                typedWord.press(key)
                texts.append(typedWord.scalars)
            }
            let wholeWord = word.unicodeScalars.map(\.value)
            for k in 1...min(3, keys.count) where !keys.suffix(k).contains(.next) {
                var host = typedWord
                for _ in 0..<k { host.press(.backspace) }
                for key in keys.suffix(k) { host.press(key) }
                retyped.record(host.shows(wholeWord)) { "\(word) BS×\(k) retyped: \(host.text)" }
            }
            guard canRetract else { continue }  // without retraction, undo reaches only as far as the preedit holds
            var host = typedWord
            for n in stride(from: keys.count - 1, through: max(0, keys.count - Composer.undoDepth), by: -1) {
                if keys[n] == .next { break }
                host.press(.backspace)
                retraced.record(host.shows(texts[n])) {
                    "\(word) BS×\(keys.count - n): \(host.text), typing gave \(String(scalars: texts[n]))"
                }
            }
        }
        #expect(retyped.failures == 0, "retyped: \(retyped)")
        #expect(retraced.failures == 0, "each BS: \(retraced)")
    }

    /// Type a word with one wrong letter key at some position, corrected by BS at once: the word.
    /// Every position of every word, each with one wrong key picked in turn from the nine letter
    /// keys other than the right one (all ten at the end of the word), so that every wrong key
    /// meets every position across the dictionary.
    ///
    /// Where BS leaves the application and the composer exactly as they were before the wrong key,
    /// the rest of the word types as it does without the slip (the composer is a value with no
    /// other input), so only the other cases are typed out (about one in eighteen), and every
    /// sixteenth word in full.
    @Test(arguments: [true, false])
    func aWrongKeyCorrectedAtOnceLeavesTheWordIntact(canRetract: Bool) throws {
        let words = try #require(HunspellWords.sorted, "\(HunspellWords.missing)")
        let options = Composer.Options(canRetract: canRetract)
        var tally = Tally()
        var typedOut = 0
        for (number, word) in words.enumerated() where canRetract || number % 4 == 0 {
            let keys = SamsungSpelling.keys(forWord: word)
            let wholeWord = word.unicodeScalars.map(\.value)
            var prefix = TypingHost(options: options)
            var restoredSlips: [(position: Int, slip: Key)] = []
            for position in 0...keys.count {
                let slip = WrongKey.pick(
                    number &* 7 &+ position, insteadOf: position < keys.count ? keys[position] : nil)
                var host = prefix
                host.press(slip)
                host.press(.backspace)
                // Every sixteenth word is typed out all the same, keeping the shortcut honest.
                if number % 16 != 0 && host.committed == prefix.committed
                    && host.composer.hasSameState(as: prefix.composer)
                {
                    restoredSlips.append((position, slip))
                } else {
                    typedOut += 1
                    for key in keys[position...] { host.press(key) }
                    tally.record(host.shows(wholeWord)) { Self.describe(word, keys, slip, at: position, host.text) }
                }
                if position < keys.count { prefix.press(keys[position]) }
            }
            // The rest typed after a slip BS put right is the rest typed without the slip.
            let typedWithoutSlips = prefix.shows(wholeWord)
            for (position, slip) in restoredSlips {
                tally.record(typedWithoutSlips) { Self.describe(word, keys, slip, at: position, prefix.text) }
            }
        }
        #expect(tally.failures == 0, "\(tally); \(typedOut) typed out")
    }

    static func describe(_ word: String, _ keys: [Key], _ slip: Key, at position: Int, _ result: String) -> String {
        let typed = keys[..<position].map(\.name) + [slip.name, "BS"] + keys[position...].map(\.name)
        return "\(word): \(typed.joined(separator: " ")) → \(result)"
    }

    /// Cases counted, failures counted, the first few failures described.
    struct Tally: CustomStringConvertible {
        var cases = 0
        var failures = 0
        var examples: [String] = []

        mutating func record(_ passed: Bool, _ example: () -> String) {
            cases += 1
            guard !passed else { return }
            failures += 1
            if examples.count < 10 { examples.append(example()) }
        }

        var description: String {
            let percent = (Double(cases - failures) / Double(max(cases, 1)) * 1000).rounded() / 10
            return "\(cases - failures) of \(cases) (\(percent)%) right; first wrong: \(examples)"
        }
    }
}

extension String {
    init(scalars: [UInt32]) {
        self.init(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
    }
}
