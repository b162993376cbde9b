import HwaljaCore

/// The user's learned words as a text file, one word a line, written by the programs under
/// `$XDG_DATA_HOME/hwalja/` (mode 0600):
///
/// ```
/// # hwalja learned words 1
/// USES LAST-USE KEYS
/// ```
///
/// KEYS are the word's keys, one hexadecimal digit each (``Key/lexiconCode``: ㅣ 1 … ㅇㅁ a, NEXT b).
/// The words themselves are not written: their keys type them.
public enum LearnedWordsText {
    public static let header = "# hwalja learned words 1"

    /// The file's text for `words`.
    public static func encode(_ words: LearnedWords) -> String {
        var text = header + "\n"
        for word in words.words {
            text +=
                "\(word.uses) \(word.lastUse) \(String(word.keys.map { Character(String($0.lexiconCode ?? 0, radix: 16)) }))\n"
        }
        return text
    }

    /// The words in `text`, in a store of `capacity`, and the numbers of the lines that were not a
    /// learned word (skipped: the others still count).
    public static func decode(_ text: String, capacity: Int = LearnedWords.defaultCapacity) -> (
        words: LearnedWords, badLines: [Int]
    ) {
        var words = LearnedWords(capacity: capacity)
        var badLines: [Int] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || (index == 0 && line == header) { continue }
            let fields = line.split(separator: " ")
            guard fields.count == 3, let uses = Int(fields[0]), uses > 0, let lastUse = Int(fields[1]), lastUse >= 0,
                let keys = Self.keys(fields[2])
            else {
                badLines.append(index + 1)
                continue
            }
            words.restore(LearnedWords.Word(keys: keys, uses: uses, lastUse: lastUse))
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
