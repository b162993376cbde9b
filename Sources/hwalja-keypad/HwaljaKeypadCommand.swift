import ArgumentParser
import CGtk
import HwaljaCore
import HwaljaKeypad

/// `hwalja-keypad`: the on-screen 천지인 keypad, a window of large keys that types into the
/// focused field through the input method hwalja runs in (on X11: the IBus engine or the fcitx5
/// addon, hwalja selected).
@main
struct HwaljaKeypadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hwalja-keypad",
        abstract: "An on-screen Korean 12-key keypad that types through hwalja.",
        discussion: """
            On X11 the keypad is a window that never takes the focus: its keys reach the focused \
            field as a keyboard's keys would (the XTest extension), and hwalja, selected in IBus or \
            fcitx5, types them. A long press types a key's digit. Layouts: \(KeyboardLayout.nameSummary).
            """,
        version: hwaljaVersion
    )

    @Option(help: "The keys of this layout (\(KeyboardLayout.nameSummary)).")
    var layout = KeyboardLayout.cheonjiin.name

    @Option(help: "The window's width and height in pixels, as WIDTHxHEIGHT.")
    var size = "480x420"

    mutating func run() throws {
        guard let chosen = KeyboardLayout(name: layout) else {
            throw ValidationError("no layout \"\(layout.prefix(40))\" (layouts: \(KeyboardLayout.nameSummary))")
        }
        let sides = size.split(separator: "x").compactMap { Int32($0) }
        guard sides.count == 2, sides.allSatisfy({ (100...10_000).contains($0) }) else {
            throw ValidationError("--size takes WIDTHxHEIGHT in pixels, each 100 to 10000, not \"\(size.prefix(40))\"")
        }
        guard gtk_init_check(nil, nil) != 0 else {
            throw ValidationError("cannot open a display: set DISPLAY to an X server")
        }
        guard let display = hwalja_x_display() else {
            throw ValidationError("hwalja-keypad runs on X11 so far: start it with GDK_BACKEND=x11 under Xwayland, or on an X server")
        }
        let window = KeypadWindow(keypad: Keypad(layout: chosen), output: XTestOutput(display: display, layout: chosen), width: sides[0], height: sides[1])
        hwalja_signal_connect(window.window, "destroy", unsafeBitCast(Self.quit, to: GCallback.self), nil)
        gtk_widget_show_all(window.window)
        gtk_main()
        withExtendedLifetime(window) {}
    }

    private static let quit: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, _ in gtk_main_quit() }
}
