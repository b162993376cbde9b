#!/usr/bin/python3
"""Wine's notepad typed into as a desktop would: Wine programs (KakaoTalk, the messenger most
Koreans use) take their input method through XIM, from the framework's XIM server (IBus's
ibus-x11, or fcitx5's XIM frontend on a connection fcitx5 opens to this display), keys sent
through the X server by xdotool. Run it on an X display of its own (xvfb-run); see
tools/app_session.py for the command line and the output:

    tools/wine-app.py [--field root|overthespot] ENGINE KEY...

The field is the XIM style Wine asks for (its X11 Driver's InputStyle): root, the preedit in a
window of the input method's, or overthespot, in a window over the cursor. (Wine's on-the-spot
style, which it picks under a Korean locale, reverses syllables for every Korean input method:
a defect of Wine's, not tested.) The Wine prefix is $WINEPREFIX, made on first use (a scratch
one: about 20 s). Notepad has no changes to report: the events are empty, and the text is what
notepad gives the clipboard (Control+A, Control+C) once the keys are typed.
"""
import os
import subprocess
import time

from app_session import SETTLE, Session, cover_screen_with_window, parse_arguments, use_headless_ibus_address
from gi.repository import GLib

DRIVER_KEY = r"HKCU\Software\Wine\X11 Driver"


def wine_environment(fcitx5):
    environment = dict(os.environ, LC_ALL="C.UTF-8", XMODIFIERS="@im=fcitx" if fcitx5 else "@im=ibus", WINEDEBUG="-all",
                       WINEDLLOVERRIDES="mscoree,mshtml=")  # no Mono or Gecko to offer to install
    environment.setdefault("WINEPREFIX", os.path.expanduser("~/.cache/hwalja-tests/wine"))
    return environment


def prepare_prefix(environment, style):
    """Makes the prefix if it is not there, and sets the XIM style Wine asks for. wineboot may
    report a failure (status 1) on a busy machine and still have made the prefix: what counts is
    the prefix's registry once its wineserver has written it and ended."""
    registry = os.path.join(environment["WINEPREFIX"], "system.reg")
    for attempt in (1, 2):
        if os.path.exists(registry):
            break
        os.makedirs(environment["WINEPREFIX"], exist_ok=True)
        made = subprocess.run(["wineboot", "--init"], env=environment, timeout=180, capture_output=True, text=True)
        subprocess.run(["wineserver", "-w"], env=environment, timeout=60)
        if not os.path.exists(registry) and attempt == 2:
            raise SystemExit(f"wine-app.py: wineboot --init made no prefix in {environment['WINEPREFIX']} "
                             f"(status {made.returncode}): {made.stderr[-1000:]}")
    subprocess.run(["wine", "reg", "add", DRIVER_KEY, "/v", "InputStyle", "/d", style, "/f"], env=environment, check=True,
                   timeout=60, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main():
    style, engine, keys = parse_arguments("wine-app.py", ("root", "overthespot"))
    fcitx5 = os.environ.get("HWALJA_FRAMEWORK") == "fcitx5" or os.environ.get("GTK_IM_MODULE") == "fcitx"
    use_headless_ibus_address()
    environment = wine_environment(fcitx5)
    prepare_prefix(environment, style)  # before the session's deadline starts
    children = []

    def cleanup():
        for child in children:
            if child.poll() is None:
                child.kill()
        subprocess.run(["wineserver", "-k"], env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    # Wine's first notepad in a new prefix, on a busy machine, took over 40 s to show (CI).
    session = Session("wine-app.py", engine, keys, cleanup=cleanup, deadline=100)
    if fcitx5:
        session.bus.call("OpenX11Connection", GLib.Variant("(s)", (os.environ["DISPLAY"],)))
    else:
        children.append(subprocess.Popen(["/usr/libexec/ibus-x11"], env=environment))
    time.sleep(0.5)  # the XIM server must be up when Wine opens its input method
    children.append(subprocess.Popen(["wine", "notepad"], env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    window = None
    while True:
        window = window or cover_screen_with_window("Notepad")
        # Focused: the framework tells once notepad's input context has focus (Session.poll).
        if not session.poll(window is not None):
            break
        time.sleep(0.1)
    session.typist.wait()
    time.sleep(SETTLE)
    subprocess.run(["xdotool", "key", "--delay", "100", "ctrl+a", "ctrl+c"], check=True)
    time.sleep(0.5)
    copied = subprocess.run(["xclip", "-o", "-selection", "clipboard"], capture_output=True, text=True)
    session.report(copied.stdout.replace("\r\n", "\n"), [])
    cleanup()


main()
