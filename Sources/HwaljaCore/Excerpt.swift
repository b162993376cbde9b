/// Bad input quoted in an error message: at most a short prefix, so that a huge argument never
/// makes a huge message (a D-Bus error larger than the bus allows, a megabyte line on stderr).
public enum Excerpt {
    /// The most Unicode scalars of bad input an error message repeats.
    public static let limit = 64

    /// The most Unicode scalars of a file path, a bus address or a library's message (which may
    /// repeat either) that an error message repeats: more than ``limit``, since such text is long
    /// by nature and names what went wrong, yet bounded all the same.
    public static let longLimit = 256

    /// `text` in double quotes (or between `mark`s), cut to its first ``limit`` Unicode scalars,
    /// saying how much was left out: `"ㄱㅋㄱㅋ…" (+10000000 more bytes)`. Counts scalars, not
    /// characters, so that one huge grapheme cluster is cut too; costs O(limit), whatever the input's size.
    public static func quoted(_ text: some StringProtocol, limit: Int = Excerpt.limit, mark: String = "\"") -> String {
        let (kept, rest) = cut(text, limit: limit)
        return mark + kept + (rest > 0 ? "…\(mark) (+\(rest) more bytes)" : mark)
    }

    /// `text` as it is, without quotes, when it has at most `limit` scalars; else its first `limit`
    /// scalars and how much was left out: `/home/me/very/long…  (+4000 more bytes)`.
    public static func shortened(_ text: some StringProtocol, limit: Int = Excerpt.longLimit) -> String {
        let (kept, rest) = cut(text, limit: limit)
        return rest > 0 ? "\(kept)… (+\(rest) more bytes)" : kept
    }

    /// A file path in a message: ``shortened(_:limit:)`` to ``longLimit`` scalars.
    public static func path(_ path: some StringProtocol) -> String {
        shortened(path, limit: longLimit)
    }

    /// The first `limit` scalars of `text` and the number of UTF-8 bytes after them.
    private static func cut(_ text: some StringProtocol, limit: Int) -> (kept: String, rest: Int) {
        let scalars = text.unicodeScalars
        var kept = String.UnicodeScalarView()
        var index = scalars.startIndex
        var count = 0
        while index < scalars.endIndex && count < limit {
            kept.append(scalars[index])
            index = scalars.index(after: index)
            count += 1
        }
        let keptText = String(kept)
        guard index < scalars.endIndex else { return (keptText, 0) }
        return (keptText, text.utf8.count - keptText.utf8.count)
    }
}
