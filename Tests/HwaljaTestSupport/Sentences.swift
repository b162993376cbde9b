/// Two lines as people write them, typed on the number row in every framework's tests:
/// 안녕하세요. 감사합니다 ⏎ 네, 좋아요! ⏎ — NEXT (keypad +) between 안 and 녕, the punctuation key
/// (.) once for a full stop, twice for a comma, four times for "!".
package enum Sentences {
    /// The keys, as X11 keysym names (xdotool's and the clients' `tap KEYSYM`).
    package static let keys = [
        "0", "1", "2", "5", "KP_Add", "5", "2", "2", "1", "0",  // 안녕
        "8", "8", "1", "2", "8", "2", "1", "1", "0", "2", "2", "3",  // 하세요
        "period", "space",  // ". "
        "4", "1", "2", "0", "0", "8", "1", "2", "8", "8", "1", "2", "7", "5", "1", "6", "1", "2",  // 감사합니다
        "Return",
        "5", "2", "1", "1", "period", "period", "space",  // "네, "
        "9", "2", "3", "8", "8", "0", "1", "2", "0", "2", "2", "3",  // 좋아요
        "period", "period", "period", "period", "Return"  // "!" and a new line
    ]
    /// What a multi-line field then holds.
    package static let text = "안녕하세요. 감사합니다\n네, 좋아요!\n"

    /// 감사합니다 네 typed, then 감사합니다 again and Down: 네, typed after it before, is
    /// predicted once it ends and picked. Each word is followed by two spaces, as in 천지인 (the
    /// first ends the syllable, the second types the blank).
    package static let predictingKeys: [String] = {
        let gamsahamnida = ["4", "1", "2", "0", "0", "8", "1", "2", "8", "8", "1", "2", "7", "5", "1", "6", "1", "2"]
        let ne = ["5", "2", "1", "1"]
        return gamsahamnida + ["space", "space"] + ne + ["space", "space"] + gamsahamnida + ["space", "space", "Down"]
    }()
    /// What the field then holds: the pick adds a space after 네.
    package static let predictingText = "감사합니다 네 감사합니다 네 "
}
