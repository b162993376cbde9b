#!/usr/bin/env python3
"""Print the Cheon-Ji-In keys (Samsung layout) that type a Korean text, as a hwalja-replay log;
with --layout cheonjiin-plus, naratgeul or vega, that layout's keys (hwalja-replay --layout).

Derived from Unicode decomposition alone, independent of the Swift code: NEXT goes between two
syllables only where the same key would continue a multi-tap run; a blank becomes SPACE (after a
syllable, SPACE SPACE: the first only ends the syllable); '.' ',' '?' '!' become PUNCT presses.

    tools/spell.py '안녕하세요'  |  swift run hwalja-replay -
    tools/spell.py --layout vega '안녕하세요'  |  swift run hwalja-replay --layout vega -

The other layouts have no punctuation key: only Hangul, blanks and newlines.
"""
import sys
import unicodedata
from script_help import answer_help  # noqa: E402

answer_help()

CONSONANTS = {
    "ㄱ": ("ㄱㅋ", 1), "ㅋ": ("ㄱㅋ", 2), "ㄲ": ("ㄱㅋ", 3), "ㄴ": ("ㄴㄹ", 1), "ㄹ": ("ㄴㄹ", 2),
    "ㄷ": ("ㄷㅌ", 1), "ㅌ": ("ㄷㅌ", 2), "ㄸ": ("ㄷㅌ", 3), "ㅂ": ("ㅂㅍ", 1), "ㅍ": ("ㅂㅍ", 2), "ㅃ": ("ㅂㅍ", 3),
    "ㅅ": ("ㅅㅎ", 1), "ㅎ": ("ㅅㅎ", 2), "ㅆ": ("ㅅㅎ", 3), "ㅈ": ("ㅈㅊ", 1), "ㅊ": ("ㅈㅊ", 2), "ㅉ": ("ㅈㅊ", 3),
    "ㅇ": ("ㅇㅁ", 1), "ㅁ": ("ㅇㅁ", 2),
}
INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
VOWELS = ["ㅣㆍ", "ㅣㆍㅣ", "ㅣㆍㆍ", "ㅣㆍㆍㅣ", "ㆍㅣ", "ㆍㅣㅣ", "ㆍㆍㅣ", "ㆍㆍㅣㅣ", "ㆍㅡ", "ㆍㅡㅣㆍ", "ㆍㅡㅣㆍㅣ",
          "ㆍㅡㅣ", "ㆍㆍㅡ", "ㅡㆍ", "ㅡㆍㆍㅣ", "ㅡㆍㆍㅣㅣ", "ㅡㆍㅣ", "ㅡㆍㆍ", "ㅡ", "ㅡㅣ", "ㅣ"]
FINALS = ["", "ㄱ", "ㄲ", "ㄱㅅ", "ㄴ", "ㄴㅈ", "ㄴㅎ", "ㄷ", "ㄹ", "ㄹㄱ", "ㄹㅁ", "ㄹㅂ", "ㄹㅅ", "ㄹㅌ", "ㄹㅍ", "ㄹㅎ",
          "ㅁ", "ㅂ", "ㅂㅅ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"]
PUNCT = {".": 1, ",": 2, "?": 3, "!": 4}

# The other layouts (docs/layouts.md): keys per consonant, keys per vowel (jungseong
# order), and the keys whose repeat continues a multi-tap run (NEXT between two letters).
STROKE_VOWELS = [list(v) for v in VOWELS]
NARATGEUL_VOWELS = [["ㅏㅓ"], ["ㅏㅓ", "ㅣ"], ["ㅏㅓ", "획"], ["ㅏㅓ", "획", "ㅣ"], ["ㅏㅓ", "ㅏㅓ"], ["ㅏㅓ", "ㅏㅓ", "ㅣ"],
                    ["ㅏㅓ", "ㅏㅓ", "획"], ["ㅏㅓ", "ㅏㅓ", "획", "ㅣ"], ["ㅗㅜ"], ["ㅗㅜ", "ㅏㅓ"], ["ㅗㅜ", "ㅏㅓ", "ㅣ"],
                    ["ㅗㅜ", "ㅣ"], ["ㅗㅜ", "획"], ["ㅗㅜ", "ㅗㅜ"], ["ㅗㅜ", "ㅗㅜ", "ㅏㅓ"], ["ㅗㅜ", "ㅗㅜ", "ㅏㅓ", "ㅣ"],
                    ["ㅗㅜ", "ㅗㅜ", "ㅣ"], ["ㅗㅜ", "ㅗㅜ", "획"], ["ㅡ"], ["ㅡ", "ㅣ"], ["ㅣ"]]
VEGA_VOWELS = [["ㅏㅑ"], ["ㅏㅑ", "ㅣㅡ"], ["ㅏㅑ"] * 2, ["ㅏㅑ", "ㅏㅑ", "ㅣㅡ"], ["ㅓㅕ"], ["ㅓㅕ", "ㅣㅡ"], ["ㅓㅕ"] * 2,
               ["ㅓㅕ", "ㅓㅕ", "ㅣㅡ"], ["ㅗㅛ"], ["ㅗㅛ", "ㅏㅑ"], ["ㅗㅛ", "ㅏㅑ", "ㅣㅡ"], ["ㅗㅛ", "ㅣㅡ"], ["ㅗㅛ"] * 2,
               ["ㅜㅠ"], ["ㅜㅠ", "ㅓㅕ"], ["ㅜㅠ", "ㅓㅕ", "ㅣㅡ"], ["ㅜㅠ", "ㅣㅡ"], ["ㅜㅠ"] * 2, ["ㅣㅡ"] * 2, ["ㅣㅡ"] * 3, ["ㅣㅡ"]]
LAYOUTS = {
    "cheonjiin": ({c: [k] * n for c, (k, n) in CONSONANTS.items()}, STROKE_VOWELS,
                  {"ㄱㅋ", "ㄴㄹ", "ㄷㅌ", "ㅂㅍ", "ㅅㅎ", "ㅈㅊ", "ㅇㅁ", "ㅣ", "ㆍ", "ㅡ"}),
    "cheonjiin-plus": ({"ㄱ": ["ㄱ"], "ㅋ": ["ㅋ"], "ㄲ": ["ㅋ", "ㅋ"], "ㄴ": ["ㄴ"], "ㄹ": ["ㄹ"], "ㄷ": ["ㄷ"], "ㅌ": ["ㅌ"],
                        "ㄸ": ["ㅌ", "ㅌ"], "ㅂ": ["ㅂ"], "ㅍ": ["ㅍ"], "ㅃ": ["ㅍ", "ㅍ"], "ㅅ": ["ㅅ"], "ㅎ": ["ㅎ"],
                        "ㅆ": ["ㅎ", "ㅎ"], "ㅈ": ["ㅈ"], "ㅊ": ["ㅊ"], "ㅉ": ["ㅊ", "ㅊ"], "ㅇ": ["ㅇ"], "ㅁ": ["ㅁ"]},
                       STROKE_VOWELS, {"ㅋ", "ㅌ", "ㅍ", "ㅎ", "ㅊ"}),
    "naratgeul": ({"ㄱ": ["ㄱ"], "ㅋ": ["ㄱ", "획"], "ㄲ": ["ㄱ", "쌍"], "ㄴ": ["ㄴ"], "ㄷ": ["ㄴ", "획"], "ㅌ": ["ㄴ", "획", "획"],
                   "ㄸ": ["ㄴ", "획", "쌍"], "ㄹ": ["ㄹ"], "ㅁ": ["ㅁ"], "ㅂ": ["ㅁ", "획"], "ㅍ": ["ㅁ", "획", "획"],
                   "ㅃ": ["ㅁ", "획", "쌍"], "ㅅ": ["ㅅ"], "ㅈ": ["ㅅ", "획"], "ㅊ": ["ㅅ", "획", "획"], "ㅆ": ["ㅅ", "쌍"],
                   "ㅉ": ["ㅅ", "획", "쌍"], "ㅇ": ["ㅇ"], "ㅎ": ["ㅇ", "획"]}, NARATGEUL_VOWELS, set()),
    "vega": ({"ㄱ": ["ㄱㅋ"], "ㅋ": ["ㄱㅋ"] * 2, "ㄲ": ["ㄱㅋ"] * 3, "ㄷ": ["ㄷㅌ"], "ㅌ": ["ㄷㅌ"] * 2, "ㄸ": ["ㄷㅌ"] * 3,
              "ㅁ": ["ㅁㅅ"], "ㅅ": ["ㅁㅅ"] * 2, "ㅆ": ["ㅁㅅ"] * 3, "ㅂ": ["ㅂㅍ"], "ㅍ": ["ㅂㅍ"] * 2, "ㅃ": ["ㅂㅍ"] * 3,
              "ㅈ": ["ㅈㅊ"], "ㅊ": ["ㅈㅊ"] * 2, "ㅉ": ["ㅈㅊ"] * 3, "ㄴ": ["ㄴㄹ"], "ㄹ": ["ㄴㄹ"] * 2, "ㅇ": ["ㅇㅎ"],
              "ㅎ": ["ㅇㅎ"] * 2}, VEGA_VOWELS, {"ㄱㅋ", "ㅣㅡ", "ㅏㅑ", "ㄷㅌ", "ㄴㄹ", "ㅓㅕ", "ㅁㅅ", "ㅂㅍ", "ㅗㅛ", "ㅈㅊ", "ㅇㅎ", "ㅜㅠ"}),
}
layout = "cheonjiin"


def consonant(c):
    return list(LAYOUTS[layout][0][c])


def syllable(ch):
    index = ord(ch) - 0xAC00
    keys = consonant(INITIALS[index // 588])
    keys += list(LAYOUTS[layout][1][(index // 28) % 21])
    for c in FINALS[index % 28]:
        keys += consonant(c)
    return keys


def spell(text):
    keys, composing = [], False
    for ch in unicodedata.normalize("NFC", text):
        if 0xAC00 <= ord(ch) <= 0xD7A3:
            part = syllable(ch)
            if keys and keys[-1] == part[0] and part[0] in LAYOUTS[layout][2]:
                keys.append("NEXT")
            keys += part
            composing = True
        elif ch in PUNCT and layout == "cheonjiin":
            if keys and keys[-1] == "PUNCT":
                keys.append("NEXT")
            keys += ["PUNCT"] * PUNCT[ch]
            composing = True
        elif ch == " ":
            keys += ["SPACE", "SPACE"] if composing and keys[-1] != "PUNCT" else ["SPACE"]
            composing = False
        elif ch == "\n":
            keys.append("ENTER")
            composing = False
        else:
            sys.exit(f"spell.py: cannot type {ch!r} on the {layout} keypad")
    return keys


if __name__ == "__main__":
    arguments = sys.argv[1:]
    if arguments[:1] == ["--layout"] and len(arguments) >= 2:
        layout = arguments[1]
        if layout not in LAYOUTS:
            sys.exit(f"spell.py: no layout {layout!r} (layouts: {', '.join(LAYOUTS)})")
        arguments = arguments[2:]
    text = " ".join(arguments) if arguments else sys.stdin.read().rstrip("\n")
    print(" ".join(spell(text)))
