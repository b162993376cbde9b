import HwaljaCore
import HwaljaLexicon

/// Words typed with any layout's keys, spelled as the lexicon spells them (with its own table's
/// keys, 천지인's) and back, through the text they type: a field of 나랏글, 베가 or 천지인 플러스
/// gets the same suggestions and learns into the same words as one of 천지인.
///
/// A layout's spelling (``KeySpelling``) is made when a field of that layout first needs it, by
/// ``make``: a program makes it off its queue (40–110 ms each in a release build),
/// so that no key waits; until it is there the field gets no suggestions and learns nothing.
/// Used on the frontend's one thread.
final class LexiconSpellings {
    /// Makes `table`'s spelling and hands it to the callback, on the frontend's thread: at once
    /// unless a program says otherwise (tests, hwalja-replay).
    var make: (TransitionTable, @escaping (KeySpelling) -> Void) -> Void = { table, done in
        done(KeySpelling(table: table))
    }
    private var spellings: [KeyboardLayout: KeySpelling] = [:]
    /// How many spellings were handed back so far: a field looks its suggestions up again after one.
    private(set) var madeCount = 0
    private var making: Set<KeyboardLayout> = []
    /// Counts ``forget()`` calls: a spelling asked for before one is dropped when it comes.
    private var generation = 0

    /// `keys`, typed with `table`, as `lexiconTable` spells them: the same keys when both are one
    /// layout's, else the keys that type the same text there; `nil` when that text cannot be
    /// spelled, or not yet. `beginning`: the keys are the start of a word, whose last letter may
    /// be a lone jamo.
    func lexiconKeys(_ keys: [Key], typedWith table: TransitionTable, lexiconTable: TransitionTable, beginning: Bool)
        -> [Key]?
    {
        guard table.keyboard != lexiconTable.keyboard else { return keys }
        guard let spelling = spelling(lexiconTable) else { return nil }
        let text = TypedText.text(typing: keys, table: table)
        return beginning ? spelling.keys(forWordBeginning: text) : spelling.keys(forWord: text)
    }

    /// A lexicon word's keys (`lexiconTable`'s), as `table` types the same text; `nil` if it
    /// cannot, or not yet.
    func keys(ofLexiconWord keys: [Key], lexiconTable: TransitionTable, typedWith table: TransitionTable) -> [Key]? {
        guard table.keyboard != lexiconTable.keyboard else { return keys }
        guard let spelling = spelling(table) else { return nil }
        let text = TypedText.text(typing: keys, table: lexiconTable)
        if let spelled = spelling.keys(forWord: text), TypedText.text(typing: spelled, table: table) == text {
            return spelled
        }
        // Made for another table of the layout (other layout options): make it again. The same
        // table: the word cannot be typed there, nothing to make.
        if spelling.table.transitionCount != table.transitionCount
            || spelling.table.livePairCount != table.livePairCount
        {
            spellings[table.keyboard] = nil
            _ = self.spelling(table)
        }
        return nil
    }

    /// Forgets every spelling (the lexicon's table changed).
    func forget() {
        spellings = [:]
        making = []
        generation += 1
    }

    /// `table`'s layout's spelling, or `nil` while it is being made (asked for now if it was not).
    private func spelling(_ table: TransitionTable) -> KeySpelling? {
        let layout = table.keyboard
        if let made = spellings[layout] { return made }
        guard making.insert(layout).inserted else { return nil }
        let asked = generation
        make(table) { [self] spelling in
            guard asked == generation else { return }
            making.remove(layout)
            spellings[layout] = spelling
            madeCount += 1
        }
        return spellings[layout]
    }
}
