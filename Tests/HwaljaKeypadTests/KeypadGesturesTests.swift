import HwaljaKeypad
import Testing

/// The keypad's buttons' events as presses and releases, without a display: what a tap, a quick
/// second tap, a flick up and a screen reader's click each type.
struct KeypadGesturesTests {
    typealias Gestures = KeypadGestures<String>

    /// The steps of `events`, in order.
    static func steps(_ events: [Gestures.Event]) -> [Gestures.Step] {
        var gestures = Gestures()
        return events.flatMap { gestures.handle($0) }
    }

    @Test func aTapIsOnePressAndOneReleaseAndTheToolkitsActivationAfterItIsLetGo() {
        #expect(
            Self.steps([
                .pressed("ㄱㅋ", y: 700, clickCount: 1), .released("ㄱㅋ", y: 702, onButton: true), .activated("ㄱㅋ")
            ]) == [.down("ㄱㅋ"), .up("ㄱㅋ", flickedUp: false)])
    }

    @Test func aQuickSecondTapIsASecondPressNotThreeOfThem() {
        // GDK: press, release, "clicked"; press, 2BUTTON_PRESS, release, "clicked".
        let tap: [Gestures.Event] = [.pressed("ㅇㅁ", y: 700, clickCount: 1)]
        let events =
            tap + [.released("ㅇㅁ", y: 700, onButton: true), .activated("ㅇㅁ")] + tap
            + [.pressed("ㅇㅁ", y: 700, clickCount: 2), .released("ㅇㅁ", y: 700, onButton: true), .activated("ㅇㅁ")]
        #expect(
            Self.steps(events) == [.down("ㅇㅁ"), .up("ㅇㅁ", flickedUp: false), .down("ㅇㅁ"), .up("ㅇㅁ", flickedUp: false)])
    }

    @Test func aReleaseFlickDistanceAboveThePressIsAFlickUp() {
        let distance = Gestures.flickDistance
        #expect(
            Self.steps([.pressed("ㄴㄹ", y: 700, clickCount: 1), .released("ㄴㄹ", y: 700 - distance + 1, onButton: true)])
                == [.down("ㄴㄹ"), .up("ㄴㄹ", flickedUp: false)])
        #expect(
            Self.steps([.pressed("ㄴㄹ", y: 700, clickCount: 1), .released("ㄴㄹ", y: 700 - distance, onButton: false)])
                == [.down("ㄴㄹ"), .up("ㄴㄹ", flickedUp: true)])
    }

    @Test func aClickWithoutThePointerIsAWholeTapAlsoAfterAFlickBesideTheButton() {
        #expect(Self.steps([.activated("띄어쓰기")]) == [.down("띄어쓰기"), .up("띄어쓰기", flickedUp: false)])
        // Up beside the key (a flick): no activation follows, so a screen reader's next click types.
        #expect(
            Self.steps([
                .pressed("ㄴㄹ", y: 700, clickCount: 1), .released("ㄴㄹ", y: 640, onButton: false), .activated("ㄴㄹ")
            ]) == [.down("ㄴㄹ"), .up("ㄴㄹ", flickedUp: true), .down("ㄴㄹ"), .up("ㄴㄹ", flickedUp: false)])
        // The activation let go is only that of the button the pointer came up on.
        #expect(
            Self.steps([
                .pressed("ㄱㅋ", y: 700, clickCount: 1), .released("ㄱㅋ", y: 700, onButton: true), .activated("ㅣ")
            ]) == [.down("ㄱㅋ"), .up("ㄱㅋ", flickedUp: false), .down("ㅣ"), .up("ㅣ", flickedUp: false)])
    }

    /// The space bar, as on phones: a drag along it moves the cursor a character per
    /// ``KeypadGestures/cursorStep`` pixels, and types no space; undragged, it types when it
    /// comes up.
    @Test func aDragAlongTheSpaceBarMovesTheCursorAndTypesNoSpace() {
        let step = Gestures.cursorStep
        var gestures = Gestures { $0 == "띄어쓰기" }
        func steps(_ events: [Gestures.Event]) -> [Gestures.Step] { events.flatMap { gestures.handle($0) } }
        #expect(steps([.pressed("띄어쓰기", x: 300, y: 700, clickCount: 1)]) == [])
        #expect(steps([.moved("띄어쓰기", x: 300 + step - 1)]) == [])  // a finger's wobble: nothing yet
        #expect(steps([.moved("띄어쓰기", x: 300 + step * 2.5)]) == [.moveCursor(.right), .moveCursor(.right)])
        #expect(steps([.moved("띄어쓰기", x: 300 - step)]) == [.moveCursor(.left), .moveCursor(.left), .moveCursor(.left)])
        #expect(steps([.released("띄어쓰기", y: 700, onButton: true), .activated("띄어쓰기")]) == [])
        // Undragged, it is a tap, typed when it comes up; wobbling less than a step is undragged.
        #expect(
            steps([
                .pressed("띄어쓰기", x: 300, y: 700, clickCount: 1), .moved("띄어쓰기", x: 310),
                .released("띄어쓰기", y: 700, onButton: true), .activated("띄어쓰기")
            ]) == [.down("띄어쓰기"), .up("띄어쓰기", flickedUp: false)])
        // Another key dragged sideways is still typed on the way down.
        #expect(
            steps([
                .pressed("ㄱㅋ", x: 100, y: 700, clickCount: 1), .moved("ㄱㅋ", x: 200),
                .released("ㄱㅋ", y: 700, onButton: false)
            ]) == [.down("ㄱㅋ"), .up("ㄱㅋ", flickedUp: false)])
    }
}
