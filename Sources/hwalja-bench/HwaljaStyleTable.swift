import Foundation
import HwaljaCore

/// A `{key: {tail: replacement}}` JSON table used with the public Hwalja README's lookup rule:
/// replace the last two characters if the key's map has them, else the last one, else append the
/// key's `""` entry; after next-character, append. The baseline the binary table is measured against.
struct HwaljaStyleTable {
    let maps: [String: [String: String]]

    init?(json: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: [String: String]] else {
            return nil
        }
        maps = object
    }

    /// Types `keys` into an empty text and returns it.
    func type(_ keys: [Key]) -> [Unicode.Scalar] {
        var text: [Unicode.Scalar] = []
        var editing = true
        for key in keys {
            guard let map = maps[key.name] else {
                editing = false  // NEXT, SPACE, BS, ENTER: the rule has no entry; stop editing
                continue
            }
            if editing && text.count >= 2, let value = map[String(String.UnicodeScalarView(text.suffix(2)))] {
                text.removeLast(2)
                text += value.unicodeScalars
            } else if editing, let last = text.last, let value = map[String(Character(last))] {
                text.removeLast()
                text += value.unicodeScalars
            } else {
                text += (map[""] ?? "").unicodeScalars
            }
            editing = true
        }
        return text
    }
}
