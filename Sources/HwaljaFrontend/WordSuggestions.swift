import HwaljaCore
import HwaljaLexicon

/// Word suggestions for every field a frontend serves: the lexicon, the user's learned words and
/// the settings, shared by its sessions (one user, one set of learned words). Used on the
/// frontend's one thread.
public final class WordSuggestions: @unchecked Sendable {
    /// The lexicon and its table; `nil` until a program has read them (it starts serving first).
    public var suggester: Suggester?
    /// How many suggestions a field shows (0: none).
    public var limit: Int
    /// Whether words the user commits are learned.
    public var learns: Bool
    /// Whether picking a word also types a space after it (ending the word).
    public var pickAddsSpace: Bool
    /// The user's words.
    public private(set) var learned: LearnedWords
    /// Called after a word is learned, to keep them (never for a secret field: nothing is learned there).
    public var onLearned: (LearnedWords) -> Void = { _ in }

    public init(suggester: Suggester?, learned: LearnedWords = LearnedWords(), limit: Int = 3, learns: Bool = true, pickAddsSpace: Bool = true) {
        self.suggester = suggester
        self.learned = learned
        self.limit = limit
        self.learns = learns
        self.pickAddsSpace = pickAddsSpace
    }

    /// What to suggest after `keys` (`nil`: the word is unknown).
    func suggestions(for keys: [Key]?) -> SuggestedWords {
        guard let keys, !keys.isEmpty, limit > 0, let suggester else { return SuggestedWords() }
        return SuggestedWords(suggester.entries(forKeys: keys, limit: limit, learned: learned).map(\.keys))
    }

    /// The text each of `words` types, in order (none before the lexicon is read).
    func texts(of words: SuggestedWords) -> [String] {
        words.words.compactMap(text(typing:))
    }

    /// The text `keys` type, with the lexicon's table; `nil` before the lexicon is read.
    func text(typing keys: [Key]) -> String? {
        suggester.map { TypedText.text(typing: keys, table: $0.table) }
    }

    /// Learns the words a field's typing ended.
    func learn(_ words: [[Key]]) {
        guard learns, !words.isEmpty else { return }
        for keys in words {
            if let suggester { suggester.learn(keys, into: &learned) } else { learned.learn(keys) }  // stems need the lexicon's table
        }
        onLearned(learned)
    }

    /// Forgets every learned word (the caller removes what it kept).
    public func forgetLearnedWords() {
        learned.forgetAll()
    }

    /// Takes the learned words read back from storage.
    public func replaceLearnedWords(_ words: LearnedWords) {
        learned = words
    }
}

/// One word suggested: its text, and the keys that type it.
public struct Suggestion: Sendable, Equatable {
    public var text: String
    public var keys: [Key]
}
