import HwaljaCore

/// The lightest application a composer can type into, for tests that press millions of keys:
/// it applies each answer to its text and records nothing else (``HwaljaReplay/ReplayHost``
/// keeps every step).
package struct TypingHost: Sendable {
    /// The composer being driven.
    package private(set) var composer: Composer
    /// The application's text before the cursor, preedit excluded, as Unicode scalar values.
    package private(set) var committed: [UInt32] = []

    package init(table: TransitionTable = committedTable, options: Composer.Options = Composer.Options()) {
        composer = Composer(table: table, options: options)
    }

    /// Whether this application can take text back when asked (``Composer/Options/canRetract``).
    package var canRetract: Bool {
        get { composer.options.canRetract }
        set { composer.options.canRetract = newValue }
    }

    /// The retract count of the last answer.
    package private(set) var lastRetract = 0

    /// Presses `key` and applies the answer: deletes what it retracts, inserts the commit; a
    /// declined backspace deletes the last scalar.
    package mutating func press(_ key: Key) {
        let response = composer.press(key)
        precondition(response.retract <= committed.count, "retract \(response.retract) of \(committed.count) scalars")
        committed.removeLast(response.retract)
        lastRetract = response.retract
        for index in 0..<response.commit.count { committed.append(response.commit[index]) }
        if !response.consumed && key == .backspace && !committed.isEmpty { committed.removeLast() }
    }

    /// Whether the application's text with the preedit at the end is `scalars`.
    package func shows(_ scalars: [UInt32]) -> Bool {
        let preedit = composer.preedit
        guard committed.count + preedit.count == scalars.count else { return false }
        for (index, value) in committed.enumerated() where scalars[index] != value { return false }
        for index in 0..<preedit.count where scalars[committed.count + index] != preedit[index] { return false }
        return true
    }

    /// The application's text with the preedit shown at the end, as Unicode scalar values.
    package var scalars: [UInt32] {
        let preedit = composer.preedit
        return committed + (0..<preedit.count).map { preedit[$0] }
    }

    /// The application's text with the preedit shown at the end.
    package var text: String {
        var scalars = String.UnicodeScalarView()
        for value in committed { scalars.append(Unicode.Scalar(value)!) }
        scalars.append(contentsOf: composer.preedit.string.unicodeScalars)
        return String(scalars)
    }
}
