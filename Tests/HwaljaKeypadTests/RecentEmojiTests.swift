import HwaljaKeypad
import Testing

/// The emoji page's 최근 사용 tab: the last used first, each once, at most thirty.
struct RecentEmojiTests {
    @Test func theLastUsedComesFirstOnce() {
        var recent = RecentEmoji()
        for emoji in ["😀", "🐶", "😀", "🇰🇷"] { recent.use(emoji) }
        #expect(recent.emoji == ["🇰🇷", "😀", "🐶"])
        #expect(RecentEmoji(text: recent.text) == recent)
    }

    @Test func theOldestGoesPastThirty() {
        var recent = RecentEmoji()
        let faces = (0..<31).map { String(Character(Unicode.Scalar(0x1F600 + $0)!)) }
        for emoji in faces { recent.use(emoji) }
        #expect(recent.emoji.count == RecentEmoji.capacity)
        #expect(recent.emoji.first == faces.last && !recent.emoji.contains(faces[0]))
    }

    @Test func aFileWrittenBySomethingElseKeepsOnlyWhatCouldBeEmoji() {
        let text = "😀\n\n" + String(repeating: "x", count: 65) + "\n😀\n🐶\n"
        #expect(RecentEmoji(text: text).emoji == ["😀", "🐶"])
    }
}
