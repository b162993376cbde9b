/// The composer of a phone-keypad layout (the table's ``TransitionTable/keyboard``): keys in; committed text, preedit and whether the key was used out.
///
/// The composer is a value type with no clock, no I/O and no callbacks. Each letter key is one
/// lookup in the ``TransitionTable`` on the composer's own preedit, never on the application's
/// text, so a next-character press is a real boundary: nothing before it changes afterwards.
///
/// - **preedit**: the text that can still change, shown underlined by the host. It holds the
///   scalars a later key could rewrite (the last one, or the last two when they form a live pair
///   such as 갈ㄷ) plus whatever undoing the last keystroke would restore (가기 after 각 + ㅣ).
/// - **commit**: text the table can no longer change; the host inserts it.
/// - **retract**: how much of the text committed earlier in the word the host must take back
///   before inserting the commit, because backspace undid a keystroke that had committed it
///   (see ``Response/retract``).
///
/// Everything committed plus the final preedit is exactly what the table's rule gives on the
/// whole text (replace the last two scalars if the table has them for the key, else the last one,
/// else append the key's default), restarted after every next-character press.
///
/// ```swift
/// var composer = Composer(table: table)
/// for key in [Key.ieungMieum, .in, .cheon, .nieunRieul] {
///     let response = composer.press(key)
///     host.insert(response.commit)
///     host.showPreedit(response.preedit)   // ends as 안
/// }
/// ```
///
/// Backspace undoes the last keystroke exactly, back through every syllable of the word that the
/// composer committed by itself, up to ``undoDepth`` keystrokes. It never undoes through a
/// boundary: ``Key/next``, ``Key/space``, ``Key/enter``, a ``Key/punctuation`` that starts new
/// punctuation, ``typeDigit(of:)``, ``flush()`` and ``reset()``. With nothing to undo it removes
/// the last scalar of the preedit, and with no preedit it leaves the key to the host.
///
/// A timer layer adds long presses without the composer knowing about time: ``typeDigit(of:)``
/// for a held letter key, and for a held backspace one ``press(_:)`` of ``Key/backspace`` then
/// repeated ``erase()``, which deletes a character at a time instead of undoing keystrokes.
public struct Composer: Sendable {
    /// Behaviour switches.
    public struct Options: Sendable, Equatable {
        /// When `true`, ``Key/space`` always inserts a blank (for keyboards with a separate
        /// next-character key). When `false` (Samsung), space only ends a syllable being composed.
        public var spaceAlwaysInserts: Bool
        /// Whether the host can delete text it was given when a response says so
        /// (``Response/retract``), as toolkits that let an input method delete around the cursor
        /// can (default). When `false` (terminals, XIM), no response retracts: the composer keeps
        /// what it would commit by itself in front of the preedit for as long as backspace could
        /// still undo into it, up to seven scalars (``ComposedText/capacity`` less one for the
        /// blank or digit a boundary adds), and commits the oldest of it for good when the preedit
        /// would overflow; backspace then cannot undo that far.
        public var canRetract: Bool

        public init(spaceAlwaysInserts: Bool = false, canRetract: Bool = true) {
            self.spaceAlwaysInserts = spaceAlwaysInserts
            self.canRetract = canRetract
        }
    }

    /// What one key did. The host applies it in order: delete ``retract`` scalars before the
    /// cursor, insert ``commit``, show ``preedit``.
    public struct Response: Sendable, Equatable, CustomStringConvertible {
        /// The number of Unicode scalars immediately before the cursor, committed earlier by this
        /// composer, that the host must delete before inserting ``commit`` and showing
        /// ``preedit``: backspace undid a keystroke that had committed them, and ``preedit`` shows
        /// the text from there on again. Counted in scalars, not characters: conjoining jamo
        /// (ᄀᆞ) are several scalars in one character. Always 0 unless
        /// ``Options/canRetract``, and never more than the composer committed since the last
        /// boundary.
        public var retract: Int
        /// Text to insert, before the preedit.
        public var commit: ComposedText
        /// The whole preedit after the key (not a delta).
        public var preedit: ComposedText
        /// Whether the composer used the key; if not, the host should apply it itself
        /// (delete a character for backspace, insert a newline for return).
        public var consumed: Bool

        public init(retract: Int = 0, commit: ComposedText = ComposedText(), preedit: ComposedText, consumed: Bool) {
            self.retract = retract
            self.commit = commit
            self.preedit = preedit
            self.consumed = consumed
        }

        public var description: String {
            let taken = retract > 0 ? "retract \(retract) " : ""
            return taken + "commit \"\(commit)\" preedit \"\(preedit)\" consumed \(consumed)"
        }
    }

    /// The most keystrokes backspace can undo since the last boundary.
    public static let undoDepth = 32

    /// The table every letter key is looked up in.
    public let table: TransitionTable
    /// Behaviour switches; may be changed between keys.
    public var options: Options

    /// The text shown as preedit: what is being composed, after any text kept back from the host
    /// (see ``Options/canRetract``).
    public var preedit: ComposedText {
        if held.isEmpty { return composing }
        var text = held
        text.append(contentsOf: composing)
        return text
    }

    /// The text being composed: the word from position ``committed`` on, where the table looks tails up.
    var composing = ComposedText()
    /// The end of the text committed since the last boundary that the host has not been given
    /// (only without ``Options/canRetract``); shown in front of ``composing``.
    var held = ComposedText()
    /// How many scalars the composer committed since the last boundary, ``held`` included.
    var committed = 0
    /// What each keystroke since the last boundary changed; backspace pops them.
    var history = UndoHistory()
    /// Whether the last two scalars of ``composing`` are a live pair.
    var endsWithLivePair = false
    /// The scalars committed since the last boundary from position ``committedTailStart`` on,
    /// as far back as an undo entry can reach: undoing a keystroke that committed text rebuilds
    /// the preedit before it from here.
    var committedTail: [UInt32] = []
    /// The position in the word (0 at the last boundary) of ``committedTail``'s first scalar.
    var committedTailStart = 0

    /// Whether `other` holds the same state (the table and options are not compared): the same
    /// keys then get the same answers from both. Keep it in step with the stored properties above.
    func hasSameState(as other: Composer) -> Bool {
        composing == other.composing && held == other.held && committed == other.committed
            && history == other.history && endsWithLivePair == other.endsWithLivePair
            && reachableCommittedText == other.reachableCommittedText
    }

    /// The committed scalars an undo entry can reach.
    private var reachableCommittedText: ArraySlice<UInt32> {
        committedTail[((history.oldestCommitted ?? committed) - committedTailStart)...]
    }

    /// Creates a composer with an empty preedit.
    public init(table: TransitionTable, options: Options = Options()) {
        self.table = table
        self.options = options
    }

    /// Applies one key.
    public mutating func press(_ key: Key) -> Response {
        switch key {
        case .next:
            return flush(consumed: true)
        case .space:
            if !options.spaceAlwaysInserts && composing.containsHangul { return flush(consumed: true) }
            var response = flush(consumed: true)
            response.commit.append(0x20)
            return response
        case .backspace:
            return backspace()
        case .enter:
            return flush(consumed: false)
        case .punctuation where !continuesPunctuation:
            // New punctuation ends the word: undo stops at it.
            var commit = flush(consumed: true).commit
            var response = type(key)
            commit.append(contentsOf: response.commit)
            response.commit = commit
            return response
        default:
            return type(key)
        }
    }

    /// Commits the preedit and types the digit on `key` (a long press of a letter key).
    ///
    /// Keys without a digit in the table's layout (``KeyboardLayout/digit(of:)``) are not consumed and change nothing.
    public mutating func typeDigit(of key: Key) -> Response {
        guard let digit = table.keyboard.digit(of: key) else { return Response(preedit: preedit, consumed: false) }
        var response = flush(consumed: true)
        response.commit.append(digit.value)
        return response
    }

    /// Commits the preedit (for an explicit commit, focus loss, or a key the composer does not handle).
    public mutating func flush() -> Response {
        flush(consumed: !preedit.isEmpty)
    }

    /// Drops the preedit without committing it.
    public mutating func reset() {
        composing = ComposedText()
        held = ComposedText()
        committed = 0
        history.removeAll()
        forgetCommittedTail()
        endsWithLivePair = false
    }

    /// Forgets ``committedTail`` (with no history, nothing can reach it).
    mutating func forgetCommittedTail() {
        committedTail.removeAll(keepingCapacity: true)
        committedTailStart = committed
    }

    private mutating func flush(consumed: Bool) -> Response {
        let response = Response(commit: preedit, preedit: ComposedText(), consumed: consumed)
        reset()
        return response
    }

    /// Whether ``Key/punctuation`` would rewrite the end of the preedit (. → ,) rather than start anew.
    private var continuesPunctuation: Bool {
        guard let last = composing.last else { return false }
        return table.replacement(for: .punctuation, first: 0, second: TableSymbol.symbol(for: last)) != 0
    }

    @inline(__always)
    private mutating func type(_ key: Key) -> Response {
        let count = composing.count
        var replacement: UInt64 = 0
        var replaced = 0
        let number = table.number(of: key)
        if count >= 2 && endsWithLivePair {
            replacement = table.replacement(
                forNumber: number,
                first: TableSymbol.symbol(for: composing.storage[count - 2]),
                second: TableSymbol.symbol(for: composing.storage[count - 1])
            )
            if replacement != 0 { replaced = 2 }
        }
        if replacement == 0 && count >= 1 {
            replacement = table.replacement(
                forNumber: number, first: 0, second: TableSymbol.symbol(for: composing.storage[count - 1]))
            if replacement != 0 { replaced = 1 }
        }
        if replacement == 0 { replacement = table.defaultReplacement(forNumber: number) }

        // Rewrite the end of the preedit in place, noting where it first differs from before.
        let kept = count - replaced
        let removed = (composing.storage[kept & 7], composing.storage[(kept + 1) & 7])
        composing.removeLast(replaced)
        var same = kept
        while replacement != 0 {
            let scalar = TableSymbol.scalar(for: UInt16(truncatingIfNeeded: replacement))
            let position = composing.count - kept
            if same == composing.count && position < replaced && scalar == (position == 0 ? removed.0 : removed.1) {
                same += 1
            }
            composing.append(scalar)
            replacement >>= 16
        }
        // Remember the change only: the replaced scalars from there on and how many took their place.
        let unchanged = same - kept
        var forgotten: UInt64 = 0
        if unchanged == 0 && replaced >= 1 { forgotten = UInt64(removed.0) }
        if replaced == 2 && unchanged < 2 { forgotten |= unchanged == 0 ? UInt64(removed.1) << 32 : UInt64(removed.1) }
        history.push(
            UndoHistory.Entry(
                removed: forgotten,
                removedCount: UInt8(truncatingIfNeeded: replaced - unchanged),
                appended: UInt8(truncatingIfNeeded: composing.count - same),
                endsWithLivePair: endsWithLivePair,
                committed: committed
            )
        )

        // Commit what neither the table nor undoing this keystroke can change any more; undoing
        // further back takes it back (retract).
        endsWithLivePair = Self.endsWithLivePair(composing, in: table)
        let stable = composing.count - (endsWithLivePair ? 2 : 1)
        let settled = min(stable, same)
        guard settled > 0 else { return answer(retract: 0, commit: ComposedText()) }
        let commit = composing.prefix(settled)
        rebaseHistory(past: commit, after: composing)
        composing.removeFirst(settled)
        remember(commit)
        committed += settled
        return answer(retract: 0, commit: commit)
    }

    /// Undoes the last keystroke; with no keystroke to undo, removes the last scalar; with an empty preedit, declines.
    private mutating func backspace() -> Response {
        if !options.canRetract { history.removeEntries(committedBefore: committed - held.count) }
        if let entry = history.popLast() {
            let retract = committed - entry.committed
            // The word from the entry's position on, less what the keystroke appended, plus what it replaced.
            var before = ComposedText()
            for position in entry.committed..<(committed + composing.count - Int(entry.appended)) {
                before.append(
                    position < committed
                        ? committedTail[position - committedTailStart] : composing[position - committed])
            }
            for index in 0..<Int(entry.removedCount) { before.append(entry.removedScalar(index)) }
            committedTail.removeLast(retract)
            committed = entry.committed
            composing = before
            endsWithLivePair = entry.endsWithLivePair
            return answer(retract: retract, commit: ComposedText())
        }
        guard !composing.isEmpty else { return Response(preedit: preedit, consumed: false) }
        // Nothing to undo (past the undo depth): remove one scalar.
        composing.removeLastScalar()
        endsWithLivePair = Self.endsWithLivePair(composing, in: table)
        return answer(retract: 0, commit: ComposedText())
    }

    /// Adds `commit`, about to be committed at position ``committed``, to ``committedTail``, and
    /// drops from the tail's front what no undo entry reaches any more.
    private mutating func remember(_ commit: ComposedText) {
        let reach = history.oldestCommitted ?? (committed + commit.count)
        if reach - committedTailStart >= 64 {
            committedTail.removeFirst(reach - committedTailStart)
            committedTailStart = reach
        }
        for index in 0..<commit.count { committedTail.append(commit[index]) }
    }

    /// Lets undo skip over `commit`, about to be committed from the front of `text` (the preedit
    /// after the keystroke), where it can: the newest states, which began with it at the same
    /// position and in which the table could not have changed it either, now begin after it.
    /// Older states keep their position, and undoing to them takes `commit` back.
    private mutating func rebaseHistory(past commit: ComposedText, after text: ComposedText) {
        var after = text
        for offset in 0..<history.count {
            var entry = history[fromNewest: offset]
            guard entry.committed == committed else { return }
            // The preedit before the entry's keystroke, from the text after it.
            var before = after
            before.removeLast(Int(entry.appended))
            for index in 0..<Int(entry.removedCount) { before.append(entry.removedScalar(index)) }
            guard before.hasPrefix(commit) else { return }
            guard commit.count <= before.count - (entry.endsWithLivePair ? 2 : 1) else { return }
            entry.committed += commit.count
            history[fromNewest: offset] = entry
            after = before
        }
    }

    @inline(__always)
    static func endsWithLivePair(_ text: ComposedText, in table: TransitionTable) -> Bool {
        let count = text.count
        guard count >= 2 else { return false }
        return table.isLivePair(
            first: TableSymbol.symbol(for: text[count - 2]),
            second: TableSymbol.symbol(for: text[count - 1])
        )
    }
}

extension ComposedText {
    /// Removes the last scalar; a conjoining initial left at the end becomes its compatibility
    /// letter (ᄀ → ㄱ), as it shows alone.
    mutating func removeLastScalar() {
        removeLast()
        if let last, let compatibility = Hangul.compatibility(ofConjoiningChoseong: last) {
            removeLast()
            append(compatibility.value)
        }
    }

    /// The last scalar, if any.
    var last: UInt32? { isEmpty ? nil : self[count - 1] }

    /// Whether any scalar is Hangul, i.e. a syllable is being composed (not just punctuation).
    var containsHangul: Bool {
        (0..<count).contains { Hangul.isHangul(self[$0]) }
    }
}
