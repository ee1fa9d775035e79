"""The README shows output the code really prints today."""

from __future__ import annotations

import re
import subprocess
import sys

import exactformer

from .conftest import ROOT, SEED

README = (ROOT / "README.md").read_text(encoding="utf-8")


def output(*argv: str) -> str:
    proc = subprocess.run([sys.executable, "-m", "exactformer", *argv], capture_output=True, text=True)
    return "\n".join(line.rstrip() for line in proc.stdout.rstrip().splitlines())


def test_show_and_check_blocks_are_current():
    """The show and check examples are copied from real runs."""
    assert output("show", str(SEED), "scores[金棒,金棒]", "weights[鬼,金棒]", "context", "--digits", "10") \
        .replace(str(SEED), "derivations/oni-ni-kanabou.toml") in README
    assert output("check", str(SEED), "--of", "weights[鬼,金棒]", "1.0704 / 4.3752 ≈ 0.2432") in README


def test_audit_excerpt_is_current():
    """The audit excerpt's lines all appear in today's report."""
    real = output("audit", "derivations/oni-ni-kanabou.toml")
    block = README.split("excerpt; the exit status")[1].split("```")[1]
    for line in block.strip().splitlines():
        if line.strip() and line.strip() != "…":
            assert line in real, line


def test_python_example_values():
    """The Python example's comments are the values it returns."""
    c = exactformer.load(SEED)
    assert repr(c["weights[鬼,金棒]"].closed_form) in README
    assert repr(c["weights[鬼,金棒]"].decimal(20)) in README
    a = exactformer.audit_file(ROOT / "tests" / "documents" / "causal-cat.md")
    assert f'a.status, a.summary()["wrong"]   # {(a.status, a.summary()["wrong"])!r}' in README


def test_page_warning_is_current():
    """The page's glyph warning, as the README quotes it, is the one the code writes."""
    from exactformer.report.scripts import glyph_warnings

    assert f"exactformer: warning: {glyph_warnings(['🐱'], 'the page' + chr(39) + 's fonts')[0]}" in README


def _block_after(marker: str) -> list[str]:
    block = README.split(marker)[1].split("```")[1]
    return [line for line in block.strip("\n").splitlines() if line.strip() and line.strip() != "…"]


def test_continued_seed_and_read_excerpts_are_current():
    """The continuation's root causes and the reading of a Markdown post are copied from real runs."""
    real = output("audit", "derivations/oni-ni-kanabou-full.toml")
    for line in _block_after("finds the two\nslips planted"):
        assert line in real, line
    proc = subprocess.run([sys.executable, "-m", "exactformer", "read", "tests/documents/causal-cat.md", "-o",
                           "/dev/null"], capture_output=True, text=True, cwd=ROOT)
    notes = [line.rstrip() for line in proc.stderr.splitlines()]
    for line in _block_after("On [`tests/documents/causal-cat.md`](tests/documents/causal-cat.md), a Markdown post:"):
        assert line in notes, line


def test_json_excerpt_is_current():
    """Every field shown in the JSON excerpt has that value in today's report."""
    import json

    proc = subprocess.run([sys.executable, "-m", "exactformer", "audit", str(SEED), "--format", "json"],
                          capture_output=True, text=True)
    got = next(f for f in json.loads(proc.stdout)["findings"] if f.get("quantity") == "scores[金棒,鬼]")
    block = README.split("```json")[1].split("```")[0]
    for key, value in re.findall(r'^ "(\w+)": (".*?"|[\d.]+),?$', block, re.M):
        assert json.dumps(got[key], ensure_ascii=False) == value or str(got[key]) == value, key
    assert got["explained_by"][0]["detail"] in block
