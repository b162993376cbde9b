#!/usr/bin/python3
"""Measures, in one run and from one application connection, the round trip of a key event
(org.fcitx.Fcitx.InputContext1.ProcessKeyEvent) through fcitx5 to an input method and back: hwalja
(the addon, composing in fcitx5's process) beside fcitx5-hangul (libhangul in fcitx5's own process),
each typing 안녕하세요 over and over, in alternating blocks. Run by tools/fcitx5-bench.

    tools/fcitx5-bench.py KEYS
"""
import collections
import statistics
import sys
import time

from gi.repository import Gio, GLib
from script_help import answer_help  # noqa: E402

answer_help()

FCITX, CONTEXT = "org.fcitx.Fcitx5", "org.fcitx.Fcitx.InputContext1"
PREEDIT = 1 << 1
NUMLOCK = 1 << 4
# 안녕하세요 and a space: Cheon-Ji-In on the keypad for hwalja, 두벌식 (fcitx5-hangul's default) for hangul.
KEYPAD = {str(d): 0xFFB0 + d for d in range(10)} | {"+": 0xFFAB}
TYPINGS = {
    "hwalja": ([KEYPAD[k] for k in "0125+5221088128211022 3".replace(" ", "")] + [0x20], NUMLOCK),
    "hangul": ([ord(c) for c in "dkssudgktpdy "], 0),
}


def main():
    keys = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    typed = {name: "" for name in TYPINGS}
    current = [None]

    def call(path, interface, member, params=None, reply="()"):
        return bus.call_sync(FCITX, path, interface, member, params, GLib.VariantType(reply),
                             Gio.DBusCallFlags.NONE, 5000, None).unpack()

    path, _uuid = call("/org/freedesktop/portal/inputmethod", "org.fcitx.Fcitx.InputMethod1", "CreateInputContext",
                       GLib.Variant("(a(ss))", ([("program", "fcitx5-bench")],)), "(oay)")

    def committed(_c, _s, _p, _i, _member, params):
        typed[current[0]] += params.unpack()[0]

    bus.signal_subscribe(None, CONTEXT, "CommitString", path, None, Gio.DBusSignalFlags.NONE, committed)
    call(path, CONTEXT, "SetCapability", GLib.Variant("(t)", (PREEDIT,)))
    call(path, CONTEXT, "FocusIn")
    samples = {name: [] for name in TYPINGS}
    events = {name: [] for name in TYPINGS}  # (keysym, release) of each sample
    main_context = GLib.MainContext.default()
    for _block in range(10):
        for name, (sequence, state) in TYPINGS.items():
            current[0] = name
            call("/controller", "org.fcitx.Fcitx.Controller1", "SetCurrentIM", GLib.Variant("(s)", (name,)))
            if call("/controller", "org.fcitx.Fcitx.Controller1", "CurrentInputMethod", None, "(s)")[0] != name:
                sys.exit(f"fcitx5-bench: could not select {name}")
            count = 0
            while count < keys // 10 or count % len(sequence):  # whole words, so each block ends with a commit
                keyval = sequence[count % len(sequence)]
                for release in (False, True):
                    arguments = GLib.Variant("(uuubu)", (keyval, 0, state, release, 0))
                    start = time.perf_counter()
                    bus.call_sync(FCITX, path, CONTEXT, "ProcessKeyEvent", arguments, GLib.VariantType("(b)"),
                                  Gio.DBusCallFlags.NONE, 5000, None)
                    samples[name].append(time.perf_counter() - start)
                    events[name].append((keyval, release))
                count += 1
                while main_context.iteration(False):
                    pass
    for name, text in typed.items():  # hwalja's space only ends the word; hangul's types one too
        letters = text.replace(" ", "")
        if not letters or letters != "안녕하세요" * (len(letters) // 5):
            sys.exit(f"fcitx5-bench: {name} typed {letters[:20]!r}…, not 안녕하세요 over and over")
    report("ProcessKeyEvent through fcitx5 to hwalja        ", samples["hwalja"])
    report("ProcessKeyEvent through fcitx5 to fcitx5-hangul", samples["hangul"])
    for name in TYPINGS:  # presses and releases alternate
        report(f"  {name}: presses", samples[name][0::2])
        report(f"  {name}: releases", samples[name][1::2])
    ratio = statistics.median(samples["hwalja"]) / statistics.median(samples["hangul"])
    p99 = percentile(samples["hwalja"], 0.99) / percentile(samples["hangul"], 0.99)
    print(f"hwalja / hangul: median {ratio:.2f}x, p99 {p99:.2f}x")
    for name in TYPINGS:  # where the slowest 1 % fall: which keys, presses or releases
        slowest = sorted(range(len(samples[name])), key=samples[name].__getitem__)[-len(samples[name]) // 100:]
        kinds = collections.Counter(f"{events[name][i][0]:#x}{' up' if events[name][i][1] else ''}" for i in slowest)
        print(f"  {name}'s slowest 1 %: " + ", ".join(f"{kind} ×{count}" for kind, count in kinds.most_common(6)))


def percentile(samples, fraction):
    ordered = sorted(samples)
    return ordered[int(len(ordered) * fraction)]


def report(name, samples):
    print(f"{name:52s} median {statistics.median(samples) * 1e6:7.1f} µs, p99 {percentile(samples, 0.99) * 1e6:7.1f} µs"
          f" ({len(samples)} events)")


main()
