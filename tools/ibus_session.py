"""What tools/ibus-client.py and tools/ibus-bench.py share: connecting to ibus-daemon (found as
libibus finds it: $IBUS_ADDRESS or the address file) and running GLib's main loop for a while;
with tools/fcitx5-client.py, keysyms by name and an editor's handling of the keys it is given."""
import sys
import time

import gi

gi.require_version("IBus", "1.0")
from gi.repository import GLib, IBus  # noqa: E402


def connect(timeout=10):
    """An IBus.Bus connected to ibus-daemon, or exit with a message after `timeout` seconds."""
    IBus.init()
    bus = IBus.Bus()
    deadline = time.monotonic() + timeout
    while not bus.is_connected():
        if time.monotonic() > deadline:
            sys.exit(f"cannot connect to ibus-daemon at {IBus.get_address()}")
        pump(0.05)
    return bus


def pump(seconds):
    """Handles pending GLib events, then keeps doing so until `seconds` have passed."""
    main = GLib.MainContext.default()
    end = time.monotonic() + seconds
    while True:
        while main.iteration(False):
            pass
        if time.monotonic() >= end:
            return
        time.sleep(0.005)


def keysym(name):
    """The keysym named `name` (KP_1, BackSpace, space) or written in hex (0xffb1); exits if unknown."""
    if name.startswith("0x"):
        return int(name, 16)
    value = IBus.keyval_from_name(name)
    if value == IBus.KEY_VoidSymbol:
        sys.exit(f"{sys.argv[0]}: unknown keysym {name}")
    return value


def edited(text, keyval):
    """`text` after an editor applies the key `keyval` at its end (the cursor): BackSpace deletes,
    Return and keypad Enter add a line, printable ASCII is inserted, anything else does nothing."""
    if keyval == IBus.KEY_BackSpace:
        return text[:-1]
    if keyval in (IBus.KEY_Return, IBus.KEY_KP_Enter):
        return text + "\n"
    if 0x20 <= keyval < 0x7F:
        return text + chr(keyval)
    return text


RELEASE = 1 << 30
KEY_COMMANDS = ("tap", "press", "release")


def commands(lines):
    """(command, arguments) for each line of a client's commands; '#' starts a comment."""
    for line in lines:
        words = line.split("#")[0].split()
        if words:
            yield words[0], words[1:]


def key_events(command, arguments):
    """The (keyval, state) events of `tap|press|release KEYSYM [STATE]`: a release adds 1 << 30."""
    keyval = keysym(arguments[0])
    state = int(arguments[1]) if len(arguments) > 1 else 0
    return ([(keyval, state)] if command in ("tap", "press") else []) + \
        ([(keyval, state | RELEASE)] if command in ("tap", "release") else [])
