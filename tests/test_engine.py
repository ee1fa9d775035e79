"""The engine: exact values on hand-checkable cells, a NumPy oracle, certified bounds, exact ties."""

from __future__ import annotations

from fractions import Fraction

import mpmath
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import exactformer
from exactformer.exact import expr as X
from exactformer.numeric.ball import precision

from .conftest import SEED, case_text, numpy_forward

TOK = ["鬼", "金棒", "猫", "小判"]

# Worked by hand from the seed's givens (x·W, row-vector convention), in hundredths.
Q_HAND = {"鬼": ("0.20", "0.32"), "金棒": ("0.31", "0.46"), "猫": ("0.35", "0.48"), "小判": ("0.63", "0.82")}
K_HAND = {"鬼": ("0.22", "0.02"), "金棒": ("0.20", "0.15"), "猫": ("0.10", "0.29"), "小判": ("0.36", "0.55")}
V_HAND = {"鬼": ("0.43", "0.68"), "金棒": ("0.60", "0.69"), "猫": ("0.60", "0.40"), "小判": ("0.94", "0.51")}


@pytest.fixture(scope="module")
def seed():
    return exactformer.load(SEED)


@pytest.mark.parametrize("step,table", [("Q", Q_HAND), ("K", K_HAND), ("V", V_HAND)])
def test_seed_qkv_exact(seed, step, table):
    """Every Q, K, V cell of the seed is the exact rational worked out by hand."""
    for tok, row in table.items():
        for m, want in enumerate(row, start=1):
            q = seed[f"{step}[{tok}][{m}]"]
            assert q.exact == __import__("sympy").Rational(want)
            assert X.rational_of(seed.engine.expr(q.address)) == Fraction(want)


def test_seed_scores_exact(seed):
    """Every score q_i·k_j is exact: e.g. scores[金棒,金棒] = 0.31·0.20 + 0.46·0.15 = 131/1000."""
    for i in TOK:
        for j in TOK:
            want = sum(Fraction(a) * Fraction(b) for a, b in zip(Q_HAND[i], K_HAND[j]))
            assert X.rational_of(seed.engine.expr(seed.graph.parse(f"scores[{i},{j}]"))) == want
    assert seed["scores[金棒,金棒]"].closed_form == "131/1000"
    assert seed["scores[金棒,鬼]"].decimal() == "0.0774"


def test_seed_scaled_is_a_surd_and_softmax_stays_closed(seed):
    """√d_k stays a surd; a weight stays e^(…)/(Σ e^(…))."""
    assert seed["scaled[鬼,鬼]"].closed_form == "63√2/2500"
    assert seed["sqrt_dk"].closed_form == "√2"
    w = seed["weights[鬼,金棒]"].closed_form
    assert w == "e^(11√2/250)/(e^(63√2/2500) + e^(11√2/250) + e^(141√2/2500) + e^(31√2/250))"


def test_seed_decimals_against_mpmath_50_digits(seed):
    """Certified balls contain an independent 50-digit mpmath evaluation of the closed form."""
    mpmath.mp.dps = 60
    s = mpmath.sqrt(2)
    sc = {j: mpmath.mpf(Fraction(num).numerator) / Fraction(num).denominator for j, num in
          zip(TOK, ("0.0504", "0.088", "0.1128", "0.248"))}
    e = {j: mpmath.exp(sc[j] / s) for j in TOK}
    total = sum(e.values())
    v1 = {"鬼": "0.43", "金棒": "0.60", "猫": "0.60", "小判": "0.94"}
    ctx1 = sum(e[j] * mpmath.mpf(v1[j]) for j in TOK) / total
    with precision(200):
        for addr, ref in (("weights[鬼,金棒]", e["金棒"] / total), ("context[鬼][1]", ctx1), ("expsum[鬼]", total)):
            ball = seed.engine.numeric.ball(seed.graph.parse(addr), 200)
            lo, hi = ball.lower(), ball.upper()
            assert mpmath.mpf(lo.str(60, radius=False)) - mpmath.mpf("1e-55") <= ref
            assert ref <= mpmath.mpf(hi.str(60, radius=False)) + mpmath.mpf("1e-55")
            assert ball.rad() < mpmath.mpf("1e-50")
            digits = seed[addr].decimal(40).rstrip("…")
            assert mpmath.mpf(digits) <= ref < mpmath.mpf(digits) + mpmath.mpf(10) ** -(len(digits) - 2)


def test_seed_matches_numpy(seed):
    """Every quantity of the seed agrees with a float64 NumPy forward pass to 1e-12."""
    emb = [[0.9, 0.2, 0.1], [0.8, 0.6, 0.1], [0.3, 0.9, 0.1], [0.4, 0.8, 0.7]]
    layer = {"Wq": [[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]], "Wk": [[0.2, -0.1], [0.0, 0.3], [0.4, 0.5]],
             "Wv": [[0.3, 0.7], [0.5, 0.2], [0.6, 0.1]]}
    ref = numpy_forward(np.array(emb), [layer])
    _compare_all(seed, ref, causal=False)


def _compare_all(comp, ref, causal):
    g = comp.graph
    for li, r in enumerate(ref, start=1):
        for step in ("Q", "K", "V", "scores", "scaled", "exp", "expsum", "weights", "context"):
            for a in g.scalars(g.parse(f"L{li}.{step}")):
                want = r[step][a.idx] if step != "expsum" else r[step][a.idx[0]]
                got = float(comp.engine.numeric.ball(a).mid())
                assert abs(got - want) <= 1e-12 * max(1.0, abs(want)), (g.name(a), got, want)


decimals = st.integers(-9, 9).map(lambda k: round(k / 10, 1))


@st.composite
def random_case(draw):
    n = draw(st.integers(1, 5))
    d = draw(st.integers(1, 4))
    n_layers = draw(st.integers(1, 3))
    causal = draw(st.booleans())
    scale = draw(st.sampled_from(["sqrt_dk", "none", "2", "0.5"]))
    mat = lambda r, c: draw(st.lists(st.lists(decimals, min_size=c, max_size=c), min_size=r, max_size=r))  # noqa: E731
    emb = mat(n, d)
    layers, d_in = [], d
    for _ in range(n_layers):
        dk, dv = draw(st.integers(1, 3)), draw(st.integers(1, 3))
        layers.append({"Wq": mat(d_in, dk), "Wk": mat(d_in, dk), "Wv": mat(d_in, dv)})
        d_in = dv
    return n, emb, layers, causal, scale


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(random_case())
def test_random_cases_match_numpy(write_case, rc):
    """Random sizes, masks, scales and one to three layers agree with NumPy float64 to 1e-12."""
    n, emb, layers, causal, scale = rc
    tokens = [f"t{k}" for k in range(n)]
    text = case_text(tokens, dict(zip(tokens, emb)), layers, scale=scale, mask="causal" if causal else "none")
    comp = exactformer.load(write_case(text))
    ref = numpy_forward(np.array(emb, dtype=float), layers, scale=scale, causal=causal)
    _compare_all(comp, ref, causal)


def test_exact_tie_is_decided_both_ways(write_case):
    """0.1485 exactly: 'is it ≥ 0.1485?' is decided exactly (0), so 0.148 and 0.149 both hold."""
    text = case_text(["a"], {"a": ["1"]}, [{"Wq": [["0.1485"]], "Wk": [["1"]], "Wv": [["1"]]}])
    comp = exactformer.load(write_case(text))
    a = comp.graph.parse("scores[a,a]")
    assert comp.engine.compare(a, Fraction("0.1485")) == 0
    import dataclasses

    from exactformer.audit.pipeline import audit
    from exactformer.read.claims import claims_from_items

    for claim in ("0.148", "0.149"):
        cs, w, u, _ = claims_from_items(comp.engine, [f"scores[a,a] = {claim}"], None)
        rep = audit(dataclasses.replace(comp.case, claims=cs, work=w, unmatched=u))
        assert [f.verdict for f in rep.findings] == ["correct"]


def test_transcendental_tie_proved_by_sympy(write_case):
    """Eight equal scores give weights of exactly 1/8 = 0.125: no ball can settle it, SymPy does."""
    tokens = [f"t{k}" for k in range(8)]
    text = case_text(tokens, {t: ["1"] for t in tokens}, [{"Wq": [["0.3"]], "Wk": [["0.7"]], "Wv": [["1"]]}])
    comp = exactformer.load(write_case(text))
    w = comp.graph.parse("weights[t0,t3]")
    assert comp.engine.compare(w, Fraction(1, 8)) == 0
    assert comp.engine.compare(w, Fraction(1249, 10000)) == 1
    assert comp["weights[t0,t3]"].decimal(6) == "0.125"


def test_symbolic_given_is_carried(write_case):
    """A symbol stays in the closed form; values that depend on it have no decimal, others do."""
    text = case_text(["a", "b"], {"a": ["w", 1], "b": [1, 0]}, [{"Wq": [[1], [0]], "Wk": [[1], [0]], "Wv": [[1], [1]]}])
    comp = exactformer.load(write_case(text))
    s = comp["scores[a,b]"]
    assert s.closed_form == "w"
    assert s.symbols == {"w"}
    assert comp["scores[b,b]"].decimal() == "1"
    import sympy

    assert comp["scores[a,a]"].exact == sympy.Symbol("w", real=True) ** 2


def test_deep_closed_form_is_written_in_the_previous_layer(write_case):
    """Deep closed forms are written in terms of the previous layer instead of exploding."""
    tokens = [f"t{k}" for k in range(6)]
    emb = {t: [round(0.1 * (k % 7), 1), round(0.05 * k, 2)] for k, t in enumerate(tokens)}
    w = [["0.1", "0.2"], ["0.3", "-0.4"]]
    comp = exactformer.load(write_case(case_text(tokens, emb, [{"Wq": w, "Wk": w, "Wv": w}] * 3)))
    cf = comp["L3.context[t0][1]"].closed_form
    assert "L2.context[" in cf and len(cf) < 20000
    assert comp["L3.context[t0][1]"].decimal(30).endswith("…")


def test_astronomical_values_print_in_scientific_notation(write_case):
    """exp(10^100) has certified digits too: 1.5383709…e+4342944819…, as mpmath says."""
    text = case_text(["a"], None, [{"Q": {"a": ["1e50"]}, "K": {"a": ["1e50"]}, "V": {"a": [2]}}], scale="none")
    comp = exactformer.load(write_case(text))
    got = comp["exp[a,a]"].decimal(8)
    mpmath.mp.dps = 130
    ref = mpmath.nstr(mpmath.exp(mpmath.mpf(10) ** 100), 12, min_fixed=1, max_fixed=0)
    mant, exp10 = ref.split("e")
    assert got == mant[:9] + "…e" + exp10
    assert comp["weights[a,a]"].decimal() == "1"


def test_exp_in_a_given_is_refused(write_case, capsys):
    """Givens are rationals or surds; exp(…) belongs in lines of working."""
    from exactformer.cli import main

    p = write_case(case_text(["a"], {"a": ["exp(1)"]}, [{"Wq": [[1]], "Wk": [[1]], "Wv": [[1]]}]))
    assert main(["show", str(p)]) == 2
    assert "a given must be a rational or a surd" in capsys.readouterr().err


def test_engine_decimals_taken_apart():
    """Every form of an engine decimal reads back into parts, plain for JSON and scientific when tiny."""
    from exactformer.numeric.ball import decimal_parts

    assert decimal_parts("≈1.01002500000 (±1e-2458)").plain() == "1.01002500000"
    assert decimal_parts("≈1.01002500000 (±1e-2458)").bound == -2458
    assert decimal_parts("≈0 (|x| < 1e-2458)").plain() == "0"
    assert decimal_parts("-1.234…e+430").plain() == "-1.234e+430"
    assert decimal_parts("0.0000000123…").scientific().text() == "1.23…e-8"
    assert decimal_parts("0.0622539…").scientific().text() == "0.0622539…"


def test_the_working_of_sinusoidal_positions(write_case):
    """PE.div[i] = base^(2(i−1)/d) and PE.angle[t][i] = pos / base^(2(i−1)/d): for base 100, d = 4, positions from 0,
    the angles of position 3 are 3 and 0.3, and PE is their sine and cosine."""
    text = case_text(["a", "b", "c", "d"], {t: ["0", "0", "0", "0"] for t in "abcd"},
                     [{"Wq": "identity", "Wk": "identity", "Wv": "identity"}])
    text = text.replace("[model]\n", '[model]\npositions = { kind = "sinusoidal", base = "100", start = 0 }\n', 1)
    comp = exactformer.load(write_case(text))
    assert comp["PE.div[2]"].decimal() == "10"
    assert [comp[f"PE.angle[d][{i}]"].decimal() for i in (1, 2)] == ["3", "0.3"]
    assert comp["PE[d][2]"].decimal(6).startswith("-0.98999")  # cos 3, interleaved
