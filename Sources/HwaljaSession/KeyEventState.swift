/// The modifier bits of a key event's state, as X11, IBus and hwaljad's `org.hwalja.InputContext1`
/// carry them.
package enum KeyEventState {
    package static let shift: UInt32 = 1 << 0
    package static let lock: UInt32 = 1 << 1
    package static let control: UInt32 = 1 << 2
    package static let alt: UInt32 = 1 << 3
    package static let numLock: UInt32 = 1 << 4
    package static let mod4: UInt32 = 1 << 6
    package static let superMask: UInt32 = 1 << 26
    package static let hyper: UInt32 = 1 << 27
    package static let meta: UInt32 = 1 << 28
    /// Set on a key's release.
    package static let release: UInt32 = 1 << 30
    /// Modifiers that make a key a shortcut for the application, not input for the engine.
    package static let shortcutModifiers = control | alt | mod4 | superMask | hyper | meta

    /// Whether `keysym` is a modifier key itself (Shift, Control, Caps Lock, Alt, Meta, Super,
    /// Hyper, the ISO level shifts and locks, Mode_switch, Num_Lock): pressed alone it changes
    /// nothing typed, so it neither finishes the syllable nor reaches the engine.
    package static func isModifierKey(_ keysym: UInt32) -> Bool {
        (0xFFE1...0xFFEE).contains(keysym)  // Shift_L … Hyper_R
            || (0xFE01...0xFE0F).contains(keysym)  // ISO_Lock … ISO_Last_Group_Lock (AltGr is ISO_Level3_Shift)
            || keysym == 0xFF7E || keysym == 0xFF7F  // Mode_switch, Num_Lock
    }
}

/// What a field is for, by the numbers GTK, IBus and hwaljad's `SetContentType` use
/// (`IBusInputPurpose`, `GtkInputPurpose`).
package enum InputPurpose {
    /// Purposes whose keys pass through untouched: the engine stays out of the way and records nothing.
    package static let passingThrough: Set<UInt32> = [
        2,  // DIGITS
        3,  // NUMBER
        4,  // PHONE
        8,  // PASSWORD
        9  // PIN
    ]
    /// Purposes whose text is secret: never recorded, whatever the flags.
    package static let secret: Set<UInt32> = [8, 9]
    /// The hint of a private field (`IBUS_INPUT_HINT_PRIVATE`, `GTK_INPUT_HINT_PRIVATE`: a private
    /// browsing window, say): it types as any, but nothing of it is learned or recorded.
    package static let privateHint: UInt32 = 1 << 11
}
