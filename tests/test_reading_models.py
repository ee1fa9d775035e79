"""The reader's models, one document each (our own words and numbers): per-head weights, a table of vectors named
q(token), tuples split by semicolons, a neuron's target and its parameters named in a table, a formula-headed
column that is no input, a W_O that does not fit, a network in TeX matrices."""

from __future__ import annotations

from exactformer.audit.pipeline import audit
from exactformer.read.documents import load_document, read_document
from exactformer.report.data import findings_json


def _read(tmp_path, text: str, name: str = "doc.md"):
    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    return read_document(str(doc))


def _claims(tmp_path, text: str, name: str = "doc.md") -> list[dict]:
    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    return [f for f in findings_json(audit(load_document(str(doc)))) if f["kind"] == "claim"]


X = "| word | x1 | x2 |\n|---|---|---|\n| sun | 1.0 | 0.5 |\n| rain | 0.2 | 0.8 |\n\n"


def test_weights_numbered_by_head_make_a_multi_head_block(tmp_path):
    """Wq_1 … Wv_2, each 2 × 1, and W_O 2 × 2 over their concatenation: two heads, each with its own weights;
    head 2's weight sun → sun claimed under its head."""
    text = ("# Two heads\n\nWe use $h = 2$ heads.\n\n" + X +
            "Wq_1 = [[1], [0]]\nWk_1 = [[1], [1]]\nWv_1 = [[1], [0]]\n"
            "Wq_2 = [[0], [1]]\nWk_2 = [[1], [-1]]\nWv_2 = [[0], [1]]\nW_O = [[1, 0], [0, 1]]\n\n"
            "Head 2 scores: sun → sun = 0.25, scaled 0.25.\n")
    r = _read(tmp_path, text)
    assert "heads = 2" in r.toml and "Wo = " in r.toml
    assert "2 heads, each with its own Wq, Wk, Wv (Wq_1, Wq_2)" in "\n".join(n.text for n in r.notes)


def test_a_w_o_that_does_not_take_the_heads_output_is_left_out_not_fatal(tmp_path):
    text = ("# One head\n\n" + X + "Wq = [[1, 0], [0, 1]]\nWk = [[0.5, 0.1], [0.2, 0.3]]\nWv = [[1, 0], [0, 1]]\n"
            "W_O = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]\n\nThe score sun → sun is 0.6 + 0.125 = 0.725.\n")
    r = _read(tmp_path, text)
    assert "Wo = " not in r.toml
    assert any("not used as W_O" in n.text for n in r.notes)
    assert 'of = "scores[sun,sun]"' in r.toml


def test_rows_named_symbol_of_token_are_that_symbols_row_of_the_token(tmp_path):
    """| q(rain) | (…) | k(sun) | (…) |: each row is the named vector of its token (Q[rain], K[sun], …)."""
    text = ("# Keys\n\n" + X + "Wq = [[1, 0], [0, 1]]\nWk = [[0.5, 0.1], [0.2, 0.3]]\nWv = [[1, 0], [0, 1]]\n\n"
            "| | vector |\n|---|---|\n| q(rain) | (0.2, 0.8) |\n| k(sun) | (0.6, 0.25) |\n| k(rain) | (0.26, 0.26) |\n")
    r = _read(tmp_path, text)
    assert '"Q[rain][1]" = "0.2"' in r.toml and '"K[sun][2]" = "0.25"' in r.toml and '"K[rain][1]" = "0.26"' in r.toml


def test_a_tuple_split_by_semicolons_is_a_vector(tmp_path):
    """Where the comma is the decimal separator, tuples are written (0.6; 0.25)."""
    text = ("# Ключи\n\n" + X + "Wq = [[1, 0], [0, 1]]\nWk = [[0.5, 0.1], [0.2, 0.3]]\nWv = [[1, 0], [0, 1]]\n\n"
            "| токен | K |\n|---|---|\n| sun | (0.6; 0.25) |\n| rain | (0.26; 0.26) |\n")
    r = _read(tmp_path, text)
    assert '"K[sun][1]" = "0.6"' in r.toml and '"K[rain][2]" = "0.26"' in r.toml


def test_a_column_headed_by_a_formula_of_x_is_no_input(tmp_path):
    """| Z | X + Z |: the residual's column names X but is a result; the input is the X the code gives."""
    text = ("# Residual\n\n```python\nX = [[1.0, 0.5], [0.2, 0.8]]  # sun, rain\nWq = [[1, 0], [0, 1]]\n"
            "Wk = [[1, 0], [0, 1]]\nWv = [[1, 0], [0, 1]]\n```\n\n| token | Z | X + Z |\n|---|---|---|\n"
            "| sun | (0.69, 0.62) | (1.69, 1.12) |\n| rain | (0.59, 0.65) | (0.79, 1.45) |\n")
    r = _read(tmp_path, text)
    assert "X from X" in "\n".join(n.text for n in r.notes)


def test_a_neurons_target_named_with_its_symbol_and_its_parameters_in_an_update_table(tmp_path):
    """target y = 1 names the target; | w1 | old | gradient | new |: each parameter's row, by the document's own
    symbols, its gradient and its value after the step claimed."""
    text = ("# One neuron\n\n- x = (1.0, 2.0)\n- w = (0.5, -0.25), b = 0.1\n- target y = 1, learning rate η = 0.5\n"
            "- a = sigmoid(z), L = ½(y − a)²\n\nz = 0.5 − 0.5 + 0.1 = 0.1\n\n"
            "| param | old | gradient | new |\n|---|---|---|---|\n| w1 | 0.5 | -0.1185 | 0.5592 |\n"
            "| w2 | -0.25 | -0.2369 | -0.1315 |\n| b | 0.1 | -0.1185 | 0.1592 |\n")
    r = _read(tmp_path, text)
    assert "target 1" in "\n".join(n.text for n in r.notes)
    assert '"grad.n.W[1][1]" = "-0.1185"' in r.toml and '"step1.n.W[2][1]" = "-0.1315"' in r.toml
    assert '"step1.n.b[1]" = "0.1592"' in r.toml


def test_a_document_no_model_fits_still_has_its_arithmetic_audited(tmp_path):
    """Only lines of working and no givens: no model, so each line is checked as arithmetic; the report says
    why nothing else is, and the audit is a warning at least (exit 1 with --strict), never an abort."""
    import subprocess
    import sys

    doc = tmp_path / "working.md"
    doc.write_text("# Working only\n\nThe mean is (0.5 + 1.5) / 2 = 1.0, and 0.25 × 0.4 = 0.2.\n", encoding="utf-8")
    run = [sys.executable, "-m", "exactformer", "audit", str(doc)]
    p = subprocess.run(run, capture_output=True, text=True)
    assert p.returncode == 1, p.stderr  # 0.25 × 0.4 is 0.1
    assert "no model fits the document" in p.stdout and "false working" in p.stdout
    doc.write_text("# Working only\n\nThe mean is (0.5 + 1.5) / 2 = 1.0.\n", encoding="utf-8")
    p = subprocess.run(run, capture_output=True, text=True)
    assert p.returncode == 0 and "warnings only" in p.stdout
    assert subprocess.run(run + ["--strict"], capture_output=True, text=True).returncode == 1


def test_linear_modules_as_pytorch_sets_them_up_train_one_step(tmp_path):
    """fc1.weight.copy_(…) … fc2.bias, x, y, mse_loss, SGD lr=0.5: two linear layers written out×in with the
    ReLU the code names; the printed gradients and updated weights are claims."""
    import json

    src = ("import torch\nfc1 = torch.nn.Linear(2, 2)\nfc2 = torch.nn.Linear(2, 1)\nwith torch.no_grad():\n"
           "    fc1.weight.copy_(torch.tensor([[1.0, 0.5], [-0.5, 1.0]]))\n    fc1.bias.copy_(torch.tensor([0.0, 0.5]))\n"
           "    fc2.weight.copy_(torch.tensor([[1.5, 2.0]]))\n    fc2.bias.copy_(torch.tensor([0.5]))\n"
           "x = torch.tensor([1.0, 2.0])\ny = torch.tensor([5.0])\n"
           "opt = torch.optim.SGD(list(fc1.parameters()) + list(fc2.parameters()), lr=0.5)\n"
           "out = fc2(torch.relu(fc1(x)))\nloss = torch.nn.functional.mse_loss(out, y)\n")
    # h = relu([2, 2]) = [2, 2]; out = 3 + 4 + 0.5 = 7.5; loss = 2.5² = 6.25; dL/dout = 5; grad fc2.bias = 5
    nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": "code", "metadata": {}, "execution_count": 1, "source": src, "outputs": []},
        {"cell_type": "code", "metadata": {}, "execution_count": 2, "source": "print(out)\nprint(loss)",
         "outputs": [{"output_type": "stream", "name": "stdout",
                      "text": "tensor([7.5000], grad_fn=<ViewBackward0>)\ntensor(6.2500, grad_fn=<MseLossBackward0>)\n"}]},
        {"cell_type": "code", "metadata": {}, "execution_count": 3, "source": "loss.backward()\nfc2.bias.grad",
         "outputs": [{"output_type": "execute_result", "execution_count": 3, "metadata": {},
                      "data": {"text/plain": "tensor([5.])"}}]}]}
    r = _read(tmp_path, json.dumps(nb, indent=1), "mlp.ipynb")
    assert "2 linear layers as the code names them (fc1, fc2)" in "\n".join(n.text for n in r.notes)
    assert 'layout = "column"' in r.toml and '"grad.fc2.b[1]" = "5."' in r.toml


def test_the_loss_named_in_the_documents_language():
    from exactformer.read.documents import names

    assert {names.step_hint(w) for w in ("Verlust", "perte", "损失", "손실", "loss")} == {"loss"}


def test_the_array_the_code_adds_to_the_input_is_the_sublayer_output(tmp_path):
    """x and out given, y = norm(x + out) in the code, the residual spoken of: Add & Norm over x + out (ε 0 by
    hand), and the hand-worked residual and mean are its claims."""
    text = ("# Résidu puis LayerNorm\n\n```python\nx = [[1.0, 2.0, 3.0], [0.5, 0.5, 2.0]]\n"
            "out = [[0.5, -1.0, 0.5], [1.5, 0.5, -1.0]]\ny = norm(x + out)\n```\n\n"
            "La connexion résiduelle, puis la normalisation (ε = 0).\n\n"
            "Pour la ligne 1 : r = (1.5, 1.0, 3.5), μ = (1.5 + 1.0 + 3.5) / 3 = 2.0.\n")
    r = _read(tmp_path, text)
    notes = "\n".join(n.text for n in r.notes)
    assert "the sublayer's output from out" in notes
    assert "resid" in r.toml and 'of = "ln.mean' in r.toml


NET_TEX = r"""# A 2-2-1 network

$$
W^{(1)} = \begin{bmatrix} 0.4 & -0.3 \\ 0.2 & 0.7 \end{bmatrix}, \quad b^{(1)} = \begin{bmatrix} 0.1 \\ -0.2 \end{bmatrix}
$$

$$
W^{(2)} = \begin{bmatrix} 0.5 & -0.6 \end{bmatrix}, \quad b^{(2)} = 0.3
$$

**Input:** $x = [1, 0]^T$, **Target:** $y = 1$

$$
z^{(1)} = W^{(1)} x + b^{(1)} = \begin{bmatrix} 0.4 + 0.1 \\ 0.2 - 0.2 \end{bmatrix} = \begin{bmatrix} 0.5 \\ 0 \end{bmatrix}
$$

$$
z^{(2)} = 0.5 \times 0.6225 + (-0.6) \times 0.5 + 0.3 = 0.3112 - 0.3 + 0.3 = 0.3112
$$

$$
\hat{y} = \sigma(0.3112) \approx 0.5772
$$

$$
L = (y - \hat{y})^2 = (1 - 0.5772)^2 \approx 0.1788
$$
"""


def test_a_network_in_tex_matrices_by_layer_superscripts_its_layout_activation_and_loss_by_the_numbers(tmp_path):
    """W^{(1)}, b^{(1)}, W^{(2)} and the number b^{(2)} named after a matrix on its line are the code's W1, b1, W2,
    b2; z = W x + b lays W1 out as nn.Linear does (W1 is square: only the numbers can tell), the hidden units are
    sigmoids only the lines after the pre-activations show, and (y − ŷ)² is no ½(y − ŷ)²."""
    r = _read(tmp_path, NET_TEX)
    said = "\n".join(n.text for n in r.notes)
    assert "a small network" in said and "activation = sigmoid" in said and "kind = mse" in said, said
    assert 'layout = "column"' in r.toml and 'b = ["0.3"]' in r.toml, r.toml
    claims = _claims(tmp_path, NET_TEX)
    assert {f["reported"] for f in claims if f["quantity"].startswith("hid.net[")} == {"0.5", "0"}, claims
    wrong = {(f["source_line"], f["reported"]) for f in claims if f["verdict"] not in ("correct", "rounding")}
    assert not wrong, wrong
    assert {"0.5772", "0.1788"} <= {f["reported"] for f in claims}, claims
