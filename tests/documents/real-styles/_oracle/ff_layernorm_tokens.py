"""Oracle for ff-layernorm-tokens.md: a beginner's LayerNorm lesson in ```python fences (working continued on `= …`
lines, quoted tokens as row comments, one summary line per token, rounded rows, check marks). mpmath 40 digits;
never exactformer."""
from pathlib import Path

import mpmath as mp

mp.mp.dps = 40
TOKENS = ["The", ",", "cat", " sat"]
SLIP = mp.mpf("0.464")  # the std the lesson states for " sat" (exact 0.4472): its normalised rows carry it
ROWS = [["0.2", "0.6", "-0.4", "0.4"], ["0.5", "-0.1", "0.3", "0.1"], ["-0.3", "0.1", "0.9", "0.5"],
        ["0.0", "0.8", "0.4", "-0.4"]]


def stats(row):
    x = [mp.mpf(v) for v in row]
    mu = sum(x) / 4
    var = sum((v - mu) ** 2 for v in x) / 4
    sd = mp.sqrt(var)
    return x, mu, var, sd, [(v - mu) / sd for v in x]


def fmt(v, d):
    q = v * 10**d
    assert abs(q - mp.floor(q) - mp.mpf("0.5")) > mp.mpf("0.01"), ("near a rounding boundary", v)
    t = f"{float(mp.nint(q)) / 10**d:.{d}f}"
    return t[1:] if t == "-0.000"[:len(t)] and t.startswith("-") else t


ORDER = [2, 0, 3, 1]  # the summary lines list the tokens in another order


def std_text(k):
    return "0.464" if k == 3 else fmt(S[k][3], 3)


def quoted(t):
    return '"' + t + '"'


S = [stats(r) for r in ROWS]
x0, mu0, var0, sd0, n0 = S[0]
slipped = [(v - S[3][1]) / SLIP for v in S[3][0]]
norm3 = [[fmt(v, 3) for v in s[4]] for s in S[:3]] + [[fmt(v, 3) for v in slipped]]
norm2 = {0: [fmt(v, 2) for v in S[0][4]], 3: [fmt(v, 2) for v in slipped]}

lines = [
    "# LayerNorm, one token at a time",
    "",
    "Each token's vector is normalised on its own: subtract its mean, divide by its standard deviation.",
    "",
    "## Why bother",
    "",
    "Without it, the scale of a vector drifts from layer to layer:",
    "",
    "```python",
    "tiny_scale = [0.013, 0.002, -0.027, 0.008]     # shrinking",
    "raw_scale = [12.0, -7.5, 3.3, 9.1]       # growing",
    "```",
    "",
    '## The vector for "The"',
    "",
    "```python",
    "the_vec = [" + ", ".join(ROWS[0]) + "]",
    "```",
    "",
    "### Its mean",
    "",
    "```python",
    "mean = (0.2 + 0.6 + (-0.4) + 0.4) / 4",
    "     = 0.8 / 4",
    "     = 0.2",
    "```",
    "",
    "### Its spread",
    "",
    "```python",
    "gaps = [0.2 - 0.2, 0.6 - 0.2, -0.4 - 0.2, 0.4 - 0.2]",
    "     = [0.0, 0.4, -0.6, 0.2]",
    "",
    "squares = [(0.0)², (0.4)², (-0.6)², (0.2)²]",
    "        = [0.00, 0.16, 0.36, 0.04]",
    "",
    "variance = (0.00 + 0.16 + 0.36 + 0.04) / 4",
    "         = 0.56 / 4",
    "         = 0.14",
    "",
    "std = √0.14 = " + fmt(sd0, 4),
    "```",
    "",
    "### A quick check",
    "",
    "```python",
    "# the normalised values should average to zero",
    "check = (" + " + ".join(norm3[0]).replace("+ -", "+ (-").replace("(-1.604", "(-1.604)") + ") / 4 ≈ 0.000 ✅",
    fmt(sd0, 4) + "² = " + fmt(mp.mpf(fmt(sd0, 4)) ** 2, 4) + " ✅",
    "```",
    "",
    "## The whole sentence",
    "",
    "```python",
    "embeddings = [",
] + [f"    [{', '.join(r)}],   # \"{t}\"" for r, t in zip(ROWS, TOKENS)] + [
    "]",
    "",
] + [f"{quoted(TOKENS[k]):7}: mean={fmt(S[k][1], 2)}, std={std_text(k)}" for k in ORDER] + [
    "```",
    "",
    "After the normalisation:",
    "",
    "```python",
    "normed = [",
] + [f"    [{', '.join(r)}],   # \"{t}\"" for r, t in zip(norm3, TOKENS)] + [
    "]",
    "```",
    "",
    "Rounded to two places:",
    "",
    "```python",
    f"{quoted(TOKENS[0]):6}: [{', '.join(norm2[0])}]",
    f"{quoted(TOKENS[3]):6}: [{', '.join(norm2[3])}]",
    "```",
    "",
]
here = Path(__file__).resolve().parent.parent
(here / "ff-layernorm-tokens.md").write_text("\n".join(lines), encoding="utf-8")


def at(s, after=0):
    for k in range(after, len(lines)):
        if s in lines[k]:
            return k + 1
    raise KeyError(s)


claims, optional, nots = [], [], []


def claim(line, text, what, verdict="correct"):
    claims.append((line, text, what, verdict))


claim(at("= 0.8 / 4"), "0.8", "sum of the The features")
claim(at("     = 0.2"), "0.2", "mean of The")
for t, v in zip(["0.0", "0.4", "-0.6", "0.2"], range(4)):
    claim(at("     = [0.0, 0.4"), t, f"The x - mean, component {v}")
for t, v in zip(["0.00", "0.16", "0.36", "0.04"], range(4)):
    claim(at("= [0.00, 0.16"), t, f"The squared gap, component {v}")
claim(at("= 0.56 / 4"), "0.56", "sum of the squared gaps")
claim(at("= 0.14", at("= 0.56 / 4")), "0.14", "variance of The (population)")
claim(at("std = √0.14"), fmt(sd0, 4), "std of The")
claim(at("² = "), fmt(mp.mpf(fmt(sd0, 4)) ** 2, 4), "the std squared: the variance")
first = at(": mean=")
for j, k in enumerate(ORDER):
    claim(first + j, fmt(S[k][1], 2), f"mean of {TOKENS[k]!r}")
    claim(first + j, std_text(k), f"std of {TOKENS[k]!r}" + (" (exact 0.4472): wrong" if k == 3 else ""),
          "wrong" if k == 3 else "correct")
start = at("normed = [") + 1
for k, r in enumerate(norm3):
    for m, v in enumerate(r):
        claim(start + k, v, f"normalised {TOKENS[k]!r}, component {m}", "propagated" if k == 3 else "correct")
for k in (0, 3):
    ln = at(f'"{TOKENS[k]}"', at("Rounded to two places"))
    for m, v in enumerate(norm2[k]):
        claim(ln, v, f"normalised {TOKENS[k]!r} to 2 decimals, component {m}", "propagated" if k == 3 else "correct")
ck = at("check = (")
for v in norm3[0]:
    optional.append((ck, v, "restated operand"))
optional.append((ck, "0.000", "the check's result (no model quantity: arithmetic only)"))
optional.append((at("² = "), fmt(sd0, 4), "restated operand"))
for _ in range(4):
    optional.append((at("gaps = ["), "0.2", "the mean, restated as an operand"))
for t in ["0.0", "0.4", "-0.6", "0.2"]:
    optional.append((at("squares = ["), t, "a gap, restated as the operand of its square"))
for t in ["0.00", "0.16", "0.36", "0.04"]:
    optional.append((at("variance = ("), t, "a square, restated as an operand"))
optional.append((at("std = √0.14"), "0.14", "restated operand"))
for j in range(len(ROWS)):
    for v in ROWS[j]:
        nots.append((at("embeddings = [") + 1 + j, v))
for v in ROWS[0]:
    nots.append((at("the_vec = "), v))
for name, vec in (("tiny_scale", ["0.013", "0.002", "-0.027", "0.008"]), ("raw_scale", ["12.0", "-7.5", "3.3", "9.1"])):
    for v in vec:
        nots.append((at(name), v))

out = ["# human transcription of ff-layernorm-tokens.md, written by _oracle/ff_layernorm_tokens.py (mpmath 40 digits; never exactformer)",
       'description = "a beginner\'s LayerNorm lesson in ```python fences: one token worked by hand (continuation lines), a sentence of four tokens with quoted tokens as row comments, per-token summary lines, normalised rows and rounded rows"',
       'model = "LayerNorm without gamma/beta, population variance, no eps"',
       'rounding = "as printed: 2-4 decimals"', 'document = "ff-layernorm-tokens.md"', ""]
for ln, t, q, verdict in claims:
    out += ["[[claims]]", f"line = {ln}", f'text = "{t}"', f'quantity = "{q}"', f'verdict = "{verdict}"', ""]
for ln, t, q in optional:
    out += [f"# {q}", "[[optional_claims]]", f"line = {ln}", f'text = "{t}"', ""]
for ln, t in nots:
    out += ["[[not_claims]]", f"line = {ln}", f'text = "{t}"', ""]
(here / "ff-layernorm-tokens.expect.toml").write_text("\n".join(out), encoding="utf-8")
