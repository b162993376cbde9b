import HwaljaCore

/// The wrong keys the backspace tests slip in: every wrong letter key meets every position of
/// the dictionary's words in turn.
package enum WrongKey {
    /// The ten letter keys (PUNCT is a boundary, not a letter).
    package static let letterKeys = Key.tableKeys.filter { $0 != .punctuation }

    /// The `index`th wrong letter key, counting round the letter keys other than `right` (all ten
    /// when there is no right key, at the end of a word).
    package static func pick(_ index: Int, insteadOf right: Key?) -> Key {
        guard let right else { return letterKeys[index % letterKeys.count] }
        let key = letterKeys[index % (letterKeys.count - 1)]
        return key.rawValue >= right.rawValue ? Key(rawValue: key.rawValue + 1)! : key
    }
}
