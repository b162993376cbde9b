#!/usr/bin/python3
"""Emacs (its Lucid build, emacs-lucid, which takes its input method through XIM, as Emacs does
without GTK) typed into as a desktop would: the framework's XIM server (IBus's ibus-x11, or
fcitx5's XIM frontend on a connection fcitx5 opens to this display), keys sent through the X
server by xdotool. Run it on an X display of its own (xvfb-run); see tools/app_session.py for the
command line and the output:

    tools/emacs-app.py [--field lines] ENGINE KEY...

The field is a text-mode buffer filling the frame. Events are not recorded (empty): the text is
the buffer's, written out when F12 comes (after SETTLE, for late answers from the input method).
"""
import os
import subprocess
import tempfile
import time

from app_session import SETTLE, Session, XIMClient, parse_arguments, use_headless_ibus_address

SETUP = """
(progn
  (setq inhibit-startup-screen t make-backup-files nil auto-save-default nil)
  (menu-bar-mode -1) (tool-bar-mode -1) (scroll-bar-mode -1)
  (switch-to-buffer (get-buffer-create "typed")) (text-mode) (electric-indent-local-mode -1)
  (set-frame-parameter nil 'fullscreen 'fullboth)
  (global-set-key [f12] (lambda () (interactive)
    (sit-for %(settle)s)
    (let ((coding-system-for-write 'utf-8-unix))
      (write-region (point-min) (point-max) "%(report)s.part"))
    (rename-file "%(report)s.part" "%(report)s")
    (kill-emacs 0)))
  (with-temp-file "%(folder)s/ready" (insert "")))
"""


def main():
    _, engine, keys = parse_arguments("emacs-app.py", ("lines",))
    use_headless_ibus_address()
    client = XIMClient()
    children = client.children
    session = Session("emacs-app.py", engine, keys, cleanup=client.cleanup, deadline=100)
    environment = client.environment
    client.start_server(session)
    folder = tempfile.mkdtemp(prefix="hwalja-emacs-")
    report = os.path.join(folder, "report")
    time.sleep(0.5)  # the XIM server must be up when Emacs opens its input method
    setup = SETUP % {"settle": SETTLE, "report": report, "folder": folder}
    children.append(subprocess.Popen(["emacs", "-Q", "--eval", setup], env=environment,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    while session.poll(os.path.exists(os.path.join(folder, "ready"))):
        time.sleep(0.05)
    while not os.path.exists(report):
        if children[-1].poll() is not None:
            session.give_up(f"emacs exited with status {children[-1].returncode} before its report")
        time.sleep(0.05)
    with open(report, encoding="utf-8") as file:
        session.report(file.read(), [])
    client.cleanup()


main()
