import HwaljaCore
import HwaljaTestSupport
import Testing

/// The composer against the plain table rule on whole texts, over random key streams.
struct ComposerPropertyTests {
    /// Everything committed plus the preedit equals the lookup rule applied to the whole text,
    /// restarted at each next-character press; committed text never changes; the preedit stays small.
    @Test(arguments: 0..<40)
    func composerAgreesWithTheTableRuleOnRandomStreams(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        // Weighted towards consonant runs and vowel strokes, with next-character now and then.
        let keys: [Key] = Key.tableKeys + Key.tableKeys.filter { $0 != .punctuation } + [.next]
        var composer = Composer(table: committedTable)
        var committed: [Unicode.Scalar] = []
        var referenceDone: [Unicode.Scalar] = []
        var referenceSegment: [Unicode.Scalar] = []
        for step in 0..<3000 {
            let key = keys.randomElement(using: &random)!
            let response = composer.press(key)
            committed += response.commit.string.unicodeScalars
            if key == .next {
                referenceDone += referenceSegment
                referenceSegment = []
            } else {
                referenceSegment = committedTable.applying(key, to: referenceSegment)
            }
            let actual = committed + Array(response.preedit.string.unicodeScalars)
            let expected = referenceDone + referenceSegment
            if actual != expected {
                Issue.record(
                    "seed \(seed) step \(step) key \(key.name): composer \(String(String.UnicodeScalarView(actual.suffix(8)))), rule \(String(String.UnicodeScalarView(expected.suffix(8))))"
                )
                return
            }
            #expect(response.preedit.count <= 3, "preedit \(response.preedit) grew past three scalars")
            #expect(response.consumed)
        }
    }

    /// With backspaces in the stream, each one undoes the last key exactly: the text is what the
    /// lookup rule gives on the keys left, restarted at each boundary (NEXT, and PUNCT where it
    /// starts new punctuation), as far back as the undo depth; after a boundary, backspace is the
    /// application's. An application that cannot take
    /// text back is never asked to, and its preedit stays within capacity; there a backspace
    /// only follows a letter (two in a row may reach past what its preedit holds). Before each key,
    /// ``Composer/backspaceUndoes`` agrees with the model.
    @Test(arguments: [true, false], 0..<20)
    func backspaceUndoesExactlyOnRandomStreams(canRetract: Bool, seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let keys: [Key] =
            Key.tableKeys + Key.tableKeys.filter { $0 != .punctuation } + [.next]
            + Array(repeating: .backspace, count: 8)
        let punctuation: Set<Unicode.Scalar> = [".", ",", "?", "!"]
        var host = TypingHost(options: Composer.Options(canRetract: canRetract))
        var done: [Unicode.Scalar] = []
        var segment: [[Unicode.Scalar]] = [[]]  // the segment's text after each of its keys
        var undoable = 0  // keys the composer can still undo
        var previous = Key.next
        for step in 0..<3000 {
            var key = keys.randomElement(using: &random)!
            let afterBoundary = undoable == 0 && segment.last!.isEmpty
            if key == .backspace && !afterBoundary && (undoable == 0 || (!canRetract && previous == .backspace)) {
                key = .in
            }
            // Composer.backspaceUndoes (what the word tracker asks) says what a backspace would do:
            // exactly the model's for an application that can delete; without, at least after a letter.
            let undoes = host.composer.backspaceUndoes
            let expectsUndo: Bool? = canRetract || undoable == 0 ? undoable > 0 : previous != .backspace ? true : nil
            if let expectsUndo, undoes != expectsUndo {
                Issue.record("seed \(seed) step \(step): backspaceUndoes \(undoes) with \(undoable) keys to undo")
                return
            }
            host.press(key)
            previous = key
            switch key {
            case .backspace where afterBoundary:
                if !done.isEmpty { done.removeLast() }  // the application's own backspace
            case .backspace:
                segment.removeLast()
                undoable -= 1
            case .next:
                done += segment.last!
                segment = [[]]
                undoable = 0
            default:
                if key == .punctuation, !(segment.last!.last.map(punctuation.contains) ?? false) {
                    done += segment.last!
                    segment = [[]]
                    undoable = 0
                }
                segment.append(committedTable.applying(key, to: segment.last!))
                undoable = min(undoable + 1, Composer.undoDepth)
            }
            let expected = done + segment.last!
            if host.scalars != expected.map(\.value) {
                Issue.record(
                    "seed \(seed) step \(step) key \(key.name): composer \(host.text.unicodeScalars.suffix(8)), rule \(String(String.UnicodeScalarView(expected.suffix(8))))"
                )
                return
            }
            #expect(host.composer.preedit.count <= (canRetract ? 3 : ComposedText.capacity - 1))
        }
    }

    /// An application may gain or lose the means to take text back between any two keys (focus
    /// moves to a terminal, a client reconnects): it is never asked to while it cannot, never
    /// asked for more than it holds (the host checks), and the preedit stays within capacity.
    @Test(arguments: 0..<10)
    func retractionSwitchedBetweenKeysNeverAsksTooMuch(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let keys: [Key] = Key.tableKeys + [.next] + Array(repeating: .backspace, count: 6)
        var host = TypingHost()
        for _ in 0..<3000 {
            if Int.random(in: 0..<8, using: &random) == 0 { host.canRetract.toggle() }
            host.press(keys.randomElement(using: &random)!)
            if !host.canRetract && host.lastRetract > 0 {
                Issue.record("seed \(seed): asked to take back \(host.lastRetract) scalars while it cannot")
                return
            }
            #expect(host.composer.preedit.count <= ComposedText.capacity - 1)
        }
    }
}
