import HwaljaCore
import HwaljaLexicon
import HwaljaTyping

/// One field being typed into through key events, as every input framework delivers them: the
/// logic between a framework and the ``TypingContext``, written once for all frontends.
///
/// Keysyms go through the ``Keymap``; a shortcut (Control, Alt, Super …) or a key hwalja does not
/// use finishes the syllable and goes to the application, its release too; a modifier key
/// pressed alone goes there without finishing anything; a field whose purpose
/// passes keys through (password, PIN, digits …) gets them untouched, and a field turning into
/// one mid-syllable keeps the syllable. Each call returns the ``SessionAction``s to send, in
/// order. It has no clock: calls carry the time in milliseconds, and ``advance(to:)`` runs the
/// timers when ``deadline`` comes.
package struct InputSession: Sendable {
    /// Who shows the preedit when the field loses focus or is reset.
    package enum PreeditOnFocusLoss: Sendable {
        /// The client commits what it shows (IBus's commit mode): the session forgets it.
        case clientCommits
        /// The session commits it.
        case sessionCommits
    }

    /// A key event worth recording: a key hwalja uses, in a field that is not secret.
    package struct RecordedKey: Sendable, Equatable {
        package var down: Bool
        package var key: Key
    }

    /// How a press's release will be answered, known when the press is answered: a frontend
    /// that knows may answer the release at once, without waiting for the session, and must
    /// still deliver it (the release stops the long press and the backspace repeat).
    package enum ReleaseAnswer: UInt32, Sendable {
        /// Not known: deliver the release and wait for its answer (letters on release).
        case unknown = 0
        /// The session's: the release is handled and carries nothing.
        case handled = 1
        /// The application's: the release is not handled.
        case notHandled = 2
    }

    /// What one key event did.
    package struct KeyResult: Sendable, Equatable {
        /// Whether the session used the key (`false`: the application applies it).
        package var handled: Bool
        /// What to send, in order, before answering.
        package var actions: [SessionAction]
        /// The key event to record, if any: never for a secret field or a key hwalja does not use.
        package var recorded: RecordedKey?
        /// For a press, how its release will be answered; ``ReleaseAnswer/unknown`` for a release.
        package var release: ReleaseAnswer

        package init(
            handled: Bool, actions: [SessionAction], recorded: RecordedKey? = nil, release: ReleaseAnswer = .unknown
        ) {
            self.handled = handled
            self.actions = actions
            self.recorded = recorded
            self.release = release
        }
    }

    /// The typing underneath; a frontend that speaks key names (hwaljad's `org.hwalja.Context1`)
    /// drives it directly.
    package var typing: TypingContext
    /// Which key each keysym types.
    package var keymap: Keymap
    /// The field's purpose (``InputPurpose``; 0 is free form).
    package private(set) var purpose: UInt32 = 0
    /// The field's hints (``InputPurpose/privateHint`` the one used).
    package private(set) var hints: UInt32 = 0
    private let onFocusLoss: PreeditOnFocusLoss
    /// Whether a reset makes the client drop the preedit it shows unless it commits it itself, so
    /// that the session commits it on a reset the client's reports do not show it committing
    /// (``reset()``). True of GTK's IBus module, whose reset ibus-daemon answers by clearing the
    /// preedit of a client that commits its own (ClientCommitPreedit).
    package var resetDropsPreedit = false
    /// Keysyms whose press the application got: their release goes there too.
    private var passedPresses: Set<UInt32> = []
    /// Picking keys whose press picked a suggestion: their release is the session's too.
    private var pickingPresses: Set<UInt32> = []
    /// The keycode of the last backspace pressed, as the framework numbers it: a held backspace
    /// going on in the application forwards it (IBus counts evdev codes, fcitx5 X keycodes, and
    /// fcitx5 on Wayland forwards by keycode alone).
    private var backspaceKeycode = SessionAction.backspaceKeycode
    private var resetWitness = ResetWitness()
    /// Whether a key the session does not use, after text the session sent for it (a Return that
    /// commits the syllable before it, an arrow), is answered as used and handed back with
    /// ``SessionAction/forwardKey(keysym:keycode:state:)`` after that text, rather than answered
    /// as not used. A framework that applies a key answered as not used at once, but the text sent
    /// while the key was processed only later, would put the key first: IBus's XIM server
    /// (xterm, alacritty, Emacs, Wine, Java) handles a key synchronously, and typed 한⏎ as ⏎한.
    /// The release still goes to the application as it comes, and so does a shortcut (Control+C).
    package var forwardsKeysAfterText = false
    /// The keysym and event time of the last release that came with a time: X stamps the release
    /// and the press of its auto-repeat with the same time.
    private var lastRelease: (keysym: UInt32, time: UInt32)?

    /// Whether a press soon after the same key's release is taken for the keyboard repeating it,
    /// for a framework that gives no event times and a client that passes X's auto-repeat on as
    /// releases and presses (IBus with Qt 6 or its XIM server); see ``HoldTimer/guessesRepeats``.
    package var guessesRepeats: Bool {
        get { typing.guessesRepeats }
        set { typing.guessesRepeats = newValue }
    }
    /// The suggestions the field shows (``SessionAction/suggestions(_:)``), and where they come from.
    package var wordSuggestions: WordSuggestions?
    /// Hanja and symbols for the conversion key (``Keymap/converts(_:)``); `nil`: the key is the
    /// application's, as in a frontend that cannot show the list.
    package var hanja: HanjaConversions?
    /// The conversion key's list, while it is open.
    var hanjaList: HanjaList?
    /// Keysyms whose press the open list took: their release is the session's too.
    var listPresses: Set<UInt32> = []
    /// What the conversion key may convert of the client's text, as the client last reported it,
    /// until the session sends text: a client reports it again only when it changed.
    struct Surrounding {
        /// The end of the text before the cursor (at most ``HanjaSearch/longestReading`` scalars).
        var before: String
        /// The selection, `nil` if longer than ``HanjaSearch/longestReading`` scalars.
        var selection: String?
        /// Where the selection starts from the cursor (0 or negative), and its length in scalars.
        var selectionOffset: Int
        var selectionCount: Int
    }
    var surrounding: Surrounding?
    /// The suggestions shown, as keys (texts are typed from them when needed).
    private var shown = SuggestedWords()
    /// A hash of the word's keys, the learned words' clock and how many layouts' spellings were
    /// made, when ``shown`` was found (a hash, not a copy of the keys: each field keeps as little
    /// as it can).
    private var suggestedFor: Int?
    private var learnedClock = -1
    private var spellingsMade = 0

    package init(typing: TypingContext, keymap: Keymap, onFocusLoss: PreeditOnFocusLoss) {
        self.typing = typing
        self.keymap = keymap
        self.onFocusLoss = onFocusLoss
    }

    /// When ``advance(to:)`` must next be called, if ever.
    package var deadline: Int? { typing.deadline }

    /// Whether the application can delete text around its cursor when asked
    /// (``SessionAction/deleteSurrounding(offset:count:)``); see ``TypingContext/clientCanDelete``.
    package var canDeleteSurrounding: Bool {
        get { typing.clientCanDelete }
        set { typing.clientCanDelete = newValue }
    }

    /// X's keysym for an event that has none.
    static let noSymbol: UInt32 = 0

    var passesKeysThrough: Bool { InputPurpose.passingThrough.contains(purpose) }

    /// Whether nothing typed in this field may be learned or recorded: a secret field (password,
    /// PIN), one whose keys pass through, a private one (``InputPurpose/privateHint``).
    var learnsNothing: Bool {
        InputPurpose.secret.contains(purpose) || passesKeysThrough || hints & InputPurpose.privateHint != 0
    }

    /// A key event: `state` holds ``KeyEventState`` bits, ``KeyEventState/release`` on a release;
    /// `keycode` is the framework's (0: not known); `eventTime` the time the client stamped the
    /// event with, in milliseconds (0: not known), which tells X's auto-repeat from a new press.
    /// Its actions leave the suggestions out: looking them up takes longer than the key, so a
    /// frontend answers first, then sends ``suggestionsUpdate()``.
    /// An event without a keysym (X's NoSymbol) is not a key the user pressed: Xlib makes one to
    /// carry the text an XIM server committed, and a client that filters it again (alacritty)
    /// passes it to the input method. It is the application's, and changes nothing here.
    ///
    /// The conversion key (``Keymap/converts(_:)``) opens the list of hanja or symbols
    /// (``SessionAction/candidates(_:)``); while it is open, the keys it takes go to it (``listKey(keysym:state:)``).
    package mutating func processKeyEvent(
        keysym sent: UInt32, keycode: UInt32 = 0, state: UInt32, eventTime: UInt32 = 0, at time: Int
    ) -> KeyResult {
        guard sent != Self.noSymbol, !passesKeysThrough else {
            return processKey(keysym: sent, keycode: keycode, state: state, eventTime: eventTime, at: time)
        }
        let keysym = KeypadWithoutNumLock.keysym(sent, state: state)
        guard hanjaList != nil || !listPresses.isEmpty || keymap.converts(keysym) else {
            return processKey(keysym: sent, keycode: keycode, state: state, eventTime: eventTime, at: time)
        }
        if let listed = listKey(keysym: keysym, state: state) { return listed }
        var result = processKey(keysym: sent, keycode: keycode, state: state, eventTime: eventTime, at: time)
        // A key the list does not take closes it, unless it changes nothing (a modifier pressed
        // alone, the release of a key pressed before the list opened).
        let changesNothing =
            (state & KeyEventState.release != 0 || KeyEventState.isModifierKey(keysym))
            && result.actions.allSatisfy {
                if case .suggestions = $0 { true } else { false }
            }
        if !changesNothing { result.actions = closeList() + result.actions }
        return result
    }

    private mutating func processKey(
        keysym sent: UInt32, keycode: UInt32, state: UInt32, eventTime: UInt32, at time: Int
    ) -> KeyResult {
        guard sent != Self.noSymbol else { return KeyResult(handled: false, actions: []) }
        let keysym = KeypadWithoutNumLock.keysym(sent, state: state)
        let isRelease = state & KeyEventState.release != 0
        var repeating: Bool?
        if isRelease {
            lastRelease = eventTime == 0 ? nil : (keysym, eventTime)
        } else {
            if eventTime != 0, let release = lastRelease {
                repeating = release.keysym == keysym && release.time == eventTime
            }
            lastRelease = nil
        }
        resetWitness.keyEvent()
        if passesKeysThrough || KeyEventState.isModifierKey(keysym) {
            return KeyResult(handled: false, actions: [], release: isRelease ? .unknown : .notHandled)
        }
        if let picked = pick(keysym: keysym, state: state) { return picked }
        let key = keymap.key(for: keysym)
        if isRelease, passedPresses.remove(keysym) != nil {
            // The application had the press, so it has the release; the timer still hears of it
            // (a held backspace whose first press went to the application must stop repeating).
            guard let key else { return KeyResult(handled: false, actions: []) }
            return KeyResult(handled: false, actions: actions(for: typing.keyUp(key, at: time)))
        }
        guard let key, state & KeyEventState.shortcutModifiers == 0 else {
            // Not ours: finish the syllable, then let the application have the key.
            guard !isRelease else { return KeyResult(handled: false, actions: []) }
            passedPresses.insert(keysym)
            let commit = actions(for: typing.commit())
            // A shortcut goes to the application as it is, as ibus-hangul has it: a toolkit may
            // not take a forwarded one for a shortcut.
            guard state & KeyEventState.shortcutModifiers == 0 else {
                return KeyResult(handled: false, actions: commit, release: .notHandled)
            }
            return declined(commit, keysym: sent, keycode: keycode, state: state)
        }
        if key == .backspace, !isRelease, keycode != 0 { backspaceKeycode = keycode }
        let outcome = isRelease ? typing.keyUp(key, at: time) : typing.keyDown(key, at: time, repeating: repeating)
        let recorded = learnsNothing ? nil : RecordedKey(down: !isRelease, key: key)
        // A backspace with nothing to take back, a return: the application's, and its release too.
        let declinedOwnKey = outcome.ownKeyDeclined
        if declinedOwnKey && !isRelease { passedPresses.insert(keysym) }
        if declinedOwnKey && !isRelease {
            var result = declined(actions(for: outcome), keysym: sent, keycode: keycode, state: state)
            result.recorded = recorded
            return result
        }
        let release: ReleaseAnswer = isRelease ? .unknown : typing.releaseTypes(key) ? .unknown : .handled
        return KeyResult(handled: !declinedOwnKey, actions: actions(for: outcome), recorded: recorded, release: release)
    }

    /// A press the session does not use, after `actions`: the application's, answered as not used,
    /// or (``forwardsKeysAfterText``, when `actions` send text) handed back after them. Its
    /// release is the application's either way.
    private func declined(_ actions: [SessionAction], keysym: UInt32, keycode: UInt32, state: UInt32) -> KeyResult {
        let sendsText = actions.contains {
            switch $0 {
            case .commit, .deleteSurrounding: true
            case .forwardKey, .preedit, .suggestions, .candidates: false
            }
        }
        guard forwardsKeysAfterText, sendsText else {
            return KeyResult(handled: false, actions: actions, release: .notHandled)
        }
        return KeyResult(
            handled: true, actions: actions + [.forwardKey(keysym: keysym, keycode: keycode, state: state)],
            release: .notHandled)
    }

    /// A picking key (``Keymap/pick(for:)``) while the suggestion it names is shown: the word
    /// becomes it, and the key's release is swallowed too. `nil` otherwise: the key is an
    /// ordinary one (an unbound key goes to the application, as when no suggestions show).
    private mutating func pick(keysym: UInt32, state: UInt32) -> KeyResult? {
        guard let index = keymap.pick(for: keysym), state & KeyEventState.shortcutModifiers == 0 else { return nil }
        if state & KeyEventState.release != 0 {
            return pickingPresses.remove(keysym) != nil ? KeyResult(handled: true, actions: []) : nil
        }
        guard let outcome = pickSuggestion(index) else { return nil }
        pickingPresses.insert(keysym)
        return KeyResult(handled: true, actions: actions(for: outcome), release: .handled)
    }

    /// Lets the timers run up to `time` (a long press, a backspace repeat, auto-next); a timer
    /// that changes the text closes the conversion key's list.
    package mutating func advance(to time: Int) -> [SessionAction] {
        let done = actions(for: typing.advance(to: time))
        return withSuggestions(done.isEmpty ? done : closeList() + done)
    }

    /// Picks suggestion `index` (as shown last): the word typed so far becomes it, followed by a
    /// space if ``WordSuggestions/pickAddsSpace``. Returns `nil` for no such suggestion. Its
    /// actions end with the new suggestions, looked up here (a pick is a click, not a key: the
    /// frontend need not send ``suggestionsUpdate()`` after it).
    package mutating func acceptSuggestion(_ index: Int) -> [SessionAction]? {
        guard let outcome = pickSuggestion(index) else { return nil }
        return withSuggestions(actions(for: outcome))
    }

    /// Accepts suggestion `index` as ``acceptSuggestion(_:)`` does if it is still `word`: a tap on
    /// another program's copy of the suggestions (hwalja-keypad's row), which may lag behind.
    package mutating func acceptSuggestion(_ index: Int, shownAs word: String) -> [SessionAction]? {
        let words = suggestions
        guard words.indices.contains(index), words[index].text == word else { return nil }
        return acceptSuggestion(index)
    }

    /// Picks suggestion `index` as ``acceptSuggestion(_:)`` does, for a frontend that drives
    /// ``typing`` by key names: returns what the typing did (then, as after a key,
    /// ``learnWords(endedBy:)`` if the client learns, and ``suggestionsUpdate()``), or `nil` for
    /// no such suggestion.
    package mutating func pickSuggestion(_ index: Int) -> TypingContext.Outcome? {
        // While the conversion key's list is open the suggestions are hidden: a late tap on a
        // copy does nothing.
        guard hanjaList == nil, let wordSuggestions, let picked = shown.word(index),
            let text = wordSuggestions.text(typing: picked),
            let keys = wordSuggestions.keys(ofSuggested: picked, typedWith: typing.composer.table)
        else { return nil }
        let suffix = wordSuggestions.pickAddsSpace ? " " : ""
        passedPresses.removeAll()
        return typing.replaceWord(with: text, keys: keys, suffix: suffix)
    }

    /// The suggestions shown last, in order.
    package var suggestions: [Suggestion] {
        guard let wordSuggestions, hanjaList == nil else { return [] }
        return zip(wordSuggestions.texts(of: shown), shown.words).map { Suggestion(text: $0, keys: $1) }
    }

    /// For a frontend that drives ``typing`` by key names (hwaljad's `org.hwalja.Context1`):
    /// learns the words `outcome` ended (a client asks for it: a tool replaying a log must not
    /// teach the user's words). Then, as for key events, ``suggestionsUpdate()``.
    package mutating func learnWords(endedBy outcome: TypingContext.Outcome) {
        if !outcome.endedWords.isEmpty, !learnsNothing {
            wordSuggestions?.learn(outcome.endedWords, typedWith: typing.composer.table)
        }
    }

    /// The suggestions to show after a key event, once its answer is sent: `[.suggestions(…)]`
    /// if they changed since last shown, else nothing.
    package mutating func suggestionsUpdate() -> [SessionAction] {
        withSuggestions([])
    }

    /// The actions for `outcome`, learning the words it ended (never in a secret field).
    mutating func actions(for outcome: TypingContext.Outcome) -> [SessionAction] {
        learnWords(endedBy: outcome)
        if outcome.retract > 0 || !outcome.commit.isEmpty || !outcome.passed.isEmpty { surrounding = nil }
        if outcome.preeditChanged {
            resetWitness.showed(preedit: outcome.preedit, clientReports: resetDropsPreedit && canDeleteSurrounding)
        }
        return SessionAction.actions(
            for: outcome, clientCanDelete: canDeleteSurrounding, backspaceKeycode: backspaceKeycode)
    }

    /// The suggestions shown are to be sent again (the list that hid them closed).
    mutating func forgetShownSuggestions() {
        shown = SuggestedWords()
        suggestedFor = nil
    }

    /// Hides the suggestions shown, if any (the conversion key's list takes their place, and a
    /// tap on them would change the word under it): `[.suggestions([])]`, or nothing.
    mutating func hideSuggestions() -> [SessionAction] {
        guard shown != SuggestedWords() else { return [] }
        forgetShownSuggestions()
        return [.suggestions([])]
    }

    /// `actions`, then the suggestions if they changed (none while the conversion key's list shows).
    mutating func withSuggestions(_ actions: [SessionAction]) -> [SessionAction] {
        guard let wordSuggestions, hanjaList == nil else { return actions }
        // Most events (releases, timers, keys of other fields) leave the word as it was: no lookup.
        let keys = passesKeysThrough ? [] : typing.word.keys
        // The next word is predicted once nothing is composing (a punctuation key's preedit may
        // still end the sentence), and not at the start of a line (Down moves to the next one).
        let predictsNone = keys == [] && (!typing.preedit.isEmpty || typing.context.followsNewline)
        let context = passesKeysThrough || predictsNone ? [] : typing.context.words
        var hasher = Hasher()
        hasher.combine(keys)
        hasher.combine(context)
        let hash = hasher.finalize()
        guard
            hash != suggestedFor || wordSuggestions.learned.clock != learnedClock
                || wordSuggestions.spellingsMade != spellingsMade
        else { return actions }
        suggestedFor = hash
        learnedClock = wordSuggestions.learned.clock
        spellingsMade = wordSuggestions.spellingsMade
        let now = wordSuggestions.suggestions(for: keys, after: context, typedWith: typing.composer.table)
        guard now != shown else { return actions }
        shown = now
        return actions + [.suggestions(wordSuggestions.texts(of: now))]
    }

    /// The field lost focus, or the application reset it (a click moved the cursor): the syllable
    /// ends where it is, committed once, by the client or by the session (``PreeditOnFocusLoss``).
    package mutating func focusOut() -> [SessionAction] {
        let closed = closeList()
        listPresses.removeAll()
        passedPresses.removeAll()
        resetWitness.forget()
        switch onFocusLoss {
        case .clientCommits:
            learnWords(endedBy: typing.reset())
            return withSuggestions(closed)
        case .sessionCommits:
            return withSuggestions(closed + actions(for: typing.commit()))
        }
    }

    /// The application reset the field (a click): the syllable ends where it is, committed once.
    /// A client that commits what it shows (``PreeditOnFocusLoss/clientCommits``) may have done
    /// so before resetting (GTK 3, Qt: its report of the text around the cursor says so) or may
    /// drop it (``resetDropsPreedit``, GTK 4): then the session commits it.
    package mutating func reset() -> [SessionAction] {
        guard onFocusLoss == .clientCommits else { return focusOut() }
        let closed = closeList()
        listPresses.removeAll()
        passedPresses.removeAll()
        let finding = typing.preedit.isEmpty ? .nothingSeen : resetWitness.reset(preedit: typing.preedit)
        if case .committedStale(let count) = finding, resetDropsPreedit, canDeleteSurrounding {
            // It committed what it still showed, an earlier state of the syllable, and then drops
            // the preedit: that copy goes, and the syllable as typed is committed (기 shown, 가
            // typed: 가, not 기가).
            let takeBack: [SessionAction] = [.preedit("", cursor: 0), .deleteSurrounding(offset: -count, count: count)]
            return withSuggestions(closed + takeBack + actions(for: typing.commit()))
        }
        guard resetDropsPreedit, finding != .committed else {
            _ = typing.reset()
            resetWitness.showed(preedit: "", clientReports: false)
            return withSuggestions(closed)
        }
        return withSuggestions(closed + actions(for: typing.commit()))
    }

    /// The client's text around its cursor (`cursor` and `anchor` in Unicode scalars). A client
    /// that commits its preedit itself on a reset (Qt) and then gets it a second time from
    /// ibus-daemon, at the cursor, shows it twice here: the second copy is deleted. Nothing is kept
    /// from a field whose keys pass through (a password).
    package mutating func setSurroundingText(_ text: String, cursor: Int, anchor: Int) -> [SessionAction] {
        guard !passesKeysThrough else {
            resetWitness.forget()
            surrounding = nil
            return []
        }
        keepSurrounding(text, cursor: cursor, anchor: anchor)
        // Only a client that commits its own preedit on a reset can report it twice.
        guard onFocusLoss == .clientCommits else { return [] }
        let duplicate = resetWitness.report(ResetWitness.Report(text: text.unicodeScalars, cursor: cursor))
        guard duplicate > 0, canDeleteSurrounding else { return [] }
        return [.deleteSurrounding(offset: -duplicate, count: duplicate)]
    }

    /// The field's purpose or hints changed: a private field (``InputPurpose/privateHint``) learns
    /// nothing. A field whose keys pass through keeps the syllable typed while it was open:
    /// committed, the preedit hidden.
    package mutating func setContentType(purpose: UInt32, hints: UInt32) -> [SessionAction] {
        self.purpose = purpose
        self.hints = hints
        guard passesKeysThrough else { return [] }
        let closed = closeList()
        surrounding = nil
        listPresses.removeAll()
        passedPresses.removeAll()
        resetWitness.forget()
        let outcome = typing.commit()  // typed while the field was open, but never learned
        return withSuggestions(closed + SessionAction.actions(for: outcome))
    }
}
