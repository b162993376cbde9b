import HwaljaCore
import HwaljaReplay

/// A composer plus the application it types into, driven directly (its long presses by a
/// ``HoldTimer`` it holds): the harness the core's tests type through, with no session around
/// the composer. (`hwalja-replay` plays logs through a session, `SessionReplay`.)
///
/// The host does what an application does with the composer's answers: it deletes the scalars a
/// response retracts, inserts commits, shows the preedit, deletes the character before the cursor
/// for a backspace the composer declined and inserts a newline for a declined return.
package struct ReplayHost: Sendable {
    /// One applied action and what it did.
    package struct Step: Sendable, Equatable, CustomStringConvertible {
        /// The action applied.
        package var action: HoldTimer.Action
        /// The composer's answer.
        package var response: Composer.Response

        package var description: String {
            let name: String
            switch action {
            case .press(let key): name = key.name
            case .typeDigit(let key), .typeDigitInstead(let key): name = "hold \(key.name)"
            case .erase: name = "held BS"
            }
            let retract = response.retract > 0 ? "\tretract \(response.retract)" : ""
            return
                "\(name)\(retract)\tcommit \"\(response.commit)\"\tpreedit \"\(response.preedit)\"\(response.consumed ? "" : "\tpassed to host")"
        }
    }

    /// The composer being driven.
    package private(set) var composer: Composer
    /// Everything the application holds so far, preedit excluded.
    package var committed: String { application.text }
    private var application = ApplicationText()
    /// Every action applied, in order, while ``keepsSteps``.
    package private(set) var steps: [Step] = []
    /// Whether ``steps`` keeps every step; a test of a long log keeps none, so that its memory does
    /// not grow with the log.
    package var keepsSteps = true

    package init(composer: Composer) {
        self.composer = composer
    }

    /// The application's text with the preedit shown at the end.
    package var text: String { committed + composer.preedit.string }

    /// Applies one action to the composer and the application.
    package mutating func apply(_ action: HoldTimer.Action) {
        let response = composer.perform(action)
        application.deleteScalars(response.retract)
        application.insert(response.commit.string)
        if !response.consumed, let key = action.hostKey { application.applyDeclined(key) }
        let step = Step(action: action, response: response)
        if keepsSteps { steps.append(step) }
    }

    /// Plays a whole log: taps directly, timed events through a ``HoldTimer`` on the log's own clock
    /// (its long presses on the keys of the composer's layout).
    package mutating func play(_ log: KeystrokeLog, timing: HoldTimer.Settings = HoldTimer.Settings()) {
        var timer = HoldTimer(settings: timing)
        for event in log.events { play(event, timer: &timer) }
    }

    /// Plays one event of a log, timed events through `timer`.
    /// The timer's long presses type the digits of the composer's layout.
    package mutating func play(_ event: KeystrokeLog.Event, timer: inout HoldTimer) {
        timer.layout = composer.table.keyboard
        switch event {
        case .tap(let key):
            apply(.press(key))
        case .down(let key, let time):
            timer.advance(to: time).forEach { apply($0) }
            timer.keyDown(key, at: time).forEach { apply($0) }
        case .up(let key, let time):
            timer.advance(to: time).forEach { apply($0) }
            timer.keyUp(key, at: time).forEach { apply($0) }
        case .pick:
            break  // a composer alone has no suggestions
        }
    }
}
