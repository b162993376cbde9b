/// The emoji the keypad's emoji page offers, by category, in Unicode's order: read from the
/// emoji test file Unicode publishes (`emoji-test.txt`, in Debian's unicode-data package). Each
/// emoji once, fully qualified; skin tones and hair styles are left to the emoji that have them
/// (a phone offers them with a long press), and the components group is left out. No I/O: the
/// program reads the file.
package struct EmojiCatalogue: Sendable, Equatable {
    /// One category: its name in Korean (what a screen reader calls its tab) and its emoji.
    package struct Group: Sendable, Equatable {
        package var name: String
        package var emoji: [String]

        package init(name: String, emoji: [String]) {
            self.name = name
            self.emoji = emoji
        }
    }

    /// The categories, in the file's order.
    package let groups: [Group]

    /// Where Debian's unicode-data package installs the file.
    package static let path = "/usr/share/unicode/emoji/emoji-test.txt"

    /// The emoji of `text`, the file's contents: lines `CODE POINTS ; STATUS # EMOJI …` under
    /// `# group: NAME` lines. Groups with no Korean name here (a later version's, say) keep their
    /// English one.
    package init(emojiTest text: String) {
        var groups: [Group] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("# group: ") {
                let name = line.dropFirst("# group: ".count).trimmingSpaces
                groups.append(Group(name: Self.koreanNames[name] ?? name, emoji: []))
                continue
            }
            guard !line.hasPrefix("#"), !groups.isEmpty, let semicolon = line.firstIndex(of: ";") else { continue }
            let status = line[line.index(after: semicolon)...].prefix { $0 != "#" }.trimmingSpaces
            guard status == "fully-qualified" else { continue }
            let scalars = line[..<semicolon].split(separator: " ").compactMap { UInt32($0, radix: 16) }
                .compactMap(Unicode.Scalar.init)
            guard !scalars.isEmpty, !scalars.contains(where: Self.isVariant) else { continue }
            var emoji = ""
            emoji.unicodeScalars.append(contentsOf: scalars)
            groups[groups.count - 1].emoji.append(emoji)
        }
        self.groups = groups.filter { $0.name != Self.components && !$0.emoji.isEmpty }
    }

    /// The components group's name: skin tones and hair styles alone, not emoji to type.
    private static let components = "Component"

    /// A skin tone (U+1F3FB–U+1F3FF) or hair style (U+1F9B0–U+1F9B3) modifier: the emoji with one
    /// is a variant of the emoji without.
    private static func isVariant(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F3FB...0x1F3FF).contains(scalar.value) || (0x1F9B0...0x1F9B3).contains(scalar.value)
    }

    /// The categories' names in Korean, as phones' emoji pages name them.
    private static let koreanNames = [
        "Smileys & Emotion": "표정과 감정", "People & Body": "사람과 몸", "Animals & Nature": "동물과 자연",
        "Food & Drink": "음식과 음료", "Travel & Places": "여행과 장소", "Activities": "활동", "Objects": "사물",
        "Symbols": "기호", "Flags": "깃발"
    ]
}

extension Substring {
    /// Without the spaces at either end.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
