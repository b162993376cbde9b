#!/usr/bin/python3
"""What a terminal application reads, recorded: run in a terminal (xterm, alacritty) by
tools/terminal-app.py, it puts the terminal in raw mode and appends every byte it reads to FILE as it
comes, until SETTLE seconds after F12's escape sequence (late answers from the input method
still count), then exits.

    tools/tty-recorder.py FILE

FILE is created empty at once: its existence says the terminal runs and the recorder reads.
"""
import os
import select
import sys
import termios
import time
import tty
from script_help import answer_help  # noqa: E402

answer_help()

F12 = b"\x1b[24~"
SETTLE = 0.3


def main():
    path = sys.argv[1]
    descriptor = sys.stdin.fileno()
    tty.setraw(descriptor)
    seen = b""
    ends_at = None
    with open(path + ".part", "wb") as record:
        os.rename(path + ".part", path)
        while ends_at is None or time.monotonic() < ends_at:
            timeout = None if ends_at is None else max(0, ends_at - time.monotonic())
            readable, _, _ = select.select([descriptor], [], [], timeout)
            if not readable:
                continue
            chunk = os.read(descriptor, 4096)
            if not chunk:
                break
            record.write(chunk)
            record.flush()
            seen += chunk
            if ends_at is None and F12 in seen:
                ends_at = time.monotonic() + SETTLE
    termios.tcflush(descriptor, termios.TCIFLUSH)


main()
