import HwaljaCore

/// The words just before the cursor, which predict the next one: the last two that ended in the
/// field since the context was last broken.
///
/// Spaces, commas and a single newline keep it; what ends a sentence or is no Korean word breaks
/// it: other punctuation, a digit, a Latin letter or symbol, a blank line, a backspace between
/// words, a word whose keys are not known, a word begun with nothing between it and the last
/// (in 천지인 the space that ends a syllable types no blank: 안 SPACE 녕 is one word, 안녕), and
/// the frontend's commits and resets (a focus change, a click, a key that is not hwalja's).
package struct WordContext: Sendable, Equatable {
    /// The context's words, as keys, the last one last (at most two).
    package private(set) var words: [[Key]] = []
    /// Newlines since the last word ended: a second one is a blank line.
    private var newlines = 0
    /// Whether the last word was followed by a space or newline: a word picked after it needs
    /// none of its own (in 천지인 the space that ends a syllable types no blank).
    package private(set) var blankAfterLastWord = false
    /// Whether a blank, a newline or a comma came after the last word: a word begun before one
    /// is glued to it.
    private var separated = false

    /// Whether a newline came after the last word: the next word is not predicted there (Down
    /// moves the cursor to the next line, as it did), though the words before still rank its
    /// completions.
    package var followsNewline: Bool { newlines > 0 }

    package init() {}

    /// A word of `keys` ended.
    package mutating func ended(_ keys: [Key]) {
        words = Array((words + [keys]).suffix(2))
        newlines = 0
        blankAfterLastWord = false
        separated = false
    }

    /// The first key of a word: glued to the last word (nothing between), the two are one word
    /// in the text, and the context goes.
    mutating func wordBegins() {
        if !words.isEmpty && !separated { clear() }
    }

    /// The client was given `text` (committed): Hangul is the words' own, spaces and commas keep
    /// the context, a newline counts, anything else breaks it.
    package mutating func saw(_ text: String) {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x20, 0xA0, 0x3000:
                blankAfterLastWord = true
                separated = true
            case 0x2C:  // a comma: the next word still wants a space
                blankAfterLastWord = false
                separated = true
            case 0x0A, 0x0D: sawNewline()
            case 0x1100...0x11FF, 0x3131...0x318E, 0xAC00...0xD7A3, 0xA960...0xA97F, 0xD7B0...0xD7FF: continue
            default: clear()
            }
        }
    }

    /// The application was given a newline (a return key passed on): a second in a row breaks the context.
    mutating func sawNewline() {
        newlines += 1
        blankAfterLastWord = true
        separated = true
        if newlines >= 2 { clear() }
    }

    /// Breaks the context: the next word is predicted from nothing.
    package mutating func clear() {
        words.removeAll()
        newlines = 0
        blankAfterLastWord = false
        separated = false
    }
}
