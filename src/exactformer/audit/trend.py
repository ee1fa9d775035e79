"""Trend claims: how a quantity moves during training, decided with certainty at every step."""

from __future__ import annotations

from ..model.values import Trend, TrendSays
from ..numeric.ball import PRECISIONS, precision
from .findings import TrendFinding


def sign_between(engine, a, b) -> int | None:
    """Sign of E(b) − E(a), climbing precision; None when no ball separates them (equal to thousands of digits)."""
    for prec in PRECISIONS:
        with precision(prec):
            d = engine.ball(b, prec) - engine.ball(a, prec)
            if d > 0:
                return 1
            if d < 0:
                return -1
    return None


def judge_trend(engine, t: Trend) -> TrendFinding:
    g = engine.graph
    steps = list(range(t.start, t.end + 1))
    addrs = [t.of.at(t=k) for k in steps]
    values = tuple(engine.decimal(a, 12) for a in addrs)
    name = g.name(t.of)
    if t.says in (TrendSays.INCREASES, TrendSays.DECREASES):
        s = sign_between(engine, addrs[0], addrs[-1])
        want = 1 if t.says is TrendSays.INCREASES else -1
        ok = s == want
        how = {1: "larger", -1: "smaller", None: "equal (to thousands of digits)"}[s]
        why = f"at step {t.end} it is {how} than at step {t.start}: {values[-1]} vs {values[0]}"
        return TrendFinding(t, name, values, ok, why)
    want = 1 if t.says is TrendSays.INCREASES_EACH_STEP else -1
    for k in range(len(addrs) - 1):
        s = sign_between(engine, addrs[k], addrs[k + 1])
        if s != want:
            verb = "falls" if want == 1 else "rises"
            return TrendFinding(t, name, values, False,
                                f"from step {steps[k]} to {steps[k + 1]} it {verb if s else 'stays'}: "
                                f"{values[k]} → {values[k + 1]}")
    return TrendFinding(t, name, values, True, f"{'rises' if want == 1 else 'falls'} at every step from "
                                               f"{t.start} to {t.end}")
