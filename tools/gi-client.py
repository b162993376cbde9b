#!/usr/bin/python3
"""Drive hwaljad with GLib's D-Bus client (Debian's python3-gi): one long-lived connection that
creates a context, sends keys, and reports replies, errors and signals as one JSON line.

    tools/gi-client.py ADDRESS [--leave] KEY...

Each KEY is sent with PressKey; 'BS()' and 'NEXT()' call Backspace and NextCharacter instead.
With --leave the client exits without destroying its context (a client vanishing mid-word).
"""
import json
import sys

from gi.repository import Gio, GLib

NAME, ENGINE, CONTEXT = "org.hwalja.Engine1", "/org/hwalja/Engine1", "org.hwalja.Context1"


def main():
    address, args = sys.argv[1], sys.argv[2:]
    leave = "--leave" in args
    keys = [a for a in args if a != "--leave"]
    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    bus = Gio.DBusConnection.new_for_address_sync(address, flags, None, None)
    signals = []
    # Signals only from the daemon's own connection: anyone may send this one a lookalike.
    owner = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner",
                          GLib.Variant("(s)", (NAME,)), GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, 5000,
                          None).unpack()[0]
    bus.signal_subscribe(owner, CONTEXT, None, None, None, Gio.DBusSignalFlags.NONE,
                         lambda _c, _s, _p, _i, name, params: signals.append([name, params.unpack()[0]]))
    path = bus.call_sync(NAME, ENGINE, "org.hwalja.Engine1", "CreateContext", None,
                         GLib.VariantType("(o)"), Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
    results = []
    for key in keys:
        method, params = {"BS()": ("Backspace", None), "NEXT()": ("NextCharacter", None)}.get(
            key, ("PressKey", GLib.Variant("(s)", (key,))))
        try:
            reply = bus.call_sync(NAME, path, CONTEXT, method, params, GLib.VariantType("(ssb)"),
                                  Gio.DBusCallFlags.NONE, 5000, None)
            results.append(list(reply.unpack()))
        except GLib.Error as error:
            name = Gio.DBusError.get_remote_error(error)
            Gio.DBusError.strip_remote_error(error)
            results.append(["error", name, error.message])
    context = GLib.MainContext.default()
    while context.iteration(False):
        pass
    print(json.dumps({"path": path, "results": results, "signals": signals}, ensure_ascii=False))
    sys.stdout.flush()
    if not leave:
        bus.call_sync(NAME, ENGINE, "org.hwalja.Engine1", "DestroyContext", GLib.Variant("(o)", (path,)),
                      None, Gio.DBusCallFlags.NONE, 5000, None)


main()
