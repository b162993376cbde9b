/// What the pointer, a screen reader and switch access do to the keypad's buttons, turned into
/// key presses and releases: pure, as ``HoldTimer`` is, so that the view only forwards its
/// toolkit's events and applies the steps.
///
/// - A quick second tap comes as a press and then the toolkit's double-click press for the same
///   touch (GDK's `2BUTTON_PRESS`, a third's `3BUTTON_PRESS`): only the first is a press.
/// - A release at least ``flickDistance`` above where the key went down is a flick up (its
///   digit, as a long press gives).
/// - A button activated without the pointer (AT-SPI's "click" action, a keyboard) is a whole tap.
///   After a tap with the pointer the toolkit activates the button too ("clicked"): that one is
///   let go, since the key was typed already. A release beside the button (a flick) is followed
///   by no activation, so the next one of that button is a tap of its own.
/// - A button that moves the cursor when dragged (the space bar, as on phones) acts when it comes
///   up, as a tap, unless it was dragged sideways meanwhile: then each ``cursorStep`` pixels of the
///   drag moves the cursor a character that way, and its coming up does nothing more.
package struct KeypadGestures<Button: Hashable> {
    /// One thing the view saw.
    package enum Event {
        /// The pointer went down on `button` at `x`, `y` on the screen; `clickCount` 1 for a
        /// press, 2 or 3 for the toolkit's double- and triple-click presses of the same touch.
        case pressed(Button, x: Double = 0, y: Double, clickCount: Int)
        /// The pointer, held down since it went down on `button`, moved to `x` on the screen.
        case moved(Button, x: Double)
        /// The pointer came up from `button` at height `y`, `onButton` if it was still over it.
        case released(Button, y: Double, onButton: Bool)
        /// The button was activated ("clicked").
        case activated(Button)
    }

    /// What the keypad does.
    package enum Step: Equatable {
        /// The button's key goes down.
        case down(Button)
        /// The button's key comes up; `flickedUp` if it was dragged up to come up.
        case up(Button, flickedUp: Bool)
        /// The cursor moves a character (``KeypadKey/ApplicationKey/left`` or `right`).
        case moveCursor(KeypadKey.ApplicationKey)
    }

    /// How far up, in pixels, a key must be dragged before it comes up to count as a flick.
    package static var flickDistance: Double { 30 }
    /// How far sideways, in pixels, a drag along the space bar goes for each character the cursor
    /// moves.
    package static var cursorStep: Double { 20 }

    /// Where the key now held went down (its y on the screen).
    private var downAt: Double?
    /// The button the pointer last came up on, until its activation (none if it came up beside it).
    private var releasedOn: Button?
    /// Which buttons move the cursor when dragged.
    private let movesCursor: (Button) -> Bool
    /// The button held that moves the cursor when dragged: where the cursor last moved (its x on
    /// the screen), and whether it moved.
    private var drag: (button: Button, x: Double, moved: Bool)?

    /// `movesCursor` says which buttons move the cursor when dragged (``KeypadKey/movesCursorWhenDragged``).
    package init(movesCursor: @escaping (Button) -> Bool = { _ in false }) {
        self.movesCursor = movesCursor
    }

    /// The steps `event` makes, in order.
    package mutating func handle(_ event: Event) -> [Step] {
        switch event {
        case .pressed(let button, let x, let y, let clickCount):
            guard clickCount == 1 else { return [] }
            releasedOn = nil
            downAt = y
            guard !movesCursor(button) else {
                drag = (button, x, false)
                return []
            }
            drag = nil
            return [.down(button)]
        case .moved(let button, let x):
            guard var held = drag, held.button == button else { return [] }
            var steps: [Step] = []
            while x - held.x >= Self.cursorStep {
                held.x += Self.cursorStep
                steps.append(.moveCursor(.right))
            }
            while held.x - x >= Self.cursorStep {
                held.x -= Self.cursorStep
                steps.append(.moveCursor(.left))
            }
            held.moved = held.moved || !steps.isEmpty
            drag = held
            return steps
        case .released(let button, let y, let onButton):
            releasedOn = onButton ? button : nil
            if let held = drag, held.button == button {
                drag = nil
                downAt = nil
                return held.moved ? [] : [.down(button), .up(button, flickedUp: false)]
            }
            let flicked = downAt.map { $0 - y >= Self.flickDistance } ?? false
            downAt = nil
            return [.up(button, flickedUp: flicked)]
        case .activated(let button):
            guard releasedOn != button else {
                releasedOn = nil
                return []
            }
            releasedOn = nil
            downAt = nil
            drag = nil
            return [.down(button), .up(button, flickedUp: false)]
        }
    }
}
