"""No mutation of a valid case file makes the tool crash: it reads it, or says why not (exit 2)."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactformer.cli import main

from .conftest import SEED

LINES = SEED.read_text(encoding="utf-8").splitlines()
NASTY = ['nan', '-inf', '1e999', '"1e999999"', '"0.1.2"', '"1/0"', '"√-2"', '"sqrt(-1)"', '"__import__(\'os\')"',
         '[]', '[[]]', '{}', '"x"', 'true', '0x10', '1_000', '""', '"鬼"', '[1, [2]]', '"∞"', '-0.0', '1e-99',
         '"e"', '"exp(1000)"', '"2^64"', '"[1, 2]"', '"context[鬼][9]"', '"scores[鬼]"', '"w"', '"a_1"',
         '"1e-60"', '"√2"', '0']
NUMBER = re.compile(r"-?\d+\.\d+|-?\d+")


@st.composite
def mutated(draw):
    lines = list(LINES)
    for _ in range(draw(st.integers(1, 4))):
        k = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(["delete", "duplicate", "number", "swap"]))
        if op == "delete":
            del lines[k]
        elif op == "duplicate":
            lines.insert(k, lines[k])
        elif op == "swap" and k + 1 < len(lines):
            lines[k], lines[k + 1] = lines[k + 1], lines[k]
        else:
            spots = list(NUMBER.finditer(lines[k]))
            if spots:
                m = spots[draw(st.integers(0, len(spots) - 1))]
                lines[k] = lines[k][: m.start()] + draw(st.sampled_from(NASTY)) + lines[k][m.end():]
        if not lines:
            break
    return "\n".join(lines) + "\n"


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mutated())
def test_mutated_case_never_crashes(write_case, capsys, text):
    """Any mutation is audited (exit 0/1) or refused with one message (exit 2); no exception escapes."""
    p = write_case(text)
    for argv in (["audit", str(p), "--format", "json"], ["show", str(p), "context"], ["derive", str(p)]):
        rc = main(argv)
        out, err = capsys.readouterr()
        assert rc in (0, 1, 2)
        if rc == 2:
            assert err.startswith("exactformer: error: ") and "Traceback" not in err
