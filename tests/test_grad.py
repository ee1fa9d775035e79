"""Gradients and training: an independent autodiff, finite differences at 60 digits, the classic hand example."""

from __future__ import annotations

import mpmath
import numpy as np
import pytest

from exactformer.errors import CaseError
from exactformer.model.address import Address
from exactformer.numeric.ball import expr_ball, precision
from exactformer.read.case import load

from .conftest import DERIVATIONS, ROOT
from .oracle import autograd_funcs, forward, mp_funcs, parameters, random_config, to_toml

FULL = next(p for p in DERIVATIONS if p.name == "oni-ni-kanabou-full.toml")

BACKPROP = (ROOT / "tests" / "cases" / "backprop-2-2-2.toml").read_text(encoding="utf-8")


def _engine_address(cfg: dict, name: str, idx: tuple[int, ...]) -> str:
    """The engine's address of one entry of an oracle parameter (heads split by columns; a column layout
    addresses a matrix as written, [out][in])."""
    col = cfg["layout"] == "column"
    vocab = list(cfg["emb"])
    if name == "E":
        return f"E[{vocab[idx[0]]}][{idx[1] + 1}]"
    if name == "head.W":
        r, c = idx
        return f"head.W[{vocab[c]}][{r + 1}]" if col else f"head.W[{r + 1}][{vocab[c]}]"
    layer, block, w = name.split(".")
    if block == "attn" and w[-1] in "qkv":
        H = cfg["layers"][int(layer[1:]) - 1]["attn"]["heads"]
        width = len(cfg["layers"][int(layer[1:]) - 1]["attn"][w][0] if w.startswith("W") else
                    cfg["layers"][int(layer[1:]) - 1]["attn"][w])
        dk = width // H
        c = idx[-1]
        h, cc = c // dk + 1, c % dk
        if w.startswith("b"):
            return f"{layer}.attn.h{h}.{w}[{cc + 1}]"
        r = idx[0]
        return f"{layer}.attn.h{h}.{w}[{cc + 1}][{r + 1}]" if col else f"{layer}.attn.h{h}.{w}[{r + 1}][{cc + 1}]"
    if len(idx) == 1:
        return f"{layer}.{block}.{w}[{idx[0] + 1}]"
    r, c = idx
    return f"{layer}.{block}.{w}[{c + 1}][{r + 1}]" if col else f"{layer}.{block}.{w}[{r + 1}][{c + 1}]"


def _load_random(seed: int, write_case):
    cfg = random_config(seed)
    try:
        return cfg, load(write_case(to_toml(cfg), f"g{seed}.toml"))
    except CaseError:
        return cfg, None


@pytest.mark.parametrize("seed", range(40))
def test_gradients_match_an_independent_autodiff(seed, write_case):
    """∂loss/∂(every parameter) agrees with the `autograd` package on the NumPy oracle, in float64."""
    import autograd

    cfg, case = _load_random(seed, write_case)
    if case is None:
        return
    F = autograd_funcs()
    params = {k: np.array([[float(x) for x in r] for r in v] if isinstance(v[0], list) else [float(x) for x in v])
              for k, v in parameters(cfg).items()}
    grads = autograd.grad(lambda p: forward(cfg, F, p)["loss"])(params)
    g = case.engine.graph
    for name, arr in grads.items():
        for idx in np.ndindex(arr.shape):
            a = g.parse("grad." + _engine_address(cfg, name, idx))
            got, want = float(case.engine.ball(a).mid()), float(arr[idx])
            assert abs(got - want) <= 1e-9 * max(1.0, abs(want)), (name, idx, g.name(a), got, want)


@pytest.mark.parametrize("seed", range(0, 24, 3))
def test_gradients_match_central_differences_at_60_digits(seed, write_case):
    """(L(p + h) − L(p − h))/2h with h = 10⁻²⁰ at 60 digits agrees with the certified gradient to 30 digits."""
    cfg, case = _load_random(seed, write_case)
    if case is None:
        return
    F = mp_funcs(70)
    rnd = np.random.default_rng(seed)
    base = {k: np.array([[F.num(x) for x in r] for r in v] if isinstance(v[0], list) else [F.num(x) for x in v],
                        dtype=object) for k, v in parameters(cfg).items()}
    names = sorted(base)
    h = mpmath.mpf("1e-20")
    for name in [names[int(k)] for k in rnd.integers(0, len(names), 3)]:
        idx = tuple(int(rnd.integers(0, n)) for n in base[name].shape)
        hi, lo = {k: v.copy() for k, v in base.items()}, {k: v.copy() for k, v in base.items()}
        hi[name][idx] += h
        lo[name][idx] -= h
        fd = (forward(cfg, F, hi)["loss"] - forward(cfg, F, lo)["loss"]) / (2 * h)
        a = case.engine.graph.parse("grad." + _engine_address(cfg, name, idx))
        text = case.engine.decimal(a, 30)
        if text.startswith("≈0"):  # exactly 0 (a key bias under softmax): certified below 1e-2400
            assert abs(fd) < mpmath.mpf(10) ** -30, (name, idx, fd)
            continue
        got = mpmath.mpf(text.rstrip("…"))
        assert abs(got - fd) <= mpmath.mpf(10) ** -25 * max(1, abs(fd)), (name, idx, got, fd)


def test_the_classic_example_by_hand(write_case):
    """The 2-2-2 network: E = 0.298371109, ∂E/∂w5 = 0.082167041, w5⁺ = 0.35891648, w1⁺ = 0.149780716, and
    after one simultaneous update the error is 0.291027774."""
    c = load(write_case(BACKPROP))
    e, g = c.engine, c.engine.graph
    assert e.decimal(g.parse("loss"), 10).startswith("0.2983711087")
    assert e.decimal(g.parse("grad.w5"), 10).startswith("0.08216704056")
    assert e.decimal(g.parse("step1.w5"), 10).startswith("0.3589164797")
    assert e.decimal(g.parse("step1.w1"), 10).startswith("0.1497807161")
    assert e.decimal(g.parse("step1.loss"), 10).startswith("0.2910277736")


def test_sequential_update_is_what_a_famous_post_printed(write_case):
    """Updating the hidden layer with the already-updated output weights gives the 0.291027924 that the classic
    post printed (its text says the original weights are used); the output layer's gradients are the same."""
    c = load(write_case(BACKPROP.replace("steps = 1", 'steps = 1\nupdate = "sequential"')))
    e, g = c.engine, c.engine.graph
    assert e.decimal(g.parse("step1.loss"), 10).startswith("0.2910279239")
    assert e.decimal(g.parse("grad.w5"), 10).startswith("0.08216704056")
    assert not e.decimal(g.parse("grad.w1"), 10).startswith("0.0004385677")


def test_relu_derivative_at_an_exact_zero_is_zero(write_case):
    """ReLU′(0) = 0 (as PyTorch), decided exactly: no gradient flows through a unit that is exactly 0."""
    text = """
[model]
tokens = ["a", "b"]
[model.embeddings]
"a" = [1]
"b" = [0.5]
[[model.layers]]
blocks = ["ffn"]
[model.layers.ffn]
activation = "relu"
W1 = [[1, 1]]
b1 = [-1, 0.5]
W2 = [[1], [1]]
[model.loss]
kind = "squared_error"
targets = { "a" = [0], "b" = [0] }
"""
    c = load(write_case(text))
    e, g = c.engine, c.engine.graph
    assert e.decimal(g.parse("ffn.hidden[a][1]")) == "0"
    assert e.decimal(g.parse("grad.ffn.hidden[a][1]")) == "0"
    assert e.decimal(g.parse("grad.ffn.W1[1][1]")) == e.decimal(g.parse("grad.ffn.hidden[b][1]")) == "0"


@pytest.mark.parametrize("path", [FULL], ids=lambda p: p.name)
def test_exact_gradients_agree_with_the_backward_pass(path, write_case):
    """Each gradient's exact chain-rule expression (softmax + cross-entropy fused as (p − y)/N) overlaps the
    vectorised backward pass, for parameters and intermediate quantities alike."""
    for c in (load(path), load(write_case(BACKPROP))):
        e, g = c.engine, c.engine.graph
        picks = [s for s in g.steps.values() if s.param or s.spec.name in ("logits", "norm", "scores", "net")]
        memo: dict = {}
        with precision(128):
            for s in picks:
                for idx in list(s.indices())[:3]:
                    a = Address(s.key, idx, True)
                    assert expr_ball(g.expr(a), memo).overlaps(e.ball(a)), g.name(a)


def test_a_decimal_read_from_a_pass_already_run_at_fewer_bits(write_case):
    """A trained value whose 128-bit ball (run for a comparison) certifies its 12 digits is printed from it, with
    no pass at 256 bits, and the digits are those a fresh engine climbing from 256 bits prints; 40 digits, which
    128 bits do not certify, still climb."""
    from fractions import Fraction

    text = BACKPROP.replace("steps = 1", "steps = 40")
    a = load(write_case(text)).engine
    g = a.graph
    q, grad = g.parse("step40.o.W[2][2]"), g.parse("step40.grad.h.W[1][2]")
    a.compare(q, Fraction(0)), a.compare(grad, Fraction(0))  # (the 128-bit passes of steps 0 to 40)
    assert a.numeric.known(q, 256) is not None and a.numeric.known(q, 128) is None
    got = (a.decimal(q, 12), a.decimal(grad, 12))
    assert (256, 40) not in a.numeric._fwd and (256, 40) not in a.numeric._bwd
    fresh = load(write_case(text)).engine
    assert got == (fresh.decimal(q, 12), fresh.decimal(grad, 12)) and (256, 40) in fresh.numeric._fwd
    assert a.decimal(q, 40) == fresh.decimal(q, 40) and (256, 40) in a.numeric._fwd


@pytest.mark.parametrize("update", ["simultaneous", "sequential"])
def test_a_training_steps_pass_filled_at_once_is_the_walked_one(update, write_case):
    """A backward pass fills every step the loss reads at once, in order (``_Pass.fill``); each step read alone
    walks its inputs: the very same balls, cell by cell (mid and radius), on the seed continued and on the
    2-2-2 network at step 3."""
    from exactformer.numeric.engine import _Pass, _Plan

    text = BACKPROP.replace("steps = 1", f'steps = 4\nupdate = "{update}"')
    for c in (load(FULL), load(write_case(text))):
        n, g = c.engine.numeric, c.engine.graph
        ps = n.params(128, 3)
        filled, walked = n.forward(128, params=ps), n.forward(128, params=ps)
        assert isinstance(filled, _Pass)
        plan = _Plan(g, update == "sequential")
        filled.fill(plan.reads)
        assert {s.key for s in plan.reads} <= set(dict.keys(filled))
        for key in dict.keys(filled):
            assert [(x.mid(), x.rad()) if x is not None else None for x in filled[key]] == \
                [(x.mid(), x.rad()) if x is not None else None for x in walked[key]], key


@pytest.mark.parametrize("update", ["simultaneous", "sequential"])
def test_a_runs_steps_compute_only_the_gradients_the_update_needs(update, write_case):
    """A run's steps skip the gradients no update needs (the embeddings', the fixed biases') and keep none;
    a gradient of a step passed on the way, asked for afterwards, is worked out again: the very balls a full
    backward pass gives, and the parameters after the run are those of full passes, ball for ball."""
    text = BACKPROP.replace("steps = 1", f'steps = 4\nupdate = "{update}"')

    def cells(xs):
        return [(x.mid(), x.rad()) if x is not None else None for x in xs]

    for path in (FULL, write_case(text)):  # (the seed continued keeps finite balls at 128 bits to step 4)
        run, full = load(path).engine.numeric, load(path).engine.numeric
        ps = run.params(128, 4)
        assert not run._bwd  # (no gradients kept by the run)
        for t in range(4):
            full.backward(128, t)  # each step's full backward pass, which also makes the next parameters
        assert all(cells(ps[k]) == cells(full._params[(128, 4)][k]) for k in ps)
        vals = run.forward(128, 2)
        partial, _ = run.step(128, vals, full=False)
        everything = run.backward(128, 2)
        assert any(all(x is None for x in partial[k]) and any(x is not None for x in everything[k])
                   for k in everything)  # some gradients were left out ...
        for k, want in full.backward(128, 2).items():
            assert cells(everything[k]) == cells(want), k  # ... and asked for, they are the full pass's
            if any(x is not None for x in partial[k]):
                assert cells(partial[k]) == cells(want), k  # the ones computed are computed the same


def test_train_command_tables_and_plots(write_case, tmp_path, capsys):
    """train prints the loss at every step, certified; csv and json carry the same values; --plot draws them."""
    import json

    from exactformer.cli import main

    p = write_case(BACKPROP)
    assert main(["train", str(p), "--steps", "3", "--format", "csv", "--digits", "9"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "step,loss,certified_digits" and out[1] == "0,0.298371108,9" and out[2] == "1,0.291027773,9"
    assert main(["train", str(p), "--steps", "2", "--format", "json", "--lr", "1/2",
                 "--watch", "loss", "--watch", "w5", "--plot", str(tmp_path / "run.svg")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["watch"] == ["loss", "o.W[1][1]"] and data["steps"][1]["values"]["o.W[1][1]"].startswith("0.35891647")
    assert (tmp_path / "run.svg").read_text().lstrip().startswith("<?xml")
    assert main(["train", str(p), "--steps", "2", "--plot", str(tmp_path / "run.png")]) == 0
    assert (tmp_path / "run.png").read_bytes()[:4] == b"\x89PNG"
    capsys.readouterr()


def test_ten_thousand_steps_stay_certified(write_case, capsys):
    """10,000 steps of the 2-2-2 network: the error the classic post reports after them, 0.0000351085."""
    from exactformer.cli import main

    assert main(["train", str(write_case(BACKPROP)), "--steps", "10000", "--format", "csv", "--digits", "15"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("10000,0.0000351018778297") and last.endswith(",15")


def test_the_seeds_claim_is_judged(capsys):
    """The seed's "friends grow alike", as trend claims on the continued model: 鬼·金棒 grow apart (wrong),
    猫·小判 end closer (correct) but not at every step (wrong)."""
    from exactformer.audit.pipeline import audit

    rep = audit(load(FULL))
    trends = [(f.of, f.trend.says.value, f.correct) for f in rep.findings if f.kind == "trend"]
    assert ("cos(L3.out[鬼], L3.out[金棒])", "increases", False) in trends
    assert ("cos(L3.out[猫], L3.out[小判])", "increases", True) in trends
    assert ("cos(L3.out[猫], L3.out[小判])", "increases_each_step", False) in trends


@pytest.mark.parametrize("of,line,claimed", [
    ("step1.w5", "0.40 − 0.5 × 0.082167041 = 0.35891648", ["o.W[1][1]", "grad.o.W[1][1]"]),
    # 0.186815602 is the sigmoid's slope out(1 − out), a quantity of its own (o.slope); the bracket (out − t) is
    # the gradient of the loss at the output, out less the target: its first number restates out
    ("grad.L1.o.net[x][1]", "(0.75136507 − 0.01) × 0.186815602 = 0.138498562", ["out[x][1]", "o.slope[x][1]"]),
    ("grad.w5", "0.74136507 × 0.186815602 × 0.593269992 = 0.082167041",
     ["grad.out[x][1]", "o.slope[x][1]", "h[x][1]"]),
    ("loss[x][1]", "½(0.01 − 0.75136507)² = 0.274811083", ["out[x][1]"]),
])
def test_backprop_tutorial_lines(write_case, of, line, claimed):
    """Lines as backpropagation tutorials write them match their operands (the chain rule grouped any way)."""
    from exactformer.read.claims import claims_from_items

    c = load(write_case(BACKPROP))
    claims, work, unmatched, errors = claims_from_items(c.engine, [f"{of}: {line}"], None)
    assert not errors and not unmatched
    g = c.engine.graph
    assert [g.name(x.address) for x in claims if x.role.value == "operand"] == claimed


def _interrupt_after(monkeypatch, passes: int) -> list[int]:
    """Make the n-th forward pass of training raise KeyboardInterrupt (Ctrl-C); returns the count of passes."""
    from exactformer.numeric.engine import Numeric

    calls: list[int] = []
    real = Numeric.forward

    def forward(self, *a, **k):
        calls.append(1)
        if len(calls) > passes:
            raise KeyboardInterrupt
        return real(self, *a, **k)

    monkeypatch.setattr(Numeric, "forward", forward)
    return calls


@pytest.mark.parametrize("fmt", ["text", "csv"])
def test_train_streams_rows_so_ctrl_c_keeps_them(write_case, monkeypatch, capsys, fmt):
    """train's text and CSV rows reach standard output as each step is certified: Ctrl-C after three steps
    leaves those three rows (exit 130)."""
    from exactformer.cli import main

    p = write_case(BACKPROP)
    _interrupt_after(monkeypatch, 3)
    assert main(["train", str(p), "--steps", "100", "--format", fmt, "--digits", "6"]) == 130
    lines = capsys.readouterr().out.splitlines()
    rows = [ln for ln in lines if ln.lstrip().split(",")[0].split(" ")[0].isdigit()]
    assert len(rows) == 3 and "0.298371" in rows[0]


def test_train_interrupted_keeps_the_rows_in_the_output_file(write_case, monkeypatch, capsys, tmp_path):
    """With -o, Ctrl-C writes the rows certified so far to the file before exiting (130)."""
    from exactformer.cli import main

    out = tmp_path / "run.csv"
    _interrupt_after(monkeypatch, 3)
    assert main(["train", str(write_case(BACKPROP)), "--steps", "100", "--format", "csv", "-o", str(out)]) == 130
    assert out.read_text().splitlines()[0] == "step,loss,certified_digits" and len(out.read_text().splitlines()) == 4
    assert "interrupted after 2 of 100 steps" in capsys.readouterr().err


@pytest.mark.parametrize("plot,message", [("x.jpg", "--plot writes .png or .svg"), ("nowhere/x.png", "does not exist")])
def test_train_checks_plot_before_any_work(write_case, monkeypatch, capsys, tmp_path, plot, message):
    """A --plot that cannot be drawn or written is refused (exit 2) before a single step is trained."""
    from exactformer.cli import main

    monkeypatch.chdir(tmp_path)
    calls = _interrupt_after(monkeypatch, 0)
    assert main(["train", str(write_case(BACKPROP)), "--steps", "5", "--plot", plot]) == 2
    assert message in capsys.readouterr().err and not calls


GIVEN_GRADIENT = """\
title = "backward unit test from an upstream gradient"
[model]
tokens = ["sample0", "sample1"]
[model.embeddings]
"sample0" = [1, 2]
"sample1" = [3, -1]
[[model.layers]]
blocks = ["lin"]
[model.layers.lin]
W = [[0.5, -0.25], [0.1, 0.2]]
[model.loss]
kind = "given_gradient"
dy = { "sample0" = [1, 0.5], "sample1" = [-1, 2] }
"""


def test_given_gradient_loss_per_position(write_case, capsys):
    """A given_gradient loss has loss[t] = Σ_m dy[t][m]·out[t][m] per position (model.md 5) and loss = Σ_t loss[t];
    gradients are unchanged (grad.W = Xᵀ·dy); a bad position is named with the positions there are."""
    from exactformer.cli import main

    c = load(write_case(GIVEN_GRADIENT))
    e, g = c.engine, c.engine.graph
    assert e.decimal(g.parse("loss[sample0]")) == "0.775" and e.decimal(g.parse("loss[sample1]")) == "-3.3"
    assert e.decimal(g.parse("loss")) == "-2.525" and e.decimal(g.parse("grad.lin.W[1][1]")) == "-2"
    assert main(["check", str(write_case(GIVEN_GRADIENT)), "loss[sample0] = 0.775"]) == 0
    capsys.readouterr()
    assert main(["show", str(write_case(GIVEN_GRADIENT)), "loss[x]"]) == 2
    assert "loss[sample0] (positions: sample0, sample1" in capsys.readouterr().err
    assert main(["show", str(ROOT / "derivations" / "oni-ni-kanabou.toml"), "sqrt_dk[1]"]) == 2
    assert "sqrt_dk is a single number, written without an index" in capsys.readouterr().err


def test_training_past_the_precision_bound_exits_2(capsys):
    """The continued seed loses about 30 bits a step: with 256 bits allowed the run stops with exit 2, naming
    the value and the step, and prints only certain rows (never a ball, never NaN); with room to climb, every step of
    the same run is certified."""
    from exactformer.cli import main

    args = ["train", str(FULL), "--steps", "20", "--format", "csv", "--watch", "loss"]
    assert main(args + ["--max-bits", "256"]) == 2
    captured = capsys.readouterr()
    assert "nan" not in captured.out and "+/-" not in captured.out  # the rows streamed before it are certain
    assert "training lost its certified digits: loss at step 7 is known to only" in captured.err
    assert "even at 256 bits (the precision bound)" in captured.err
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "nan" not in out and "+/-" not in out and len(out.splitlines()) == 22


def test_sequential_update_has_no_cycle_and_matches_numpy(tmp_path):
    """Issue 19.24: with update = "sequential", a parameter's own gradient reads the forward pass and only what
    passes to the block's input reads the updated weights: the formulas form no cycle (show of a closed form
    finishes) and the values match NumPy float64 (hidden gradient through the updated output weights)."""
    import numpy as np

    from exactformer.cli import main

    from .conftest import ROOT

    text = (ROOT / "tests" / "cases" / "backprop-2-2-2.toml").read_text(encoding="utf-8")
    case = tmp_path / "seq.toml"
    case.write_text(text.replace('params = ["L1.h.W", "L1.o.W"]', 'params = ["L1.h.W", "L1.o.W"]\nupdate = "sequential"'),
                    encoding="utf-8")
    g = load(case).engine.graph
    color: dict = {}
    a = g.parse("step1.h.W[1][1]")
    stack = [(a, iter(g.formula(a).args))]
    color[a] = 1
    while stack:  # depth-first: an edge to a quantity still open is a cycle
        b, it = stack[-1]
        nxt = next(it, None)
        if nxt is None:
            color[b] = 2
            stack.pop()
            continue
        assert color.get(nxt) != 1, f"cycle through {g.name(b)} and {g.name(nxt)}"
        if nxt not in color:
            color[nxt] = 1
            stack.append((nxt, iter(g.formula(nxt).args)))
    sig = lambda z: 1 / (1 + np.exp(-z))  # noqa: E731
    x, W1, b1 = np.array([0.05, 0.10]), np.array([[0.15, 0.25], [0.20, 0.30]]), np.array([0.35, 0.35])
    W2, b2, t = np.array([[0.40, 0.50], [0.45, 0.55]]), np.array([0.6, 0.6]), np.array([0.01, 0.99])
    h = sig(x @ W1 + b1)
    o = sig(h @ W2 + b2)
    do = (o - t) * o * (1 - o)
    W2n = W2 - 0.5 * np.outer(h, do)
    gW1 = np.outer(x, (W2n @ do) * h * (1 - h))
    e = load(case).engine
    assert abs(float(e.decimal(g.parse("grad.h.W[1][1]"), 20).rstrip("…")) - gW1[0, 0]) < 1e-15
    assert abs(float(e.decimal(g.parse("step1.h.W[1][1]"), 20).rstrip("…")) - (W1[0, 0] - 0.5 * gW1[0, 0])) < 1e-15
    assert main(["show", str(case), "step1.h.W[1][1]"]) == 0


MSE_LAYER = """title = "one linear layer, PyTorch's MSELoss"
[model]
tokens = ["x"]
layout = "column"
[model.embeddings]
x = ["0.5", "-1.5", "2.0"]
[[model.layers]]
blocks = ["lin"]
[model.layers.lin]
kind = "linear"
W = [["0.2", "-0.1", "0.4"], ["0.5", "0.3", "-0.2"], ["-0.3", "0.6", "0.1"]]
b = ["0.1", "-0.1", "0.05"]
[model.loss]
kind = "mse"
targets = { x = ["0.42", "-0.25", "0.3"] }
[train]
lr = "0.1"
steps = 1
"""


def test_mean_squared_error_is_pytorchs(write_case):
    """kind = "mse" is the mean of (t − o)² over every component (not ½Σ): the loss, its gradients and the
    SGD step agree with the same computation written out in NumPy (the formulas torch.nn.MSELoss uses)."""
    c = load(write_case(MSE_LAYER))
    W = np.array([[0.2, -0.1, 0.4], [0.5, 0.3, -0.2], [-0.3, 0.6, 0.1]])
    b, x, t = np.array([0.1, -0.1, 0.05]), np.array([0.5, -1.5, 2.0]), np.array([0.42, -0.25, 0.3])
    o = W @ x + b
    loss = np.mean((o - t) ** 2)
    dW = np.outer(2 * (o - t) / 3, x)
    e = c.engine
    assert float(e.ball(c.engine.graph.parse("loss")).mid()) == pytest.approx(loss, rel=1e-13)
    for i in range(3):
        for j in range(3):
            got = float(e.ball(c.engine.graph.parse(f"grad.lin.W[{i + 1}][{j + 1}]")).mid())
            assert got == pytest.approx(dW[i, j], rel=1e-12, abs=1e-15)
            new = float(e.ball(c.engine.graph.parse(f"step1.lin.W[{i + 1}][{j + 1}]")).mid())
            assert new == pytest.approx(W[i, j] - 0.1 * dW[i, j], rel=1e-12)
    # by hand: o = (1.15, −0.7, −0.8), errors (0.73, −0.45, −1.1), squares sum to 1.9454, and 1.9454 / 3
    assert e.decimal(c.engine.graph.parse("loss"), 12).startswith("0.648466666666")
