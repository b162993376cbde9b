#!/usr/bin/python3
"""The simplest hwaljad client there is: Debian's python3-dbus, no main loop, blocking calls.

Usage: blocking-dbus.py ADDRESS ROUNDS
Makes a context with CreateContext and types 안녕 and a space ROUNDS times with PressKey, keeping
the text as the interface says (each reply's commit, then its preedit). Prints one JSON line:
{"keys": N, "text_ok": bool, "slowest_ms": float, "error": null or "name: message"}.
It never dispatches: signals, if any were sent, would wait unread in its queue.
"""
import json
import sys
import time

import dbus

KEYS = ["ㅇㅁ", "ㅣ", "ㆍ", "ㄴㄹ", "NEXT", "ㄴㄹ", "ㆍ", "ㆍ", "ㅣ", "ㅇㅁ", "SPACE", "SPACE"]  # 안녕, a space (the first SPACE ends 녕)


def main():
    if sys.argv[1:2] in (["--help"], ["-h"]):
        print(__doc__.strip())
        return
    address, rounds = sys.argv[1], int(sys.argv[2])
    bus = dbus.bus.BusConnection(address)
    engine = bus.get_object("org.hwalja.Engine1", "/org/hwalja/Engine1")
    path = engine.CreateContext(dbus_interface="org.hwalja.Engine1")
    context = dbus.Interface(bus.get_object("org.hwalja.Engine1", path), "org.hwalja.Context1")
    text, preedit, slowest, keys, error = [], "", 0.0, 0, None
    try:
        for _ in range(rounds):
            for key in KEYS:
                start = time.monotonic()
                commit, preedit, consumed = context.PressKey(key, timeout=5)
                slowest = max(slowest, time.monotonic() - start)
                text.append(str(commit))
                keys += 1
    except dbus.exceptions.DBusException as failure:
        error = f"{failure.get_dbus_name()}: {failure.get_dbus_message()}"
    typed = "".join(text) + str(preedit)
    print(json.dumps({"keys": keys, "text_ok": typed == "안녕 " * (keys // len(KEYS)), "slowest_ms": slowest * 1000, "error": error},
                     ensure_ascii=False))


main()
