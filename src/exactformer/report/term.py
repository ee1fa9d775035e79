"""Terminal output: a rich console, and user text made safe to print.

Token names and labels are user text: rich would read ``[...]`` as markup, and a
control character (ESC, a bidi override) would drive the terminal. Everything
user-made goes through ``safe`` and into ``rich.text.Text``, never into markup.
"""

from __future__ import annotations

import os
import sys
import unicodedata

from rich.console import Console
from rich.text import Text


def safe(s: str) -> str:
    """Show control and bidi-format characters as escapes (``\\x1b``, ``\\u202e``), keep the rest."""
    out = []
    for ch in s:
        cat = unicodedata.category(ch)
        if cat == "Cc" or (cat == "Cf" and ch not in "\u200d"):
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(ch)
    return "".join(out)


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
