import HwaljaCore
import HwaljaLexicon

/// The word being typed, as keys: what word suggestions match, and what is learned when it ends.
///
/// A word is the letters and next-character presses since the last boundary (space, return,
/// punctuation, a long-press digit, a commit or reset from the frontend). Backspace undoing a
/// keystroke takes its key back; a character erased instead leaves the keys unknown until the
/// next boundary.
package struct WordTracker: Sendable, Equatable {
    /// The word's keys so far; `nil` when they no longer tell what the word is.
    package private(set) var keys: [Key]? = []
    /// What of the word the client has been given (committed, not taken back): a syllable or
    /// two, while the word is typed.
    package private(set) var committed = ""
    /// How many Unicode scalars of the word the client has been given.
    package var committedCount: Int { committed.unicodeScalars.count }

    package init() {}

    /// Records what `action` did; returns the keys of a word it ended, if known and not empty.
    mutating func record(_ action: HoldTimer.Action, undid: Bool, response: Composer.Response) -> [Key]? {
        switch action {
        case .press(let key) where Self.isWordKey(key):
            guard response.consumed, !(key == .next && keys == []) else { return nil }
            keys?.append(key)
            give(response)
            return nil
        case .press(.backspace):
            if undid {
                if keys?.isEmpty == false { keys?.removeLast() }
                give(response)
            } else if response.consumed {
                keys = nil  // a scalar of the preedit removed: no keystroke of the word undone
            } else if keys?.isEmpty == false || keys == nil {
                self = WordTracker()  // the host deletes a character of text already given: a new word
            }
            return nil
        case .erase:
            if keys != [] { keys = nil }
            return nil
        case .typeDigitInstead:  // the held letter's keystroke undone, a digit typed: the word ends before it
            if keys?.isEmpty == false { keys?.removeLast() }
            return end()
        case .press, .typeDigit:  // space, return, punctuation, a digit: the word ends
            return end()
        }
    }

    /// The client took back what `response` retracts and was given what it commits.
    private mutating func give(_ response: Composer.Response) {
        committed.unicodeScalars.removeLast(min(response.retract, committed.unicodeScalars.count))
        committed += response.commit.string
    }

    /// Whether `key` belongs to a word in any layout: a letter key (a consonant, a vowel stroke,
    /// 나랏글's stroke and double keys) or next-character; for 천지인 the keys a lexicon word has.
    static func isWordKey(_ key: Key) -> Bool {
        key == .next || key.isLetterKey
    }

    /// Ends the word (a boundary, a commit); returns its keys, if known and not empty.
    @discardableResult
    mutating func end() -> [Key]? {
        let ended = keys
        self = WordTracker()
        return ended?.isEmpty == false ? ended : nil
    }

    /// The word is now the one `keys` type, `committed`, all given to the client, nothing composing
    /// (a suggestion picked; the word stays open for more keys).
    mutating func replace(with keys: [Key], committed: String) {
        self.keys = keys
        self.committed = committed
    }
}
