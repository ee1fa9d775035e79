"""Oracle for ff-layernorm-check.ipynb: a notebook in the style of a book chapter's LayerNorm section (Spanish
prose): a layer's ReLU output printed to 4 decimals from unprinted weights, its mean and (unbiased, torch's
default) variance, the normalised rows, then the check (mean 0, variance 1). The hidden values have more digits
than the print: the normalised rows follow from them. mpmath 40 digits; never exactformer."""
import json
from pathlib import Path

import mpmath as mp

mp.mp.dps = 40
HIDDEN = [["0.31724", "0.0", "0.52081", "0.10356", "0.0"], ["0.0", "0.44619", "0.27343", "0.0", "0.61968"]]


def f4(v):
    q = v * 10**4
    assert abs(q - mp.floor(q) - mp.mpf("0.5")) > mp.mpf("0.02"), ("near a rounding boundary", v)
    t = f"{float(mp.nint(q)) / 10**4:.4f}"
    return "0.0000" if t == "-0.0000" else t


rows = [[mp.mpf(v) for v in r] for r in HIDDEN]
means = [sum(r) / len(r) for r in rows]
var = [sum((v - m) ** 2 for v in r) / (len(r) - 1) for r, m in zip(rows, means)]
norm = [[(v - m) / mp.sqrt(s) for v in r] for r, m, s in zip(rows, means, var)]


def tensor(mat, indent=8, tail=""):
    body = (",\n" + " " * indent).join("[" + ", ".join(f"{x:>7}" for x in r) + "]" for r in mat)
    return "tensor([" + body + "]" + tail + ")"


out_print = tensor([[f4(v) for v in r] for r in rows], tail=",\n       grad_fn=<ReluBackward0>")
stats = ("Media:\n " + tensor([[f4(m)] for m in means], 9, ",\n       grad_fn=<MeanBackward1>") + "\nVarianza:\n " +
         tensor([[f4(s)] for s in var], 9, ",\n       grad_fn=<VarBackward0>"))
normed = ("Capa normalizada:\n " + tensor([[f4(v) for v in r] for r in norm], 9, ",\n       grad_fn=<DivBackward0>")
          + "\nMedia:\n " + tensor([["0.0000"], ["0.0000"]], 9, ",\n       grad_fn=<MeanBackward1>")
          + "\nVarianza:\n " + tensor([["1.0000"], ["1.0000"]], 9, ",\n       grad_fn=<VarBackward0>"))


def cell(kind, src, out=None):
    c = {"cell_type": kind, "metadata": {}, "source": src.splitlines(keepends=True)}
    if kind == "code":
        c["execution_count"] = None
        c["outputs"] = [] if out is None else [{"output_type": "stream", "name": "stdout",
                                               "text": (out + "\n").splitlines(keepends=True)}]
    return c


nb = {"cells": [
    cell("markdown", "## 4.2 Normalizar las activaciones con normalización de capa\n\n"
                     "- La normalización de capa ajusta las activaciones para que tengan media 0 y varianza 1.\n"),
    cell("code", "torch.manual_seed(7)\nejemplo = torch.randn(2, 4)\n"
                 "capa = nn.Sequential(nn.Linear(4, 5), nn.ReLU())\nsalida = capa(ejemplo)\nprint(salida)\n",
         out_print),
    cell("markdown", "- Calculamos la media y la varianza de cada fila:\n"),
    cell("code", "media = salida.mean(dim=-1, keepdim=True)\nvarianza = salida.var(dim=-1, keepdim=True)\n\n"
                 "print(\"Media:\\n\", media)\nprint(\"Varianza:\\n\", varianza)\n", stats),
    cell("markdown", "- Restamos la media y dividimos por la raíz de la varianza:\n"),
    cell("code", "salida_norm = (salida - media) / torch.sqrt(varianza)\n"
                 "print(\"Capa normalizada:\\n\", salida_norm)\n\n"
                 "media = salida_norm.mean(dim=-1, keepdim=True)\nvarianza = salida_norm.var(dim=-1, keepdim=True)\n"
                 "torch.set_printoptions(sci_mode=False)\nprint(\"Media:\\n\", media)\nprint(\"Varianza:\\n\", varianza)\n",
         normed),
], "metadata": {"kernelspec": {"name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}

here = Path(__file__).resolve().parent.parent
text = json.dumps(nb, indent=1, ensure_ascii=False) + "\n"
(here / "ff-layernorm-check.ipynb").write_text(text, encoding="utf-8")
lines = text.splitlines()


def at(s, after=0):
    for k in range(after, len(lines)):
        if s in lines[k]:
            return k + 1
    raise KeyError(s)


claims, nots, optional = [], [], []
st = at('"Media:\\n",')
for k, m in enumerate(means):
    claims.append((at(f4(m), st), f4(m), f"mean of row {k}"))
for k, s in enumerate(var):
    claims.append((at(f4(s), st), f4(s), f"unbiased variance of row {k}"))
nm = at('"Capa normalizada:\\n",')
for k, r in enumerate(norm):
    ln = at("[" + ", ".join(f"{f4(v):>7}" for v in r) + "]", nm)
    for j, v in enumerate(r):
        claims.append((ln, f4(v), f"normalised row {k}, component {j} (from the unprinted values)"))
chk = at('"Media:\\n",', nm)
claims += [(chk + 1, "0.0000", "mean of normalised row 0"), (chk + 2, "0.0000", "mean of normalised row 1")]
vv = at('"Varianza:\\n",', chk)
claims += [(vv + 1, "1.0000", "unbiased variance of normalised row 0"),
           (vv + 2, "1.0000", "unbiased variance of normalised row 1")]
o = at('"tensor([[')
for k, r in enumerate(rows):
    for v in r:
        nots.append((o + k, f4(v)))

out = ["# human transcription of ff-layernorm-check.ipynb, written by _oracle/ff_layernorm_check.py (mpmath 40 digits; never exactformer)",
       'description = "a book-chapter style notebook (Spanish prose): a ReLU output printed to 4 decimals, its mean and unbiased variance, the normalised rows, then the check mean 0 / variance 1"',
       'model = "LayerNorm with unbiased variance (torch .var default), no eps, on the unprinted layer output (printed to 4 decimals)"',
       'rounding = "torch print, 4 decimals; the normalised rows follow from the unrounded output"',
       'document = "ff-layernorm-check.ipynb"', ""]
for ln, t, q in claims:
    out += ["[[claims]]", f"line = {ln}", f'text = "{t}"', f'quantity = "{q}"', 'verdict = "correct"', ""]
for ln, t in nots:
    out += ["[[not_claims]]", f"line = {ln}", f'text = "{t}"', ""]
(here / "ff-layernorm-check.expect.toml").write_text("\n".join(out), encoding="utf-8")
