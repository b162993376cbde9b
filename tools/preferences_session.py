#!/usr/bin/python3
"""hwalja's Preferences driven as a screen reader or switch access drives it: starts the program
(HWALJA_PREFERENCES, else the installed /usr/bin/hwalja-preferences) on this X display, finds the
control of setting NAME through AT-SPI by its accessible name, sets it to VALUE (a number field
through AT-SPI's Value, text through EditableText and Enter, a switch through its action), waits
until hwaljad reports the value in use, and closes the program. The accessibility bus is started
here when none runs.

    tools/preferences_session.py [--shot PATH] [--return-to TITLE] [--refused] NAME VALUE

--shot saves the program's window (ImageMagick's import) once the value is in use; --return-to
gives the X focus back to the window titled TITLE afterwards, as a user going back to the field
does (the program takes the focus while it is open); with --refused, hwaljad is to refuse VALUE:
the program must show a message quoting it (printed here) and the value in use must stay. In the
real-application harness: `run:` followed by this command (tools/app_session.py).
"""
import argparse
import os
import subprocess
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, Gio, GLib  # noqa: E402

from accessibility_bus import start_accessibility_bus  # noqa: E402

WINDOW_TITLE = "hwalja Preferences"
PROGRAM_NAME = "hwalja-preferences"
# GTK 4 gives a switch the role of a toggle button to AT-SPI 2.46.
SWITCHES = (Atspi.Role.TOGGLE_BUTTON, Atspi.Role.CHECK_BOX)


def start(environment):
    start_accessibility_bus(environment)
    program = os.environ.get("HWALJA_PREFERENCES") or "/usr/bin/hwalja-preferences"
    return subprocess.Popen([program], env=environment)


def find_application():
    """hwalja-preferences's accessible, or None before it shows."""
    desktop = Atspi.get_desktop(0)
    for index in range(desktop.get_child_count()):
        application = desktop.get_child_at_index(index)
        if application is not None and application.get_name() == PROGRAM_NAME:
            return application
    return None


def find_control(name, deadline=20):
    """The control whose accessible name is `name` in hwalja-preferences."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        application = find_application()
        found = search(application, name) if application is not None else None
        if found is not None:
            return found
        time.sleep(0.2)
    raise SystemExit(f"preferences: no control named {name!r} in {PROGRAM_NAME} through AT-SPI")


def search(node, name):
    if node.get_name() == name and (
            {"Value", "EditableText"} & set(node.get_interfaces()) or node.get_role() in SWITCHES):
        return node
    for index in range(node.get_child_count()):
        child = node.get_child_at_index(index)
        found = search(child, name) if child is not None else None
        if found is not None:
            return found
    return None


def set_control(control, value):
    """Sets `control` to `value`: through Value for a number, its action for a switch."""
    if "Value" in control.get_interfaces():
        if not Atspi.Value.set_current_value(control, float(value)):
            raise SystemExit(f"preferences: AT-SPI refused the value {value!r}")
        return
    if "EditableText" in control.get_interfaces():
        # Text is set with Enter, as a user sets it.
        if not Atspi.EditableText.set_text_contents(control, value):
            raise SystemExit(f"preferences: AT-SPI refused the text {value!r}")
        # GTK 4.8 does not give the focus through AT-SPI: a click in the field does.
        extents = Atspi.Component.get_extents(control, Atspi.CoordType.SCREEN)
        subprocess.run(["xdotool", "mousemove", str(extents.x + extents.width // 2), str(extents.y + extents.height // 2),
                        "click", "1", "sleep", "0.2", "key", "End", "Return"], check=True, timeout=20)
        return
    if "Action" in control.get_interfaces():
        on = control.get_state_set().contains(Atspi.StateType.CHECKED)
        if on != (value == "true"):
            Atspi.Action.do_action(control, 0)
        return
    raise SystemExit(f"preferences: cannot set a control of role {control.get_role_name()} (no Value, no action)")


def shown_message(node, words):
    """The text of a label under `node` that contains `words` (a refusal's message), if any."""
    if node.get_role() == Atspi.Role.LABEL and words in (node.get_name() or ""):
        return node.get_name()
    for index in range(node.get_child_count()):
        child = node.get_child_at_index(index)
        found = shown_message(child, words) if child is not None else None
        if found:
            return found
    return None


def value_in_use(name):
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    reply = bus.call_sync("org.hwalja.Engine1", "/org/hwalja/Engine1", "org.hwalja.Engine1", "GetSettings", None,
                          GLib.VariantType("(a(sssssas))"), Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
    return next(setting[1] for setting in reply if setting[0] == name)


def focus(title):
    subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", f"^{title}$", "windowfocus", "--sync"],
                   check=True, timeout=20, stdout=subprocess.DEVNULL)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shot")
    parser.add_argument("--return-to")
    parser.add_argument("--refused", action="store_true")
    parser.add_argument("name")
    parser.add_argument("value")
    options = parser.parse_args()
    environment = dict(os.environ)
    for name in ("NO_AT_BRIDGE", "GTK_A11Y"):
        environment.pop(name, None)
    program = start(environment)
    try:
        focus(WINDOW_TITLE)  # the user is in the Preferences now: the field lost the focus
        before = value_in_use(options.name)
        control = find_control(options.name)
        set_control(control, options.value)
        end = time.monotonic() + 10
        if options.refused:
            # The program shows hwaljad's message, which quotes the value; the value stays.
            while not (message := shown_message(find_application(), options.value)):
                if time.monotonic() > end:
                    raise SystemExit(f"preferences: no message about {options.value!r} shown")
                time.sleep(0.1)
            print(message)
            if value_in_use(options.name) != before:
                raise SystemExit(f"preferences: {options.name} changed to {value_in_use(options.name)!r}")
        while not options.refused and value_in_use(options.name) != options.value:
            if time.monotonic() > end:
                raise SystemExit(f"preferences: hwaljad still has {options.name} = {value_in_use(options.name)}")
            time.sleep(0.1)
        if options.shot:
            time.sleep(0.3)
            window = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", f"^{WINDOW_TITLE}$"],
                                    check=True, timeout=20, capture_output=True, text=True).stdout.split()[0]
            subprocess.run(["import", "-window", window, options.shot], check=True, timeout=30)
    finally:
        program.terminate()
        program.wait(timeout=10)
    if options.return_to:
        focus(options.return_to)
    return 0


if __name__ == "__main__":
    sys.exit(main())
