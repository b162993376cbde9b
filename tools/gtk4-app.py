#!/usr/bin/python3
"""A real GTK 4 application typed into as a desktop would: a field with GTK 4's IBus module
(GTK_IM_MODULE=ibus, from ibus-gtk4) or fcitx5's (GTK_IM_MODULE=fcitx, from fcitx5-frontend-gtk4),
keys sent through the X server by xdotool. Run it on an X
display of its own (xvfb-run); see tools/app_session.py for the command line and the output:

    tools/gtk4-app.py [--field text|lines|password|form|phone] ENGINE KEY...

Fields: text is a Gtk.Entry, lines a Gtk.TextView, password a Gtk.PasswordEntry (the password
purpose is its own) followed by a Gtk.Entry, form a Gtk.Entry followed by another, phone a
Gtk.Entry for a phone number (Gtk.InputPurpose.PHONE). Events: every change to the field's text, in order,
["insert", text] or ["delete", text]; ["activate"] when the field is activated (Return).

It draws with cairo (GSK_RENDERER, unless set): Xvfb's GL is software, far slower than a desktop's,
and ibus-gtk4 1.5.27 waits for each key's answer in a nested main loop (its sync mode 2) that
handles the next keys, and draws, before returning: keys the engine passes on (a password's
digits, Tab) that arrive during a slow frame reach the field in reverse order.
"""
import os

from app_session import FIELDS, SETTLE, Session, change_recorder, parse_arguments, use_headless_ibus_address

import gi

gi.require_version("Gdk", "4.0")
gi.require_version("Gtk", "4.0")
use_headless_ibus_address()
os.environ.setdefault("GSK_RENDERER", "cairo")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402


def main():
    field, engine, keys = parse_arguments("gtk4-app.py", FIELDS + ("phone",))
    session = Session("gtk4-app.py", engine, keys)
    loop = GLib.MainLoop()
    window = Gtk.Window(title="hwalja-test")
    screen = Gdk.Display.get_default().get_monitors().get_item(0).get_geometry()
    window.set_default_size(screen.width, screen.height)  # covers the screen from 0,0: the pointer, hence the keyboard, is on it
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    window.set_child(box)
    events = []
    following = None
    if field == "lines":
        widget = Gtk.TextView()
        buffer = widget.get_buffer()
        text = lambda: buffer.get_text(buffer.get_start_iter(), buffer.get_end_iter(), True)  # noqa: E731
        buffer.connect("changed", lambda _b: record())
    else:
        widget = Gtk.PasswordEntry() if field == "password" else Gtk.Entry()
        if field == "phone":
            widget.set_input_purpose(Gtk.InputPurpose.PHONE)
        text = widget.get_text
        widget.connect("changed", lambda _e: record())
        widget.connect("activate", lambda _e: events.append(["activate"]))
        if field in ("password", "form"):
            following = Gtk.Entry()
    widget.set_vexpand(True)
    box.append(widget)
    if following is not None:
        box.append(following)
    record = change_recorder(events, lambda: text())

    def finish():
        session.report(text(), events, following.get_text() if following is not None else None)
        loop.quit()
        return False

    def key_pressed(_controller, keyval, _keycode, _state):
        if keyval != Gdk.KEY_F12:
            return False
        GLib.timeout_add(int(SETTLE * 1000), finish)
        return True

    # On Wayland the compositor says whether the window is the active one, which has the keyboard
    # (GNOME's overview, open over it at start-up, has it until closed): xdg_toplevel's activated
    # state, GDK's FOCUSED. On X11 with no window manager nothing says so.
    on_wayland = Gdk.Display.get_default().__gtype__.name == "GdkWaylandDisplay"

    def activated():
        surface = window.get_surface()
        return surface is not None and bool(surface.get_state() & Gdk.ToplevelState.FOCUSED)

    def focused():
        focus = window.get_focus()  # a Gtk.Entry's focus is its Gtk.Text child
        in_field = focus is not None and (focus == widget or focus.is_ancestor(widget))
        return in_field and (activated() or not on_wayland)

    keys_seen = Gtk.EventControllerKey()
    keys_seen.set_propagation_phase(Gtk.PropagationPhase.CAPTURE)  # before the field and its input method
    keys_seen.connect("key-pressed", key_pressed)
    window.add_controller(keys_seen)
    window.connect("close-request", lambda _w: loop.quit())
    window.present()
    widget.grab_focus()
    GLib.timeout_add(50, lambda: session.poll(focused(), needs_input_context=field != "password"))
    loop.run()


main()
