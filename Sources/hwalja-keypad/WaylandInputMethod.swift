import CGtk
import CWaylandProtocols
import Glibc

/// The keypad as the input method of a wlroots compositor (sway, Phosh's phoc): the seat's
/// `zwp_input_method_v2`, through which it changes the focused field's text (commit, preedit),
/// and a `zwp_virtual_keyboard_v1` for the keys the application gets
/// itself (Return, BackSpace with nothing to take back, the arrows). Both on GDK's own Wayland
/// connection, so their events arrive in GTK's main loop.
///
/// What the compositor says about the field (active or not, its purpose) counts once its `done`
/// comes, as the protocol asks.
final class WaylandInputMethod {
    /// What the compositor offers that the keypad needs; absent on GNOME and KDE Plasma.
    enum Unsupported: Error, CustomStringConvertible {
        case noInputMethodManager, noVirtualKeyboardManager, noSeat

        var description: String {
            switch self {
            case .noInputMethodManager:
                "this Wayland compositor offers no input method protocol (input-method-unstable-v2, as sway and Phosh do): on GNOME or KDE Plasma use the keypad in an X11 session, or Maliit/GNOME's own keyboard"
            case .noVirtualKeyboardManager:
                "this Wayland compositor offers no virtual keyboard (virtual-keyboard-unstable-v1), which the keypad needs for Return and the arrows"
            case .noSeat: "this Wayland compositor offers no seat"
            }
        }
    }

    /// The field's purpose, as text-input-v3 numbers it: the keypad keeps passwords from hwaljad.
    enum Purpose: UInt32 {
        case normal = 0, password = 8, pin = 9
    }

    /// Called when a field becomes active (`true`) or stops being (`false`).
    var onActiveChange: ((Bool) -> Void)?

    private(set) var isActive = false
    private(set) var purpose: UInt32 = 0

    private let display: OpaquePointer
    private var seat: OpaquePointer?
    private var inputMethodManager: OpaquePointer?
    private var virtualKeyboardManager: OpaquePointer?
    private var inputMethod: OpaquePointer?
    private var virtualKeyboard: OpaquePointer?
    /// How many `done` events came: each commit names the state it answers.
    private var doneCount: UInt32 = 0
    private var pending = (active: false, purpose: UInt32(0))
    private let registryListener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
    private let inputMethodListener = UnsafeMutablePointer<zwp_input_method_v2_listener>.allocate(capacity: 1)

    /// Binds the input method of the compositor's (first) seat on `display`.
    init(display: OpaquePointer) throws(Unsupported) {
        self.display = display
        registryListener.initialize(to: wl_registry_listener(global: Self.global, global_remove: { _, _, _ in }))
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard let registry = wl_display_get_registry(display) else { throw .noSeat }
        wl_registry_add_listener(registry, registryListener, me)
        wl_display_roundtrip(display)
        guard let seat else { throw .noSeat }
        guard let inputMethodManager else { throw .noInputMethodManager }
        guard let virtualKeyboardManager else { throw .noVirtualKeyboardManager }
        inputMethod = zwp_input_method_manager_v2_get_input_method(inputMethodManager, seat)
        inputMethodListener.initialize(
            to: zwp_input_method_v2_listener(
                activate: { me, _ in WaylandInputMethod.instance(me).pending = (true, 0) },
                deactivate: { me, _ in WaylandInputMethod.instance(me).pending.active = false },
                surrounding_text: { _, _, _, _, _ in },
                text_change_cause: { _, _, _ in },
                content_type: { me, _, _, purpose in WaylandInputMethod.instance(me).pending.purpose = purpose },
                done: { me, _ in WaylandInputMethod.instance(me).done() },
                unavailable: { me, _ in WaylandInputMethod.instance(me).unavailable() }))
        zwp_input_method_v2_add_listener(inputMethod, inputMethodListener, me)
        virtualKeyboard = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(virtualKeyboardManager, seat)
        sendKeymap()
        wl_display_flush(display)
    }

    private static func instance(_ pointer: UnsafeMutableRawPointer?) -> WaylandInputMethod {
        Unmanaged<WaylandInputMethod>.fromOpaque(pointer!).takeUnretainedValue()
    }

    private static let global: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UInt32, UnsafePointer<CChar>?, UInt32) -> Void = {
        me, registry, name, interface, _ in
        guard let interface else { return }
        let method = instance(me)
        switch String(cString: interface) {
        case "wl_seat" where method.seat == nil:
            method.seat = OpaquePointer(wl_registry_bind(registry, name, hwalja_seat_interface(), 1))
        case "zwp_input_method_manager_v2":
            method.inputMethodManager = OpaquePointer(wl_registry_bind(registry, name, hwalja_input_method_manager_interface(), 1))
        case "zwp_virtual_keyboard_manager_v1":
            method.virtualKeyboardManager = OpaquePointer(wl_registry_bind(registry, name, hwalja_virtual_keyboard_manager_interface(), 1))
        default: break
        }
    }

    private func done() {
        doneCount &+= 1
        let wasActive = isActive
        isActive = pending.active
        purpose = pending.purpose
        if isActive != wasActive { onActiveChange?(isActive) }
    }

    /// Another input method has the seat: this one can do nothing more.
    private func unavailable() {
        let message = "hwalja-keypad: another input method has this seat (squeekboard, fcitx5?): stop it, then start the keypad again\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        isActive = false
        onActiveChange?(false)
    }

    /// Changes the field at once: inserts `commit` and shows `preedit` after it (the preedit
    /// shown before goes).
    func change(commit: String = "", preedit: String) {
        guard isActive, let inputMethod else { return }
        if !commit.isEmpty { zwp_input_method_v2_commit_string(inputMethod, commit) }
        let end = Int32(preedit.utf8.count)
        zwp_input_method_v2_set_preedit_string(inputMethod, preedit, end, end)
        zwp_input_method_v2_commit(inputMethod, doneCount)
        wl_display_flush(display)
    }

    /// Evdev key codes of the keys the keypad sends as a keyboard's.
    enum KeyCode: UInt32 {
        case backspace = 14, enter = 28, left = 105, right = 106
    }

    /// Presses and releases `key` on the virtual keyboard: the application gets it itself.
    func tap(_ key: KeyCode) {
        guard let virtualKeyboard else { return }
        let time = UInt32(truncatingIfNeeded: Int(g_get_monotonic_time() / 1000))
        zwp_virtual_keyboard_v1_key(virtualKeyboard, time, key.rawValue, 1)
        zwp_virtual_keyboard_v1_key(virtualKeyboard, time, key.rawValue, 0)
        wl_display_flush(display)
    }

    /// Gives the virtual keyboard the default keymap (xkbcommon's, from the environment's XKB_*
    /// or "us"): the compositor takes no key before one.
    private func sendKeymap() {
        guard let virtualKeyboard, let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return }
        defer { xkb_context_unref(context) }
        guard let keymap = xkb_keymap_new_from_names(context, nil, XKB_KEYMAP_COMPILE_NO_FLAGS) else { return }
        defer { xkb_keymap_unref(keymap) }
        guard let text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else { return }
        defer { free(text) }
        let size = strlen(text) + 1
        var name: UnsafeMutablePointer<CChar>?
        let file = g_file_open_tmp("hwalja-keypad-keymap-XXXXXX", &name, nil)
        guard file >= 0 else { return }
        defer { close(file) }
        if let name {
            unlink(name)  // the compositor reads it through the descriptor only
            g_free(name)
        }
        guard write(file, text, size) == size else { return }
        zwp_virtual_keyboard_v1_keymap(virtualKeyboard, UInt32(WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue), file, UInt32(size))
    }
}
