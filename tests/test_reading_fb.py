"""Small scalar networks worked by hand (backpropagation by hand, Mazur's example and the lessons after it), as
real documents write them: givens in sentences and as the operands of their working, LaTeX align rows that go
on with &=, derivatives named by their symbols, units whose weights are only in a figure. Each rule on a
document of our own; the three documents of tests/documents/real-styles/fb-* held to their transcriptions."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import mpmath
import pytest

from exactformer.audit.findings import ClaimFinding
from exactformer.read.case import load
from exactformer.read.documents import items_of, symbols, worked

ROOT = Path(__file__).parent.parent
REAL_STYLES = ROOT / "tests" / "documents" / "real-styles"


def _audit(tmp_path, name: str, text: str) -> list[tuple[int | None, str, str, str]]:
    """(document line, quantity, reported text, verdict) of every claim the document makes."""
    from exactformer.audit.pipeline import audit
    from exactformer.read.documents import load_document

    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    rep = audit(load_document(str(doc)))
    return [(f.claim.source_line, f.quantity, f.claim.number.text, f.verdict.value) for f in rep.findings
            if isinstance(f, ClaimFinding)]


def _nets(tmp_path, name: str, text: str) -> list[worked.Network]:
    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    return worked.read(items_of(str(doc), text)[1])


# ---- symbols ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("written, key", [
    ("out_{h1}", "outh1"), ("out{h1}", "outh1"), ("net_h1", "neth1"), (r"\hat{y_1}", "yhat1"), (r"\hat{y}_1", "yhat1"),
    ("ŷ", "yhat"), ("w^{(2)}", "w^2"), ("w^((2))", "w^2"), ("w_5^{+}", "w5+"), ("w_5^+", "w5+"), ("w1'", "w1+"),
    ("w_{new}", "w+"), (r"\eta", "η"), ("E_{total}", "Etotal"),
])
def test_a_symbol_has_one_key_whatever_its_tex(written, key):
    assert symbols.key(written) == key


@pytest.mark.parametrize("written, parts", [
    (r"(\partial E_{total})/(\partial w_5)", ("Etotal", "w5")), ("(dL)/(da_2)", ("L", "a2")),
    (r"(\delta L)/(\delta \hat{y})", ("L", "yhat")), (r"\frac{\partial out_{o1}}{\partial net_{o1}}", ("outo1", "neto1")),
    ("∂E/∂w5", ("E", "w5")), ("dL/dw", ("L", "w")), (r"(\delta z^((3)))/(\delta a^((2)))", ("z^3", "a^2")),
    ("q_i · k_j / sqrt(d_k)", None), ("Each score is q·k / √2", None),
])
def test_a_derivative_is_read_as_its_two_symbols(written, parts):
    assert symbols.derivative(written) == parts


# ---- lines of working as documents lay them out ----------------------------------------------------------------
ALIGN = r"""# Notes

$$
\begin{align}
net_{h1} &= w_1 \cdot i_1 + w_2 \cdot i_2 + b_1 \cdot 1 \\ \\
&= 0.15 * 0.05 + 0.2 * 0.1 + 0.35 * 1 \\ \\
&= 0.3775
\end{align}
$$

$$
\begin{align}
\frac {\partial E_{total}}{\partial out_{o1}} &=
\|target_{o1}-out_{o1}\| \\ \\
&= \|0.01-0.75136507\| \\ \\
&= 0.74136507
\end{align}
$$
"""


def test_align_rows_that_go_on_with_an_ampersand_are_one_line_at_its_result(tmp_path):
    """An align environment's rows (``&= …`` below a name, ``\\\\ \\\\`` between them) are one line of working,
    placed where its result is written; ``\\|t − o\\|`` is an absolute value, so the line's arithmetic holds."""
    doc = tmp_path / "a.md"
    doc.write_text(ALIGN, encoding="utf-8")
    found = items_of(str(doc), ALIGN)[1]
    works = [(w.line, w.name, w.text.strip()) for w in found.found if type(w).__name__ == "Work"]
    assert works[0] == (7, "net_{h1}", "0.15 * 0.05 + 0.2 * 0.1 + 0.35 * 1 = 0.3775")
    assert works[1][0] == 16 and symbols.derivative(works[1][1]) == ("Etotal", "outo1")
    assert works[1][2] == "abs(0.01-0.75136507) = 0.74136507"


def test_a_lone_star_multiplies_and_tex_without_dollars_keeps_its_underscores(tmp_path):
    """docsify renders ``\\begin{align}`` written in the Markdown's text: its ``_`` and ``*`` are TeX's; and a
    ``*`` with a space on each side is no emphasis."""
    text = "# N\n\n\\begin{align}\n  a_{h1} = 0.1352 * 0.4 = 0.0541 \\\\\n  b_{h1} = 2\n\\end{align}\n\n" \
           "Then 0.2 * 0.3 = 0.06 and *this* is emphasis.\n"
    doc = tmp_path / "b.md"
    doc.write_text(text, encoding="utf-8")
    found = items_of(str(doc), text)[1]
    works = [(w.name, w.text.strip()) for w in found.found if type(w).__name__ == "Work"]
    assert ("a_{h1}", "0.1352 * 0.4 = 0.0541") in works
    assert any(t == "0.2 * 0.3 = 0.06" for _, t in works)
    assert not any("*this*" in p for p in found.prose)


# ---- the network its formulas describe ---------------------------------------------------------------------------
MAZUR_FIGURE = r"""# A 2-2-2 network

Given inputs 0.20 and 0.60, we want the network to output 0.05 and 0.95.

$$
\begin{align}
net_{h1} &= w_1 \cdot i_1 + w_2 \cdot i_2 + b_1 \cdot 1 \\ \\
&= 0.30 * 0.20 + 0.10 * 0.60 + 0.30 * 1 \\ \\
&= 0.42
\end{align}
$$

$$
out_{h1} = \frac{1}{1+e^{-net_{h1}}} = \frac{1}{1+e^{-0.42}} = 0.603483250
$$

The same for $h_2$: $out_{h2} = 0.650218549$.

$$
\begin{align}
net_{o1} &= w_5 \cdot out_{h1} + w_6 \cdot out_{h2} + b_2 \cdot 1 \\ \\
&= 0.50 * 0.603483250 + 0.35 * 0.650218549 + 0.55 * 1 \\ \\
&= 1.079318117
\end{align}
$$

$$
out_{o1} = \frac{1}{1+e^{-net_{o1}}} = 0.746364922
$$

And $out_{o2} = 0.749009900$.

$$
E_{o1} = \frac{1}{2}(target_{o1} - out_{o1})^2 = \frac{1}{2}(0.05 - 0.746364922)^2 = 0.242462052
$$

$$
\begin{align}
w_5^{+} &= w_5 - \eta \cdot \frac{\partial E_{total}}{\partial w_5} \\ \\
&= 0.50 - 0.5 * 0.079554114 \\ \\
&= 0.460222943
\end{align}
$$

$$
\frac{\partial E_{o1}}{\partial out_{h1}} = 0.131824892 * 0.50 = 0.065912446
$$

$$
w_7^{+} = 0.511301270
$$
"""


def test_a_network_from_its_formulas_and_the_numbers_worked_in_them(tmp_path):
    """The givens are the operands of the working (w1, w2, b1, w5, w6, b2), the inputs and targets a sentence's
    lists, η the factor of the update's derivative; h2 and o2 are siblings of h1 and o1 (their weights w3, w4,
    w7, w8 numbered as w1, w2 and w5, w6 are, one bias a layer), taken at the outputs the document states."""
    (net,) = _nets(tmp_path, "m.md", MAZUR_FIGURE)
    assert net.inputs == ["i1", "i2"] and [net.values[i] for i in net.inputs] == ["0.20", "0.60"]
    assert net.targets == ["0.05", "0.95"] and net.lr == "0.5" and net.loss == "squared_error"
    h, o = net.layers
    assert [(u.out, u.terms, u.bias, u.stated) for u in h] == [
        ("outh1", [("w1", "i1"), ("w2", "i2")], "b1", None), ("outh2", [("w3", "i1"), ("w4", "i2")], "b1", "0.650218549")]
    assert [(u.terms, u.bias, u.stated) for u in o] == [
        ([("w5", "outh1"), ("w6", "outh2")], "b2", None), ([("w7", "outh1"), ("w8", "outh2")], "b2", "0.749009900")]


def test_each_line_is_the_quantity_its_name_says(tmp_path):
    """∂E_o1/∂out_h1 is o1's share of out_h1's gradient (δ_o1·w5); w_5⁺ the weight after the step; w_7⁺ needs a
    weight stated nowhere (no claim); the stated outputs are givens, and never claimed."""
    got = {(q, t): v for _line, q, t, v in _audit(tmp_path, "m.md", MAZUR_FIGURE)}
    assert got[("o.back[x][1][1]", "0.065912446")] == "correct"
    assert got[("step1.o.W[1][1]", "0.460222943")] == "correct"
    assert got[("loss[x][1]", "0.242462052")] == "correct"
    assert not any(t in ("0.511301270", "0.650218549", "0.749009900") for _q, t in got)


RELU = r"""# Tiny network

* Input: `x = 1.0`
* Hidden weight `w1 = 0.5`, output weight `w2 = 0.5`
* Label: `y_true = 0.0`

$$
z_1 = x \cdot w_1 = 1.0 \cdot 0.5 = 0.5
$$

$$
a_1 = \text{ReLU}(z_1) = 0.5
$$

$$
z_2 = a_1 \cdot w_2 = 0.5 \cdot 0.5 = 0.25
$$

$$
a_2 = \text{Sigmoid}(z_2) = \frac{1}{1 + e^{-0.25}} \approx 0.562
$$

We use Binary Cross Entropy: $L = -[y \cdot \log(a_2) + (1 - y) \cdot \log(1 - a_2)]$ with $y = 0$.

$$
\frac{dL}{da_2} = a_2 - y = 0.562 - 0 = 0.562
$$

$$
\frac{dL}{dz_2} = 0.562 \cdot 0.246 \approx 0.138
$$

| Parameter | Gradient |
| --------- | -------- |
| `w2`      | 0.069    |

So the gradient for `w1`: 0.069. With a learning rate of `0.1`:

$$
w_2 = w_2 - \eta \cdot \frac{dL}{dw_2} = 0.5 - 0.1 \cdot 0.069 = 0.4931
$$
"""


def test_a_named_derivative_is_judged_as_named(tmp_path):
    """dL/da_2 = a_2 − y = 0.562 is ∂L/∂a_2 under binary cross-entropy (2.284), not the ∂L/∂z_2 its number is:
    wrong; what follows from it is claimed as named (a gradient table's column, "the gradient for w1: …")."""
    got = {(q, t): v for _line, q, t, v in _audit(tmp_path, "r.md", RELU)}
    assert got[("grad.out[x][1]", "0.562")] == "wrong"
    assert got[("out[x][1]", "0.562")] == "correct"
    assert got[("grad.o.W[1][1]", "0.069")] in ("wrong", "propagated")
    assert got[("grad.h.W[1][1]", "0.069")] in ("wrong", "propagated")
    assert ("step1.o.W[1][1]", "0.4931") in got


TWO_EXAMPLES = r"""# Two examples

We take one sample $x = 0.5$ and the label $y = 1$; the loss is $L(y, \hat{y}) = \frac{1}{2}(y - \hat{y})^2$.

## One neuron

$z = w \cdot x + b$ and $\hat{y} = \sigma(z)$, with $w = 0.3$, $b = 0.1$ and $\alpha = 0.1$.

$$\hat{y} = \frac{1}{1 + e^{-(0.3 \cdot 0.5 + 0.1)}} = \frac{1}{1 + e^{-0.25}} \approx 0.56$$

$$\frac{\delta L}{\delta \hat{y}} = -(y - \hat{y}) = -(1.5 - 0.56) = -0.94$$

$$w_{new} = 0.3 - 0.1 \cdot (-0.118) = 0.312$$

## Two neurons

We set $w^{(1)} = 0.3$, $w^{(2)} = 0.2$, $b^{(1)} = 0.1$ and $b^{(2)} = 0.4$.

$$\hat{y} = a^{(3)} = \sigma(z^{(3)}) = \sigma(w^{(2)} a^{(2)} + b^{(2)})$$

$$a^{(2)} = \sigma(z^{(2)}) = \sigma(w^{(1)} x + b^{(1)})$$

$$z^{(3)} = w^{(2)} a^{(2)} + b^{(2)} = 0.2 \cdot 0.56 + 0.4 = 0.512$$

$$\frac{\delta L}{\delta w^{(2)}} = (-0.875) \cdot 0.235 \cdot 0.56 = -0.115$$

$$w^{(2)}_{new} = w^{(2)} - \alpha \frac{\delta L}{\delta w^{(2)}}$$
"""


def test_each_example_is_a_network_of_its_own(tmp_path):
    """ŷ defined anew on new symbols starts a second computation; the label said (1) and the label worked (1.5)
    are both tried; ŷ, defined in both, names neither."""
    one, two = _nets(tmp_path, "t.md", TWO_EXAMPLES)
    assert [[u.terms for u in layer] for layer in one.layers] == [[[("w", "x")]]]
    assert [[u.terms for u in layer] for layer in two.layers] == [[[("w^1", "x")]], [[("w^2", "a^2")]]]
    assert sorted(one.target_choices) == [["1"], ["1.5"]] and two.lr == "0.1"
    assert "yhat" in one.ambiguous and "yhat" in two.ambiguous


# ---- the model: outputs a document only states, and the shares of a hidden unit's gradient ----------------------
STATED_CASE = """title = "stated"

[model]
tokens = ["x"]

[model.embeddings]
x = ["0.20", "0.60"]

[model.loss]
kind = "squared_error"
reduction = "sum"

[model.loss.targets]
x = ["0.05", "0.95"]

[[model.layers]]
blocks = ["h", "o"]

[model.layers.h]
kind = "linear"
W = [["0.30", "0.25"], ["0.10", "0.45"]]
b = ["0.30", "0.30"]
activation = "sigmoid"

[model.layers.o]
kind = "linear"
W = [["0.50", "w7"], ["0.35", "w8"]]
b = ["0.55", "0.55"]
activation = "sigmoid"
stated = ["", "0.749009900"]

[train]
lr = "0.5"
steps = 1
params = ["L1.h.W", "L1.o.W"]
"""


def test_a_stated_output_and_the_gradient_shares_match_an_mpmath_oracle(tmp_path):
    """o2 = 0.749009900 as stated (its weights symbols): its slope is o(1 − o) of that number, so δ_o2 and the
    gradients through it are known; out_h1's gradient (which needs w7) is not. Each output's share of a hidden
    unit's gradient, δ_o·w, is a quantity of its own (o.back[x][i][j])."""
    mpmath.mp.dps = 40
    path = tmp_path / "c.toml"
    path.write_text(STATED_CASE, encoding="utf-8")
    case = load(path)
    eng, g = case.engine, case.engine.graph
    sig = lambda z: 1 / (1 + mpmath.exp(-z))  # noqa: E731
    h1, h2 = sig(mpmath.mpf("0.30") * 0.2 + mpmath.mpf("0.10") * 0.6 + 0.3), sig(
        mpmath.mpf("0.25") * 0.2 + mpmath.mpf("0.45") * 0.6 + 0.3)
    o1, o2 = sig(mpmath.mpf("0.50") * h1 + mpmath.mpf("0.35") * h2 + mpmath.mpf("0.55")), mpmath.mpf("0.749009900")
    d1, d2 = (o1 - mpmath.mpf("0.05")) * o1 * (1 - o1), (o2 - mpmath.mpf("0.95")) * o2 * (1 - o2)
    want = {"L1.o[x][2]": o2, "loss": ((o1 - mpmath.mpf("0.05")) ** 2 + (o2 - mpmath.mpf("0.95")) ** 2) / 2,
            "grad.L1.o.net[x][2]": d2, "grad.L1.o.W[1][2]": d2 * h1, "L1.o.back[x][1][1]": d1 * mpmath.mpf("0.50"),
            "L1.o.back[x][2][1]": d1 * mpmath.mpf("0.35")}
    for address, value in want.items():
        b = eng.ball(g.parse(address))
        assert abs(float(b.mid()) - float(value)) < 1e-14, address
    assert not eng.ball(g.parse("grad.L1.h[x][1]")).is_finite()  # δ_o2·w7: w7 is a symbol


# ---- the documents of our own, held to their transcriptions ----------------------------------------------------
def _harness():
    spec = importlib.util.spec_from_file_location("reading_eval", ROOT / "bench" / "reading_eval.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["reading_eval"] = mod
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("name, recall, verdicts", [
    ("fb-align-222", 0.88, 1.0), ("fb-relu-bce", 1.0, 1.0), ("fb-docsify-222", 1.0, 0.94)])
def test_our_real_style_documents_read_as_transcribed(name, recall, verdicts):
    res = _harness().evaluate(REAL_STYLES / f"{name}.expect.toml", Path(sys.executable).with_name("exactformer"))
    assert res.read, res.status
    assert res.recall >= recall, res.missed_list
    assert res.invented == 0, res.invented_list
    assert res.agree / res.matched >= verdicts, res.disagree_list


# ---- micrograd's scalar graphs as a model: the graph block, node by node ----------------------------------------
GRAPH_CASE = """title = "graph"

[model]
tokens = ["x"]

[model.embeddings]
x = ["0"]

[model.loss]
kind = "given_gradient"

[model.loss.dy]
x = ["1", "1"]

[[model.layers]]
blocks = ["g"]

[model.layers.g]
kind = "graph"
nodes = [["x", "0.8"], ["w", "-1.2"], ["b", "0.3"], ["xw", "*", "x", "w"], ["z", "+", "xw", "b"],
         ["one", "1"], ["nz", "neg", "z"], ["ez", "exp", "nz"], ["den", "+", "one", "ez"], ["s", "/", "one", "den"],
         ["d", "-", "s", "1"], ["L", "**", "d", "2"], ["p", "*", "x", "w", "b"], ["t", "tanh", "p"]]
roots = ["L", "t"]

[train]
lr = "0.5"
steps = 1
params = ["L1.g.w", "L1.g.b"]
"""


def test_a_graph_block_computes_each_node_and_its_gradient_as_an_mpmath_oracle(tmp_path):
    """Each node is an operation on earlier nodes or numbers; with a gradient of 1 on each root every node's
    gradient is its root's derivative in it (summed over the roots that use it), as micrograd's backward()
    leaves it; a step moves the trained leaves."""
    mpmath.mp.dps = 40
    path = tmp_path / "g.toml"
    path.write_text(GRAPH_CASE, encoding="utf-8")
    eng = load(path).engine
    g = eng.graph
    x, w, b = mpmath.mpf("0.8"), mpmath.mpf("-1.2"), mpmath.mpf("0.3")
    z = x * w + b
    s = 1 / (1 + mpmath.exp(-z))
    p = x * w * b
    ds = 2 * (s - 1)
    dz = ds * s * (1 - s)
    dp = 1 - mpmath.tanh(p) ** 2
    want = {"L1.g.z[x][1]": z, "L1.g.s[x][1]": s, "L1.g.L[x][1]": (s - 1) ** 2, "L1.g.t[x][1]": mpmath.tanh(p),
            "grad.L1.g.s[x][1]": ds, "grad.L1.g.z[x][1]": dz, "grad.L1.g.w[x][1]": dz * x + dp * x * b,
            "grad.L1.g.b[x][1]": dz + dp * x * w, "grad.L1.g.x[x][1]": dz * w + dp * w * b,
            "step1.L1.g.w[x][1]": w - mpmath.mpf("0.5") * (dz * x + dp * x * b)}
    for address, value in want.items():
        got = eng.ball(g.parse(address))
        assert abs(float(got.mid()) - float(value)) < 1e-14, address


@pytest.mark.parametrize("node", [["e", "**", "a", "3"], ["e", "max", "a", "a"], ["e", "*", "a"], ["x", "+", "a", "a"]])
def test_a_graph_node_the_block_cannot_compute_is_refused(tmp_path, node):
    from exactformer.errors import CaseError

    text = GRAPH_CASE.replace('["t", "tanh", "p"]]', '["t", "tanh", "p"], ["a", "2"], ' + str(node).replace("'", '"') + "]")
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CaseError):
        load(path)
