import HwaljaCore

/// The on-screen keypad's keys for one Korean layout: rows of keys per layer, drawn on a grid of
/// ``columns`` columns. No composition, table or timing here: a key's ``KeypadKey/Action`` says
/// what the view sends, and hwaljad does the rest.
///
/// The Korean layer is the layout's phone keypad (``KeyboardLayout/keypad``), four rows of three,
/// with a column of controls on the right (⌫, next-character, ↵, space) and a bottom row with the
/// Latin and symbol layers, the cursor keys and the dismiss key at the bottom right. The symbols
/// have two pages, as a phone's have; the Latin and symbol layers open the emoji page (whose
/// emoji the view shows above ``rows(_:)``'s one row, from an ``EmojiCatalogue``). 천지인
/// 플러스's seven second halves (ㅋ ㄹ ㅌ ㅍ ㅎ ㅊ ㅁ) sit beside their first halves, each half a
/// phone key wide.
package struct Keypad: Sendable {
    package let layout: KeyboardLayout

    /// Columns of the grid every layer's rows fill.
    package static let columns = 20

    package init(layout: KeyboardLayout) { self.layout = layout }

    /// The rows of `layer`, top to bottom; each fills ``columns``.
    package func rows(_ layer: KeypadLayer) -> [[KeypadSlot]] {
        switch layer {
        case .hangul: hangulRows
        case .latin: Self.latinRows(capitals: false)
        case .capitals: Self.latinRows(capitals: true)
        case .symbols: Self.symbolRows(page: 0)
        case .moreSymbols: Self.symbolRows(page: 1)
        case .emoji: [Self.emojiControls]
        }
    }

    /// The smallest side of any key, in millimetres: a fingertip's, as touch guidelines ask.
    package static let smallestKeyMillimetres = 9.0

    /// The narrowest key of a layer is ``columns``/10 columns wide in the Latin and symbol layers
    /// (ten keys a row, as every phone's QWERTY) and 천지인 플러스's Korean one (its halves), else
    /// ``columns``/5: the width in pixels, for `pixelsPerMillimetre`, that
    /// makes it ``smallestKeyMillimetres`` wide, with `spacing` pixels between keys; and the
    /// height that makes each of `layer`'s rows as tall.
    package func minimumSize(of layer: KeypadLayer, pixelsPerMillimetre: Double, spacing: Int) -> (
        width: Int, height: Int
    ) {
        let key = Int((Self.smallestKeyMillimetres * pixelsPerMillimetre).rounded(.up))
        let narrowest = rows(layer).joined().compactMap(\.key).map(\.width).min() ?? 2
        let keysAcross = Self.columns / narrowest
        let rowCount = rows(layer).count
        return (keysAcross * key + (keysAcross - 1) * spacing, rowCount * key + (rowCount - 1) * spacing)
    }

    /// How large the labels are, against the default window's (480 × 420 pixels), in a window or
    /// panel `width` × `height` pixels: smaller in a narrower or lower one (upright on a phone),
    /// so that they do not widen its keys, never below half; full size from ``fullSizeHeight``
    /// up, the digit being drawn over a key's corner rather than above its letters.
    package static func labelScale(width: Int, height: Int) -> Double {
        min(1, max(0.5, min(Double(width) / 480, Double(height) / fullSizeHeight)))
    }

    /// The least height, in pixels, at which the labels are full size: that of a panel along the
    /// bottom of a landscape screen 768 pixels high (45 % of it, 345), as of the default window.
    package static let fullSizeHeight = 340.0

    /// The key labelled `label` in `layer`, if any (as a screen reader or a test finds it).
    package func key(labelled label: String, in layer: KeypadLayer) -> KeypadKey? {
        rows(layer).joined().compactMap(\.key).first { $0.label == label }
    }

    // MARK: The Korean layer

    /// A phone key: 4 columns of the 20; the keypad's control column takes the rest.
    private static let phoneKeyWidth = 4
    private static let controlWidth = 20 - 3 * 4

    private var hangulRows: [[KeypadSlot]] {
        let controls: [KeypadKey] = [
            Self.control("⌫", "지우기", .key(.backspace)),
            Self.control("다음", "다음 글자", .key(.next)),
            Self.control("↵", "줄 바꿈", .key(.enter)),
            Self.control("띄어쓰기", "띄어쓰기", .key(.space))
        ]
        var rows: [[KeypadSlot]] = (0..<4).map { row in
            (0..<3).flatMap { column in phoneKey(at: row * 3 + column) } + [.key(controls[row])]
        }
        rows.append([
            .key(KeypadKey(label: "ABC", accessibleName: "영문 자판", action: .layer(.latin), width: 4)),
            .key(KeypadKey(label: "!#1", accessibleName: "숫자와 기호", action: .layer(.symbols), width: 4)),
            .key(KeypadKey(label: "◀", accessibleName: "왼쪽으로", action: .applicationKey(.left), width: 4)),
            .key(KeypadKey(label: "▶", accessibleName: "오른쪽으로", action: .applicationKey(.right), width: 4)),
            .key(Self.dismissKey)
        ])
        return rows
    }

    /// The slots of phone position `position` (0–11: 1…9, `*`, 0, `#`): its key, beside it its
    /// second half if it has one, else a gap.
    private func phoneKey(at position: Int) -> [KeypadSlot] {
        guard let key = layout.keypad[position] else { return [.gap(width: Self.phoneKeyWidth)] }
        guard let second = layout.shiftedKeypad[position] else {
            return [.key(letterKey(key, width: Self.phoneKeyWidth))]
        }
        return [
            .key(letterKey(key, width: Self.phoneKeyWidth / 2)), .key(letterKey(second, width: Self.phoneKeyWidth / 2))
        ]
    }

    private func letterKey(_ key: Key, width: Int) -> KeypadKey {
        let label = key == .punctuation ? ".,?!" : key.name
        let name = key == .punctuation ? "문장 부호" : key.name
        return KeypadKey(
            label: label, accessibleName: name, action: .key(key),
            digit: layout.digit(of: key).map { String(Character($0)) }, width: width)
    }

    private static func control(_ label: String, _ name: String, _ action: KeypadKey.Action) -> KeypadKey {
        KeypadKey(label: label, accessibleName: name, action: action, width: controlWidth)
    }

    /// As wide as a phone key, like every key of the bottom row: on a phone's screen (about 65 mm
    /// across) five keys a row are each wider than ``smallestKeyMillimetres``.
    private static let dismissKey = KeypadKey(label: "⌨", accessibleName: "자판 숨기기", action: .dismiss, width: 4)

    // MARK: The Latin and symbol layers

    /// The bottom row of the Latin and symbol layers: back to Korean, the other layer, comma, the
    /// emoji page, space, full stop, return, and the dismiss key.
    private static func bottomRow(other: (label: String, name: String, layer: KeypadLayer)) -> [KeypadSlot] {
        [
            .key(KeypadKey(label: "한", accessibleName: "한글 자판", action: .layer(.hangul), width: 2)),
            .key(KeypadKey(label: other.label, accessibleName: other.name, action: .layer(other.layer), width: 2)),
            .key(KeypadKey(label: ",", accessibleName: "쉼표", action: .text(","), width: 2)),
            .key(KeypadKey(label: "☺", accessibleName: "이모지", action: .layer(.emoji), width: 2)),
            .key(KeypadKey(label: "띄어쓰기", action: .key(.space), width: 4)),
            .key(KeypadKey(label: ".", accessibleName: "마침표", action: .text("."), width: 2)),
            .key(KeypadKey(label: "↵", accessibleName: "줄 바꿈", action: .key(.enter), width: 2)),
            .key(KeypadKey(label: "⌨", accessibleName: "자판 숨기기", action: .dismiss, width: 4))
        ]
    }

    /// The emoji page's one row of keys, below its emoji: back to Korean or to the symbols, space,
    /// backspace, return and the dismiss key.
    private static let emojiControls: [KeypadSlot] = [
        .key(KeypadKey(label: "한", accessibleName: "한글 자판", action: .layer(.hangul), width: 3)),
        .key(KeypadKey(label: "!#1", accessibleName: "숫자와 기호", action: .layer(.symbols), width: 3)),
        .key(KeypadKey(label: "띄어쓰기", action: .key(.space), width: 6)),
        .key(backspace),
        .key(KeypadKey(label: "↵", accessibleName: "줄 바꿈", action: .key(.enter), width: 2)),
        .key(KeypadKey(label: "⌨", accessibleName: "자판 숨기기", action: .dismiss, width: 3))
    ]

    private static func textKeys(_ characters: String, names: [String: String] = [:]) -> [KeypadSlot] {
        characters.map { character in
            let text = String(character)
            return .key(KeypadKey(label: text, accessibleName: names[text], action: .text(text), width: 2))
        }
    }

    private static let backspace = KeypadKey(label: "⌫", accessibleName: "지우기", action: .key(.backspace), width: 3)

    private static func latinRows(capitals: Bool) -> [[KeypadSlot]] {
        let letters = ["qwertyuiop", "asdfghjkl", "zxcvbnm"].map { capitals ? $0.uppercased() : $0 }
        let shift = KeypadKey(
            label: "⇧", accessibleName: capitals ? "소문자" : "대문자", action: .layer(capitals ? .latin : .capitals),
            width: 3)
        return [
            textKeys(letters[0]),
            [.gap(width: 1)] + textKeys(letters[1]) + [.gap(width: 1)],
            [.key(shift)] + textKeys(letters[2]) + [.key(backspace)],
            bottomRow(other: ("!#1", "숫자와 기호", .symbols))
        ]
    }

    /// The symbol pages, ten keys a row (the last row seven, between the page key and ⌫): the
    /// first has the digits, every symbol of a web or mail address, ₩ and the rest of ASCII's
    /// common ones; the second the other currencies, the brackets and marks of Korean text, bullets,
    /// arrows and math, as a phone's symbol pages have them. Any symbol is two taps from the
    /// Korean keys, or three (!#1, the page key, the symbol).
    private static let symbolPages: [[String]] = [
        ["1234567890", "@#₩$%&*-+=", "()!?\"':;/~", "_<>[]^\\"],
        ["€£¥{}|“”·…", "「」『』〈〉《》【】", "※★☆♥♡●○■□～", "←→↑↓×÷°"]
    ]

    /// What a screen reader calls each symbol key: the symbol's name in Korean.
    private static let symbolNames = [
        "@": "골뱅이", "#": "샵", "₩": "원화 기호", "$": "달러", "%": "퍼센트", "&": "앰퍼샌드", "*": "별표", "-": "빼기",
        "+": "더하기", "=": "등호", "(": "여는 괄호", ")": "닫는 괄호", "!": "느낌표", "?": "물음표", "\"": "큰따옴표",
        "'": "작은따옴표", ":": "쌍점", ";": "쌍반점", "/": "빗금", "~": "물결표", "_": "밑줄", "<": "왼쪽 꺾쇠",
        ">": "오른쪽 꺾쇠", "[": "여는 대괄호", "]": "닫는 대괄호", "^": "캐럿", "\\": "역빗금",
        "€": "유로", "£": "파운드", "¥": "엔", "{": "여는 중괄호", "}": "닫는 중괄호", "|": "세로줄",
        "“": "여는 큰따옴표", "”": "닫는 큰따옴표", "·": "가운뎃점", "…": "말줄임표", "「": "여는 낫표", "」": "닫는 낫표", "『": "여는 겹낫표",
        "』": "닫는 겹낫표", "〈": "여는 홑화살괄호", "〉": "닫는 홑화살괄호", "《": "여는 겹화살괄호", "》": "닫는 겹화살괄호",
        "【": "여는 두꺼운 괄호", "】": "닫는 두꺼운 괄호", "※": "참고표", "★": "검은 별", "☆": "흰 별", "♥": "검은 하트",
        "♡": "흰 하트", "●": "검은 동그라미", "○": "흰 동그라미", "■": "검은 네모", "□": "흰 네모", "～": "전각 물결표",
        "←": "왼쪽 화살표", "→": "오른쪽 화살표", "↑": "위쪽 화살표", "↓": "아래쪽 화살표", "×": "곱하기", "÷": "나누기",
        "°": "도"
    ]

    /// Page `page` of the symbols: its four rows of symbols, the last with the key that turns to
    /// the other page (labelled with this page's number, 1/2, and named for where it goes), and
    /// the bottom row.
    private static func symbolRows(page: Int) -> [[KeypadSlot]] {
        let rows = symbolPages[page]
        let other = page == 0 ? KeypadLayer.moreSymbols : .symbols
        let turn = KeypadKey(
            label: "\(page + 1)/\(symbolPages.count)", accessibleName: "기호 \((page + 1) % symbolPages.count + 1)쪽",
            action: .layer(other),
            width: 3)
        return rows.dropLast().map { textKeys($0, names: symbolNames) }
            + [[.key(turn)] + textKeys(rows.last ?? "", names: symbolNames) + [.key(backspace)]]
            + [bottomRow(other: ("ABC", "영문 자판", .latin))]
    }
}
