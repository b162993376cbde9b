import HwaljaTestSupport
import Testing

/// How sure hwalja is that Samsung's keyboard does this (docs/layouts.md, "How sure").
enum Confidence: Sendable {
    case confident, probable, guess
}

/// A key sequence and the text a Samsung Cheon-Ji-In user expects from it.
struct GoldenCase: Sendable, CustomTestStringConvertible {
    let number: Int
    let keys: String
    let expected: String
    let confidence: Confidence
    let note: String

    init(_ number: Int, _ keys: String, _ expected: String, _ confidence: Confidence, _ note: String) {
        self.number = number
        self.keys = keys
        self.expected = expected
        self.confidence = confidence
        self.note = note
    }

    var testDescription: String { "#\(number) \(keys) → \(expected.isEmpty ? "∅" : expected) (\(note))" }
}

/// The 109 golden cases of the behaviour spec: Korean as people type it on a Samsung phone.
///
/// Two cases follow issue #2 over the survey, which marks them as guesses: backspace undoes the
/// last keystroke, so ㄱㅋ ㄱㅋ BS is ㄱ (#103) and 갍 BS is 갈ㄷ (#108).
struct GoldenCaseTests {
    static let cases: [GoldenCase] = [
        GoldenCase(1, "ㅇㅁ ㅣ ㆍ ㄴㄹ NEXT ㄴㄹ ㆍ ㆍ ㅣ ㅇㅁ ㅅㅎ ㅅㅎ ㅣ ㆍ ㅅㅎ ㆍ ㅣ ㅣ ㅇㅁ ㆍ ㆍ ㅡ", "안녕하세요", .confident, "word"),
        GoldenCase(2, "ㄱㅋ ㅣ ㆍ ㅇㅁ ㅇㅁ ㅅㅎ ㅣ ㆍ ㅅㅎ ㅅㅎ ㅣ ㆍ ㅂㅍ ㄴㄹ ㅣ ㄷㅌ ㅣ ㆍ", "감사합니다", .confident, "word"),
        GoldenCase(3, "ㅇㅁ ㅣ ㄴㄹ ㄴㄹ ㄱㅋ ㄷㅌ ㅣ ㆍ", "읽다", .confident, "word"),
        GoldenCase(4, "ㅇㅁ ㅣ ㆍ ㄴㄹ ㅈㅊ ㄷㅌ ㅣ ㆍ", "앉다", .confident, "word"),
        GoldenCase(5, "ㅇㅁ ㅇㅁ ㅣ ㆍ ㄴㄹ ㅅㅎ ㅅㅎ ㅇㅁ ㅣ", "많이", .confident, "word"),
        GoldenCase(6, "ㅇㅁ ㆍ ㅣ ㅂㅍ ㅅㅎ ㄷㅌ ㅣ ㆍ", "없다", .confident, "word"),
        GoldenCase(7, "ㄱㅋ ㆍ ㅡ ㅣ ㆍ ㅣ ㄴㄹ ㅈㅊ ㅈㅊ ㅣ ㆍ ㄴㄹ ㅅㅎ ㅅㅎ ㅇㅁ ㅣ ㆍ", "괜찮아", .confident, "word"),
        GoldenCase(8, "ㅇㅁ ㅇㅁ ㅡ ㆍ ㆍ ㅣ ㅅㅎ ㅅㅎ ㅣ ㆍ ㅣ", "뭐해", .confident, "word"),
        GoldenCase(9, "ㅇㅁ ㅡ ㅣ ㅅㅎ ㅣ ㆍ", "의사", .confident, "word"),
        GoldenCase(10, "ㅅㅎ ㅅㅎ ㅅㅎ ㅡ ㄴㄹ ㄴㄹ ㆍ ㅣ ㅣ ㄱㅋ ㅣ", "쓰레기", .confident, "word"),
        GoldenCase(11, "ㅂㅍ ㅣ ㆍ ㄴㄹ ㄴㄹ ㄱㅋ ㅅㅎ ㅅㅎ ㅣ ㄷㅌ ㅣ ㆍ", "밝히다", .confident, "word"),
        GoldenCase(12, "ㅅㅎ ㅅㅎ ㅡ ㆍ ㆍ ㅣ ㄴㄹ ㄴㄹ ㅅㅎ ㅅㅎ ㅅㅎ ㅣ ㄴㄹ", "훨씬", .confident, "word"),
        GoldenCase(13, "ㅇㅁ ㆍ ㅡ ㅣ ㆍ ㅣ", "왜", .confident, "word"),
        GoldenCase(14, "ㅇㅁ ㆍ ㅡ ㅣ ㅇㅁ ㅡ ㆍ ㆍ ㅣ", "외워", .confident, "word"),
        GoldenCase(15, "ㅂㅍ ㅡ ㆍ ㆍ ㅣ ㅣ ㄴㄹ ㄴㄹ ㄱㅋ", "뷁", .confident, "word"),
        GoldenCase(16, "ㅅㅎ ㅅㅎ ㅣ ㆍ ㄱㅋ NEXT ㄱㅋ ㆍ ㆍ ㅡ", "학교", .confident, "word"),
        GoldenCase(17, "ㅅㅎ ㅣ ㆍ ㄴㄹ ㄴㄹ ㅣ ㆍ ㅇㅁ ㅅㅎ ㅅㅎ ㅣ ㆍ ㅣ ㅇㅁ ㆍ ㆍ ㅡ", "사랑해요", .confident, "word"),
        GoldenCase(18, "ㄷㅌ ㄷㅌ ㄷㅌ ㆍ ㅣ ㄱㅋ ㅂㅍ ㆍ ㅡ ㄱㅋ ㄱㅋ ㄱㅋ ㅇㅁ ㅣ", "떡볶이", .confident, "word"),
        GoldenCase(19, "ㅈㅊ ㅈㅊ ㅈㅊ ㅣ ㆍ ㅈㅊ ㅣ ㆍ ㅇㅁ NEXT ㅇㅁ ㅇㅁ ㆍ ㆍ ㅣ ㄴㄹ", "짜장면", .confident, "word"),
        GoldenCase(20, "ㅂㅍ ㅂㅍ ㅂㅍ ㅣ ㆍ ㄴㄹ ㄴㄹ NEXT ㄴㄹ ㄴㄹ ㅣ", "빨리", .confident, "word"),
        GoldenCase(21, "ㅇㅁ ㅣ ㅅㅎ ㅅㅎ ㅅㅎ ㅇㅁ ㆍ ㅣ", "있어", .confident, "word"),
        GoldenCase(22, "ㅅㅎ ㅅㅎ ㅣ ㆍ ㅣ ㅅㅎ ㅅㅎ ㅅㅎ ㅇㅁ ㆍ ㅣ", "했어", .confident, "word"),
        GoldenCase(23, "ㄱㅋ ㄱㅋ ㄱㅋ ㆍ ㅡ ㅈㅊ ㅈㅊ", "꽃", .confident, "word"),
        GoldenCase(24, "ㄷㅌ ㆍ ㅡ ㅣ ㆍ ㅣ ㅈㅊ ㅣ", "돼지", .confident, "word"),
        GoldenCase(25, "ㄱㅋ ㆍ ㅡ ㅇㅁ ㅇㅁ ㅣ ㆍ ㅇㅁ ㅡ ㆍ ㆍ ㅣ", "고마워", .confident, "word"),
        GoldenCase(26, "ㄴㄹ ㆍ ㅣ ㄴㄹ ㄴㄹ ㅂㅍ ㄷㅌ ㅣ ㆍ", "넓다", .confident, "word"),
        GoldenCase(27, "ㅂㅍ ㅣ ㆍ ㄴㄹ ㄴㄹ ㅂㅍ ㄷㅌ ㅣ ㆍ", "밟다", .confident, "word"),
        GoldenCase(28, "ㅇㅁ ㅣ ㆍ ㄴㄹ ㄴㄹ ㅅㅎ ㅅㅎ ㄷㅌ ㅣ ㆍ", "앓다", .confident, "word"),
        GoldenCase(29, "ㄱㅋ ㄱㅋ ㄱㅋ ㅡ ㄴㄹ ㅅㅎ ㅅㅎ ㄷㅌ ㅣ ㆍ", "끊다", .confident, "word"),
        GoldenCase(30, "ㅈㅊ ㆍ ㅣ ㄴㄹ ㄴㄹ ㅇㅁ ㅇㅁ ㄷㅌ ㅣ ㆍ", "젊다", .confident, "word"),
        GoldenCase(31, "ㅇㅁ ㆍ ㆍ ㅣ ㄷㅌ ㆍ ㅣ ㄴㄹ ㄴㄹ ㅂㅍ", "여덟", .confident, "word"),
        GoldenCase(32, "ㅅㅎ ㅅㅎ ㅡ ㄴㄹ ㄴㄹ ㄱㅋ", "흙", .confident, "word"),
        GoldenCase(33, "ㅅㅎ ㅣ ㆍ ㄱㅋ ㅅㅎ", "삯", .confident, "word"),
        GoldenCase(34, "ㅇㅁ ㆍ ㅡ ㅣ ㄱㅋ ㆍ ㅡ ㄴㄹ ㄴㄹ ㅅㅎ", "외곬", .confident, "word"),
        GoldenCase(35, "ㅅㅎ ㅅㅎ ㅡ ㆍ ㄴㄹ ㄴㄹ ㄷㅌ ㄷㅌ NEXT ㄷㅌ ㅣ ㆍ", "훑다", .confident, "word"),
        GoldenCase(36, "ㅅㅎ ㅅㅎ ㅣ ㆍ ㄴㄹ ㄴㄹ ㄷㅌ ㄷㅌ NEXT ㄷㅌ ㅣ ㆍ", "핥다", .confident, "word"),
        GoldenCase(37, "ㅇㅁ ㅡ ㄴㄹ ㄴㄹ ㅂㅍ ㅂㅍ ㄷㅌ ㅣ ㆍ", "읊다", .confident, "word"),
        GoldenCase(38, "ㅇㅁ ㅣ ㆍ ㅣ", "애", .confident, "compound vowel ㅐ"),
        GoldenCase(39, "ㅇㅁ ㅣ ㆍ ㆍ ㅣ", "얘", .confident, "compound vowel ㅒ"),
        GoldenCase(40, "ㅇㅁ ㆍ ㅣ ㅣ", "에", .confident, "compound vowel ㅔ"),
        GoldenCase(41, "ㅇㅁ ㆍ ㆍ ㅣ ㅣ", "예", .confident, "compound vowel ㅖ"),
        GoldenCase(42, "ㅇㅁ ㆍ ㅡ ㅣ ㆍ", "와", .confident, "compound vowel ㅘ"),
        GoldenCase(43, "ㅇㅁ ㆍ ㅡ ㅣ ㆍ ㅣ", "왜", .confident, "compound vowel ㅙ"),
        GoldenCase(44, "ㅇㅁ ㆍ ㅡ ㅣ", "외", .confident, "compound vowel ㅚ"),
        GoldenCase(45, "ㅇㅁ ㅡ ㆍ ㆍ ㅣ", "워", .confident, "compound vowel ㅝ"),
        GoldenCase(46, "ㅇㅁ ㅡ ㆍ ㆍ ㅣ ㅣ", "웨", .confident, "compound vowel ㅞ"),
        GoldenCase(47, "ㅇㅁ ㅡ ㆍ ㅣ", "위", .confident, "compound vowel ㅟ"),
        GoldenCase(48, "ㅇㅁ ㅡ ㅣ", "의", .confident, "compound vowel ㅢ"),
        GoldenCase(49, "ㄱㅋ ㆍ ㆍ ㅡ", "교", .confident, "ᆢ+ㅡ=ㅛ"),
        GoldenCase(50, "ㄴㄹ ㆍ ㆍ ㅣ", "녀", .confident, "ᆢ+ㅣ=ㅕ"),
        GoldenCase(51, "ㅇㅁ ㅡ ㆍ ㆍ", "유", .confident, "ㅜ+ㆍ=ㅠ"),
        GoldenCase(52, "ㄱㅋ", "ㄱ", .confident, "cycle"),
        GoldenCase(53, "ㄱㅋ ㄱㅋ", "ㅋ", .confident, "cycle"),
        GoldenCase(54, "ㄱㅋ ㄱㅋ ㄱㅋ", "ㄲ", .confident, "cycle"),
        GoldenCase(55, "ㄱㅋ ㄱㅋ ㄱㅋ ㄱㅋ", "ㄱ", .probable, "cycle wraps"),
        GoldenCase(56, "ㄴㄹ ㄴㄹ ㄴㄹ", "ㄴ", .probable, "cycle wraps"),
        GoldenCase(57, "ㅇㅁ ㅇㅁ ㅇㅁ", "ㅇ", .probable, "cycle wraps"),
        GoldenCase(58, "ㅅㅎ ㅅㅎ ㅅㅎ ㅅㅎ", "ㅅ", .probable, "cycle wraps"),
        GoldenCase(59, "ㄷㅌ ㄷㅌ ㄷㅌ ㄷㅌ ㄷㅌ", "ㅌ", .probable, "cycle wraps twice round"),
        GoldenCase(60, "ㅇㅁ ㅣ ㆍ ㄱㅋ ㄱㅋ ㄱㅋ", "앆", .confident, "final ㄲ"),
        GoldenCase(61, "ㅇㅁ ㅣ ㆍ ㄱㅋ ㄱㅋ ㄱㅋ ㄱㅋ", "악", .probable, "final cycle wraps"),
        GoldenCase(62, "ㅇㅁ ㅣ ㆍ ㄷㅌ ㄷㅌ ㄷㅌ", "아ㄸ", .confident, "ㄸ cannot be a final: becomes next initial"),
        GoldenCase(63, "ㅇㅁ ㅣ ㆍ ㄷㅌ ㄷㅌ ㄷㅌ ㅣ", "아띠", .confident, ""),
        GoldenCase(64, "ㅇㅁ ㅣ ㆍ ㄷㅌ ㄷㅌ ㄷㅌ ㄷㅌ", "앋", .probable, "wrap pulls ㄷ back as final"),
        GoldenCase(65, "ㅇㅁ ㅣ ㆍ ㄴㄹ ㄴㄹ ㄴㄹ", "안", .probable, "final cycle wraps"),
        GoldenCase(66, "ㅇㅁ ㅣ ㆍ ㅇㅁ ㅇㅁ ㅇㅁ", "앙", .probable, "final cycle wraps"),
        GoldenCase(67, "ㅇㅁ ㆍ ㆍ ㆍ ㅣ", "어", .guess, "ㆍㆍㆍ = ㆍ"),
        GoldenCase(68, "ㅇㅁ ㅣ ㆍ ㆍ ㆍ", "아", .guess, "ㅑ+ㆍ = ㅏ"),
        GoldenCase(69, "ㅇㅁ ㅡ ㆍ ㆍ ㆍ", "우", .guess, "ㅠ+ㆍ = ㅜ"),
        GoldenCase(70, "ㅇㅁ ㅇㅁ ㅇㅁ ㅡ ㅣ", "의", .probable, "ㅇ after wrap, then ㅢ"),
        GoldenCase(71, "ㅡ ㅣ", "ㅢ", .probable, "standalone vowel ㅢ"),
        GoldenCase(72, "ㄴㄹ ㆍ ㅣ ㄱㅋ ㅅㅎ", "넋", .confident, "ㄳ"),
        GoldenCase(73, "ㅇㅁ ㅣ ㆍ ㄴㄹ ㅅㅎ ㅅㅎ", "않", .confident, "ㄶ via ㄴ+ㅅ→ㅎ"),
        GoldenCase(74, "ㅂㅍ ㅣ ㆍ ㄴㄹ ㄴㄹ ㅂㅍ ㅂㅍ", "밢", .confident, "ㄿ"),
        GoldenCase(75, "ㅂㅍ ㅣ ㆍ ㄴㄹ ㄴㄹ ㅂㅍ ㅂㅍ ㅂㅍ", "발ㅃ", .confident, "ㄹ+ㅃ is no cluster"),
        GoldenCase(76, "ㅂㅍ ㅣ ㆍ ㄴㄹ ㄴㄹ ㅂㅍ ㅂㅍ ㅂㅍ ㅂㅍ", "밟", .probable, "wrap back to ㄼ"),
        GoldenCase(77, "ㅇㅁ ㅣ ㆍ ㄴㄹ ㄴㄹ ㅅㅎ ㅅㅎ ㅅㅎ", "알ㅆ", .confident, "ㄹ+ㅆ is no cluster"),
        GoldenCase(78, "ㅇㅁ ㅣ ㆍ ㄴㄹ ㄴㄹ ㄷㅌ", "알ㄷ", .confident, "ㄹ+ㄷ is no cluster (yet)"),
        GoldenCase(79, "ㅇㅁ ㅣ ㆍ ㄴㄹ ㄴㄹ ㄷㅌ ㄷㅌ", "앑", .confident, "second tap makes ㄾ"),
        GoldenCase(80, "ㅇㅁ ㅣ ㆍ ㄴㄹ ㄴㄹ ㅇㅁ ㅇㅁ", "앎", .confident, "ㄻ"),
        GoldenCase(81, "ㄱㅋ ㅣ ㆍ ㅂㅍ ㅅㅎ ㅅㅎ", "갑ㅎ", .confident, "ㅄ then ㅅ→ㅎ leaves the cluster"),
        GoldenCase(82, "ㄱㅋ ㅣ ㆍ ㄱㅋ ㅣ", "가기", .confident, "각+ㅣ"),
        GoldenCase(83, "ㄷㅌ ㅣ ㆍ ㄴㄹ ㄴㄹ ㄱㅋ ㅣ", "달기", .confident, "닭+ㅣ"),
        GoldenCase(84, "ㄱㅋ ㅣ ㆍ ㅂㅍ ㅅㅎ ㅣ", "갑시", .confident, "값+ㅣ"),
        GoldenCase(85, "ㄱㅋ ㅣ ㆍ ㅅㅎ ㅅㅎ ㅅㅎ ㆍ ㅣ", "가써", .confident, "갔+ㆍㅣ (ㆍ also moves the final)"),
        GoldenCase(86, "ㄱㅋ ㅣ ㆍ ㄷㅌ ㄷㅌ ㆍ ㅡ", "가토", .confident, "같+ㆍㅡ"),
        GoldenCase(87, "ㅇㅁ ㅣ ㆍ ㄴㄹ ㅈㅊ ㅡ", "안즈", .confident, "앉+ㅡ"),
        GoldenCase(88, "ㄱㅋ ㄱㅋ NEXT ㄱㅋ ㄱㅋ NEXT ㄱㅋ ㄱㅋ", "ㅋㅋㅋ", .confident, "NEXT separates same-key consonants"),
        GoldenCase(89, "ㄴㄹ NEXT ㄴㄹ", "ㄴㄴ", .confident, ""),
        GoldenCase(90, "ㄱㅋ ㅣ ㆍ ㄴㄹ ㄴㄹ NEXT ㄷㅌ ㄷㅌ", "갈ㅌ", .confident, "NEXT must stop ㄹ+ㅌ merging"),
        GoldenCase(91, "ㄱㅋ ㅣ ㆍ ㄴㄹ NEXT ㅅㅎ ㅅㅎ", "간ㅎ", .confident, "NEXT must stop ㄶ"),
        GoldenCase(92, "ㄱㅋ ㅣ ㆍ ㄴㄹ ㄴㄹ NEXT ㅇㅁ ㅇㅁ", "갈ㅁ", .confident, "NEXT must stop ㄻ"),
        GoldenCase(93, "ㄱㅋ ㅣ ㆍ ㄱㅋ NEXT ㅣ", "각ㅣ", .probable, "committed final does not move"),
        GoldenCase(94, "ㄱㅋ ㅣ ㆍ SPACE ㄴㄹ ㅣ ㆍ", "가나", .probable, "1st space while composing only commits"),
        GoldenCase(95, "ㄱㅋ ㅣ ㆍ SPACE SPACE ㄴㄹ ㅣ ㆍ", "가 나", .probable, "2nd space inserts a blank"),
        GoldenCase(96, "ㅅㅎ ㅅㅎ ㅣ ㆍ ㄱㅋ SPACE ㄱㅋ ㆍ ㆍ ㅡ", "학교", .probable, "space as next-character"),
        GoldenCase(97, "SPACE", " ", .probable, "space with nothing composing"),
        GoldenCase(98, "ㅅㅎ ㅅㅎ ㅣ ㆍ ㄴㄹ BS", "하", .probable, "BS removes the final"),
        GoldenCase(99, "ㄷㅌ ㅣ ㆍ ㄴㄹ ㄴㄹ ㄱㅋ BS", "달", .probable, "BS removes 2nd part of cluster"),
        GoldenCase(100, "ㅇㅁ ㅣ ㆍ ㆍ BS", "아", .guess, "BS undoes one stroke of a vowel"),
        GoldenCase(101, "ㄱㅋ ㆍ ㅡ ㅣ ㆍ BS", "괴", .guess, "ㅘ back to ㅚ"),
        GoldenCase(102, "ㄱㅋ ㅣ ㆍ ㄱㅋ ㅣ BS", "각", .guess, "BS restores the moved final"),
        GoldenCase(103, "ㄱㅋ ㄱㅋ BS", "ㄱ", .guess, "issue #2: BS undoes the last keystroke (ㅋ ← ㄱ + ㄱㅋ)"),
        GoldenCase(104, "ㄱㅋ ㅣ ㆍ SPACE BS", "", .probable, "committed syllable deleted whole"),
        GoldenCase(105, "ㄱㅋ ㅣ ㆍ ㄴㄹ ㄴㄹ ㄷㅌ ㄷㅌ ㄷㅌ", "갈ㄸ", .confident, "ㄹ+ㄸ is no cluster"),
        GoldenCase(106, "ㄱㅋ ㅣ ㆍ ㄴㄹ ㄴㄹ ㄷㅌ ㄷㅌ ㄷㅌ ㄷㅌ", "갈ㄷ", .probable, "wrap inside the ㄹ+ㄷ run"),
        GoldenCase(107, "ㅂㅍ ㅣ ㆍ ㄴㄹ ㄴㄹ ㅂㅍ ㅂㅍ ㅣ", "발피", .confident, "ㄿ+ㅣ: only ㅍ moves"),
        GoldenCase(
            108, "ㄱㅋ ㅣ ㆍ ㄴㄹ ㄴㄹ ㄷㅌ ㄷㅌ BS", "갈ㄷ", .probable, "issue #2: BS undoes the last keystroke (갍 ← 갈ㄷ + ㄷㅌ)"),
        GoldenCase(
            109, "ㄴㄹ ㅣ ㆍ ㅇㅁ ㅇㅁ ㅡ ㆍ ㅇㅁ ㅡ ㆍ ㅣ ㄱㅋ ㄱㅋ ㅣ", "나무위키", .confident,
            "worked example published for 천지인 (namu-wiki mirrors)")
    ]

    @Test(arguments: cases)
    func typesWhatASamsungUserExpects(_ golden: GoldenCase) {
        #expect(typed(golden.keys) == golden.expected)
    }

    @Test func theSpecCasesAreAllPresent() {
        #expect(Self.cases.map(\.number) == Array(1...109))
    }

    /// Golden cases of issue #2 and of 천지인's published descriptions besides the 109 above.
    @Test(arguments: [
        ("ㄷㅌ ㅣ ㆍ ㄴㄹ ㄴㄹ ㄱㅋ", "닭"),
        ("ㄱㅋ ㅣ ㆍ ㅂㅍ ㅅㅎ", "값"),
        ("ㅅㅎ ㅣ ㆍ ㄴㄹ ㄴㄹ ㅇㅁ ㅇㅁ", "삶"),
        ("ㅅㅎ ㅣ ㄴㄹ ㄴㄹ ㅅㅎ ㅅㅎ ㅇㅁ ㆍ ㅣ", "싫어"),
        ("ㅇㅁ ㆍ ㅣ ㄴㄹ ㅈㅊ ㄷㅌ ㅣ ㆍ", "얹다"),
        ("ㅇㅁ ㅣ ㆍ ㄱㅋ NEXT ㄱㅋ ㅣ", "악기"),
        ("ㆍ ㆍ ㆍ", "ㆍ"),
        ("ㅇㅁ ㅣ ㆍ ㄴㄹ BS", "아"),
        ("ㅇㅁ ㅣ ㆍ BS", "이"),
        ("ㄱㅋ ㅣ ㆍ ㅂㅍ ㅂㅍ ㅂㅍ", "가ㅃ"),
        ("ㄱㅋ ㅣ ㆍ ㄴㄹ ㄴㄹ ㅂㅍ", "갋"),
        ("ㄱㅋ ㅣ ㆍ ㄴㄹ ㄴㄹ ㅂㅍ ㅂㅍ", "갎"),
        ("ㄱㅋ ㅣ ㆍ ㄴㄹ ㄴㄹ ㅂㅍ ㅂㅍ ㅂㅍ", "갈ㅃ"),
        ("ㄱㅋ ㅣ ㆍ ㄴㄹ ㅅㅎ", "간ㅅ"),
        ("ㄱㅋ ㅣ ㆍ ㄴㄹ ㅅㅎ ㅅㅎ", "갆"),
        ("ㅇㅁ ㅣ ㆍ ㄴㄹ ㅅㅎ ㅅㅎ ㅣ", "안히")
    ])
    func typesTheIssueExamples(keys: String, expected: String) {
        #expect(typed(keys) == expected)
    }
}
