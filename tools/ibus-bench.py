#!/usr/bin/python3
"""Measures, in one run, the round trip of ProcessKeyEvent through ibus-daemon to the hwalja
engine and back, beside ibus-daemon's own Ping (org.freedesktop.IBus.Ping), from the same
IBus client connection. Run by tools/ibus-bench, which starts a private ibus-daemon.

    tools/ibus-bench.py CALLS
"""
import statistics
import sys
import time

from ibus_session import connect, pump
from gi.repository import Gio, GLib, IBus  # noqa: E402 (ibus_session selects IBus 1.0)

RELEASE = 1 << 30
NUMLOCK = 1 << 4


def main():
    calls = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    bus = connect()
    context = bus.create_input_context("hwalja-bench")
    context.set_capabilities(IBus.Capabilite.PREEDIT_TEXT | IBus.Capabilite.FOCUS)
    context.focus_in()
    context.set_engine("hwalja")
    pump(0.3)
    connection = bus.get_connection()
    ping = GLib.Variant("(v)", (GLib.Variant("s", "hwalja"),))
    # 안녕하세요 on the keypad, over and over; each key is a press and a release.
    keys = [IBus.KEY_KP_0, IBus.KEY_KP_1, IBus.KEY_KP_2, IBus.KEY_KP_5, IBus.KEY_KP_Add, IBus.KEY_KP_5,
            IBus.KEY_KP_2, IBus.KEY_KP_2, IBus.KEY_KP_1, IBus.KEY_KP_0, IBus.KEY_space]
    presses, pings = [], []
    for block in range(10):
        for index in range(calls // 10):
            keyval = keys[index % len(keys)]
            for state in (NUMLOCK, NUMLOCK | RELEASE):
                start = time.perf_counter()
                context.process_key_event(keyval, 0, state)
                presses.append(time.perf_counter() - start)
            pump(0)
        for _ in range(calls // 10):
            start = time.perf_counter()
            connection.call_sync("org.freedesktop.IBus", "/org/freedesktop/IBus", "org.freedesktop.IBus", "Ping",
                                 ping, None, Gio.DBusCallFlags.NONE, -1, None)
            pings.append(time.perf_counter() - start)
    report("ProcessKeyEvent through ibus-daemon to hwalja", presses)
    report("ibus-daemon Ping", pings)
    print(f"ratio: median {statistics.median(presses) / statistics.median(pings):.2f}x")


def report(name, samples):
    samples = sorted(samples)
    median = statistics.median(samples) * 1e6
    p99 = samples[int(len(samples) * 0.99)] * 1e6
    print(f"{name:48s} median {median:7.1f} µs, p99 {p99:7.1f} µs ({len(samples)} calls)")


main()
