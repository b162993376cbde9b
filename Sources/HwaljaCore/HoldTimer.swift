/// Long press, backspace repeat and auto-next, as a pure state machine over times in milliseconds.
///
/// Key-down and key-up events and the passing of time go in; the ``Action``s to apply to a
/// ``Composer`` come out, plus the next ``deadline`` at which ``advance(to:)`` must be called.
/// It reads no clock: the daemon calls ``advance(to:)`` from a timer, a test or a replay calls it
/// with a virtual time, and both get the same actions.
///
/// - A letter key acts on its press with ``Settings/lettersOnPress`` (as keyboards and 12-key
///   phones do): its letter shows at once; held for ``Settings/longPress`` its keystroke is
///   undone and its digit typed instead (``Action/typeDigitInstead(_:)``), and the release does
///   nothing (the default). With letters on release it acts when it comes up: released before
///   the long press it is a tap; held that long it types its digit instead (``Action/typeDigit(_:)``).
/// - Backspace acts on press (``Action/press(_:)``: undo the last keystroke), then, once held for
///   ``Settings/longPress``, erases a character every ``Settings/repeatInterval`` until released
///   (``Action/erase``).
/// - Other keys (next, space, return, punctuation) act on press.
/// - With ``Settings/autoNext`` set, that long without input ends the syllable (a next-character press).
/// - A key held down and repeated by the keyboard goes on being held, however the repeat comes: as
///   presses with no release (GTK, which asks X for detectable auto-repeat), or as a release and a
///   press of the same key at once (X's own auto-repeat, as XIM clients such as xterm, Java or Wine
///   and Qt 6 pass it on). A press the frontend knows to be such a repeat (``keyDown(_:at:repeating:)``:
///   X stamps both events with the same time) resumes the hold as it was, so a held letter types
///   its digit once and a held backspace repeats on its own clock. Where the frontend cannot
///   tell (IBus gives no times), ``guessesRepeats`` takes a press of the key released at most
///   ``autoRepeatGap`` ms before, after a hold of at least ``autoRepeatHold`` ms, for the repeat:
///   no one lifts and presses a key again that fast after holding it that long.
///
/// Any `Int` is a valid time, and no input makes it trap or loop: a deadline that would fall
/// after `Int.max` never comes (the key stays held until released, the repeat stops), and a
/// threshold set to less than one millisecond after ``Settings/init(longPress:repeatInterval:autoNext:)``
/// counts as one.
public struct HoldTimer: Sendable {
    /// Thresholds in milliseconds, each positive.
    public struct Settings: Sendable, Equatable {
        /// How long a key must be held to count as a long press (default 500).
        public var longPress: Int
        /// Interval of backspace repeat once the long press is reached (default 100).
        public var repeatInterval: Int
        /// Idle time after which the syllable ends by itself, or `nil` for never (default).
        public var autoNext: Int?
        /// Whether a letter key types when it goes down (the default) rather than when it comes up.
        public var lettersOnPress: Bool

        /// Thresholds in milliseconds; each must be positive (any size: see ``HoldTimer``).
        public init(longPress: Int = 500, repeatInterval: Int = 100, autoNext: Int? = nil, lettersOnPress: Bool = true)
        {
            precondition(
                longPress > 0 && repeatInterval > 0 && (autoNext ?? 1) > 0, "HoldTimer.Settings: times must be positive"
            )
            self.longPress = longPress
            self.repeatInterval = repeatInterval
            self.autoNext = autoNext
            self.lettersOnPress = lettersOnPress
        }
    }

    /// Something to do to the composer.
    public enum Action: Sendable, Equatable {
        /// Press the key (a tap, a backspace, or the auto-next ``Key/next``).
        case press(Key)
        /// Type the key's digit (a long press, letters on release).
        case typeDigit(Key)
        /// Undo the keystroke the key typed when it went down, then type its digit (a long press,
        /// letters on press).
        case typeDigitInstead(Key)
        /// Delete a character (a held backspace repeating; ``Composer/erase()``).
        case erase

        /// The key a host applies itself when the composer declines this action: backspace
        /// (delete the character before the cursor) or return (insert a newline); `nil` for
        /// actions a host never applies.
        public var hostKey: Key? {
            switch self {
            case .press(let key) where key == .backspace || key == .enter: key
            case .erase: .backspace
            default: nil
            }
        }
    }

    /// The thresholds in use.
    public var settings: Settings
    /// Whether a press of a held key soon after its release is taken for the keyboard repeating it
    /// when the frontend does not say (``autoRepeatGap``): for clients that pass X's auto-repeat on
    /// as releases and presses, with no times to tell them by. Off, a press resumes a hold only
    /// when the frontend says it repeats.
    public var guessesRepeats = false
    /// The layout whose keys have a digit to type when held (``KeyboardLayout/digit(of:)``).
    public var layout: KeyboardLayout = .cheonjiin

    /// The longest time in milliseconds between a held key's release and its press again that
    /// counts as the keyboard repeating it (X sends both at once; the pair then crosses an input
    /// framework, a round trip or two, before it arrives here).
    public static let autoRepeatGap = 100
    /// The shortest hold in milliseconds whose release may be the keyboard repeating the key
    /// (``autoRepeatGap``), or the long press if that is shorter: a tap is shorter (desktops
    /// start repeating a key after 250–660 ms).
    public static let autoRepeatHold = 200

    private var held: Key?
    /// When the held key went down.
    private var heldSince = 0
    /// When the held key's long press (or next repeat) comes; `nil` if it never will.
    private var holdDeadline: Int?
    /// Whether the held letter key has typed its digit, so that its release does nothing.
    private var longPressed = false
    private var idleDeadline: Int?

    /// The hold of the key released last, as it was: if the next press is the keyboard repeating
    /// it, the hold resumes.
    private struct Release {
        var key: Key
        var time: Int
        /// Whether it was held long enough to be repeating (``autoRepeatHold``), for a guess.
        var heldLongEnough: Bool
        var heldSince: Int
        var holdDeadline: Int?
        var longPressed: Bool
        var idleDeadline: Int?
    }
    private var lastRelease: Release?

    public init(settings: Settings = Settings()) {
        self.settings = settings
    }

    /// The earliest time at which ``advance(to:)`` has something to do, or `nil`.
    public var deadline: Int? {
        switch (holdDeadline, idleDeadline) {
        case (let hold?, let idle?): min(hold, idle)
        case (let hold?, nil): hold
        case (nil, let idle?): idle
        case (nil, nil): nil
        }
    }

    /// A key pressed and released at once (no timing known) at `time`. Call ``advance(to:)`` with `time` first.
    public mutating func tap(_ key: Key, at time: Int) -> [Action] {
        lastRelease = nil
        var actions: [Action] = []
        if let previous = held { actions += keyUp(previous, at: time) }
        actions.append(.press(key))
        armIdle(after: actions, at: time)
        return actions
    }

    /// A key went down at `time`. `repeating`: whether the frontend knows it for the keyboard
    /// repeating the key released just before (`nil`: it cannot tell; see ``guessesRepeats``).
    /// Call ``advance(to:)`` with `time` first.
    public mutating func keyDown(_ key: Key, at time: Int, repeating: Bool? = nil) -> [Action] {
        var actions: [Action] = []
        if let previous = held, previous != key {
            // A second key while one is held: the first counts as released now.
            actions += keyUp(previous, at: time)
        } else if held == key {
            return []  // auto-repeat of the key-down from a keyboard: the timer handles holding
        } else if let release = lastRelease, release.key == key,
            repeating
                ?? (guessesRepeats && release.heldLongEnough
                    && Self.elapsed(from: release.time, to: time) <= Self.autoRepeatGap)
        {
            // X's auto-repeat, a release and a press at once: the key is still held.
            lastRelease = nil
            held = key
            heldSince = release.heldSince
            holdDeadline = release.holdDeadline
            longPressed = release.longPressed
            idleDeadline = release.idleDeadline
            return []
        }
        lastRelease = nil
        idleDeadline = nil
        held = key
        heldSince = time
        holdDeadline = nil
        longPressed = false
        let holdable = layout.digit(of: key) != nil
        if holdable || key == .backspace { holdDeadline = Self.time(time, plus: settings.longPress) }
        if !holdable || settings.lettersOnPress { actions.append(.press(key)) }
        if !holdable && key != .backspace { held = nil }
        // A letter shown on its press is not typed for good until it comes up short: no auto-next meanwhile.
        if !(holdable && settings.lettersOnPress) { armIdle(after: actions, at: time) }
        return actions
    }

    /// A key came up at `time`. Call ``advance(to:)`` with `time` first.
    public mutating func keyUp(_ key: Key, at time: Int) -> [Action] {
        guard held == key else { return [] }
        let wasShort = !longPressed && holdDeadline.map { time < $0 } ?? true
        let holdable = layout.digit(of: key) != nil
        // With letters on release, a release before the long press types the letter: a press after
        // it is a new one whatever its timing.
        let typesOnRelease = holdable && wasShort && !settings.lettersOnPress
        let release = Release(
            key: key, time: time,
            heldLongEnough: Self.elapsed(from: heldSince, to: time) >= min(Self.autoRepeatHold, settings.longPress),
            heldSince: heldSince, holdDeadline: holdDeadline, longPressed: longPressed, idleDeadline: idleDeadline)
        defer { lastRelease = typesOnRelease ? nil : release }
        held = nil
        holdDeadline = nil
        longPressed = false
        let actions: [Action] = typesOnRelease ? [.press(key)] : []
        // Letters on press: the letter typed when the key went down now counts as typed.
        armIdle(after: holdable && wasShort && settings.lettersOnPress ? [.press(key)] : actions, at: time)
        return actions
    }

    /// The held `key` came up at `time` counting as held for the long press, however short the
    /// hold (a flick up on a touch keypad): a letter key types its digit as a long press does,
    /// once; any other key, or a key no longer held, comes up as ``keyUp(_:at:)``. Call
    /// ``advance(to:)`` with `time` first.
    public mutating func keyUpLongPressed(_ key: Key, at time: Int) -> [Action] {
        guard held == key, layout.digit(of: key) != nil, !longPressed else { return keyUp(key, at: time) }
        lastRelease = nil
        held = nil
        holdDeadline = nil
        return [settings.lettersOnPress ? .typeDigitInstead(key) : .typeDigit(key)]
    }

    /// Whether `key`'s release can type something (a letter key with letters on release): with
    /// letters on press, no release does, so a frontend may answer a release at once.
    public func releaseTypes(_ key: Key) -> Bool {
        !settings.lettersOnPress && layout.digit(of: key) != nil
    }

    /// Lets time pass up to `time`, returning what the deadlines on the way produce, in order.
    public mutating func advance(to time: Int) -> [Action] {
        var actions: [Action] = []
        while let due = deadline, due <= time {
            if let hold = holdDeadline, hold == due, let key = held {
                if key == .backspace {
                    actions.append(.erase)
                    holdDeadline = Self.time(hold, plus: settings.repeatInterval)
                } else {
                    actions.append(settings.lettersOnPress ? .typeDigitInstead(key) : .typeDigit(key))
                    holdDeadline = nil
                    longPressed = true
                }
            } else {
                idleDeadline = nil
                actions.append(.press(.next))
            }
        }
        return actions
    }

    /// Forgets any held key and pending deadline (focus lost, context reset).
    public mutating func cancel() {
        lastRelease = nil
        held = nil
        holdDeadline = nil
        longPressed = false
        idleDeadline = nil
    }

    private mutating func armIdle(after actions: [Action], at time: Int) {
        guard let autoNext = settings.autoNext else { return }
        let typedLetter = actions.contains {
            switch $0 {
            case .press(let key): key.isTableKey || key == .backspace
            case .erase: true
            case .typeDigit, .typeDigitInstead: false
            }
        }
        if typedLetter { idleDeadline = Self.time(time, plus: autoNext) }
    }

    /// The milliseconds from `start` to `end`, never negative, saturating instead of overflowing.
    private static func elapsed(from start: Int, to end: Int) -> Int {
        let (difference, overflow) = end.subtractingReportingOverflow(start)
        return overflow ? (end < start ? 0 : Int.max) : max(0, difference)
    }

    /// `interval` (at least 1) milliseconds after `time`, or `nil` — never — if that is past `Int.max`.
    private static func time(_ time: Int, plus interval: Int) -> Int? {
        let (sum, overflow) = time.addingReportingOverflow(max(1, interval))
        return overflow ? nil : sum
    }
}
