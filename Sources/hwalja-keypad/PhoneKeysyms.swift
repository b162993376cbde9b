import HwaljaCore
import HwaljaSession

/// The keysym a keyboard's key would carry for each hwalja key, for the outputs that type the
/// keypad's keys as a keyboard's (XTest on X11, KWin's fake input): the one the layout's `phone`
/// keymap binds to it (`Keymap.phone(for:)`: 1 is ㅣ …), the number row and the symbols above it
/// first, then the keypad's (NEXT is keypad +). So the keys type the same whichever preset the
/// settings choose.
enum PhoneKeysyms {
    static func of(_ layout: KeyboardLayout) -> [Key: UInt32] {
        var chosen: [Key: UInt32] = [:]
        for (keysym, key) in Keymap.phone(for: layout).bindings.sorted(by: { $0.key < $1.key }) where chosen[key] == nil
        {
            chosen[key] = keysym
        }
        return chosen
    }
}
