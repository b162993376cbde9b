"""The on-screen keypad in the real-application harness (tools/app_session.py): with
HWALJA_KEYPAD naming a hwalja-keypad binary, the application starts it beside its field, on
the same X display, and keys of the form

    keypad:NAME            a tap on the keypad's key whose accessible name is NAME (ㄱㅋ, 지우기)
    keypad-hold:NAME:MS    the key held down MS milliseconds (a long press, a held backspace)
    keypad-flick:NAME      the key pressed, dragged up 60 pixels and released
    keypad-action:NAME     the key's AT-SPI action ("click"), as switch access or a screen
                           reader activates it, no pointer
    keypad-double:NAME     two quick taps on the key (50 ms apart), a double click to GTK
    keypad-drag:NAME:DX    the key pressed, dragged DX pixels sideways (negative: left) and released

are pressed with the pointer at the key's place on the screen (xdotool on X11; on wlroots
compositors tools/wayland-pointer.py's virtual pointer, HWALJA_POINTER_SOCKET) or activated,
found through AT-SPI
by its name when the key comes (after a change of layer too), as a screen reader or switch access
finds it: `tools/keypad_session.py KEY` does one. The accessibility bus is started here
(at-spi-bus-launcher on the session bus) when none is running. With HWALJA_FEEDBACK_LOG naming
a file, a stand-in for feedbackd (tools/feedback-standin.py) records there each call the keypad
makes for a key's feedback.
"""
import atexit
import os
import socket
import subprocess
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

from accessibility_bus import start_accessibility_bus  # noqa: E402

WINDOW_TITLE = "hwalja keypad"
KEYPAD_PLACE = (0, 290)  # below the application's window (tools/gtk3-app.py's HWALJA_KEYPAD size)


def start_feedback_standin(log):
    """Starts tools/feedback-standin.py, which records in `log` each key's call for feedback;
    returns once it owns feedbackd's name. It is stopped when this script ends."""
    standin = subprocess.Popen([os.path.join(os.path.dirname(__file__), "feedback-standin.py"), log],
                               stdout=subprocess.PIPE, text=True)
    atexit.register(standin.kill)
    if standin.stdout.readline().strip() != "ready":
        raise SystemExit("keypad_session: feedback-standin.py did not take org.sigxcpu.Feedback")


def start_keypad(layout="cheonjiin"):
    """Starts the keypad, placed at KEYPAD_PLACE, with GTK_THEME from HWALJA_KEYPAD_THEME and its
    --size from HWALJA_KEYPAD_SIZE when set; returns its process. With HWALJA_FEEDBACK_LOG set, a
    stand-in for feedbackd records there each key's call for feedback."""
    if os.environ.get("HWALJA_FEEDBACK_LOG"):
        start_feedback_standin(os.environ["HWALJA_FEEDBACK_LOG"])
    environment = dict(os.environ)
    for name in ("NO_AT_BRIDGE", "GTK_A11Y"):
        environment.pop(name, None)
    start_accessibility_bus(environment)
    if os.environ.get("HWALJA_KEYPAD_THEME"):
        environment["GTK_THEME"] = os.environ["HWALJA_KEYPAD_THEME"]  # Adwaita:dark, as a dark desktop has it
    size = ["--size", os.environ["HWALJA_KEYPAD_SIZE"]] if os.environ.get("HWALJA_KEYPAD_SIZE") else []
    keypad = subprocess.Popen([os.environ["HWALJA_KEYPAD"], "--layout", layout] + size, env=environment)
    subprocess.run(["xdotool", "search", "--sync", "--name", WINDOW_TITLE, "windowmove", str(KEYPAD_PLACE[0]), str(KEYPAD_PLACE[1])],
                   check=True, timeout=20, stdout=subprocess.DEVNULL)
    return keypad


def keypad_buttons(wanted=None, deadline=20):
    """{accessible name: (x, y) of its centre on the screen, its accessible} of the keypad's buttons
    on the screen, once the one named `wanted` is (a key shows late after a change of layer, or
    once the keypad unfolds), or any if `wanted` is None."""
    end = time.monotonic() + deadline
    buttons = {}
    while time.monotonic() < end:
        buttons = {}
        desktop = Atspi.get_desktop(0)
        for index in range(desktop.get_child_count()):
            application = desktop.get_child_at_index(index)
            if application is not None and application.get_name() == "hwalja-keypad":
                collect(application, buttons)
        if wanted in buttons or (wanted is None and buttons):
            return buttons
        time.sleep(0.2)
    if not buttons:
        raise SystemExit("keypad: no button of hwalja-keypad found through AT-SPI")
    raise SystemExit(f"keypad: no key named {wanted!r} (keys: {' '.join(sorted(buttons))})")


def collect(application, buttons):
    """Adds the buttons of `application` on the screen. On Wayland, where a window does not know
    its place on the screen, the keypad's panel is along the bottom of the only output,
    HWALJA_SCREEN_SIZE (WIDTHxHEIGHT, logical pixels): its buttons' places in the panel are moved
    down by the output's height less the panel's."""
    coordinates, shift = Atspi.CoordType.SCREEN, 0
    if on_wayland() and application.get_child_count():
        coordinates = Atspi.CoordType.WINDOW
        shift = screen_size()[1] - application.get_child_at_index(0).get_extents(coordinates).height
    for button in push_buttons(application):
        if button.get_state_set().contains(Atspi.StateType.SHOWING):  # hidden ones have no place
            extents = button.get_extents(coordinates)
            buttons[button.get_name()] = (extents.x + extents.width // 2, shift + extents.y + extents.height // 2, button)


def push_buttons(node):
    """The push and toggle buttons (the emoji page's tabs) under `node`, depth first."""
    if node.get_role() in (Atspi.Role.PUSH_BUTTON, Atspi.Role.TOGGLE_BUTTON):
        yield node
        return
    for index in range(node.get_child_count()):
        child = node.get_child_at_index(index)
        if child is not None:
            yield from push_buttons(child)


def on_wayland():
    """Whether the keypad is on Wayland, where the tests tap it with a pointer of their own."""
    return bool(os.environ.get("HWALJA_POINTER_SOCKET") or os.environ.get("HWALJA_KWIN_FAKE_KEYS"))


def screen_size():
    width, height = os.environ["HWALJA_SCREEN_SIZE"].split("x")
    return int(width), int(height)


def wayland_pointer(x, y, milliseconds, up, right=0):
    """The press on Wayland: in KWin through its fake input (tools/clients/kwin-fake-keys.c, at
    HWALJA_KWIN_FAKE_KEYS), else with tools/wayland-pointer.py's virtual pointer (its socket in
    HWALJA_POINTER_SOCKET)."""
    if os.environ.get("HWALJA_KWIN_FAKE_KEYS"):
        moves = [f"m{x},{max(0, y - up)}"] if up else []
        moves += [f"m{x + right * step // 6},{y}" for step in range(1, 7)] if right else []
        events = [f"m{x},{y}", "s20", "p", f"s{milliseconds}"] + moves + ["r", "s30"]
        subprocess.run([os.environ["HWALJA_KWIN_FAKE_KEYS"]] + events, check=True, timeout=30)
        return
    width, height = screen_size()
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as pointer:
        pointer.connect(os.environ["HWALJA_POINTER_SOCKET"])
        pointer.sendall(f"tap {x} {y} {milliseconds} {up} {width} {height} {right}\n".encode())
        if pointer.makefile().readline().strip() != "done":
            raise SystemExit("keypad: the virtual pointer did not tap")


def press(key):
    """Presses the keypad's key `key` (`keypad:NAME`, `keypad-hold:NAME:MS`, `keypad-flick:NAME`)
    with the pointer, through xdotool, or activates it (`keypad-action:NAME`) through AT-SPI."""
    kind, _, rest = key.partition(":")
    name, milliseconds, up, right = rest, 60, 0, 0
    if kind == "keypad-hold":
        name, _, held = rest.rpartition(":")
        milliseconds = int(held)
    elif kind == "keypad-flick":
        up = 60
    elif kind == "keypad-drag":
        name, _, distance = rest.rpartition(":")
        milliseconds, right = 300, int(distance)
    x, y, button = keypad_buttons(name)[name]
    if kind == "keypad-double":
        return double_tap(x, y)
    if kind == "keypad-action":
        if not Atspi.Action.do_action(button, 0):
            raise SystemExit(f"keypad: AT-SPI refused {name!r}'s action")
        time.sleep(0.4)  # GTK 3 shows the button pressed a moment before it is clicked
        return
    if on_wayland():
        return wayland_pointer(x, y, milliseconds, up, right)
    arguments = ["mousemove", str(x), str(y), "mousedown", "1", "sleep", str(milliseconds / 1000)]
    if up:
        arguments += ["mousemove", str(x), str(y - up)]
    for step in range(1, 7 if right else 1):  # a drag in six moves, as a finger's comes
        arguments += ["mousemove", str(x + right * step // 6), str(y), "sleep", "0.03"]
    subprocess.run(["xdotool"] + arguments + ["mouseup", "1", "sleep", "0.03"], check=True, timeout=30)


def double_tap(x, y):
    """Two taps at (x, y), 50 ms apart: within any double-click time."""
    if os.environ.get("HWALJA_KWIN_FAKE_KEYS"):
        tap = ["p", "s40", "r", "s50"]
        subprocess.run([os.environ["HWALJA_KWIN_FAKE_KEYS"], f"m{x},{y}", "s20"] + tap + tap, check=True, timeout=30)
    elif on_wayland():
        wayland_pointer(x, y, 40, 0)
        wayland_pointer(x, y, 40, 0)
    else:
        subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "--repeat", "2", "--delay", "50", "1", "sleep", "0.03"],
                       check=True, timeout=30)


if __name__ == "__main__":
    press(sys.argv[1])
