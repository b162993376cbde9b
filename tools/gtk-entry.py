#!/usr/bin/python3
"""A real GTK 3 application typed into as a desktop would: one Gtk.Entry with GTK's IBus module
(GTK_IM_MODULE=ibus), keys sent through the X server by xdotool. Run it on an X display of its
own (xvfb-run): it selects ENGINE as IBus's global engine once the entry's input context has
focus, types KEYSYM... (xdotool names: 8, BackSpace, space), then F12 and prints one JSON object:

    tools/gtk-entry.py ENGINE KEYSYM...

Output: {"text": …, "events": [["insert", text], ["delete", text], ...]}: the entry's text and
every change to it, in order. ibus-daemon is found as a headless client finds it ($IBUS_ADDRESS,
else the address file of an empty DISPLAY), not by the X display.
"""
import json
import os
import subprocess
import sys

import gi

gi.require_version("IBus", "1.0")
gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
from gi.repository import GLib, IBus  # noqa: E402

display = os.environ.get("DISPLAY", "")
os.environ["DISPLAY"] = ""
os.environ.setdefault("IBUS_ADDRESS", IBus.get_address() or "")  # before GTK loads its IBus module
os.environ["DISPLAY"] = display
from gi.repository import Gdk, Gtk  # noqa: E402


def main():
    engine, keys = sys.argv[1], sys.argv[2:]
    IBus.init()
    bus = IBus.Bus()
    window = Gtk.Window(title="hwalja-test")
    window.set_default_size(4000, 4000)  # covers the screen: the pointer, hence the keyboard, is on it
    window.move(0, 0)
    entry = Gtk.Entry()
    window.add(entry)
    events = []
    typist = []  # the xdotool process, once started
    entry.get_buffer().connect("inserted-text", lambda _b, _position, text, _length: events.append(["insert", text]))
    entry.connect("delete-text", lambda e, start, end: events.append(["delete", e.get_text()[start:end if end >= 0 else None]]))

    def key_pressed(_widget, event):
        if event.keyval != Gdk.KEY_F12:
            return False
        typist[0].wait()  # it has sent F12: let it go before the X server does
        print(json.dumps({"text": entry.get_text(), "events": events}, ensure_ascii=False))
        Gtk.main_quit()
        return True

    def start_typing():
        """Types once the entry's input context has focus and runs ENGINE; until then, retries."""
        if not (bus.is_connected() and entry.has_focus() and bus.current_input_context()):
            return True
        selected = bus.get_global_engine()
        if selected is None or selected.get_name() != engine:
            bus.set_global_engine(engine)
            return True
        typist.append(subprocess.Popen(["xdotool", "key", "--delay", "30"] + keys + ["F12"]))
        return False

    entry.connect("key-press-event", key_pressed)
    window.connect("destroy", Gtk.main_quit)
    window.show_all()
    window.present()
    GLib.timeout_add(50, start_typing)
    GLib.timeout_add_seconds(30, give_up)
    Gtk.main()


def give_up():
    print("gtk-entry: no F12 within 30 s (no input context, engine or X focus)", file=sys.stderr)
    os._exit(1)


main()
