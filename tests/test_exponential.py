"""Rationality of quotients of exponential polynomials, decided by Lindemann–Weierstrass (exact.exponential)."""

from fractions import Fraction

from exactformer.exact import expr as X
from exactformer.exact.exponential import IRRATIONAL, rational_value


def _c(q, n: int = 1) -> X.Const:
    return X.Const(X.Surd(Fraction(q), n))


def _softmax(scores: list[X.Expr], i: int) -> X.Expr:
    exps = [X.exp(s) for s in scores]
    return X.div(exps[i], X.add(*exps))


def test_equal_scores_give_a_rational_weight_and_distinct_ones_an_irrational():
    s = _c(Fraction(63, 2500), 2)
    assert rational_value(_softmax([s, s, s, s], 0)) == Fraction(1, 4)
    assert rational_value(_softmax([s, s, _c(-3), s], 1)) == IRRATIONAL
    assert rational_value(X.mul(_c(Fraction(3, 10)), _softmax([s, s], 0))) == Fraction(3, 20)


def test_a_context_cell_over_one_shared_denominator():
    a, b = _c(Fraction(1, 3), 2), _c(-7)
    exps = [X.exp(a), X.exp(a), X.exp(b)]
    den = X.add(*exps)
    # 0.4·e^a + 0.2·e^a + 0.3·e^b over e^a + e^a + e^b: (0.6 e^a + 0.3 e^b) / (2 e^a + e^b) = 0.3 exactly
    cell = X.add(*(X.mul(_c(v), X.div(e, den)) for v, e in zip((Fraction(2, 5), Fraction(1, 5), Fraction(3, 10)), exps)))
    assert rational_value(cell) == Fraction(3, 10)
    cell = X.add(*(X.mul(_c(v), X.div(e, den)) for v, e in zip((Fraction(2, 5), Fraction(1, 5), Fraction(1, 2)), exps)))
    assert rational_value(cell) == IRRATIONAL


def test_sums_of_exponents_surd_coefficients_and_shared_memos():
    a, b = _c(1, 2), _c(1, 3)
    # e^(√2+√3)·e^(−√3) / e^(√2) = 1: exponents are collected as sums of surds
    one = X.div(X.mul(X.exp(X.add(a, b)), X.exp(X.neg(b))), X.exp(a))
    memo: dict = {}
    assert rational_value(one, memo) == 1
    assert rational_value(X.add(one, _c(Fraction(1, 2))), memo) == Fraction(3, 2)
    assert rational_value(X.mul(_c(1, 2), X.exp(a))) == IRRATIONAL  # √2·e^√2
    assert rational_value(_c(3, 2)) == IRRATIONAL  # 3√2 (no exponential at all)
    assert rational_value(X.mul(_c(1, 2), _c(1, 2))) == 2


def test_forms_it_does_not_decide():
    x = X.Sym("x")
    assert rational_value(X.exp(x)) is None
    assert rational_value(X.log(_c(3))) is None
    assert rational_value(X.exp(X.exp(_c(1)))) is None  # e^e: the exponent is not algebraic
    assert rational_value(X.Div(_c(1), X.sub(X.exp(_c(1)), X.exp(_c(1))))) is None  # a division by an exact zero


def test_a_saturated_softmax_is_decided_without_sympy(write_case, monkeypatch):
    """Weights within 2^-8192 of 1 and 1/2, weighted values and context cells on a digit boundary: show's JSON
    and each value's own decimal give the same certified enclosures, and SymPy is never asked (its cancel took a
    tenth of a second per value, and crashed on a 64-term context cell)."""
    import exactformer
    from exactformer.exact import sympy_form
    from exactformer.numeric.ball import decimal_parts
    from exactformer.report.show import everything, json_text, json_values

    from .conftest import case_text

    def refuse(*args, **kwargs):
        raise AssertionError("SymPy was asked")

    monkeypatch.setattr(sympy_form, "to_sympy", refuse)
    path = write_case(case_text(["a", "a2", "b"], {"a": ["100", "0"], "a2": ["100", "0"], "b": ["0", "100"]},
                                [{"Wq": [[1, 0], [0, 1]], "Wk": [[1, 0], [0, 1]], "Wv": [[1, 0], [0, 1]]}]))
    eng = exactformer.load(path).engine
    g = eng.graph
    text = "".join(json_text(eng, everything(eng), 12))
    values = json_values(eng, everything(eng), 12)
    uncertified = values["$decimals"]["uncertified"]
    assert {"weights[a,a]", "weights[b,b]", "weighted_v[a,a][1]", "context[a][1]", "context[b][2]"} <= set(uncertified)
    assert values["weights[a,a]"] == "0.500000000000" and values["context[b][2]"] == "100.000000000"
    fresh = exactformer.load(path).engine  # each value alone, as derive asks for it
    for name in uncertified:
        d = decimal_parts(fresh.decimal(g.parse(name), 12))
        assert d.bound is not None and d.plain() == values[name]
    assert '"weights[a,a]": "0.500000000000"' in text
