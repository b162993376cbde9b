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
package struct KeypadGestures<Button: Hashable> {
    /// One thing the view saw.
    package enum Event {
        /// The pointer went down on `button` at height `y` on the screen; `clickCount` 1 for a
        /// press, 2 or 3 for the toolkit's double- and triple-click presses of the same touch.
        case pressed(Button, y: Double, clickCount: Int)
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
    }

    /// How far up, in pixels, a key must be dragged before it comes up to count as a flick.
    package static var flickDistance: Double { 30 }

    /// Where the key now held went down (its y on the screen).
    private var downAt: Double?
    /// The button the pointer last came up on, until its activation (none if it came up beside it).
    private var releasedOn: Button?

    package init() {}

    /// The steps `event` makes, in order.
    package mutating func handle(_ event: Event) -> [Step] {
        switch event {
        case .pressed(let button, let y, let clickCount):
            guard clickCount == 1 else { return [] }
            releasedOn = nil
            downAt = y
            return [.down(button)]
        case .released(let button, let y, let onButton):
            releasedOn = onButton ? button : nil
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
            return [.down(button), .up(button, flickedUp: false)]
        }
    }
}
