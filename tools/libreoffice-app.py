#!/usr/bin/python3
"""LibreOffice Writer typed into as a desktop would: its GTK 3 window (SAL_USE_VCLPLUGIN=gtk3)
with the framework's GTK 3 module (GTK_IM_MODULE=ibus or fcitx), keys sent through the X server
by xdotool. Run it on an X display of its own (xvfb-run); see tools/app_session.py for the command
line and the output:

    tools/libreoffice-app.py [--field lines] ENGINE KEY...

The field is a new text document. Writer has no changes to report: the events are empty, and the
text is the document's, read through LibreOffice's own API (UNO, python3-uno) once the keys are
typed, paragraphs joined by line breaks. The profile is a temporary directory, removed at the end.
"""
import os
import subprocess
import tempfile
import time

from app_session import SETTLE, Session, cover_screen_with_window, parse_arguments, use_headless_ibus_address

import uno  # noqa: E402 (python3-uno)


def connect(pipe):
    """Writer's document through UNO, once LibreOffice accepts connections on `pipe`, else None."""
    resolver = uno.getComponentContext().ServiceManager.createInstanceWithContext(
        "com.sun.star.bridge.UnoUrlResolver", uno.getComponentContext())
    try:
        context = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
    except Exception:  # NoConnectException until LibreOffice listens
        return None
    desktop = context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
    return desktop.getCurrentComponent()


def main():
    _, engine, keys = parse_arguments("libreoffice-app.py", ("lines",))
    use_headless_ibus_address()
    profile = tempfile.TemporaryDirectory(prefix="hwalja-libreoffice-")
    pipe = f"hwalja-{os.getpid()}"
    children = []

    def cleanup():
        for child in children:
            if child.poll() is None:
                child.kill()
        profile.cleanup()

    # LibreOffice with a new profile, beside another suite's applications, took over 40 s to show.
    session = Session("libreoffice-app.py", engine, keys, cleanup=cleanup, deadline=100)
    environment = dict(os.environ, SAL_USE_VCLPLUGIN="gtk3", HOME=profile.name)
    children.append(subprocess.Popen(
        ["soffice", "--writer", "--norestore", "--nologo", "--nolockcheck", f"-env:UserInstallation=file://{profile.name}/user",
         f"--accept=pipe,name={pipe};urp;"],
        env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True))
    window = document = None
    while True:
        window = window or cover_screen_with_window("LibreOffice Writer")
        # Writer takes keys once its document is loaded, some time after its window shows.
        document = document or (connect(pipe) if window else None)
        if not session.poll(document is not None):
            break
        time.sleep(0.1)
    session.typist.wait()
    time.sleep(SETTLE)
    text = document.Text.getString().replace("\r\n", "\n")
    session.report(text, [])
    cleanup()


main()
