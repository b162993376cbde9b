import CGtk
import CWaylandProtocols
import Glibc
import HwaljaSession

/// The keypad as the input method of a wlroots compositor (sway, Phosh's phoc): the seat's
/// `zwp_input_method_v2`, through which it changes the focused field's text (commit, preedit),
/// and a `zwp_virtual_keyboard_v1` for the keys the application gets itself (Return, BackSpace
/// with nothing to take back, the arrows). Both on GDK's own Wayland connection, so their events
/// arrive in GTK's main loop.
///
/// What the compositor says about the field (activated, its purpose and hints) counts once its
/// `done` comes, as the protocol asks. The listeners live as long as the process.
final class WaylandInputMethod {
    /// Why the keypad cannot be this compositor's input method.
    enum Unsupported: Error, CustomStringConvertible {
        case noInputMethodManager, noVirtualKeyboardManager, noSeat, noRegistry
        case noKeymap(String)

        var description: String {
            switch self {
            case .noInputMethodManager:
                "this Wayland compositor offers no input method protocol (input-method-unstable-v2)"
            case .noVirtualKeyboardManager:
                "this Wayland compositor offers no virtual keyboard (virtual-keyboard-unstable-v1), which the keypad needs for Return and the arrows"
            case .noSeat: "this Wayland compositor offers no seat"
            case .noRegistry: "could not read what this Wayland compositor offers (wl_registry)"
            case .noKeymap(let why):
                "could not make a keymap for the keypad's virtual keyboard (\(why)): check that xkb-data is installed and XKB_DEFAULT_* names a layout"
            }
        }
    }

    /// Called when a field becomes active, or is activated again (`true`: start afresh), and
    /// when it stops being (`false`).
    var onActiveChange: ((Bool) -> Void)?

    private(set) var isActive = false
    /// Whether the field's keys pass through untouched, as in IBus and fcitx5 (a password, PIN,
    /// digits, number or phone purpose, or hidden or sensitive text): the keypad types digits
    /// there, and keeps its keys from hwaljad.
    private(set) var passesKeysThrough = false

    private let display: OpaquePointer
    private var inputMethod: OpaquePointer?
    private var virtualKeyboard: OpaquePointer?
    /// How many `done` events came: each commit names the state it answers.
    private var doneCount: UInt32 = 0
    private var pending = Field()
    private let inputMethodListener = UnsafeMutablePointer<zwp_input_method_v2_listener>.allocate(capacity: 1)

    /// What the compositor says of the field until its `done`.
    private struct Field {
        var active = false
        /// `activate` came: a new field, or the same one started afresh.
        var activated = false
        var purpose: UInt32 = 0
        var hint: UInt32 = 0

        /// The purposes whose keys pass through (text-input-v3 numbers them as GTK and IBus do), or
        /// text-input-v3's hidden-text and sensitive-data hints.
        var passesKeysThrough: Bool { InputPurpose.passingThrough.contains(purpose) || hint & (0x40 | 0x80) != 0 }
    }

    /// Binds the input method of the compositor's (first) seat on `display`, and a virtual
    /// keyboard with the default keymap.
    init(display: OpaquePointer) throws(Unsupported) {
        self.display = display
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard let globals = WaylandGlobals(display: display) else { throw .noRegistry }
        guard let inputMethodManager = globals.bind(hwalja_input_method_manager_interface(), version: 1) else {
            throw .noInputMethodManager
        }
        guard let virtualKeyboardManager = globals.bind(hwalja_virtual_keyboard_manager_interface(), version: 1) else {
            throw .noVirtualKeyboardManager
        }
        guard let seat = globals.bind(hwalja_seat_interface(), version: 1) else { throw .noSeat }
        let keymap = try Self.keymapFile()
        defer { close(keymap.file) }
        inputMethod = zwp_input_method_manager_v2_get_input_method(inputMethodManager, seat)
        inputMethodListener.initialize(
            to: zwp_input_method_v2_listener(
                activate: { me, _ in WaylandInputMethod.instance(me).pending = Field(active: true, activated: true) },
                deactivate: { me, _ in WaylandInputMethod.instance(me).pending.active = false },
                surrounding_text: { _, _, _, _, _ in },
                text_change_cause: { _, _, _ in },
                content_type: { me, _, hint, purpose in
                    WaylandInputMethod.instance(me).pending.hint = hint
                    WaylandInputMethod.instance(me).pending.purpose = purpose
                },
                done: { me, _ in WaylandInputMethod.instance(me).done() },
                unavailable: { me, _ in WaylandInputMethod.instance(me).unavailable() }))
        zwp_input_method_v2_add_listener(inputMethod, inputMethodListener, me)
        virtualKeyboard = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(virtualKeyboardManager, seat)
        // The compositor reads the keymap through the descriptor, which libwayland duplicates as
        // it sends the request: closing ours after is safe.
        zwp_virtual_keyboard_v1_keymap(
            virtualKeyboard, UInt32(WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue), keymap.file, keymap.size)
        wl_display_flush(display)
    }

    private static func instance(_ pointer: UnsafeMutableRawPointer?) -> WaylandInputMethod {
        Unmanaged<WaylandInputMethod>.fromOpaque(pointer!).takeUnretainedValue()
    }

    private func done() {
        doneCount &+= 1
        let wasActive = isActive
        isActive = pending.active
        passesKeysThrough = pending.passesKeysThrough
        let activated = pending.activated
        pending.activated = false
        if activated && isActive || isActive != wasActive { onActiveChange?(isActive) }
    }

    /// Another input method has the seat: this one can do nothing, and says so.
    private func unavailable() {
        warn("another input method has this seat (squeekboard, fcitx5?): stop it, then start the keypad again")
        exit(1)
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

    /// Presses and releases `key` on the virtual keyboard, while a field is active: the
    /// application gets it itself.
    func tap(_ key: KeyCode) {
        guard isActive, let virtualKeyboard else { return }
        let time = UInt32(truncatingIfNeeded: Int(g_get_monotonic_time() / 1000))
        zwp_virtual_keyboard_v1_key(virtualKeyboard, time, key.rawValue, 1)
        zwp_virtual_keyboard_v1_key(virtualKeyboard, time, key.rawValue, 0)
        wl_display_flush(display)
    }

    /// The virtual keyboard's keymap (xkbcommon's default, from XKB_DEFAULT_*, else a US
    /// keyboard) in an unlinked file: the compositor takes no key before one.
    private static func keymapFile() throws(Unsupported) -> (file: Int32, size: UInt32) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw .noKeymap("no xkbcommon context") }
        defer { xkb_context_unref(context) }
        var keymap = xkb_keymap_new_from_names(context, nil, XKB_KEYMAP_COMPILE_NO_FLAGS)
        if keymap == nil {
            // The names' C strings must outlive the struct that points at them: made here, not
            // converted for the initializer's call alone.
            keymap = "evdev".withCString { rules in
                "pc105".withCString { model in
                    "us".withCString { layout in
                        var us = xkb_rule_names(rules: rules, model: model, layout: layout, variant: nil, options: nil)
                        return xkb_keymap_new_from_names(context, &us, XKB_KEYMAP_COMPILE_NO_FLAGS)
                    }
                }
            }
        }
        guard let keymap else { throw .noKeymap("no default keymap, nor a US one") }
        defer { xkb_keymap_unref(keymap) }
        guard let text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else {
            throw .noKeymap("xkbcommon wrote none")
        }
        defer { free(text) }
        var name: UnsafeMutablePointer<CChar>?
        let file = g_file_open_tmp("hwalja-keypad-keymap-XXXXXX", &name, nil)
        guard file >= 0 else { throw .noKeymap("no temporary file") }
        if let name {
            unlink(name)
            g_free(name)
        }
        let size = strlen(text) + 1
        var written = 0
        while written < size {
            let count = write(file, text + written, size - written)
            guard count > 0 else {
                close(file)
                throw .noKeymap("writing a temporary file failed")
            }
            written += count
        }
        return (file, UInt32(size))
    }
}
