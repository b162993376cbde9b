import HwaljaDBus
import Testing

@testable import HwaljaDaemon

/// hwaljad keeps signal templates for the 16 contexts that signalled last: the least recently
/// used one's go when a 17th signals, a context that went loses them, and a gone context gets none.
struct RecentSignalsTests {
    /// Context `number`'s templates from `recent`, counting in `made` the ones made anew.
    static func signals(_ recent: inout RecentSignals, _ number: Int, _ made: inout [Int]) -> ContextSignals? {
        recent.signals(of: number) {
            made.append(number)
            return ContextSignals(
                path: EngineInterface.contextPath(number), interface: EngineInterface.inputContextInterface,
                owner: ":1.\(number)")
        }
    }

    @Test func theLeastRecentlyUsedContextLosesItsTemplatesWhenTheSeventeenthSignals() {
        var recent = RecentSignals()
        var made: [Int] = []
        for number in 1...16 { _ = Self.signals(&recent, number, &made) }
        let first = Self.signals(&recent, 1, &made)  // used again: 2 is now the least recent
        #expect(made == Array(1...16))
        _ = Self.signals(&recent, 17, &made)  // 2's go
        #expect(Self.signals(&recent, 1, &made) === first)
        _ = Self.signals(&recent, 2, &made)  // made again; 3's go
        #expect(made == Array(1...16) + [17, 2])
        _ = Self.signals(&recent, 3, &made)
        #expect(made.last == 3)
        #expect(Self.signals(&recent, 1, &made) === first)
    }

    @Test func aContextThatWentLosesItsTemplatesAndAGoneOneGetsNone() {
        var recent = RecentSignals()
        var made: [Int] = []
        let before = Self.signals(&recent, 5, &made)
        recent.forget([5])
        let after = Self.signals(&recent, 5, &made)
        #expect(made == [5, 5])
        #expect(before !== after)
        #expect(recent.signals(of: 6) { nil } == nil)
        #expect(Self.signals(&recent, 6, &made) != nil)  // nothing was kept for it
        #expect(made == [5, 5, 6])
    }
}
