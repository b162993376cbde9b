import HwaljaCore
import HwaljaDBus
import HwaljaRuntime
import HwaljaSession
import HwaljaTyping

/// The fcitx5 side of hwalja, in fcitx5's own process: each fcitx5 input context the addon types
/// into is an ``InputSession`` of a ``SessionTable``, driven by the addon's key events, focus and
/// field changes; what a session does goes back as ``SessionAction``s, for the addon to apply
/// to the input context (``send``). Needs no bus and no clock of its own: give it a
/// ``SessionClock`` (fcitx5's event loop in the addon, a manual clock in tests).
///
/// The sessions commit their own preedit when the field loses focus (fcitx5 may have done it
/// already: the addon drops that copy). Confined to one thread: fcitx5's.
package final class Fcitx5Adapter: HostedAdapter {
    /// The context numbers' owner in the ``SessionTable``: the addon is the only one.
    private static let owner = "fcitx5"

    /// Where a context's actions go, in order: the addon applies them to its input context.
    package var send: (_ context: Int, _ actions: [SessionAction]) -> Void = { _, _ in }
    /// Word suggestions for every context's field (fcitx5's candidate list), if any.
    package var wordSuggestions: WordSuggestions?
    /// Hanja and symbols for the conversion key (fcitx5's candidate list, with meanings), if any.
    package var hanja: HanjaConversions?
    /// hwalja-keypad's row of suggestions (X11, KDE), which shows the focused context's (`nil`: none).
    package var keypadLink: KeypadSuggestionLink? {
        get { keypadRow.link }
        set { keypadRow.link = newValue }
    }
    /// Which context the keypad's row follows.
    /// A tap there is as the same choice in fcitx5's candidate list (漢 opens the list in it).
    private lazy var keypadRow = KeypadRow(
        shown: { [unowned self] number, hanja in sessions.inspect(number) { KeypadRow.Field($0, hanja: hanja) } },
        tapped: { [unowned self] number, tap in update(number) { $0.take(tap) } })

    /// Each layout's table, the addon's (its ``SessionHost``'s).
    private let tables: LayoutTables
    private var settings: HwaljaSettings
    private var keymap: Keymap
    private var sessions: SessionTable<InputSession>!
    /// Has the addon read the user's settings again (its ``SessionHost``, which then calls
    /// ``apply(_:keymap:)``): always (fcitx5's configuration was applied), or with
    /// `onlyIfChanged` (a field focused) only if the file changed.
    private let readSettings: (_ onlyIfChanged: Bool) -> Void
    /// The context whose suggestions a key may have changed: looked up once the key is answered
    /// (``lookUpSuggestions()``).
    private var suggestionsDue: Int?

    package init(
        clock: any SessionClock, tables: LayoutTables, settings: HwaljaSettings, keymap: Keymap,
        readSettings: @escaping (_ onlyIfChanged: Bool) -> Void = { _ in }
    ) {
        self.tables = tables
        self.settings = settings
        self.keymap = keymap
        self.readSettings = readSettings
        sessions = SessionTable(clock: clock, limitPerOwner: Int.max) { [unowned self] sessions, number in
            guard let actions = sessions.withAny(number, { $0.advance(to: sessions.now) }) else { return }
            deliver(actions, to: number)
        }
    }

    // MARK: Contexts

    /// Makes a context typing `layout`; throws why when that layout's table cannot be had.
    package func makeContext(layout: KeyboardLayout) throws(LayoutTables.Missing) -> Int {
        let table = try tables.table(layout)
        var session = InputSession(
            table: table, settings: settings, resolved: keymap, onFocusLoss: .sessionCommits,
            wordSuggestions: wordSuggestions)
        session.hanja = hanja
        // The addon is the only owner, and has no limit: a context is never refused.
        guard let number = try? sessions.add(session, owner: Self.owner) else {
            preconditionFailure("the fcitx5 addon's sessions refused a context though it sets no limit")
        }
        return number
    }

    /// Lets context `number` go, with its timer; what it composed is dropped (the addon ended the
    /// syllable before, with a focus out).
    package func removeContext(_ number: Int) {
        try? sessions.remove(number, caller: Self.owner)
        if suggestionsDue == number { suggestionsDue = nil }
        reportedText.remove(number)
        keypadRow.blur([number])
    }

    /// The layout context `number` types, if it exists.
    package func layout(of number: Int) -> KeyboardLayout? {
        sessions.inspect(number) { $0.typing.layout }
    }

    // MARK: Events

    /// Runs one key event (`state` has ``KeyEventState/release`` on a release; `eventTime` the
    /// client's time of it, 0 if not known) through context `number`; sends what it did and
    /// returns whether it used the key (`false`: the application gets it).
    package func processKey(_ number: Int, keysym: UInt32, keycode: UInt32, state: UInt32, eventTime: UInt32 = 0)
        -> Bool
    {
        let time = sessions.now
        guard
            let result = sessions.withAny(
                number,
                {
                    $0.processKeyEvent(keysym: keysym, keycode: keycode, state: state, eventTime: eventTime, at: time)
                })
        else {
            return false
        }
        deliver(result.actions, to: number)
        suggestionsDue = number
        return result.handled
    }

    /// Whether a key left suggestions to look up (``lookUpSuggestions()``).
    package var hasSuggestionsDue: Bool { suggestionsDue != nil }

    /// Looks up the suggestions of the context the last key went to, and sends them if they
    /// changed: after the key is answered, since a lookup costs more than the key.
    package func lookUpSuggestions() {
        guard let number = suggestionsDue else { return }
        suggestionsDue = nil
        update(number) { $0.suggestionsUpdate() }
    }

    /// The field's purpose (a GTK/IBus number, ``InputPurpose``), its hints (GTK's bits:
    /// ``InputPurpose/privateHint``) and whether it deletes what it is asked to around its cursor;
    /// a field whose keys pass through commits what was composed.
    package func setField(_ number: Int, purpose: UInt32, hints: UInt32 = 0, canDelete: Bool) {
        update(number) { session in
            if canDelete { session.canDeleteSurrounding = true }
            return session.purpose == purpose && session.hints == hints
                ? [] : session.setContentType(purpose: purpose, hints: hints)
        }
    }

    /// Tells context `number`'s session what its client is. fcitx5's IBus frontend (5.0, Debian
    /// 12's: kitty speaks IBus's protocol to it) answers a key before it sends the text the key
    /// finished, so a client that has never reported its text (not GTK's IBus module, whose GTK 4
    /// drops forwarded keys) gets a key hwalja does not use after that text handed back after it
    /// (``InputSession/forwardsKeysAfterText``), as IBus's XIM server does: 한 then Return would
    /// otherwise come out as ⏎한. A client that once reported its text stays GTK's module: it
    /// stops saying so in a widget without text (a terminal), where GTK 4 would still drop the key.
    package func setClient(_ number: Int, ibusFrontend: Bool, reportsText: Bool) {
        if reportsText { reportedText.insert(number) }
        let forwards = ibusFrontend && !reportedText.contains(number)
        _ = sessions.withAny(number) { $0.forwardsKeysAfterText = forwards }
    }

    /// Contexts whose client has reported its text (``setClient(_:ibusFrontend:reportsText:)``).
    private var reportedText: Set<Int> = []

    /// Context `number`'s field got the focus: settings changed since apply now, and the keypad
    /// shows its suggestions.
    package func focusIn(_ number: Int) {
        readSettings(true)
        guard sessions.contains(number) else { return }
        keypadRow.focus(number)
    }

    /// The field lost the focus (or the input method was switched off): the syllable is committed.
    package func focusOut(_ number: Int) {
        update(number) { $0.focusOut() }
        keypadRow.blur([number])
    }

    /// The application reset the field (a click moved the cursor): the syllable is committed.
    package func reset(_ number: Int) {
        update(number) { $0.focusOut() }
    }

    /// Suggestion `index` of those shown was picked (fcitx5's candidate list): the word being typed
    /// becomes it. An index no longer shown does nothing.
    package func acceptSuggestion(_ number: Int, index: Int) {
        update(number) { $0.acceptSuggestion(index) ?? [] }
    }

    /// Candidate `index` of the conversion key's page shown was picked (a click).
    package func acceptCandidate(_ number: Int, index: Int) {
        update(number) { $0.acceptCandidate(index) ?? [] }
    }

    /// The conversion key's list turns `count` pages (the list's arrows).
    package func turnCandidatePage(_ number: Int, by count: Int) {
        update(number) { $0.turnCandidatePage(count) }
    }

    /// The client's text around its cursor (`cursor` and `anchor` in characters), which the
    /// conversion key may convert.
    package func setSurroundingText(_ number: Int, text: String, cursor: Int, anchor: Int) {
        update(number) { $0.setSurroundingText(text, cursor: cursor, anchor: anchor) }
    }

    // MARK: Settings

    /// Reads the settings file again and applies it (fcitx5's configuration was just applied).
    package func readSettingsAgain() {
        readSettings(false)
    }

    /// Takes new settings: new contexts use them, existing ones from their next key.
    package func apply(_ settings: HwaljaSettings, keymap: Keymap) {
        self.settings = settings
        self.keymap = keymap
        sessions.update { $0.apply(settings, resolved: keymap) }
    }

    /// Switches to newly made tables (one per layout): new contexts take them from ``LayoutTables``
    /// at once, existing ones of the same layout when their syllable ends.
    package func reload(_ tables: [TransitionTable]) {
        sessions.update { session in
            for table in tables { session.typing.replaceTable(table) }
        }
    }

    /// The hanja files arrived: the keypad's row shows 漢 if the focused field's word converts.
    package func conversionsPrepared() {
        keypadRow.refresh()
    }

    // MARK: Private

    /// Applies `change` to context `number`'s session and sends the actions it returns.
    private func update(_ number: Int, _ change: (inout InputSession) -> [SessionAction]) {
        guard let actions = sessions.withAny(number, change) else { return }
        deliver(actions, to: number)
    }

    /// Sends context `number`'s actions; the keypad shows the focused context's suggestions too.
    private func deliver(_ actions: [SessionAction], to number: Int) {
        guard !actions.isEmpty else { return }
        send(number, actions)
        keypadRow.changed(number, suggestions: actions.suggestions)
    }
}
