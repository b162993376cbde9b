import CGtk
import HwaljaCore
import HwaljaKeypad
import HwaljaSession

/// The keypad on X11: each key becomes the key event of a keyboard, made with the XTest
/// extension, so that the input method typing into the focused field (the IBus engine or the
/// fcitx5 addon, with hwalja selected) composes it, times its long press and repeats a held
/// backspace, as for a keyboard's keys (``PhoneKeysyms``). A flick up types the key's digit as
/// a long press does (``keyUp(_:flickedUp:)``).
final class XTestOutput: KeyOutput {
    private let display: OpaquePointer
    private let keysyms: [Key: UInt32]
    private let layout: KeyboardLayout
    /// Whether a field hwalja types into has the focus, as its input framework says
    /// (`org.hwalja.Keypad1.FieldFocused`): only there does a flick type the digit.
    var hwaljaFieldFocused = false

    /// The output for `layout` on the X display `display`.
    init(display: OpaquePointer, layout: KeyboardLayout) {
        self.display = display
        self.layout = layout
        keysyms = PhoneKeysyms.of(layout)
    }

    func keyDown(_ key: Key) {
        if let keysym = keysyms[key] { press(keysym, down: true) }
    }

    /// A flick up types the key's digit, as a long press would. The input method knows only that
    /// the key went down and came up, too soon for its long press; so backspace takes the key's
    /// stroke back (hwalja undoes exactly the last keystroke, whether letters act on the press or
    /// the release), and the digit is typed past the input method (``type(_:)``). Only in a field
    /// hwalja types into: elsewhere backspace may be a command (a file manager's "up"), and the
    /// flick is a tap; so too if no keycode is free for the digit.
    func keyUp(_ key: Key, flickedUp: Bool) {
        guard let keysym = keysyms[key] else { return }
        press(keysym, down: false)
        guard flickedUp, hwaljaFieldFocused, spareKeycode != nil, let digit = layout.digit(of: key),
            let backspace = keysyms[.backspace]
        else { return }
        send(backspace)
        type(String(digit))
    }

    /// Types `text` with the Unicode keysyms of its characters (`0x1000000` + the scalar), which
    /// no hwalja keymap binds: the input method lets them through, and the application inserts
    /// the character (a digit, not the hwalja key the digit's own key types). Each goes on a
    /// keycode the keyboard leaves unused, mapped to it just before, as on-screen keyboards do.
    func type(_ text: String) {
        guard let spare = spareKeycode else { return }
        for scalar in text.unicodeScalars where scalar.value >= 0x20 {
            var keysym = KeySym(0x100_0000 + scalar.value)
            XChangeKeyboardMapping(display, Int32(spare), 1, &keysym, 1)
            XSync(display, 0)
            XTestFakeKeyEvent(display, UInt32(spare), 1, 0)
            XTestFakeKeyEvent(display, UInt32(spare), 0, 0)
            XSync(display, 0)
        }
    }

    /// The highest keycode with no keysym in the keyboard's mapping, found once.
    private lazy var spareKeycode: UInt8? = {
        var lowest: Int32 = 0
        var highest: Int32 = 0
        XDisplayKeycodes(display, &lowest, &highest)
        var perKeycode: Int32 = 0
        guard let mapping = XGetKeyboardMapping(display, UInt8(lowest), highest - lowest + 1, &perKeycode) else {
            return nil
        }
        defer { XFree(mapping) }
        for code in stride(from: highest, through: lowest, by: -1) {
            let first = Int((code - lowest) * perKeycode)
            if (0..<Int(perKeycode)).allSatisfy({ mapping[first + $0] == 0 }) { return UInt8(code) }
        }
        return nil
    }()

    func send(_ key: KeypadKey.ApplicationKey) { send(key.keysym) }

    private func send(_ keysym: UInt32) {
        press(keysym, down: true)
        press(keysym, down: false)
    }

    func endSyllable() {}  // the input method ends it when another key or a click comes

    /// Presses or releases the key that types `keysym`, with Shift around it when the keymap
    /// types it shifted.
    private func press(_ keysym: UInt32, down: Bool) {
        let code = XKeysymToKeycode(display, KeySym(keysym))
        guard code != 0 else { return }
        let shifted = XkbKeycodeToKeysym(display, code, 0, 0) != KeySym(keysym)
        let shift = XKeysymToKeycode(display, KeySym(0xFFE1))  // Shift_L
        if shifted && down { XTestFakeKeyEvent(display, UInt32(shift), 1, 0) }
        XTestFakeKeyEvent(display, UInt32(code), down ? 1 : 0, 0)
        if shifted && !down { XTestFakeKeyEvent(display, UInt32(shift), 0, 0) }
        XFlush(display)
    }
}
