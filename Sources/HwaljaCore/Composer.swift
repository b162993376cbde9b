/// The Cheon-Ji-In composer: keys in; committed text, preedit and whether the key was used out.
///
/// The composer is a value type with no clock, no I/O and no callbacks. Each letter key is one
/// lookup in the ``TransitionTable`` on the composer's own preedit, never on the application's
/// text, so a next-character press is a real boundary: nothing before it changes afterwards.
///
/// - **preedit**: the text that can still change, shown underlined by the host. It holds the
///   scalars a later key could rewrite (the last one, or the last two when they form a live pair
///   such as 갈ㄷ) plus whatever undoing the last keystroke would restore (가기 after 각 + ㅣ).
/// - **commit**: text that can no longer change; the host inserts it for good.
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
/// A timer layer adds long presses without the composer knowing about time: ``typeDigit(of:)``
/// for a held letter key and repeated ``press(_:)`` of ``Key/backspace`` for a held backspace.
public struct Composer: Sendable {
    /// Behaviour switches.
    public struct Options: Sendable, Equatable {
        /// When `true`, ``Key/space`` always inserts a blank (for keyboards with a separate
        /// next-character key). When `false` (Samsung), space only ends a syllable being composed.
        public var spaceAlwaysInserts: Bool

        public init(spaceAlwaysInserts: Bool = false) {
            self.spaceAlwaysInserts = spaceAlwaysInserts
        }
    }

    /// What one key did.
    public struct Response: Sendable, Equatable, CustomStringConvertible {
        /// Text to insert for good, before the preedit.
        public var commit: ComposedText
        /// The whole preedit after the key (not a delta).
        public var preedit: ComposedText
        /// Whether the composer used the key; if not, the host should apply it itself
        /// (delete a character for backspace, insert a newline for return).
        public var consumed: Bool

        public init(commit: ComposedText = ComposedText(), preedit: ComposedText, consumed: Bool) {
            self.commit = commit
            self.preedit = preedit
            self.consumed = consumed
        }

        public var description: String { "commit \"\(commit)\" preedit \"\(preedit)\" consumed \(consumed)" }
    }

    /// The most keystrokes backspace can undo inside one composition.
    public static let undoDepth = 32

    /// The table every letter key is looked up in.
    public let table: TransitionTable
    /// Behaviour switches; may be changed between keys.
    public var options: Options
    /// The text being composed.
    public private(set) var preedit = ComposedText()

    /// Earlier preedits of this composition, oldest first; backspace pops them.
    private var history: [ComposedText] = []
    /// Whether the last two scalars of ``preedit`` are a live pair.
    private var endsWithLivePair = false

    /// Creates a composer with an empty preedit.
    public init(table: TransitionTable, options: Options = Options()) {
        self.table = table
        self.options = options
        history.reserveCapacity(Self.undoDepth)
    }

    /// Applies one key.
    public mutating func press(_ key: Key) -> Response {
        switch key {
        case .next:
            return flush(consumed: true)
        case .space:
            if !options.spaceAlwaysInserts && preedit.containsHangul { return flush(consumed: true) }
            var response = flush(consumed: true)
            response.commit.append(0x20)
            return response
        case .backspace:
            return backspace()
        case .enter:
            return flush(consumed: false)
        default:
            return type(key)
        }
    }

    /// Commits the preedit and types the digit on `key` (a long press of a letter key).
    ///
    /// Keys without a digit are not consumed and change nothing.
    public mutating func typeDigit(of key: Key) -> Response {
        guard let digit = key.digit else { return Response(preedit: preedit, consumed: false) }
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
        preedit = ComposedText()
        history.removeAll(keepingCapacity: true)
        endsWithLivePair = false
    }

    private mutating func flush(consumed: Bool) -> Response {
        let response = Response(commit: preedit, preedit: ComposedText(), consumed: consumed)
        reset()
        return response
    }

    private mutating func type(_ key: Key) -> Response {
        let previous = preedit
        var text = preedit
        let count = text.count
        var replacement: UInt64 = 0
        if count >= 2 && endsWithLivePair {
            replacement = table.replacement(
                for: key,
                first: TableSymbol.symbol(for: text[count - 2]),
                second: TableSymbol.symbol(for: text[count - 1])
            )
            if replacement != 0 { text.removeLast(2) }
        }
        if replacement == 0 && count >= 1 {
            replacement = table.replacement(for: key, first: 0, second: TableSymbol.symbol(for: text[count - 1]))
            if replacement != 0 { text.removeLast(1) }
        }
        if replacement == 0 { replacement = table.defaultReplacement(for: key) }
        while replacement != 0 {
            text.append(TableSymbol.scalar(for: UInt16(truncatingIfNeeded: replacement)))
            replacement >>= 16
        }

        if history.count == Self.undoDepth { history.removeFirst() }
        history.append(previous)

        // Commit what neither the table nor undoing this keystroke can change any more.
        endsWithLivePair = Self.endsWithLivePair(text, in: table)
        let stable = text.count - (endsWithLivePair ? 2 : 1)
        let committed = min(stable, text.commonPrefixCount(with: previous))
        var commit = ComposedText()
        if committed > 0 {
            commit = text.prefix(committed)
            text.removeFirst(committed)
            dropHistory(before: commit)
        }
        preedit = text
        return Response(commit: commit, preedit: text, consumed: true)
    }

    /// Undoes the last keystroke; with no keystroke to undo, removes the last scalar; with an empty preedit, declines.
    private mutating func backspace() -> Response {
        if let earlier = history.popLast() {
            preedit = earlier
        } else if !preedit.isEmpty {
            // The keystrokes that built this preedit were partly committed; fall back to one scalar.
            preedit.removeLast()
            if let last = preedit.last, let compatibility = Hangul.compatibility(ofConjoiningChoseong: last) {
                preedit.removeLast()
                preedit.append(compatibility.value)
            }
        } else {
            return Response(preedit: preedit, consumed: false)
        }
        endsWithLivePair = Self.endsWithLivePair(preedit, in: table)
        return Response(preedit: preedit, consumed: true)
    }

    /// Keeps the undo history consistent after `commit` left the preedit: states that began with
    /// the committed text lose it; older states, which the committed text changed, are forgotten.
    private mutating func dropHistory(before commit: ComposedText) {
        var index = history.count - 1
        while index >= 0 && history[index].hasPrefix(commit) {
            history[index].removeFirst(commit.count)
            index -= 1
        }
        if index >= 0 { history.removeFirst(index + 1) }
    }

    private static func endsWithLivePair(_ text: ComposedText, in table: TransitionTable) -> Bool {
        let count = text.count
        guard count >= 2 else { return false }
        return table.isLivePair(
            first: TableSymbol.symbol(for: text[count - 2]),
            second: TableSymbol.symbol(for: text[count - 1])
        )
    }
}

extension ComposedText {
    /// The last scalar, if any.
    var last: UInt32? { isEmpty ? nil : self[count - 1] }

    /// Whether any scalar is Hangul, i.e. a syllable is being composed (not just punctuation).
    var containsHangul: Bool {
        (0..<count).contains { Hangul.isHangul(self[$0]) }
    }
}
