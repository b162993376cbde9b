"""The accessibility bus the AT-SPI harnesses (tools/keypad_session.py, preferences_session.py)
find programs' controls on: at-spi-bus-launcher, started on the session bus when it is not there,
and waited for. A program started before the launcher owns org.a11y.Bus has no accessibility at
all (its AT-SPI bridge asks once, at start-up: "The name org.a11y.Bus was not provided by any
.service files"), as once in CI under load."""
import subprocess
import time

from gi.repository import Gio, GLib

NAME = "org.a11y.Bus"


def has_owner(bus, name):
    reply = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                          GLib.Variant("(s)", (name,)), GLib.VariantType("(b)"), Gio.DBusCallFlags.NONE, 2000, None)
    return reply.unpack()[0]


def start_accessibility_bus(environment, deadline=10):
    """Starts at-spi-bus-launcher on the session bus of `environment` (this process's) unless
    org.a11y.Bus has an owner, and returns once it has one."""
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    if has_owner(bus, NAME):
        return
    subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], env=environment,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    end = time.monotonic() + deadline
    while not has_owner(bus, NAME):
        if time.monotonic() > end:
            raise SystemExit(f"at-spi-bus-launcher did not take {NAME} within {deadline} s (at-spi2-core: tools/install-deps)")
        time.sleep(0.05)
