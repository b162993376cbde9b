import HwaljaCore

/// The text a key sequence types into an empty field: what the composer commits, then its preedit.
package enum TypedText {
    package static func text(typing keys: some Sequence<Key>, table: TransitionTable) -> String {
        var composer = Composer(table: table)
        var text: [Unicode.Scalar] = []
        for key in keys {
            apply(composer.press(key), to: &text)
        }
        apply(composer.flush(), to: &text)
        return String(String.UnicodeScalarView(text))
    }

    private static func apply(_ response: Composer.Response, to text: inout [Unicode.Scalar]) {
        text.removeLast(min(response.retract, text.count))
        text += response.commit.string.unicodeScalars
    }
}
