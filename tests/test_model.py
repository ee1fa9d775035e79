"""The whole transformer: every block kind against independent oracles, hand-checked exact values, edge cases."""

from __future__ import annotations

from fractions import Fraction

import mpmath
import numpy as np
import pytest

from exactformer.audit.findings import ClaimFinding, UndefinedFinding
from exactformer.audit.pipeline import audit
from exactformer.errors import CaseError
from exactformer.exact import expr as X
from exactformer.exact import text as T
from exactformer.numeric.ball import expr_ball, precision
from exactformer.read.case import load

from .conftest import DERIVATIONS, case_text
from .oracle import FLOAT, forward, mp_funcs, random_config, to_toml

FULL = next(p for p in DERIVATIONS if p.name == "oni-ni-kanabou-full.toml")


def _load_random(seed: int, write_case):
    cfg = random_config(seed)
    try:
        return cfg, load(write_case(to_toml(cfg), f"r{seed}.toml"))
    except CaseError:  # (unbiased variance of a one-component row: a case error, tested below)
        return cfg, None


def _compare(cfg, case, F, tol):
    ref = forward(cfg, F)
    e, g = case.engine, case.engine.graph
    for key, val in ref.items():
        a = g.parse(key)
        cells = [a] if np.ndim(val) == 0 else g.scalars(a)
        for b in cells:
            want = val if np.ndim(val) == 0 else val[b.idx]
            yield g.name(b), e, b, want, tol


@pytest.mark.parametrize("seed", range(150))
def test_random_models_match_a_float64_oracle(seed, write_case):
    """Random models of every block kind (heads, biases, Wo, LayerNorm variants, activations, positions,
    layouts, tied heads) agree with an independent NumPy forward pass written to PyTorch's conventions."""
    cfg, case = _load_random(seed, write_case)
    if case is None:
        return
    for name, e, b, want, _ in _compare(cfg, case, FLOAT, 0):
        got = float(e.ball(b).mid())
        assert abs(got - float(want)) <= 1e-10 * max(1.0, abs(float(want))), (name, got, want)


@pytest.mark.parametrize("seed", range(12))
def test_random_models_match_mpmath_to_40_digits(seed, write_case):
    """The certified decimals agree with a 60-digit mpmath evaluation of the same oracle to 40 digits."""
    cfg, case = _load_random(seed, write_case)
    if case is None:
        return
    F = mp_funcs(60)
    for name, e, b, want, _ in _compare(cfg, case, F, 0):
        digits = e.decimal(b, 40)
        got = mpmath.mpf(digits.rstrip("…"))
        assert abs(got - want) <= mpmath.mpf(10) ** -38 * max(1, abs(want)), (name, digits, want)


def _every_scalar(case):
    g = case.engine.graph
    for s in list(g.steps.values()):
        for idx in s.indices():
            yield g, s, idx


@pytest.mark.parametrize("path", DERIVATIONS, ids=lambda p: p.name)
def test_exact_and_numeric_paths_agree_on_bundled_cases(path):
    """For every scalar, the ball of its exact expression overlaps the engine's ball (one definition, two paths)."""
    case = load(path)
    _check_agree(case)


@pytest.mark.parametrize("seed", range(0, 60, 3))
def test_exact_and_numeric_paths_agree_on_random_cases(seed, write_case):
    _, case = _load_random(seed, write_case)
    if case is not None:
        _check_agree(case)


def _check_agree(case):
    from exactformer.model.address import Address

    e = case.engine
    memo: dict = {}
    with precision(128):
        for g, s, idx in _every_scalar(case):
            a = Address(s.key, idx)
            exact = expr_ball(g.expr(a), memo)
            assert exact.overlaps(e.ball(a)), (g.name(a), exact, e.ball(a))


def _case(write_case, body: str, name="case.toml"):
    return load(write_case(body, name))


LN4 = """
[model]
tokens = ["a"]
[model.embeddings]
"a" = [1, 2, 3, 4]
[[model.layers]]
blocks = ["ln"]
[model.layers.ln]
eps = 0
"""


def test_layernorm_of_1_2_3_4_is_exactly_3_over_root_5(write_case):
    """LayerNorm of [1, 2, 3, 4] with eps 0: μ = 5/2, σ² = 5/4, x̂ = ±3/√5, ±1/√5 exactly."""
    c = _case(write_case, LN4)
    e, g = c.engine, c.engine.graph
    assert T.text(g.expr(g.parse("ln.mean[a]"))) == "5/2"
    assert T.text(g.expr(g.parse("ln.var[a]"))) == "5/4"
    got = [T.text(g.expr(b)) for b in g.scalars(g.parse("ln[a]"))]
    assert got == ["-3√5/5", "-√5/5", "√5/5", "3√5/5"]
    assert e.decimal(g.parse("ln[a][4]"), 15) == "1.34164078649987…"


@pytest.mark.parametrize("variance,want", [("biased", "1"), ("unbiased", "√2/2")])
def test_layernorm_of_two_components_normalises_to_plus_minus_one(write_case, variance, want):
    """With d = 2 and eps 0 a row normalises to ±1 (±1/√2 with unbiased variance)."""
    text = LN4.replace("[1, 2, 3, 4]", "[0.3, 0.8]") + f'variance = "{variance}"\n'
    g = _case(write_case, text).engine.graph
    assert [T.text(g.expr(b)) for b in g.scalars(g.parse("ln[a]"))] == ["-" + want, want]


def test_constant_row_with_eps_0_is_undefined(write_case):
    """A row whose variance is exactly 0, with eps 0, leaves x̂ undefined: an `undefined` finding for the
    quantity and for every claim that needs it, not a crash."""
    text = LN4.replace("[1, 2, 3, 4]", "[0.5, 0.5, 0.5, 0.5]") + \
        '[[claims]]\nat = "t"\nvalues = { "ln.var[a]" = 0, "ln[a][1]" = 0.0 }\n'
    rep = audit(_case(write_case, text))
    kinds = {(f.kind, getattr(f, "verdict", None)) for f in rep.findings}
    assert ("correct", "correct") in kinds and ("undefined", "undefined") in kinds
    und = next(f for f in rep.findings if isinstance(f, UndefinedFinding))
    assert "ln.rstd[a]" in und.why and "variance of exactly 0" in und.why


MHA = """
[model]
tokens = ["a", "b"]
[model.embeddings]
"a" = [1, 0]
"b" = [0, 1]
[[model.layers]]
blocks = ["attn"]
[model.layers.attn]
heads = 2
Wq_all = [[1, 0, 0, 1], [0, 1, 1, 0]]
Wk_all = [[1, 0, 0, 1], [0, 1, 1, 0]]
Wv_all = [[1, 2, 3, 4], [5, 6, 7, 8]]
"""


def test_heads_split_by_columns_and_concatenate_head_one_first(write_case):
    """Wq_all splits into heads by contiguous columns (PyTorch); concat puts head 1 first."""
    g = _case(write_case, MHA).engine.graph
    assert T.text(g.expr(g.parse("h2.V[b][1]"))) == "7"
    assert T.text(g.expr(g.parse("h1.V[a][2]"))) == "2"
    a = g.parse("attn.concat[a][3]")
    assert T.text(g.expr(a)) == T.text(g.expr(g.parse("h2.context[a][1]")))


def test_sinusoidal_positions_are_exact(write_case):
    """PE[1][1] = sin(1), PE[1][2] = cos(1), PE[1][3] = sin(1/100) for d = 4, base 10000, interleaved."""
    text = """
[model]
tokens = ["a", "b"]
[model.embeddings]
"a" = [0, 0, 0, 0]
"b" = [0, 0, 0, 0]
[model.positions]
kind = "sinusoidal"
"""
    g = _case(write_case, text).engine.graph
    assert [T.text(g.expr(b)) for b in g.scalars(g.parse("PE[b]"))] == ["sin(1)", "cos(1)", "sin(1/100)",
                                                                        "cos(1/100)"]
    assert T.text(g.expr(g.parse("in[a][2]"))) == "1"


def test_relu_of_an_exact_zero_in_transcendental_form(write_case):
    """Two equal keys give weights of exactly 1/2 as e^x/(e^x + e^x); a hidden unit (ctx − 1/2) is then
    exactly 0, proved, and ReLU gives 0 — never a guess from a ball that straddles 0."""
    text = """
[model]
tokens = ["a", "b"]
[model.embeddings]
"a" = [1]
"b" = [1]
[[model.layers]]
blocks = ["attn", "ffn"]
[model.layers.attn]
Wq = [[0.3]]
Wk = [[0.7]]
Wv = [[0.5]]
[model.layers.ffn]
activation = "relu"
W1 = [[1]]
b1 = [-0.5]
W2 = [[1]]
[[claims]]
at = "t"
values = { "ffn.act[a][1]" = 0, "ffn.hidden[a][1]" = 0.0 }
"""
    c = _case(write_case, text)
    g = c.engine.graph
    assert X.is_zero(g.expr(g.parse("ffn.act[a][1]")))
    assert c.engine.decimal(g.parse("ffn.act[a][1]")) == "0"
    rep = audit(c)
    assert [f.verdict for f in rep.findings if isinstance(f, ClaimFinding)] == ["correct", "correct"]


def test_column_layout_reads_w_times_x(write_case):
    """layout = "column" reads W as out×in (nn.Linear.weight): the same model as its transpose in rows."""
    rows = MHA.replace("heads = 2\n", "").replace("Wq_all = [[1, 0, 0, 1], [0, 1, 1, 0]]", "Wq = [[1, 2], [3, 4]]") \
        .replace("Wk_all = [[1, 0, 0, 1], [0, 1, 1, 0]]", "Wk = [[1, 0], [0, 1]]") \
        .replace("Wv_all = [[1, 2, 3, 4], [5, 6, 7, 8]]", "Wv = [[1, 0], [2, 1]]")
    cols = rows.replace('tokens = ["a", "b"]', 'tokens = ["a", "b"]\nlayout = "column"') \
        .replace("Wq = [[1, 2], [3, 4]]", "Wq = [[1, 3], [2, 4]]").replace("Wv = [[1, 0], [2, 1]]", "Wv = [[1, 2], [0, 1]]")
    g1 = _case(write_case, rows, "r.toml").engine.graph
    g2 = _case(write_case, cols, "c.toml").engine.graph
    for addr in ("Q[a][2]", "context[b][1]"):
        assert T.text(g1.expr(g1.parse(addr))) == T.text(g2.expr(g2.parse(addr)))


def test_the_seed_continued_loads_with_every_step(write_case):
    """The bundled continuation: three post-LN layers, a tied head, next-token cross-entropy."""
    c = load(FULL)
    g = c.engine.graph
    for addr in ("L3.ln2[鬼][1]", "L2.ffn.hidden[猫][4]", "logits[鬼][金棒]", "probs[猫][小判]", "loss"):
        assert c.engine.decimal(g.parse(addr), 15)
    total = sum(Fraction(c.engine.decimal(b, 30).rstrip("…")) for b in g.scalars(g.parse("probs[鬼]")))
    assert abs(total - 1) < Fraction(1, 10 ** 25)


def test_cos_of_two_rows(write_case):
    """cos(A, B) of two rows is an addressable quantity: cos of a row with itself is exactly 1."""
    c = load(FULL)
    g = c.engine.graph
    assert c.engine.decimal(g.parse("cos(L3.out[鬼], L3.out[鬼])")) == "1"
    v = c.engine.ball(g.parse("cos(L3.out[鬼], L3.out[金棒])"))
    a = np.array([float(c.engine.ball(b).mid()) for b in g.scalars(g.parse("L3.out[鬼]"))])
    b = np.array([float(c.engine.ball(x).mid()) for x in g.scalars(g.parse("L3.out[金棒]"))])
    assert abs(float(v.mid()) - a @ b / np.linalg.norm(a) / np.linalg.norm(b)) < 1e-12


def test_names_stand_for_addresses(write_case):
    """[names] lets a document's own symbols be addresses."""
    text = LN4 + '[names]\nmu = "ln.mean[a]"\n[[claims]]\nat = "t"\nvalues = { "mu" = 2.5 }\n'
    rep = audit(_case(write_case, text))
    assert [(f.quantity, f.verdict) for f in rep.findings] == [("ln.mean[a]", "correct")]


def test_float64_claims_are_judged_in_ulps(write_case):
    """A program's float64 print of ln[a][4] = 1.3416407864998738 is correct; one 1e-12 off is not."""
    text = LN4 + ('[[claims]]\nat = "python"\nprecision = "float64"\n'
                  'values = { "out[a][4]" = 1.3416407864998738, "out[a][3]" = 0.44721359549895 }\n')
    rep = audit(_case(write_case, text))
    got = {f.quantity: (f.verdict, f.claim.precision.bits is not None) for f in rep.findings if isinstance(f, ClaimFinding)}
    assert got == {"out[a][4]": ("correct", True), "out[a][3]": ("wrong", True)}


@pytest.mark.parametrize("of,line,want", [
    ("ln.mean[a]", "(1 + 2 + 3 + 4)/4 = 2.5", ["ln.mean[a]"]),
    ("ln.var[a]", "((1 - 2.5)² + (2 - 2.5)² + (3 - 2.5)² + (4 - 2.5)²)/4 = 1.25", ["ln.mean[a]", "ln.var[a]"]),
    ("ln.norm[a][1]", "(1 - 2.5)/1.118 ≈ -1.342", ["ln.mean[a]", "ln.std[a]", "ln.norm[a][1]"]),
])
def test_layernorm_work_lines(write_case, of, line, want):
    """LayerNorm as documents write it: sums over 4, squares of differences, division by the divisor."""
    text = LN4 + f'[[claims]]\nat = "t"\nwork = [{{ of = "{of}", line = "{line}" }}]\n'
    c = _case(write_case, text)
    assert not c.unmatched
    names = [c.engine.graph.name(x.address) for x in c.claims]
    assert [n for n in dict.fromkeys(names) if not n.startswith("X[")] == want


def test_ffn_and_cross_entropy_work_lines(write_case):
    """max(0, x) for a ReLU unit and −ln(p) for a position's loss match their operands."""
    c = load(FULL)
    e, g = c.engine, c.engine.graph
    h = e.decimal(g.parse("L1.ffn.hidden[鬼][1]"), 4)
    p = e.decimal(g.parse("probs[鬼][金棒]"), 4)
    from exactformer.read.claims import claims_from_items

    items = [f"L1.ffn.act[鬼][1]: max(0, {h[:6]}) = {h[:6]}", f"loss[鬼]: -ln({p[:6]}) ≈ 1.188"]
    claims, work, unmatched, errors = claims_from_items(e, items, None)
    assert not errors and not unmatched
    assert [g.name(x.address) for x in claims] == ["L1.ffn.hidden[鬼][1]", "L1.ffn.act[鬼][1]", "probs[鬼][金棒]",
                                                   "loss[鬼]"]  # more than one layer: names keep it (issue 19.5)


def test_a_claimed_positional_encoding_table_is_audited(capsys):
    """tests/cases/positional-encoding.toml (sinusoidal, no layers): its PE table is judged, a sine written
    where the cosine belongs is wrong and explained, and the convention without positions (which has no PE)
    is simply a model where PE is not an address (no KeyError, exit 1)."""
    import json

    from exactformer.cli import main

    from .conftest import ROOT

    case = ROOT / "tests" / "cases" / "positional-encoding.toml"
    assert main(["audit", str(case), "--format", "json"]) == 1
    out, err = capsys.readouterr()
    found = {f["quantity"]: f["verdict"] for f in json.loads(out)["findings"] if f.get("kind") == "claim"}
    assert found["PE[robot][2]"] == "correct" and found["PE[am][2]"] == "wrong" and "internal error" not in err


def test_embeddings_are_the_vocabulary_and_tokens_the_sentence(write_case, capsys):
    """Tokens A, B with embeddings for A, B, C, D (model.md 6b): E has four rows, the tied head's vocabulary is
    A, B, C, D by default, next-token training runs; a sentence token without an embedding stays an error."""
    from exactformer.cli import main

    text = case_text(["A", "B"], {"A": [1, 0], "B": [0, 1], "C": ["0.5", "0.5"], "D": [-1, "0.25"]},
                     [{"Wq": [[1, 0], [0, 1]], "Wk": [[1, 0], [0, 1]], "Wv": [[1, 0], [0, 1]]}])
    text += '\n[model.head]\ntied = true\n\n[model.loss]\nkind = "cross_entropy"\n\n[train]\nlr = "1/10"\n'
    g = load(write_case(text)).engine.graph
    assert g.step("E").labels[0] == ("A", "B", "C", "D") and g.model.head.vocab == ("A", "B", "C", "D")
    assert g.parse("probs[A][D]") and g.parse("grad.E[C][1]")
    assert main(["train", str(write_case(text)), "--format", "csv", "--digits", "6"]) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith("step,loss")
    with pytest.raises(CaseError, match="no embedding for token 'B'"):
        load(write_case(text.replace('"B" = [0, 1]', '"Z" = [0, 1]')))


def test_identity_weights_and_attention_to_the_other_tokens_only(write_case):
    """model.md 6b: Wq = Wk = Wv = "identity" is Q = K = V = X, and mask = "no_self" leaves each token out of
    its own softmax; the weights match NumPy, and a masked cell is exactly 0."""
    import numpy as np

    text = case_text(["a", "b", "c"], {"a": [1, 0], "b": [0, 1], "c": [1, 1]},
                     [{"Wq": "identity", "Wk": "identity", "Wv": "identity"}])
    text = text.replace("[model]\n", '[model]\nmask = "no_self"\nscale = "none"\n', 1)
    e = load(write_case(text)).engine
    g = e.graph
    X = np.array([[1, 0], [0, 1], [1, 1.0]])
    S = X @ X.T
    np.fill_diagonal(S, -np.inf)
    W = np.exp(S) / np.exp(S).sum(axis=1, keepdims=True)
    for i, t in enumerate("abc"):
        for j, u in enumerate("abc"):
            got = e.decimal(g.parse(f"weights[{t},{u}]"), 15)
            assert got == "0" if i == j else abs(float(got.rstrip("…")) - W[i, j]) < 1e-14
    assert e.decimal(g.parse("Q[c][2]"), 5) == "1"


POOLED = """
[model]
tokens = ["a", "b", "c"]
[model.embeddings]
a = [1, 2]
b = [3, -1]
c = [0, 5]
[[model.layers]]
blocks = ["pool", "cls"]
[model.layers.pool]
how = "HOW"
[model.layers.cls]
kind = "linear"
W = [[1], [-1]]
b = [0]
activation = "sigmoid"
"""


@pytest.mark.parametrize("how, row, pooled", [("mean", "mean", ["4/3", "2"]), ("first", "a", ["1", "2"]),
                                              ("last", "c", ["0", "5"])])
def test_pooling_makes_one_row_named_by_how(write_case, how, row, pooled):
    """A pool turns the stream into one row (the rows' mean, or the first or last row): the classifier after
    it computes σ(h̄·W + b) once, for that row. Mean of (1, 3, 0) and (2, −1, 5): 4/3 and 2; σ(4/3 − 2)."""
    g = _case(write_case, POOLED.replace("HOW", how)).engine.graph
    assert [T.text(g.expr(b)) for b in g.scalars(g.parse(f"pool[{row}]"))] == pooled
    net = Fraction(pooled[0]) - Fraction(pooled[1])
    assert T.text(g.expr(g.parse(f"cls.net[{row}][1]"))) == T.text(X.const(net))
    assert g.steps["L1.cls"].dims == (1, 1)


def test_a_sigmoid_as_its_gates_has_the_circuit_values_and_gradients(write_case):
    """gates = true works σ(z) as a circuit draws it: −z, e^(−z), 1 + e^(−z), 1/that; the output is σ(z), and
    from an upstream 1 each gate's gradient is the chain rule's (checked against mpmath)."""
    c = _case(write_case, """
[model]
tokens = ["x"]
[model.embeddings]
x = ["2.0", "0.4"]
[model.loss]
kind = "given_gradient"
[model.loss.dy]
x = ["1"]
[[model.layers]]
blocks = ["n"]
[model.layers.n]
kind = "linear"
W = [["0.5"], ["-1.5"]]
b = ["0.25"]
activation = "sigmoid"
gates = true
""")
    e, g = c.engine, c.engine.graph
    mpmath.mp.dps = 40
    z = mpmath.mpf("0.65")
    den = 1 + mpmath.exp(-z)
    want = {"n.neg[x][1]": -z, "n.exp[x][1]": mpmath.exp(-z), "n.den[x][1]": den, "out[x][1]": 1 / den,
            "grad.n.den[x][1]": -1 / den ** 2, "grad.n.exp[x][1]": -1 / den ** 2,
            "grad.n.neg[x][1]": -mpmath.exp(-z) / den ** 2, "grad.n.net[x][1]": mpmath.exp(-z) / den ** 2}
    for addr, v in want.items():
        got = e.decimal(g.parse(addr), 30).rstrip("…")
        assert abs(mpmath.mpf(got) - v) < mpmath.mpf(10) ** -28, (addr, got, v)


BCE_NET = """
[model]
tokens = ["x"]
[model.embeddings]
x = ["0.5", "-1.0"]
[[model.layers]]
blocks = ["hid", "cls"]
[model.layers.hid]
kind = "linear"
W = [["0.4", "-0.6"], ["0.3", "0.2"]]
b = ["0.2", "0.1"]
activation = "relu"
[model.layers.cls]
kind = "linear"
W = [["0.7"], ["-0.5"]]
b = ["0.05"]
activation = "sigmoid"
[model.loss]
kind = "bce"
targets = { x = ["TARGET"] }
"""


@pytest.mark.parametrize("target", ["1", "0", "0.3"])
def test_binary_cross_entropy_of_a_sigmoid_output(write_case, target):
    """BCE of σ(z): the loss against mpmath at 40 digits, ∂L/∂z = p − y, and ∂L/∂W1[1][1] against a central
    finite difference of the whole network (mpmath)."""
    e = _case(write_case, BCE_NET.replace("TARGET", target)).engine
    g = e.graph
    mpmath.mp.dps = 40
    y = mpmath.mpf(target)

    def loss(w11):
        a1 = mpmath.mpf("0.5") * w11 + mpmath.mpf("-1.0") * mpmath.mpf("0.3") + mpmath.mpf("0.2")
        a2 = mpmath.mpf("0.5") * mpmath.mpf("-0.6") + mpmath.mpf("-1.0") * mpmath.mpf("0.2") + mpmath.mpf("0.1")
        z = max(a1, 0) * mpmath.mpf("0.7") + max(a2, 0) * mpmath.mpf("-0.5") + mpmath.mpf("0.05")
        p = 1 / (1 + mpmath.exp(-z))
        return -(y * mpmath.log(p) + (1 - y) * mpmath.log(1 - p)), p

    want, p = loss(mpmath.mpf("0.4"))
    def dec(addr):
        return mpmath.mpf(e.decimal(g.parse(addr), 30).rstrip("…"))
    assert abs(dec("loss") - want) < mpmath.mpf(10) ** -28
    assert abs(dec("grad.cls.net[x][1]") - (p - y)) < mpmath.mpf(10) ** -28
    h = mpmath.mpf(10) ** -12
    fd = (loss(mpmath.mpf("0.4") + h)[0] - loss(mpmath.mpf("0.4") - h)[0]) / (2 * h)
    assert abs(dec("grad.hid.W[1][1]") - fd) < mpmath.mpf(10) ** -15


def test_a_padding_mask_hides_the_padding_tokens_from_every_query(write_case):
    """mask = "padding": no query attends to <pad> (its weight is exactly 0), the others share the softmax; the
    pad's own row still attends to the real tokens. With Q = K = V = X and no scaling issue: le·le = 1, le·chat =
    0.5, so weights[le,·] = e^(1/√2), e^(0.5/√2) over their sum."""
    g = _case(write_case, """
[model]
tokens = ["le", "chat", "<pad>"]
mask = "padding"
[model.embeddings]
le = [1.0, 0.0]
chat = [0.5, 1.0]
"<pad>" = [0.0, 0.0]
[[model.layers]]
Wq = "identity"
Wk = "identity"
Wv = "identity"
""").engine
    gr = g.graph
    assert T.text(gr.expr(gr.parse("weights[le,<pad>]"))) == "0"
    s2 = mpmath.sqrt(2)
    want = mpmath.exp(1 / s2) / (mpmath.exp(1 / s2) + mpmath.exp(mpmath.mpf("0.5") / s2))
    assert abs(mpmath.mpf(g.decimal(gr.parse("weights[le,le]"), 25).rstrip("…")) - want) < mpmath.mpf(10) ** -23


def test_a_padding_mask_without_padding_tokens_is_a_case_error(write_case):
    with pytest.raises(CaseError, match="padding tokens"):
        _case(write_case, LN4.replace('tokens = ["a"]', 'tokens = ["a"]\nmask = "padding"').replace(
            'blocks = ["ln"]\n[model.layers.ln]\neps = 0', 'Wq = "identity"\nWk = "identity"\nWv = "identity"'))


def test_gelu_tanh_working_steps_against_mpmath(write_case):
    """With GELU's tanh form the FFN also offers the working a lesson writes: a = √(2/π)(u + 0.044715u³) and
    tanh a (off the main path); both, and the activation ½u(1 + tanh a), agree with mpmath at 60 digits."""
    import mpmath
    c = _case(write_case, """
[model]
tokens = ["a"]
[model.embeddings]
"a" = [0.5, -1.25]
[[model.layers]]
blocks = ["ffn"]
[model.layers.ffn]
W1 = [[1, 0], [0, 1]]
W2 = [[1, 0], [0, 1]]
activation = "gelu_tanh"
""")
    e, g = c.engine, c.engine.graph
    mpmath.mp.dps = 60
    for k, u in enumerate([mpmath.mpf("0.5"), mpmath.mpf("-1.25")], 1):
        arg = mpmath.sqrt(2 / mpmath.pi) * (u + mpmath.mpf("0.044715") * u ** 3)
        for name, want in ((f"ffn.gelu_arg[a][{k}]", arg), (f"ffn.gelu_tanh[a][{k}]", mpmath.tanh(arg)),
                           (f"ffn.act[a][{k}]", u / 2 * (1 + mpmath.tanh(arg)))):
            got = mpmath.mpf(e.decimal(g.parse(name), sig=40).rstrip("…"))
            assert abs(got - want) < mpmath.mpf(10) ** -35, (name, got, want)


SCORES = """
[model]
tokens = ["a", "b", "c"]
[[model.layers]]
scores = { "a" = ["2.0", "-1.0", "0.5"], "b" = ["0.25", "1.5", "-3.0"], "c" = ["1.0", "1.0", "4.0"] }
d_k = 16
"""


def test_scores_given_directly_are_divided_and_normalised_as_mpmath_says(write_case):
    """The scores a program printed, given directly with d_k = 16: scaled = s/4, the row softmax of that, exactly as
    mpmath computes it (60 digits); without V the block gives the weights."""
    import mpmath

    c = _case(write_case, SCORES)
    e, g = c.engine, c.engine.graph
    rows = {"a": ["2.0", "-1.0", "0.5"], "b": ["0.25", "1.5", "-3.0"], "c": ["1.0", "1.0", "4.0"]}
    with mpmath.workdps(60):
        for t, row in rows.items():
            ex = [mpmath.exp(mpmath.mpf(x) / 4) for x in row]
            for j, u in enumerate(("a", "b", "c")):
                want = mpmath.nstr(ex[j] / sum(ex), 30, strip_zeros=False)
                got = e.decimal(g.parse(f"weights[{t},{u}]"), 30)
                assert got.rstrip("…")[:25] == want[:25], (t, u, got, want)
    assert T.text(g.expr(g.parse("scaled[b,a]"))) == "1/16"
    assert "context" not in {s.spec.name for s in g.steps.values()}


def test_scores_given_directly_with_v_and_a_number_for_the_scale(write_case):
    """With V beside them and scale = 2: the context is the weights times V, as NumPy computes it; √d_k without
    d_k is an error that says what to give."""
    text = SCORES.replace("d_k = 16", 'scale = "2"\nV = { "a" = [1, 0], "b" = [0, 2], "c" = [-1, 1] }')
    g = _case(write_case, text).engine
    s = np.array([[2.0, -1.0, 0.5], [0.25, 1.5, -3.0], [1.0, 1.0, 4.0]]) / 2
    w = np.exp(s) / np.exp(s).sum(axis=1, keepdims=True)
    ctx = w @ np.array([[1, 0], [0, 2], [-1, 1]])
    for i, t in enumerate("abc"):
        for m in range(2):
            assert abs(float(g.decimal(g.graph.parse(f"context[{t}][{m + 1}]"), 20).rstrip("…")) - ctx[i, m]) < 1e-12
    with pytest.raises(CaseError, match="needs d_k"):
        _case(write_case, SCORES.replace("d_k = 16", ""), "bad.toml")
