#!/usr/bin/python3
"""An input framework in twenty lines: Debian's python3-dbus and a GLib main loop, driving
hwaljad's org.hwalja.InputContext1 with key events one at a time, as a keyboard sends them.

Usage: key-events-dbus.py ADDRESS EVENT...
EVENT is DOWN:KEYSYM or UP:KEYSYM (a keysym name: KP_4, BackSpace …) or WAIT:MS (the main loop
runs meanwhile, so what hwaljad's timers do arrives). Keeps the field as an application would
(CommitText inserts, DeleteSurroundingText deletes, a forwarded or unhandled BackSpace deletes)
and prints one JSON object: {"text": …, "preedit": …, "events": [...]}, where events lists, in
the order they came, each call's answer ("DOWN:KP_4 -> handled 1 release 1") and each signal
("UpdatePreedit ㄱ").
"""
import json
import sys

import dbus
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

NAME, ENGINE, CONTEXT = "org.hwalja.Engine1", "/org/hwalja/Engine1", "org.hwalja.InputContext1"
KEYSYMS = {"BackSpace": 0xFF08, "KP_Add": 0xFFAB, "KP_Decimal": 0xFFAE, "space": 0x20, "Return": 0xFF0D}
KEYSYMS.update({f"KP_{digit}": 0xFFB0 + digit for digit in range(10)})
RELEASE = 1 << 30


def main():
    if sys.argv[1:2] in (["--help"], ["-h"]):
        print(__doc__.strip())
        return
    address, events = sys.argv[1], sys.argv[2:]
    bus = dbus.bus.BusConnection(address, mainloop=DBusGMainLoop())
    engine = dbus.Interface(bus.get_object(NAME, ENGINE), NAME)
    path = engine.CreateInputContext("cheonjiin")
    context = dbus.Interface(bus.get_object(NAME, path), CONTEXT)
    field = {"text": "", "preedit": ""}
    log = []

    def on_signal(*args, member=None):
        if member == "CommitText":
            field["text"] += str(args[0])
        elif member == "UpdatePreedit":
            field["preedit"] = str(args[0])
        elif member == "DeleteSurroundingText":
            field["text"] = field["text"][:len(field["text"]) + int(args[0])]
        elif member == "ForwardKeyEvent" and args[0] == KEYSYMS["BackSpace"] and not args[2] & RELEASE:
            field["text"] = field["text"][:-1]
        log.append(" ".join([member] + [str(arg) for arg in args]))

    bus.add_signal_receiver(on_signal, dbus_interface=CONTEXT, path=path, member_keyword="member")
    context.FocusIn()
    context.SetSurroundingText("", 0, 0)  # the field can delete before its cursor
    loop = GLib.MainContext.default()

    def settle():
        while loop.iteration(False):
            pass

    for event in events:
        kind, _, value = event.partition(":")
        if kind == "WAIT":
            deadline = GLib.get_monotonic_time() + int(value) * 1000
            while GLib.get_monotonic_time() < deadline:
                loop.iteration(False) or GLib.usleep(1000)
            continue
        keysym = KEYSYMS[value]
        answer = context.ProcessKeyEvent(keysym, 0, RELEASE if kind == "UP" else 0)
        settle()  # the signals hwaljad sent before its answer
        handled, release = bool(answer[0]), int(answer[1])
        if not handled and kind == "DOWN" and value == "BackSpace":
            field["text"] = field["text"][:-1]
        log.append(f"{event} -> handled {int(handled)} release {release}")
    settle()
    print(json.dumps({"text": field["text"], "preedit": field["preedit"], "events": log}, ensure_ascii=False))


main()
