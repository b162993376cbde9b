#!/usr/bin/python3
"""Gives a headless wlroots compositor (sway with WLR_LIBINPUT_NO_DEVICES=1, which has no input
device) a pointer, and taps with it: a virtual pointer (wlr-virtual-pointer-unstable-v1) on the
seat until this program is stopped, moved and pressed as a mouse or a finger on a touch screen
would. For the on-screen keypad's tests on sway and phoc (KeypadWaylandRealApplicationTests,
tools/keypad_session.py).

    WAYLAND_DISPLAY=/path/to/socket tools/wayland-pointer.py SOCKET

Each connection to the Unix socket SOCKET sends one line, `tap X Y MS UP WIDTH HEIGHT [RIGHT]`:
the pointer goes to X, Y (of an output WIDTH × HEIGHT), button 1 goes down, stays MS milliseconds
while the pointer moves UP pixels up (a flick; 0: none) and RIGHT pixels right (a drag; negative:
left), and comes up; then the program answers `done`.

Speaks the Wayland wire protocol itself (a few requests; Debian packages no Python binding):
each message is the object's id, its size and opcode, then its arguments, 32-bit words in the
machine's order, strings length-prefixed and padded to a word. Prints "ready" once the pointer
is there.
"""
import atexit
import os
import select
import signal
import socket
import struct
import sys
import time
from script_help import answer_help  # noqa: E402

answer_help()

DISPLAY_ID, REGISTRY_ID, CALLBACK_ID, MANAGER_ID, POINTER_ID = 1, 2, 3, 4, 5
MANAGER = "zwlr_virtual_pointer_manager_v1"
BUTTON_LEFT = 0x110  # BTN_LEFT
MOTION_ABSOLUTE, BUTTON, FRAME = 1, 2, 4  # zwlr_virtual_pointer_v1's requests


def message(object_id, opcode, payload=b""):
    return struct.pack("=II", object_id, (8 + len(payload)) << 16 | opcode) + payload


def string(text):
    data = text.encode() + b"\0"
    return struct.pack("=I", len(data)) + data + b"\0" * (-len(data) % 4)


def read_messages(connection, buffer):
    """Reads what the compositor sent; returns the whole messages as (object, opcode, payload)
    and what is left of a partial one."""
    data = connection.recv(4096)
    if not data:
        raise SystemExit("wayland-pointer: the compositor closed the connection")
    buffer += data
    messages = []
    while len(buffer) >= 8:
        object_id, word = struct.unpack("=II", buffer[:8])
        size = word >> 16
        if size < 8:
            raise SystemExit(f"wayland-pointer: a message of {size} bytes from the compositor")
        if len(buffer) < size:
            break
        messages.append((object_id, word & 0xFFFF, buffer[8:size]))
        buffer = buffer[size:]
    return messages, buffer


def main():
    path = os.environ.get("WAYLAND_DISPLAY", "wayland-0")
    if not path.startswith("/"):
        path = os.path.join(os.environ["XDG_RUNTIME_DIR"], path)
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    connection.connect(path)
    # wl_display.get_registry(new registry), then wl_display.sync(new callback): the globals
    # come before the callback's done.
    connection.sendall(message(DISPLAY_ID, 1, struct.pack("=I", REGISTRY_ID)) + message(DISPLAY_ID, 0, struct.pack("=I", CALLBACK_ID)))
    manager, buffer, synced = None, b"", False
    while not synced:
        messages, buffer = read_messages(connection, buffer)
        for object_id, opcode, payload in messages:
            if object_id == REGISTRY_ID and opcode == 0:  # wl_registry.global(name, interface, version)
                name, length = struct.unpack("=II", payload[:8])
                interface = payload[8:8 + length - 1].decode()
                if interface == MANAGER:
                    manager = name
            elif object_id == CALLBACK_ID and opcode == 0:
                synced = True
            elif object_id == DISPLAY_ID and opcode == 0:
                raise SystemExit(f"wayland-pointer: protocol error {payload!r}")
    if manager is None:
        raise SystemExit(f"wayland-pointer: the compositor offers no {MANAGER}")
    # wl_registry.bind(name, interface, version, new id), then the manager's
    # create_virtual_pointer(seat: none, the default seat; new pointer), and a frame.
    bind = struct.pack("=I", manager) + string(MANAGER) + struct.pack("=II", 1, MANAGER_ID)
    connection.sendall(message(REGISTRY_ID, 0, bind) + message(MANAGER_ID, 0, struct.pack("=II", 0, POINTER_ID)) + message(POINTER_ID, 4))
    commands = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    commands.bind(sys.argv[1])
    atexit.register(os.unlink, sys.argv[1])
    commands.listen()
    print("ready", flush=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    while True:  # until the compositor or a signal ends it
        readable, _, _ = select.select([connection, commands], [], [])
        if connection in readable:
            messages, buffer = read_messages(connection, buffer)
            for object_id, opcode, payload in messages:
                if object_id == DISPLAY_ID and opcode == 0:
                    raise SystemExit(f"wayland-pointer: protocol error {payload!r}")
        if commands in readable:
            client, _ = commands.accept()
            with client:
                tap(connection, *map(int, client.makefile().readline().split()[1:]))
                client.sendall(b"done\n")


def tap(connection, x, y, milliseconds, up, width, height, right=0):
    def now():
        return int(time.monotonic() * 1000) & 0xFFFFFFFF

    def move(to_y, to_x=x):
        connection.sendall(message(POINTER_ID, MOTION_ABSOLUTE, struct.pack("=IIIII", now(), to_x, to_y, width, height)) + message(POINTER_ID, FRAME))

    def button(down):
        connection.sendall(message(POINTER_ID, BUTTON, struct.pack("=III", now(), BUTTON_LEFT, 1 if down else 0)) + message(POINTER_ID, FRAME))

    move(y)
    time.sleep(0.02)
    button(True)
    steps = 6 if up or right else 1
    for step in range(1, steps + 1):
        time.sleep(milliseconds / 1000 / steps)
        if up or right:
            move(max(0, y - up * step // steps), x + right * step // steps)
    button(False)
    time.sleep(0.03)


main()
