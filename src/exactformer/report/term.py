"""Terminal output: a rich console, and user text made safe to print.

Token names and labels are user text: rich would read ``[...]`` as markup, and a
control character (ESC, a bidi override) would drive the terminal. Everything
user-made goes through ``safe`` and into ``rich.text.Text``, never into markup.
"""

from __future__ import annotations

import os
import sys

from rich.console import Console
from rich.text import Text

from .escape import safe


def text(s: str, style: str = "") -> Text:
    return Text(safe(s), style=style)


def console(stderr: bool = False) -> Console:
    """Colour on a terminal; plain when piped or with NO_COLOR; wide enough not to wrap tables in a pipe."""
    stream = sys.stderr if stderr else sys.stdout
    tty = stream.isatty()
    return Console(
        file=stream,
        highlight=False,
        markup=False,
        emoji=False,
        no_color=bool(os.environ.get("NO_COLOR")) or not tty,
        width=None if tty else 160,
        soft_wrap=not tty,
    )
