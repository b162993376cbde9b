import HwaljaCore
import HwaljaReplay
import HwaljaTestSupport
import Testing

/// Letters on key-down (`letters-on = press`): a letter key types when it goes down, as keyboards and
/// 12-key phones show it; held for the long press its keystroke is undone exactly and its digit
/// typed instead; its release types nothing.
struct LettersOnPressTests {
    /// A composer driven by a hold timer, as the frontends drive it.
    struct Keyboard {
        var host: ReplayHost
        var timer: HoldTimer

        init(_ layout: KeyboardLayout, settings: HoldTimer.Settings = HoldTimer.Settings(lettersOnPress: true)) {
            host = ReplayHost(composer: Composer(table: committedTables[layout]!))
            host.keepsSteps = false
            timer = HoldTimer(settings: settings)
            timer.layout = layout
        }

        mutating func down(_ key: Key, at time: Int) { run(time) { $0.keyDown(key, at: time) } }
        mutating func up(_ key: Key, at time: Int) { run(time) { $0.keyUp(key, at: time) } }
        mutating func tap(_ key: Key, at time: Int) { run(time) { $0.tap(key, at: time) } }
        mutating func wait(until time: Int) { run(time) { _ in [] } }

        private mutating func run(_ time: Int, _ events: (inout HoldTimer) -> [HoldTimer.Action]) {
            for action in timer.advance(to: time) { host.apply(action) }
            for action in events(&timer) { host.apply(action) }
        }
    }

    /// Words of each layout to type before a key: each layout's own spelling of Korean words.
    static let prefixes = ["", "가", "감사", "닭", "안녕하"]

    @Test(arguments: KeyboardLayout.allCases)
    func keyDownShowsTheLetterAndAHeldKeyGivesTheTextBeforeItAndItsDigit(_ layout: KeyboardLayout) {
        let spelling = LayoutSpelling.of(layout)
        for prefix in Self.prefixes {
            for key in layout.keypad.compactMap({ $0 }) where layout.digit(of: key) != nil {
                var keyboard = Keyboard(layout)
                var time = 0
                for typed in spelling.keys(forWord: prefix) {
                    keyboard.tap(typed, at: time)
                    time += 100
                }
                let before = keyboard.host.text
                var tapped = keyboard
                tapped.tap(key, at: time)
                keyboard.down(key, at: time)
                #expect(keyboard.host.text == tapped.host.text, "\(layout.name): \(prefix) + \(key.name) down")
                keyboard.wait(until: time + 499)
                #expect(keyboard.host.text == tapped.host.text)
                keyboard.wait(until: time + 500)
                let digit = String(layout.digit(of: key)!)
                #expect(keyboard.host.text == before + digit, "\(layout.name): \(prefix) + \(key.name) held")
                keyboard.up(key, at: time + 900)
                #expect(keyboard.host.text == before + digit)
            }
        }
    }

    @Test(arguments: KeyboardLayout.allCases)
    func wordsTypedWithShortHoldsAndRolloverGiveWhatTapsGive(_ layout: KeyboardLayout) throws {
        let words = try #require(HunspellWords.sorted, Comment(rawValue: HunspellWords.missing))
        let spelling = LayoutSpelling.of(layout)
        var random = SeededGenerator(seed: 25)
        for word in stride(from: 0, to: words.count, by: 97).map({ words[$0] }) {
            let keys = spelling.keys(forWord: word)
            var taps = Keyboard(layout)
            var held = Keyboard(layout)
            var rolled = Keyboard(layout)
            var time = 0
            for (index, key) in keys.enumerated() {
                taps.tap(key, at: time)
                let hold = Int.random(in: 30...450, using: &random)
                held.down(key, at: time)
                held.up(key, at: time + hold)
                // Rollover: the next key goes down before this one comes up (a key pressed
                // again must come up first).
                if index > 0 && keys[index - 1] == key { rolled.up(key, at: time - 5) }
                rolled.down(key, at: time)
                if index > 0 && keys[index - 1] != key { rolled.up(keys[index - 1], at: time + 10) }
                time += hold + 20
            }
            rolled.up(keys.last!, at: time)
            #expect(held.host.text == taps.host.text, "\(layout.name) \(word): holds")
            #expect(rolled.host.text == taps.host.text, "\(layout.name) \(word): rollover")
            #expect(taps.host.text == word)
        }
    }

    @Test func lettersOnReleaseKeepsTheOldBehaviour() {
        var keyboard = Keyboard(.cheonjiin, settings: .init(lettersOnPress: false))
        keyboard.down(.giyeokKieuk, at: 0)
        #expect(keyboard.host.text == "")  // nothing until the key comes up
        keyboard.up(.giyeokKieuk, at: 100)
        #expect(keyboard.host.text == "ㄱ")
        keyboard.down(.in, at: 200)
        keyboard.wait(until: 700)
        #expect(keyboard.host.text == "ㄱ1")
    }

    @Test func aHeldLetterEndsItsWordAtTheDigitAndAutoNextWaitsForItsRelease() {
        var keyboard = Keyboard(.cheonjiin, settings: .init(autoNext: 300, lettersOnPress: true))
        keyboard.tap(.giyeokKieuk, at: 0)
        keyboard.tap(.in, at: 100)
        keyboard.down(.cheon, at: 200)  // 가, held
        keyboard.wait(until: 600)  // past auto-next's 300 ms: it waits while the key is down
        #expect(keyboard.host.text == "가")
        keyboard.wait(until: 700)
        #expect(keyboard.host.text == "기2")  // 가's ㆍ undone: 기, then the digit
        keyboard.up(.cheon, at: 800)
        keyboard.tap(.giyeokKieuk, at: 900)
        #expect(keyboard.host.text == "기2ㄱ")
    }
}
