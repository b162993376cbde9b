import HwaljaCore

/// A keystroke log, as `hwalja-replay` reads it.
///
/// Two forms, told apart by the first event line:
/// - **untimed**: key tokens separated by whitespace, any number per line: `ㅇㅁ ㅣ ㆍ ㄴㄹ` or `0 1 2 5`;
/// - **timed**: one event per line, `<milliseconds> down|up <KEY>`, times never decreasing and at
///   most ``maximumTime``: `0 down ㄱㅋ` / `80 up ㄱㅋ`. Holding a key is what makes long presses replayable.
///
/// Tokens are canonical key names or digit aliases (``Key/init(token:)``); in an untimed log,
/// `PICK n` picks word suggestion n (1-9) of those shown (`hwalja-replay --suggestions`). `#` starts a comment
/// that runs to the end of the line; blank lines are ignored. Lines end in `\n` or `\r\n`.
package struct KeystrokeLog: Sendable, Equatable {
    /// One event of a log.
    package enum Event: Sendable, Equatable {
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
    package var events: [Event]

    /// The latest time a timed log may give, in milliseconds: 2³¹ − 1, almost 25 days.
    ///
    /// Generous for any recording, and small enough that a time plus any timing setting stays far
    /// from `Int.max`; a later time is refused, not replayed.
    package static let maximumTime = Int(Int32.max)

    package init(events: [Event]) {
        self.events = events
    }

    /// Parses a log of `layout`'s key tokens (``KeyboardLayout/key(token:)``; `#` starts a
    /// comment, so 나랏글's 쌍자음 is `쌍` here), naming the first bad token or line.
    package init(parsing text: String, layout: KeyboardLayout = .cheonjiin) throws(KeystrokeLogError) {
        var chunk: [UInt8]? = Array(text.utf8)
        var reader = KeystrokeLogReader(layout: layout) {
            defer { chunk = nil }
            return chunk
        }
        var events: [Event] = []
        while let event = try reader.next() { events.append(event) }
        self.events = events
    }
}

/// Reads a keystroke log (see ``KeystrokeLog``) an event at a time from chunks of UTF-8, keeping
/// only the line being read: memory does not grow with the log. A token longer than
/// ``tokenLimit`` bytes (no key or time is) is kept to that length, as is a line quoted in an error.
package struct KeystrokeLogReader {
    /// The most bytes of one token, or of a line for an error message, that the reader keeps.
    package static let tokenLimit = 1 << 20

    private let nextChunk: () -> [UInt8]?
    private let layout: KeyboardLayout
    /// Scalars of the chunk being read.
    private var scalars = String.UnicodeScalarView()
    private var position: String.UnicodeScalarView.Index
    /// The end of the last chunk when it cut a scalar short, read again with the next.
    private var carry: [UInt8] = []
    private var finished = false

    private var line = 1
    private var timed: Bool?
    private var lastTime = 0
    private var ready: [KeystrokeLog.Event] = []
    private var readyIndex = 0
    /// The current line's tokens while they may still form a timed line (at most four).
    private var tokens: [String] = []
    /// Whether the current line has more tokens than a timed line.
    private var overlong = false
    private var rawLine = String.UnicodeScalarView()
    private var rawBytes = 0
    private var token = String.UnicodeScalarView()
    private var tokenBytes = 0
    private var inComment = false
    private var afterCarriageReturn = false
    /// Whether the last token was `PICK`, whose number comes next.
    private var pickPending = false

    /// A reader of `layout`'s key tokens in the bytes `nextChunk` returns, in order, until it returns `nil`.
    package init(layout: KeyboardLayout = .cheonjiin, nextChunk: @escaping () -> [UInt8]?) {
        self.nextChunk = nextChunk
        self.layout = layout
        position = scalars.startIndex
    }

    /// The next event, or `nil` at the end of the log; throws naming the first bad token or line.
    package mutating func next() throws(KeystrokeLogError) -> KeystrokeLog.Event? {
        while readyIndex == ready.count {
            ready.removeAll(keepingCapacity: true)
            readyIndex = 0
            if position == scalars.endIndex {
                if finished { return nil }
                guard readChunk() else {
                    finished = true
                    try endLine()
                    continue
                }
                continue
            }
            let scalar = scalars[position]
            position = scalars.index(after: position)
            try read(scalar)
        }
        defer { readyIndex += 1 }
        return ready[readyIndex]
    }

    /// Decodes the next chunk; `false` at the end of the input.
    private mutating func readChunk() -> Bool {
        guard var bytes = nextChunk() else {
            if carry.isEmpty { return false }
            scalars = String(decoding: carry, as: UTF8.self).unicodeScalars
            carry = []
            position = scalars.startIndex
            return true
        }
        bytes = carry + bytes
        // Keep back a scalar the chunk cuts short: a lead byte within the last three whose sequence is longer.
        var cut = bytes.count
        for back in 1...min(3, bytes.count) {
            let byte = bytes[bytes.count - back]
            if byte & 0xC0 == 0x80 { continue }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            if length > back { cut = bytes.count - back }
            break
        }
        carry = Array(bytes[cut...])
        scalars = String(decoding: bytes[..<cut], as: UTF8.self).unicodeScalars
        position = scalars.startIndex
        return true
    }

    private mutating func read(_ scalar: Unicode.Scalar) throws(KeystrokeLogError) {
        let wasCarriageReturn = afterCarriageReturn
        afterCarriageReturn = false
        switch scalar {
        case "\n" where wasCarriageReturn:
            return  // "\r\n" is one line break
        case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}":
            try endLine()
            afterCarriageReturn = scalar == "\r"
            return
        default:
            break
        }
        let bytes = UTF8.width(scalar)
        if rawBytes < Self.tokenLimit { rawLine.append(scalar) }
        rawBytes += bytes
        if inComment { return }
        if scalar == "#" {
            try endToken()
            inComment = true
        } else if scalar.properties.isWhitespace {
            try endToken()
        } else {
            if tokenBytes < Self.tokenLimit { token.append(scalar) }
            tokenBytes += bytes
        }
    }

    private mutating func endToken() throws(KeystrokeLogError) {
        guard tokenBytes > 0 else { return }
        let text = String(token)
        token = String.UnicodeScalarView()
        tokenBytes = 0
        if timed == false { return try tap(text) }
        if overlong { return }
        tokens.append(text)
        guard tokens.count > 3 else { return }
        if timed == nil {
            // More than a timed line holds: the log is untimed.
            timed = false
            for token in tokens { try tap(token) }
            tokens = []
        } else {
            overlong = true  // refused at the end of the line, quoting it
        }
    }

    private mutating func tap(_ token: String) throws(KeystrokeLogError) {
        if pickPending {
            pickPending = false
            guard let number = Int(token), (1...9).contains(number) else {
                throw .malformedPick(line: line, token: token)
            }
            return ready.append(.pick(number - 1))
        }
        if token == "PICK" {
            pickPending = true
            return
        }
        guard let key = layout.key(token: token) else { throw Self.unknown(token, line, layout) }
        ready.append(.tap(key))
    }

    private mutating func endLine() throws(KeystrokeLogError) {
        try endToken()
        defer {
            tokens = []
            overlong = false
            rawLine = String.UnicodeScalarView()
            rawBytes = 0
            inComment = false
            line += 1
        }
        guard !tokens.isEmpty || overlong else {
            if pickPending { throw .malformedPick(line: line, token: "") }  // its number on the same line
            return
        }
        let isTimedLine =
            !overlong && tokens.count == 3 && Self.looksLikeTime(tokens[0])
            && (tokens[1] == "down" || tokens[1] == "up")
        if timed == nil { timed = isTimedLine }
        guard timed == true else {
            for token in tokens { try tap(token) }
            if pickPending { throw .malformedPick(line: line, token: "") }  // its number on the same line
            return
        }
        guard isTimedLine else { throw .malformedTimedLine(line: line, text: String(rawLine)) }
        guard let time = Int(tokens[0]), (0...KeystrokeLog.maximumTime).contains(time) else {
            throw .timeOutOfRange(line: line, token: tokens[0])
        }
        guard time >= lastTime else { throw .timeWentBackwards(line: line, time: time, previous: lastTime) }
        lastTime = time
        guard let key = layout.key(token: tokens[2]) else { throw Self.unknown(tokens[2], line, layout) }
        ready.append(tokens[1] == "down" ? .down(key, at: time) : .up(key, at: time))
    }

    private static func unknown(_ token: String, _ line: Int, _ layout: KeyboardLayout) -> KeystrokeLogError {
        layout == .cheonjiin
            ? .unknownKey(token: token, line: line) : .unknownLayoutKey(token: token, line: line, layout: layout)
    }

    /// An integer in decimal, maybe signed, of any size: what a timed line starts with.
    private static func looksLikeTime(_ token: String) -> Bool {
        let digits = token.first == "-" || token.first == "+" ? token.dropFirst() : Substring(token)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

/// Why a keystroke log could not be read; each case names the line.
package enum KeystrokeLogError: Error, Equatable, Sendable, CustomStringConvertible {
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
    /// `PICK` not followed, on its line, by a suggestion's number 1-9.
    case malformedPick(line: Int, token: String)

    package var description: String {
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
        case .malformedPick(let line, let token):
            "line \(line): PICK takes the number of a suggestion shown, 1-9, on the same line; found \(token.isEmpty ? "none" : Excerpt.quoted(token))"
        }
    }
}
