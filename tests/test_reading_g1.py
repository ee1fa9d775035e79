"""Backpropagation worked by hand in small sigmoid networks, each as a general rule, on documents of our own."""

from __future__ import annotations

import mpmath
from flint import fmpq

from exactformer.audit.findings import ClaimFinding
from exactformer.model import kinds as K
from exactformer.numeric.backends import RATIONAL
from exactformer.read.case import load


def _audit(tmp_path, name: str, text: str) -> dict[str, tuple[str, str]]:
    from exactformer.audit.pipeline import audit
    from exactformer.read.documents import load_document

    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    rep = audit(load_document(str(doc)))
    return {f.quantity: (f.claim.number.text, f.verdict.value) for f in rep.findings if isinstance(f, ClaimFinding)}


SIGMOID_NET = """
[model]
tokens = ["x"]
[model.embeddings]
x = ["0.8", "-0.3"]
[model.loss]
kind = "given_gradient"
[model.loss.dy]
x = ["1"]
[[model.layers]]
blocks = ["n"]
[model.layers.n]
kind = "linear"
W = [["0.4"], ["1.1"]]
b = ["0.15"]
activation = "sigmoid"
"""


def test_the_sigmoid_slope_is_o_times_one_minus_o(write_case):
    """n.slope is o(1 − o) of the sigmoid's output (against mpmath at 40 digits); its derivative in o is 1 − 2o,
    exactly; a block without a sigmoid has no slope."""
    c = load(write_case(SIGMOID_NET))
    e, g = c.engine, c.engine.graph
    mpmath.mp.dps = 40
    z = mpmath.mpf("0.8") * mpmath.mpf("0.4") + mpmath.mpf("-0.3") * mpmath.mpf("1.1") + mpmath.mpf("0.15")
    o = 1 / (1 + mpmath.exp(-z))
    got = mpmath.mpf(e.decimal(g.parse("n.slope[x][1]"), 30).rstrip("…"))
    assert abs(got - o * (1 - o)) < mpmath.mpf(10) ** -28
    q = fmpq(3, 10)
    assert K.SIGMOID_SLOPE.f(RATIONAL, [q]) == fmpq(21, 100)
    assert K.SIGMOID_SLOPE.d(RATIONAL, 0, [q], None) == fmpq(2, 5)
    plain = load(write_case(SIGMOID_NET.replace('activation = "sigmoid"', 'activation = "relu"'), "relu.toml"))
    assert "L1.n.slope" not in plain.engine.graph.steps


SLOPES = """# One backward step through a 2-2-2 network

All neurons use the sigmoid, the error is E = 1/2 Σ (target - out)^2, one shared bias per layer.

| parameter | value |
|---|---|
| i1 | 0.10 |
| i2 | 0.70 |
| w1 | 0.20 |
| w2 | 0.40 |
| w3 | 0.30 |
| w4 | 0.50 |
| b1 | 0.10 |
| w5 | 0.60 |
| w6 | 0.80 |
| w7 | 0.25 |
| w8 | 0.45 |
| b2 | 0.20 |
| target o1 | 0.90 |
| target o2 | 0.10 |
| learning rate | 1 |

## Forward

net_h1 = 0.20·0.10 + 0.40·0.70 + 0.10 = 0.4000, out_h1 = 0.5987

net_h2 = 0.30·0.10 + 0.50·0.70 + 0.10 = 0.4800, out_h2 = 0.6177

net_o1 = 0.60·0.5987 + 0.80·0.6177 + 0.20 = 1.0534, out_o1 = 0.7414

net_o2 = 0.25·0.5987 + 0.45·0.6177 + 0.20 = 0.6276, out_o2 = 0.6520

## Backward

- ∂E/∂out_o1 = out_o1 − target_o1 = 0.7414 − 0.90 = -0.1586
- ∂out_o1/∂net_o1 = out_o1(1 − out_o1) = 0.1917

For o2 the delta is δ_o2 = (0.6520 − 0.10) · 0.2269 = 0.1252.

∂out_h1/∂net_h1 = 0.5987(1 − 0.5987) = 0.2403

I had coffee with 0.7 of a biscuit before this part.
"""


def test_a_sigmoid_slope_line_is_claimed_as_the_slope(tmp_path):
    """∂out/∂net = out(1 − out) = … is the block's slope, at the output and at a hidden neuron, and so is the
    slope written as its value inside a delta's working; the filler number is no claim."""
    got = _audit(tmp_path, "slopes.md", SLOPES)
    assert got.get("o.slope[x][1]") == ("0.1917", "correct"), got
    assert got.get("h.slope[x][1]") == ("0.2403", "correct"), got
    assert got.get("o.slope[x][2]") == ("0.2269", "correct"), got
    assert not any(t == "0.7" for t, _ in got.values())
