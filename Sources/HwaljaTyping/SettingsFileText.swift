/// Changes to a settings file's text that keep the rest of it as the user wrote it: comments,
/// blank lines, the order of the lines and every other setting.
package enum SettingsFileText {
    /// `text` with setting `name` set to `value`: the last line that sets it (the one that wins)
    /// gets the new value and keeps its comment; without one, a line is added at the end.
    package static func setting(_ name: String, to value: String, in text: String) -> String {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let index = lines.lastIndex { line in
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let parts = content.split(separator: "=", maxSplits: 1)
            return parts.count == 2 && parts[0].trimmingWhitespace() == name
        }
        let assignment = "\(name) = \(value)"
        if let index {
            let comment = lines[index].firstIndex(of: "#").map { "   " + lines[index][$0...] } ?? ""
            lines[index] = assignment + comment
        } else {
            lines.append(assignment)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
