import CGtk
import CWaylandProtocols
import HwaljaCore
import HwaljaDBus
import HwaljaKeypad

/// The keypad on KDE Plasma (KWin): each key becomes a keyboard's key event through KWin's
/// fake-input protocol, so that the input method KWin runs (fcitx5, with hwalja selected)
/// composes it, times its long press and repeats a held backspace, as XTest does on X11. KWin
/// offers the protocol only to a program a desktop file names in `X-KDE-Wayland-Interfaces`
/// (the package's hwalja-keypad.desktop). Key codes come from the compositor's keymap, as GDK
/// has it.
///
/// The Latin and symbol layers type through fcitx5 too, whose hwalja would take their digits for
/// letters (1 is ㅣ): while they show, fcitx5's input method is off for the field (its
/// controller's Deactivate, on the session bus), and on again (Activate) back on the Korean keys.
final class FakeInputOutput: KeyOutput {
    /// Why KWin's fake input is not there.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String {
            "this Wayland compositor offers no input method protocol (input-method-unstable-v2, as sway and Phosh do) and no fake input to this program (KWin's, for the program its hwalja-keypad.desktop names)"
        }
    }

    private let display: OpaquePointer
    private let keysyms: [Key: UInt32]
    private let fakeInput: OpaquePointer

    /// Binds KWin's fake input (version 4, which has keys) on `display`.
    init(display: OpaquePointer, layout: KeyboardLayout) throws(Unavailable) {
        self.display = display
        keysyms = PhoneKeysyms.of(layout)
        guard let fakeInput = WaylandGlobals(display: display)?.bind(hwalja_fake_input_interface(), version: 4) else {
            throw Unavailable()
        }
        self.fakeInput = fakeInput
        org_kde_kwin_fake_input_authenticate(
            fakeInput, "hwalja-keypad", "types the keys of the on-screen Korean keypad")
        wl_display_flush(display)
    }

    func keyDown(_ key: Key) {
        if let keysym = keysyms[key] { press(keysym, down: true) }
    }

    /// A flick up cannot shorten the long press here: the key comes up as after a tap. (Typing
    /// its digit as on X11 would take fcitx5's input method off for it, by D-Bus, which nothing
    /// orders after the backspace that goes by KWin: the digit could replace the whole syllable.)
    func keyUp(_ key: Key, flickedUp: Bool) {
        if let keysym = keysyms[key] { press(keysym, down: false) }
    }

    /// Types `text` with the keys the keymap has for its characters (the Latin and symbol
    /// layers': a US keyboard has them all); a character it has none for is left out.
    func type(_ text: String) {
        for scalar in text.unicodeScalars {
            let keysym = gdk_unicode_to_keyval(scalar.value)
            press(keysym, down: true)
            press(keysym, down: false)
        }
    }

    func send(_ key: KeypadKey.ApplicationKey) {
        press(key.keysym, down: true)
        press(key.keysym, down: false)
    }

    func endSyllable() {}  // the input method ends it when another key or a click comes

    func layerChanged(to layer: KeypadLayer) {
        let member = layer == .hangul ? "Activate" : "Deactivate"
        do {
            let connection = try fcitx5 ?? BusConnection(bus: .session)
            fcitx5 = connection
            let call = BusMessage.methodCall(
                destination: "org.fcitx.Fcitx5", path: "/controller", interface: "org.fcitx.Fcitx.Controller1",
                member: member)
            _ = try connection.call(call, timeoutMilliseconds: 1_000)
        } catch {
            warn(
                "fcitx5 did not turn its input method \(layer == .hangul ? "on" : "off") for the \(layer) keys: \(error)"
            )
        }
    }

    /// The session bus, to fcitx5's controller.
    private var fcitx5: BusConnection?

    /// The evdev code of the key that types `keysym` in the compositor's keymap, and whether it
    /// takes Shift (its second level).
    private func key(for keysym: UInt32) -> (code: UInt32, shifted: Bool)? {
        var entries: UnsafeMutablePointer<GdkKeymapKey>?
        var count: Int32 = 0
        guard let keymap = gdk_keymap_get_for_display(gdk_display_get_default()),
            gdk_keymap_get_entries_for_keyval(keymap, keysym, &entries, &count) != 0, let entries
        else { return nil }
        defer { g_free(entries) }
        let found = (0..<Int(count)).map { entries[$0] }.filter { $0.group == 0 && $0.level <= 1 }.min {
            $0.level < $1.level
        }
        return found.map { (UInt32($0.keycode) - 8, $0.level == 1) }  // XKB's codes are evdev's plus 8
    }

    /// Presses or releases the key that types `keysym`, with Shift around it when its level needs it.
    private func press(_ keysym: UInt32, down: Bool) {
        guard let key = key(for: keysym) else { return }
        let shift: UInt32 = 42  // KEY_LEFTSHIFT
        if key.shifted && down { org_kde_kwin_fake_input_keyboard_key(fakeInput, shift, 1) }
        org_kde_kwin_fake_input_keyboard_key(fakeInput, key.code, down ? 1 : 0)
        if key.shifted && !down { org_kde_kwin_fake_input_keyboard_key(fakeInput, shift, 0) }
        wl_display_flush(display)
    }
}
