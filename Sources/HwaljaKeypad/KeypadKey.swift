import HwaljaCore

/// One key of the on-screen keypad: what it shows, what a screen reader calls it, what it does.
package struct KeypadKey: Sendable, Equatable {
    /// What the key does.
    package enum Action: Sendable, Equatable {
        /// A hwalja key, sent to hwaljad as it goes down and as it comes up: hwaljad types it,
        /// and times the long press (the key's digit) and a held backspace's repeat.
        case key(Key)
        /// Text typed as it is, after the syllable being composed ends (the Latin and symbol layers).
        case text(String)
        /// A key the application gets itself, as from a keyboard (moving the cursor).
        case applicationKey(ApplicationKey)
        /// Shows another layer of keys, after the syllable being composed ends.
        case layer(KeypadLayer)
        /// Hides the keypad, after the syllable being composed ends.
        case dismiss
    }

    /// Keys the application gets itself.
    package enum ApplicationKey: String, Sendable, Equatable {
        case left = "Left"
        case right = "Right"

        /// The X keysym of the key.
        package var keysym: UInt32 {
            switch self {
            case .left: 0xFF51
            case .right: 0xFF53
            }
        }
    }

    /// What the key shows, large.
    package let label: String
    /// What a screen reader and switch access call the key: the label as printed for a letter key
    /// (ㄱㅋ), a word for a key printed with a symbol (⌫: 지우기).
    package let accessibleName: String
    package let action: Action
    /// The digit a long press or a flick up types (hwaljad's long press), shown small; `nil` for
    /// keys without one.
    package let digit: String?
    /// Its width in columns of the keypad's grid (``Keypad/columns``).
    package let width: Int

    package init(label: String, accessibleName: String? = nil, action: Action, digit: String? = nil, width: Int = 2) {
        self.label = label
        self.accessibleName = accessibleName ?? label
        self.action = action
        self.digit = digit
        self.width = width
    }

    /// Whether a drag along the key moves the cursor, a character per step, rather than typing
    /// it (the space bar, as on phones): it types when it comes up, undragged.
    package var movesCursorWhenDragged: Bool { action == .key(.space) }

    /// Whether the key is sent to hwaljad down and up, so that holding it matters (a long press,
    /// a held backspace), rather than acting once when tapped.
    package var isHeld: Bool {
        if case .key = action { return true }
        return false
    }
}

/// A place in a row of the keypad: a key, or an empty gap (천지인 has no key at `#`).
package enum KeypadSlot: Sendable, Equatable {
    case key(KeypadKey)
    case gap(width: Int)

    /// Its width in columns of the keypad's grid.
    package var width: Int {
        switch self {
        case .key(let key): key.width
        case .gap(let width): width
        }
    }

    /// The key, if the slot holds one.
    package var key: KeypadKey? {
        if case .key(let key) = self { return key }
        return nil
    }
}
