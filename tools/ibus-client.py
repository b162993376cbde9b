#!/usr/bin/python3
"""A real IBus application, headless: an input context on ibus-daemon (Debian's gir1.2-ibus-1.0
through python3-gi) that selects an engine, sends key events and keeps the text an application
would hold. Reads commands from standard input, prints one JSON object.

    tools/ibus-client.py [--surrounding] [--panel] ENGINE < commands

--surrounding: the application says it can delete around its cursor, as GTK and Qt do
(IBUS_CAP_SURROUNDING_TEXT), and obeys delete-surrounding-text; without it the signal is only
recorded. It never sends its text (set_surrounding_text): ibus-daemon forwards deletions without.
--panel: the program is also IBus's panel (as GNOME Shell is): it gets the engine's lookup table
and can click a candidate in it.

Commands, one a line ('#' comments):
    tap KEYSYM [STATE]      press then release (KEYSYM: name such as KP_1, BackSpace, or hex 0xffb1)
    press KEYSYM [STATE]    key down only          release KEYSYM [STATE]   key up only
    sleep MS                wait, handling signals  purpose N                 set the input purpose
    focus-out / focus-in    move focus away and back
    pick N                  (--panel) click candidate N of the lookup table shown
STATE is a number (16 = NumLock); a release adds 1<<30 itself.
Output: {"text": …, "preedit": …, "handled": [...], "events": [...]} where text is what the
application holds (commits, plus the keys the engine did not handle, applied as an editor would);
its cursor is at the end. Events: ["commit", text], ["preedit", text], ["forward", keyval, state],
["delete", offset, nchars], and with --panel ["candidates", [text, …]] each time the lookup
table changes (an empty list when it is hidden).
"""
import json
import sys
import time

from ibus_session import KEY_COMMANDS, RELEASE, commands, connect, edited, key_events, pump
from gi.repository import IBus  # noqa: E402 (ibus_session selects IBus 1.0)
from script_help import answer_help  # noqa: E402

answer_help()

SHORTCUT = (1 << 2) | (1 << 3) | (1 << 6) | (1 << 26)  # Control, Alt, Mod4, Super


def main():
    arguments = sys.argv[1:]
    surrounding = "--surrounding" in arguments
    engine = [a for a in arguments if not a.startswith("--")][0]
    bus = connect()
    context = bus.create_input_context("hwalja-test")
    state = {"text": "", "preedit": "", "events": [], "handled": []}
    panel = become_panel(bus, state) if "--panel" in arguments else None

    def commit(_ic, text):
        state["text"] += text.get_text()
        state["events"].append(["commit", text.get_text()])

    def preedit(_ic, text, _cursor, visible):
        state["preedit"] = text.get_text() if visible else ""
        state["events"].append(["preedit", state["preedit"]])

    def forward(_ic, keyval, _keycode, modifiers):
        state["events"].append(["forward", keyval, modifiers])
        if not modifiers & RELEASE:
            apply_key(keyval)

    def apply_key(keyval):
        state["text"] = edited(state["text"], keyval)

    def delete(_ic, offset, nchars):
        state["events"].append(["delete", offset, nchars])  # recorded always: ibus-daemon forwards it to any client
        if not surrounding:
            return  # a terminal cannot delete what it was given
        text = state["text"]
        start = max(0, len(text) + offset)  # the cursor is at the end
        state["text"] = text[:start] + text[start + nchars:]

    context.connect("commit-text", commit)
    context.connect("update-preedit-text", preedit)
    context.connect("forward-key-event", forward)
    context.connect("delete-surrounding-text", delete)
    capabilities = IBus.Capabilite.PREEDIT_TEXT | IBus.Capabilite.FOCUS
    if surrounding:
        capabilities |= IBus.Capabilite.SURROUNDING_TEXT
    context.set_capabilities(capabilities)
    context.focus_in()
    context.set_engine(engine)

    def selected():
        return context.get_engine() is not None and context.get_engine().get_name() == engine

    # ibus-daemon starts the engine's process first: on a busy machine that takes more than a moment.
    deadline = time.monotonic() + 10
    pump(0.3)
    while not selected() and time.monotonic() < deadline:
        pump(0.05)
    if not selected():
        sys.exit(f"ibus-client: engine {engine} was not selected")

    for command, args in commands(sys.stdin):
        if command in KEY_COMMANDS:
            for keyval, modifiers in key_events(command, args):
                send(context, state, keyval, modifiers, apply_key)
        elif command == "sleep":
            pump(int(args[0]) / 1000)
        elif command == "purpose":
            context.set_content_type(int(args[0]), 0)
            pump(0.05)
        elif command == "focus-out":
            context.focus_out()
            pump(0.05)
        elif command == "focus-in":
            context.focus_in()
            pump(0.05)
        elif command == "pick" and panel is not None:
            panel.candidate_clicked(int(args[0]), 1, 0)  # a left click, as GNOME Shell sends it
            pump(0.1)
        else:
            sys.exit(f"ibus-client: unknown command {command}")
    pump(0.2)
    print(json.dumps(state, ensure_ascii=False))


def become_panel(bus, state):
    """Owns IBus's panel name, so that ibus-daemon sends it the lookup table and takes its clicks."""
    panel = IBus.PanelService.new(bus.get_connection())

    def shown(_panel, table, visible):
        candidates = [table.get_candidate(i).get_text() for i in range(table.get_number_of_candidates())] if visible else []
        state["events"].append(["candidates", candidates])

    panel.connect("update-lookup-table", shown)
    panel.connect("hide-lookup-table", lambda _panel: state["events"].append(["candidates", []]))
    bus.request_name(IBus.SERVICE_PANEL, 0)
    pump(0.1)
    return panel


def send(context, state, keyval, modifiers, apply_key):
    handled = context.process_key_event(keyval, 0, modifiers)
    pump(0.02)  # signals the engine sent before its reply reach the application first
    state["handled"].append(bool(handled))
    if not handled and not modifiers & RELEASE and not modifiers & SHORTCUT:
        apply_key(keyval)  # an editor inserts plain keys; Ctrl/Alt/Super combinations are its commands


main()
