"""Terminal output: colour only on a terminal and without NO_COLOR; user text shown, never obeyed."""

from __future__ import annotations

import io
import sys

from exactformer.report.term import console, safe


class FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_only_on_a_terminal(monkeypatch):
    """A pipe gets plain text; a terminal gets colour; NO_COLOR turns it off."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert console().no_color
    monkeypatch.setattr(sys, "stdout", FakeTTY())
    assert not console().no_color
    monkeypatch.setenv("NO_COLOR", "1")
    assert console().no_color


def test_safe_shows_control_and_bidi_characters():
    """ESC, BEL and a right-to-left override are printed as escapes; Japanese and emoji are kept."""
    assert safe("鬼\x1b[2J\x07\u202e😀") == "鬼\\x1b[2J\\x07\\u202e😀"
