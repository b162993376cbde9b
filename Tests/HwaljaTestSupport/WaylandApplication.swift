import Testing

/// Applications on Wayland that speak text-input-v3 themselves, not through GTK: foot, a terminal
/// (a field that reports no text around its cursor), and Chromium with its Wayland input method
/// (tools/chromium-app.py's flags when WAYLAND_DISPLAY is set).
package enum WaylandApplication: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case foot, chromium

    package var testDescription: String { rawValue }
    /// The harness that runs it (tools/app_session.py describes them).
    package var script: String { self == .foot ? "tools/terminal-app.py" : "tools/chromium-app.py" }
    /// The harness's `--field`: the terminal, or a textarea.
    package var field: String { self == .foot ? "foot" : "lines" }
}
