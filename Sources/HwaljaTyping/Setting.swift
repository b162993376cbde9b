import HwaljaCore

/// One setting of `hwalja.conf`: its name, default, what values it takes and what it does. The
/// list of them (``HwaljaSettings/catalogue``) is the one place the settings file's grammar, the
/// programs' help, error messages and hwaljad's `GetSettings` describe them from.
package struct Setting: Sendable, Equatable {
    /// What values a setting takes.
    package enum Kind: Sendable, Equatable {
        /// One of these words.
        case choice([String])
        /// Some of these words, comma-separated, or `none`.
        case options([String])
        /// A whole number in the range.
        case number(ClosedRange<Int>)
        /// Milliseconds in the range.
        case milliseconds(ClosedRange<Int>)
        /// Milliseconds in the range, or `off`.
        case millisecondsOrOff(ClosedRange<Int>)
        /// `true` or `false`.
        case boolean
        /// One of these presets, or a keymap file's path.
        case presetOrFile([String])
        /// A file's absolute path.
        case path

        /// Its name on the bus (`GetSettings`): choice, options, number, milliseconds,
        /// milliseconds-or-off, boolean, preset-or-file, path.
        package var name: String {
            switch self {
            case .choice: "choice"
            case .options: "options"
            case .number: "number"
            case .milliseconds: "milliseconds"
            case .millisecondsOrOff: "milliseconds-or-off"
            case .boolean: "boolean"
            case .presetOrFile: "preset-or-file"
            case .path: "path"
            }
        }

        /// The words it takes, or a number range's bounds (`["1", "60000"]`); none for a path.
        package var allowed: [String] {
            switch self {
            case .choice(let words), .options(let words), .presetOrFile(let words): words
            case .number(let range), .milliseconds(let range), .millisecondsOrOff(let range):
                [String(range.lowerBound), String(range.upperBound)]
            case .boolean: ["true", "false"]
            case .path: []
            }
        }

        /// What it takes, in a few words, for messages.
        package var summary: String {
            switch self {
            case .choice(let words):
                words.dropLast().joined(separator: ", ") + (words.count > 1 ? " or " : "") + (words.last ?? "")
            case .options(let words): "none or some of " + words.joined(separator: ", ")
            case .number(let range): "\(range.lowerBound)-\(range.upperBound)"
            case .milliseconds(let range): "milliseconds \(range.lowerBound)-\(range.upperBound)"
            case .millisecondsOrOff(let range): "milliseconds \(range.lowerBound)-\(range.upperBound) or off"
            case .boolean: "true or false"
            case .presetOrFile(let presets): presets.joined(separator: ", ") + " or a keymap file"
            case .path: "a table file's absolute path"
            }
        }
    }

    /// Its name in the file (`long-press`).
    package let name: String
    /// Its value when the file does not set it, as the file writes it.
    package let defaultValue: String
    package let kind: Kind
    /// What it does, in a few words.
    package let summary: String
}

extension HwaljaSettings {
    /// Every setting: typing's first, then those of hwaljad and its clients (`layout`, `table`,
    /// the limits), then the on-screen keypad's. The documentation lists them in this order, and hwalja's Preferences and
    /// fcitx5's configuration show them so.
    package static let catalogue: [Setting] = [
        Setting(
            name: "keymap", defaultValue: "phone", kind: .presetOrFile(["phone", "keypad-position"]),
            summary: "which keyboard keys type which keypad keys"),
        Setting(
            name: "long-press", defaultValue: "500", kind: .milliseconds(millisecondRange),
            summary: "ms a key is held to type its digit"),
        Setting(
            name: "letters-on", defaultValue: "press", kind: .choice(["press", "release"]),
            summary: "press: a letter shows when its key goes down; release: when it comes up"),
        Setting(
            name: "repeat-interval", defaultValue: "100", kind: .milliseconds(millisecondRange),
            summary: "ms between repeats of a held backspace"),
        Setting(
            name: "auto-next", defaultValue: "off", kind: .millisecondsOrOff(millisecondRange),
            summary: "ms of idle time that ends the syllable, or off"),
        Setting(
            name: "space-inserts", defaultValue: "false", kind: .boolean,
            summary: "true: SPACE always inserts a blank"),
        Setting(
            name: "suggestions", defaultValue: "3", kind: .number(0...9),
            summary: "word suggestions shown (0: none)"),
        Setting(
            name: "learn-words", defaultValue: "true", kind: .boolean,
            summary: "learn the words you commit (never in password fields)"),
        Setting(
            name: "pick-adds-space", defaultValue: "true", kind: .boolean,
            summary: "a picked suggestion is followed by a space"),
        Setting(
            name: "predict-next-word", defaultValue: "true", kind: .boolean,
            summary: "suggest the words you typed next, once a word ends"),
        Setting(
            name: "layout-options", defaultValue: "none", kind: .options(KeyboardLayout.Option.allCases.map(\.name)),
            summary: "choices keyboards disagree on, comma-separated (docs/layouts.md)"),
        Setting(
            name: "layout", defaultValue: "cheonjiin", kind: .choice(KeyboardLayout.allCases.map(\.name)),
            summary: "the layout of contexts made without naming one (CreateContext())"),
        Setting(
            name: "table", defaultValue: "/usr/share/hwalja/hwalja.table", kind: .path,
            summary: "천지인's table, the other layouts' beside it"),
        Setting(
            name: "max-contexts", defaultValue: "64", kind: .number(1...10_000),
            summary: "contexts one client may hold at once"),
        Setting(
            name: "max-unread-kib", defaultValue: "1024", kind: .number(16...1_048_576),
            summary: "KiB a client may leave unread before it is cut off"),
        Setting(
            name: "keypad-feedback", defaultValue: "true", kind: .boolean,
            summary: "the on-screen keypad vibrates or clicks on each key, where feedbackd runs")
    ]

    /// The settings every program applies, typing's and the suggestions' (the catalogue's first
    /// part): the IBus engine's and the fcitx5 addon's; the rest are hwaljad's and its clients'.
    package static var typingSettingNames: [String] { catalogue.prefix { $0.name != "layout" }.map(\.name) }

    /// The setting called `name`, if there is one.
    package static func setting(named name: String) -> Setting? { catalogue.first { $0.name == name } }

    /// The catalogue as lines of a settings file, `name = default` and what it does after `#`,
    /// aligned (`indent` before each): for help texts.
    package static func catalogueLines(indent: String = "") -> String {
        let width = catalogue.map { $0.name.count + 3 + $0.defaultValue.count }.filter { $0 < 24 }.max() ?? 0
        return catalogue.map { setting in
            let assignment = "\(setting.name) = \(setting.defaultValue)"
            let padding = String(repeating: " ", count: max(1, width + 2 - assignment.count))
            return indent + assignment + padding + "# " + setting.summary
        }.joined(separator: "\n")
    }

    /// The value of setting `name` as the settings file writes it, or `nil` for no such setting.
    package func value(of name: String) -> String? {
        switch name {
        case "layout": layout.name
        case "layout-options":
            layoutOptions.isEmpty ? "none" : layoutOptions.map(\.name).sorted().joined(separator: ",")
        case "keymap": keymap
        case "table": table ?? Self.setting(named: "table")!.defaultValue
        case "long-press": String(timing.longPress)
        case "letters-on": timing.lettersOnPress ? "press" : "release"
        case "repeat-interval": String(timing.repeatInterval)
        case "auto-next": timing.autoNext.map(String.init) ?? "off"
        case "space-inserts": String(composer.spaceAlwaysInserts)
        case "max-contexts": String(maxContextsPerClient)
        case "max-unread-kib": String(backlog.maxUnread >> 10)
        case "suggestions": String(suggestions)
        case "learn-words": String(learnWords)
        case "pick-adds-space": String(pickAddsSpace)
        case "predict-next-word": String(predictNextWord)
        case "keypad-feedback": String(keypadFeedback)
        default: nil
        }
    }
}
