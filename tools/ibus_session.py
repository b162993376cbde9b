"""What tools/ibus-client.py and tools/ibus-bench.py share: connecting to ibus-daemon (found as
libibus finds it: $IBUS_ADDRESS or the address file) and running GLib's main loop for a while."""
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
