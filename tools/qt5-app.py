#!/usr/bin/python3
"""A real Qt 5 application typed into as a desktop would: a field with Qt's IBus platform input
context (QT_IM_MODULE=ibus, libibusplatforminputcontextplugin.so from libqt5gui5) or fcitx5's
(QT_IM_MODULE=fcitx with GTK_IM_MODULE=fcitx, from fcitx5-frontend-qt5), keys sent through the X
server by xdotool; with HWALJA_QT=6 (tools/qt6-app.py) the same in Qt 6, KDE Plasma 6's toolkit
(PyQt6; libqt6gui6's IBus input context, fcitx5-frontend-qt6). Run it on an X display of its own
(xvfb-run); see tools/app_session.py for the command line and the output:

    tools/qt5-app.py [--field text|lines|password|form] ENGINE KEY...

Fields: text is a QLineEdit, lines a QPlainTextEdit, password a QLineEdit in Password echo mode
followed by a QLineEdit, form a QLineEdit followed by another. Events: every change to the field's text, in order, ["insert", text] or
["delete", text]; ["activate"] when a QLineEdit gets Return (returnPressed).
"""
import os

from app_session import SETTLE, Session, change_recorder, parse_arguments, use_headless_ibus_address

use_headless_ibus_address()
if os.environ.get("HWALJA_QT") == "6":
    from PyQt6.QtCore import QEvent, QObject, Qt, QTimer
    from PyQt6.QtWidgets import QApplication, QLineEdit, QPlainTextEdit, QVBoxLayout, QWidget
else:
    from PyQt5.QtCore import QEvent, QObject, Qt, QTimer
    from PyQt5.QtWidgets import QApplication, QLineEdit, QPlainTextEdit, QVBoxLayout, QWidget


class F12(QObject):
    """Sees F12 anywhere in the application, before any widget."""

    def __init__(self, pressed):
        super().__init__()
        self.pressed = pressed

    def eventFilter(self, _watched, event):
        if event.type() == QEvent.Type.KeyPress and event.key() == Qt.Key.Key_F12:
            if not event.isAutoRepeat():
                self.pressed()
            return True
        return False


def main():
    field, engine, keys = parse_arguments("qt5-app.py")
    session = Session("qt5-app.py", engine, keys)
    application = QApplication(["qt5-app.py"])
    window = QWidget()
    window.setWindowTitle("hwalja-test")
    screen = application.primaryScreen().geometry()
    window.setGeometry(screen)  # covers the screen: the pointer, hence the keyboard, is on it
    layout = QVBoxLayout(window)
    events = []
    following = None
    if field == "lines":
        widget = QPlainTextEdit()
        text = widget.toPlainText
        widget.textChanged.connect(lambda: record())
    else:
        widget = QLineEdit()
        text = widget.text
        widget.textChanged.connect(lambda _text: record())
        widget.returnPressed.connect(lambda: events.append(["activate"]))
        if field == "password":
            widget.setEchoMode(QLineEdit.EchoMode.Password)
        if field in ("password", "form"):
            following = QLineEdit()
    widget.setMinimumHeight(screen.height() // 2)
    layout.addWidget(widget)
    if following is not None:
        layout.addWidget(following)
    record = change_recorder(events, lambda: text())

    def finish():
        session.report(text(), events, following.text() if following is not None else None)
        application.quit()

    f12 = F12(lambda: QTimer.singleShot(int(SETTLE * 1000), finish))
    application.installEventFilter(f12)
    window.show()
    window.activateWindow()
    widget.setFocus()
    poll = QTimer()
    poll.timeout.connect(lambda: session.poll(widget.hasFocus(), needs_input_context=field != "password") or poll.stop())
    poll.start(50)
    application.exec()


main()
