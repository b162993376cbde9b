#!/usr/bin/env python3
"""Print the Cheon-Ji-In keys (Samsung layout) that type a Korean text, as a hwalja-replay log.

Derived from Unicode decomposition alone, independent of the Swift code: NEXT goes between two
syllables only where the same key would continue a multi-tap run; a blank becomes SPACE (after a
syllable, SPACE SPACE: the first only ends the syllable); '.' ',' '?' '!' become PUNCT presses.

    tools/spell.py '안녕하세요'  |  swift run hwalja-replay -
"""
import sys
import unicodedata

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


def consonant(c):
    key, presses = CONSONANTS[c]
    return [key] * presses


def syllable(ch):
    index = ord(ch) - 0xAC00
    keys = consonant(INITIALS[index // 588])
    keys += list(VOWELS[(index // 28) % 21])
    for c in FINALS[index % 28]:
        keys += consonant(c)
    return keys


def spell(text):
    keys, composing = [], False
    for ch in unicodedata.normalize("NFC", text):
        if 0xAC00 <= ord(ch) <= 0xD7A3:
            part = syllable(ch)
            if keys and keys[-1] == part[0]:
                keys.append("NEXT")
            keys += part
            composing = True
        elif ch in PUNCT:
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
            sys.exit(f"spell.py: cannot type {ch!r} on the Cheon-Ji-In keypad")
    return keys


if __name__ == "__main__":
    text = " ".join(sys.argv[1:]) if len(sys.argv) > 1 else sys.stdin.read().rstrip("\n")
    print(" ".join(spell(text)))
