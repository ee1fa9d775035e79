"""Shared helpers: the seed case, case files written on the fly, an independent NumPy oracle."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parent.parent
SEED = ROOT / "derivations" / "oni-ni-kanabou.toml"
DERIVATIONS = sorted((ROOT / "derivations").glob("*.toml"))


def toml_value(v) -> str:
    """A Python value as TOML (control characters escaped, as TOML requires)."""
    if isinstance(v, str):
        body = v.replace("\\", "\\\\").replace('"', '\\"')
        return '"' + "".join(f"\\u{ord(ch):04x}" if ord(ch) < 32 or ord(ch) == 127 else ch for ch in body) + '"'
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    return str(v)


def case_text(tokens, embeddings=None, layers=(), *, scale=None, mask=None, claims="", title="test case") -> str:
    """A case file as text; ``layers`` are dicts of matrices (Wq/Wk/Wv) or token tables (Q/K/V)."""
    out = [f"title = {toml_value(title)}", "", "[model]", f"tokens = {toml_value(tokens)}"]
    if scale is not None:
        out.append(f"scale = {toml_value(scale)}")
    if mask is not None:
        out.append(f"mask = {toml_value(mask)}")
    if embeddings:
        out += ["", "[model.embeddings]"] + [f"{toml_value(t)} = {toml_value(v)}" for t, v in embeddings.items()]
    for layer in layers:
        out += ["", "[[model.layers]]"]
        for k, v in layer.items():
            if isinstance(v, dict):
                rows = ", ".join(f"{toml_value(t)} = {toml_value(r)}" for t, r in v.items())
                out.append(f"{k} = {{ {rows} }}")
            else:
                out.append(f"{k} = {toml_value(v)}")
    return "\n".join(out) + "\n" + claims


@pytest.fixture
def write_case(tmp_path):
    """Write a case file and return its path."""
    def write(text: str, name: str = "case.toml") -> Path:
        p = tmp_path / name
        p.write_text(text, encoding="utf-8")
        return p
    return write


def numpy_forward(x, layers, *, scale="sqrt_dk", causal=False):
    """Float64 reference: every step of every layer, as NumPy arrays (the oracle, written independently)."""
    out = []
    for layer in layers:
        if "Q" in layer:
            q, k, v = (np.array(layer[s], dtype=float) for s in "QKV")
        else:
            q, k, v = (x @ np.array(layer[s], dtype=float) for s in ("Wq", "Wk", "Wv"))
        s = q @ k.T
        div = np.sqrt(q.shape[1]) if scale == "sqrt_dk" else (1.0 if scale == "none" else float(scale))
        scaled = s / div
        e = np.exp(scaled)
        if causal:
            e = np.tril(e)
        w = e / e.sum(axis=1, keepdims=True)
        ctx = w @ v
        out.append({"Q": q, "K": k, "V": v, "scores": s, "scaled": scaled, "exp": e,
                    "expsum": e.sum(axis=1), "weights": w, "context": ctx})
        x = ctx
    return out


def mp_forward(x, layers, *, scale="sqrt_dk", causal=False, dps=60):
    """60-digit mpmath reference of every step (independent of the engine), as nested lists of mpf."""
    import mpmath

    mpmath.mp.dps = dps
    M = mpmath.matrix
    out = []
    x = M([[mpmath.mpf(v) for v in row] for row in x])
    for layer in layers:
        q, k, v = (x * M([[mpmath.mpf(c) for c in row] for row in layer[s]]) for s in ("Wq", "Wk", "Wv"))
        n, dk = q.rows, q.cols
        s = q * k.T
        div = mpmath.sqrt(dk) if scale == "sqrt_dk" else mpmath.mpf(1 if scale == "none" else scale)
        scaled = [[s[i, j] / div for j in range(n)] for i in range(n)]
        e = [[mpmath.exp(scaled[i][j]) if not (causal and j > i) else None for j in range(n)] for i in range(n)]
        es = [mpmath.fsum(t for t in row if t is not None) for row in e]
        w = [[(e[i][j] / es[i]) if e[i][j] is not None else mpmath.mpf(0) for j in range(n)] for i in range(n)]
        ctx = M(w) * v
        out.append({"Q": q.tolist(), "K": k.tolist(), "V": v.tolist(), "scores": s.tolist(), "scaled": scaled,
                    "exp": e, "expsum": es, "weights": w, "context": ctx.tolist()})
        x = ctx
    return out
