import HwaljaCore
import HwaljaKeypad
import Testing

struct KeypadTests {
    static func labels(_ keypad: Keypad, _ layer: KeypadLayer) -> [[String]] {
        keypad.rows(layer).map { $0.map { $0.key?.label ?? "" } }
    }

    @Test(arguments: KeyboardLayout.allCases)
    func everyRowOfEveryLayerFillsTheGrid(layout: KeyboardLayout) {
        for layer in KeypadLayer.allCases {
            for row in Keypad(layout: layout).rows(layer) {
                #expect(
                    row.map(\.width).reduce(0, +) == Keypad.columns,
                    "\(layout) \(layer): \(row.map { $0.key?.label ?? "gap" })")
            }
        }
    }

    @Test func cheonjiinIsThePhoneKeypadWithItsControlsOnTheRight() {
        let keypad = Keypad(layout: .cheonjiin)
        #expect(
            Self.labels(keypad, .hangul) == [
                ["ㅣ", "ㆍ", "ㅡ", "⌫"],
                ["ㄱㅋ", "ㄴㄹ", "ㄷㅌ", "다음"],
                ["ㅂㅍ", "ㅅㅎ", "ㅈㅊ", "↵"],
                [".,?!", "ㅇㅁ", "", "띄어쓰기"],
                ["ABC", "!#1", "◀", "▶", "⌨"]
            ])
        let digits = keypad.rows(.hangul).prefix(4).map { $0.prefix(3).map { $0.key?.digit ?? "-" } }
        #expect(digits == [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"], ["-", "0", "-"]])
        #expect(keypad.key(labelled: "ㄱㅋ", in: .hangul)?.action == .key(.giyeokKieuk))
        #expect(keypad.key(labelled: ".,?!", in: .hangul)?.accessibleName == "문장 부호")
    }

    /// The labels are full size in the default window (480 × 420) and in a panel along the
    /// bottom of a landscape laptop screen (1024 × 768, the panel 45 % of it: 345 pixels), as
    /// readable as each other; smaller only in a narrower or lower keypad, never below half.
    @Test func theLabelsAreFullSizeInTheWindowAndInALandscapePanel() {
        #expect(Keypad.labelScale(width: 480, height: 420) == 1)
        #expect(Keypad.labelScale(width: 1024, height: 768 * 45 / 100) == 1)
        #expect(Keypad.labelScale(width: 1920, height: 1080 * 45 / 100) == 1)
        #expect(Keypad.labelScale(width: 360, height: 420) == 0.75)  // upright: by its width
        #expect(Keypad.labelScale(width: 480, height: 170) == 0.5)
        #expect(Keypad.labelScale(width: 100, height: 100) == 0.5)
    }

    /// ☺, named 이모지, opens the emoji page from the Latin and symbol layers; the page's row goes
    /// back to the Korean keys or the symbols.
    @Test func theLatinAndSymbolLayersOpenTheEmojiPage() {
        let keypad = Keypad(layout: .cheonjiin)
        for layer in [KeypadLayer.latin, .capitals, .symbols, .moreSymbols] {
            let key = keypad.key(labelled: "☺", in: layer)
            #expect(key?.accessibleName == "이모지" && key?.action == .layer(.emoji), "\(layer)")
        }
        #expect(Self.labels(keypad, .emoji) == [["한", "!#1", "띄어쓰기", "⌫", "↵", "⌨"]])
        #expect(keypad.key(labelled: "한", in: .emoji)?.action == .layer(.hangul))
    }

    /// The space bar of every layer moves the cursor when dragged, as on phones; no other key does.
    @Test(arguments: KeyboardLayout.allCases)
    func theSpaceBarsAloneMoveTheCursorWhenDragged(layout: KeyboardLayout) {
        for layer in KeypadLayer.allCases {
            let keys = Keypad(layout: layout).rows(layer).flatMap { $0.compactMap(\.key) }
            #expect(keys.filter(\.movesCursorWhenDragged).map(\.label) == ["띄어쓰기"], "\(layout) \(layer)")
        }
    }

    @Test func cheonjiinPlusHasEachSecondHalfBesideItsFirst() {
        let keypad = Keypad(layout: .cheonjiinPlus)
        #expect(
            Self.labels(keypad, .hangul).prefix(4) == [
                ["ㅣ", "ㆍ", "ㅡ", "⌫"],
                ["ㄱ", "ㅋ", "ㄴ", "ㄹ", "ㄷ", "ㅌ", "다음"],
                ["ㅂ", "ㅍ", "ㅅ", "ㅎ", "ㅈ", "ㅊ", "↵"],
                ["", "ㅇ", "ㅁ", "", "띄어쓰기"]
            ])
        #expect(keypad.key(labelled: "ㄱ", in: .hangul)?.digit == "4")
        #expect(keypad.key(labelled: "ㅋ", in: .hangul)?.digit == nil, "the second halves have no phone position")
    }

    @Test func naratgeulAndVegaHaveKeysAtStarAndHash() {
        #expect(Self.labels(Keypad(layout: .naratgeul), .hangul)[3] == ["획추가", "ㅡ", "쌍자음", "띄어쓰기"])
        #expect(Self.labels(Keypad(layout: .vega), .hangul)[3] == ["ㅈㅊ", "ㅇㅎ", "ㅜㅠ", "띄어쓰기"])
        #expect(Keypad(layout: .vega).key(labelled: "ㅈㅊ", in: .hangul)?.digit == nil, "* types no digit")
    }

    @Test(arguments: KeyboardLayout.allCases)
    func everyKeyHasItsOwnNameAndTheDismissKeyIsAtTheBottomRight(layout: KeyboardLayout) {
        for layer in KeypadLayer.allCases {
            let keys = Keypad(layout: layout).rows(layer).joined().compactMap(\.key)
            let names = keys.map(\.accessibleName)
            #expect(!names.contains(""))
            #expect(Set(names).count == names.count, "\(layout) \(layer): names repeat: \(names)")
            #expect(Keypad(layout: layout).rows(layer).last?.last?.key?.action == .dismiss)
        }
    }

    @Test func theLatinAndSymbolLayersTypeAWebAddressAndAMailAddress() {
        let keypad = Keypad(layout: .cheonjiin)
        var typed: Set<Character> = []
        for layer in [KeypadLayer.latin, .capitals, .symbols] {
            for key in keypad.rows(layer).joined().compactMap(\.key) {
                if case .text(let text) = key.action { typed.formUnion(text) }
            }
        }
        for address in ["https://example.org/a_b-c?x=1&y=(2)~#top", "Kim.Minji+hwalja@example.com"] {
            #expect(address.allSatisfy(typed.contains), "\(address.filter { !typed.contains($0) })")
        }
    }

    /// What a phone's symbol pages have (brackets, quotes, the currencies, arrows, math, bullets,
    /// Korean text's brackets and marks), each within three taps of the Korean keys (!#1, the
    /// page key, the symbol), ₩ on the first page, and at least 54 symbols in all.
    @Test func theSymbolPagesHaveAPhonesSymbolsWithinThreeTaps() {
        let keypad = Keypad(layout: .cheonjiin)
        func keys(_ layer: KeypadLayer) -> [KeypadKey] { keypad.rows(layer).joined().compactMap(\.key) }
        var tapsTo: [KeypadLayer: Int] = [.hangul: 0]
        var unvisited = [KeypadLayer.hangul]
        while !unvisited.isEmpty {
            let layer = unvisited.removeFirst()
            for key in keys(layer) {
                guard case .layer(let next) = key.action, tapsTo[next] == nil else { continue }
                tapsTo[next] = (tapsTo[layer] ?? 0) + 1
                unvisited.append(next)
            }
        }
        var tapsToType: [String: Int] = [:]
        for (layer, taps) in tapsTo {
            for key in keys(layer) {
                guard case .text(let text) = key.action else { continue }
                tapsToType[text] = min(tapsToType[text] ?? .max, taps + 1)
            }
        }
        for symbol in "()[]{}<>\"'“”₩$€¥£←→↑↓+-×÷=%※·…「」『』〈〉《》～★☆" {
            #expect((tapsToType[String(symbol)] ?? .max) <= 3, "\(symbol): \(tapsToType[String(symbol)] ?? 0) taps")
        }
        #expect(tapsToType["₩"] == 2, "₩ on the first page")
        let symbols = tapsToType.keys.filter { !$0.allSatisfy { $0.isLetter || $0.isNumber } }
        #expect(symbols.count >= 54, "\(symbols.count) symbols")
        #expect(keypad.key(labelled: "1/2", in: .symbols)?.action == .layer(.moreSymbols))
        #expect(keypad.key(labelled: "1/2", in: .symbols)?.accessibleName == "기호 2쪽")
        #expect(keypad.key(labelled: "2/2", in: .moreSymbols)?.action == .layer(.symbols))
    }

    @Test func onlyHwaljaKeysAreHeldTheRestActOnATap() {
        let keypad = Keypad(layout: .cheonjiin)
        #expect(keypad.key(labelled: "⌫", in: .hangul)?.isHeld == true)
        #expect(keypad.key(labelled: "ㅣ", in: .hangul)?.isHeld == true)
        #expect(keypad.key(labelled: "ABC", in: .hangul)?.isHeld == false)
        #expect(keypad.key(labelled: "q", in: .latin)?.isHeld == false)
        #expect(keypad.key(labelled: "⇧", in: .latin)?.action == .layer(.capitals))
        #expect(keypad.key(labelled: "⇧", in: .capitals)?.action == .layer(.latin))
    }

    @Test func everyKeyIsAtLeastNineMillimetresAtTheScreensDensity() {
        // 96 dots per inch: 3.78 pixels a millimetre, 9 mm 35 pixels; 천지인's narrowest keys are
        // 4 of 20 columns (a phone key; ◀ ▶ and ⌨ as wide), so five of them fit across, with 6
        // pixels between: 199 pixels, 53 mm, narrower than any phone.
        let size = Keypad(layout: .cheonjiin).minimumSize(of: .hangul, pixelsPerMillimetre: 96 / 25.4, spacing: 6)
        #expect(size.width == 5 * 35 + 4 * 6)
        #expect(size.height == 5 * 35 + 4 * 6)
        // 천지인 플러스's halves are 2 of 20, ten across, as the Latin layer's keys.
        let plus = Keypad(layout: .cheonjiinPlus).minimumSize(of: .hangul, pixelsPerMillimetre: 96 / 25.4, spacing: 6)
        #expect(plus.width == 10 * 35 + 9 * 6)
        let latin = Keypad(layout: .cheonjiin).minimumSize(of: .latin, pixelsPerMillimetre: 10, spacing: 0)
        #expect(latin.width == 900 && latin.height == 360)
    }
}
