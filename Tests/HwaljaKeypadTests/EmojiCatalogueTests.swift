import Foundation
import HwaljaKeypad
import Testing

/// The emoji page's emoji, read from Unicode's emoji test file.
struct EmojiCatalogueTests {
    /// Lines as the file has them (emoji 15.0): a group, a subgroup, the emoji and their variants.
    static let excerpt = """
        # emoji-test.txt
        # group: Smileys & Emotion

        # subgroup: face-smiling
        1F600                                                  ; fully-qualified     # 😀 E1.0 grinning face
        263A FE0F                                              ; fully-qualified     # ☺️ E0.6 smiling face
        263A                                                   ; unqualified         # ☺ E0.6 smiling face

        # group: People & Body

        # subgroup: hand-fingers-open
        1F44B                                                  ; fully-qualified     # 👋 E0.6 waving hand
        1F44B 1F3FB                                            ; fully-qualified     # 👋🏻 E1.0 waving hand: light skin tone
        1F468 200D 1F9B0                                       ; fully-qualified     # 👨‍🦰 E11.0 man: red hair

        # group: Component

        # subgroup: skin-tone
        1F3FB                                                  ; component           # 🏻 E1.0 light skin tone

        # group: Flags
        1F1F0 1F1F7                                            ; fully-qualified     # 🇰🇷 E2.0 flag: South Korea
        """

    @Test func eachGroupHasItsFullyQualifiedEmojiWithoutTheirVariants() {
        let catalogue = EmojiCatalogue(emojiTest: Self.excerpt)
        #expect(
            catalogue.groups == [
                EmojiCatalogue.Group(name: "표정과 감정", emoji: ["😀", "☺️"]),
                EmojiCatalogue.Group(name: "사람과 몸", emoji: ["👋"]),
                EmojiCatalogue.Group(name: "깃발", emoji: ["🇰🇷"])
            ])
    }

    @Test func linesThatAreNotEmojiAreSkipped() {
        let text =
            "1F600 ; fully-qualified # before any group\n# group: Objects\nnot a line\nZZZZ ; fully-qualified # x\n"
        #expect(EmojiCatalogue(emojiTest: text).groups == [])
    }

    /// The file Debian installs (unicode-data, which tools/install-deps installs): nine
    /// categories, each emoji once.
    @Test func debiansFileHasNineCategoriesBeginningWithSmileys() throws {
        let catalogue = EmojiCatalogue(emojiTest: try String(contentsOfFile: EmojiCatalogue.path, encoding: .utf8))
        #expect(
            catalogue.groups.map(\.name) == ["표정과 감정", "사람과 몸", "동물과 자연", "음식과 음료", "여행과 장소", "활동", "사물", "기호", "깃발"])
        #expect(catalogue.groups.first?.emoji.first == "😀")
        let all = catalogue.groups.flatMap(\.emoji)
        #expect(all.count > 1_000)
        #expect(Set(all).count == all.count)
        #expect(all.contains("🇰🇷") && all.contains("❤️") && !all.contains("👋🏻"))
    }
}
