import HwaljaCore
import HwaljaKeypad

/// Where the keypad's keys go: the view tells it what the user did, it makes that happen.
protocol KeyOutput: AnyObject {
    /// A hwalja key went down.
    func keyDown(_ key: Key)
    /// A hwalja key came up; `flickedUp`: after a flick up, which types the key's digit.
    func keyUp(_ key: Key, flickedUp: Bool)
    /// Text typed as it is (the Latin and symbol layers).
    func type(_ text: String)
    /// A key the application gets itself.
    func send(_ key: KeypadKey.ApplicationKey)
    /// The syllable being composed ends (before another layer shows, or the keypad hides).
    func endSyllable()
    /// Another layer of keys shows (after the syllable ended).
    func layerChanged(to layer: KeypadLayer)
    /// Whether what is typed now may be kept (the recent emoji): only where the keypad knows the
    /// field is one whose typing may be learned, never a password's.
    var mayRemember: Bool { get }
}

extension KeyOutput {
    func layerChanged(to layer: KeypadLayer) {}
    /// Where the keypad cannot tell what the field is (its keys go through X or KWin to an input
    /// framework), nothing is kept.
    var mayRemember: Bool { false }
}
