"""Documents as people save them (g4): one small document of our own per rule, with its own words and numbers."""

from __future__ import annotations

import json

from exactformer.audit.findings import ClaimFinding


def _audit(tmp_path, name: str, text: str) -> list[tuple[str, str, str, int | None]]:
    """(quantity, text, verdict, line) of every claim the audit of the document finds."""
    from exactformer.audit.pipeline import audit
    from exactformer.read.documents import load_document

    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    rep = audit(load_document(str(doc)))
    return [(f.quantity, f.claim.number.text, f.verdict.value, f.claim.source_line or f.claim.line) for f in rep.findings
            if isinstance(f, ClaimFinding)]


R_PAGE = '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8" /><title>Backprop by hand in R: a 2-2-1 net</title></head>\n<body><div class="container-fluid main-container">\n<h1 class="title toc-ignore">Backprop by hand in R: a 2-2-1 net</h1>\n<p>One sample through a small sigmoid network, its squared error and <strong>one</strong> gradient step.</p>\n<div class="section level2"><h2>Inputs and starting weights</h2>\n<pre class="r"><code># inputs and target\nx1 &lt;- 0.8; x2 &lt;- 0.5\nt &lt;- 0.2\n# hidden layer\nw1 &lt;- 0.3; w2 &lt;- -0.6; b1 &lt;- 0.2\nw3 &lt;- -0.1; w4 &lt;- 0.4; b2 &lt;- 0.3\n# output\nw5 &lt;- 0.5; w6 &lt;- 0.8; b3 &lt;- -0.4\neta &lt;- 0.25\nsigmoid &lt;- function(z) 1 / (1 + exp(-z))</code></pre>\n<p>Hidden unit 1 takes <code>w1</code> (from x1) and <code>w2</code> (from x2); unit 2 takes <code>w3</code> and <code>w4</code>.</p>\n</div>\n<div class="section level2"><h2>Forward</h2>\n<pre class="r"><code>z1 &lt;- w1*x1 + w2*x2 + b1; h1 &lt;- sigmoid(z1)\nz2 &lt;- w3*x1 + w4*x2 + b2; h2 &lt;- sigmoid(z2)\nz3 &lt;- w5*h1 + w6*h2 + b3; y &lt;- sigmoid(z3)\nc(z1 = z1, h1 = h1, z2 = z2, h2 = h2, z3 = z3, y = y)</code></pre>\n<pre><code>##        z1        h1        z2        h2        z3         y\n## 0.1400000 0.5349429 0.4200000 0.6034832 0.3502581 0.5866802</code></pre>\n<pre class="r"><code>E &lt;- 0.5 * (t - y)^2\nE</code></pre>\n<pre><code>## [1] 0.0747608</code></pre>\n</div>\n<div class="section level2"><h2>Backward</h2>\n<pre class="r"><code>d3 &lt;- (y - t) * y * (1 - y)\nd1 &lt;- d3 * w5 * h1 * (1 - h1)\nd2 &lt;- d3 * w6 * h2 * (1 - h2)\nc(d3 = d3, d1 = d1, d2 = d2)</code></pre>\n<pre><code>##          d3          d1          d2\n## 0.093764738 0.011663348 0.017949663</code></pre>\n<pre class="r"><code>grad &lt;- c(w1 = d1*x1, w2 = d1*x2, b1 = d1, w3 = d2*x1, w4 = d2*x2, b2 = d2,\n          w5 = d3*h1, w6 = d3*h2, b3 = d3)\ngrad</code></pre>\n<pre><code>##          w1          w2          b1          w3          w4          b2\n## 0.009330679 0.005831674 0.011663348 0.014359730 0.008974831 0.017949663\n##          w5          w6          b3\n## 0.050158785 0.056585449 0.093764738</code></pre>\n</div>\n<div class="section level2"><h2>After the step</h2>\n<pre class="r"><code>y_new &lt;- forward(new_weights, x1, x2)\nc(y = y_new, E = 0.5 * (t - y_new)^2)</code></pre>\n<pre><code>##         y         E\n## 0.5767161 0.0709575</code></pre>\n<p>Seen in 2024 on 3 machines.</p>\n</div></div></body></html>\n'


def test_an_r_named_vector_of_gradients_is_read_by_the_names_above_it(tmp_path):
    """R prints ``grad`` as names over numbers, wrapped at 80 columns: each number is the gradient of the
    scalar its name gives (w1 … b3), on both printed lines."""
    got = {(q, t): v for q, t, v, _ in _audit(tmp_path, "net.html", R_PAGE)}
    assert got[("grad.h.W[1][1]", "0.009330679")] == "correct"  # w1, first printed line
    assert got[("grad.h.W[2][2]", "0.008974831")] == "correct"  # w4
    assert got[("grad.o.W[2][1]", "0.056585449")] == "correct"  # w6, the wrapped line
    assert got[("grad.o.b[1]", "0.093764738")] == "correct"  # b3


def test_a_one_row_vector_of_symbols_is_read_cell_by_cell(tmp_path):
    """``##  d3  d1  d2`` (deltas) and ``##  y  E`` after the step: no row of the model, but each labelled number
    is a quantity of its own, to its last digit; the target on its own line (t <- 0.2), not the comment above."""
    got = {(q, t): v for q, t, v, _ in _audit(tmp_path, "net.html", R_PAGE)}
    assert got[("grad.h.b[1]", "0.011663348")] == "correct"  # d1
    assert ("loss[x][1]", "0.0747608") in got  # E with target 0.2
    assert got[("step1.out[x][1]", "0.5767161")] == "correct"
    assert got[("step1.loss[x][1]", "0.0709575")] == "correct"
    texts = {t for _, t, _, _ in _audit(tmp_path, "net.html", R_PAGE)}
    assert "2024" not in texts and "3" not in texts


def test_a_wrong_number_in_a_one_row_symbol_vector_is_no_claim(tmp_path):
    """A cell that agrees with nothing: the row is not read cell by cell (no chance fits)."""
    page = R_PAGE.replace("0.5767161 0.0709575", "0.5767161 0.0123456")
    got = {q for q, _, _, _ in _audit(tmp_path, "net.html", page)}
    assert "step1.out[x][1]" not in got


def _notebook(cells: list[dict]) -> str:
    return json.dumps({"cells": cells, "metadata": {"kernelspec": {"name": "python3"}}, "nbformat": 4,
                       "nbformat_minor": 5}, indent=1)


def _md(text: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": text.splitlines(keepends=True)}


def _code(text: str, outputs: list[dict]) -> dict:
    return {"cell_type": "code", "execution_count": 1, "metadata": {}, "outputs": outputs,
            "source": text.splitlines(keepends=True)}


ROWS = [("uno", ["-1.068702", "-0.267175", "1.335877"]), ("dos", ["1.396596", "-0.888743", "-0.507853"]),
        ("tres", ["-1.305128", "1.118682", "0.186447"])]


def _frame() -> dict:
    html = ('<div>\n<table border="1" class="dataframe">\n  <thead>\n    <tr><th></th><th>a</th><th>b</th>'
            '<th>c</th></tr>\n  </thead>\n  <tbody>\n' +
            "".join(f"    <tr>\n      <th>{t}</th>\n" + "".join(f"      <td>{v}</td>\n" for v in vs) + "    </tr>\n"
                    for t, vs in ROWS) + "  </tbody>\n</table>\n</div>")
    plain = "              a          b          c\n" + "\n".join(
        f"{t:<6}" + "".join(f"{v:>11}" for v in vs) for t, vs in ROWS)
    return {"data": {"text/html": html.splitlines(keepends=True), "text/plain": plain.splitlines(keepends=True)},
            "execution_count": 3, "metadata": {}, "output_type": "execute_result"}


def test_a_dataframe_states_its_numbers_in_both_of_its_twins(tmp_path):
    """A DataFrame's execute_result carries an HTML table and its text/plain twin: both are read, each cell claimed
    in each (the plain twin's lines too)."""
    nb = _notebook([
        _md("# LayerNormalization\n\nThree words, three features each; Keras' default epsilon 1e-3.\n"),
        _code('tokens = ["uno", "dos", "tres"]\nx = np.array([\n    [1.0, 2.0, 4.0],\n    [3.0, 0.0, 0.5],\n'
              '    [-0.5, 0.8, 0.3],\n], dtype="float32")', []),
        _code("ln = layers.LayerNormalization(axis=-1)\ny = ln(x)\n"
              'df = pd.DataFrame(y.numpy(), index=tokens, columns=["a", "b", "c"])\ndf', [_frame()]),
    ])
    found = _audit(tmp_path, "ln.ipynb", nb)
    for text in ("-1.068702", "-0.888743", "0.186447"):
        hits = [(q, v, line) for q, t, v, line in found if t == text]
        assert len(hits) == 2, (text, hits)
        assert len({line for _, _, line in hits}) == 2  # one in the HTML table, one in the text
        assert all(v == "correct" and q.startswith("ln.norm[") for q, v, _ in hits)


TERMS = """# One query, two keys

Two keys against one query, $d_k = 2$, scaled by $\\sqrt{2}$:

```
q  = [1.0, 0.5]
k1 = [0.4, 0.2]     v1 = [0.6, -0.4]
k2 = [-0.2, 0.6]    v2 = [0.1, 0.9]
```

- q·k1 = 0.4 + 0.1 = 0.5
- q·k2 = (-0.2) + 0.3 = 0.1
"""


def test_a_product_with_a_factor_of_one_is_the_term_not_the_other_factor(tmp_path):
    """q₁ = 1.0, so q₁·k₁ = 0.4 is written as k₁'s own number: it is the dot product's first term, a claim."""
    found = _audit(tmp_path, "terms.md", TERMS)
    terms = {t: (q, v) for q, t, v, _ in found if ".terms[" in q}
    assert set(terms) >= {"0.4", "0.1", "-0.2", "0.3"}
    assert terms["0.4"][0].endswith("[1]") and terms["0.4"][1] == "correct"
