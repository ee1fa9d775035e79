"""Layouts of g5's documents (a thread's divisors in a sentence, sin/cos lines, a lecture's givens line, a chain
naming a gradient row, logits given with the layer's input and bias), each on a document of our own."""

from __future__ import annotations

from exactformer.audit.findings import ClaimFinding


def _audit(tmp_path, name: str, text: str) -> list[tuple[int | None, str, str, str]]:
    """(document line, quantity, reported text, verdict) of every claim the document makes."""
    from exactformer.audit.pipeline import audit
    from exactformer.read.documents import load_document

    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    rep = audit(load_document(str(doc)))
    return [(f.claim.source_line, f.quantity, f.claim.number.text, f.verdict.value) for f in rep.findings
            if isinstance(f, ClaimFinding)]


PE_THREAD = """Positional encoding by hand, post 1/3

The word "bird" sits at position 2 (counting from 0), d_model = 4.

Formula: PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(pos / 10000^(2i/d)).

Divisors first. 10000^(0/4) = 1, 10000^(2/4) = 100

sin(2) = 0.9093, cos(2) = 0.4161
sin(0.02) = 0.0200, cos(0.02) = 0.9998

So PE(2) = (0.9093, 0.4161, 0.0200, 0.9998)
Embedding x(bird) = (0.10, 0.20, -0.30, 0.40), add them:
x + PE = (1.0093, 0.6161, -0.2800, 1.3998)

Posted 9:14 PM. 3 replies, 12 likes.
"""


def test_a_sign_dropped_in_a_cosine_line(tmp_path):
    """``cos(2) = 0.4161`` (the minus dropped) is still PE's cosine component, by its argument, and wrong; the
    counts of the post are no claims."""
    got = _audit(tmp_path, "pe.txt", PE_THREAD)
    at = {(line, q): (t, v) for line, q, t, v in got}
    assert at[(9, "PE[bird][2]")] == ("0.4161", "wrong")
    assert at[(9, "PE[bird][1]")] == ("0.9093", "correct")
    assert not any(line in (13, 16) for line, *_ in got)
    fixed = _audit(tmp_path, "fixed.txt", PE_THREAD.replace("0.4161", "-0.4161"))
    assert (9, "PE[bird][2]", "-0.4161", "correct") in fixed


NEURON = """Lecture 3. One neuron

Given:
        x1 = 0.5,   x2 = 2.0,   w1 = 0.4,   w2 = -0.1,   b = 0.2,   t = 1.

A sigmoid neuron, L = ½ (y − t)².

        z = 0.4·0.5 + (-0.1)·2.0 + 0.2 = 0.2
        y = 1 / (1 + e^(−0.2)) = 0.5498

Learning rate η = 0.5:

        w1 ← 0.4 − 0.5 · (-0.0557) = 0.4279

Next pass: z = 0.4925, y = 0.6207 — the output moved towards the target.
"""


def test_a_neurons_givens_line_claims_nothing_and_a_dash_ends_a_clause(tmp_path):
    """``x1 = 0.5, …, t = 1.`` on a line are the neuron's givens (none of them a claim, though 1 is dL/dL's value),
    and ``y = 0.5567 — the output …`` is the value after the step, cut at the dash."""
    got = _audit(tmp_path, "neuron.txt", NEURON)
    assert not any(line == 4 for line, *_ in got)
    assert (15, "step1.out[x][1]", "0.6207", "correct") in got
    assert (15, "step1.n.net[x][1]", "0.4925", "correct") in got


GRADIENT_ROW = """# Softmax at a temperature

Logits over the words sun, rain, snow; the true word is rain.

| word | sun | rain | snow |
|---|---|---|---|
| logit | 1.0 | 0.5 | -0.5 |

$$p = (0.5465, 0.3315, 0.1220)$$

The gradient of the cross-entropy:

$$\\frac{\\partial L}{\\partial z} = p - y = (0.5465, -0.6685, 0.1220)$$
"""


def test_a_chain_ending_in_a_vector_names_it_by_its_first_side_a_gradient_without_training(tmp_path):
    """``∂L/∂z = p − y = (…)``: the vector is the first side's (not y's), and a document that differentiates its
    loss without a training step may print a row of gradients; without the derivative it is left alone."""
    got = _audit(tmp_path, "grad.md", GRADIENT_ROW)
    grads = {(t, v) for line, q, t, v in got if line == 13 and q.startswith("grad.")}
    assert grads == {("0.5465", "correct"), ("-0.6685", "correct"), ("0.1220", "correct")}
    assert not any(q.startswith("probs") for line, q, *_ in got if line == 13)
    plain = _audit(tmp_path, "plain.md", GRADIENT_ROW.replace("The gradient of the cross-entropy:", "Then:").replace(
        "\\frac{\\partial L}{\\partial z}", "q"))
    assert not any(q.startswith("grad.") for _, q, *_ in plain)


LAYER = """# Softmax and cross-entropy: the gradient p − y

Three classes: red, green, blue; the right answer is **green**. The last layer gives logits:

| class | red | green | blue |
|---|---|---|---|
| logit $z$ | 0.5 | 1.5 | -1.0 |

The logits come from $z = Wh + b$ with $h = (1.0, 2.0)$ and bias $b = (0.1, 0.0, -0.2)$.

| class | $p$ |
|---|---|
| red | 0.2537 |
| green | 0.6897 |
| blue | 0.0566 |

The weight gradient $\\partial L / \\partial W = (p - y) h^{\\top}$, a row per class:

| | $h_1$ | $h_2$ |
|---|---|---|
| red | 0.2537 | 0.5074 |
| green | -0.3103 | -0.6207 |
| blue | 0.0566 | 0.1132 |

With learning rate $\\eta = 0.5$, $b \\leftarrow b - \\eta (p - y)$:

```
b[red] = 0.1 - 0.5 * 0.2537 = -0.0269
b[green] = 0.0 - 0.5 * (-0.3103) = 0.1552
```
"""


def test_logits_given_with_the_layers_input_and_bias_read_its_gradients(tmp_path):
    """z = Wh + b with z, h and b stated, W not: the layer's W is one that gives the logits, so the gradient
    table h(p − y)ᵀ (a row per class) and the bias step are claimed; h and b themselves are not."""
    got = _audit(tmp_path, "layer.md", LAYER)
    wgrad = [(t, v) for line, q, t, v in got if q.startswith("grad.head.W")]
    assert len(wgrad) == 6 and all(v == "correct" for _, v in wgrad)
    assert ("grad.head.W[2][green]", "-0.6207") in {(q, t) for _, q, t, _ in got}
    assert (28, "step1.head.b[red]", "-0.0269", "correct") in got
    assert (29, "step1.head.b[green]", "0.1552", "correct") in got
    assert not any(line == 9 for line, *_ in got)
    plain = _audit(tmp_path, "plain.md", LAYER.replace("$z = Wh + b$", "the network"))
    assert not any(q.startswith("grad.head.W") for _, q, *_ in plain)


def test_a_line_named_as_a_parameters_gradient_is_its_working_when_its_result_fits_nothing(tmp_path):
    """``∂L/∂b = (−0.9) / 4 = −0.2250``: neither result nor operands fit a quantity (a slip upstream, or in the
    line), yet its name says it is b's gradient: claimed so, and wrong."""
    got = _audit(tmp_path, "neuron.txt", NEURON + "\n        ∂L/∂b = (-0.9) / 4 = -0.2250\n")
    assert (17, "grad.n.b[1]", "-0.2250", "wrong") in got
    other = _audit(tmp_path, "other.txt", NEURON + "\n        q = (-0.9) / 4 = -0.2250\n")
    assert not any(line == 17 for line, *_ in other)
