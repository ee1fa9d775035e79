"""Documents written as people write them (g3): one small document of our own per rule."""

from __future__ import annotations

from exactformer.audit.findings import ClaimFinding
from exactformer.audit.pipeline import audit
from exactformer.read.documents import load_document, read_document

CIRCUIT = """<!DOCTYPE html>
<html><head><title>A gate circuit</title></head>
<body>
<h1>A sigmoid neuron as a circuit</h1>
<p>Inputs <code>x = (2.0, -1.0)</code>, weights <code>w = (0.3, 0.7)</code>, bias <code>b = 0.2</code>, target
 <code>t = 0</code>. Values above each wire, gradients of the loss below.</p>
<svg width="500" height="200">
  <text x="10" y="20">0.7</text>
  <text x="120" y="30">0.6</text>
  <text x="120" y="70">-0.7</text>
  <text x="220" y="50">z = 0.1</text>
  <text x="320" y="50">y = 0.5250</text>
  <text x="20" y="90">0.0393</text>
  <text x="20" y="110">0.0916</text>
  <text x="20" y="130">0.0571</text>
</svg>
<p>Forward: <code>z = 0.3·2.0 + 0.7·(-1.0) + 0.2 = 0.1</code>, and <code>σ(0.1) = 0.5250</code>.</p>
<p>Backward: <code>∂L/∂y = y − t = 0.5250</code>, so <code>∂L/∂z = 0.1309</code>, and
 <code>∂L/∂w₁ = 0.1309·2.0 = 0.2618</code>.</p>
<p>With learning rate 0.5: <code>w₁ ← 0.3 − 0.5·0.2618 = 0.1691</code>.</p>
</body></html>
"""


def _claims_at(toml: str) -> dict[int, str]:
    """The line of each [[claims]] group of values, with its values."""
    out = {}
    for group in toml.split("[[claims]]")[1:]:
        line = next((int(x.split("=")[1]) for x in group.splitlines() if x.startswith("line = ")), None)
        vals = next((x for x in group.splitlines() if x.startswith("values = ")), None)
        if line is not None and vals is not None:
            out[line] = vals
    return out


def test_a_circuits_node_labels_claim_the_cells_no_other_line_states(tmp_path):
    """Bare numbers on an SVG circuit: the products w·x on the wires and the gradients of the inputs claim their
    cells (stated nowhere else in the document); a drawn given (0.7) and a number no cell rounds to are not
    claimed."""
    doc = tmp_path / "circuit.html"
    doc.write_text(CIRCUIT, encoding="utf-8")
    r = read_document(str(doc))
    at = _claims_at(r.toml)
    assert '"n.net.terms[x][1][1]" = "0.6"' in at[9] and '"n.net.terms[x][1][2]" = "-0.7"' in at[10]
    assert '"grad.E[x][1]" = "0.0393"' in at[13] and '"grad.E[x][2]" = "0.0916"' in at[14]
    assert 8 not in at and 15 not in at  # the weight w2 drawn again; 0.0571, the value of no cell
    verdicts = {f.quantity: (f.claim.number.text, f.verdict.value) for f in audit(load_document(str(doc))).findings
                if isinstance(f, ClaimFinding)}
    assert verdicts["n.net.terms[x][1][2]"] == ("-0.7", "correct")
    assert verdicts["grad.E[x][2]"] == ("0.0916", "correct")


SCALED = r"""# Attention over three words, no scaling

We take the query, key and value rows as given, one per word, and skip the $\sqrt{d_k}$ scaling altogether (the scores go straight into the softmax).

| word | q | k | v |
|---|---|---|---|
| red | [0.9, 0.3] | [0.4, 0.8] | [1.0, 0.0] |
| fox | [0.2, 0.6] | [0.7, 0.1] | [0.0, 1.0] |
| ran | [0.5, 0.5] | [0.3, 0.3] | [0.5, 0.5] |

For red against red: $0.9 \times 0.4 + 0.3 \times 0.8 = 0.60$. All the scores $q \cdot k$:

| | red | fox | ran |
|---|---|---|---|
| red | 0.4243 | 0.4667 | 0.2546 |
| fox | 0.3960 | 0.1414 | 0.1697 |
| ran | 0.4243 | 0.2828 | 0.2121 |

Softmax of each row:

| | red | fox | ran |
|---|---|---|---|
| red | 0.3511 | 0.3728 | 0.2762 |
| fox | 0.4126 | 0.2878 | 0.2996 |
| ran | 0.3907 | 0.3199 | 0.2894 |
"""


def _verdicts(tmp_path, name: str, text: str) -> dict[str, tuple[str, str]]:
    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    return {f.quantity: (f.claim.number.text, f.verdict.value) for f in audit(load_document(str(doc))).findings
            if isinstance(f, ClaimFinding)}


def test_a_table_of_scores_off_by_one_factor_is_the_scores_slipped(tmp_path):
    """The text skips the scaling, the table of scores is divided by √2 all the same (every cell the score times
    one factor): the scores, claimed and wrong; the softmax after them still agrees. Numbers in no proportion to
    the scores are not claimed."""
    got = _verdicts(tmp_path, "scaled.md", SCALED)
    assert got["scores[red,fox]"] == ("0.4667", "wrong") and got["scores[ran,ran]"] == ("0.2121", "wrong")
    assert got["weights[fox,red]"] == ("0.4126", "correct")
    other = _verdicts(tmp_path, "other.md", SCALED.replace("| red | 0.4243 | 0.4667 | 0.2546 |",
                                                           "| red | 0.2546 | 0.4243 | 0.4667 |"))
    assert "scores[red,fox]" not in other and "scores[fox,fox]" not in other and "weights[fox,red]" in other


ROWS = SCALED.replace("| red | 0.4243 | 0.4667 | 0.2546 |\n| fox | 0.3960 | 0.1414 | 0.1697 |\n"
                      "| ran | 0.4243 | 0.2828 | 0.2121 |",
                      "| red | 0.6000 | 0.6600 | 0.3600 |\n| fox | 0.5600 | 0.2000 | 0.2400 |\n"
                      "| ran | 0.6000 | 0.4000 | 0.3000 |") + """
The outputs, weights times values:

| word | output |
|---|---|
| red | [0.4891, 0.5109] |
| fox | [0.5624, 0.4376] |
| ran | [0.5354, 0.4646] |

So *fox* leans on *red* most, and its new vector is [0.56, 0.44].

The year was 2024, and [0.56, 0.47] is made up.
"""


def test_a_short_vector_in_the_prose_restates_a_row_stated_before_rounded(tmp_path):
    """"its new vector is [0.56, 0.44]": two decimals of a row the document states to four, claimed as that
    row; a vector no stated row rounds to is not."""
    doc = tmp_path / "rows.md"
    doc.write_text(ROWS, encoding="utf-8")
    r = read_document(str(doc))
    line = ROWS.splitlines().index(next(x for x in ROWS.splitlines() if x.startswith("So *fox*"))) + 1
    assert f'line = {line}\nvalues = {{ "context[fox][1]" = "0.56", "context[fox][2]" = "0.44" }}' in r.toml
    assert '"0.47"' not in r.toml
    got = _verdicts(tmp_path, "rows.md", ROWS)
    assert got["context[fox][2]"] in (("0.44", "correct"), ("0.4376", "correct"))

