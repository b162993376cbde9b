#!/usr/bin/python3
"""Types keys into KWin through its fake-input protocol, for the real-application tests on KDE
Plasma (tools/app_session.py, HWALJA_TYPIST=kwin): translates key names into evdev codes (a US
keyboard) and runs the client tools/clients/kwin-fake-keys.c, built by the tests, found at
$HWALJA_KWIN_FAKE_KEYS. Run it as the session's user, in its environment.

    tools/kwin-keys.py KEY...

KEY: a key name (4, KP_1, KP_End, BackSpace, space, Return, Tab, period, Down, F12), `hold:KEY:MS`
(down, MS milliseconds, up), `down:KEY` (down, and up only at the end) or `pause:MS`. Keys come
30 ms apart.
Control goes first, alone, with time to settle (Shift alone would switch fcitx5's input method).
"""
import os
import subprocess
import sys
from script_help import answer_help  # noqa: E402

answer_help()

KEY_DELAY_MS = 30
EVDEV = {
    **{str(digit): 2 + (digit - 1) % 10 for digit in range(10)},  # 1 is KEY_1 (2) … 0 is KEY_0 (11)
    "space": 57, "Return": 28, "BackSpace": 14, "Tab": 15, "period": 52, "comma": 51,
    "Down": 108, "Up": 103, "Left": 105, "Right": 106, "F12": 88, "Control_L": 29, "Shift_L": 42,
    "KP_0": 82, "KP_1": 79, "KP_2": 80, "KP_3": 81, "KP_4": 75, "KP_5": 76, "KP_6": 77, "KP_7": 71,
    "KP_8": 72, "KP_9": 73, "KP_Add": 78, "KP_Decimal": 83, "KP_Divide": 98, "KP_Multiply": 55,
    "KP_Enter": 96,
}
# With NumLock off the keypad's keys send these.
EVDEV.update({"KP_Insert": 82, "KP_End": 79, "KP_Down": 80, "KP_Next": 81, "KP_Left": 75, "KP_Begin": 76,
              "KP_Right": 77, "KP_Home": 71, "KP_Up": 72, "KP_Prior": 73, "KP_Delete": 83})


def code(name):
    if name not in EVDEV:
        sys.exit(f"kwin-keys: no evdev code for {name}")
    return EVDEV[name]


def events(keys):
    """kwin-fake-keys' events for `keys`: dCODE, uCODE, sMS."""
    result = ["d29", "u29", "s300"]
    held = []
    for key in keys:
        if key.startswith("hold:"):
            _, name, milliseconds = key.split(":")
            result += [f"d{code(name)}", f"s{milliseconds}", f"u{code(name)}"]
        elif key.startswith("down:"):
            held.append(code(key.split(":")[1]))
            result += [f"d{held[-1]}"]
        elif key.startswith("pause:"):
            result += [f"s{key.split(':')[1]}"]
        else:
            result += [f"d{code(key)}", f"u{code(key)}"]
        result.append(f"s{KEY_DELAY_MS}")
    return result + [f"u{c}" for c in held]


sys.exit(subprocess.call([os.environ["HWALJA_KWIN_FAKE_KEYS"]] + events(sys.argv[1:])))
