import HwaljaCore

/// The Samsung Cheon-Ji-In behaviour as a function on the tail of the text: the model the
/// transition table is generated from (docs/layouts.md, 천지인, with hwalja's choices where Samsung's behaviour is not known).
///
/// Consonant keys follow the snapshot rule: press *n* of a run takes the text from before the
/// run and attaches the *n*-th member of the key's cycle (wrapping round), so 갈 + ㅂㅍ×1…4 gives
/// 갋, 갎, 갈ㅃ, 갋. The run is read off the text: the last jamo belongs to the key's cycle.
package enum CheonJiInRules {
    /// The units that replace `context` (the last one or two units of the text) when `key` is pressed.
    package static func press(_ key: Key, after context: [TextUnit]) -> [TextUnit] {
        switch key {
        case .in, .cheon, .ji: return stroke(key, after: context)
        case .punctuation: return punctuate(after: context)
        default:
            guard let cycle = Strokes.cycles[key] else {
                preconditionFailure("CheonJiInRules.press: \(key.name) is not a table key")
            }
            return consonant(cycle, after: context)
        }
    }

    /// Whether a syllable followed by a lone consonant can still merge: some member of the
    /// consonant's cycle would join the syllable (갈 + ㄷ: ㄷ→ㅌ makes 갍).
    package static func isLivePair(_ first: TextUnit, _ second: TextUnit) -> Bool {
        guard case .syllable = first, case .consonant(let consonant) = second,
            let cycle = Strokes.cycle(containing: consonant)
        else { return false }
        return cycle.contains { attach($0, to: [first]).count == 1 }
    }

    // MARK: Vowel strokes

    private static func stroke(_ key: Key, after context: [TextUnit]) -> [TextUnit] {
        guard let last = context.last else { return [.vowel(Strokes.start(key))] }
        let before = Array(context.dropLast())
        switch last {
        case .pending(let choseong, let dot):
            return before + [.opening(choseong: choseong, vowel: Strokes.vowel(dot, then: key)!)]
        case .syllable(var parts) where parts.jongseong == 0:
            let vowel = Hangul.jungseong[parts.jungseong]
            guard let next = Strokes.vowel(vowel, then: key) else { break }
            parts.jungseong = Hangul.jungseongIndex(next)!
            return before + [.syllable(parts)]
        case .syllable(var parts):
            // 도깨비불: the final (or the second half of a double final) starts the next syllable.
            let final = Hangul.jongseong[parts.jongseong]!
            let moving: Unicode.Scalar
            if let cluster = Hangul.clusters.first(where: { $0.cluster == final }) {
                parts.jongseong = Hangul.jongseongIndex(cluster.first)!
                moving = cluster.second
            } else {
                parts.jongseong = 0
                moving = final
            }
            let opening = TextUnit.opening(choseong: Hangul.choseongIndex(moving)!, vowel: Strokes.start(key))
            return before + [.syllable(parts), opening]
        case .consonant(let consonant):
            return before + [.opening(choseong: Hangul.choseongIndex(consonant)!, vowel: Strokes.start(key))]
        case .vowel(let vowel):
            if let next = Strokes.vowel(vowel, then: key) { return before + [.vowel(next)] }
        case .punctuation:
            break
        }
        return context + [.vowel(Strokes.start(key))]
    }

    // MARK: Consonants

    private static func consonant(_ cycle: [Unicode.Scalar], after context: [TextUnit]) -> [TextUnit] {
        if let (snapshot, position) = runSnapshot(context, cycle) {
            return attach(cycle[(position + 1) % cycle.count], to: snapshot)
        }
        return attach(cycle[0], to: context)
    }

    /// If the text ends with a member of `cycle` (the run in progress), the text without it and its position.
    private static func runSnapshot(_ context: [TextUnit], _ cycle: [Unicode.Scalar]) -> ([TextUnit], Int)? {
        guard let last = context.last else { return nil }
        let before = Array(context.dropLast())
        switch last {
        case .consonant(let consonant):
            guard let position = cycle.firstIndex(of: consonant) else { return nil }
            return (before, position)
        case .syllable(var parts) where parts.jongseong != 0:
            let final = Hangul.jongseong[parts.jongseong]!
            if let position = cycle.firstIndex(of: final) {
                parts.jongseong = 0
                return (before + [.syllable(parts)], position)
            }
            if let cluster = Hangul.clusters.first(where: { $0.cluster == final }),
                let position = cycle.firstIndex(of: cluster.second)
            {
                parts.jongseong = Hangul.jongseongIndex(cluster.first)!
                return (before + [.syllable(parts)], position)
            }
            return nil
        default:
            return nil
        }
    }

    /// Attaches a consonant: as the final of an open syllable, as the second half of a double
    /// final, or else as a consonant standing alone (the start of the next syllable).
    static func attach(_ consonant: Unicode.Scalar, to context: [TextUnit]) -> [TextUnit] {
        if case .syllable(var parts) = context.last {
            let before = Array(context.dropLast())
            if parts.jongseong == 0, let final = Hangul.jongseongIndex(consonant) {
                parts.jongseong = final
                return before + [.syllable(parts)]
            }
            if parts.jongseong != 0,
                let cluster = Hangul.clusters.first(where: {
                    $0.first == Hangul.jongseong[parts.jongseong] && $0.second == consonant
                })
            {
                parts.jongseong = Hangul.jongseongIndex(cluster.cluster)!
                return before + [.syllable(parts)]
            }
        }
        return context + [.consonant(consonant)]
    }

    // MARK: Punctuation

    private static func punctuate(after context: [TextUnit]) -> [TextUnit] {
        if case .punctuation(let mark) = context.last, let position = Strokes.punctuation.firstIndex(of: mark) {
            return context.dropLast() + [.punctuation(Strokes.punctuation[(position + 1) % Strokes.punctuation.count])]
        }
        return context + [.punctuation(Strokes.punctuation[0])]
    }
}
