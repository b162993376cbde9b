import HwaljaCore

/// The user's learned words as a text file, one word or sequence a line, written by the
/// programs under `$XDG_DATA_HOME/hwalja/` (mode 0600):
///
/// ```
/// # hwalja learned words 2
/// USES LAST-USE KEYS
/// USES LAST-USE KEYS KEYS
/// USES LAST-USE KEYS KEYS KEYS
/// ```
///
/// KEYS are a word's keys, one hexadecimal digit each (``Key/lexiconCode``: ㅣ 1 … ㅇㅁ a, NEXT b).
/// A line of one word is a learned word; of two or three, a sequence (``WordSequences``): the
/// last word followed the others. The words themselves are not written: their keys type them.
/// Version 1 files (words only) read as they are.
public enum LearnedWordsText {
    public static let header = "# hwalja learned words 2"
    /// The header of files written before sequences were learned.
    static let firstHeader = "# hwalja learned words 1"

    /// The file's text for `words`.
    public static func encode(_ words: LearnedWords) -> String {
        var text = header + "\n"
        for word in words.words {
            text += "\(word.uses) \(word.lastUse) \(field(word.keys))\n"
        }
        for (sequence, use) in words.sequences.all {
            text += "\(use.uses) \(use.lastUse) \(sequence.map(field).joined(separator: " "))\n"
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
    public static func decode(_ text: String, capacity: Int = LearnedWords.defaultCapacity) -> (
        words: LearnedWords, badLines: [Int]
    ) {
        var words = LearnedWords(capacity: capacity)
        var badLines: [Int] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || (index == 0 && (line == header || line == firstHeader)) { continue }
            let fields = line.split(separator: " ")
            guard (3...5).contains(fields.count), let uses = Int(fields[0]), (1...maxCount).contains(uses),
                let lastUse = Int(fields[1]), (0...maxCount).contains(lastUse)
            else {
                badLines.append(index + 1)
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
