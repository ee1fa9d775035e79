"""Decimals as the engine writes them (truncated, each digit certified), read back for tools and tables."""

from __future__ import annotations


def plain(s: str) -> str:
    """A decimal as tools read it: ``0.24465167…`` → ``0.24465167`` (``1.234…e+430`` → ``1.234e+430``)."""
    return s.replace("…", "")


def certified_digits(s: str) -> int:
    """How many significant digits a decimal as the engine writes it shows (all certified: it truncates)."""
    mant = plain(s).lstrip("-≈").split("e")[0].replace(".", "").lstrip("0")
    return sum(ch.isdigit() for ch in mant) if mant.isdigit() else 0


def complete(s: str) -> bool:
    """Is a decimal the whole exact value (no ``…``, no enclosure)?"""
    return "…" not in s and not s.startswith("≈")


def units(x: float) -> str:
    """How far off, in units of the last digit (for reading only: no verdict depends on it)."""
    if x == 0:
        return ""
    if x != x or x == float("inf"):
        return "huge"
    if x >= 1e6:
        return f"{x:.1e}"
    return f"{x:.0f}" if x >= 10 else f"{x:.2g}"
