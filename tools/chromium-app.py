#!/usr/bin/python3
"""A real web page in Chromium typed into as a desktop would: Debian's chromium on X11 (not
headless, which has no input method), whose GTK input-method context loads GTK's IBus module
(GTK_IM_MODULE=ibus), keys sent through the X server by xdotool. Run it on an X display of its own
(xvfb-run), or in a Wayland session (WAYLAND_DISPLAY: GNOME's), where the page's field reaches the
compositor's input method through text-input-v3; see tools/app_session.py for the command line and
the output:

    tools/chromium-app.py [--field text|lines|password|form] ENGINE KEY...

The page and its fields are tools/web_page.py's; it reports to this program through its console,
which chromium writes to standard error (--enable-logging=stderr); its profile and HOME are a
temporary directory, removed at the end.
"""
import os
import re
import subprocess

from web_page import BrowserRun


def report_in(line):
    """The page's report in a line of chromium's log (`… "hwalja-test REPORT", source: file:///…`), or None."""
    match = re.search(r'"hwalja-test (.*)", source: ', line)
    return match.group(1) if match else None


def main():
    run = BrowserRun("chromium-app.py", "chromium")
    if os.environ.get("WAYLAND_DISPLAY"):
        # On Wayland (GNOME): the field through text-input-v3 to the compositor, the window maximized.
        display = ["--ozone-platform=wayland", "--enable-wayland-ime", "--wayland-text-input-version=3", "--start-maximized"]
    else:
        geometry = subprocess.run(["xdotool", "getdisplaygeometry"], capture_output=True, text=True, check=True).stdout.split()
        display = ["--ozone-platform=x11", "--window-position=0,0", f"--window-size={geometry[0]},{geometry[1]}"]
    run.start(
        ["chromium", "--no-sandbox", f"--user-data-dir={os.path.join(run.directory.name, 'profile')}", "--no-first-run",
         "--no-default-browser-check", "--disable-gpu", "--disable-extensions", "--disable-sync", "--disable-background-networking",
         "--disable-component-update", "--password-store=basic", "--enable-logging=stderr", "--v=0"] + display + [f"--app=file://{run.page}"],
        os.environ, reports_on_stderr=True)
    run.follow(report_in)


main()
