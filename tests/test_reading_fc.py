"""Chains of scalar functions worked on printed arrays (a softmax after dividing by √d_k, −ln of probabilities, a
renormalisation), the ``fn`` block that models them and the softmax's Jacobian: oracle tests (mpmath, fractions)
and documents of our own."""

from __future__ import annotations

from fractions import Fraction

import mpmath
import pytest

from exactformer.audit.findings import ClaimFinding
from exactformer.errors import CaseError
from exactformer.read.case import load
from exactformer.read.documents import chains, formats, read_document

ROWS = [["1.2", "0.4", "-0.7"], ["0.3", "2.0", "0.1"]]


def _fn_case(write_case, fn: str, rows=ROWS, name="fn.toml"):
    body = "[model]\ntokens = [\"r1\", \"r2\"]\n[model.embeddings]\n" + "".join(
        f"r{i + 1} = [{', '.join(repr(c).replace(chr(39), chr(34)) for c in r)}]\n" for i, r in enumerate(rows)) + \
        "[[model.layers]]\nblocks = [\"fn\"]\n[model.layers.fn]\n" + fn
    return load(write_case(body, name))


def _value(case, address: str) -> mpmath.mpf:
    return mpmath.mpf(case.engine.decimal(case.engine.graph.parse(address), 30).rstrip("…"))


def _close(got, want) -> bool:
    return abs(got - want) < mpmath.mpf(10) ** -26


def test_a_scaled_causal_softmax_matches_mpmath(write_case):
    """op = "softmax" with scale √2 and a causal mask: each row's unmasked cells divided by √2, exponentiated and
    normalised (mpmath at 40 digits); the masked cells are exactly 0."""
    c = _fn_case(write_case, 'op = "softmax"\nscale = "√2"\nmask = "causal"\n')
    mpmath.mp.dps = 40
    for i, row in enumerate(ROWS):
        xs = [mpmath.mpf(x) / mpmath.sqrt(2) for x in row[:i + 1]]
        total = sum(mpmath.exp(x) for x in xs)
        for j in range(3):
            want = mpmath.exp(xs[j]) / total if j <= i else mpmath.mpf(0)
            assert _close(_value(c, f"fn[r{i + 1}][{j + 1}]"), want)


@pytest.mark.parametrize("fn,want", [
    ('op = "normalize"', lambda r, i, j: Fraction(r[j]) / sum(Fraction(x) for x in r)),
    ('op = "tril"', lambda r, i, j: Fraction(r[j]) if j <= i else Fraction(0)),
    ('op = "scale"\nscale = "0.5"', lambda r, i, j: Fraction(r[j]) / 2),
    ('op = "mul"\nby = [["1", "0", "2"], ["0", "2", "1"]]',
     lambda r, i, j: Fraction(r[j]) * [[1, 0, 2], [0, 2, 1]][i][j]),
    ('op = "shift"', lambda r, i, j: Fraction(r[j]) - max(Fraction(x) for x in r)),
    ('op = "exp"', lambda r, i, j: mpmath.exp(mpmath.mpf(r[j]))),
    ('op = "sigmoid"', lambda r, i, j: 1 / (1 + mpmath.exp(-mpmath.mpf(r[j])))),
    ('op = "tanh"', lambda r, i, j: mpmath.tanh(mpmath.mpf(r[j]))),
    ('op = "relu"', lambda r, i, j: max(Fraction(r[j]), Fraction(0))),
])
def test_each_cell_function_matches_its_oracle(write_case, fn, want):
    rows = [["1.5", "0.25", "-0.75"], ["0.2", "3", "0.8"]]
    c = _fn_case(write_case, fn + "\n", rows)
    mpmath.mp.dps = 40
    for i, r in enumerate(rows):
        for j in range(3):
            w = want(r, i, j)
            w = mpmath.mpf(w.numerator) / w.denominator if isinstance(w, Fraction) else w
            assert _close(_value(c, f"fn[r{i + 1}][{j + 1}]"), w)


def test_logs_sums_means_and_the_gram_matrix_match_mpmath(write_case):
    rows = [["0.5", "0.25", "0.25"], ["0.2", "0.7", "0.1"]]
    mpmath.mp.dps = 40
    log, neglog = _fn_case(write_case, 'op = "log"\n', rows, "log.toml"), \
        _fn_case(write_case, 'op = "neglog"\n', rows, "neglog.toml")
    for i, r in enumerate(rows):
        for j, x in enumerate(r):
            assert _close(_value(log, f"fn[r{i + 1}][{j + 1}]"), mpmath.log(mpmath.mpf(x)))
            assert _close(_value(neglog, f"fn[r{i + 1}][{j + 1}]"), -mpmath.log(mpmath.mpf(x)))
    total, mean = _fn_case(write_case, 'op = "sum"\n', rows, "sum.toml"), \
        _fn_case(write_case, 'op = "mean"\n', rows, "mean.toml")
    assert _close(_value(total, "fn[r2][1]"), mpmath.mpf(1))
    assert _close(_value(mean, "fn[r1][1]"), mpmath.mpf(1) / 3)
    gram = _fn_case(write_case, 'op = "gram"\n', rows, "gram.toml")
    assert _close(_value(gram, "fn[r1][2]"), mpmath.mpf("0.1") + mpmath.mpf("0.175") + mpmath.mpf("0.025"))


@pytest.mark.parametrize("fn,message", [
    ('op = "cube"', "unknown fn op"),
    ('op = "log"\nscale = "2"', "takes no scale"),
    ('op = "scale"', "needs its factor"),
    ('op = "softmax"\nscale = "-1"', "must be positive"),
    ('op = "softmax"\nmask = [[1, 1], [1, 2], [1, 3]]', "every cell masked"),
    ('op = "softmax"\nmask = [[3, 1]]', "outside the array"),
    ('op = "mul"', "needs the array"),
    ('op = "exp"\nmask = "causal"', "takes no mask"),
])
def test_a_bad_fn_block_is_a_case_error(write_case, fn, message):
    with pytest.raises(CaseError, match=message):
        _fn_case(write_case, fn + "\n")


HEAD = """[model]
tokens = ["z"]
[model.embeddings]
z = ["2.0", "1.0", "0.1"]
[model.head]
vocab = ["a", "b", "c"]
W = [["1", "0", "0"], ["0", "1", "0"], ["0", "0", "1"]]
"""


def test_the_softmax_jacobian_of_given_logits_matches_mpmath(write_case):
    """head.jacobian[z][v][u] = p_v(δ_vu − p_u) (mpmath at 40 digits), a quantity only of logits given directly."""
    c = load(write_case(HEAD))
    mpmath.mp.dps = 40
    zs = [mpmath.mpf(x) for x in ("2.0", "1.0", "0.1")]
    ps = [mpmath.exp(z) / sum(mpmath.exp(y) for y in zs) for z in zs]
    for v, a in enumerate("abc"):
        for u, b in enumerate("abc"):
            want = ps[v] * ((1 if u == v else 0) - ps[u])
            assert _close(_value(c, f"head.jacobian[z][{a}][{b}]"), want)
    other = load(write_case(HEAD.replace('["0", "1", "0"]', '["0", "2", "0"]'), "w.toml"))
    assert "head.jacobian" not in other.engine.graph.steps


def test_a_cell_written_bold_approximate_or_both_ways_is_its_number():
    assert formats._cell("**0.3567**") == "0.3567" and formats._cell("約 0.36") == "0.36"
    assert formats._cell("≈0.25") == "0.25"
    assert formats._cell("70% (0.7)") == "0.7" and formats._cell("0.70 (70%)") == "0.70"
    assert formats._cell("70% (0.6)") is None  # two different numbers: no cell


def _grid(rows):
    from exactformer.read.documents import items as I
    return chains.grid(I.Named("x", rows, 1, "line 1"))


def test_a_chain_is_found_only_when_the_numbers_fit_to_their_digits():
    """The softmax of a printed row after dividing by √2 is found from the printed digits; a restatement, or a
    row that fits no function, is no chain."""
    a = _grid([["0.8132", "-0.2207", "0.4419"], ["1.0571", "0.3368", "-0.6125"]])
    b = _grid([["0.4443", "0.2139", "0.3417"], ["0.5241", "0.3149", "0.1610"]])
    assert a is not None and b is not None
    got = next(chains._fits(a, b, [], []), None)
    assert got is not None and got.op == "softmax" and got.scale == "√2"
    assert next(chains._fits(a, a, [], []), None) is None
    off = _grid([["0.4443", "0.3139", "0.2417"], ["0.2241", "0.3149", "0.4610"]])
    assert off is not None and next(chains._fits(a, off, [], []), None) is None


CHAIN_DOC = """# Scaled softmax, one step

Two rows of attention scores, divided by the square root of the key width (2) before the softmax.

```python
scores = torch.tensor([[0.8132, -0.2207, 0.4419], [1.0571, 0.3368, -0.6125]])
print(scores)
```

```
tensor([[ 0.8132, -0.2207,  0.4419],
        [ 1.0571,  0.3368, -0.6125]])
```

```python
weights = torch.softmax(scores / 2 ** 0.5, dim=-1)
print(weights)
```

```
tensor([[0.4443, 0.2139, 0.3417],
        [0.5241, {slip}, 0.1610]])
```
"""


@pytest.mark.parametrize("slip,verdict", [("0.3149", "correct"), ("0.3194", "wrong")])
def test_a_program_printing_scores_then_their_scaled_softmax_is_read_as_that_step(tmp_path, slip, verdict):
    """A notebook's printed scores, then a printed function of them: read as a model of its own (the scores as
    printed, rounded, and one fn block); every weight judged exactly, a slip found."""
    from exactformer.audit.pipeline import audit
    from exactformer.read.documents import load_document

    doc = tmp_path / "chain.md"
    doc.write_text(CHAIN_DOC.replace("{slip}", slip), encoding="utf-8")
    r = read_document(str(doc))
    assert 'op = "softmax"' in r.toml and 'scale = "√2"' in r.toml and 'givens = "rounded"' in r.toml
    found = {f.quantity: f.verdict.value for f in audit(load_document(str(doc))).findings
             if isinstance(f, ClaimFinding)}
    assert len(found) == 6
    assert found["out[r2][2]"] == verdict
    assert all(v == "correct" for q, v in found.items() if q != "out[r2][2]")


ACTIVATION_DOC = """# A hidden layer, printed step by step

```python
u = torch.tensor([[0.8132, -1.2207, 0.4419], [-0.3571, 2.3368, -0.6125]])
print(u)
```

```
tensor([[ 0.8132, -1.2207,  0.4419],
        [-0.3571,  2.3368, -0.6125]])
```

```python
print(torch.sigmoid(u))
```

```
tensor([[0.6928, 0.2278, 0.6087],
        [0.4117, {slip}, 0.3515]])
```

```python
print(torch.tanh(u))
```

```
tensor([[ 0.6714, -0.8399,  0.4152],
        [-0.3427,  0.9815, -0.5459]])
```

```python
w = torch.tensor([[0.5, 0.25], [0.75, 1.0]])
print(w)
print(w)
```

```
tensor([[0.5000, 0.2500],
        [0.7500, 1.0000]])
tensor([[0.5000, 0.2500],
        [0.7500, 1.0000]])
```
"""


@pytest.mark.parametrize("slip,verdict", [("0.9119", "correct"), ("0.9191", "wrong")])
def test_an_activation_printed_after_its_preactivation_is_read_as_that_step(tmp_path, slip, verdict):
    """σ(u) and tanh(u) printed after u: each a function of the printed array (fn ops sigmoid, tanh), every cell
    judged exactly and a slip found; an array printed twice with no negative cell is no max(0, x) of itself."""
    from exactformer.audit.pipeline import audit
    from exactformer.read.documents import load_document

    doc = tmp_path / "act.md"
    doc.write_text(ACTIVATION_DOC.replace("{slip}", slip), encoding="utf-8")
    r = read_document(str(doc))
    assert 'op = "sigmoid"' in r.toml and 'op = "tanh"' in r.toml and 'op = "relu"' not in r.toml
    found = [(f.quantity, f.verdict.value) for f in audit(load_document(str(doc))).findings
             if isinstance(f, ClaimFinding)]
    assert len(found) == 12
    assert [v for q, v in found].count("correct") == 12 - (verdict == "wrong")
