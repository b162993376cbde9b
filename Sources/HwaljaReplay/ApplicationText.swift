import HwaljaCore

/// The text before an application's cursor as it applies an input method's answers: scalars
/// deleted, text inserted, and each key the input method declined applied as the application
/// does (a backspace deletes a character, a return inserts a newline). What every simulated
/// application here keeps: ``ReplayHost``, hwalja-replay with suggestions, a bus client's text.
package struct ApplicationText: Sendable, Equatable {
    /// The text before the cursor.
    package private(set) var text = ""

    package init() {}

    /// Deletes `count` Unicode scalars before the cursor (conjoining jamo make one Character of
    /// several), one by one: counting the whole text's scalars on every step made a long log quadratic.
    package mutating func deleteScalars(_ count: Int) {
        for _ in 0..<count where !text.isEmpty { text.unicodeScalars.removeLast() }
    }

    /// Inserts `inserted` at the cursor.
    package mutating func insert(_ inserted: String) {
        text += inserted
    }

    /// Applies a key the input method did not use: a backspace deletes a character, a return
    /// inserts a newline, any other key nothing.
    package mutating func applyDeclined(_ key: Key) {
        switch key {
        case .backspace: if !text.isEmpty { text.removeLast() }
        case .enter: text += "\n"
        default: break
        }
    }
}
