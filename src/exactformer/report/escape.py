"""User text made safe to show: control and bidi-format characters as visible escapes (no rich import)."""

from __future__ import annotations

import unicodedata


def safe(s: str) -> str:
    """Show control and bidi-format characters as escapes (``\\x1b``, ``\\u202e``), keep the rest."""
    if s.isprintable():  # no control, format or separator character (the common case): nothing to show
        return s
    out = []
    for ch in s:
        cat = unicodedata.category(ch)
        if cat == "Cc" or (cat == "Cf" and ch not in "\u200d"):
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(ch)
    return "".join(out)


def html_text(s: str) -> str:
    """User text inside HTML or MathML, as text or as a quoted attribute value: control characters shown as
    escapes, then ``& < > " '`` as character references (nothing a token holds can open a tag or end a
    quote)."""
    from html import escape  # HTML's reports only: a text report does not import it

    return escape(safe(s), quote=True)
