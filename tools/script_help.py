"""`--help` and `-h` for the Python scripts in tools/: the script's own description (its docstring),
printed before it does anything, and status 0."""
import sys

import __main__


def answer_help():
    """Prints the running script's docstring and exits with status 0 if its first argument is
    --help or -h; else returns."""
    if sys.argv[1:2] in (["--help"], ["-h"]):
        print((__main__.__doc__ or "").strip())
        sys.exit(0)
