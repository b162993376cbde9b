import HwaljaCore
import HwaljaSession
import HwaljaTyping

#if canImport(Glibc)
    import Glibc
#endif

/// The settings file hwaljad and ibus-engine-hwalja share, which a user edits without root:
/// `$XDG_CONFIG_HOME/hwalja/hwalja.conf` (``HwaljaSettings`` has the grammar and the names).
package enum ConfigFile {
    /// `$XDG_CONFIG_HOME/hwalja/hwalja.conf`, else `~/.config/hwalja/hwalja.conf`.
    package static var defaultPath: String? {
        let base =
            SystemFiles.environment("XDG_CONFIG_HOME").flatMap { $0.isEmpty ? nil : $0 }
            ?? SystemFiles.environment("HOME").map { $0 + "/.config" }
        return base.map { $0 + "/hwalja/hwalja.conf" }
    }

    /// What the file set, with its keymap resolved.
    package struct Loaded {
        package var settings = HwaljaSettings()
        package var keymap = Keymap.phone
        /// One line per problem (a bad line, a keymap that cannot be used), naming the file:
        /// the rest of the file applies.
        package var problems: [String] = []

        /// The defaults.
        package init() {}
    }

    /// The settings in `path` (which must exist), or in the default file if there is one, else
    /// the defaults. A bad line is reported in ``Loaded/problems`` and skipped.
    ///
    /// - Throws: a one-line message when `path` was given and cannot be read.
    package static func load(_ path: String?) throws(Failure) -> Loaded {
        var loaded = Loaded()
        guard let file = path ?? defaultPath else { return loaded }
        guard let data = SystemFiles.read(file) else {
            if path != nil { throw Failure(description: "cannot read config file \(Excerpt.path(file))") }
            return loaded
        }
        let problems = loaded.settings.apply(configFile: String(decoding: data, as: UTF8.self))
        loaded.problems = problems.map { "\(Excerpt.path(file)): \($0); the rest of the file applies" }
        do {
            loaded.keymap = try KeymapFile.load(loaded.settings.keymap)
        } catch {
            loaded.problems.append("\(Excerpt.path(file)): keymap: \(error); using phone")
            loaded.settings.keymap = "phone"
        }
        return loaded
    }

    /// Sets `name` to `value` in the settings file at `path` (else the default file), changing
    /// the line that sets it and keeping the rest as the user wrote it (``SettingsFileText``); the
    /// file and its directories are made when missing. `value` must already be a valid one.
    ///
    /// - Throws: one line naming the file and what the system said.
    package static func write(_ name: String, _ value: String, to path: String?) throws(Failure) {
        guard let file = path ?? defaultPath else {
            throw Failure(description: "no settings file: neither XDG_CONFIG_HOME nor HOME is set")
        }
        let old = SystemFiles.read(file).map { String(decoding: $0, as: UTF8.self) } ?? ""
        do {
            try AtomicFile.replace(file, with: Array(SettingsFileText.setting(name, to: value, in: old).utf8))
        } catch {
            switch error {
            case .cannotCreateDirectory(let directory, let reason):
                throw Failure(description: "cannot create \(Excerpt.path(directory)): \(reason)")
            case .cannotWrite(let written, let reason):
                throw Failure(description: "cannot write \(Excerpt.path(written)): \(reason)")
            }
        }
    }

    /// A config file that cannot be used.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }
}

/// Keymaps by name or file, for the programs.
package enum KeymapFile {
    /// The keymap `value` names (`phone`, `keypad-position`) or the one in the file at path `value`.
    ///
    /// - Throws: one line saying what is wrong with the name or the file.
    package static func load(_ value: String) throws(ConfigFile.Failure) -> Keymap {
        if let keymap = Keymap.named(value) { return keymap }
        guard value.contains("/") else {
            throw ConfigFile.Failure(
                description:
                    "unknown keymap \(Excerpt.quoted(value)) (\(Keymap.names.joined(separator: ", ")), or a file's path)"
            )
        }
        guard let data = SystemFiles.read(value) else {
            throw ConfigFile.Failure(description: "cannot read keymap file \(Excerpt.path(value))")
        }
        do {
            return try Keymap(parsing: String(decoding: data, as: UTF8.self))
        } catch {
            throw ConfigFile.Failure(description: "\(Excerpt.path(value)): \(error)")
        }
    }
}

/// One-line messages on standard error for the long-running programs, which avoid Foundation.
package struct Diagnostics: Sendable {
    /// The program name each line starts with.
    package let program: String

    package init(program: String) {
        self.program = program
    }

    /// Prints `line` to standard error.
    package func log(_ line: String) {
        var text = "\(program): \(line)\n"
        text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }

    /// Prints `line` to standard error and exits with status 1.
    package func fail(_ line: String) -> Never {
        log(line)
        exit(1)
    }
}
