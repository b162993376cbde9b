import Testing

/// What users type in every application, the cases a framework and an application must both get
/// right (issue #50's S1–S7): each ends in Return, so that a key overtaking the text before it, a
/// held key read as taps or a syllable typed twice shows in the text. Keys are xdotool's names
/// (tools/app_session.py: `click`, `hold:KEY:MS`, `pause:MS`).
package struct TypingCase: Sendable, CustomTestStringConvertible {
    package var name: String
    package var keys: [String]
    /// The application's text afterwards.
    package var text: String
    /// Milliseconds between keys, if not the harness's 30.
    package var keyDelay: Int?

    package var testDescription: String { name }

    /// Whether the case picks a suggestion: the input method must have read its word list first.
    package var picks: Bool { keys.contains("Down") }

    /// The harness's environment for this case.
    package var environment: [String: String] { keyDelay.map { ["HWALJA_KEY_DELAY_MS": String($0)] } ?? [:] }

    /// Every case but the click, for a typist that cannot click (wtype on sway, mutter's remote desktop).
    package static var allButTheClick: [TypingCase] { all.filter { !$0.keys.contains("click") } }

    package static let all: [TypingCase] = [
        TypingCase(name: "sentences", keys: Sentences.keys, text: Sentences.text),
        TypingCase(name: "sentences at 8 ms a key", keys: Sentences.keys, text: Sentences.text, keyDelay: 8),
        // Space ends 한; the second is a blank.
        TypingCase(
            name: "a word, a blank, a word",
            keys: ["8", "8", "1", "2", "5", "space", "space", "4", "3", "5", "5", "Return"], text: "한 글\n"),
        // 가 composing when the pointer clicks in the field: 가 once, then 나.
        TypingCase(
            name: "a click while composing", keys: ["4", "1", "2", "click", "5", "1", "2", "Return"], text: "가나\n"),
        // 안 composing, BackSpace takes its last stroke back: 아.
        TypingCase(name: "backspace while composing", keys: ["0", "1", "2", "5", "BackSpace", "Return"], text: "아\n"),
        // 4 held a second, past the X server's auto-repeat (660 ms): its digit, once.
        TypingCase(name: "a long press", keys: ["hold:4:1000", "Return"], text: "4\n"),
        // 가가, then BackSpace held 2 s (X repeating it): both go, one a repeat, and nothing else.
        TypingCase(
            name: "a held backspace",
            keys: ["4", "1", "2", "space", "4", "1", "2", "hold:BackSpace:2000", "5", "1", "2", "Return"],
            text: "나\n"),
        // 감사, then Down picks the first suggestion, once the engine has read its word list.
        TypingCase(
            name: "a suggestion picked", keys: ["pause:2000", "4", "1", "2", "0", "0", "8", "1", "2", "Down", "Return"],
            text: "감사합니다 \n"),
        // 안 NEXT 녀: 안 is given to the application before the pick, which replaces the word (안녕,
        // the first suggestion) without typing 안 again where the application cannot delete it.
        TypingCase(
            name: "a suggestion picked after a finished syllable",
            keys: ["pause:2000", "0", "1", "2", "5", "KP_Add", "5", "2", "2", "1", "Down", "Return"],
            text: "안녕 \n")
    ]
}
