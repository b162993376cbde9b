import HwaljaCore

/// A picture of one layout's twelve phone keys as an SVG document, drawn from ``KeyboardLayout``
/// (the keys at each position, their names and digits), for the README and docs/layouts.md.
struct KeypadPicture {
    let layout: KeyboardLayout

    /// The file name under `docs/images`.
    var fileName: String { "keypad-\(layout.name).svg" }

    private static let keyWidth = 132
    private static let keyHeight = 96
    private static let gap = 10
    private static let margin = 14

    /// The SVG text, byte for byte the same on every run.
    var svg: String {
        let width = 3 * Self.keyWidth + 2 * Self.gap + 2 * Self.margin
        let height = 4 * Self.keyHeight + 3 * Self.gap + 2 * Self.margin
        var lines = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\">",
            "<title>\(Self.escaped(title))</title>",
            "<rect width=\"\(width)\" height=\"\(height)\" rx=\"16\" fill=\"#2b2d31\"/>",
            "<g font-family=\"Noto Sans CJK KR, Noto Sans KR, NanumGothic, Apple SD Gothic Neo, Malgun Gothic, sans-serif\" text-anchor=\"middle\">"
        ]
        for position in 0..<12 {
            lines += key(at: position)
        }
        lines += ["</g>", "</svg>", ""]
        return lines.joined(separator: "\n")
    }

    /// What the picture shows, for its title (read by screen readers).
    private var title: String {
        let rows = (0..<4).map { row in
            (0..<3).map { column in label(at: row * 3 + column) ?? "-" }.joined(separator: " ")
        }
        return "\(layout.name) keypad: " + rows.joined(separator: " / ")
    }

    private func label(at position: Int) -> String? {
        guard let key = layout.keypad[position] else { return nil }
        return key == .punctuation ? ".,?!" : key.name
    }

    private func key(at position: Int) -> [String] {
        let x = Self.margin + (position % 3) * (Self.keyWidth + Self.gap)
        let y = Self.margin + (position / 3) * (Self.keyHeight + Self.gap)
        let center = x + Self.keyWidth / 2
        var lines = [
            "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(Self.keyWidth)\" height=\"\(Self.keyHeight)\" rx=\"12\" fill=\"#f4f4f6\"/>"
        ]
        let digit = Character(KeyboardLayout.positionLabels[position])
        lines.append(
            "<text x=\"\(x + Self.keyWidth - 12)\" y=\"\(y + 24)\" font-size=\"18\" fill=\"#5a5d66\" text-anchor=\"end\">\(Self.escaped(String(digit)))</text>"
        )
        guard let label = label(at: position) else { return lines }
        let shifted = layout.shiftedKeypad[position]
        let size = label.count > 2 ? 26 : 40
        let baseline = y + (shifted == nil ? Self.keyHeight / 2 + size * 3 / 8 : Self.keyHeight / 2 + 6)
        lines.append(
            "<text x=\"\(center)\" y=\"\(baseline)\" font-size=\"\(size)\" font-weight=\"bold\" fill=\"#111318\">\(Self.escaped(label))</text>"
        )
        if let shifted {
            lines.append(
                "<text x=\"\(center)\" y=\"\(y + Self.keyHeight - 14)\" font-size=\"20\" fill=\"#3b5bdb\">⇧ \(Self.escaped(shifted.name))</text>"
            )
        }
        return lines
    }

    private static func escaped(_ text: String) -> String {
        text.map { character in
            switch character {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            default: String(character)
            }
        }.joined()
    }
}
