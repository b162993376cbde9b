#!/usr/bin/python3
"""A stand-in for feedbackd on the session bus, for the tests: it owns org.sigxcpu.Feedback and
writes one line per TriggerFeedback call to LOG, the caller's application id and event
("org.hwalja.Keypad key-pressed"), and plays nothing. feedbackd itself drives a vibration motor,
LEDs and a sound card, which a test machine lacks; its D-Bus interface is all hwalja-keypad uses.

    tools/feedback-standin.py LOG

Prints "ready" once it owns the name; runs until it is killed or the bus goes.
"""
import sys

from script_help import answer_help

answer_help()

from gi.repository import Gio, GLib  # noqa: E402

INTERFACE = """
<node>
  <interface name="org.sigxcpu.Feedback">
    <method name="TriggerFeedback">
      <arg direction="in" name="app_id" type="s"/>
      <arg direction="in" name="event" type="s"/>
      <arg direction="in" name="hints" type="a{sv}"/>
      <arg direction="in" name="timeout" type="i"/>
      <arg direction="out" name="id" type="u"/>
    </method>
  </interface>
</node>
"""


def main():
    if len(sys.argv) != 2:
        raise SystemExit("usage: tools/feedback-standin.py LOG")
    log = open(sys.argv[1], "a", encoding="utf-8")
    loop = GLib.MainLoop()
    calls = 0

    def called(connection, sender, path, interface, method, parameters, invocation):
        nonlocal calls
        application, event, _, _ = parameters.unpack()
        log.write(f"{application} {event}\n")
        log.flush()
        calls += 1
        invocation.return_value(GLib.Variant("(u)", (calls,)))

    bus = Gio.bus_get_sync(Gio.BusType.SESSION)
    bus.register_object("/org/sigxcpu/Feedback", Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0], called)

    def acquired(*_):
        print("ready", flush=True)

    def lost(*_):
        loop.quit()

    Gio.bus_own_name_on_connection(bus, "org.sigxcpu.Feedback", Gio.BusNameOwnerFlags.NONE, acquired, lost)
    loop.run()


main()
