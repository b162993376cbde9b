import HwaljaCore

/// Writes a table in the public Hwalja project's JSON shape, `{key: {tail: replacement}}`, where
/// the empty tail `""` is the key's default, so other Hwalja users can consume it.
///
/// Keys are the canonical key names (``Key/name``) of the table's layout; the punctuation key is
/// `PUNCT`. Output is deterministic: keys in ``KeyboardLayout/tableKeys`` order, tails sorted by scalar values, one transition per line.
/// A consumer using Hwalja's lookup rule must restart after a next-character press (look up no
/// tail that reaches back before it); live pairs are not exported.
public enum HwaljaJSON {
    /// The JSON text of `table`.
    public static func export(_ table: TransitionTable) -> String {
        var byKey: [Key: [Transition]] = [:]
        for transition in table.transitions { byKey[transition.key, default: []].append(transition) }
        var lines = ["{"]
        let keys = table.keyboard.tableKeys
        for (keyIndex, key) in keys.enumerated() {
            lines.append("  \(quoted(key.name)): {")
            let rows = byKey[key] ?? []
            for (index, transition) in rows.enumerated() {
                let comma = index == rows.count - 1 ? "" : ","
                lines.append("    \(quoted(transition.tail)): \(quoted(transition.replacement))\(comma)")
            }
            lines.append("  }" + (keyIndex == keys.count - 1 ? "" : ","))
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func quoted(_ scalars: [Unicode.Scalar]) -> String {
        quoted(String(String.UnicodeScalarView(scalars)))
    }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
