"""The piped text report (``report.plain``, laid out without rich's console) is what rich prints, byte for byte."""

from __future__ import annotations

import io
import sys

import pytest

from exactformer.cli import _audit, _load, main
from exactformer.report import plain
from exactformer.report.term import console
from exactformer.report.text import render_text

from .conftest import DERIVATIONS, ROOT

DOCS = sorted(p for p in (ROOT / "tests" / "documents").iterdir() if p.is_file())
STYLES = sorted(p for p in (ROOT / "tests" / "documents" / "styles").glob("*.*") if p.suffix in (".md", ".txt"))[:16]
CASES = sorted((ROOT / "tests" / "cases").glob("*.toml"))


def _rich(r, everything: bool, monkeypatch) -> str:
    buf = io.StringIO()  # not a terminal: term.console() is plain, 160 columns, soft wrap
    monkeypatch.setattr(sys, "stdout", buf)
    render_text(r, console(), everything=everything)
    monkeypatch.undo()
    return buf.getvalue()


@pytest.mark.parametrize("path", [*DERIVATIONS, *CASES, *DOCS, *STYLES], ids=lambda p: p.name)
def test_plain_report_is_richs(path, monkeypatch):
    r = _audit(_load(str(path)))
    for everything in (False, True):
        got = plain.render_plain(r, everything=everything)  # None: left to rich (a column squeezed too narrow)
        assert got is None or got == _rich(r, everything, monkeypatch)


def test_cli_pipes_the_same_report(capsys, monkeypatch):
    seed = str(ROOT / "derivations" / "oni-ni-kanabou.toml")
    assert main(["audit", seed]) == 1
    piped = capsys.readouterr().out
    assert plain.render_plain(_audit(_load(seed))) is not None
    assert piped == _rich(_audit(_load(seed)), False, monkeypatch)


def test_what_rich_would_lay_out_otherwise_is_left_to_rich():
    row = ["✗ wrong", "q", "1", "1", "", "a\tb", ""]  # rich expands tabs
    with pytest.raises(plain._Differs):
        plain._table([row])
    narrow = ["… carried digits", "x" * 150, "0.1", "0.12345", "", "why " * 30, "closed " * 30]
    with pytest.raises(plain._Differs):  # the wrapping columns squeezed below their padding
        plain._table([narrow])
