import HwaljaCore

/// One layout's behaviour as a function on the tail of the text: what ``TableGenerator`` walks.
///
/// Each layout states its keys' effects as data (cycles, strokes, doubles, vowel combinations) in
/// its own file under `Layouts/`; the shared moves on text (attach a consonant, type a vowel,
/// take the last jamo back for a run) are in ``Jamo``.
package protocol LayoutRules {
    /// The layout whose keys these rules answer.
    var keyboard: KeyboardLayout { get }
    /// The units that replace `context` (the last one or two units of the text) when `key` is pressed.
    func press(_ key: Key, after context: [TextUnit]) -> [TextUnit]
    /// Whether a later key can still rewrite `first` when the text ends with `first`, `second`.
    func isLivePair(_ first: TextUnit, _ second: TextUnit) -> Bool
}

/// Decides live pairs for rules that rewrite what precedes the last unit: a pair is live when some
/// key rewrites its first unit, or turns it into another live pair with the same first unit and a
/// lone letter second (나랏글's 알ㄴ: 획 gives 알ㄷ, 획 again 앑). Remembers its answers.
final class LivePairFinder {
    private var known: [[TextUnit]: Bool] = [:]
    private let keys: [Key]
    private let press: (Key, [TextUnit]) -> [TextUnit]

    init(keys: [Key], press: @escaping (Key, [TextUnit]) -> [TextUnit]) {
        self.keys = keys
        self.press = press
    }

    /// Only a lone letter is ever taken back and attached again to what precedes it (a key acts on
    /// the last unit), so only a pair ending in one can be live, and only after a syllable or a
    /// lone letter.
    func isLive(_ first: TextUnit, _ second: TextUnit) -> Bool {
        guard Self.isLetter(second) else { return false }
        if case .syllable = first { return search(first, second) }
        return Self.isLetter(first) && search(first, second)
    }

    private func search(_ first: TextUnit, _ second: TextUnit) -> Bool {
        if let answer = known[[first, second]] { return answer }
        known[[first, second]] = false  // while searching: a loop back here is not a way out
        var answer = false
        for key in keys {
            let result = press(key, [first, second])
            if result.first != first {
                answer = true
                break
            }
            if result.count == 2, result[1] != second, Self.isLetter(result[1]), search(first, result[1]) {
                answer = true
                break
            }
        }
        known[[first, second]] = answer
        return answer
    }

    private static func isLetter(_ unit: TextUnit) -> Bool {
        switch unit {
        case .consonant, .vowel: true
        default: false
        }
    }
}

/// The moves on text every layout is made of.
enum Jamo {
    /// Attaches a consonant: as the final of an open syllable, as the second half of a double
    /// final, or else standing alone (the start of the next syllable).
    static func attach(_ consonant: Unicode.Scalar, to context: [TextUnit]) -> [TextUnit] {
        CheonJiInRules.attach(consonant, to: context)
    }

    /// The last jamo of the text if it is a consonant (standing alone, a final, or the second half
    /// of a double final), with the text as it was before that consonant was attached.
    static func lastConsonant(of context: [TextUnit]) -> (before: [TextUnit], consonant: Unicode.Scalar)? {
        guard let last = context.last else { return nil }
        let before = Array(context.dropLast())
        switch last {
        case .consonant(let consonant):
            return (before, consonant)
        case .syllable(var parts) where parts.jongseong != 0:
            let final = Hangul.jongseong[parts.jongseong]!
            if let cluster = Hangul.clusters.first(where: { $0.cluster == final }) {
                parts.jongseong = Hangul.jongseongIndex(cluster.first)!
                return (before + [.syllable(parts)], cluster.second)
            }
            parts.jongseong = 0
            return (before + [.syllable(parts)], final)
        default:
            return nil
        }
    }

    /// The last jamo of the text if it is a vowel (of an open syllable, or standing alone), with
    /// the text before it: a compound vowel listed in `compounds` gives back its first part.
    static func lastVowel(
        of context: [TextUnit], compounds: [Unicode.Scalar: (Unicode.Scalar, Unicode.Scalar)]
    ) -> (before: [TextUnit], vowel: Unicode.Scalar)? {
        guard let last = context.last else { return nil }
        let before = Array(context.dropLast())
        switch last {
        case .syllable(var parts) where parts.jongseong == 0:
            let vowel = Hangul.jungseong[parts.jungseong]
            if let (first, second) = compounds[vowel] {
                parts.jungseong = Hangul.jungseongIndex(first)!
                return (before + [.syllable(parts)], second)
            }
            return (before + [.consonant(Hangul.choseong[parts.choseong])], vowel)
        case .vowel(let vowel):
            if let (first, second) = compounds[vowel] { return (before + [.vowel(first)], second) }
            return (before, vowel)
        default:
            return nil
        }
    }

    /// A vowel key: `extend` turns the vowel of an open syllable or of a lone vowel into another
    /// (or gives `nil`); after a final the final (the second half of a double final) moves on to a
    /// new syllable with `start`; after a lone consonant `start` joins it; else `start` stands alone.
    static func typeVowel(
        _ start: Unicode.Scalar, extend: (Unicode.Scalar) -> Unicode.Scalar?, after context: [TextUnit]
    ) -> [TextUnit] {
        guard let last = context.last else { return [.vowel(start)] }
        let before = Array(context.dropLast())
        switch last {
        case .syllable(var parts) where parts.jongseong == 0:
            if let next = extend(Hangul.jungseong[parts.jungseong]) {
                parts.jungseong = Hangul.jungseongIndex(next)!
                return before + [.syllable(parts)]
            }
        case .syllable:
            let (kept, moving) = lastConsonant(of: context)!
            return kept + [
                .syllable(
                    Hangul.Parts(choseong: Hangul.choseongIndex(moving)!, jungseong: Hangul.jungseongIndex(start)!))
            ]
        case .consonant(let consonant):
            if let choseong = Hangul.choseongIndex(consonant) {
                return before + [.syllable(Hangul.Parts(choseong: choseong, jungseong: Hangul.jungseongIndex(start)!))]
            }
        case .vowel(let vowel):
            if let next = extend(vowel) { return before + [.vowel(next)] }
        case .pending, .punctuation:
            break
        }
        return context + [.vowel(start)]
    }

    /// Multi-tap on a cycle of consonants: if the text ends with a member (the run in progress),
    /// the next member attaches to the text from before it (wrapping round); else the first attaches.
    static func cycle(_ members: [Unicode.Scalar], after context: [TextUnit]) -> [TextUnit] {
        if let (before, consonant) = lastConsonant(of: context), let position = members.firstIndex(of: consonant) {
            return attach(members[(position + 1) % members.count], to: before)
        }
        return attach(members[0], to: context)
    }

    /// Pairs of vowels and the compound they make, as a lookup from the compound to its parts.
    static func parts(of combinations: [Unicode.Scalar: [Unicode.Scalar: Unicode.Scalar]]) -> [Unicode.Scalar: (
        Unicode.Scalar, Unicode.Scalar
    )] {
        var parts: [Unicode.Scalar: (Unicode.Scalar, Unicode.Scalar)] = [:]
        for (first, row) in combinations {
            for (second, compound) in row { parts[compound] = (first, second) }
        }
        return parts
    }
}
