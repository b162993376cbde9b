"""What the real-application harnesses (tools/gtk3-app.py, gtk4-app.py, qt5-app.py,
chromium-app.py) share: their command line, finding ibus-daemon, selecting the engine once the
field has focus, typing with xdotool through the X server, the deadline and the JSON report.

    tools/TOOLKIT-app.py [--field text|lines|password|form] ENGINE KEY...

Each runs on an X display of its own (xvfb-run -s '-screen 0 1280x800x24') with a window covering
the screen, so the pointer (at the centre) is on the field and X sends it the keyboard. Fields:
text, a single line (Gtk.Entry, QLineEdit, <input>); lines, several (Gtk.TextView, QPlainTextEdit,
<textarea>); password, a password field (focused) and after it a text field that Tab reaches;
form, a text field (focused) and after it another that Tab reaches.

On Wayland the keys come from wtype's virtual keyboard instead (HWALJA_TYPIST=wtype: sway), or
through mutter's remote-desktop API (HWALJA_TYPIST=mutter, tools/mutter-keys.py: GNOME) or
KWin's fake input (HWALJA_TYPIST=kwin, tools/kwin-keys.py: KDE), and
HWALJA_FRAMEWORK=fcitx5 selects through fcitx5 as GTK_IM_MODULE=fcitx does; with
HWALJA_FRAMEWORK=none nothing is selected (the compositor's input method is hwalja-keypad).

Once the field has focus, the program selects ENGINE as IBus's global engine (under fcitx5,
GTK_IM_MODULE=fcitx: as the focused input context's input method, found on the session bus), waits SETTLE seconds
and types KEY... through the X server, 30 ms apart: an xdotool key name (8, BackSpace, space, Return,
period, Tab, KP_Add), `click` (a left click where the pointer is: on the field), `hold:KEY:MS`
(KEY down, MS milliseconds, KEY up: a long press, with the X server's autorepeat as a desktop has
it) or `down:KEY` (KEY down, and up only after F12: what shows while a key is still down), or
`shot:PATH` (a screenshot, typing_command). Then F12; once the application has it, late answers from IBus get SETTLE seconds, then the
program prints one line:

    {"text": the field's text, "events": [...], "next": the text field after a password or form field}

Events are the application's own record of changes, described by each program. ibus-daemon is
found as a headless client finds it ($IBUS_ADDRESS, else the address file of an empty DISPLAY),
not by the X display. Whatever goes wrong, the program ends within DEADLINE seconds, saying what it
was waiting for in one line on standard error, with status 1.
"""
import json
import os
import shlex
import subprocess
import sys
import threading
import time

import gi

gi.require_version("IBus", "1.0")
from gi.repository import IBus  # noqa: E402
from script_help import answer_help  # noqa: E402

DEADLINE = 40
SETTLE = 0.3
KEY_DELAY_MS = int(os.environ.get("HWALJA_KEY_DELAY_MS", "30"))
FIELDS = ("text", "lines", "password", "form")


def use_headless_ibus_address():
    """Sets $IBUS_ADDRESS to the headless daemon's address; call before a toolkit loads its IBus module."""
    display = os.environ.get("DISPLAY", "")
    os.environ["DISPLAY"] = ""
    os.environ.setdefault("IBUS_ADDRESS", IBus.get_address() or "")
    os.environ["DISPLAY"] = display


def parse_arguments(program, fields=FIELDS):
    """(field, engine, keys) from the command line, or exit 2 with the usage (0 with the script's
    description, asked for with --help)."""
    answer_help()
    arguments = sys.argv[1:]
    field = "text"
    if arguments[:1] == ["--field"] and len(arguments) >= 2:
        field, arguments = arguments[1], arguments[2:]
    if field not in fields or not arguments or arguments[0].startswith("-"):
        print(f"usage: {program} [--field {'|'.join(fields)}] ENGINE KEY...", file=sys.stderr)
        sys.exit(2)
    return field, arguments[0], arguments[1:]


def wtype_arguments(keys, finish=True):
    """One wtype command line (a Wayland virtual keyboard) typing `keys`, then F12 if `finish`. wtype gives
    the compositor its keymap first, and the input method may lose the first keys while it takes
    that keymap: a modifier goes first, with time to settle. `click` has no wtype equivalent."""
    delay = str(KEY_DELAY_MS)
    arguments = ["-M", "shift", "-s", "300", "-m", "shift", "-s", "300"]
    held = []
    for key in keys + (["F12"] if finish else []):
        if key.startswith("down:"):
            held.append(key.split(":")[1])
            arguments += ["-P", held[-1], "-s", "200"]
        elif key.startswith("hold:"):
            _, name, milliseconds = key.split(":")
            arguments += ["-P", name, "-s", milliseconds, "-p", name, "-s", delay]
        elif key.startswith("pause:"):
            arguments += ["-s", key.split(":")[1]]
        elif key.startswith("click"):
            raise SystemExit(f"wtype cannot click: {key}")
        else:
            arguments += ["-k", key, "-s", delay]
    for name in held:
        arguments += ["-p", name]
    return ["wtype"] + arguments


def kwin_arguments(keys, finish=True):
    """tools/kwin-keys.py typing `keys`, then F12 if `finish`, through KWin's fake-input protocol (KDE)."""
    return [os.path.join(os.path.dirname(os.path.abspath(__file__)), "kwin-keys.py")] + keys + (["F12"] if finish else [])


def mutter_arguments(keys, finish=True):
    """tools/mutter-keys.py typing `keys`, then F12 if `finish`, through mutter's remote-desktop API (GNOME)."""
    return [os.path.join(os.path.dirname(os.path.abspath(__file__)), "mutter-keys.py")] + keys + (["F12"] if finish else [])


def xdotool_arguments(keys, finish=True):
    """One xdotool command line (commands chained) typing `keys`, then F12 if `finish`."""
    arguments = []
    held = []
    for key in keys + (["F12"] if finish else []):
        if key.startswith("down:"):
            held.append(key.split(":")[1])
            arguments += ["keydown", held[-1], "sleep", "0.2"]
        elif key == "click":
            # A click while a syllable is composing, soon after its last key, as a user makes it.
            # The application may not have shown that key's preedit yet: GTK 3 then commits the
            # stale one (기 for 가) before its first report of its text, and the engine takes it
            # back (InputSession.reset(); it failed 9 runs in 12 under load, issue #30).
            arguments += ["sleep", os.environ.get("HWALJA_CLICK_WAIT", "0.1"), "click", "1", "sleep", "0.1"]
        elif key.startswith("click:"):
            _, x, y = key.split(":")
            arguments += ["sleep", "0.1", "mousemove", x, y, "sleep", "0.1", "click", "1", "sleep", "0.1"]
        elif key.startswith("hold:"):
            _, name, milliseconds = key.split(":")
            arguments += ["keydown", name, "sleep", str(int(milliseconds) / 1000), "keyup", name, "sleep", str(KEY_DELAY_MS / 1000)]
        elif key.startswith("pause:"):
            arguments += ["sleep", str(int(key.split(":")[1]) / 1000)]
        else:
            arguments += ["key", "--delay", str(KEY_DELAY_MS), key]
    for name in held:
        arguments += ["keyup", name]  # at once after F12, well before the X server would repeat the key
    return ["xdotool"] + arguments


def paced(keys):
    """`keys` with a pause of 250 ms after each Tab and each `hold:`. A key pressed again within a
    tenth of a second of its release after a long hold is taken for the keyboard repeating it (X
    sends a release and a press at once; HoldTimer.autoRepeatGap), and a person lifts a finger and
    presses again no sooner; xdotool's 30 ms, delayed on the way by a busy machine, could come
    under it. A focus change is not instant: the toolkit or
    the compositor moves the input focus after the key, and a key that comes first is typed into
    the field being left, where it is lost (GTK 3 with IBus: ibus-daemon handed the key to the
    engine still attached to the old field, then FocusOut; with 3 busy loops on 2 cores 3 runs in
    8 lost the key 100 ms after Tab; GNOME and KWin once each in CI). A person's next key comes
    later than that; the harness waits as for a click."""
    result = []
    for key in keys:
        result += [key, "pause:250"] if key == "Tab" or key.startswith("hold:") else [key]
    return result


def typing_command(typist, keys):
    """The command that types `keys` with `typist` (one of the *_arguments above), then F12. Two
    kinds of key run commands of their own between the typist's: `shot:PATH` saves the screen to
    PATH as a PNG at that point, half a second after the keys before it, while their preedit and
    suggestions show (grim on Wayland, ImageMagick's import on X); `keypad:NAME`,
    `keypad-hold:NAME:MS`, `keypad-flick:NAME`, `keypad-double:NAME`, `keypad-drag:NAME:DX` and
    `keypad-action:NAME` press the on-screen keypad's key of that accessible name, found when it
    comes (tools/keypad_session.py);
    `run:COMMAND` runs COMMAND (split as a shell would, run without one), as a user changing a
    setting while the field is open."""
    commands, plain = [], []
    for key in keys:
        own = None
        if key.startswith("shot:"):
            path = key.split(":", 1)[1]
            screen = ["grim", path] if os.environ.get("WAYLAND_DISPLAY") else ["import", "-window", "root", path]
            own = [["sleep", "0.5"], screen]
        elif key.split(":", 1)[0] in ("keypad", "keypad-hold", "keypad-flick", "keypad-double", "keypad-drag", "keypad-action"):
            own = [[sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "keypad_session.py"), key]]
        elif key.startswith("run:"):
            own = [shlex.split(key.split(":", 1)[1])]
        if own is None:
            plain.append(key)
            continue
        if plain:
            commands.append(typist(plain, finish=False))
            plain = []
        commands += own
    if not commands:
        return typist(keys)
    commands.append(typist(plain, finish=True))
    return ["sh", "-c", " && ".join(shlex.join(command) for command in commands)]


class Session:
    """Selects ENGINE once the field is ready, types the keys, and ends the program in time."""

    def __init__(self, program, engine, keys, cleanup=lambda: None, deadline=DEADLINE):
        self.program = program
        self.engine = engine
        self.keys = keys
        self.cleanup = cleanup
        self.stage = "connecting to ibus-daemon"
        self.typist = None
        self.ready_at = None
        self.finished = False
        self.deadline = deadline  # seconds: an application slow to start (Wine) may have more
        self.timer = threading.Timer(deadline, self.give_up)
        self.timer.daemon = True
        self.timer.start()
        if os.environ.get("HWALJA_FRAMEWORK") == "none":
            self.bus = InputMethodOfItsOwn(engine)
        elif os.environ.get("GTK_IM_MODULE") == "fcitx" or os.environ.get("HWALJA_FRAMEWORK") == "fcitx5":
            self.bus = Fcitx5()
        else:
            self.bus = IBusSelection()

    def give_up(self, reason=None):
        print(f"{self.program}: {reason or f'gave up after {self.deadline} s {self.stage}'}", file=sys.stderr, flush=True)
        if self.typist and self.typist.poll() is None:
            self.typist.kill()
        self.cleanup()
        os._exit(1)

    def poll(self, focused, needs_input_context=True):
        """Call every few tens of milliseconds until it returns False: once `focused` (the field has
        the keyboard) and, if `needs_input_context`, an IBus input context has focus (a password
        field may have none), selects the engine (set_global_engine answers once ibus-daemon has
        attached it), waits SETTLE and starts typing."""
        if not self.bus.is_connected():
            return True
        if not focused:
            self.stage = "waiting for the field to have focus"
            self.ready_at = None  # it had, and lost it: wait again once it has it back
            return True
        if needs_input_context and not self.bus.current_input_context():
            self.stage = "waiting for an IBus input context to have focus (is the toolkit's IBus module installed?)"
            return True
        if (needs_input_context or self.bus.selects_in_secret_fields) and self.bus.selected_engine() != self.engine:
            self.stage = f"waiting for ibus-daemon to run the engine {self.engine!r}"
            self.bus.set_global_engine(self.engine)
            return True
        if self.ready_at is None:
            # A person starts typing a moment after the window shows, once its first frames are
            # drawn: GTK 4's IBus module reorders keys that arrive while the application is busy.
            self.ready_at = time.monotonic()
        if time.monotonic() < self.ready_at + SETTLE:
            return True
        self.stage = "typing (no F12 reached the application)"
        typists = {"wtype": wtype_arguments, "mutter": mutter_arguments, "kwin": kwin_arguments}
        typist = typists.get(os.environ.get("HWALJA_TYPIST", ""), xdotool_arguments)
        self.typist = subprocess.Popen(typing_command(typist, paced(self.keys)))
        return False

    def report(self, text, events, following=None):
        """Prints the JSON result once, after xdotool has finished (it has sent F12)."""
        if self.finished:
            return
        self.finished = True
        if self.typist is None:
            self.give_up("F12 came before typing began")
        try:
            status = self.typist.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.give_up("xdotool still running 5 s after F12")
        if status != 0:
            self.give_up(f"xdotool failed with status {status}")
        result = {"text": text, "events": events}
        if following is not None:
            result["next"] = following
        print(json.dumps(result, ensure_ascii=False), flush=True)
        self.timer.cancel()


class IBusSelection:
    """ibus-daemon (an IBus.Bus), and the engine it runs for every input context."""

    selects_in_secret_fields = True  # the global engine, whatever has focus

    def __init__(self):
        IBus.init()
        self.bus = IBus.Bus()

    def __getattr__(self, name):
        return getattr(self.bus, name)

    def selected_engine(self):
        engine = self.bus.get_global_engine()
        return engine.get_name() if engine else None


class Fcitx5:
    """fcitx5 instead of ibus-daemon (GTK_IM_MODULE=fcitx): what Session asks of IBusSelection, over
    fcitx5's D-Bus controller on the session bus. fcitx5 keeps an input method per input context:
    SetCurrentIM selects it for the one that has focus. A password field has fcitx5's keyboard
    whatever is selected: there the input method must already be active (ActiveByDefault)."""

    selects_in_secret_fields = False

    def __init__(self):
        from gi.repository import Gio
        self.gio = Gio
        self.connection = Gio.bus_get_sync(Gio.BusType.SESSION, None)

    def call(self, method, params=None, reply="()"):
        from gi.repository import GLib
        return self.connection.call_sync("org.fcitx.Fcitx5", "/controller", "org.fcitx.Fcitx.Controller1", method, params,
                                         GLib.VariantType(reply), self.gio.DBusCallFlags.NONE, 2000, None).unpack()

    def is_connected(self):
        return True

    def current_input_context(self):
        return True  # SetCurrentIM and CurrentInputMethod below tell whether a focused one has the engine

    def selected_engine(self):
        return self.call("CurrentInputMethod", None, "(s)")[0]

    def set_global_engine(self, name):
        from gi.repository import GLib
        self.call("SetCurrentIM", GLib.Variant("(s)", (name,)))


class InputMethodOfItsOwn:
    """No input framework to select in (HWALJA_FRAMEWORK=none): the compositor's input method is
    the program typing, hwalja-keypad on sway. Session waits only for the field's focus."""

    selects_in_secret_fields = False

    def __init__(self, engine):
        self.engine = engine

    def is_connected(self):
        return True

    def current_input_context(self):
        return True

    def selected_engine(self):
        return self.engine

    def set_global_engine(self, name):
        pass


def uses_fcitx5():
    """Whether the harness types through fcitx5 (HWALJA_FRAMEWORK=fcitx5 or GTK_IM_MODULE=fcitx)."""
    return os.environ.get("HWALJA_FRAMEWORK") == "fcitx5" or os.environ.get("GTK_IM_MODULE") == "fcitx"


class XIMClient:
    """What an X application without a toolkit module needs to get its input method over XIM: the
    environment naming the framework's XIM server, and the server itself for this display (fcitx5
    opens a connection to it; for IBus, ibus-x11 runs). `children` are killed by `cleanup`."""

    def __init__(self):
        self.children = []
        self.environment = dict(os.environ, LC_ALL="C.UTF-8", XMODIFIERS="@im=fcitx" if uses_fcitx5() else "@im=ibus")

    def start_server(self, session):
        if uses_fcitx5():
            from gi.repository import GLib
            session.bus.call("OpenX11Connection", GLib.Variant("(s)", (os.environ["DISPLAY"],)))
        else:
            self.children.append(subprocess.Popen(["/usr/libexec/ibus-x11"], env=self.environment))

    def cleanup(self):
        for child in self.children:
            if child.poll() is None:
                child.kill()


def cover_screen_with_window(name):
    """The id of the visible X window whose name has `name` in it, once it shows, else None. There is
    no window manager here: the window is moved and sized to cover the screen, so that the pointer
    is on it, and given the keyboard."""
    found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", name], capture_output=True, text=True)
    windows = found.stdout.split() if found.returncode == 0 else []
    if not windows:
        return None
    subprocess.run(["xdotool", "windowsize", windows[0], "100%", "100%", "windowmove", windows[0], "0", "0", "windowfocus", windows[0]],
                   stderr=subprocess.DEVNULL)
    return windows[0]


def change_recorder(events, text):
    """A function for the field's change signal: appends to `events` the edit since its last call
    (`changes`), reading the field with `text()`."""
    shown = [""]

    def record():
        events.extend(changes(shown[0], text()))
        shown[0] = text()

    return record


def changes(before, after):
    """The edit that turns `before` into `after`: [["delete", text], ["insert", text]], either omitted if empty."""
    start = 0
    while start < min(len(before), len(after)) and before[start] == after[start]:
        start += 1
    end = 0
    while end < min(len(before), len(after)) - start and before[-1 - end] == after[-1 - end]:
        end += 1
    removed, added = before[start:len(before) - end], after[start:len(after) - end]
    return ([["delete", removed]] if removed else []) + ([["insert", added]] if added else [])
