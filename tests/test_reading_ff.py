"""LayerNorm and positional-encoding lessons and notebooks as people publish them (ff): one small document of our
own per rule, and the real-styles documents (tests/documents/real-styles/ff-*) held to what they read today."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from exactformer.audit.findings import ClaimFinding
from exactformer.audit.pipeline import audit
from exactformer.read.documents import load_document, read_document
from exactformer.read.documents import values as V

ROOT = Path(__file__).parent.parent
REAL_STYLES = ROOT / "tests" / "documents" / "real-styles"
EXE = Path(sys.executable).with_name("exactformer")


def _harness():
    spec = importlib.util.spec_from_file_location("reading_eval_ff", ROOT / "bench" / "reading_eval.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["reading_eval_ff"] = mod
    spec.loader.exec_module(mod)
    return mod


def _notebook(cells: list[tuple[str, str, str]]) -> str:
    """An nbformat-4 notebook: (cell type, source, printed result) per cell."""
    out = []
    for kind, src, printed in cells:
        cell: dict = {"cell_type": kind, "metadata": {}, "source": src.splitlines(keepends=True)}
        if kind == "code":
            cell |= {"execution_count": None, "outputs": [
                {"output_type": "execute_result", "execution_count": None, "metadata": {},
                 "data": {"text/plain": printed.splitlines(keepends=True)}}] if printed else []}
        out.append(cell)
    return json.dumps({"cells": out, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def _claims(path: Path) -> set[tuple[str, str, str]]:
    return {(f.quantity, f.claim.number.text, f.verdict.value) for f in audit(load_document(str(path))).findings
            if isinstance(f, ClaimFinding)}


# ---- summarised tensors ------------------------------------------------------------------------------------------

def test_a_summarised_print_splits_into_its_first_and_its_last_rows():
    """torch's and NumPy's `...,` row leaves out the middle rows: the rows on each side are two arrays, never one
    matrix whose rows run on; an elision inside a row (its columns unknown) reads nothing."""
    head, tail = V.elided("tensor([[[ 0.1,  0.2],\n [ 0.3,  0.4],\n ...,\n [ 0.5,  0.6]]])")
    assert V.slices(head) == [[["0.1", "0.2"], ["0.3", "0.4"]]] and V.slices(tail) == [[["0.5", "0.6"]]]
    assert V.elided("[[0 1 2]\n ...\n [7 8 9]]") == ("[[0 1 2]]", "[[7 8 9]]")
    assert V.elided("[[0.1, 0.2, ..., 0.9], [0.3, 0.4, ..., 0.8]]") is None
    assert V.elided("[[0.1, 0.2], [0.3, 0.4]]") is None


_PE = [
    ("markdown", "# Positions\n\n$PE(pos, 2i) = \\sin(pos / 10000^{2i/d})$ and the cosine for 2i+1.\n", ""),
    ("code", "class PE(nn.Module):\n    def __init__(self, d_model, max_len=300):\n        ...\n", ""),
    ("code", "x = torch.tensor([[0.5, 0.1, -0.2, 0.3], [0.0, 0.4, 0.6, -0.1]])\n", ""),
    ("code", "pe = PE(4)\npe.pe\n",
     "tensor([[ 0.0000,  1.0000,  0.0000,  1.0000],\n        [ 0.8415,  0.5403,  0.0100,  0.9999],\n        ...,\n"
     "        [ 0.4361, -0.8999,  0.1609, -0.9870],\n        [-0.5216, -0.8532,  0.1510, -0.9885]])"),
    ("code", "pe(x)\n", "tensor([[ 0.5000,  1.1000, -0.2000,  1.3000],\n        [ 0.8415,  0.9403,  0.6100,  0.8999]])"),
]


def test_the_last_rows_of_a_summarised_encoding_table_are_its_last_positions(tmp_path):
    """The rows after `...,` in the print of a module's encoding table of max_len = 300 rows are positions 298 and
    299: read as a computation of their own (the encodings alone), the first rows and x + PE as the first."""
    doc = tmp_path / "pe.ipynb"
    doc.write_text(_notebook(_PE), encoding="utf-8")
    r = read_document(str(doc))
    assert "start = 298" in r.toml and '"p299"' in r.toml
    claims = _claims(doc)
    assert {("PE[x2][1]", "0.8415", "correct"), ("in[x2][1]", "0.8415", "correct"),
            ("PE[p298][1]", "0.4361", "correct"), ("PE[p299][4]", "-0.9885", "correct")} <= claims, claims


# ---- LayerNorm lessons written as Python-looking working -------------------------------------------------------

_LESSON = """# LayerNorm for a short sentence

```python
word_a = [0.4, 0.2, -0.2, 0.0]
word_b = [1.5, -2.5, 0.5, 4.5]
```

```python
embeddings = [
    [0.4, 0.2, -0.2, 0.0],   # "Hi"
    [0.3, -0.3, 0.3, 0.1],   # ","
    [0.9, 0.1, 0.5, -0.3],   # " there"
]

"there": mean=0.30, std=0.447
","    : mean=0.10, std=0.245
"Hi"   : mean=0.10, std=0.224
```

```python
# check: the mean should be ≈ 0, the std ≈ 1
check = (1.342 + 0.447 + (-1.342) + (-0.447)) / 4 ≈ 0.000 ✅
0.2236² = 0.0500 ✅
```

```python
" there": [1.34, -0.45, 0.45, -1.34]
```
"""


def test_a_lessons_token_rows_its_summary_lines_and_its_checks(tmp_path):
    """The matrix whose rows are named by quoted tokens is the input, though a row of it was worked alone first and
    other vectors are named too; a quoted punctuation mark names its row; `"there": mean=…, std=…` lines are a
    table by token, in their own order; `≈ 0.000 ✅` is read as working (its zero no quantity's), `mean ≈ 0` is
    no claim; 0.2236² = 0.0500 restates the variance, not the square of a deviation near it; `" there": […]`
    is that token's row."""
    doc = tmp_path / "ln.md"
    doc.write_text(_LESSON, encoding="utf-8")
    r = read_document(str(doc))
    assert 'tokens = ["Hi", ",", "there"]' in r.toml, r.toml[:400]
    claims = _claims(doc)
    assert {("ln.mean[there]", "0.30", "correct"), ("ln.std[there]", "0.447", "correct"),
            ("ln.std[,]", "0.245", "correct"), ("ln.std[Hi]", "0.224", "correct"),
            ("ln.var[Hi]", "0.0500", "correct"), ("ln.norm[there][1]", "1.34", "correct"),
            ("ln.norm[there][4]", "-1.34", "correct")} <= claims, claims
    assert not any(text in ("0", "1", "0.000") for _, text, _ in claims), claims


# ---- the real-styles documents of this group ---------------------------------------------------------------------

FLOORS = {  # recall each reads at least (none invents a claim, every verdict agrees)
    "ff-layernorm-check": 1.0,
    "ff-layernorm-tokens": 1.0,
    "ff-pe-summarised": 1.0,
}


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_a_real_style_document_reads_as_well_as_it_did(name):
    res = _harness().evaluate(REAL_STYLES / f"{name}.expect.toml", EXE)
    assert res.read, res.status
    assert res.recall >= FLOORS[name], (res.recall, res.missed_list[:10])
    assert res.invented == 0, res.invented_list[:10]
    assert res.agree == res.matched, res.disagree_list[:10]


# ---- a LayerNorm lesson's check of its output ---------------------------------------------------------------------

@pytest.mark.parametrize("variance,eps", [("biased", "0"), ("unbiased", "0"), ("biased", "1e-5")])
def test_the_check_of_a_layernorms_output_is_its_rows_mean_and_variance(write_case, variance, eps):
    """ymean, yvar, ystd are the output rows' mean, variance (divided as the LayerNorm divides) and its root:
    0, 1 and 1 without eps, var/(var + eps) with one. Against NumPy, on a row and its own normalisation."""
    import numpy as np

    from exactformer.read.case import load

    row = [0.226, 0.347, 0.0, 0.2216, 0.0, 0.0]
    text = (f'title = "check"\n[model]\ntokens = ["a"]\n[model.embeddings]\na = {[str(v) for v in row]}\n'
            f'[[model.layers]]\nblocks = ["ln"]\n[model.layers.ln]\neps = "{eps}"\nvariance = "{variance}"\n')
    path = write_case(text)
    e = load(str(path), text).engine
    g = e.graph
    x = np.array(row)
    ddof = 1 if variance == "unbiased" else 0
    y = (x - x.mean()) / np.sqrt(x.var(ddof=ddof) + float(eps))
    for name, want in (("ymean", y.mean()), ("yvar", y.var(ddof=ddof)), ("ystd", y.std(ddof=ddof))):
        got = float(e.decimal(g.parse(f"ln.{name}[a]"), 12).rstrip("…"))
        assert abs(got - want) < 1e-9, (name, got, want)


_CHECKED = [
    ("markdown", "# Layer normalisation\n\nEach row gets mean 0 and variance 1.\n", ""),
    ("code", "out = layer(x)\nprint(out)\n",
     "tensor([[0.1200, 0.5000, 0.0000, 0.3300],\n        [0.2500, 0.0000, 0.4100, 0.0900]],\n"
     "       grad_fn=<ReluBackward0>)\n"),
    ("code", "mean = out.mean(dim=-1, keepdim=True)\nvar = out.var(dim=-1, keepdim=True)\n"
             "print('Mean:', mean)\nprint('Variance:', var)\n",
     "Mean: tensor([[0.2375],\n        [0.1875]])\nVariance: tensor([[0.0492],\n        [0.0327]])\n"),
    ("code", "out_norm = (out - mean) / torch.sqrt(var)\nprint(out_norm)\n"
             "print('Mean:', out_norm.mean(dim=-1, keepdim=True))\n"
             "print('Variance:', out_norm.var(dim=-1, keepdim=True))\n",
     "tensor([[-0.5296,  1.1831, -1.0705,  0.4169],\n        [ 0.3457, -1.0370,  1.2306, -0.5392]])\n"
     "Mean:\n tensor([[0.0000],\n        [0.0000]])\nVariance:\n tensor([[1.0000],\n        [1.0000]])\n"),
]


def test_a_lessons_mean_and_variance_of_its_normalised_rows_are_claimed_as_its_check(tmp_path):
    """The printed output of a layer is the input (rounded as printed: givens = rounded); mean and variance
    (unbiased, torch's default) are matched; the check printed after the normalisation, 0.0000 and 1.0000 named
    Mean and Variance, is the output rows' mean and variance, not an initial value or a mask."""
    doc = tmp_path / "ln.ipynb"
    doc.write_text(_notebook(_CHECKED), encoding="utf-8")
    r = read_document(str(doc))
    assert 'givens = "rounded"' in r.toml and 'variance = "unbiased"' in r.toml, r.toml
    claims = _claims(doc)
    assert {("ln.ymean[x1]", "0.0000", "correct"), ("ln.yvar[x2]", "1.0000", "correct")} <= claims, claims
    assert any(q == "ln.norm[x1][1]" and v in ("correct", "rounding") for q, _, v in claims), claims
