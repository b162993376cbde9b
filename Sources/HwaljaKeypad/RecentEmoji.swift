/// The emoji the user typed from the emoji page lately, the last first, as its 최근 사용 tab shows
/// them: at most ``capacity``, each once. Kept in a file of a line each (the program reads and
/// writes it); never from a field whose typing must not be kept (a password's).
package struct RecentEmoji: Sendable, Equatable {
    /// The most kept: a phone's page of recent emoji.
    package static let capacity = 30

    /// The emoji, the last used first.
    package private(set) var emoji: [String] = []

    package init() {}

    /// The emoji of `text`, a file's lines: blank lines, and lines too long to be one emoji (a
    /// file written by something else), are skipped.
    package init(text: String) {
        for line in text.split(separator: "\n")
        where !line.isEmpty && line.utf8.count <= 64 && !emoji.contains(String(line)) {
            emoji.append(String(line))
            if emoji.count == Self.capacity { break }
        }
    }

    /// The file's text: an emoji a line.
    package var text: String { emoji.map { $0 + "\n" }.joined() }

    /// `used` was typed: it comes first, once; the oldest goes past ``capacity``.
    package mutating func use(_ used: String) {
        emoji.removeAll { $0 == used }
        emoji.insert(used, at: 0)
        if emoji.count > Self.capacity { emoji.removeLast() }
    }
}
