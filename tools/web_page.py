"""The web page the browser harnesses (tools/chromium-app.py, tools/firefox-app.py) type into.

Fields: text is an <input>, lines a <textarea>, password an <input type=password> followed by an
<input>, form an <input> followed by another. The page reports each event as one ASCII line,
`hwalja-test [KIND, PAYLOAD]`: ["focus", null] once the field has the keyboard, and, a moment after
F12, ["done", {"text": the field's value, "events": [...], "next": the following field's value}].
Events: every change to the field's value outside composition, in order, ["insert", text] or
["delete", text], and the composition events ["compositionstart"], ["compositionend", data].
Firefox writes the lines with dump() to standard output (browser.dom.window.dump.enabled),
Chromium with console.log to its log.
"""
import json
import os
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
function report(kind, payload) {  // one line, ASCII only (chromium's log is not always UTF-8): Firefox's dump, else the console
  const line = JSON.stringify([kind, payload]).replace(/[\\u007f-\\uffff]/g, c => "\\\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
  if (window.dump) dump("hwalja-test " + line + "\\n"); else console.log("hwalja-test " + line);
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




def page_html(field):
    """The page, with `field` (a key of FIELDS) focused."""
    return PAGE.replace("FIELDS", FIELDS[field]).replace("SETTLE_MS", str(int(SETTLE * 1000)))


class BrowserRun:
    """One run of a browser harness: its command line read, a scratch folder (the page, the
    profile, the browser's HOME) removed at the end, the session, and the browser once started."""

    def __init__(self, program, name):
        field, engine, keys = parse_arguments(program)
        use_headless_ibus_address()
        self.name = name
        self.directory = tempfile.TemporaryDirectory(prefix=f"hwalja-{name}-")
        self.browser = None
        self.session = Session(program, engine, keys, self.cleanup)
        self.page = os.path.join(self.directory.name, "page.html")
        with open(self.page, "w", encoding="utf-8") as file:
            file.write(page_html(field))

    def cleanup(self):
        if self.browser and self.browser.poll() is None:
            os.killpg(self.browser.pid, signal.SIGKILL)
            self.browser.wait()
        self.directory.cleanup()

    def start(self, command, environment, reports_on_stderr):
        """Starts the browser (its own process group, HOME the scratch folder); its standard error
        (else its standard output) is read for the page's reports."""
        self.browser = subprocess.Popen(
            command, env=dict(environment, HOME=self.directory.name), stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL if reports_on_stderr else subprocess.PIPE,
            stderr=subprocess.PIPE if reports_on_stderr else subprocess.DEVNULL, start_new_session=True)

    def follow(self, report_in):
        """Types once the field has focus and prints the result once the page has it (the page's
        reports are the lines for which `report_in(line)` is not None); then cleans up."""
        stream = self.browser.stderr if self.browser.stderr else self.browser.stdout
        reports = {}
        arrived = threading.Condition()

        def read():
            for raw in stream:
                report = report_in(raw.decode("utf-8", "replace"))
                if report is not None:
                    kind, payload = json.loads(report)
                    with arrived:
                        reports[kind] = payload
                        arrived.notify_all()

        threading.Thread(target=read, daemon=True).start()
        session, browser = self.session, self.browser
        while session.poll("focus" in reports):
            if browser.poll() is not None:
                session.give_up(f"{self.name} exited with status {browser.returncode} {session.stage}")
            time.sleep(0.05)
        with arrived:
            while "done" not in reports:
                arrived.wait(0.1)
                if browser.poll() is not None:
                    session.give_up(f"{self.name} exited with status {browser.returncode} {session.stage}")
        done = reports["done"]
        session.report(done["text"], done["events"], done["next"])
        self.cleanup()
