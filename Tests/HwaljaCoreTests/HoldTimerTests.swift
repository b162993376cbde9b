import HwaljaCore
import Testing

/// Long press, backspace repeat and auto-next on a virtual clock: no sleeping.
struct HoldTimerTests {
    /// Letters on release (`letters-on = release`), for whoever prefers it.
    static let onRelease = HoldTimer.Settings(lettersOnPress: false)

    @Test func aLetterTypesWhenItsKeyGoesDown() {
        var timer = HoldTimer()
        #expect(timer.keyDown(.giyeokKieuk, at: 0) == [.press(.giyeokKieuk)])
        #expect(timer.deadline == 500)
        #expect(timer.advance(to: 120) == [])
        #expect(timer.keyUp(.giyeokKieuk, at: 120) == [])
        #expect(timer.deadline == nil)
    }

    @Test func withLettersOnReleaseAShortPressIsATapOnRelease() {
        var timer = HoldTimer(settings: Self.onRelease)
        #expect(timer.keyDown(.giyeokKieuk, at: 0) == [])
        #expect(timer.deadline == 500)
        #expect(timer.advance(to: 120) == [])
        #expect(timer.keyUp(.giyeokKieuk, at: 120) == [.press(.giyeokKieuk)])
        #expect(timer.deadline == nil)
    }

    @Test(arguments: [(true, HoldTimer.Action.typeDigitInstead(.bieupPieup)), (false, .typeDigit(.bieupPieup))])
    func aLongPressTypesTheDigitAndTheReleaseDoesNothing(lettersOnPress: Bool, digit: HoldTimer.Action) {
        var timer = HoldTimer(settings: .init(lettersOnPress: lettersOnPress))
        _ = timer.keyDown(.bieupPieup, at: 1000)
        #expect(timer.advance(to: 1499) == [])
        #expect(timer.advance(to: 1500) == [digit])
        #expect(timer.advance(to: 3000) == [])
        #expect(timer.keyUp(.bieupPieup, at: 3000) == [])
    }

    @Test(arguments: [(true, HoldTimer.Action.typeDigitInstead(.bieupPieup)), (false, .typeDigit(.bieupPieup))])
    func aFlickUpTypesTheDigitAtOnceAsALongPress(lettersOnPress: Bool, digit: HoldTimer.Action) {
        var timer = HoldTimer(settings: .init(lettersOnPress: lettersOnPress))
        _ = timer.keyDown(.bieupPieup, at: 1000)
        #expect(timer.keyUpLongPressed(.bieupPieup, at: 1080) == [digit])
        #expect(timer.deadline == nil)
        #expect(timer.advance(to: 3000) == [], "the long press does not come again")
    }

    @Test func aFlickAfterTheLongPressOrOnAKeyNotHeldOrOnBackspaceIsAPlainRelease() {
        var timer = HoldTimer()
        _ = timer.keyDown(.bieupPieup, at: 0)
        #expect(timer.advance(to: 500) == [.typeDigitInstead(.bieupPieup)])
        #expect(timer.keyUpLongPressed(.bieupPieup, at: 600) == [], "the digit is typed once")
        #expect(timer.keyUpLongPressed(.in, at: 700) == [])
        #expect(timer.keyDown(.backspace, at: 800) == [.press(.backspace)])
        #expect(timer.keyUpLongPressed(.backspace, at: 850) == [])
        #expect(timer.advance(to: 5000) == [], "the backspace no longer repeats")
    }

    @Test func heldBackspaceDeletesOnceThenRepeatsUntilReleased() {
        var timer = HoldTimer(settings: .init(longPress: 500, repeatInterval: 100))
        #expect(timer.keyDown(.backspace, at: 0) == [.press(.backspace)])
        #expect(timer.advance(to: 499) == [])
        #expect(timer.advance(to: 750) == Array(repeating: .erase, count: 3))  // 500, 600, 700: each erases a character
        #expect(timer.keyUp(.backspace, at: 780) == [])
        #expect(timer.advance(to: 5000) == [])
    }

    /// X's auto-repeat, as XIM clients and Qt 6 pass it on: a release and a press of the held key
    /// at once, every 40 ms after 660 ms (X's default), `gap` ms apart on the way here.
    static func xRepeats(_ key: Key, on timer: inout HoldTimer, from start: Int = 660, to end: Int, gap: Int = 2)
        -> [HoldTimer.Action]
    {
        var actions: [HoldTimer.Action] = []
        for time in stride(from: start, to: end, by: 40) {
            actions += timer.advance(to: time) + timer.keyUp(key, at: time)
            actions += timer.advance(to: time + gap) + timer.keyDown(key, at: time + gap)
        }
        return actions
    }

    /// A timer that guesses repeats by their timing, as for IBus's Qt 6 and XIM clients.
    static func guessing(_ settings: HoldTimer.Settings = .init()) -> HoldTimer {
        var timer = HoldTimer(settings: settings)
        timer.guessesRepeats = true
        return timer
    }

    @Test(arguments: [0, HoldTimer.autoRepeatGap])
    func xsReleaseAndPressOfAHeldLetterKeyGoOnHoldingIt(gap: Int) {
        var timer = Self.guessing()
        #expect(timer.keyDown(.giyeokKieuk, at: 0) == [.press(.giyeokKieuk)])
        #expect(timer.advance(to: 500) == [.typeDigitInstead(.giyeokKieuk)])
        #expect(Self.xRepeats(.giyeokKieuk, on: &timer, to: 1000, gap: gap) == [], "4 once: never ㄱ ㅋ ㄲ after it")
        #expect(timer.keyUp(.giyeokKieuk, at: 1100) == [])
        #expect(timer.advance(to: 5000) == [])
        #expect(timer.keyDown(.giyeokKieuk, at: 5000) == [.press(.giyeokKieuk)], "a press later is a new one")
    }

    @Test func aRepeatThatStartsBeforeTheLongPressStillEndsInTheDigit() {
        // A desktop repeating keys after 250 ms: the long press comes at 500 ms all the same.
        var timer = Self.guessing()
        #expect(timer.keyDown(.in, at: 0) == [.press(.in)])
        #expect(Self.xRepeats(.in, on: &timer, from: 250, to: 500) == [])
        #expect(timer.advance(to: 520) == [.typeDigitInstead(.in)])
        #expect(Self.xRepeats(.in, on: &timer, from: 530, to: 900) == [])
    }

    @Test func xsRepeatOfAHeldBackspaceLeavesTheRepeatToItsOwnClock() {
        var timer = Self.guessing(.init(longPress: 500, repeatInterval: 100))
        #expect(timer.keyDown(.backspace, at: 0) == [.press(.backspace)])
        let actions = timer.advance(to: 650) + Self.xRepeats(.backspace, on: &timer, to: 1000) + timer.advance(to: 1000)
        #expect(
            actions == Array(repeating: .erase, count: 6),
            "500, 600 … 1000: once each, never a press (an undo) per repeat")
        #expect(timer.keyUp(.backspace, at: 1010) == [])
        #expect(timer.advance(to: 5000) == [])
    }

    @Test func quickTapsOfOneKeyAreNeverARepeat() {
        // 천지인 taps one key again and again (ㄱ ㅋ ㄲ), fast: a short hold is a tap however soon
        // the next press comes, and a long hold is let go if the next press comes later than X repeats.
        var timer = Self.guessing()
        var actions: [HoldTimer.Action] = []
        for start in stride(from: 0, to: 300, by: 60) {
            actions += timer.keyDown(.giyeokKieuk, at: start) + timer.keyUp(.giyeokKieuk, at: start + 55)
        }
        #expect(actions == Array(repeating: .press(.giyeokKieuk), count: 5))
        _ = timer.keyDown(.giyeokKieuk, at: 1000)
        #expect(timer.keyUp(.giyeokKieuk, at: 1400) == [])
        #expect(timer.keyDown(.giyeokKieuk, at: 1401 + HoldTimer.autoRepeatGap) == [.press(.giyeokKieuk)])
    }

    @Test func aRepeatTheFrontendKnowsResumesTheHoldWhateverItsTiming() {
        // fcitx5 gives each event the client's time: X stamps its repeat's release and press alike.
        var timer = HoldTimer()
        _ = timer.keyDown(.giyeokKieuk, at: 0)
        #expect(timer.advance(to: 500) == [.typeDigitInstead(.giyeokKieuk)])
        #expect(timer.keyUp(.giyeokKieuk, at: 700) == [])
        #expect(
            timer.keyDown(.giyeokKieuk, at: 950, repeating: true) == [], "late on the way here, a repeat all the same")
        #expect(timer.keyUp(.giyeokKieuk, at: 960) == [])
        #expect(
            timer.keyDown(.giyeokKieuk, at: 961, repeating: false) == [.press(.giyeokKieuk)], "soon, but a new press")
    }

    @Test func withoutGuessingAQuickPressAfterALongHoldIsANewOne() {
        // GTK asks X for detectable auto-repeat: a release is a release. A busy application may
        // pass a quick double tap on late and bunched (held 250 ms, pressed again 1 ms later).
        var timer = HoldTimer()
        #expect(timer.keyDown(.cheon, at: 0) == [.press(.cheon)])
        #expect(timer.keyUp(.cheon, at: 250) == [])
        #expect(timer.keyDown(.cheon, at: 251) == [.press(.cheon)])
    }

    @Test func anotherKeyBetweenReleaseAndPressEndsTheHold() {
        var timer = Self.guessing()
        _ = timer.keyDown(.giyeokKieuk, at: 0)
        _ = timer.advance(to: 500)
        #expect(timer.keyUp(.giyeokKieuk, at: 700) == [])
        #expect(timer.keyDown(.in, at: 701) == [.press(.in)])
        #expect(timer.keyUp(.in, at: 702) == [])
        #expect(timer.keyDown(.giyeokKieuk, at: 703) == [.press(.giyeokKieuk)])
    }

    @Test func withLettersOnReleaseAReleaseThatTypedTheLetterIsNotResumed() {
        var timer = Self.guessing(Self.onRelease)
        _ = timer.keyDown(.giyeokKieuk, at: 0)
        #expect(timer.keyUp(.giyeokKieuk, at: 300) == [.press(.giyeokKieuk)])
        #expect(timer.keyDown(.giyeokKieuk, at: 301) == [])
        #expect(
            timer.keyUp(.giyeokKieuk, at: 350) == [.press(.giyeokKieuk)], "its own tap, never the first one's digit")
    }

    @Test func controlKeysActOnPress() {
        var timer = HoldTimer()
        #expect(timer.keyDown(.next, at: 0) == [.press(.next)])
        #expect(timer.keyUp(.next, at: 900) == [])
        #expect(timer.keyDown(.punctuation, at: 1000) == [.press(.punctuation)])
        #expect(timer.deadline == nil)
    }

    @Test func aSecondKeyReleasesTheFirst() {
        var timer = HoldTimer()
        #expect(timer.keyDown(.in, at: 0) == [.press(.in)])
        #expect(timer.keyDown(.cheon, at: 50) == [.press(.cheon)])
        #expect(timer.keyUp(.in, at: 60) == [])
        #expect(timer.keyUp(.cheon, at: 70) == [])
        #expect(timer.advance(to: 5000) == [])  // the first key's long press went with it

        var onRelease = HoldTimer(settings: Self.onRelease)
        _ = onRelease.keyDown(.in, at: 0)
        #expect(onRelease.keyDown(.cheon, at: 50) == [.press(.in)])
        #expect(onRelease.keyUp(.in, at: 60) == [])
        #expect(onRelease.keyUp(.cheon, at: 70) == [.press(.cheon)])
    }

    @Test func onlyALetterKeysReleaseWithLettersOnReleaseTypes() {
        #expect(!HoldTimer().releaseTypes(.giyeokKieuk))
        #expect(HoldTimer(settings: Self.onRelease).releaseTypes(.giyeokKieuk))
        #expect(!HoldTimer(settings: Self.onRelease).releaseTypes(.backspace))
        #expect(!HoldTimer(settings: Self.onRelease).releaseTypes(.next))
    }

    @Test func autoNextEndsTheSyllableAfterIdleTimeOnlyWhenAsked() {
        var off = HoldTimer()
        _ = off.keyDown(.in, at: 0)
        _ = off.keyUp(.in, at: 50)
        #expect(off.advance(to: 100_000) == [])

        var on = HoldTimer(settings: .init(autoNext: 800))
        _ = on.keyDown(.in, at: 0)
        _ = on.keyUp(.in, at: 50)
        #expect(on.deadline == 850)
        #expect(on.advance(to: 849) == [])
        #expect(on.advance(to: 900) == [.press(.next)])
        #expect(on.advance(to: 5000) == [])
    }

    @Test func cancelForgetsEverything() {
        var timer = HoldTimer(settings: .init(autoNext: 800))
        _ = timer.keyDown(.backspace, at: 0)
        timer.cancel()
        #expect(timer.deadline == nil)
        #expect(timer.advance(to: 10_000) == [])
        #expect(timer.keyUp(.backspace, at: 10_000) == [])
    }

    @Test func timesNearTheEndOfIntNeverTrapAndDeadlinesPastItNeverCome() {
        // A deadline that would pass Int.max never comes: the key stays a tap, no repeat runs away.
        var letter = HoldTimer()
        #expect(letter.keyDown(.giyeokKieuk, at: Int.max - 10) == [.press(.giyeokKieuk)])
        #expect(letter.deadline == nil)
        #expect(letter.advance(to: Int.max) == [])
        #expect(letter.keyUp(.giyeokKieuk, at: Int.max) == [])
        var onRelease = HoldTimer(settings: Self.onRelease)
        #expect(onRelease.keyDown(.giyeokKieuk, at: Int.max - 10) == [])
        #expect(onRelease.advance(to: Int.max) == [])
        #expect(onRelease.keyUp(.giyeokKieuk, at: Int.max) == [.press(.giyeokKieuk)])

        var backspace = HoldTimer(settings: .init(longPress: 5, repeatInterval: Int.max, autoNext: Int.max))
        #expect(backspace.keyDown(.backspace, at: 0) == [.press(.backspace)])
        // A repeat at 5; the next would be past Int.max, so none; the idle time ends exactly at Int.max.
        #expect(backspace.advance(to: Int.max) == [.erase, .press(.next)])
        #expect(backspace.deadline == nil)
        #expect(backspace.keyUp(.backspace, at: Int.max) == [])

        var idle = HoldTimer(settings: .init(longPress: Int.max, repeatInterval: Int.max, autoNext: Int.max))
        #expect(idle.keyDown(.in, at: Int.max - 1) == [.press(.in)])
        #expect(idle.keyUp(.in, at: Int.max - 1) == [])
        #expect(idle.deadline == nil)
        #expect(idle.tap(.cheon, at: Int.max) == [.press(.cheon)])
        #expect(idle.advance(to: Int.max) == [])
    }

    @Test func intervalsMadeNonPositiveAfterInitCountAsOneMillisecond() {
        var timer = HoldTimer(settings: .init(longPress: 10, repeatInterval: 10))
        timer.settings.repeatInterval = 0  // would repeat forever at one instant
        timer.settings.longPress = -5
        #expect(timer.keyDown(.backspace, at: 0) == [.press(.backspace)])
        #expect(timer.advance(to: 3) == Array(repeating: .erase, count: 3))  // at 1, 2, 3
    }
}
