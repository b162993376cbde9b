import HwaljaCore

/// The user's learned words as a text file, one word or sequence a line, written by the
/// programs under `$XDG_DATA_HOME/hwalja/` (mode 0600):
///
/// ```
/// # hwalja learned words 3
/// USES LAST-USE KEYS
/// USES LAST-USE KEYS KEYS
/// USES LAST-USE KEYS KEYS KEYS
/// USES LAST-USE hanja READING TEXT
/// ```
///
/// KEYS are a word's keys, one hexadecimal digit each (``Key/lexiconCode``: ㅣ 1 … ㅇㅁ a, NEXT b).
/// A line of one word is a learned word; of two or three, a sequence (``WordSequences``): the
/// last word followed the others. The words themselves are not written: their keys type them.
/// A `hanja` line is a hanja or symbol picked for a reading (``HanjaPicks``: 한국 韓國); its
/// LAST-USE counts picks. Version 1 files (words only) and 2 (no hanja) read as they are.
package enum LearnedWordsText {
    package static let header = "# hwalja learned words 3"
    /// The headers of files written before hanja picks (2) and sequences (1) were learned.
    static let olderHeaders: Set<Substring> = ["# hwalja learned words 1", "# hwalja learned words 2"]
    /// The third field of a hanja pick's line.
    static let hanjaMark = "hanja"

    /// The file's text for `words`.
    package static func encode(_ words: LearnedWords) -> String {
        var text = header + "\n"
        for word in words.words {
            text += "\(word.uses) \(word.lastUse) \(field(word.keys))\n"
        }
        for (sequence, use) in words.sequences.all {
            text += "\(use.uses) \(use.lastUse) \(sequence.map(field).joined(separator: " "))\n"
        }
        for (pick, use) in words.hanja.uses.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            text += "\(use.uses) \(use.lastUse) \(hanjaMark) \(pick.reading) \(pick.text)\n"
        }
        return text
    }

    /// The largest count a line may hold: a damaged file's huge one would overflow as it grows.
    static let maxCount = 1 << 40

    private static func field(_ keys: [Key]) -> String {
        String(keys.map { Character(String($0.lexiconCode ?? 0, radix: 16)) })
    }

    /// The words in `text`, in a store of `capacity`, and the numbers of the lines that were not a
    /// learned word (skipped: the others still count).
    package static func decode(_ text: String, capacity: Int = LearnedWords.defaultCapacity) -> (
        words: LearnedWords, badLines: [Int]
    ) {
        var words = LearnedWords(capacity: capacity)
        var badLines: [Int] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || (index == 0 && (line == header || olderHeaders.contains(line))) { continue }
            // By scalar: a field may begin with a mark that would join the space before it.
            let fields = line.unicodeScalars.split(separator: " ").map { Substring($0) }
            guard (3...5).contains(fields.count), let uses = Int(fields[0]), (1...maxCount).contains(uses),
                let lastUse = Int(fields[1]), (0...maxCount).contains(lastUse)
            else {
                badLines.append(index + 1)
                continue
            }
            if fields.count == 5 && fields[2] == hanjaMark {
                let pick = HanjaPicks.Pick(reading: String(fields[3]), text: String(fields[4]))
                words.restoreHanja(pick, HanjaPicks.Use(uses: uses, lastUse: lastUse))
                continue
            }
            let sequence = fields.dropFirst(2).compactMap(Self.keys)
            guard sequence.count == fields.count - 2 else {
                badLines.append(index + 1)
                continue
            }
            if sequence.count == 1 {
                words.restore(LearnedWords.Word(keys: sequence[0], uses: uses, lastUse: lastUse))
            } else {
                words.restoreSequence(sequence, WordSequences.Use(uses: uses, lastUse: lastUse))
            }
        }
        return (words, badLines)
    }

    private static func keys(_ field: Substring) -> [Key]? {
        var keys: [Key] = []
        for digit in field {
            guard let code = UInt8(String(digit), radix: 16), let key = Key(lexiconCode: code) else { return nil }
            keys.append(key)
        }
        return keys.isEmpty ? nil : keys
    }
}
