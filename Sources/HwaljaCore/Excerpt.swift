/// Bad input quoted in an error message: at most a short prefix, so that a huge argument never
/// makes a huge message (a D-Bus error larger than the bus allows, a megabyte line on stderr).
public enum Excerpt {
    /// The most Unicode scalars of bad input an error message repeats.
    public static let limit = 64

    /// `text` in double quotes, cut to its first ``limit`` Unicode scalars, saying how much was
    /// left out: `"ㄱㅋㄱㅋ…" (+10000000 more bytes)`. Counts scalars, not characters, so that one
    /// huge grapheme cluster is cut too; costs O(limit), whatever the input's size.
    public static func quoted(_ text: some StringProtocol, limit: Int = Excerpt.limit) -> String {
        let scalars = text.unicodeScalars
        var kept = String.UnicodeScalarView()
        var index = scalars.startIndex
        while index < scalars.endIndex && kept.count < limit {
            kept.append(scalars[index])
            index = scalars.index(after: index)
        }
        guard index < scalars.endIndex else { return "\"\(String(kept))\"" }
        let rest = text.utf8.count - String(kept).utf8.count
        return "\"\(String(kept))…\" (+\(rest) more bytes)"
    }
}
