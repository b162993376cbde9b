import CGtk
import HwaljaCore
import HwaljaFrontend
import HwaljaKeypad

/// The keypad on X11: each key becomes the key event of a keyboard, made with the XTest
/// extension, so that the input method typing into the focused field (the IBus engine or the
/// fcitx5 addon, with hwalja selected) composes it, times its long press and repeats a held
/// backspace, as for a keyboard's keys. The keysym of each hwalja key is the one the layout's
/// `phone` keymap binds to it on the number row (`Keymap.phone(for:)`: 1 is ㅣ …), so the keys
/// type the same whichever preset the settings choose.
///
/// A flick up cannot shorten the long press here: the key comes up as after a tap.
final class XTestOutput: KeyOutput {
    private let display: OpaquePointer
    private let keysyms: [Key: UInt32]

    /// The output for `layout` on the X display `display`.
    init(display: OpaquePointer, layout: KeyboardLayout) {
        self.display = display
        keysyms = Self.keysyms(of: Keymap.phone(for: layout))
    }

    /// Each key's keysym in `keymap`: the number row and the symbols above it first, then the
    /// keypad's (NEXT is keypad +).
    static func keysyms(of keymap: Keymap) -> [Key: UInt32] {
        var chosen: [Key: UInt32] = [:]
        for (keysym, key) in keymap.bindings.sorted(by: { $0.key < $1.key }) where chosen[key] == nil {
            chosen[key] = keysym
        }
        return chosen
    }

    func keyDown(_ key: Key) {
        if let keysym = keysyms[key] { press(keysym, down: true) }
    }

    func keyUp(_ key: Key, flickedUp: Bool) {
        if let keysym = keysyms[key] { press(keysym, down: false) }
    }

    func type(_ text: String) {
        for scalar in text.unicodeScalars where scalar.value >= 0x20 && scalar.value < 0x7F {
            press(scalar.value, down: true)  // printable ASCII: the keysym is the character
            press(scalar.value, down: false)
        }
    }

    func send(_ key: KeypadKey.ApplicationKey) {
        press(key.keysym, down: true)
        press(key.keysym, down: false)
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
