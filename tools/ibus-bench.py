#!/usr/bin/python3
"""Measures, in one run and from one IBus client connection, the round trip of a key event
(ProcessKeyEvent, press and release) through ibus-daemon to an engine and back: hwalja beside
ibus-hangul (libhangul, IBus's own Korean engine), each typing 안녕하세요 over and over in
alternating blocks; and ibus-daemon's own Ping (org.freedesktop.IBus.Ping), the floor. Run by
tools/ibus-bench, which starts a private ibus-daemon with both engines.

    tools/ibus-bench.py CALLS
"""
import statistics
import sys
import time

from ibus_session import connect, pump
from gi.repository import Gio, GLib, IBus  # noqa: E402 (ibus_session selects IBus 1.0)
from script_help import answer_help  # noqa: E402

answer_help()

RELEASE = 1 << 30
NUMLOCK = 1 << 4
KEYPAD = {str(d): getattr(IBus, f"KEY_KP_{d}") for d in range(10)} | {"+": IBus.KEY_KP_Add}
# 안녕하세요 and a space: Cheon-Ji-In on the keypad for hwalja, 두벌식 (ibus-hangul's default) for hangul.
TYPINGS = {
    "hwalja": ([KEYPAD[k] for k in "0125+52210881282110223"] + [IBus.KEY_space], NUMLOCK),
    "hangul": ([ord(c) for c in "dkssudgktpdy "], 0),
}
# ibus-hangul reads the key's code (evdev, as IBus sends it) with a US map; hwalja reads the keysym.
KEYCODES = {ord("d"): 32, ord("k"): 37, ord("s"): 31, ord("u"): 22, ord("g"): 34, ord("t"): 20, ord("p"): 25, ord("y"): 21, 0x20: 57}


def main():
    calls = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    bus = connect()
    context = bus.create_input_context("hwalja-bench")
    context.set_capabilities(IBus.Capabilite.PREEDIT_TEXT | IBus.Capabilite.FOCUS)
    context.focus_in()
    typed = {name: "" for name in TYPINGS}
    current = [None]
    context.connect("commit-text", lambda _c, text: typed.__setitem__(current[0], typed[current[0]] + text.get_text()))
    connection = bus.get_connection()
    ping = GLib.Variant("(v)", (GLib.Variant("s", "hwalja"),))
    samples = {name: [] for name in TYPINGS}
    pings = []
    for _block in range(10):
        for name, (sequence, state) in TYPINGS.items():
            current[0] = name
            select(context, name)
            count = 0
            while count < calls // 10 or count % len(sequence):  # whole words: each block ends with a commit
                keyval = sequence[count % len(sequence)]
                for release in (0, RELEASE):
                    start = time.perf_counter()
                    context.process_key_event(keyval, KEYCODES.get(keyval, 0), state | release)
                    samples[name].append(time.perf_counter() - start)
                count += 1
                pump(0)
        for _ in range(calls // 10):
            start = time.perf_counter()
            connection.call_sync("org.freedesktop.IBus", "/org/freedesktop/IBus", "org.freedesktop.IBus", "Ping",
                                 ping, None, Gio.DBusCallFlags.NONE, -1, None)
            pings.append(time.perf_counter() - start)
    pump(0.3)
    for name, text in typed.items():
        letters = text.replace(" ", "")
        if not letters or letters != "안녕하세요" * (len(letters) // 5):
            sys.exit(f"ibus-bench: {name} typed {letters[:20]!r}…, not 안녕하세요 over and over")
    report("ProcessKeyEvent through ibus-daemon to hwalja", samples["hwalja"])
    report("ProcessKeyEvent through ibus-daemon to ibus-hangul", samples["hangul"])
    report("ibus-daemon Ping", pings)
    print(f"hwalja / ibus-hangul: median {ratio(samples, 0.5):.2f}x, p99 {ratio(samples, 0.99):.2f}x")


def select(context, engine):
    """Makes `engine` the context's engine (a new instance of it, as after any switch)."""
    deadline = time.monotonic() + 10  # an engine's process starts when first selected
    while context.get_engine() is None or context.get_engine().get_name() != engine:
        if time.monotonic() > deadline:
            sys.exit(f"ibus-bench: could not select the engine {engine}")
        context.set_engine(engine)
        pump(0.1)
    if engine == "hangul":  # it starts in Latin mode: its Hangul key turns Korean on
        context.process_key_event(IBus.KEY_Hangul, 122, 0)
        context.process_key_event(IBus.KEY_Hangul, 122, RELEASE)
    pump(0.2)


def percentile(samples, fraction):
    ordered = sorted(samples)
    return ordered[int(len(ordered) * fraction)]


def ratio(samples, fraction):
    return percentile(samples["hwalja"], fraction) / percentile(samples["hangul"], fraction)


def report(name, samples):
    median = statistics.median(samples) * 1e6
    print(f"{name:52s} median {median:7.1f} µs, p99 {percentile(samples, 0.99) * 1e6:7.1f} µs ({len(samples)} calls)")


main()
