import HwaljaLexicon

/// Hanja and symbols for every field a frontend serves: the files (read on first use, not
/// before), the user's picks and how they are kept, shared by the frontend's sessions as
/// ``WordSuggestions`` are. Used on the frontend's one thread.
package final class HanjaConversions: @unchecked Sendable {
    /// What ``init(load:log:)`` reads: each file, or `nil` when none was found or it was refused.
    package typealias Files = (hanja: HanjaDictionary?, symbols: HanjaDictionary?)

    private let load: () -> Files
    private var files: Files?
    private let log: (String) -> Void
    /// The learned words that keep the user's picks with the words (the program's, saved and
    /// forgotten with them); `nil`: the picks are kept here, in memory, while ``learns``.
    package var learnedWords: WordSuggestions?
    /// Whether picks kept here are learned (the learned words' own setting rules theirs).
    package var learns = true
    private var ownPicks = HanjaPicks()
    /// The user's picks, ranked first.
    package var picks: HanjaPicks { learnedWords?.learned.hanja ?? ownPicks }
    /// Characters' meanings looked up to make words' (`nil`: none): a few hundred at most.
    private var characterMeanings: [String: String?] = [:]
    private static let characterMeaningsKept = 1024

    /// Conversions from the files `load` reads, the first time a field needs them; `log` says
    /// once that there are none.
    package init(load: @escaping () -> Files, log: @escaping (String) -> Void) {
        self.load = load
        self.log = log
    }

    /// The files, read now if not yet.
    private var loaded: Files {
        if let files { return files }
        let read = load()
        accept(read)
        return read
    }

    private func accept(_ read: Files) {
        files = read
        if read.hanja == nil && read.symbols == nil {
            log("no hanja or symbols: the conversion key does nothing (Debian: install libhangul-data)")
        }
    }

    /// Reads the files off the frontend's thread and calls `done` with them on it: set by a host
    /// with threads, for ``prepare()``. Without it, ``prepare()`` does nothing and the files are
    /// read when first needed.
    package var readInBackground: ((_ done: @escaping (Files) -> Void) -> Void)?
    /// Called on the frontend's thread when the files ``prepare()`` asked for are read.
    package var onPrepared: (() -> Void)?
    private var preparing = false

    /// Starts reading the files in the background (``readInBackground``), unless they are read
    /// or being read: a field will soon ask whether its word converts (``converts(beginning:)``),
    /// which must not make a key wait for the files (tens of milliseconds: docs/hanja.md).
    package func prepare() {
        guard files == nil, !preparing, let readInBackground else { return }
        preparing = true
        readInBackground { [self] read in
            preparing = false
            if files == nil { accept(read) }
            onPrepared?()
        }
    }

    /// The conversions of the word being typed (its beginnings), or of a lone consonant (symbols).
    func candidates(beginning word: String) -> [HanjaCandidate] {
        HanjaSearch.candidates(beginning: word, hanja: loaded.hanja, symbols: loaded.symbols, picks: picks)
    }

    /// Whether the conversion key offers anything for the word being typed (or a lone
    /// consonant): an on-screen keypad's 漢 key shows then. Readings looked up are kept (a
    /// syllable's answer: the usual word needs one). `false` while the files are to be read in
    /// the background (``prepare()``): no key waits for them.
    func converts(beginning word: String) -> Bool {
        if files == nil && readInBackground != nil { return false }
        let files = loaded
        return HanjaSearch.converts(beginning: word) { reading, symbols in
            if let known = readingsWithEntries[reading] { return known }
            if readingsWithEntries.count >= Self.readingsKept { readingsWithEntries.removeAll() }
            let found = (symbols ? files.symbols : files.hanja)?.hasEntries(reading: reading) ?? false
            readingsWithEntries[reading] = found
            return found
        }
    }

    /// Readings looked up by ``converts(beginning:)``, and whether they have entries: a syllable
    /// or two a word, a few thousand at most.
    private var readingsWithEntries: [String: Bool] = [:]
    private static let readingsKept = 4096

    /// The conversions of the text before the cursor (its endings).
    func candidates(ending text: String) -> [HanjaCandidate] {
        HanjaSearch.candidates(ending: text, hanja: loaded.hanja, picks: picks)
    }

    /// The conversions of a selection.
    func candidates(of text: String) -> [HanjaCandidate] {
        HanjaSearch.candidates(of: text, hanja: loaded.hanja, picks: picks)
    }

    /// What `entry` means: the file's, else made of its characters' meanings.
    func meaning(of entry: HanjaEntry) -> String {
        guard let hanja = loaded.hanja else { return entry.meaning }
        return hanja.meaning(of: entry) { character, reading in
            let key = character + reading
            if let known = characterMeanings[key] { return known }
            if characterMeanings.count >= Self.characterMeaningsKept { characterMeanings.removeAll() }
            let found = hanja.characterMeaning(character, readAs: reading)
            characterMeanings[key] = found
            return found
        }
    }

    /// The user picked `entry` in a field where learning is allowed.
    func learn(_ entry: HanjaEntry) {
        if let learnedWords {
            learnedWords.learnHanja(entry)
        } else if learns {
            ownPicks.learn(entry)
        }
    }
}
