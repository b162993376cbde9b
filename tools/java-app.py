#!/usr/bin/python3
"""A Java Swing text area (tools/java/TextArea.java, run from its source) typed into as a desktop
would: AWT takes its input method through XIM, as JetBrains IDEs and every Swing application on
X11 do, from the framework's XIM server (IBus's ibus-x11, or fcitx5's XIM frontend on a connection
fcitx5 opens to this display), keys sent through the X server by xdotool. Run it on an X display
of its own (xvfb-run); see tools/app_session.py for the command line and the output:

    tools/java-app.py [--field lines] ENGINE KEY...

Events: every change to the area's text, in order, ["insert", text] or ["delete", text].
"""
import os
import subprocess
import tempfile
import time

from app_session import Session, XIMClient, parse_arguments, use_headless_ibus_address

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "java", "TextArea.java")


def unescaped(line):
    return line.replace("\\\\", "\0").replace("\\n", "\n").replace("\0", "\\")


def main():
    _, engine, keys = parse_arguments("java-app.py", ("lines",))
    use_headless_ibus_address()
    client = XIMClient()
    children = client.children
    session = Session("java-app.py", engine, keys, cleanup=client.cleanup)
    environment = client.environment
    client.start_server(session)
    folder = tempfile.mkdtemp(prefix="hwalja-java-")
    # The XIM server must be up when AWT opens its input method.
    time.sleep(0.5)
    children.append(subprocess.Popen(["java", "-Djava.awt.headless=false", SOURCE, folder], env=environment))
    report = os.path.join(folder, "report")
    while session.poll(os.path.exists(os.path.join(folder, "focused"))):
        time.sleep(0.05)
    while not os.path.exists(report):
        if children[-1].poll() is not None:
            session.give_up(f"java exited with status {children[-1].returncode} before its report")
        time.sleep(0.05)
    children[-1].wait()
    with open(report, encoding="utf-8") as file:
        lines = file.read().split("\n")[:-1]
    events = [["insert" if line[0] == "+" else "delete", unescaped(line[1:])] for line in lines[1:]]
    session.report(unescaped(lines[0]), events)
    client.cleanup()


main()
