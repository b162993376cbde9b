#!/usr/bin/python3
"""A terminal typed into as a desktop would, running tools/tty-recorder.py. On X (xterm, alacritty)
it takes its input method through XIM, the X input method server of the framework (IBus's
ibus-x11, or fcitx5's XIM frontend on a connection fcitx5 opens to this display), keys sent
through the X server by xdotool: XIM is how every X application without a GTK or Qt module gets an
input method, terminals, Java, Wine, Emacs. On Wayland (foot, in GNOME's session) it speaks
text-input-v3 to the compositor. Run it on an X display of its own (xvfb-run) or in a Wayland
session; see tools/app_session.py for the command line and the output:

    tools/terminal-app.py [--field xterm|alacritty|kitty|foot|gnome-terminal] ENGINE KEY...

kitty speaks IBus's D-Bus protocol to ibus-daemon itself (GLFW_IM_MODULE=ibus), as GTK's and Qt's
modules do, or to fcitx5's IBus frontend (org.freedesktop.IBus on the session bus); it reads
$IBUS_ADDRESS as the name of an address file, so it is given one.

The text is what the terminal's program read, as an editor would apply it: Return (CR) a line
break, BackSpace (DEL) deleting the character before it, escape sequences (F12's, arrows) left
out. Events: every change to that text, in order, ["insert", text] or ["delete", text].
"""
import os
import re
import subprocess
import sys
import tempfile
import time

from app_session import Session, parse_arguments, use_headless_ibus_address
from gi.repository import GLib

ESCAPE = re.compile(r"\x1b(\[[0-9;]*[~A-Za-z]|O.)")


def typed(data):
    """(text, events) of the bytes a terminal program read."""
    text, events = [], []
    for character in ESCAPE.sub("", data.decode("utf-8", "replace")):
        if character in "\x7f\x08":
            if text:
                events.append(["delete", text.pop()])
            continue
        character = "\n" if character in "\r\n" else character
        if character != "\n" and character < " ":
            continue
        text.append(character)
        if events and events[-1][0] == "insert":
            events[-1][1] += character
        else:
            events.append(["insert", character])
    return "".join(text), events


def focus_kitty_for_fcitx5(session):
    """kitty 0.26 makes its input context once its window is up, and says then that the window lost
    the focus: on a display with no window manager no focus change follows, and fcitx5 (which selects
    its input method for the focused context) never sees kitty's focused. X's focus is moved off the
    window and back until fcitx5 shows it so."""
    focused = re.compile(r"frontend:ibus( cap:\w+)? focus:1")
    deadline = time.monotonic() + 30
    while not focused.search(session.bus.call("DebugInfo", None, "(s)")[0]):
        if time.monotonic() > deadline:
            raise SystemExit("terminal-app.py: fcitx5 never saw kitty's input context focused")
        # Searched again each time: a window found as kitty starts may be gone by the next command.
        windows = subprocess.run(["xdotool", "search", "--onlyvisible", "--class", "kitty"], capture_output=True,
                                 text=True, timeout=10).stdout.split()
        for window in windows[-1:]:
            for command in ("windowunmap", "windowmap", "windowfocus"):
                subprocess.run(["xdotool", command, "--sync", window], timeout=10, stderr=subprocess.DEVNULL)
        time.sleep(0.3)


def main():
    field, engine, keys = parse_arguments("terminal-app.py", ("xterm", "alacritty", "kitty", "foot", "gnome-terminal"))
    fcitx5 = os.environ.get("HWALJA_FRAMEWORK") == "fcitx5" or os.environ.get("GTK_IM_MODULE") == "fcitx"
    use_headless_ibus_address()
    children = []

    def cleanup():
        for child in children:
            if child.poll() is None:
                child.kill()

    session = Session("terminal-app.py", engine, keys, cleanup=cleanup)
    environment = dict(os.environ, LC_ALL="C.UTF-8", XMODIFIERS="@im=fcitx" if fcitx5 else "@im=ibus")
    folder = tempfile.mkdtemp(prefix="hwalja-terminal-")
    if field == "foot":
        pass  # Wayland: the compositor is the input method's way in
    elif field == "gnome-terminal":
        # Its server on the session bus (the tests' private bus, where nothing is activated),
        # with the framework's GTK 3 module.
        app_id = f"org.hwalja.Terminal{os.getpid()}"
        environment.update(GSETTINGS_BACKEND="memory", NO_AT_BRIDGE="1")
        children.append(subprocess.Popen(["/usr/libexec/gnome-terminal-server", "--app-id", app_id], env=environment))
        subprocess.run(["gdbus", "wait", "--session", "--timeout", "60", app_id], env=environment, check=True)
    elif field == "kitty":
        address_file = os.path.join(folder, "ibus-address")
        if fcitx5:
            # fcitx5's IBus frontend answers as org.freedesktop.IBus on the session bus.
            subprocess.run(["gdbus", "wait", "--session", "--timeout", "60", "org.freedesktop.IBus"], env=environment,
                           check=True)
            address = os.environ["DBUS_SESSION_BUS_ADDRESS"]
        else:
            address = os.environ["IBUS_ADDRESS"]
        with open(address_file, "w") as file:
            file.write(f"IBUS_ADDRESS={address}\n")
        environment.update(GLFW_IM_MODULE="ibus", IBUS_ADDRESS=address_file, LIBGL_ALWAYS_SOFTWARE="1")
        if not environment.get("WAYLAND_DISPLAY"):
            environment.pop("WAYLAND_DISPLAY", None)  # set but empty, kitty would try Wayland
    elif fcitx5:
        session.bus.call("OpenX11Connection", GLib.Variant("(s)", (os.environ["DISPLAY"],)))
    else:
        children.append(subprocess.Popen(["/usr/libexec/ibus-x11"], env=environment))
    record = os.path.join(folder, "read")
    recorder = [sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "tty-recorder.py"), record]
    if field == "xterm":
        terminal = ["xterm", "-geometry", "400x120+0+0", "-e"] + recorder
    elif field == "foot":
        terminal = ["foot", "--maximized"] + recorder
    elif field == "gnome-terminal":
        terminal = ["gnome-terminal", "--app-id", app_id, "--wait", "--geometry", "400x120+0+0", "--"] + recorder
    elif field == "kitty":
        terminal = ["kitty", "--start-as", "maximized", "-o", "remember_window_size=no", "-o", "initial_window_width=1270",
                    "-o", "initial_window_height=790"] + recorder
    else:
        terminal = ["alacritty", "-o", "window.dimensions.columns=400", "-o", "window.dimensions.lines=120", "-e"] + recorder
        environment["LIBGL_ALWAYS_SOFTWARE"] = "1"
    # The XIM server must be up when the terminal opens its input method: a terminal started first
    # goes without one.
    time.sleep(0.5)
    children.append(subprocess.Popen(terminal, env=environment))
    if field == "alacritty":
        # alacritty (winit) focuses its input context on a FocusIn that X sends when the window is
        # given the focus, not on the pointer's, which is all a display without a window manager gives.
        subprocess.run(["xdotool", "search", "--sync", "--class", "Alacritty", "windowfocus"], timeout=30,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if field == "kitty" and fcitx5:
        focus_kitty_for_fcitx5(session)
    while session.poll(os.path.exists(record)):
        time.sleep(0.05)
    children[-1].wait()
    with open(record, "rb") as file:
        text, events = typed(file.read())
    session.report(text, events)
    cleanup()


main()
