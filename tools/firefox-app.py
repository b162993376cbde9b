#!/usr/bin/python3
"""A real web page in Firefox ESR typed into as a desktop would: Debian's firefox-esr on X11,
whose GTK 3 input-method context loads the framework's GTK 3 module (GTK_IM_MODULE=ibus or fcitx),
keys sent through the X server by xdotool. Run it on an X display of its own (xvfb-run); see
tools/app_session.py for the command line and the output:

    tools/firefox-app.py [--field text|lines|password|form] ENGINE KEY...

The page and its fields are tools/web_page.py's; it reports to this program with dump(), which
Firefox writes to standard output. The window is in kiosk mode, covering the screen; the profile
and HOME are a temporary directory, removed at the end.
"""
import json
import os

from web_page import BrowserRun

# A profile that opens the page and nothing else: no first-run pages, no update or telemetry,
# dump() on.
PREFERENCES = {
    "browser.dom.window.dump.enabled": True,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.aboutwelcome.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.disabledForTesting": True,
    "browser.tabs.warnOnClose": False,
}
PREFIX = "hwalja-test "  # the page's reports, written by dump()


def main():
    run = BrowserRun("firefox-app.py", "firefox-esr")
    profile = os.path.join(run.directory.name, "profile")
    os.mkdir(profile)
    with open(os.path.join(profile, "user.js"), "w") as file:
        file.writelines(f"user_pref({json.dumps(name)}, {json.dumps(value)});\n" for name, value in PREFERENCES.items())
    run.start(["firefox-esr", "--no-remote", "--profile", profile, "--kiosk", f"file://{run.page}"],
              dict(os.environ, MOZ_ENABLE_WAYLAND="0"), reports_on_stderr=False)
    run.follow(lambda line: line[len(PREFIX):] if line.startswith(PREFIX) else None)


main()
