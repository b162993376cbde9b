import Foundation

/// The words of Debian's Korean hunspell dictionary (package hunspell-ko): about 99,600 words no
/// one here wrote, read once for all tests.
package enum HunspellWords {
    /// Where Debian installs the dictionary.
    package static let path = "/usr/share/hunspell/ko.dic"

    /// The dictionary's words made only of precomposed syllables, after NFC, sorted; `nil` when
    /// the dictionary is not installed.
    package static let sorted: [String]? = {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        var words = Set<String>()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst() {
            let word = String(line.split(separator: "/", maxSplits: 1).first ?? "")
                .precomposedStringWithCanonicalMapping
            if !word.isEmpty && word.unicodeScalars.allSatisfy({ (0xAC00...0xD7A3).contains($0.value) }) {
                words.insert(word)
            }
        }
        return words.sorted()
    }()

    /// What a test says when the dictionary is missing.
    package static let missing = "\(path) is missing: install Debian's hunspell-ko (tools/test does)"
}
