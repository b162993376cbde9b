/// A set of keys the keypad shows at one time.
package enum KeypadLayer: String, Sendable, CaseIterable {
    /// The Korean layout's keys (천지인's, or another layout's), with the controls.
    case hangul
    /// Latin letters, QWERTY, small.
    case latin
    /// Latin letters, QWERTY, capitals.
    case capitals
    /// The symbols' first page (1/2): digits, the symbols of web and mail addresses, ₩.
    case symbols
    /// The symbols' second page (2/2): currencies, Korean brackets, bullets, arrows, math.
    case moreSymbols
    /// The emoji page: the emoji by category (the view's, from an ``EmojiCatalogue``) above one
    /// row of keys.
    case emoji
}
