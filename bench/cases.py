"""Deterministic case files for the benchmarks (one-decimal entries in [-0.9, 0.9], as worked examples use)."""

from __future__ import annotations

from pathlib import Path


def _plain(text: str) -> str:
    """An engine decimal as Decimal reads it (``1.23…e-8`` → ``1.23e-8``; an enclosure ``≈0.0625… (±1e-2464)``, a
    value no ball tells from a digit boundary, by its digits)."""
    from exactformer.numeric.ball import decimal_parts

    return decimal_parts(text).plain()


def _val(k: int) -> str:
    return f"{((k * 7919) % 19 - 9) / 10:.1f}"


class _Numbers:
    """A stream of one-decimal numbers."""

    def __init__(self) -> None:
        self.k = 0

    def row(self, n: int) -> str:
        out = "[" + ", ".join(_val(self.k + j) for j in range(n)) + "]"
        self.k += n
        return out

    def mat(self, r: int, c: int) -> str:
        return "[" + ", ".join(self.row(c) for _ in range(r)) + "]"


def _header(tokens: list[str], d: int, nums: _Numbers) -> list[str]:
    out = ["[model]", "tokens = [" + ", ".join(f'"{t}"' for t in tokens) + "]", "", "[model.embeddings]"]
    out += [f'"{t}" = {nums.row(d)}' for t in dict.fromkeys(tokens)]
    return out


def attention_case(path: Path, n: int, d: int, layers: int) -> Path:
    """n tokens, d = d_k = d_v, attention-only layers (today's form)."""
    nums = _Numbers()
    lines = _header([f"t{i}" for i in range(n)], d, nums)
    for _ in range(layers):
        lines.append("\n[[model.layers]]")
        lines += [f"{w} = {nums.mat(d, d)}" for w in ("Wq", "Wk", "Wv")]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def big_transformer(path: Path, n: int = 64, d: int = 64, heads: int = 4, layers: int = 3, ff: int = 256) -> Path:
    """The issue's model: post-LN layers with multi-head attention, Wo, GELU feed-forward, a tied head, a loss."""
    nums = _Numbers()
    lines = _header([f"t{i}" for i in range(n)], d, nums)
    for _ in range(layers):
        lines += ["[[model.layers]]", 'blocks = "post_ln"', "[model.layers.attn]", f"heads = {heads}"]
        lines += [f"{w} = {nums.mat(d, d)}" for w in ("Wq_all", "Wk_all", "Wv_all", "Wo")]
        lines += ["[model.layers.ln1]", 'eps = "1e-5"', "[model.layers.ffn]", 'activation = "gelu"',
                  f"W1 = {nums.mat(d, ff)}", f"W2 = {nums.mat(ff, d)}", "[model.layers.ln2]", 'eps = "1e-5"']
    lines += ["[model.head]", "tied = true", "[model.loss]", 'kind = "cross_entropy"']
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def repeated_claims(path: Path, n: int) -> Path:
    """The seed's model with one quantity (exp[鬼,金棒]) claimed n times, with three different values."""
    seed = (Path(__file__).resolve().parent.parent / "derivations" / "oni-ni-kanabou.toml").read_text(encoding="utf-8")
    model = seed.split("[[claims]]")[0]
    values = ("1.0642", "1.0643", "1.0704")
    groups = "".join(f'[[claims]]\nat = "place {k}"\nvalues = {{ "exp[鬼,金棒]" = {values[k % 3]} }}\n'
                     for k in range(n))
    path.write_text(model + groups, encoding="utf-8")
    return path


def claimed_everywhere(path: Path, n: int, layers: int) -> Path:
    """n tokens × d 4, attention-only layers, and every step of every layer claimed to four places (the values
    computed by exactformer itself and rounded, as an honest author would)."""
    attention_case(path, n, 4, layers)
    from decimal import ROUND_HALF_EVEN, Decimal

    from exactformer.read.case import load

    case = load(path)
    g, e = case.engine.graph, case.engine
    groups = []
    for li in range(1, layers + 1):
        for step in ("Q", "K", "V", "scores", "scaled", "exp", "expsum", "weights", "context"):
            top = g.parse(f"L{li}.{step}")
            rows: dict[str, list[str]] = {}
            for a in g.scalars(top):
                v = Decimal(_plain(e.decimal(a, 20))).quantize(Decimal("0.0001"), ROUND_HALF_EVEN)
                rows.setdefault(g.step(a.step).labels[0][a.idx[0]], []).append(str(v))  # type: ignore[index]
            body = ", ".join(f'"{k}" = ' + (v[0] if step == "expsum" else "[" + ", ".join(v) + "]")
                             for k, v in rows.items())
            groups.append(f'[[claims]]\nat = "L{li} {step}"\n"L{li}.{step}" = {{ {body} }}\n')
    with path.open("a", encoding="utf-8") as fh:
        fh.write("\n" + "".join(groups))
    return path


def wrong_numbers(path: Path, n: int = 64, d: int = 8, wrong: int = 100) -> Path:
    """n tokens × d, one attention layer, its Q, K, scores, weights and context tables stated to four places,
    and ``wrong`` of the stated numbers slipped (every 41st cell: digits swapped, one digit changed, a
    neighbouring cell's value, the sign): the explanation search's cost."""
    attention_case(path, n, d, 1)
    from decimal import ROUND_HALF_EVEN, Decimal

    from exactformer.read.case import load

    case = load(path)
    g, e = case.engine.graph, case.engine
    groups, k = [], 0
    for step in ("Q", "K", "scores", "weights", "context"):
        rows: dict[str, list[str]] = {}
        for a in g.scalars(g.parse(step)):
            v = str(Decimal(_plain(e.decimal(a, 20))).quantize(Decimal("0.0001"), ROUND_HALF_EVEN))
            if k % 41 == 7 and k // 41 < wrong:
                kind = (k // 41) % 3
                digits = v.lstrip("-")
                if kind == 0 and digits[-2] != digits[-1]:
                    v = v[:-2] + v[-1] + v[-2]
                elif kind == 1:
                    v = v[:-3] + str((int(v[-3]) + 3) % 10) + v[-2:]
                else:
                    v = v[1:] if v.startswith("-") else "-" + v
            k += 1
            rows.setdefault(g.step(a.step).labels[0][a.idx[0]], []).append(v)  # type: ignore[index]
        body = ", ".join(f'"{t}" = [' + ", ".join(v) + "]" for t, v in rows.items())
        groups.append(f'[[claims]]\nat = "{step} table"\n"{step}" = {{ {body} }}\n')
    with path.open("a", encoding="utf-8") as fh:
        fh.write("\n" + "".join(groups))
    return path


def notebook(path: Path, n: int = 64, d: int = 8, target_bytes: int = 1_000_000, *, reruns: bool = False) -> Path:
    """A Jupyter notebook of about ``target_bytes``, as people publish one: a markdown cell, the n tokens'
    embeddings and the weights in a code cell, then Q, K, V, scores, weights and context printed as tensors;
    the rest of the size is figures (``image/png`` outputs; random bytes stand in for the heatmaps, since the
    reader skips images whatever they hold). With ``reruns`` the rest is instead the tensors printed again
    and again (a notebook whose every run was kept): the stress case, where every byte is a claim."""
    import base64
    import json
    import random
    from decimal import ROUND_HALF_EVEN, Decimal

    from exactformer.read.case import load

    model = attention_case(path.with_suffix(".toml"), n, d, 1)
    case = load(model)
    g, e = case.engine.graph, case.engine
    nums = _Numbers()
    tokens = [f"t{i}" for i in range(n)]
    code = "import torch\n" + "\n".join(f"{t} = torch.tensor({nums.row(d)})" for t in tokens)
    weights = "\n".join(f"{w} = torch.tensor({nums.mat(d, d)})" for w in ("W_q", "W_k", "W_v"))
    cells = [{"cell_type": "markdown", "metadata": {}, "source": f"# Attention over {n} tokens"},
             {"cell_type": "code", "metadata": {}, "outputs": [], "source": code + "\n" + weights}]

    def printed(step: str) -> str:
        rows: dict[int, list[str]] = {}
        for a in g.scalars(g.parse(step)):
            v = Decimal(_plain(e.decimal(a, 20))).quantize(Decimal("0.0001"), ROUND_HALF_EVEN)
            rows.setdefault(a.idx[0], []).append(str(v))
        return "tensor([" + ",\n        ".join("[" + ", ".join(r) + "]" for r in rows.values()) + "])"

    def output(source: str, data: dict) -> dict:
        return {"cell_type": "code", "metadata": {}, "source": source, "execution_count": 1,
                "outputs": [{"output_type": "execute_result", "execution_count": 1, "metadata": {}, "data": data}]}

    outs = {s: printed(s) for s in ("Q", "K", "V", "scores", "weights", "context")}
    cells += [output(s, {"text/plain": text}) for s, text in outs.items()]
    size = len(json.dumps(cells))
    rng = random.Random(7)
    while size < target_bytes:
        if reruns:
            more = [output(s, {"text/plain": text}) for s, text in outs.items()]
        else:
            png = base64.b64encode(b"\x89PNG\r\n\x1a\n" + rng.randbytes(min(150_000, target_bytes - size))).decode()
            more = [output("plt.imshow(weights); plt.show()",
                           {"image/png": png, "text/plain": "<Figure size 640x480 with 1 Axes>"})]
        cells += more
        size += sum(len(json.dumps(c)) for c in more)
    path.write_text(json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": cells}),
                    encoding="utf-8")
    return path
