#!/usr/bin/python3
"""Drive hwaljad with GLib's D-Bus client (Debian's python3-gi): one long-lived connection that
creates a context, sends keys, and reports replies, errors and signals as one JSON line.

    tools/gi-client.py ADDRESS [--leave] [--signals] KEY...

Each KEY is sent with PressKey; 'BS()' and 'NEXT()' call Backspace and NextCharacter instead,
'DOWN:K' and 'UP:K' KeyDown and KeyUp of key K, and 'WAIT:MS' runs the main loop for MS
milliseconds, taking signals as they come. With --signals the client asks for signals
(SetCapabilities 4: what timers do, and suggestions); with --leave it exits without destroying
its context (a client vanishing mid-word). "signals" lists [member, argument] as they arrived
(an array argument joined with commas); "events" interleaves them with the replies, in order.
"""
import json
import sys

from gi.repository import Gio, GLib
from script_help import answer_help  # noqa: E402

answer_help()

NAME, ENGINE, CONTEXT = "org.hwalja.Engine1", "/org/hwalja/Engine1", "org.hwalja.Context1"


def main():
    address, args = sys.argv[1], sys.argv[2:]
    leave, wants_signals = "--leave" in args, "--signals" in args
    keys = [a for a in args if a not in ("--leave", "--signals")]
    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    bus = Gio.DBusConnection.new_for_address_sync(address, flags, None, None)
    signals, events = [], []

    def received(name, params):
        value = params.unpack()[0]
        entry = [name, ",".join(value) if isinstance(value, list) else str(value)]
        signals.append(entry)
        events.append(["signal"] + entry)
    # Signals only from the daemon's own connection: anyone may send this one a lookalike.
    owner = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner",
                          GLib.Variant("(s)", (NAME,)), GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, 5000,
                          None).unpack()[0]
    bus.signal_subscribe(owner, CONTEXT, None, None, None, Gio.DBusSignalFlags.NONE,
                         lambda _c, _s, _p, _i, name, params: received(name, params))
    path = bus.call_sync(NAME, ENGINE, "org.hwalja.Engine1", "CreateContext", None,
                         GLib.VariantType("(o)"), Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
    if wants_signals:
        bus.call_sync(NAME, path, CONTEXT, "SetCapabilities", GLib.Variant("(u)", (4,)), GLib.VariantType("(u)"),
                      Gio.DBusCallFlags.NONE, 5000, None)
    results = []
    context = GLib.MainContext.default()
    for key in keys:
        if key.startswith("WAIT:"):
            loop = GLib.MainLoop()
            GLib.timeout_add(int(key[5:]), loop.quit)
            loop.run()
            continue
        method, params = {"BS()": ("Backspace", None), "NEXT()": ("NextCharacter", None)}.get(
            key, ("PressKey", GLib.Variant("(s)", (key,))))
        if key.startswith("DOWN:") or key.startswith("UP:"):
            method, params = ("KeyDown" if key.startswith("DOWN:") else "KeyUp"), GLib.Variant("(s)", (key.split(":", 1)[1],))
        try:
            reply = bus.call_sync(NAME, path, CONTEXT, method, params, GLib.VariantType("(ssb)"),
                                  Gio.DBusCallFlags.NONE, 5000, None)
            while context.iteration(False):  # signals sent before the reply come first
                pass
            results.append(list(reply.unpack()))
            events.append(["reply", method] + [str(value) for value in reply.unpack()])
        except GLib.Error as error:
            name = Gio.DBusError.get_remote_error(error)
            Gio.DBusError.strip_remote_error(error)
            results.append(["error", name, error.message])
    while context.iteration(False):
        pass
    print(json.dumps({"path": path, "results": results, "signals": signals, "events": events}, ensure_ascii=False))
    sys.stdout.flush()
    if not leave:
        bus.call_sync(NAME, ENGINE, "org.hwalja.Engine1", "DestroyContext", GLib.Variant("(o)", (path,)),
                      None, Gio.DBusCallFlags.NONE, 5000, None)


main()
