#!/usr/bin/python3
"""Types keys into a GNOME session through mutter's remote-desktop API, as a remote desktop client
does (org.gnome.Mutter.RemoteDesktop on the session bus: CreateSession, Start,
NotifyKeyboardKeysym), for the real-application tests on GNOME (tools/app_session.py,
HWALJA_TYPIST=mutter). Run it as the session's user, in its environment.

    tools/mutter-keys.py KEY...

KEY: a keysym name (4, KP_1, BackSpace, space, Return, Tab), `hold:KEY:MS` (down, MS milliseconds,
up), `down:KEY` (down, and up only at the end) or `pause:MS`. Keys come 30 ms apart, or
$HWALJA_KEY_DELAY_MS apart.
"""
import os
import sys
import time

from ibus_session import keysym

from gi.repository import Gio, GLib  # noqa: E402 (ibus_session selects IBus 1.0)
from script_help import answer_help  # noqa: E402

answer_help()

DESTINATION = "org.gnome.Mutter.RemoteDesktop"
SESSION = "org.gnome.Mutter.RemoteDesktop.Session"
KEY_DELAY = int(os.environ.get("HWALJA_KEY_DELAY_MS", "30")) / 1000


def main():
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)

    def call(path, interface, member, params=None, reply=None):
        return bus.call_sync(DESTINATION, path, interface, member, params,
                             GLib.VariantType(reply) if reply else None, Gio.DBusCallFlags.NONE, 5000, None)

    session = call("/org/gnome/Mutter/RemoteDesktop", DESTINATION, "CreateSession", None, "(o)").unpack()[0]
    call(session, SESSION, "Start")

    def key(name, down):
        call(session, SESSION, "NotifyKeyboardKeysym", GLib.Variant("(ub)", (keysym(name), down)))

    # The first key may come before the window has the keyboard (a password field's, with no input
    # context to wait for): a modifier goes first, with time to settle, as for wtype.
    key("Shift_L", True)
    key("Shift_L", False)
    time.sleep(0.3)
    held = []
    for argument in sys.argv[1:]:
        if argument.startswith("hold:"):
            _, name, milliseconds = argument.split(":")
            key(name, True)
            time.sleep(int(milliseconds) / 1000)
            key(name, False)
        elif argument.startswith("down:"):
            held.append(argument.split(":")[1])
            key(held[-1], True)
        elif argument.startswith("pause:"):
            time.sleep(int(argument.split(":")[1]) / 1000)
        else:
            key(argument, True)
            key(argument, False)
        time.sleep(KEY_DELAY)
    for name in held:
        key(name, False)
    call(session, SESSION, "Stop")


main()
