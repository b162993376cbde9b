import HwaljaCore

/// A keystroke log, as `hwalja-replay` reads it.
///
/// Two forms, told apart by the first event line:
/// - **untimed**: key tokens separated by whitespace, any number per line: `ㅇㅁ ㅣ ㆍ ㄴㄹ` or `0 1 2 5`;
/// - **timed**: one event per line, `<milliseconds> down|up <KEY>`, times never decreasing and at
///   most ``maximumTime``: `0 down ㄱㅋ` / `80 up ㄱㅋ`. Holding a key is what makes long presses replayable.
///
/// Tokens are canonical key names or digit aliases (``Key/init(token:)``). `#` starts a comment
/// that runs to the end of the line; blank lines are ignored. Lines end in `\n` or `\r\n`.
public struct KeystrokeLog: Sendable, Equatable {
    /// One event of a log.
    public enum Event: Sendable, Equatable {
        /// A key pressed and released (untimed logs).
        case tap(Key)
        /// A key going down at a time in milliseconds (timed logs).
        case down(Key, at: Int)
        /// A key coming up at a time in milliseconds (timed logs).
        case up(Key, at: Int)
        /// A word suggestion picked (`PICK n`, n from 1): index n − 1 of those shown.
        case pick(Int)
    }

    /// The events in order.
    public var events: [Event]

    /// The latest time a timed log may give, in milliseconds: 2³¹ − 1, almost 25 days.
    ///
    /// Generous for any recording, and small enough that a time plus any timing setting stays far
    /// from `Int.max`; a later time is refused, not replayed.
    public static let maximumTime = Int(Int32.max)

    public init(events: [Event]) {
        self.events = events
    }

    /// Parses a log of `layout`'s key tokens (``KeyboardLayout/key(token:)``; `#` starts a
    /// comment, so 나랏글's 쌍자음 is `쌍` here), naming the first bad token or line.
    public init(parsing text: String, layout: KeyboardLayout = .cheonjiin) throws(KeystrokeLogError) {
        var events: [Event] = []
        var timed: Bool?
        var lastTime = 0
        // By newline characters, not "\n": in Swift "\r\n" is one Character, which "\n" does not match.
        for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = offset + 1
            let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let tokens = content.split(whereSeparator: \.isWhitespace).map(String.init)
            guard !tokens.isEmpty else { continue }
            let isTimedLine = tokens.count == 3 && Self.looksLikeTime(tokens[0]) && (tokens[1] == "down" || tokens[1] == "up")
            if timed == nil { timed = isTimedLine }
            if timed == true {
                guard isTimedLine else { throw .malformedTimedLine(line: line, text: String(rawLine)) }
                guard let time = Int(tokens[0]), (0...Self.maximumTime).contains(time) else {
                    throw .timeOutOfRange(line: line, token: tokens[0])
                }
                guard time >= lastTime else { throw .timeWentBackwards(line: line, time: time, previous: lastTime) }
                lastTime = time
                guard let key = layout.key(token: tokens[2]) else { throw Self.unknown(tokens[2], line, layout) }
                events.append(tokens[1] == "down" ? .down(key, at: time) : .up(key, at: time))
            } else {
                for token in tokens {
                    guard let key = layout.key(token: token) else { throw Self.unknown(token, line, layout) }
                    events.append(.tap(key))
                }
            }
        }
        self.events = events
    }

    private static func unknown(_ token: String, _ line: Int, _ layout: KeyboardLayout) -> KeystrokeLogError {
        layout == .cheonjiin ? .unknownKey(token: token, line: line) : .unknownLayoutKey(token: token, line: line, layout: layout)
    }

    /// An integer in decimal, maybe signed, of any size: what a timed line starts with.
    private static func looksLikeTime(_ token: String) -> Bool {
        let digits = token.first == "-" || token.first == "+" ? token.dropFirst() : Substring(token)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

/// Why a keystroke log could not be read; each case names the line.
public enum KeystrokeLogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A token that is neither a key name nor a digit alias.
    case unknownKey(token: String, line: Int)
    /// A token that is not a key of `layout` (a layout other than 천지인).
    case unknownLayoutKey(token: String, line: Int, layout: KeyboardLayout)
    /// A line of a timed log that is not `<milliseconds> down|up <KEY>`.
    case malformedTimedLine(line: Int, text: String)
    /// A timed event earlier than the one before it.
    case timeWentBackwards(line: Int, time: Int, previous: Int)
    /// A time that is negative or later than ``KeystrokeLog/maximumTime``.
    case timeOutOfRange(line: Int, token: String)

    public var description: String {
        switch self {
        case .unknownKey(let token, let line):
            "line \(line): unknown key \(Excerpt.quoted(token)) (keys: \(Key.tokenSummary))"
        case .unknownLayoutKey(let token, let line, let layout):
            "line \(line): unknown \(layout.name) key \(Excerpt.quoted(token)) (keys: \(layout.tokenSummary))"
        case .malformedTimedLine(let line, let text):
            "line \(line): expected \"<milliseconds> down|up <KEY>\" in a timed log, found \(Excerpt.quoted(text))"
        case .timeWentBackwards(let line, let time, let previous):
            "line \(line): time \(time) ms is earlier than the previous event at \(previous) ms"
        case .timeOutOfRange(let line, let token):
            "line \(line): time \(Excerpt.quoted(token)) is outside 0...\(KeystrokeLog.maximumTime) ms (a timed log counts milliseconds from its start)"
        }
    }
}
