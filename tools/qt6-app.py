#!/usr/bin/python3
"""tools/qt5-app.py in Qt 6 (PyQt6), KDE Plasma 6's toolkit: the same fields, command line and
output. Qt 6 passes X's auto-repeat on as a release and a press at once, where GTK sends presses alone."""
import os
import runpy
from script_help import answer_help  # noqa: E402

answer_help()

os.environ["HWALJA_QT"] = "6"
runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "qt5-app.py"), run_name="__main__")
