import HwaljaCore
import HwaljaEngine

/// hwalja-replay's `--long-press`, `--repeat-interval` and `--auto-next`, read as hwaljad reads
/// them: through ``DaemonSettings``, so the same values are valid (milliseconds in
/// ``DaemonSettings/millisecondRange``, `off` for auto-next) and the bounds are said once.
struct TimingFlags {
    var longPress: String?
    var repeatInterval: String?
    var autoNext: String?

    /// A flag value that is not a valid setting; one line naming the flag, the value and what is allowed.
    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    /// The timer settings: the defaults, overridden by each flag given.
    func settings() throws(Invalid) -> HoldTimer.Settings {
        var settings = DaemonSettings()
        for (name, value) in [("long-press", longPress), ("repeat-interval", repeatInterval), ("auto-next", autoNext)] {
            guard let value else { continue }
            do {
                try settings.set(name, to: value)
            } catch {
                let range = DaemonSettings.millisecondRange
                let allowed = "a number of milliseconds from \(range.lowerBound) to \(range.upperBound)\(name == "auto-next" ? " or off" : "")"
                throw Invalid(description: "--\(name) \(Excerpt.quoted(value)) is not \(allowed)")
            }
        }
        return settings.timing
    }
}
