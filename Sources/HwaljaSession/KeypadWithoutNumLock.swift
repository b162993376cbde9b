/// The keypad with NumLock off. Many desktops start with NumLock off, and then the keypad sends
/// navigation keysyms (KP_End for 1, KP_Down for 2 … KP_Insert for 0, KP_Delete for the decimal
/// point) and typed nothing. A user who picked a Cheon-Ji-In keypad expects its keys to type
/// whatever NumLock says, as a phone's do: with NumLock off they type what they type with it on.
///
/// The same navigation keysyms with NumLock on are Shift + a keypad digit (Shift undoes NumLock),
/// which 천지인 플러스 binds to its second halves: those keep their bindings.
package enum KeypadWithoutNumLock {
    /// Each navigation keysym of the keypad and the keysym the key sends with NumLock on.
    package static let withNumLock: [UInt32: UInt32] = [
        0xFF9E: 0xFFB0,  // KP_Insert: KP_0
        0xFF9C: 0xFFB1,  // KP_End: KP_1
        0xFF99: 0xFFB2,  // KP_Down: KP_2
        0xFF9B: 0xFFB3,  // KP_Next: KP_3
        0xFF96: 0xFFB4,  // KP_Left: KP_4
        0xFF9D: 0xFFB5,  // KP_Begin: KP_5
        0xFF98: 0xFFB6,  // KP_Right: KP_6
        0xFF95: 0xFFB7,  // KP_Home: KP_7
        0xFF97: 0xFFB8,  // KP_Up: KP_8
        0xFF9A: 0xFFB9,  // KP_Prior: KP_9
        0xFF9F: 0xFFAE  // KP_Delete: KP_Decimal
    ]

    /// The navigation keysym of keypad `digit` (KP_Left for 4): what Shift + that digit sends with NumLock on.
    package static func navigationKeysym(ofKeypadDigit digit: UInt32) -> UInt32? {
        withNumLock.first { $0.value == 0xFFB0 + digit }?.key
    }

    /// The keysym the keymap looks up for a key event: a keypad key sent with NumLock off
    /// (`state` without ``KeyEventState/numLock``) is the key NumLock on would send.
    package static func keysym(_ keysym: UInt32, state: UInt32) -> UInt32 {
        guard state & KeyEventState.numLock == 0, let digit = withNumLock[keysym] else { return keysym }
        return digit
    }
}
