import HwaljaCore
import HwaljaReplay
import HwaljaTyping

/// A keystroke log played in process, the application played too: what `hwalja-replay` runs. It
/// types through the same key-name session as hwaljad's `org.hwalja.Context1` contexts, its
/// timers run by the session's ``TypingContext`` as every frontend's are, so a log types and
/// holds exactly what a client would; with word suggestions (`--suggestions N`) the trace shows
/// them and the log can pick one (`PICK n`). It learns nothing.
package struct SessionReplay {
    /// The session typed into.
    package private(set) var session: InputSession
    /// Everything the application holds so far, preedit excluded.
    package var committed: String { application.text }
    private var application = ApplicationText()
    /// Whether ``play(_:)`` returns trace lines; without, it returns none and spends nothing on them.
    package var traces: Bool

    /// Typing with `typing`, suggesting from `suggestions` if given (whose learned words it never
    /// changes); `traces`: ``play(_:)`` returns the trace's lines.
    package init(typing: TypingContext, suggestions: WordSuggestions? = nil, traces: Bool = true) {
        session = InputSession(typing: typing, keymap: .phone, onFocusLoss: .sessionCommits)
        session.wordSuggestions = suggestions
        self.traces = traces
    }

    /// The application's text with the preedit shown at the end.
    package var text: String { committed + session.typing.preedit }

    /// Plays one event: a tap, a timed key (its timers run up to its time first), or a pick.
    /// Returns, with ``traces``, one trace line per change: the event, what it took back,
    /// committed and shows, and the suggestions shown after it; without, none.
    package mutating func play(_ event: KeystrokeLog.Event) -> [String] {
        var lines: [String] = []
        switch event {
        case .tap(let key):
            lines += apply(session.typing.tap(key, at: 0), as: key.name)
        case .down(let key, let time):
            lines += advance(to: time)
            lines += apply(session.typing.keyDown(key, at: time), as: "down \(key.name)")
        case .up(let key, let time):
            lines += advance(to: time)
            lines += apply(session.typing.keyUp(key, at: time), as: "up \(key.name)")
        case .pick(let index):
            guard let outcome = session.pickSuggestion(index) else {
                return ["PICK \(index + 1)\tnot shown: nothing picked"]
            }
            lines += apply(outcome, as: "PICK \(index + 1)")
        }
        return lines
    }

    /// Runs the timers up to `time`: a step for each thing they did.
    private mutating func advance(to time: Int) -> [String] {
        guard let deadline = session.typing.deadline, deadline <= time else { return [] }
        return apply(session.typing.advance(to: time), as: "timer")
    }

    /// Applies `outcome` to the application as a client does; returns its trace line, if tracing.
    private mutating func apply(_ outcome: TypingContext.Outcome, as name: @autoclosure () -> String) -> [String] {
        outcome.forEachEdit { edit in
            switch edit {
            case .delete(let count): application.deleteScalars(count)
            case .insert(let text): application.insert(text)
            case .key(let key): application.applyDeclined(key)
            }
        }
        _ = session.suggestionsUpdate()
        guard traces else { return [] }
        let retract = outcome.retract > 0 ? "\tretract \(outcome.retract)" : ""
        let passed = outcome.consumed ? "" : "\tpassed to host"
        let shown =
            session.suggestions.isEmpty
            ? "" : "\tsuggest " + session.suggestions.map { "\"\($0.text)\"" }.joined(separator: " ")
        return ["\(name())\(retract)\tcommit \"\(outcome.commit)\"\tpreedit \"\(outcome.preedit)\"\(passed)\(shown)"]
    }
}
