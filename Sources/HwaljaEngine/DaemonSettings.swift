import HwaljaCore

/// The daemon's thresholds and switches, from defaults, a config file and flags (flags win).
///
/// Config file: one `name = value` a line, `#` comments:
///
/// ```
/// layout = cheonjiin      # cheonjiin, cheonjiin-plus, naratgeul or vega
/// layout-options = none   # choices keyboards disagree on (KeyboardLayout.Option), comma-separated
/// keymap = phone          # phone, keypad-position, or a keymap file's path
/// long-press = 500        # ms a key is held to type its digit
/// letters-on = press      # press: a letter shows when its key goes down; release: when it comes up
/// repeat-interval = 100   # ms between backspace repeats
/// auto-next = off         # ms of idle time that ends the syllable, or off
/// space-inserts = false   # true: SPACE always inserts a blank
/// max-contexts = 64       # contexts one client may hold at once
/// max-unread-kib = 1024   # KiB a client may leave unread before the daemon stops writing to it
/// suggestions = 3         # word suggestions shown, 0-9 (0: none)
/// learn-words = true      # learn the words the user commits (never in password fields)
/// pick-adds-space = true  # a picked suggestion is followed by a space
/// ```
public struct DaemonSettings: Sendable, Equatable {
    public var timing = HoldTimer.Settings()
    /// Composer switches. `canRetract` starts off for every client: undoable text stays in the
    /// preedit until the client says it can delete (hwaljad's `SetCapabilities`, IBus's
    /// `IBUS_CAP_SURROUNDING_TEXT`; ``TypingContext/clientCanDelete``).
    public var composer = Composer.Options(canRetract: false)
    /// The most contexts one bus client may hold at once.
    public var maxContextsPerClient = 64
    /// What a client may leave unread before the daemon stops writing to it (see ``ClientBacklog``).
    public var backlog = ClientBacklog.Limits()
    /// Which keys type what: `phone`, `keypad-position` or a keymap file's path, resolved by
    /// the programs (the IBus engine `hwalja`, hwaljad's input contexts).
    public var keymap = "phone"
    /// The keyboard layout of contexts created without naming one (hwaljad's `CreateContext`).
    public var layout = KeyboardLayout.cheonjiin
    /// The layouts' choices away from the defaults: those layouts' tables are generated with them.
    public var layoutOptions: Set<KeyboardLayout.Option> = []
    /// How many word suggestions a field shows (0: none).
    public var suggestions = 3
    /// Whether the words the user commits are learned and kept.
    public var learnWords = true
    /// Whether a picked suggestion is followed by a space (ending the word), as on phones.
    public var pickAddsSpace = true

    /// The settings a config file may set, in the order the documentation lists them.
    public static let names = [
        "layout", "layout-options", "keymap", "long-press", "letters-on", "repeat-interval", "auto-next", "space-inserts", "max-contexts", "max-unread-kib", "suggestions",
        "learn-words", "pick-adds-space",
    ]

    /// The milliseconds every timing setting must lie in, from a config file or any program's flags.
    public static let millisecondRange: ClosedRange<Int> = 1...60_000

    public init() {}

    /// Applies a config file's text on top of these settings; returns each line's problem in
    /// order. A line with a problem is skipped: every other line applies.
    @discardableResult
    public mutating func apply(configFile text: String) -> [ConfigError] {
        var problems: [ConfigError] = []
        for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {  // "\r\n" too
            let line = offset + 1
            let content = (rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                .trimmingWhitespace()
            if content.isEmpty { continue }
            let parts = content.split(separator: "=", maxSplits: 1).map { String($0).trimmingWhitespace() }
            do throws(ConfigError) {
                guard parts.count == 2, !parts[0].isEmpty else { throw ConfigError.malformed(line: line, text: String(rawLine)) }
                try set(parts[0], to: parts[1], line: line)
            } catch {
                problems.append(error)
            }
        }
        return problems
    }

    /// Sets one setting by its config-file name.
    public mutating func set(_ name: String, to value: String, line: Int = 0) throws(ConfigError) {
        switch name {
        case "layout":
            guard let layout = KeyboardLayout(name: value) else { throw .badValue(line: line, name: name, value: value) }
            self.layout = layout
        case "layout-options":
            var options: Set<KeyboardLayout.Option> = []
            for name in value.split(separator: ",").map({ String($0).trimmingWhitespace() }) where name != "none" {
                guard let option = KeyboardLayout.Option(name: name) else { throw .badValue(line: line, name: "layout-options", value: name) }
                options.insert(option)
            }
            layoutOptions = options
        case "keymap":
            guard !value.isEmpty else { throw .badValue(line: line, name: name, value: value) }
            keymap = value
        case "long-press": timing.longPress = try Self.milliseconds(value, name, line)
        case "letters-on":
            guard value == "press" || value == "release" else { throw .badValue(line: line, name: name, value: value) }
            timing.lettersOnPress = value == "press"
        case "repeat-interval": timing.repeatInterval = try Self.milliseconds(value, name, line)
        case "auto-next": timing.autoNext = value == "off" ? nil : try Self.milliseconds(value, name, line)
        case "space-inserts": composer.spaceAlwaysInserts = try Self.boolean(value, name, line)
        case "suggestions": suggestions = try Self.number(value, name, line, in: 0...9)
        case "learn-words": learnWords = try Self.boolean(value, name, line)
        case "pick-adds-space": pickAddsSpace = try Self.boolean(value, name, line)
        case "max-contexts":
            maxContextsPerClient = try Self.number(value, name, line, in: 1...10_000)
        case "max-unread-kib":
            backlog = ClientBacklog.Limits(maxUnread: try Self.number(value, name, line, in: 16...1_048_576) << 10)
        default: throw .unknownSetting(line: line, name: name)
        }
    }

    private static func boolean(_ value: String, _ name: String, _ line: Int) throws(ConfigError) -> Bool {
        guard value == "true" || value == "false" else { throw .badValue(line: line, name: name, value: value) }
        return value == "true"
    }

    private static func milliseconds(_ value: String, _ name: String, _ line: Int) throws(ConfigError) -> Int {
        try number(value, name, line, in: millisecondRange)
    }

    private static func number(_ value: String, _ name: String, _ line: Int, in range: ClosedRange<Int>) throws(ConfigError) -> Int {
        guard let number = Int(value), range.contains(number) else { throw .badValue(line: line, name: name, value: value) }
        return number
    }
}

/// A config file problem, naming the line and quoting at most a short prefix of it (``Excerpt``).
public enum ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    case malformed(line: Int, text: String)
    case unknownSetting(line: Int, name: String)
    case badValue(line: Int, name: String, value: String)

    public var description: String {
        switch self {
        case .malformed(let line, let text): "line \(line): expected 'name = value', found \(Excerpt.quoted(text))"
        case .unknownSetting(let line, let name):
            "line \(line): unknown setting \(Excerpt.quoted(name)) (known: \(DaemonSettings.names.joined(separator: ", ")))"
        case .badValue(let line, let name, let value):
            "line \(line): \(Excerpt.quoted(value)) is not a valid \(name) (\(Self.validValues(of: name)))"
        }
    }
}

extension ConfigError {
    /// What `name` may be set to, in a few words.
    static func validValues(of name: String) -> String {
        let milliseconds = "milliseconds \(DaemonSettings.millisecondRange.lowerBound)-\(DaemonSettings.millisecondRange.upperBound)"
        switch name {
        case "layout": return KeyboardLayout.nameSummary
        case "layout-options": return "none or some of " + KeyboardLayout.Option.nameSummary
        case "keymap": return "phone, keypad-position or a keymap file"
        case "auto-next": return milliseconds + " or off"
        case "long-press", "repeat-interval": return milliseconds
        case "letters-on": return "press or release"
        case "max-contexts": return "1-10000"
        case "max-unread-kib": return "16-1048576"
        case "suggestions": return "0-9"
        default: return "true or false"
        }
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
