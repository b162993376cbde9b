#!/usr/bin/python3
"""A real GTK 3 application typed into as a desktop would: a field with GTK's IBus module
(GTK_IM_MODULE=ibus, from ibus-gtk3), keys sent through the X server by xdotool. Run it on an X
display of its own (xvfb-run); see tools/app_session.py for the command line and the output:

    tools/gtk3-app.py [--field text|lines|password|form|terminal] ENGINE KEY...

Fields: text is a Gtk.Entry, lines a Gtk.TextView, password a Gtk.Entry that hides its text with
the password purpose (as a password dialog has it) followed by a Gtk.Entry, form a Gtk.Entry followed by another, terminal a
Vte.Terminal (gir1.2-vte-2.91: the terminal of GNOME Terminal) running cat, whose text is what the
terminal shows, trailing blanks and lines left out. Events: every change to the field's text, in
order, ["insert", text] or ["delete", text]; ["activate"] when a Gtk.Entry is activated (Return);
["preedit", text] when a Gtk.Entry's preedit changes; none for the terminal.
"""
import os

from app_session import FIELDS, SETTLE, Session, change_recorder, parse_arguments, use_headless_ibus_address

import gi

gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
use_headless_ibus_address()
from gi.repository import Gdk, GLib, Gtk  # noqa: E402


def main():
    field, engine, keys = parse_arguments("gtk3-app.py", FIELDS + ("terminal",))
    keypad = None
    if os.environ.get("HWALJA_KEYPAD"):
        # The on-screen keypad below a smaller window; its keys are clicked (tools/keypad_session.py).
        from keypad_session import keypad_buttons, start_keypad
        keypad = start_keypad(os.environ.get("HWALJA_KEYPAD_LAYOUT", "cheonjiin"))
        keypad_buttons()  # up, and found through AT-SPI, before typing starts
    session = Session("gtk3-app.py", engine, keys, cleanup=keypad.kill if keypad else lambda: None)
    window = Gtk.Window(title="hwalja-test")
    if keypad:
        window.set_default_size(1024, 280)
    else:
        window.set_default_size(4000, 4000)  # covers the screen: the pointer, hence the keyboard, is on it
    window.move(0, 0)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    window.add(box)
    events = []
    following = None
    if field == "terminal":
        gi.require_version("Vte", "2.91")
        from gi.repository import Vte
        widget = Vte.Terminal()
        widget.spawn_async(Vte.PtyFlags.DEFAULT, None, ["/bin/cat"], None, GLib.SpawnFlags.DEFAULT, None, None, -1, None, None)
        text = lambda: "\n".join(line.rstrip() for line in widget.get_text_range(0, 0, widget.get_row_count(), widget.get_column_count(), None)[0].rstrip().split("\n"))  # noqa: E731
    elif field == "lines":
        view = Gtk.TextView(left_margin=12, top_margin=8)  # as an editor has them: the screenshot's text off the edge
        buffer = view.get_buffer()
        widget = view
        text = lambda: buffer.get_text(buffer.get_start_iter(), buffer.get_end_iter(), True)  # noqa: E731
        buffer.connect("changed", lambda _b: record())
    else:
        widget = Gtk.Entry()
        text = widget.get_text
        widget.connect("changed", lambda _e: record())
        widget.connect("activate", lambda _e: events.append(["activate"]))
        widget.connect("preedit-changed", lambda _e, preedit: events.append(["preedit", preedit]))
        if field == "password":
            widget.set_visibility(False)
            widget.set_input_purpose(Gtk.InputPurpose.PASSWORD)
        if field in ("password", "form"):
            following = Gtk.Entry()
    box.pack_start(widget, True, True, 0)
    if following is not None:
        box.pack_start(following, False, False, 0)
    record = change_recorder(events, lambda: text())

    def finish():
        session.report(text(), events, following.get_text() if following is not None else None)
        if keypad:
            keypad.kill()
        Gtk.main_quit()
        return False

    def key_pressed(_window, event):
        if event.keyval != Gdk.KEY_F12:
            return False
        GLib.timeout_add(int(SETTLE * 1000), finish)
        return True

    window.connect("key-press-event", key_pressed)
    window.connect("destroy", Gtk.main_quit)
    window.show_all()
    widget.grab_focus()
    window.present()
    GLib.timeout_add(50, lambda: session.poll(widget.has_focus(), needs_input_context=field != "password"))
    Gtk.main()


main()
