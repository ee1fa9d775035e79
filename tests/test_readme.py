"""The README shows output the code really prints today."""

from __future__ import annotations

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
