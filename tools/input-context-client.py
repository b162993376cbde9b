#!/usr/bin/python3
"""An input-framework addon as another project would write it, against hwaljad's key-event
interface (org.hwalja.InputContext1) with GLib's own D-Bus implementation (python3-gi's Gio),
playing the application too: it keeps the text from the signals and applies the keys the daemon
does not handle. Prints one JSON line.

    tools/input-context-client.py ADDRESS EVENT...
    tools/input-context-client.py --peer BUS-ADDRESS EVENT...    # over hwaljad's GetPeerAddress
    tools/input-context-client.py --peer-address ADDRESS EVENT...

With --peer the client asks the daemon on the bus for its private socket (GetPeerAddress) and
types over a peer-to-peer connection there (no bus: no names, no Hello); --peer-address names
that socket's address itself.

EVENT is KEYSYM (a tap: press and release), +KEYSYM (press), -KEYSYM (release), sleep:MS,
purpose:N (SetContentType(N, 0): 8 is a password field), focus-out, keymap:NAME, pick:N
(AcceptSuggestion(N): the Nth word suggested) or forget (ForgetLearnedWords). KEYSYM is a
digit, 'space', 'period', 'Return', 'BackSpace', 'KP_Add', 'KP_0'...'KP_9', or a number.
Output: {"text": ..., "preedit": ..., "suggestions": [the words the Suggestions property holds at the
end], "handled": [...], "signals": [[member, args...], ...]}.
"""
import json
import sys
import time

from gi.repository import Gio, GLib
from script_help import answer_help  # noqa: E402

answer_help()

NAME, ENGINE, CONTEXT = "org.hwalja.Engine1", "/org/hwalja/Engine1", "org.hwalja.InputContext1"
RELEASE = 1 << 30
KEYSYMS = {"space": 0x20, "period": 0x2e, "Return": 0xff0d, "BackSpace": 0xff08, "KP_Add": 0xffab}
KEYSYMS.update({f"KP_{d}": 0xffb0 + d for d in range(10)})


def keysym(name):
    if len(name) == 1:
        return ord(name)
    return KEYSYMS.get(name) or int(name, 0)


class Application:
    """The text before the cursor and the preedit after it, as an application shows them."""

    def __init__(self):
        self.text, self.preedit = "", ""

    def key(self, sym):
        if sym == KEYSYMS["BackSpace"]:
            self.text = self.text[:-1]
        elif sym == KEYSYMS["Return"]:
            self.text += "\n"
        elif 0x20 <= sym < 0x7f:
            self.text += chr(sym)

    def signal(self, member, args):
        if member == "CommitText":
            self.text += args[0]
        elif member == "UpdatePreedit":
            self.preedit = args[0]
        elif member == "DeleteSurroundingText":
            offset, count = args
            assert offset == -count, "hwaljad deletes only just before the cursor"
            self.text = self.text[:len(self.text) - count]
        elif member == "ForwardKeyEvent" and not args[2] & RELEASE:
            self.key(args[0])


def main():
    global NAME
    mode = sys.argv[1] if sys.argv[1] in ("--peer", "--peer-address") else None
    args = sys.argv[2:] if mode else sys.argv[1:]
    address, events = args[0], args[1:]
    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    if mode == "--peer":
        on_bus = Gio.DBusConnection.new_for_address_sync(address, flags, None, None)
        address = on_bus.call_sync(NAME, ENGINE, "org.hwalja.Engine1", "GetPeerAddress", None, GLib.VariantType("(s)"),
                                   Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
    if mode:
        bus = Gio.DBusConnection.new_for_address_sync(address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT, None, None)
        NAME = owner = None  # a peer connection has no names: whatever comes on it is the daemon's
    else:
        bus = Gio.DBusConnection.new_for_address_sync(address, flags, None, None)
        def name_owner():
            return bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner",
                                 GLib.Variant("(s)", (NAME,)), GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, 5000,
                                 None).unpack()[0]
        try:
            owner = name_owner()
        except GLib.Error:
            # An installed hwaljad may not run yet: the bus starts it (D-Bus activation), as a first call would.
            bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "StartServiceByName",
                          GLib.Variant("(su)", (NAME, 0)), GLib.VariantType("(u)"), Gio.DBusCallFlags.NONE, 10000, None)
            owner = name_owner()
    app, signals, handled = Application(), [], []

    def received(_c, _s, _p, _i, member, params):
        args = list(params.unpack())
        signals.append([member] + args)
        app.signal(member, args)

    bus.signal_subscribe(owner, CONTEXT, None, None, None, Gio.DBusSignalFlags.NONE, received)
    path = bus.call_sync(NAME, ENGINE, "org.hwalja.Engine1", "CreateInputContext", None,
                         GLib.VariantType("(o)"), Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
    context = GLib.MainContext.default()

    def call(method, params=None, reply="()"):
        result = bus.call_sync(NAME, path, CONTEXT, method, params, GLib.VariantType(reply),
                               Gio.DBusCallFlags.NONE, 5000, None)
        while context.iteration(False):  # the signals came before the reply: apply them first
            pass
        return result.unpack()

    def key(sym, state):
        used = call("ProcessKeyEvent", GLib.Variant("(uuu)", (sym, 0, state)), "(bu)")[0]
        handled.append(used)
        if not used and not state & RELEASE:
            app.key(sym)

    call("FocusIn")
    call("SetSurroundingText", GLib.Variant("(suu)", ("", 0, 0)))  # so the daemon may delete before the cursor
    for event in events:
        if event.startswith("sleep:"):
            deadline = time.monotonic() + int(event[6:]) / 1000
            while time.monotonic() < deadline:
                context.iteration(False) or time.sleep(0.005)
        elif event.startswith("purpose:"):
            call("SetContentType", GLib.Variant("(uu)", (int(event[8:]), 0)))
        elif event.startswith("keymap:"):
            call("SetKeymap", GLib.Variant("(s)", (event[7:],)))
        elif event == "focus-out":
            call("FocusOut")
        elif event.startswith("pick:"):
            handled.append(call("AcceptSuggestion", GLib.Variant("(u)", (int(event[5:]),)), "(b)")[0])
        elif event == "forget":
            bus.call_sync(NAME, ENGINE, "org.hwalja.Engine1", "ForgetLearnedWords", None, None,
                          Gio.DBusCallFlags.NONE, 5000, None)
        elif event[0] in "+-" and len(event) > 1:
            key(keysym(event[1:]), 0 if event[0] == "+" else RELEASE)
        else:
            key(keysym(event), 0)
            key(keysym(event), RELEASE)
    while context.iteration(False):
        pass
    suggestions = bus.call_sync(NAME, path, "org.freedesktop.DBus.Properties", "Get", GLib.Variant("(ss)", (CONTEXT, "Suggestions")),
                                GLib.VariantType("(v)"), Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
    print(json.dumps({"text": app.text, "preedit": app.preedit, "suggestions": suggestions, "handled": handled,
                      "signals": signals},
                     ensure_ascii=False))
    bus.call_sync(NAME, ENGINE, "org.hwalja.Engine1", "DestroyContext", GLib.Variant("(o)", (path,)),
                  None, Gio.DBusCallFlags.NONE, 5000, None)


main()
