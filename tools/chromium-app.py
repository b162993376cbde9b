#!/usr/bin/python3
"""A real web page in Chromium typed into as a desktop would: Debian's chromium on X11 (not
headless, which has no input method), whose GTK input-method context loads GTK's IBus module
(GTK_IM_MODULE=ibus), keys sent through the X server by xdotool. Run it on an X display of its own
(xvfb-run), or in a Wayland session (WAYLAND_DISPLAY: GNOME's), where the page's field reaches the
compositor's input method through text-input-v3; see tools/app_session.py for the command line and
the output:

    tools/chromium-app.py [--field text|lines|password|form] ENGINE KEY...

Fields: text is an <input>, lines a <textarea>, password an <input type=password> followed by an
<input>, form an <input> followed by another. The page reports to this program through its console, which chromium writes to standard
error (--enable-logging=stderr); its profile and HOME are a temporary directory, removed at the end.
Events: every change to the field's value outside composition, in order, ["insert", text] or
["delete", text], and the composition events ["compositionstart"], ["compositionend", data].
"""
import json
import os
import re
import signal
import subprocess
import tempfile
import threading
import time

from app_session import SETTLE, Session, parse_arguments, use_headless_ibus_address

PAGE = """<!doctype html>
<meta charset="utf-8"><title>hwalja-test</title>
<style>html, body { margin: 0; height: 100%; } #field { box-sizing: border-box; width: 100%; height: 80%; font-size: 32px; }</style>
FIELDS
<script>
const field = document.getElementById("field"), following = document.getElementById("next");
const events = [];
let shown = "";
function report(kind, payload) {  // one console line, ASCII only: chromium's log is not always UTF-8
  const line = JSON.stringify([kind, payload]).replace(/[\\u007f-\\uffff]/g, c => "\\\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
  console.log("hwalja-test " + line);
}
function changes(before, after) {
  let start = 0, end = 0;
  while (start < Math.min(before.length, after.length) && before[start] === after[start]) start++;
  while (end < Math.min(before.length, after.length) - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  const removed = before.slice(start, before.length - end), added = after.slice(start, after.length - end);
  return (removed ? [["delete", removed]] : []).concat(added ? [["insert", added]] : []);
}
function record() { events.push(...changes(shown, field.value)); shown = field.value; }
let composing = false;
field.addEventListener("compositionstart", () => { composing = true; events.push(["compositionstart"]); });
field.addEventListener("compositionend", e => { composing = false; events.push(["compositionend", e.data]); record(); });
field.addEventListener("input", e => { if (!composing && !e.isComposing) record(); });
field.addEventListener("focus", () => report("focus"));
document.addEventListener("keydown", e => {
  if (e.key !== "F12") return;
  e.preventDefault();
  setTimeout(() => report("done", {text: field.value, events: events, next: following ? following.value : null}), SETTLE_MS);
}, true);
field.focus();
if (document.activeElement === field && document.hasFocus()) report("focus");
</script>
"""

FIELDS = {
    "text": '<input id="field">',
    "lines": '<textarea id="field"></textarea>',
    "password": '<input id="field" type="password"><input id="next">',
    "form": '<input id="field"><input id="next">',
}


def main():
    field, engine, keys = parse_arguments("chromium-app.py")
    use_headless_ibus_address()
    directory = tempfile.TemporaryDirectory(prefix="hwalja-chromium-")
    browser = []

    def cleanup():
        if browser and browser[0].poll() is None:
            os.killpg(browser[0].pid, signal.SIGKILL)
            browser[0].wait()
        directory.cleanup()

    session = Session("chromium-app.py", engine, keys, cleanup)
    page = os.path.join(directory.name, "page.html")
    with open(page, "w", encoding="utf-8") as file:
        file.write(PAGE.replace("FIELDS", FIELDS[field]).replace("SETTLE_MS", str(int(SETTLE * 1000))))
    if os.environ.get("WAYLAND_DISPLAY"):
        # On Wayland (GNOME): the field through text-input-v3 to the compositor, the window maximized.
        display = ["--ozone-platform=wayland", "--enable-wayland-ime", "--wayland-text-input-version=3", "--start-maximized"]
    else:
        geometry = subprocess.run(["xdotool", "getdisplaygeometry"], capture_output=True, text=True, check=True).stdout.split()
        display = ["--ozone-platform=x11", "--window-position=0,0", f"--window-size={geometry[0]},{geometry[1]}"]
    browser.append(subprocess.Popen(
        ["chromium", "--no-sandbox", f"--user-data-dir={os.path.join(directory.name, 'profile')}", "--no-first-run",
         "--no-default-browser-check", "--disable-gpu", "--disable-extensions", "--disable-sync", "--disable-background-networking",
         "--disable-component-update", "--password-store=basic", "--enable-logging=stderr", "--v=0"] + display + [f"--app=file://{page}"],
        env=dict(os.environ, HOME=directory.name),  # its caches and certificate store too go away at the end
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True))
    reports = {}
    arrived = threading.Condition()

    def read_console():
        for raw in browser[0].stderr:
            line = raw.decode("utf-8", "replace")
            match = re.search(r'"hwalja-test (.*)", source: ', line)
            if match:
                kind, payload = json.loads(match.group(1))
                with arrived:
                    reports[kind] = payload
                    arrived.notify_all()

    threading.Thread(target=read_console, daemon=True).start()
    while session.poll("focus" in reports):
        if browser[0].poll() is not None:
            session.give_up(f"chromium exited with status {browser[0].returncode} {session.stage}")
        time.sleep(0.05)
    with arrived:
        while "done" not in reports:
            arrived.wait(0.1)
            if browser[0].poll() is not None:
                session.give_up(f"chromium exited with status {browser[0].returncode} {session.stage}")
    done = reports["done"]
    session.report(done["text"], done["events"], done["next"])
    cleanup()


main()
