import FoundationEssentials
import HwaljaCore
import HwaljaEngine

#if canImport(Glibc)
import Glibc
#endif

/// The settings file hwaljad and ibus-engine-hwalja share.
public enum ConfigFile {
    /// `$XDG_CONFIG_HOME/hwalja/hwaljad.conf`, else `~/.config/hwalja/hwaljad.conf`.
    public static var defaultPath: String? {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["HOME"].map { $0 + "/.config" }
        return base.map { $0 + "/hwalja/hwaljad.conf" }
    }

    /// The settings in `path` (which must exist), or in the default file if there is one, else the defaults.
    ///
    /// - Throws: a one-line message naming the file and what is wrong.
    public static func load(_ path: String?) throws(Failure) -> DaemonSettings {
        var settings = DaemonSettings()
        guard let file = path ?? defaultPath else { return settings }
        guard let data = FileManager.default.contents(atPath: file) else {
            if path != nil { throw Failure(description: "cannot read config file \(Excerpt.path(file))") }
            return settings
        }
        do {
            try settings.apply(configFile: String(decoding: data, as: UTF8.self))
        } catch {
            throw Failure(description: "\(Excerpt.path(file)): \(error)")
        }
        return settings
    }

    /// A config file that cannot be used.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }
}

/// One-line messages on standard error for the long-running programs, which avoid Foundation.
public struct Diagnostics: Sendable {
    /// The program name each line starts with.
    public let program: String

    public init(program: String) {
        self.program = program
    }

    /// Prints `line` to standard error.
    public func log(_ line: String) {
        var text = "\(program): \(line)\n"
        text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }

    /// Prints `line` to standard error and exits with status 1.
    public func fail(_ line: String) -> Never {
        log(line)
        exit(1)
    }
}
