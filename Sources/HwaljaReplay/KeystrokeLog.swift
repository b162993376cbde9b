import HwaljaCore

/// A keystroke log, as `hwalja-replay` reads it.
///
/// Two forms, told apart by the first event line:
/// - **untimed**: key tokens separated by whitespace, any number per line: `ㅇㅁ ㅣ ㆍ ㄴㄹ` or `0 1 2 5`;
/// - **timed**: one event per line, `<milliseconds> down|up <KEY>`, times never decreasing:
///   `0 down ㄱㅋ` / `80 up ㄱㅋ`. Holding a key is what makes long presses replayable.
///
/// Tokens are canonical key names or digit aliases (``Key/init(token:)``). `#` starts a comment
/// that runs to the end of the line; blank lines are ignored.
public struct KeystrokeLog: Sendable, Equatable {
    /// One event of a log.
    public enum Event: Sendable, Equatable {
        /// A key pressed and released (untimed logs).
        case tap(Key)
        /// A key going down at a time in milliseconds (timed logs).
        case down(Key, at: Int)
        /// A key coming up at a time in milliseconds (timed logs).
        case up(Key, at: Int)
    }

    /// The events in order.
    public var events: [Event]

    public init(events: [Event]) {
        self.events = events
    }

    /// Parses a log, naming the first bad token or line.
    public init(parsing text: String) throws(KeystrokeLogError) {
        var events: [Event] = []
        var timed: Bool?
        var lastTime = 0
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = offset + 1
            let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let tokens = content.split(whereSeparator: \.isWhitespace).map(String.init)
            guard !tokens.isEmpty else { continue }
            let isTimedLine = tokens.count == 3 && tokens[0].allSatisfy(\.isASCII) && Int(tokens[0]) != nil
                && (tokens[1] == "down" || tokens[1] == "up")
            if timed == nil { timed = isTimedLine }
            if timed == true {
                guard isTimedLine, let time = Int(tokens[0]), time >= 0 else {
                    throw .malformedTimedLine(line: line, text: String(rawLine))
                }
                guard time >= lastTime else { throw .timeWentBackwards(line: line, time: time, previous: lastTime) }
                lastTime = time
                guard let key = Key(token: tokens[2]) else { throw .unknownKey(token: tokens[2], line: line) }
                events.append(tokens[1] == "down" ? .down(key, at: time) : .up(key, at: time))
            } else {
                for token in tokens {
                    guard let key = Key(token: token) else { throw .unknownKey(token: token, line: line) }
                    events.append(.tap(key))
                }
            }
        }
        self.events = events
    }
}

/// Why a keystroke log could not be read; each case names the line.
public enum KeystrokeLogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A token that is neither a key name nor a digit alias.
    case unknownKey(token: String, line: Int)
    /// A line of a timed log that is not `<milliseconds> down|up <KEY>`.
    case malformedTimedLine(line: Int, text: String)
    /// A timed event earlier than the one before it.
    case timeWentBackwards(line: Int, time: Int, previous: Int)

    public var description: String {
        switch self {
        case .unknownKey(let token, let line):
            "line \(line): unknown key \(Excerpt.quoted(token)) (keys: \(Key.tokenSummary))"
        case .malformedTimedLine(let line, let text):
            "line \(line): expected \"<milliseconds> down|up <KEY>\" in a timed log, found \(Excerpt.quoted(text))"
        case .timeWentBackwards(let line, let time, let previous):
            "line \(line): time \(time) ms is earlier than the previous event at \(previous) ms"
        }
    }
}
