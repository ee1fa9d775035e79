"""An independent reference transformer, written to PyTorch's conventions, and random cases for it.

``forward(cfg, F)`` evaluates a model described by a plain dict (``random_config``) with NumPy: in float64
(``F = FLOAT``) or, on object arrays of mpmath numbers, to 60 digits (``F = mp_funcs()``). It follows what
users know: ``nn.MultiheadAttention`` (Wq_all split into heads by columns, scores / √d_k, softmax over keys,
concat, out projection), ``nn.LayerNorm`` (biased variance, eps inside the root), ``nn.TransformerEncoderLayer``
(``norm_first`` = pre-LN), ``nn.Linear``, GELU (erf or tanh), cross-entropy. It shares no code with exactformer.
``to_toml(cfg)`` writes the same model as a case file.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

import numpy as np


class Funcs:
    """Elementwise functions, the array module and the number type for one precision (or for autodiff)."""

    def __init__(self, dtype, exp, log, sqrt, tanh, erf, sin, cos, num, xp=np) -> None:
        self.dtype, self.exp, self.log, self.sqrt, self.tanh, self.erf = dtype, exp, log, sqrt, tanh, erf
        self.sin, self.cos, self.num, self.xp = sin, cos, num, xp


FLOAT = Funcs(float, np.exp, np.log, np.sqrt, np.tanh, np.vectorize(math.erf), np.sin, np.cos, float)


def autograd_funcs() -> Funcs:
    """float64 through the ``autograd`` package (erf given its derivative 2/√π·e^(−x²))."""
    import autograd.numpy as anp
    from autograd.extend import defvjp, primitive

    @primitive
    def erf(x):
        return np.vectorize(math.erf)(x)

    defvjp(erf, lambda ans, x: lambda g: g * 2 / math.sqrt(math.pi) * anp.exp(-x * x))
    return Funcs(float, anp.exp, anp.log, anp.sqrt, anp.tanh, erf, anp.sin, anp.cos, float, anp)


def mp_funcs(dps: int = 60) -> Funcs:
    import mpmath

    mpmath.mp.dps = dps
    v = lambda f: np.vectorize(f, otypes=[object])  # noqa: E731
    return Funcs(object, v(mpmath.exp), v(mpmath.log), v(mpmath.sqrt), v(mpmath.tanh), v(mpmath.erf),
                 v(mpmath.sin), v(mpmath.cos), lambda s: mpmath.mpf(Fraction(s).numerator) / Fraction(s).denominator)


def arr(F: Funcs, rows) -> np.ndarray:
    return np.array([[F.num(x) for x in r] for r in rows] if isinstance(rows[0], list) else
                    [F.num(x) for x in rows], dtype=F.dtype)


def softmax(F: Funcs, z, mask=None):
    e = F.exp(z)
    if mask is not None:
        e = F.xp.where(mask, e, F.num("0"))
    return e / F.xp.sum(e, axis=-1, keepdims=True)


def layer_norm(F: Funcs, x, p, params=None, name=""):
    xp = F.xp
    d = x.shape[1]
    mu = xp.sum(x, axis=1, keepdims=True) / d
    c = x - mu
    var = xp.sum(c * c, axis=1, keepdims=True) / (d - 1 if p["variance"] == "unbiased" else d)
    eps = F.num(p["eps"])
    std = F.sqrt(var) + eps if p["eps_at"] == "std" else F.sqrt(var + eps)
    y = c / std
    if p.get("gamma"):
        y = y * _param(F, params, name + ".gamma", p["gamma"]) + _param(F, params, name + ".beta", p["beta"])
    return y


def _param(F: Funcs, params, name: str, value):
    """A parameter: from ``params`` (an autodiff input) when given there, else as written in the config."""
    if params is not None and name in params:
        return params[name]
    return arr(F, value)


def act(F: Funcs, name: str, x):
    if name == "relu":
        return F.xp.where(x > 0, x, F.num("0"))
    if name == "identity":
        return x
    if name == "sigmoid":
        return F.num("1") / (F.num("1") + F.exp(-x))
    if name == "tanh":
        return F.tanh(x)
    half = F.num("0.5")
    if name == "gelu":
        return half * x * (F.num("1") + F.erf(x / F.sqrt(np.array(F.num("2"), dtype=F.dtype))))
    pi = F.num("3.14159265358979323846264338327950288419716939937510582097494459") if F.dtype is object \
        else math.pi
    c = F.sqrt(np.array(F.num("2") / pi, dtype=F.dtype))
    return half * x * (F.num("1") + F.tanh(c * (x + F.num("0.044715") * x * x * x)))


def mha(F: Funcs, x, p, n: int, params=None, pre=""):
    """nn.MultiheadAttention's arithmetic (batch_first, one sequence): per-head scaled dot-product attention."""
    H = p["heads"]
    q_all, k_all, v_all = (x @ _param(F, params, f"{pre}.{w}", p[w]) for w in ("Wq", "Wk", "Wv"))
    for w, name in (("bq", "q"), ("bk", "k"), ("bv", "v")):
        if p.get(w):
            b = _param(F, params, f"{pre}.{w}", p[w])
            if name == "q":
                q_all = q_all + b
            elif name == "k":
                k_all = k_all + b
            else:
                v_all = v_all + b
    dk, dv = q_all.shape[1] // H, v_all.shape[1] // H
    mask = np.tril(np.ones((n, n), dtype=bool)) if p["mask"] == "causal" else None
    out = []
    for h in range(H):
        q, k, v = q_all[:, h * dk:(h + 1) * dk], k_all[:, h * dk:(h + 1) * dk], v_all[:, h * dv:(h + 1) * dv]
        scale = F.sqrt(np.array(F.num(str(dk)), dtype=F.dtype)) if p["scale"] == "sqrt_dk" else F.num("1")
        w = softmax(F, (q @ k.T) / scale, mask)
        out.append(w @ v)
    cat = F.xp.concatenate(out, axis=1)
    if p.get("Wo"):
        cat = cat @ _param(F, params, f"{pre}.Wo", p["Wo"]) + \
            (_param(F, params, f"{pre}.bo", p["bo"]) if p.get("bo") else F.num("0"))
    return cat


def ffn(F: Funcs, x, p, params=None, pre=""):
    g = lambda w: _param(F, params, f"{pre}.{w}", p[w]) if p.get(w) else F.num("0")  # noqa: E731
    return act(F, p["activation"], x @ g("W1") + g("b1")) @ g("W2") + g("b2")


def sinusoid(F: Funcs, n: int, d: int, base: str, start: int, order: str):
    out = np.empty((n, d), dtype=F.dtype)
    for t in range(n):
        pos = F.num(str(start + t))
        for m in range(d):
            if order == "interleaved":
                i, fn = m // 2, (F.sin if m % 2 == 0 else F.cos)
            else:
                half = (d + 1) // 2
                i, fn = (m, F.sin) if m < half else (m - half, F.cos)
            freq = np.array(F.num(base), dtype=F.dtype) ** np.array(F.num(Fraction(2 * i, d)) if F.dtype is object
                                                                      else 2 * i / d, dtype=F.dtype)
            out[t, m] = fn(np.array(pos / freq, dtype=F.dtype))
    return out


def forward(cfg: dict, F: Funcs = FLOAT, params: dict | None = None) -> dict:
    """Every layer's output, the logits, probabilities and the loss. ``params`` overrides parameters by name
    ("E", "L1.attn.Wq", "L1.ln1.gamma", "L1.ffn.W1", "head.W", …) with arrays (autodiff inputs)."""
    toks = cfg["tokens"]
    vocab = list(cfg["emb"])
    E = _param(F, params, "E", [cfg["emb"][t] for t in vocab])
    x = E[[vocab.index(t) for t in toks]]
    n, d = x.shape
    if cfg.get("embed_scale"):
        x = x * F.sqrt(np.array(F.num(str(d)), dtype=F.dtype))
    if cfg.get("pos"):
        p = cfg["pos"]
        x = x + sinusoid(F, n, d, p["base"], p["start"], p["order"])
    out = {"in": x}
    for li, layer in enumerate(cfg["layers"], start=1):
        P = f"L{li}"
        if layer["preset"] == "post_ln":
            a = mha(F, x, layer["attn"], n, params, P + ".attn")
            r1 = x + a
            l1 = layer_norm(F, r1, layer["ln1"], params, P + ".ln1")
            f = ffn(F, l1, layer["ffn"], params, P + ".ffn")
            x = layer_norm(F, l1 + f, layer["ln2"], params, P + ".ln2")
            out.update({f"L{li}.attn": a, f"L{li}.ln1": l1, f"L{li}.ffn": f})
        elif layer["preset"] == "pre_ln":
            l1 = layer_norm(F, x, layer["ln1"], params, P + ".ln1")
            a = mha(F, l1, layer["attn"], n, params, P + ".attn")
            r1 = x + a
            l2 = layer_norm(F, r1, layer["ln2"], params, P + ".ln2")
            f = ffn(F, l2, layer["ffn"], params, P + ".ffn")
            x = r1 + f
            out.update({f"L{li}.attn": a, f"L{li}.ln1": l1, f"L{li}.ffn": f})
        elif layer["preset"] == "attention":
            x = mha(F, x, layer["attn"], n, params, P + ".attn")
        else:  # ["lin"]: a plain linear layer
            p = layer["lin"]
            x = act(F, p["activation"], x @ arr(F, p["W"]) + (arr(F, p["b"]) if p.get("b") else F.num("0")))
        out[f"L{li}.out"] = x
    if cfg.get("head"):
        W = E[[vocab.index(t) for t in cfg["vocab"]]].T if cfg["head"] == "tied" else \
            _param(F, params, "head.W", cfg["head_W"])
        z = x @ W
        probs = softmax(F, z)
        out["logits"], out["probs"] = z, probs
        nxt = [(i, cfg["vocab"].index(toks[i + 1])) for i in range(n - 1)]
        losses = [-F.log(probs[i, j]) for i, j in nxt]
        total = sum(losses[1:], losses[0]) if losses else F.num("0")
        out["loss"] = total / len(losses) if cfg.get("reduction", "mean") == "mean" else total
    return out


# ---- random cases ------------------------------------------------------------------------------
def _dec(rnd: random.Random) -> str:
    return f"{rnd.randint(-9, 9) / 10:.1f}"


def _mat(rnd, r, c):
    return [[_dec(rnd) for _ in range(c)] for _ in range(r)]


def _ln(rnd, d):
    p = {"eps": rnd.choice(["1e-5", "0.1", "0.01"]), "variance": rnd.choice(["biased", "unbiased"]),
         "eps_at": rnd.choice(["var", "std"])}
    if rnd.random() < 0.5:
        p["gamma"] = [f"{rnd.randint(5, 15) / 10:.1f}" for _ in range(d)]
        p["beta"] = [_dec(rnd) for _ in range(d)]
    return p


def random_config(seed: int) -> dict:
    """A random small model of every block kind: heads, biases, Wo, LayerNorm variants, FFN activations,
    positions, embedding scale, layouts, a tied or own head and a next-token loss."""
    rnd = random.Random(seed)
    n, d = rnd.randint(2, 4), rnd.choice([2, 4])
    toks = [f"t{k}" for k in range(n)]
    cfg: dict = {"tokens": toks, "emb": {t: [_dec(rnd) for _ in range(d)] for t in toks}, "vocab": toks,
                 "layout": rnd.choice(["row", "column"]), "embed_scale": rnd.random() < 0.3, "layers": []}
    if rnd.random() < 0.5:
        cfg["pos"] = {"base": rnd.choice(["10000", "100"]), "start": rnd.choice([0, 1]),
                      "order": rnd.choice(["interleaved", "halves"])}
    for _ in range(rnd.randint(1, 2)):
        preset = rnd.choice(["post_ln", "pre_ln", "post_ln", "attention"])
        H = rnd.choice([1, 2]) if d % 2 == 0 else 1
        dk = rnd.choice([1, 2])
        attn = {"heads": H, "Wq": _mat(rnd, d, H * dk), "Wk": _mat(rnd, d, H * dk), "Wv": _mat(rnd, d, H * dk),
                "scale": rnd.choice(["sqrt_dk", "none"]), "mask": rnd.choice(["none", "causal"])}
        if rnd.random() < 0.4:
            attn["bq"], attn["bk"], attn["bv"] = ([_dec(rnd) for _ in range(H * dk)] for _ in range(3))
        if preset != "attention" or rnd.random() < 0.5:
            attn["Wo"] = _mat(rnd, H * dk, d)
            if rnd.random() < 0.5:
                attn["bo"] = [_dec(rnd) for _ in range(d)]
        layer = {"preset": preset, "attn": attn}
        if preset != "attention":
            hid = rnd.choice([2, 3])
            layer["ffn"] = {"W1": _mat(rnd, d, hid), "W2": _mat(rnd, hid, d),
                            "activation": rnd.choice(["relu", "gelu", "gelu_tanh", "sigmoid", "tanh", "identity"])}
            if rnd.random() < 0.5:
                layer["ffn"]["b1"], layer["ffn"]["b2"] = [_dec(rnd) for _ in range(hid)], [_dec(rnd) for _ in range(d)]
            layer["ln1"], layer["ln2"] = _ln(rnd, d), _ln(rnd, d)
        elif "Wo" not in attn:
            d = H * dk  # the next layer reads the concatenation
        cfg["layers"].append(layer)
    if d == len(cfg["emb"][toks[0]]) and rnd.random() < 0.5:
        cfg["head"] = "tied"
    else:
        cfg["head"], cfg["head_W"] = "own", _mat(rnd, d, n)
    cfg["reduction"] = rnd.choice(["mean", "sum"])
    return cfg


def _t(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, list):
        return "[" + ", ".join(_t(x) for x in v) + "]"
    return str(v)


def _w(cfg: dict, m: list) -> str:
    """A weight matrix as the case's layout writes it (column: W·x, the transpose)."""
    if cfg["layout"] == "column":
        m = [list(r) for r in zip(*m)]
    return _t(m)


def to_toml(cfg: dict) -> str:
    lines = ['title = "random"', "[model]", f"tokens = {_t(cfg['tokens'])}", f'layout = "{cfg["layout"]}"']
    if cfg.get("embed_scale"):
        lines.append('embed_scale = "sqrt_dmodel"')
    lines.append("[model.embeddings]")
    lines += [f'"{t}" = {_t(v)}' for t, v in cfg["emb"].items()]
    if cfg.get("pos"):
        p = cfg["pos"]
        lines += ["[model.positions]", 'kind = "sinusoidal"', f"base = {p['base']}", f"start = {p['start']}",
                  f'order = "{p["order"]}"']
    for layer in cfg["layers"]:
        lines += ["[[model.layers]]", f'blocks = "{layer["preset"]}"', "[model.layers.attn]"]
        a = layer["attn"]
        lines += [f"heads = {a['heads']}", f'scale = "{a["scale"]}"', f'mask = "{a["mask"]}"']
        for w in ("Wq", "Wk", "Wv"):
            lines.append(f"{w}_all = {_w(cfg, a[w])}")
        for b in ("bq", "bk", "bv"):
            if a.get(b):
                lines.append(f"{b}_all = {_t(a[b])}")
        if a.get("Wo"):
            lines.append(f"Wo = {_w(cfg, a['Wo'])}")
        if a.get("bo"):
            lines.append(f"bo = {_t(a['bo'])}")
        for ln in ("ln1", "ln2"):
            if ln in layer:
                p = layer[ln]
                lines += [f"[model.layers.{ln}]", f'eps = "{p["eps"]}"', f'variance = "{p["variance"]}"',
                          f'eps_at = "{p["eps_at"]}"']
                if p.get("gamma"):
                    lines += [f"gamma = {_t(p['gamma'])}", f"beta = {_t(p['beta'])}"]
        if "ffn" in layer:
            f = layer["ffn"]
            lines += ["[model.layers.ffn]", f'activation = "{f["activation"]}"', f"W1 = {_w(cfg, f['W1'])}",
                      f"W2 = {_w(cfg, f['W2'])}"]
            if f.get("b1"):
                lines += [f"b1 = {_t(f['b1'])}", f"b2 = {_t(f['b2'])}"]
    lines.append("[model.head]")
    lines.append("tied = true" if cfg["head"] == "tied" else f"W = {_w(cfg, cfg['head_W'])}")
    lines += ["[model.loss]", 'kind = "cross_entropy"', 'targets = "next"', f'reduction = "{cfg["reduction"]}"']
    return "\n".join(lines) + "\n"


def parameters(cfg: dict) -> dict[str, list]:
    """Every parameter of a config as the oracle names it, with its value as written (row layout)."""
    out = {"E": [cfg["emb"][t] for t in cfg["emb"]]}
    for li, layer in enumerate(cfg["layers"], start=1):
        for block in ("attn", "ffn", "ln1", "ln2"):
            for k, v in layer.get(block, {}).items():
                if k in ("Wq", "Wk", "Wv", "Wo", "bq", "bk", "bv", "bo", "W1", "W2", "b1", "b2", "gamma", "beta") and v:
                    out[f"L{li}.{block}.{k}"] = v
    if cfg.get("head") == "own":
        out["head.W"] = cfg["head_W"]
    return out
