"""Golden reports (issue 17.4): the text, Markdown, JSON and HTML report of every bundled case and every test
document, compared byte for byte with tests/golden/. A change that moves any report shows here, as a diff;
when the change is meant, ``python tests/golden/update.py`` rewrites them and ``git diff tests/golden``
shows what it did."""

from __future__ import annotations

import difflib

import pytest

from .golden.golden import FORMATS, HERE, inputs, render

UPDATE = "python tests/golden/update.py"


@pytest.mark.parametrize("rel", inputs())
def test_reports_are_the_golden_ones(rel):
    for name, text in render(rel).items():
        path = HERE / name
        assert path.exists(), f"no golden report {name}: run {UPDATE}"
        want = path.read_text(encoding="utf-8")
        if text != want:
            diff = "".join(list(difflib.unified_diff(want.splitlines(True), text.splitlines(True), name, "now", n=1))[:40])
            pytest.fail(f"{name} differs from its golden report (if meant: {UPDATE}):\n{diff[:4000]}")


def test_rendering_is_deterministic():
    """The same input rendered twice gives the same bytes (no time, no absolute path, no set order)."""
    rel = inputs()[0]
    assert render(rel) == render(rel)
    assert not any("/tmp/" in t or str(HERE.parent.parent) in t for t in render(rel).values())


def test_every_golden_report_has_its_input():
    names = {f"{rel}.{ext}" for rel in inputs() for ext in FORMATS.values()}
    found = {p.relative_to(HERE).as_posix() for p in HERE.rglob("*") if p.is_file() and p.parent != HERE}
    assert found == names, (sorted(found - names)[:5], sorted(names - found)[:5])


def test_a_changed_report_fails_with_a_diff(tmp_path, monkeypatch):
    """The comparison can fail: a golden report changed by one character is caught, with the line shown."""
    import tests.test_golden as me

    rel = inputs()[0]
    name, text = next(iter(render(rel).items()))
    (tmp_path / name).parent.mkdir(parents=True)
    (tmp_path / name).write_text(text.replace("claims", "claimz", 1), encoding="utf-8")
    monkeypatch.setattr(me, "HERE", tmp_path)
    with pytest.raises(pytest.fail.Exception, match="claimz"):
        test_reports_are_the_golden_ones(rel)
