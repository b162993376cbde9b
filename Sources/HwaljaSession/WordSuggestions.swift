import HwaljaCore
import HwaljaLexicon
import HwaljaTyping

/// Word suggestions for every field a frontend serves: the lexicon, the user's learned words and
/// the settings, shared by its sessions (one user, one set of learned words). Used on the
/// frontend's one thread.
package final class WordSuggestions: @unchecked Sendable {
    /// The lexicon and its table; `nil` until a program has read them (it starts serving first).
    package var suggester: Suggester? {
        didSet { spellings.forget() }
    }
    /// How many suggestions a field shows (0: none).
    package var limit: Int
    /// Whether words the user commits are learned.
    package var learns: Bool
    /// Whether picking a word also types a space after it (ending the word).
    package var pickAddsSpace: Bool
    /// Whether the words that followed the last ones are suggested once a word ends, and rank
    /// first among the completions; off, word sequences are not learned either.
    package var predictsNextWord: Bool
    /// The user's words.
    package private(set) var learned: LearnedWords
    /// Called after a word is learned, to keep them (never for a secret field: nothing is learned there).
    package var onLearned: (LearnedWords) -> Void = { _ in }
    /// Words of other layouts' fields, spelled as the lexicon spells them.
    private let spellings = LexiconSpellings()

    /// How a layout's spelling is made: `make(table, done)` calls `done` with `KeySpelling(table:)`
    /// on the frontend's thread. At once by default; a program that serves keys makes it off its
    /// queue and hands it back there, so that a field of another layout never holds up a key.
    package var makeSpelling: (TransitionTable, @escaping (KeySpelling) -> Void) -> Void {
        get { spellings.make }
        set { spellings.make = newValue }
    }

    /// How many layouts' spellings were made so far (a field looks its suggestions up again after one).
    var spellingsMade: Int { spellings.madeCount }

    package init(
        suggester: Suggester?, learned: LearnedWords = LearnedWords(), limit: Int = 3, learns: Bool = true,
        pickAddsSpace: Bool = true, predictsNextWord: Bool = true
    ) {
        self.suggester = suggester
        self.learned = learned
        self.limit = limit
        self.learns = learns
        self.pickAddsSpace = pickAddsSpace
        self.predictsNextWord = predictsNextWord
    }

    /// What to suggest after `keys`, typed with `table` (`nil`: the word is unknown), the words
    /// of `context` before them: completions of the keys, those that followed the context first;
    /// with no keys yet, the words that followed the context (predictions).
    func suggestions(for keys: [Key]?, after context: [[Key]] = [], typedWith table: TransitionTable)
        -> SuggestedWords
    {
        guard let keys, limit > 0, let suggester else { return SuggestedWords() }
        let before = predictsNextWord ? lexiconWords(context, typedWith: table) : []
        guard !keys.isEmpty else {
            return SuggestedWords(learned.sequences.next(after: before, limit: limit))
        }
        guard
            let spelled = spellings.lexiconKeys(keys, typedWith: table, lexiconTable: suggester.table, beginning: true)
        else { return SuggestedWords() }
        return SuggestedWords(suggester.words(forKeys: spelled, after: before, limit: limit, learned: learned))
    }

    /// `words`, typed with `table`, as the lexicon spells them; none if one cannot be spelled.
    private func lexiconWords(_ words: [[Key]], typedWith table: TransitionTable) -> [[Key]] {
        guard let suggester else { return [] }
        let spelled = words.compactMap {
            spellings.lexiconKeys($0, typedWith: table, lexiconTable: suggester.table, beginning: false)
        }
        return spelled.count == words.count ? spelled : []
    }

    /// The text each of `words` types, in order (none before the lexicon is read).
    func texts(of words: SuggestedWords) -> [String] {
        words.words.compactMap(text(typing:))
    }

    /// The text `keys` type, with the lexicon's table; `nil` before the lexicon is read.
    func text(typing keys: [Key]) -> String? {
        suggester.map { TypedText.text(typing: keys, table: $0.table) }
    }

    /// A suggested word's keys as `table` types it (the word tracker of a field of another
    /// layout than the lexicon's holds that layout's keys); `nil` if it cannot.
    func keys(ofSuggested keys: [Key], typedWith table: TransitionTable) -> [Key]? {
        guard let suggester else { return nil }
        return spellings.keys(ofLexiconWord: keys, lexiconTable: suggester.table, typedWith: table)
    }

    /// Learns the words a field's typing ended, typed with `table`, and (``predictsNextWord``)
    /// which words each followed.
    func learn(_ words: [TypingContext.EndedWord], typedWith table: TransitionTable) {
        guard learns, !words.isEmpty else { return }
        for word in words {
            if let suggester {  // stems need the lexicon's table
                guard
                    let spelled = spellings.lexiconKeys(
                        word.keys, typedWith: table, lexiconTable: suggester.table, beginning: false)
                else { continue }
                suggester.learn(spelled, into: &learned)
                let before = predictsNextWord ? lexiconWords(word.before, typedWith: table) : []
                if !before.isEmpty { learned.learn(spelled, after: before) }
            } else if table.keyboard == .cheonjiin {  // the lexicon's keys; another layout's wait for it
                learned.learn(word.keys)
                if predictsNextWord && !word.before.isEmpty { learned.learn(word.keys, after: word.before) }
            }
        }
        onLearned(learned)
    }

    /// Learns that `entry` was picked to convert its reading (unless learning is off), to keep it
    /// with the learned words.
    func learnHanja(_ entry: HanjaEntry) {
        guard learns else { return }
        learned.learnHanja(entry)
        onLearned(learned)
    }

    /// What was learned since the last call, in order: what a store adds to what it saved.
    package func takeUnsavedWords() -> [LearnedWords.Learning] {
        learned.takeUnsaved()
    }

    /// Forgets every learned word (the caller removes what it kept).
    package func forgetLearnedWords() {
        learned.forgetAll()
    }

    /// Takes the learned words read back from storage.
    package func replaceLearnedWords(_ words: LearnedWords) {
        learned = words
    }
}

/// One word suggested: its text, and the keys that type it.
package struct Suggestion: Sendable, Equatable {
    package var text: String
    package var keys: [Key]
}
