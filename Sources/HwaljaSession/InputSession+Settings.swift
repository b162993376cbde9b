import HwaljaCore
import HwaljaTyping

/// What hwaljad, the IBus engine and the fcitx5 engine do alike with the user's settings: make a
/// session as they say, and bring an open session up to new ones.
extension InputSession {
    /// A session typing with `table` as `settings` say: their composer options and timing, and
    /// `keymap` or else the settings' keymap for the table's layout (`resolved`: the settings'
    /// keymap file, read), suggesting words from `wordSuggestions` (every layout's: its words are
    /// spelled as the lexicon's).
    package init(
        table: TransitionTable, settings: HwaljaSettings, resolved: Keymap, keymap: Keymap? = nil,
        onFocusLoss: PreeditOnFocusLoss, wordSuggestions: WordSuggestions?
    ) {
        self.init(
            typing: TypingContext(table: table, options: settings.composer, timing: settings.timing),
            keymap: keymap ?? Keymap.forLayout(table.keyboard, setting: settings.keymap, resolved: resolved),
            onFocusLoss: onFocusLoss)
        self.wordSuggestions = wordSuggestions
    }

    /// Takes new settings from the next key on: their timing and SPACE, and their keymap for this
    /// session's layout unless `keepsKeymap` (one the client or the engine chose).
    package mutating func apply(_ settings: HwaljaSettings, resolved: Keymap, keepsKeymap: Bool = false) {
        typing.updateSettings(spaceAlwaysInserts: settings.composer.spaceAlwaysInserts, timing: settings.timing)
        if !keepsKeymap {
            keymap = Keymap.forLayout(typing.layout, setting: settings.keymap, resolved: resolved)
        }
    }
}
