"""The cases of issue 17.5, on which the search for why must cost at most what the audit without it costs
(``audit`` against ``audit --no-why``, whole processes): each a case file with its claims, the values computed
by exactformer itself and rounded as an honest author would, one or a few of them slipped.

    python bench/why_cases.py DIR      # writes DIR/mazur.toml, every16x3.toml, attn200.toml, postln200.toml,
                                       # sgd10000.toml and prints one line per case
"""

from __future__ import annotations

import sys
from decimal import ROUND_HALF_EVEN, Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cases import _header, _Numbers, _plain, attention_case  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BACKPROP = ROOT / "tests" / "cases" / "backprop-2-2-2.toml"


def _rounded(e, a, places: int) -> str:
    return str(Decimal(_plain(e.decimal(a, 30))).quantize(Decimal(10) ** -places, ROUND_HALF_EVEN))


def _slip(v: str) -> str:
    """One digit changed (the third from the end): a slip the search names."""
    return v[:-3] + str((int(v[-3]) + 3) % 10) + v[-2:]


def _claims(path: Path, groups: list[tuple[str, list[str]]], places: int, wrong: set[int]) -> Path:
    """Append claims of every cell named in each group (their values rounded), the k-th cells in ``wrong``
    slipped."""
    from exactformer.read.case import load

    case = load(path)
    g, e = case.engine.graph, case.engine
    out, k = [], 0
    for at, names in groups:
        vals = []
        for name in names:
            for a in g.scalars(g.parse(name)):
                v = _rounded(e, a, places)
                if k in wrong:
                    v = _slip(v)
                vals.append(f'"{_key(g, a)}" = {v}')
                k += 1
        out.append(f'[[claims]]\nat = "{at}"\nvalues = {{ {", ".join(vals)} }}\n')
    with path.open("a", encoding="utf-8") as fh:
        fh.write("\n" + "".join(out))
    return path


def _key(g, a) -> str:
    """The full name a case file uses (grad.L1.o.W[1][1], step1.L1.h.W[2][2], L1.h[x][1])."""
    s = g.step(a.step)
    idx = "".join(f"[{s.labels[ax][i]}]" if s.labels and s.labels[ax] else f"[{i + 1}]"
                  for ax, i in enumerate(a.idx))
    return ("grad." if a.grad else "") + (f"step{a.t}." if a.t else "") + s.key + idx


def mazur(path: Path) -> Path:
    """Mazur's 2-2-2 network, one SGD step: the forward pass, the loss, every gradient and the new weights
    (39 numbers to 9 places), one of them (step1.o.W[2][1]) with a digit slipped."""
    path.write_text(BACKPROP.read_text(encoding="utf-8").split("[names]")[0], encoding="utf-8")
    groups = [("the forward pass", ["h.net", "h", "o.net", "out", "loss"]),
              ("the output layer", ["grad.out", "grad.o.net", "grad.o.W", "grad.o.b"]),
              ("the hidden layer", ["grad.h", "grad.h.net", "grad.h.W", "grad.h.b"]),
              ("the new weights", ["step1.o.W", "step1.h.W"]),
              ("after the step", ["step1.out"])]
    return _claims(path, groups, 9, {31})


def sgd_steps(path: Path, steps: int = 10_000) -> Path:
    """The 2-2-2 network trained ``steps`` steps; three claims on the last step's weights, one slipped."""
    text = BACKPROP.read_text(encoding="utf-8").split("[names]")[0].replace("steps = 1", f"steps = {steps}")
    path.write_text(text, encoding="utf-8")
    groups = [(f"after {steps} steps", [f"step{steps}.o.W[1][1]", f"step{steps}.o.W[2][2]",
                                        f"step{steps}.h.W[1][1]"])]
    return _claims(path, groups, 9, {1})


def deep_attention(path: Path, layers: int = 200) -> Path:
    """``layers`` attention layers, 4 tokens × d 4; one claim, on the last layer's context, slipped."""
    attention_case(path, 4, 4, layers)
    return _claims(path, [("the last layer", [f"L{layers}.context[t0][1]"])], 6, {0})


def deep_post_ln(path: Path, layers: int = 200) -> Path:
    """``layers`` post-LN layers (attention, LayerNorm, ReLU FFN, LayerNorm), 4 tokens × d 4; the first
    layer's output row and the last layer's claimed (8 numbers), one of the last slipped."""
    nums = _Numbers()
    lines = _header([f"t{i}" for i in range(4)], 4, nums)
    for _ in range(layers):
        lines += ["[[model.layers]]", 'blocks = "post_ln"', "[model.layers.attn]", "heads = 1"]
        lines += [f"{w} = {nums.mat(4, 4)}" for w in ("Wq_all", "Wk_all", "Wv_all", "Wo")]
        lines += ["[model.layers.ln1]", 'eps = "1e-5"', "[model.layers.ffn]", 'activation = "relu"',
                  f"W1 = {nums.mat(4, 8)}", f"W2 = {nums.mat(8, 4)}", "[model.layers.ln2]", 'eps = "1e-5"']
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return _claims(path, [("the first layer", ["L1.ln2[t0]"]), ("the last layer", [f"L{layers}.ln2[t0]"])], 6, {6})


def every(path: Path, n: int = 16, layers: int = 3) -> Path:
    """n tokens × d 4, ``layers`` attention layers, every step of every layer claimed to four places (3,888
    numbers for 16 × 3), every 20th slipped (195 of them)."""
    attention_case(path, n, 4, layers)
    steps = ("Q", "K", "V", "scores", "scaled", "exp", "expsum", "weights", "context")
    groups = [(f"L{li} {s}", [f"L{li}.{s}"]) for li in range(1, layers + 1) for s in steps]
    return _claims(path, groups, 4, set(range(7, 3888 * layers, 20)))


CASES = {"mazur": mazur, "every16x3": every, "attn200": deep_attention, "postln200": deep_post_ln,
         "sgd10000": sgd_steps}


if __name__ == "__main__":
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for name, make in CASES.items():
        p = make(out / f"{name}.toml")
        print(p)
