#!/usr/bin/python3
"""A real fcitx5 application, headless: an input context on fcitx5's D-Bus frontend
(org.fcitx.Fcitx.InputMethod1, as fcitx5-gtk's module makes one) with GLib's Gio through python3-gi.
It selects an input method with org.fcitx.Fcitx.Controller1.SetCurrentIM, sends key events and
keeps the text an application would hold. Reads commands from standard input, prints one JSON object.

    tools/fcitx5-client.py [--surrounding] [--panel] [--batch] INPUT-METHOD < commands

fcitx5 is found on the session bus ($DBUS_SESSION_BUS_ADDRESS). --surrounding: the application
sends its text (SetSurroundingText) and can delete around its cursor, as GTK does. --panel: the
application draws fcitx5's input panel itself (ClientSideInputPanel, as fcitx5's Qt and GTK
modules on Wayland do): it gets the candidates (UpdateClientSideUI) and can pick one. --batch: keys
go as ProcessKeyEventBatch, whose reply carries the commits, preedits and forwarded keys of the key,
applied at once, before any signal waiting (as fcitx5's GTK 4 module does in its sync mode).

Commands, one a line, as tools/ibus-client.py's ('#' comments):
    tap KEYSYM [STATE]      press then release (KEYSYM: name such as KP_1, BackSpace, or hex 0xffb1)
    press KEYSYM [STATE]    key down only          release KEYSYM [STATE]   key up only
    sleep MS                wait, handling signals  purpose N                 the field's GTK/IBus purpose, as
                                                                              fcitx5-gtk flags it: 2 digits, 3 number,
                                                                              4 phone, 8 password, 9 PIN, 0 text
    focus-out / focus-in    move focus away and back
    pick N                  (--panel) select candidate N of those shown (SelectCandidate, as a click)
    select INPUT-METHOD     switch to another input method (SetCurrentIM), as a user does mid-text
    mark PATH               create the file PATH    wait-for PATH             wait (up to 20 s) until PATH exists
(mark and wait-for let a test act at a given point: stop hwaljad mid-word, start it again.)
Output: {"text": …, "preedit": …, "handled": [...], "events": [...]}, as tools/ibus-client.py's;
with --panel, events ["candidates", [text, …]] each time the candidates shown change (an empty
list when hidden), and "candidateLabels" (the label of every candidate shown) and
"candidateLayouts" (the layout hint of every list shown: 1 vertical, 2 horizontal).
"""
import json
import os
import sys
import time

from ibus_session import KEY_COMMANDS, RELEASE, commands, edited, key_events, pump
from gi.repository import Gio, GLib  # noqa: E402 (ibus_session selects IBus 1.0, which names keysyms)
from script_help import answer_help  # noqa: E402

answer_help()

FCITX = "org.fcitx.Fcitx5"
SHORTCUT = (1 << 2) | (1 << 3) | (1 << 6) | (1 << 26)  # Control, Alt, Mod4, Super
PREEDIT, PASSWORD, SURROUNDING, DIGIT, DIALABLE, NUMBER = 1 << 1, 1 << 3, 1 << 6, 1 << 8, 1 << 13, 1 << 14  # fcitx::CapabilityFlag
CLIENT_SIDE_INPUT_PANEL = 1 << 39
PURPOSES = {2: DIGIT, 3: NUMBER, 4: DIALABLE, 8: PASSWORD, 9: PASSWORD | DIGIT}


class Application:
    """The text before the cursor and the preedit after it, as an application holds them."""

    def __init__(self, surrounding, panel):
        self.surrounding = surrounding
        self.state = {"text": "", "preedit": "", "events": [], "handled": []}
        if panel:
            self.state.update(candidateLabels=[], candidateLayouts=[])
        self.candidates = []

    def key(self, keyval):
        self.state["text"] = edited(self.state["text"], keyval)

    def signal(self, member, args):
        state = self.state
        if member == "CommitString":
            state["text"] += args[0]
            state["events"].append(["commit", args[0]])
        elif member == "UpdateFormattedPreedit":
            state["preedit"] = "".join(text for text, _format in args[0])
            state["events"].append(["preedit", state["preedit"]])
        elif member == "ForwardKey":
            keyval, modifiers, release = args
            state["events"].append(["forward", keyval, modifiers | (RELEASE if release else 0)])
            if not release:
                self.key(keyval)
        elif member == "DeleteSurroundingText":
            offset, count = args
            state["events"].append(["delete", offset, count])
            if self.surrounding:
                text = state["text"]
                start = max(0, len(text) + offset)  # the cursor is at the end
                state["text"] = text[:start] + text[start + count:]
        elif member == "UpdateClientSideUI" and "candidateLabels" in state:
            # (preedit, cursor, aux up, aux down, candidates as (label, text), cursor, layout, has prev, has next),
            # sent whenever the panel is drawn: a change of candidates is recorded once.
            candidates, layout = args[4], args[6]
            words = [text for _label, text in candidates]
            if words != self.candidates:
                self.candidates = words
                state["events"].append(["candidates", words])
                state["candidateLabels"] += [label for label, _text in candidates]
                if words:
                    state["candidateLayouts"].append(layout)


def main():
    arguments = sys.argv[1:]
    surrounding = "--surrounding" in arguments
    panel = "--panel" in arguments
    batch = "--batch" in arguments
    method = [a for a in arguments if not a.startswith("--")][0]
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    app = Application(surrounding, panel)

    def call(path, interface, member, params=None, reply="()"):
        result = bus.call_sync(FCITX, path, interface, member, params, GLib.VariantType(reply),
                               Gio.DBusCallFlags.NONE, 5000, None)
        pump(0)  # signals sent before the reply reach the application first
        return result.unpack()

    path, _uuid = call("/org/freedesktop/portal/inputmethod", "org.fcitx.Fcitx.InputMethod1", "CreateInputContext",
                       GLib.Variant("(a(ss))", ([("program", "fcitx5-client")],)), "(oay)")
    bus.signal_subscribe(None, "org.fcitx.Fcitx.InputContext1", None, path, None, Gio.DBusSignalFlags.NONE,
                         lambda _c, _s, _p, _i, member, params: app.signal(member, list(params.unpack())))
    context = "org.fcitx.Fcitx.InputContext1"
    capability = PREEDIT | (SURROUNDING if surrounding else 0) | (CLIENT_SIDE_INPUT_PANEL if panel else 0)

    def field():
        call(path, context, "SetCapability", GLib.Variant("(t)", (capability,)))
        if surrounding:
            text = app.state["text"]
            call(path, context, "SetSurroundingText", GLib.Variant("(suu)", (text, len(text), len(text))))

    def select(method):
        call("/controller", "org.fcitx.Fcitx.Controller1", "SetCurrentIM", GLib.Variant("(s)", (method,)))
        current = call("/controller", "org.fcitx.Fcitx.Controller1", "CurrentInputMethod", None, "(s)")[0]
        if current != method:
            sys.exit(f"fcitx5-client: input method {method} was not selected (current: {current!r})")

    field()
    call(path, context, "FocusIn")
    select(method)

    def send_batched(keyval, modifiers, release):
        """ProcessKeyEventBatch: the reply's events applied before the signals that came before it."""
        result = bus.call_sync(FCITX, path, context, "ProcessKeyEventBatch",
                               GLib.Variant("(uuubu)", (keyval, 0, modifiers & ~RELEASE, release, 0)),
                               GLib.VariantType("(a(uv)b)"), Gio.DBusCallFlags.NONE, 5000, None)
        events, handled = result.unpack()
        members = {0: "CommitString", 1: "UpdateFormattedPreedit", 2: "ForwardKey", 3: "DeleteSurroundingText"}
        for kind, value in events:
            app.signal(members[kind], list(value) if isinstance(value, tuple) else [value])
        pump(0)
        return handled

    def send(keyval, modifiers):
        release = bool(modifiers & RELEASE)
        if batch:
            handled = send_batched(keyval, modifiers, release)
        else:
            handled = call(path, context, "ProcessKeyEvent",
                           GLib.Variant("(uuubu)", (keyval, 0, modifiers & ~RELEASE, release, 0)), "(b)")[0]
        app.state["handled"].append(bool(handled))
        if not handled and not release and not modifiers & SHORTCUT:
            app.key(keyval)  # an editor inserts plain keys; Ctrl/Alt/Super combinations are its commands
        if surrounding and not release:
            field()

    for command, args in commands(sys.stdin):
        if command in KEY_COMMANDS:
            for keyval, modifiers in key_events(command, args):
                send(keyval, modifiers)
        elif command == "sleep":
            pump(int(args[0]) / 1000)
        elif command == "purpose":
            capability = (capability & ~(PASSWORD | DIGIT | DIALABLE | NUMBER)) | PURPOSES.get(int(args[0]), 0)
            field()
        elif command == "mark":
            open(args[0], "w").close()
        elif command == "wait-for":
            deadline = time.monotonic() + 20
            while not os.path.exists(args[0]):
                if time.monotonic() > deadline:
                    sys.exit(f"fcitx5-client: {args[0]} did not appear")
                pump(0.01)
        elif command == "focus-out":
            call(path, context, "FocusOut")
        elif command == "focus-in":
            call(path, context, "FocusIn")
        elif command == "pick" and panel:
            call(path, context, "SelectCandidate", GLib.Variant("(i)", (int(args[0]),)))
        elif command == "select":
            select(args[0])
        else:
            sys.exit(f"fcitx5-client: unknown command {command}")
    pump(0.2)
    call(path, context, "DestroyIC")
    print(json.dumps(app.state, ensure_ascii=False))


main()
