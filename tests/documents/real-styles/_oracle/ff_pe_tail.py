"""Oracle for ff-pe-summarised.ipynb: a sinusoidal PE table (d_model 6, max_len 480) printed summarised by torch
(rows 0-2, '...,', rows 477-479) and x + PE for a 3x6 input. mpmath, 40 digits; never exactformer."""
import json
from pathlib import Path

import mpmath as mp

mp.mp.dps = 40
D, N = 6, 480
X = [["0.1", "-0.3", "0.6", "0.2", "-0.5", "0.4"], ["0.7", "0.0", "-0.2", "0.9", "0.3", "-0.1"],
     ["-0.4", "0.8", "0.5", "-0.6", "0.1", "0.2"]]


def pe(p, m):
    i = m // 2
    ang = mp.mpf(p) / mp.power(10000, mp.mpf(2 * i) / D)
    return mp.sin(ang) if m % 2 == 0 else mp.cos(ang)


def f4(v):
    s = mp.nstr(v, 30, fixed=True) if False else None
    q = mp.nint(v * 10**4)
    frac = abs(v * 10**4 - mp.floor(v * 10**4) - mp.mpf("0.5"))
    assert frac > mp.mpf("0.02"), ("near a rounding boundary", v)
    t = f"{int(q) / 10**4:.4f}"
    return "0.0000" if t == "-0.0000" else t


def row(vals):
    return "[" + ", ".join(f"{v:>7}" for v in vals) + "]"


rows = [0, 1, 2, N - 3, N - 2, N - 1]
pe_rows = {p: [f4(pe(p, m)) for m in range(D)] for p in rows}
out_rows = [[f4(mp.mpf(x) + pe(p, m)) for m, x in enumerate(X[p])] for p in range(3)]
lines = ["tensor([[" + row(pe_rows[0]) + ","] + ["         " + row(pe_rows[p]) + "," for p in (1, 2)] + \
    ["         ...,"] + ["         " + row(pe_rows[p]) + ("," if p != N - 1 else "]])") for p in (N - 3, N - 2, N - 1)]
out_lines = ["tensor([" + row(out_rows[0]) + ","] + ["        " + row(out_rows[1]) + ","] + \
    ["        " + row(out_rows[2]) + "])"]
x_lines = ["tensor([" + row([f"{float(v):.4f}" for v in X[0]]) + ","] + \
    ["        " + row([f"{float(v):.4f}" for v in r]) + ("," if k < 1 else "])") for k, r in enumerate(X[1:])]


def cell(kind, src, out=None):
    c = {"cell_type": kind, "metadata": {}, "source": src.splitlines(keepends=True)}
    if kind == "code":
        c["execution_count"] = None
        c["outputs"] = [] if out is None else [{"output_type": "execute_result", "execution_count": None,
                                               "metadata": {}, "data": {"text/plain": out.splitlines(keepends=True)}}]
    return c


nb = {"cells": [
    cell("markdown", "# Sinusoidal positions, printed by torch\n\nEvery position gets a vector of sines and cosines:\n\n"
                     "$PE(pos, 2i) = \\sin(pos / 10000^{2i/d})$, $PE(pos, 2i+1) = \\cos(pos / 10000^{2i/d})$\n"),
    cell("code", "import math\nimport torch\n"),
    cell("code", "class SinusoidalPE(torch.nn.Module):\n    def __init__(self, d_model, max_len=480):\n"
                 "        super().__init__()\n        table = torch.zeros(max_len, d_model)\n"
                 "        pos = torch.arange(max_len, dtype=torch.float).unsqueeze(1)\n"
                 "        freq = torch.exp(torch.arange(0, d_model, 2).float() * (-math.log(10000.0) / d_model))\n"
                 "        table[:, 0::2] = torch.sin(pos * freq)\n        table[:, 1::2] = torch.cos(pos * freq)\n"
                 "        self.table = table.unsqueeze(0)  # (1, max_len, d_model)\n\n    def forward(self, x):\n"
                 "        return x + self.table[0, :x.shape[0]]\n"),
    cell("markdown", "## A toy input of three tokens\n"),
    cell("code", "x = torch.tensor([" + ", ".join("[" + ", ".join(r) + "]" for r in X) + "])\nx\n", "\n".join(x_lines)),
    cell("code", "enc = SinusoidalPE(x.shape[1])\nenc.table\n", "\n".join(lines)),
    cell("markdown", "## The input plus its positions\n"),
    cell("code", "y = enc(x)\ny\n", "\n".join(out_lines)),
], "metadata": {"kernelspec": {"name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}

here = Path(__file__).resolve().parent.parent
text = json.dumps(nb, indent=1, ensure_ascii=False) + "\n"
(here / "ff-pe-summarised.ipynb").write_text(text, encoding="utf-8")
file_lines = text.splitlines()


def line_of(s, after=0):
    for k in range(after, len(file_lines)):
        if s in file_lines[k]:
            return k + 1
    raise KeyError(s)


exp = ['# human transcription of ff-pe-summarised.ipynb, written by _oracle/ff_pe_tail.py (mpmath 40 digits; never exactformer)',
       'description = "torch notebook in the style of a PositionalEncoding tutorial: the module\'s table printed summarised (rows 0-2, \'...,\', rows 477-479 of max_len 480) and x + PE"',
       'model = "sinusoidal PE, base 10000, interleaved, d_model 6; the rows after \'...\' are positions 477-479"',
       'rounding = "torch print, 4 decimals"', 'document = "ff-pe-summarised.ipynb"', '']
table_at = line_of("enc.table")
for p in rows:
    ln = line_of(row(pe_rows[p]), table_at)
    for m in range(D):
        exp += ["[[claims]]", f"line = {ln}", f'text = "{pe_rows[p][m]}"', f'quantity = "PE[pos {p}][{m}]"',
                'verdict = "correct"', ""]
y_at = line_of("y = enc(x)")
for p in range(3):
    ln = line_of(row(out_rows[p]), y_at)
    for m in range(D):
        exp += ["[[claims]]", f"line = {ln}", f'text = "{out_rows[p][m]}"', f'quantity = "x + PE[pos {p}][{m}]"',
                'verdict = "correct"', ""]
exp += ["[[not_claims]]", f"line = {line_of('max_len=480')}", 'text = "512"', ""]
(here / "ff-pe-summarised.expect.toml").write_text("\n".join(exp), encoding="utf-8")
