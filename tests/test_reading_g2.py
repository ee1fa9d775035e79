"""Documents written as people write them (wild18, g2): one small document of our own per rule."""

from __future__ import annotations

import json

from exactformer.audit.findings import ClaimFinding
from exactformer.audit.pipeline import audit
from exactformer.read.documents import load_document, read_document


def _notebook(cells: list[tuple[str, str, str]]) -> str:
    """An nbformat-4 notebook: (cell type, source, printed output) per cell."""
    out = []
    for kind, src, printed in cells:
        cell: dict = {"cell_type": kind, "metadata": {}, "source": src.splitlines(keepends=True)}
        if kind == "code":
            cell |= {"execution_count": None, "outputs": [
                {"output_type": "stream", "name": "stdout", "text": printed.splitlines(keepends=True)}] if printed else []}
        out.append(cell)
    return json.dumps({"cells": out, "metadata": {"kernelspec": {"name": "python3"}}, "nbformat": 4,
                       "nbformat_minor": 5})


_CLASSIFIER = [
    ("markdown", "# A two-class net by hand\n\nTwo inputs, two sigmoid units, two classes.\n", ""),
    ("code", "fc1 = nn.Linear(2, 2)\nfc2 = nn.Linear(2, 2)\nwith torch.no_grad():\n"
             "    fc1.weight.copy_(torch.tensor([[0.5, -0.5], [0.3, 0.2]]))\n"
             "    fc1.bias.copy_(torch.tensor([0.0, 0.1]))\n"
             "    fc2.weight.copy_(torch.tensor([[0.4, 0.1], [-0.3, 0.6]]))\n"
             "    fc2.bias.copy_(torch.tensor([0.1, 0.0]))\n\n"
             "x = torch.tensor([[1.0, 2.0]])\ny = torch.tensor([0])\n", ""),
    ("code", "h = torch.sigmoid(fc1(x))\nlogits = fc2(h)\nloss = nn.CrossEntropyLoss()(logits, y)\n"
             "print(logits)\nprint(loss)\nprint(logits.softmax(dim=1))\n",
     "tensor([[0.3200, 0.3007]], grad_fn=<AddmmBackward0>)\ntensor(0.6835, grad_fn=<NllLossBackward0>)\n"
     "tensor([[0.5048, 0.4952]], grad_fn=<SoftmaxBackward0>)\n"),
    ("code", "loss.backward()\nfor name, p in [('fc2.bias', fc2.bias)]:\n    print(name + '.grad')\n"
             "    print(p.grad)\n", "fc2.bias.grad\ntensor([-0.4952,  0.4952])\n"),
    ("code", "opt = torch.optim.SGD(list(fc1.parameters()) + list(fc2.parameters()), lr=0.5)\nopt.step()\n"
             "print(fc2.bias)\n", "Parameter containing:\ntensor([ 0.3476, -0.2476], requires_grad=True)\n"),
]


def test_a_torch_classifier_on_a_class_index_reads_its_last_layer_as_the_head(tmp_path):
    """fc1, fc2 set with copy_, x a batch of one row, CrossEntropyLoss on y = torch.tensor([0]): the hidden layer
    through the sigmoid the code names, fc2 the head over two classes, the loss the cross-entropy of class 0;
    the logits, the loss and fc2's bias gradient (p − y) are claimed and correct, the class index is not."""
    doc = tmp_path / "clf.ipynb"
    doc.write_text(_notebook(_CLASSIFIER), encoding="utf-8")
    r = read_document(str(doc))
    assert 'kind = "cross_entropy"' in r.toml and 'vocab = ["class0", "class1"]' in r.toml
    assert 'activation = "sigmoid"' in r.toml and 'x = "class0"' in r.toml
    claims = {(f.quantity, f.claim.number.text, f.verdict.value) for f in audit(load_document(str(doc))).findings
              if isinstance(f, ClaimFinding)}
    assert {("logits[x][class0]", "0.3200", "correct"), ("logits[x][class1]", "0.3007", "correct"),
            ("loss[x]", "0.6835", "correct"), ("grad.head.b[class0]", "-0.4952", "correct"),
            ("grad.head.b[class1]", "0.4952", "correct"), ("step1.head.b[class0]", "0.3476", "correct")} <= claims
    assert not any(text in ("0", "1") for _, text, _ in claims)


def test_a_torch_net_on_a_target_vector_keeps_its_mean_squared_error(tmp_path):
    """The same modules with MSELoss on a target row: no head, no classes; the last layer is a linear block."""
    cells = [c if n != 1 else (c[0], c[1].replace("y = torch.tensor([0])", "y = torch.tensor([1.0, 0.0])"), "")
             for n, c in enumerate(_CLASSIFIER)]
    cells[2] = ("code", "h = torch.sigmoid(fc1(x))\nout = fc2(h)\nloss = nn.MSELoss()(out, y)\nprint(out)\n",
                "tensor([[0.3200, 0.3007]], grad_fn=<AddmmBackward0>)\n")
    cells[3] = ("code", "print(h)\n", "tensor([[0.3775, 0.6900]], grad_fn=<SigmoidBackward0>)\n")
    doc = tmp_path / "reg.ipynb"
    doc.write_text(_notebook(cells), encoding="utf-8")
    r = read_document(str(doc))
    assert "class0" not in r.toml and 'kind = "mse"' in r.toml


_GRAPH = """# A neuron as a graph

Inputs $x_1 = 0.5$, $x_2 = -1.0$, weights $w_1 = 0.8$, $w_2 = 0.25$, bias $b = 0.2$, sigmoid activation,
target $t = 1.0$.

| node | computed as | value |
|---|---|---|
| $p_1$ | $w_1 x_1$ | 0.40 |
| $p_2$ | $w_2 x_2$ | -0.25 |
| $z$ | $p_1 + p_2 + b$ | 0.35 |
| $u$ | $-z$ | -0.35 |
| $v$ | $e^{u}$ | 0.7047 |
| $s$ | $1 + v$ | 1.7047 |
| $o$ | $1/s$ | 0.5866 |

The error is $E = \\tfrac12 (1.0 - 0.5866)^2 = 0.0854$.
"""


def test_a_table_of_graph_nodes_claims_each_nodes_value(tmp_path):
    """| node | computed as | value |, a row per node of a sigmoid neuron's graph (the products, the sum, −z, e^u,
    1 + v, 1/s), the working in TeX: each row's number is the quantity of its own node, in the graph's order,
    with the sigmoid's gates; ½ written \\tfrac12 reads as a half, so the error's line is claimed too."""
    assert _claims(tmp_path, "graph.md", _GRAPH) == {
        "n.net.terms[x][1][1]": ("0.40", "correct"), "n.net.terms[x][1][2]": ("-0.25", "correct"),
        "n.net[x][1]": ("0.35", "correct"), "n.neg[x][1]": ("-0.35", "correct"), "n.exp[x][1]": ("0.7047", "correct"),
        "n.den[x][1]": ("1.7047", "correct"), "out[x][1]": ("0.5866", "correct"), "loss[x][1]": ("0.0854", "correct")}


def test_a_table_of_numbers_out_of_the_graphs_order_is_no_table_of_nodes(tmp_path):
    """The same numbers with the rows shuffled (e^u before −z, the output first): no pass computes them in
    that order, so the table is not read node by node (its numbers are not claimed)."""
    rows = _GRAPH.split("\n")
    head, body = rows[:7], rows[7:14]
    shuffled = "\n".join(head + [body[6], body[4], body[3], body[0], body[5], body[1], body[2]] + rows[14:])
    found = _claims(tmp_path, "mixed.md", shuffled)
    assert not {"0.7047", "1.7047", "-0.35"} & {text for text, _ in found.values()}


def _claims(tmp_path, name: str, text: str) -> dict[str, tuple[str, str]]:
    """Each claim the audit of a small document finds: its quantity → (the text, the verdict)."""
    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    return {f.quantity: (f.claim.number.text, f.verdict.value) for f in audit(load_document(str(doc))).findings
            if isinstance(f, ClaimFinding)}
