import HwaljaCore

/// One client's typing: a composer and its hold timer, driven by calls stamped with times in
/// milliseconds. The daemon keeps one per context object; it has no bus and no clock of its own.
package struct TypingContext: Sendable {
    /// What one call did, for the reply and the signals. The client applies it in order
    /// (``forEachEdit(_:)``): delete ``retract`` scalars before the cursor, insert ``commit`` with
    /// each passed key applied where it came, show ``preedit``.
    package struct Outcome: Sendable, Equatable {
        /// A key the client must apply itself (a backspace with nothing composing, a return), after
        /// the first ``offset`` Unicode scalars of ``commit``.
        package struct PassedKey: Sendable, Equatable {
            package var key: Key
            package var offset: Int
            /// Whether a timer declined it (a held backspace repeating past the preedit) rather
            /// than the call's own key: the call's answer reports its own key, never a signal.
            package var byTimer = false

            package init(key: Key, offset: Int, byTimer: Bool = false) {
                self.key = key
                self.offset = offset
                self.byTimer = byTimer
            }
        }

        /// One thing the client does, in order.
        package enum Edit: Sendable, Equatable {
            /// Delete this many Unicode scalars before the cursor.
            case delete(Int)
            /// Insert this text.
            case insert(String)
            /// Apply this key (delete a character for a backspace, insert a newline for a return).
            case key(Key)
        }

        /// The number of Unicode scalars before the cursor, committed by earlier calls, that the
        /// client must delete before inserting ``commit`` (see ``Composer/Response/retract``;
        /// always 0 unless ``Composer/Options/canRetract``). What the call took back of its own
        /// commits is already gone from ``commit``.
        package var retract = 0
        /// Everything committed during the call and not taken back, in order.
        package var commit = ""
        /// The preedit after the call.
        package var preedit = ""
        /// Whether the call's own key was used (`false`: the client applies it itself).
        package var consumed = true
        /// Keys the composer declined along the way, in order, each with its place in ``commit``.
        package var passed: [PassedKey] = []
        /// Whether the preedit differs from before the call.
        package var preeditChanged = false
        /// The words the call ended, in order (to learn them), each with the context it ended in.
        package var endedWords: [EndedWord] = []

        package init() {}

        /// A call that changed nothing and did not use its key; `preedit` is the unchanged preedit.
        package static func declined(preedit: String) -> Outcome {
            var outcome = Outcome()
            outcome.preedit = preedit
            outcome.consumed = false
            return outcome
        }

        /// The declined keys alone, in order.
        package var passedKeys: [Key] { passed.map(\.key) }

        /// Whether the call's own key was declined and is in ``passed`` (always its last entry):
        /// a backspace with nothing to take back, a return.
        package var ownKeyDeclined: Bool { passed.last.map { !$0.byTimer } ?? false }

        /// Calls `body` with each edit in the order the client applies them: the deletion, then
        /// the commit, split where a passed key came (a repeating backspace that deleted in the
        /// application before a space was typed deletes before that space goes in).
        /// `withoutOwnKey` leaves out the call's own declined key, which the call's answer
        /// reports (it comes last, so nothing else moves).
        package func forEachEdit(withoutOwnKey: Bool = false, _ body: (Edit) -> Void) {
            if retract > 0 { body(.delete(retract)) }
            guard !passed.isEmpty else {  // the usual case: the commit as it is, no copy
                if !commit.isEmpty { body(.insert(commit)) }
                return
            }
            var scalars = commit.unicodeScalars[...]
            var done = 0
            for pass in passed {
                let count = min(max(0, pass.offset - done), scalars.count)
                if count > 0 { body(.insert(String(scalars.prefix(count)))) }
                scalars = scalars.dropFirst(count)
                done += count
                if pass.byTimer || !withoutOwnKey { body(.key(pass.key)) }
            }
            if !scalars.isEmpty { body(.insert(String(scalars))) }
        }

        /// Takes back `count` committed scalars: first from the end of this call's own commit,
        /// the rest from the client's text.
        mutating func take(back count: Int) {
            guard count > 0 else { return }
            let own = min(count, commit.unicodeScalars.count)
            commit.unicodeScalars.removeLast(own)
            retract += count - own
        }
    }

    /// The composer.
    package private(set) var composer: Composer
    /// The word being typed, as keys.
    package private(set) var word = WordTracker()
    /// The words before it, which predict the next.
    package private(set) var context = WordContext()

    /// A word that ended: its keys, and the words before it (``WordContext/words``).
    package struct EndedWord: Sendable, Equatable {
        package var keys: [Key]
        package var before: [[Key]]

        package init(keys: [Key], before: [[Key]] = []) {
            self.keys = keys
            self.before = before
        }
    }
    /// The long-press, repeat and auto-next timer.
    package private(set) var timer: HoldTimer

    /// A reloaded table waiting for the current syllable to end.
    /// (At most one; an array, 8 bytes in each context, where an optional table would take 89.)
    private var nextTable: [TransitionTable] = []

    package init(table: TransitionTable, options: Composer.Options, timing: HoldTimer.Settings) {
        composer = Composer(table: table, options: options)
        timer = HoldTimer(settings: timing)
        timer.layout = table.keyboard
    }

    /// The keyboard layout this context types with (its table's).
    package var layout: KeyboardLayout { composer.table.keyboard }

    /// Takes settings a user changed (a reloaded config file): the timing from the next key on
    /// (a timer already set keeps its deadline), SPACE's behaviour at once. Whether the client
    /// can delete is the client's to say and stays as it is.
    package mutating func updateSettings(spaceAlwaysInserts: Bool, timing: HoldTimer.Settings) {
        composer.options.spaceAlwaysInserts = spaceAlwaysInserts
        timer.settings = timing
    }

    /// Switches to `table` now if nothing is being composed, else as soon as the preedit is empty;
    /// a table of another layout than ``layout`` is ignored (a reload offers every layout's).
    package mutating func replaceTable(_ table: TransitionTable) {
        guard table.keyboard == layout else { return }
        nextTable = [table]
        switchTableIfIdle()
    }

    private mutating func switchTableIfIdle() {
        guard let table = nextTable.first, composer.preedit.isEmpty else { return }
        composer = Composer(table: table, options: composer.options)
        nextTable = []
    }

    /// The text being composed.
    package var preedit: String { composer.preedit.string }

    /// Whether the client can delete text before its cursor when an outcome asks it to
    /// (``Outcome/retract``); `false` keeps what undo could still reach in the preedit instead
    /// (``Composer/Options/canRetract``). Clients say so when they connect or gain focus; it may
    /// change between any two calls, and text the client already has is never asked back after it
    /// turns `false`.
    package var clientCanDelete: Bool {
        get { composer.options.canRetract }
        set { composer.options.canRetract = newValue }
    }

    /// When ``advance(to:)`` must next be called, if ever.
    package var deadline: Int? { timer.deadline }

    /// A key pressed and released at once.
    package mutating func tap(_ key: Key, at time: Int) -> Outcome {
        run(at: time) { $0.tap(key, at: time) }
    }

    /// A key going down (a held letter key types its digit, a held backspace repeats);
    /// `repeating` as ``HoldTimer/keyDown(_:at:repeating:)`` has it.
    package mutating func keyDown(_ key: Key, at time: Int, repeating: Bool? = nil) -> Outcome {
        run(at: time) { $0.keyDown(key, at: time, repeating: repeating) }
    }

    /// Whether a press soon after the same key's release is taken for the keyboard repeating it
    /// when the frontend cannot tell; see ``HoldTimer/guessesRepeats``.
    package var guessesRepeats: Bool {
        get { timer.guessesRepeats }
        set { timer.guessesRepeats = newValue }
    }

    /// Whether `key`'s release can type something; see ``HoldTimer/releaseTypes(_:)``.
    package func releaseTypes(_ key: Key) -> Bool { timer.releaseTypes(key) }

    /// A key coming up.
    package mutating func keyUp(_ key: Key, at time: Int) -> Outcome {
        run(at: time) { $0.keyUp(key, at: time) }
    }

    /// A key coming up as if held for the long press (a flick up); see ``HoldTimer/keyUpLongPressed(_:at:)``.
    package mutating func keyUpLongPressed(_ key: Key, at time: Int) -> Outcome {
        run(at: time) { $0.keyUpLongPressed(key, at: time) }
    }

    /// Lets the timers run up to `time`.
    package mutating func advance(to time: Int) -> Outcome {
        run(at: time) { _ in [] }
    }

    /// Commits the preedit.
    package mutating func commit() -> Outcome {
        let before = preedit
        var outcome = Outcome()
        outcome.commit = composer.flush().commit.string
        outcome.preeditChanged = before != preedit
        if let ended = word.end() { outcome.endedWords.append(EndedWord(keys: ended, before: context.words)) }
        context.clear()  // a focus change, a key that is not hwalja's: what comes next starts afresh
        timer.cancel()
        switchTableIfIdle()
        return outcome
    }

    /// Replaces the word being typed with `text`, typed by `keys` (a suggestion picked): the
    /// client deletes what it was given of the word and gets `text`, and then `suffix` (a space,
    /// which ends the word, or nothing, which leaves it open for more keys). A client that cannot
    /// delete (``clientCanDelete``) keeps what it was given and gets the rest of `text`, which
    /// begins with it (the syllables a word's keys finish are the same in every word they begin).
    /// A word picked right after another ended without a blank gets a space before it.
    package mutating func replaceWord(with text: String, keys: [Key], suffix: String) -> Outcome {
        var outcome = Outcome()
        // A word picked once the last ended (a prediction) is spaced from it: in 천지인 the space
        // that ends a syllable types no blank.
        let spacer = word.keys == [] && !context.words.isEmpty && !context.blankAfterLastWord ? " " : ""
        let given = word.committed
        if clientCanDelete || !text.unicodeScalars.starts(with: given.unicodeScalars) {
            outcome.retract = given.unicodeScalars.count
            outcome.commit = spacer + text + suffix
        } else {
            outcome.commit =
                spacer + String(String.UnicodeScalarView(text.unicodeScalars.dropFirst(given.unicodeScalars.count)))
                + suffix
        }
        outcome.preeditChanged = !preedit.isEmpty
        composer.reset()
        timer.cancel()
        switchTableIfIdle()
        word.replace(with: keys, committed: text)
        if !suffix.isEmpty, let ended = word.end() { endWord(ended, in: &outcome) }
        context.saw(suffix)
        return outcome
    }

    /// The part of the word being typed that a conversion (hanja) may replace: all of it when the
    /// client can delete what it was given, else what is still composing.
    package var replaceableWord: String {
        clientCanDelete ? word.committed + preedit : preedit
    }

    /// Replaces the first `count` Unicode scalars of ``replaceableWord`` with `text` (a hanja
    /// conversion: 학교에서 → 學校에서) and commits the rest of it after: the word ends, learned as
    /// nothing (it is no longer Hangul), and so does the context.
    package mutating func replaceWordStart(_ count: Int, with text: String) -> Outcome {
        var outcome = Outcome()
        let replaceable = replaceableWord.unicodeScalars
        let rest = String(String.UnicodeScalarView(replaceable.dropFirst(min(count, replaceable.count))))
        if clientCanDelete { outcome.retract = word.committedCount }
        outcome.commit = text + rest
        outcome.preeditChanged = !preedit.isEmpty
        composer.reset()
        timer.cancel()
        switchTableIfIdle()
        word.end()
        context.clear()
        return outcome
    }

    /// Drops the preedit and any held key.
    package mutating func reset() -> Outcome {
        let before = preedit
        composer.reset()
        word.end()
        context.clear()
        timer.cancel()
        switchTableIfIdle()
        var outcome = Outcome()
        outcome.preeditChanged = !before.isEmpty
        return outcome
    }

    /// Advances the timers to `time`, then applies the actions `events` produces; the consumed
    /// flag is that of the last action the call itself produced.
    private mutating func run(at time: Int, _ events: (inout HoldTimer) -> [HoldTimer.Action]) -> Outcome {
        let before = composer.preedit
        var outcome = Outcome()
        for action in timer.advance(to: time) { apply(action, to: &outcome, byTimer: true) }
        for action in events(&timer) { outcome.consumed = apply(action, to: &outcome, byTimer: false) }
        outcome.preedit = preedit
        outcome.preeditChanged = before != composer.preedit
        switchTableIfIdle()
        return outcome
    }

    @discardableResult
    private mutating func apply(_ action: HoldTimer.Action, to outcome: inout Outcome, byTimer: Bool) -> Bool {
        let undoes = action == .press(.backspace) && composer.backspaceUndoes
        // A backspace between words takes back what came before: the words before are no longer
        // sure (one undoing a composing punctuation mark takes back nothing of the text).
        if action == .press(.backspace) && word.keys == [] && composer.preedit.isEmpty || action == .erase {
            context.clear()
        }
        if case .press(let key) = action, key.isLetterKey, word.keys == [] { context.wordBegins() }
        let response = composer.perform(action)
        let unknownWord = word.keys == nil
        if let ended = word.record(action, undid: undoes, response: response) {
            endWord(ended, in: &outcome)
        } else if unknownWord, word.keys == [] {
            context.clear()  // a word whose keys are not known ended: what follows it cannot be told
        }
        outcome.take(back: response.retract)
        outcome.commit += response.commit.string
        context.saw(response.commit.string)
        if !response.consumed, let key = action.hostKey {
            outcome.passed.append(.init(key: key, offset: outcome.commit.unicodeScalars.count, byTimer: byTimer))
            if key == .enter { context.sawNewline() } else { context.clear() }  // a backspace deleting its text
        }
        return response.consumed
    }

    /// Records that the word of `keys` ended, in its context, which it then joins.
    private mutating func endWord(_ keys: [Key], in outcome: inout Outcome) {
        outcome.endedWords.append(EndedWord(keys: keys, before: context.words))
        context.ended(keys)
    }
}
