"""User text made safe to show: control and bidi-format characters as visible escapes (no rich import)."""

from __future__ import annotations

import unicodedata


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
