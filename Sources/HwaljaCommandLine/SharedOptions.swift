import ArgumentParser
import HwaljaCore
import HwaljaRuntime
import HwaljaSession
import HwaljaTyping

/// `--table`, for every program that types.
package struct TableOption: ParsableArguments {
    @Option(
        help:
            "Table file (default: \(TableLoader.searchOrder)); another layout's table is the file of its name beside it."
    )
    package var table: String?

    package init() {}

    /// The table of `layout` (`--table` names that layout's file; without it `configured`, the
    /// settings' table, counts), or exits with one line saying why it cannot be used.
    package func load(_ diagnostics: Diagnostics, layout: KeyboardLayout = .cheonjiin, configured: String? = nil)
        -> TableLoader.Loaded
    {
        do {
            return try TableLoader.load(path: table, layout: layout, configured: configured)
        } catch {
            diagnostics.fail("\(error)")
        }
    }
}

extension TableOption {
    /// Every layout's table (`--table` names 천지인's, else `configured`, the settings' table; the
    /// others are the files of their names beside it), logging each layout left out; exits if
    /// 천지인's cannot be used.
    package func loadEveryLayout(_ diagnostics: Diagnostics, configured: String? = nil) -> TableLoader.Everything {
        do {
            let everything = try TableLoader.loadEveryLayout(path: table, configured: configured)
            everything.problems.forEach(diagnostics.log)
            return everything
        } catch {
            diagnostics.fail("\(error)")
        }
    }
}

/// `--layout`, for the programs that type with one layout.
package struct LayoutOption: ParsableArguments {
    @Option(help: "Keyboard layout: \(KeyboardLayout.nameSummary) (default cheonjiin).")
    package var layout: String?

    @Option(
        name: .customLong("layout-option"),
        help:
            "A choice keyboards disagree on, away from the default (repeatable): \(KeyboardLayout.Option.nameSummary).")
    package var layoutOptions: [String] = []

    package init() {}

    package func validate() throws {
        if let layout, KeyboardLayout(name: layout) == nil {
            throw ValidationError(
                "--layout \(Excerpt.quoted(layout)) is not a layout (layouts: \(KeyboardLayout.nameSummary))")
        }
        for name in layoutOptions where KeyboardLayout.Option(name: name) == nil {
            throw ValidationError(
                "--layout-option \(Excerpt.quoted(name)) is not an option (options: \(KeyboardLayout.Option.nameSummary))"
            )
        }
    }

    /// The options chosen (valid once ``validate()`` passed).
    package var options: Set<KeyboardLayout.Option> { Set(layoutOptions.compactMap(KeyboardLayout.Option.init(name:))) }

    /// The layout chosen (valid once ``validate()`` passed).
    package var keyboard: KeyboardLayout { layout.flatMap(KeyboardLayout.init(name:)) ?? .cheonjiin }
}

/// `--config`, `--keymap` and `--record`, for the programs that serve a desktop (hwaljad, the IBus engine).
package struct ServiceOptions: ParsableArguments {
    @Option(help: "Settings file (default $XDG_CONFIG_HOME/hwalja/hwalja.conf, else ~/.config/hwalja/hwalja.conf).")
    package var config: String?

    @Option(help: "phone, keypad-position, or a keymap file (overrides the settings file's keymap).")
    package var keymap: String?

    @Option(
        help:
            "Record keystrokes as timed replay logs (context-N.log, mode 0600) in a new directory of this run's (mode 0700) inside this one; never in password fields; off by default."
    )
    package var record: String?

    package init() {}

    /// The user's settings with this command line's keymap, each problem logged in one line (the
    /// rest applies); exits if `--config` names a file that cannot be read or `--keymap` is bad.
    package func loadSettings(_ diagnostics: Diagnostics) -> ConfigFile.Loaded {
        let loaded: ConfigFile.Loaded
        do {
            loaded = try readSettings()
        } catch {
            diagnostics.fail("\(error)")
        }
        loaded.problems.forEach(diagnostics.log)
        return loaded
    }

    /// The settings file's settings (``config``) with `--keymap` on top; its problems are in the result.
    ///
    /// - Throws: a one-line message when the file given, or the keymap, cannot be read.
    package func readSettings() throws(ConfigFile.Failure) -> ConfigFile.Loaded {
        var loaded = try ConfigFile.load(config)
        if let keymap {
            loaded.keymap = try KeymapFile.load(keymap)
            loaded.settings.keymap = keymap
        }
        return loaded
    }

    /// The keystroke recorder if `--record` was given; exits if it cannot record.
    package func recorder(_ diagnostics: Diagnostics) -> KeystrokeRecorder? {
        guard let record else { return nil }
        do {
            let recorder = try KeystrokeRecorder(
                directory: record, program: diagnostics.program, report: diagnostics.log)
            diagnostics.log("recording keystrokes (--record) in \(Excerpt.path(recorder.runDirectory))")
            return recorder
        } catch {
            diagnostics.fail("cannot record keystrokes: \(error)")
        }
    }
}

/// `--long-press`, `--repeat-interval`, `--auto-next` and `--space-inserts`, read as the settings
/// file's values are (through ``HwaljaSettings``), so the same values are valid everywhere.
package struct TypingOptions: ParsableArguments {
    @Option(help: "Milliseconds (\(Self.range)) a key is held to type its digit (default 500).")
    package var longPress: String?

    @Option(help: "When a letter key types: 'press' (when it goes down, the default) or 'release' (when it comes up).")
    package var lettersOn: String?

    @Option(help: "Milliseconds (\(Self.range)) between repeats of a held backspace (default 100).")
    package var repeatInterval: String?

    @Option(
        help: "Milliseconds (\(Self.range)) of idle time after which the syllable ends by itself, or 'off' (default).")
    package var autoNext: String?

    @Flag(help: "SPACE always inserts a blank instead of first ending the syllable being composed.")
    package var spaceInserts = false

    package init() {}

    private static let range =
        "\(HwaljaSettings.millisecondRange.lowerBound)-\(HwaljaSettings.millisecondRange.upperBound)"

    /// A flag's value that is not valid: one line naming the flag, the value and what is allowed.
    package struct Invalid: Error, CustomStringConvertible {
        package var description: String
    }

    /// Sets each flag given on top of `settings`.
    package func apply(to settings: inout HwaljaSettings) throws(Invalid) {
        let given =
            [
                ("long-press", longPress), ("letters-on", lettersOn), ("repeat-interval", repeatInterval),
                ("auto-next", autoNext)
            ]
            + [("space-inserts", spaceInserts ? "true" : nil)]
        for case (let name, let value?) in given {
            do {
                try settings.set(name, to: value)
            } catch {
                let allowed =
                    name == "letters-on"
                    ? "press or release"
                    : "a number of milliseconds from \(Self.range)\(name == "auto-next" ? " or off" : "")"
                throw Invalid(description: "--\(name) \(Excerpt.quoted(value)) is not \(allowed)")
            }
        }
    }
}
