/// What a client's reports of its text tell about a reset, for a client that shows the preedit in
/// IBus's commit mode: whether the client committed the preedit itself just before resetting,
/// and whether it then got it a second time.
///
/// Seen with ibus 1.5.27 on a click while a syllable is composing: GTK 3's IBus module and Qt
/// commit the preedit themselves, report their text (the syllable now before the cursor) and
/// reset; GTK 4's module only resets. Qt does not say it commits its own preedit
/// (ClientCommitPreedit), so ibus-daemon commits it again on the reset, at the cursor as the click
/// left it, and Qt's next report shows the syllable there too.
struct ResetWitness: Sendable {
    /// One report: the text and the cursor in it, in Unicode scalars; a text longer than
    /// ``longest`` keeps only the ``kept`` scalars before the cursor.
    struct Report: Sendable {
        var text: [Unicode.Scalar]
        var cursor: Int
        var isWhole: Bool

        init(text: some Collection<Unicode.Scalar>, cursor: Int) {
            let cursor = min(max(0, cursor), text.count)
            isWhole = text.count <= ResetWitness.longest
            if isWhole {
                self.text = Array(text)
                self.cursor = cursor
            } else {
                self.text = Array(text.prefix(cursor).suffix(ResetWitness.kept))
                self.cursor = self.text.count
            }
        }

        /// The last ``kept`` scalars before the cursor.
        var beforeCursor: ArraySlice<Unicode.Scalar> { text[..<cursor].suffix(ResetWitness.kept) }
    }

    /// How many scalars before the cursor tell whether a syllable arrived there.
    static let kept = 64
    /// How many earlier preedits of a syllable are kept (``Reports/earlierPreedits``).
    static let earlierKept = 4

    /// What a reset found the client had done with the preedit.
    enum ResetFinding: Equatable {
        /// Nothing its reports show.
        case nothingSeen
        /// It committed the preedit shown.
        case committed
        /// It committed a preedit shown before the current one, of this many scalars: the update
        /// to the current one had not reached it (GTK 3 handles a click before the key's
        /// preedit update waiting in its queue, and commits what it still shows).
        case committedStale(count: Int)
    }
    /// The longest text kept whole, to find a second copy anywhere in it.
    static let longest = 4096

    /// What the reports told so far, kept out of line and made at the first report: a context
    /// whose client never reports its text (key names, most on-screen keyboards) keeps 8 bytes.
    private final class Reports: @unchecked Sendable {  // changed only through `changing`, unshared first
        var latest: Report?
        var previous: Report?
        /// Whether ``latest`` came after the last key event.
        var reportedSinceKey = false
        /// After a reset the client committed: its report then, and the syllable.
        var watched: (report: Report, syllable: [Unicode.Scalar])?
        /// The preedits shown since the syllable began, before the current one (at most
        /// ``ResetWitness/earlierKept``, the latest last): a client may not have been shown the
        /// latest yet when it resets.
        var earlierPreedits: [[Unicode.Scalar]] = []
        var currentPreedit: [Unicode.Scalar] = []

        func copy() -> Reports {
            let copy = Reports()
            (copy.latest, copy.previous, copy.reportedSinceKey, copy.watched) = (
                latest, previous, reportedSinceKey, watched
            )
            (copy.earlierPreedits, copy.currentPreedit) = (earlierPreedits, currentPreedit)
            return copy
        }
    }

    private var reports: Reports?

    /// The reports, to change: made now if there were none, copied first if another copy of the
    /// witness shares them (it is a value).
    private var changing: Reports {
        mutating get {
            if reports == nil {
                reports = Reports()
            } else if !isKnownUniquelyReferenced(&reports!) {
                reports = reports!.copy()
            }
            return reports!
        }
    }

    private var latest: Report? { reports?.latest }
    private var previous: Report? { reports?.previous }
    private var reportedSinceKey: Bool { reports?.reportedSinceKey ?? false }
    private var watched: (report: Report, syllable: [Unicode.Scalar])? { reports?.watched }

    /// A key event: reports from before it say nothing about a reset after it.
    mutating func keyEvent() {
        guard reports != nil else { return }
        let reports = changing
        reports.reportedSinceKey = false
        reports.watched = nil
    }

    /// The client's report of its text; returns how many scalars just before the cursor are a
    /// second copy of a syllable the client committed on a reset (0: none).
    mutating func report(_ report: Report) -> Int {
        let reports = changing
        reports.previous = reports.latest
        reports.latest = report
        reports.reportedSinceKey = true
        guard let watching = reports.watched else { return 0 }
        // The click may move the cursor first (Qt reports that too): watch on until the text changes.
        if report.isWhole, watching.report.isWhole, report.text == watching.report.text { return 0 }
        reports.watched = nil
        return Self.report(report, is: watching.report, withCopyBeforeCursor: watching.syllable)
            ? watching.syllable.count : 0
    }

    /// The preedit now shown (called for every change): an empty one ends the syllable. Kept only
    /// for a client that reported its text or said it will (`clientReports`): GTK 3 may report
    /// its text for the first time only when it commits a preedit on a click.
    mutating func showed(preedit: String, clientReports: Bool) {
        guard reports != nil || clientReports else { return }  // a client that never reports keeps nothing
        let syllable = Array(preedit.unicodeScalars)
        guard syllable != (reports?.currentPreedit ?? []) else { return }
        let changing = self.changing
        if syllable.isEmpty {
            changing.earlierPreedits.removeAll()
        } else if !changing.currentPreedit.isEmpty {
            changing.earlierPreedits.append(changing.currentPreedit)
            if changing.earlierPreedits.count > Self.earlierKept { changing.earlierPreedits.removeFirst() }
        }
        changing.currentPreedit = syllable
    }

    /// The client reset while `preedit` showed: whether a report since the last key shows the
    /// client committed it (the text before the cursor grew by it), or an earlier preedit of the
    /// same syllable (``ResetFinding/committedStale(count:)``).
    mutating func reset(preedit: String) -> ResetFinding {
        let syllable = Array(preedit.unicodeScalars)
        guard reportedSinceKey, let latest else { return .nothingSeen }
        let before = previous?.beforeCursor ?? []
        if Self.text(latest.beforeCursor, is: before, followedBy: syllable) {
            changing.watched = (latest, syllable)
            return .committed
        }
        let earlier = reports?.earlierPreedits ?? []
        if let stale = earlier.last(where: { Self.text(latest.beforeCursor, is: before, followedBy: $0) }) {
            return .committedStale(count: stale.count)
        }
        return .nothingSeen
    }

    /// Forgets every report (focus lost, a secret field).
    mutating func forget() {
        self = ResetWitness()
    }

    /// Whether `text` is `before` with `piece` appended, both possibly cut to their last ``kept`` scalars.
    static func text(
        _ text: ArraySlice<Unicode.Scalar>, is before: ArraySlice<Unicode.Scalar>, followedBy piece: [Unicode.Scalar]
    ) -> Bool {
        guard !piece.isEmpty, text.count >= piece.count, text.suffix(piece.count).elementsEqual(piece) else {
            return false
        }
        let rest = text.dropLast(piece.count)
        // A text shorter than the cut is whole: `before` must be exactly the rest.
        guard text.count == kept else { return rest.elementsEqual(before) }
        return before.count >= rest.count && before.suffix(rest.count).elementsEqual(rest)
    }

    /// Whether `report` is `earlier`'s text with `piece` inserted just before the cursor, wherever
    /// the cursor went.
    static func report(_ report: Report, is earlier: Report, withCopyBeforeCursor piece: [Unicode.Scalar]) -> Bool {
        guard report.isWhole, earlier.isWhole, !piece.isEmpty, report.cursor >= piece.count,
            report.text.count == earlier.text.count + piece.count
        else { return false }
        let start = report.cursor - piece.count
        return report.text[start..<report.cursor].elementsEqual(piece)
            && report.text[..<start].elementsEqual(earlier.text[..<start])
            && report.text[report.cursor...].elementsEqual(earlier.text[start...])
    }
}
