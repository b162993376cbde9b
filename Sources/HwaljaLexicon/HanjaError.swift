import HwaljaCore

/// Why a hanja or symbol file was refused; each says what was wrong and what to do.
package enum HanjaError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A line that is not `reading:hanja:meaning` (a short prefix of it).
    case malformedLine(line: Int, text: String)
    /// A line whose reading sorts before the line above it: the file is searched by halving, as
    /// libhangul searches it, and must be sorted by reading, byte by byte.
    case outOfOrder(line: Int)
    /// No line with a reading at all.
    case empty

    package var description: String {
        let fix = "sort it with `LC_ALL=C sort`, or remove it to use the installed one (Debian: libhangul-data)"
        switch self {
        case .malformedLine(let line, let text):
            return "line \(line) is not 'reading:hanja:meaning': \(Excerpt.quoted(text)); \(fix)"
        case .outOfOrder(let line):
            return "line \(line) sorts before the line above it: the file must be sorted by reading; \(fix)"
        case .empty: return "the file has no entries; \(fix)"
        }
    }
}
