"""Matching a line of working's operands to its quantity's formula, shape by shape."""

from __future__ import annotations

import pytest

from exactformer.read import grammar as G
from exactformer.read.case import load
from exactformer.read.claims import matcher
from exactformer.read.worklines import Matcher

from .conftest import ROOT, SEED


@pytest.fixture(scope="module")
def g():
    return load(SEED).engine.graph


def claims(g, of: str, line: str) -> list[tuple[str, str]] | None:
    a = g.parse(of)
    items, _ = G.parse_chain(line)
    got = matcher(g).operands(a, items[0])
    return None if got is None else [(g.name(b), lit.text) for b, lit in got]


def results(g, a, node):
    return matcher(g).results(a, node)


def test_dot_product_of_givens(g):
    """Q[鬼][1] = Σ_a X[鬼][a]·Wq[a][1]: each factor is a given, claimed as written."""
    assert claims(g, "Q[鬼][1]", "0.9×0.1 + 0.2×0.3 + 0.1×0.5 = 0.20") == [
        ("X[鬼][1]", "0.9"), ("Wq[1][1]", "0.1"), ("X[鬼][2]", "0.2"), ("Wq[2][1]", "0.3"),
        ("X[鬼][3]", "0.1"), ("Wq[3][1]", "0.5")]


def test_context_component_as_weights_times_values(g):
    """context[鬼][1] = Σ_j weights[鬼,j]·V[j][1]: matched through weighted_v, two levels down."""
    got = claims(g, "context[鬼][1]", "0.2368×0.43 + 0.2432×0.60 + 0.2475×0.60 + 0.2724×0.94 ≈ 0.65")
    assert got[:2] == [("weights[鬼,鬼]", "0.2368"), ("V[鬼][1]", "0.43")]
    assert got[-1] == ("V[小判][1]", "0.94") and len(got) == 8


def test_scaling_by_an_exact_root_claims_only_the_score(g):
    """0.0504/√2: √2 is exact, so only scores[鬼,鬼] is claimed; 0.0504/1.4142 claims sqrt_dk too."""
    assert claims(g, "scaled[鬼,鬼]", "0.0504/√2 ≈ 0.0356") == [("scores[鬼,鬼]", "0.0504")]
    assert claims(g, "scaled[鬼,鬼]", "0.0504 ÷ 1.4142 ≈ 0.0356") == [("scores[鬼,鬼]", "0.0504"),
                                                                       ("sqrt_dk", "1.4142")]


@pytest.mark.parametrize("line", ["exp(0.0356) = 1.0362", "e^(0.0356) = 1.0362", "e^0.0356 = 1.0362",
                                  "e^{0.0356} = 1.0362"])
def test_exponential_forms(g, line):
    """exp(x), e^(x), e^x and e^{x} all claim scaled[鬼,鬼] = x."""
    assert claims(g, "exp[鬼,鬼]", line) == [("scaled[鬼,鬼]", "0.0356")]


def test_vector_rows_either_order(g):
    """weighted_v[鬼,金棒] = weights × V row, written either way round."""
    want = [("weights[鬼,金棒]", "0.2432"), ("V[金棒][1]", "0.60"), ("V[金棒][2]", "0.69")]
    assert claims(g, "weighted_v[鬼,金棒]", "0.2432 × [0.60, 0.69] = [0.146, 0.168]") == want
    assert claims(g, "weighted_v[鬼,金棒]", "[0.60, 0.69] × 0.2432 = [0.146, 0.168]") == want


def test_context_row_as_sum_of_vectors(g):
    """context[鬼] = Σ_j weighted_v[鬼,j], each a vector of literals."""
    got = claims(g, "context[鬼]", "[0.102, 0.161] + [0.146, 0.168] + [0.149, 0.099] + [0.256, 0.139] ≈ [0.65, 0.57]")
    assert got[0] == ("weighted_v[鬼,鬼][1]", "0.102") and len(got) == 8


@pytest.mark.parametrize("of,line", [
    ("weights[鬼,金棒]", "0.5 × 2 = 1"),                      # a product where a quotient belongs
    ("expsum[鬼]", "1.0362 + 1.0642 + 1.0830 = 3.1834"),      # three terms for four keys
    ("scores[鬼,鬼]", "0.20×0.22 = 0.044"),                    # one product for d_k = 2
    ("scores[鬼,鬼]", "0.20+0.22+0.32+0.02 = 0.76"),           # sums where products belong
    ("context[鬼]", "[0.1, 0.2] + [0.3, 0.4] = [0.4, 0.6]"),   # two rows for four keys
    ("weighted_v[鬼,金棒]", "0.2432 × [0.60, 0.69, 1] = [0.146, 0.168, 0.2]"),  # wrong length
])
def test_shapes_that_do_not_fit(g, of, line):
    """A line whose shape does not fit its formula has no operand claims (it is reported unmatched)."""
    assert claims(g, of, line) is None


def test_results(g):
    """The stated result: a literal for a scalar, a vector of literals for a row, else nothing."""
    a, row = g.parse("weights[鬼,金棒]"), g.parse("context[鬼]")
    assert [lit.text for _, lit in results(g, a, G.parse_expression("0.2432"))] == ["0.2432"]
    assert results(g, a, G.parse_expression("1/4")) is None
    assert [lit.text for _, lit in results(g, row, G.parse_expression("[0.65, 0.57]"))] == ["0.65", "0.57"]
    assert results(g, row, G.parse_expression("[0.65]")) is None


# ---- lines of working as honest authors write them: any factor order, minus signs wherever they fit ----------
import os  # noqa: E402
import random as _random  # noqa: E402

from exactformer.audit.pipeline import audit  # noqa: E402

from .conftest import case_text, mp_forward  # noqa: E402


def _term(rnd, a: str, b: str, first: bool) -> str:
    """a·b written as a document might: either order, a negative factor's minus in place or in front."""
    x, y = (a, b) if rnd.random() < 0.5 else (b, a)
    neg = (x.startswith("-")) != (y.startswith("-"))
    x, y = x.lstrip("-"), y.lstrip("-")
    if not neg:
        return ("" if first else " + ") + f"{x}×{y}"
    if rnd.random() < 0.5:  # the minus stays on its factor
        x = "(-" + x + ")"
        return ("" if first else " + ") + f"{x}×{y}"
    return ("-" if first else " − ") + f"{x}×{y}"


def _fmt(v) -> str:
    return f"{v:.2f}" if abs(v) >= 0.005 else "0.00"


@pytest.mark.parametrize("seed", range(int(os.environ.get("EXACTFORMER_FUZZ_DOCUMENTS", "40"))))
def test_honest_lines_in_any_order_raise_no_alarm(seed, write_case):
    """Scores written K·Q, context components written V·weight, minus signs moved: all correct or rounding."""
    rnd = _random.Random(seed)
    n, d = rnd.randint(2, 4), rnd.randint(1, 3)
    dec = lambda: round(rnd.randint(-9, 9) / 10, 1)  # noqa: E731
    toks = [f"t{k}" for k in range(n)]
    emb = [[dec() for _ in range(d)] for _ in range(n)]
    layer = {w: [[dec() for _ in range(2)] for _ in range(d)] for w in ("Wq", "Wk", "Wv")}
    ref = mp_forward(emb, [layer])[0]
    lines = []
    for i in range(n):
        for j in range(n):
            q = [_fmt(float(v)) for v in ref["Q"][i]]
            k = [_fmt(float(v)) for v in ref["K"][j]]
            body = "".join(_term(rnd, q[m], k[m], m == 0) for m in range(2))
            lines.append((f"scores[t{i},t{j}]", f"{body} = {float(ref['scores'][i][j]):.4f}"))
        w = [f"{float(x):.4f}" for x in ref["weights"][i]]
        for m in range(2):
            v = [_fmt(float(ref["V"][j][m])) for j in range(n)]
            body = "".join(_term(rnd, v[j], w[j], j == 0) for j in range(n))
            total = sum(float(a) * float(b) for a, b in zip(v, w))
            lines.append((f"context[t{i}][{m + 1}]", f"{body} ≈ {total:.3f}"))
    claims = '[[claims]]\nat = "lines"\nwork = [\n' + ",\n".join(
        f'  {{ of = "{of}", line = "{line}" }}' for of, line in lines) + "\n]\n"
    case = load(write_case(case_text(toks, dict(zip(toks, emb)), [layer], claims=claims)))
    assert not case.unmatched, [case.work[k].text for k in case.unmatched]
    rep = audit(case)
    bad = [(f.kind, getattr(f, "quantity", getattr(f, "line", "")), getattr(f, "verdict", "")) for f in rep.findings
           if f.kind not in ("correct", "rounding", "carried_digits")]
    assert not [b for b in bad if b[2] != "coarse"], bad


def test_a_plain_number_does_not_win_the_first_order_it_fits(g):
    """0.7×0.2 + … for scores: each literal is matched to the operand it agrees with, not the first slot."""
    got = claims(g, "scores[鬼,鬼]", "0.02×0.32 + 0.22×0.20 = 0.0504")
    assert ("Q[鬼][1]", "0.20") in got and ("K[鬼][1]", "0.22") in got and ("Q[鬼][2]", "0.32") in got


def test_a_line_whose_shape_does_not_fit_is_unmatched(tmp_path):
    """Issue 19.4: 0.20 + 0.22 = 0.42 as the working of scores[鬼,金棒] (a Σ Q·K) names none of its operands:
    the line is unmatched (checked as arithmetic only), the result is judged, and no operand is claimed."""
    model = SEED.read_text(encoding="utf-8").split("[[claims]]")[0]
    p = tmp_path / "shape.toml"
    p.write_text(model + '[[claims]]\nat = "one line"\nwork = [{ of = "scores[鬼,金棒]", line = "0.20 + 0.22 = 0.42" }]\n',
                 encoding="utf-8")
    case = load(p)
    assert case.unmatched == (0,)
    assert [(case.engine.graph.name(c.address), c.number.text, c.role.value) for c in case.claims] == \
        [("scores[鬼,金棒]", "0.42", "result")]
    rep = audit(case)
    kinds = sorted((f.kind, getattr(f, "verdict", None) or "") for f in rep.findings)
    assert kinds == [("unmatched", ""), ("wrong", "wrong")]


@pytest.mark.parametrize("item", ["e^(-1e10000) = 0.0504", "0.0504 = exp(-1e10000)", "e^(1e10000) - e^(1e10000) = 0"])
def test_an_astronomical_function_argument_is_refused_like_a_huge_value(item, monkeypatch, capsys):
    """A line of working with e^(-1e10000) is refused (exit 2, the argument named) as e^(1e9) - e^(1e9) + 0.1 is,
    never handed to SymPy (which would work on it for ever): SymPy is made to fail here, so a hang cannot hide."""
    import sympy

    from exactformer.cli import main

    def never(*a, **k):
        raise AssertionError("SymPy was asked to evaluate an astronomical argument")

    monkeypatch.setattr(sympy, "N", never)
    rc = main(["check", str(SEED), "--of", "scores[鬼,鬼]", item])
    err = capsys.readouterr().err
    assert rc == 2 and "too large to evaluate with certainty" in err and "internal error" not in err
    assert main(["check", str(SEED), "--of", "scores[鬼,鬼]", "e^(1e9) - e^(1e9) + 0.1 = 0.1"]) == 2


# ---- the matcher on its own (read/worklines.Matcher, no scores): a LayerNorm lesson's lines by hand ----------
@pytest.fixture(scope="module")
def ln():
    return load(ROOT / "tests" / "cases" / "layernorm-other-eps.toml").engine.graph


def _match(g, of: str, line: str, results: bool = False):
    items, _ = G.parse_chain(line)
    m = Matcher(g)
    got = m.results(g.parse(of), items[-1]) if results else m.operands(g.parse(of), items[0])
    return None if got is None else [(g.name(b), lit.text) for b, lit in got]


def test_matcher_reads_a_layernorm_by_hand(ln):
    """x = [1, 3, 5, 7]: μ = (1 + 3 + 5 + 7)/4 = 4 claims the four inputs; σ² = Σ(x − μ)²/4 = 5 claims each
    input and μ (once: one number is one claim); 1/σ claims σ; x̂₁ = (1 − 4)·ρ claims x₁, μ and ρ, in either
    order of the product; √(σ² + eps) claims σ², eps being the case's own 0.00001."""
    assert _match(ln, "L1.ln.mean[a]", "(1 + 3 + 5 + 7)/4 = 4") == [
        ("X[a][1]", "1"), ("X[a][2]", "3"), ("X[a][3]", "5"), ("X[a][4]", "7")]
    assert _match(ln, "L1.ln.var[a]", "((1-4)^2 + (3-4)^2 + (5-4)^2 + (7-4)^2)/4 = 5") == [
        ("X[a][1]", "1"), ("ln.mean[a]", "4"), ("X[a][2]", "3"), ("X[a][3]", "5"), ("X[a][4]", "7")]
    assert _match(ln, "L1.ln.rstd[a]", "1/2.2361 = 0.4472") == [("ln.std[a]", "2.2361")]
    want = [("X[a][1]", "1"), ("ln.mean[a]", "4"), ("ln.rstd[a]", "0.4472")]
    assert _match(ln, "L1.ln.norm[a][1]", "(1 - 4) × 0.4472 = -1.3416") == want
    assert _match(ln, "L1.ln.norm[a][1]", "0.4472 × (1 - 4) = -1.3416") == want
    assert _match(ln, "L1.ln.std[a]", "sqrt(5 + 0.00001) = 2.2361") == [("ln.var[a]", "5")]
    assert _match(ln, "L1.ln.rstd[a]", "1/2.2361 = 0.4472", results=True) == [("ln.rstd[a]", "0.4472")]


def test_matcher_refuses_lines_of_another_shape(ln):
    """Two of the four terms of a mean, or two of the four squares of a variance, fit no reading (None): the
    line is checked as arithmetic and reported unmatched. Squares written as numbers (9 + 1 + 1 + 9) fit, and claim
    the squared differences (ln.sq), the working step whose formula (x − μ)² the variance writes inline."""
    assert _match(ln, "L1.ln.mean[a]", "1 + 3 = 4") is None
    assert _match(ln, "L1.ln.var[a]", "((1-4)^2 + (3-4)^2)/4 = 5") is None
    assert _match(ln, "L1.ln.var[a]", "(9 + 1 + 1 + 9)/4 = 5") == [(f"ln.sq[a][{k}]", t)
                                                                   for k, t in enumerate("9119", 1)]


def test_a_number_standing_for_a_working_step_of_the_formula_is_claimed(ln):
    """x = [1, 3, 5, 7], μ = 4: in σ² = ((−3)² + (−1)² + 1² + 3²)/4 each deviation stands for x − μ, the
    LayerNorm's centered step, and in μ = 16/4 the 16 stands for Σx, its sum step: both are claims. A square
    written as its value (9) stays unnamed, as above."""
    assert _match(ln, "L1.ln.var[a]", "((-3)^2 + (-1)^2 + (1)^2 + (3)^2)/4 = 5") == [
        ("ln.centered[a][1]", "-3"), ("ln.centered[a][2]", "-1"), ("ln.centered[a][3]", "1"),
        ("ln.centered[a][4]", "3")]
    assert _match(ln, "L1.ln.mean[a]", "16/4 = 4") == [("ln.sum[a]", "16")]
