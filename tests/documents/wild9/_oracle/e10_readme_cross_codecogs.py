"""English GitHub README (badges, <details>, code block of the CLI run): cross-attention, 2 decoder states ('el',
'coche') against 3 encoder states ('the', 'red', 'car'), Wq on the decoder, Wk/Wv on the encoder, 3 -> 2, scaled by
sqrt(2). Every matrix is an equation image whose URL holds percent-encoded LaTeX (latex.codecogs.com/svg.image?...):
the givens, and Q, K, V and the scaled scores as results; the weights and the outputs are also in Markdown tables.
Exact rounding. One planted slip in the weights table."""
from pathlib import Path

from w9lib import *

enc = ["the", "red", "car"]
dec = ["el", "coche"]
Hs = [["0.4", "0.1", "0.7"], ["0.9", "0.5", "0.2"], ["0.3", "0.8", "0.6"]]
Ss_ = [["0.6", "0.3", "0.2"], ["0.1", "0.7", "0.9"]]
Wqs = [["0.5", "0.2"], ["0.1", "0.8"], ["0.6", "-0.3"]]
Wks = [["0.7", "0.1"], ["-0.2", "0.6"], ["0.4", "0.5"]]
Wvs = [["0.3", "0.9"], ["0.8", "0.2"], ["0.1", "0.4"]]
H, Sd, Wq, Wk, Wv = map(mat, (Hs, Ss_, Wqs, Wks, Wvs))
Q, K, V = mm(Sd, Wq), mm(H, Wk), mm(H, Wv)
Sraw, Sc, E, Z, W, C = sdpa(Q, K, V)
Hn, Sn_ = np.array(Hs, float), np.array(Ss_, float)
Qn, Kn, Vn = Sn_ @ np.array(Wqs, float), Hn @ np.array(Wks, float), Hn @ np.array(Wvs, float)
Wn = np_softmax(Qn @ Kn.T / np.sqrt(2)); Cn = Wn @ Vn
agree(W, Wn); agree(C, Cn)
F = lambda v: rnd(v, 4)
SI, SJ = 1, 0                                    # the slip: weights[coche, the]
good = F(W[SI][SJ])
slip = good[:-2] + good[-1] + good[-2]
assert slip != good
Wshow = [[F(w) for w in r] for r in W]
Wshow[SI][SJ] = slip
Vl = [[lit(v) for v in r] for r in V]
# the author's outputs, recomputed in a spreadsheet from the table's 4-decimal weights; for el that gives the exact
# rounding, for coche it carries the slip
Cshow = [[F(mpmath.fsum(mpf(Wshow[i][j]) * mpf(Vl[j][m]) for j in range(3))) for m in range(2)] for i in range(2)]
Cclean = [[F(c) for c in r] for r in C]
assert Cshow[0] == Cclean[0], (Cshow[0], Cclean[0])

d = Doc("readme-cross-codecogs", "md",
        "English GitHub README: cross-attention of 2 decoder states over 3 encoder states (Wq on the decoder, Wk/Wv "
        "on the encoder, 3 -> 2, /sqrt(2)); matrices as latex.codecogs.com equation images with percent-encoded "
        "LaTeX (givens, Q, K, V, scaled scores), the weights and outputs also in Markdown tables",
        "cross-attention: Q = S_dec Wq (decoder el, coche), K = H_enc Wk, V = H_enc Wv (encoder the, red, car), "
        "scaled by sqrt(2)",
        script=Path(__file__).name,
        note=f"One planted slip: in the weights table, coche→the is written {slip} instead of {good} (last two "
             "digits swapped; the row no longer sums to 1). The output row of coche, which the README says was "
             "recomputed from that table, is propagated (any where it prints the same); the equation images and "
             "the row of el are correct.")
A = d


def bm(M):
    return "\\begin{bmatrix}" + "\\\\".join("&".join(r) for r in M) + "\\end{bmatrix}"


def img(alt, latex, claims=(), opts=()):
    A(f"![{alt}]({codecogs(latex)})", claims=claims, opts=opts)


A('<h1 align="center">tiny-cross-attn</h1>')
A("")
A('<p align="center">')
A('  <img src="https://img.shields.io/badge/python-3.10%2B-blue" alt="python">', nots=["3.10"])
A('  <img src="https://img.shields.io/badge/license-MIT-green" alt="license">')
A("</p>")
A("")
A("A 60-line NumPy script that prints **every intermediate matrix** of one encoder-decoder (cross) attention "
  "step, so you can compare it with your hand calculation. The decoder is translating *the red car* and has "
  "produced *el coche* so far.", nots=["60"])
A("")
A("## Run")
A("")
A("```bash")
A("pip install numpy")
A("python cross_attn.py --decimals 4", nots=["4"])
A("```")
A("")
A("## The example")
A("")
A("Encoder states (rows: the, red, car) and decoder states (rows: el, coche):")
A("")
img("H_enc", "H_{enc}=" + bm(Hs))
A("")
img("S_dec", "S_{dec}=" + bm(Ss_))
A("")
A("Projection weights (queries from the decoder, keys and values from the encoder):")
A("")
for nm, M in (("W_Q", Wqs), ("W_K", Wks), ("W_V", Wvs)):
    img(nm, f"{nm}=" + bm(M))
    A("")
A("## Output of the script")
A("")
A("### Projections")
A("")
for nm, M, labels in (("Q", Q, dec), ("K", K, enc), ("V", V, enc)):
    cells = [[lit(v) for v in r] for r in M]
    expr = {"Q": "Q=S_{dec}W_Q=", "K": "K=H_{enc}W_K=", "V": "V=H_{enc}W_V="}[nm]
    img(nm, expr + bm(cells),
        claims=[(cells[i][m], f"{nm}[{labels[i]}][{m + 1}]", "correct") for i in range(len(M)) for m in range(2)])
    A("")
A("### Scaled scores")
A("")
cells = [[F(v) for v in r] for r in Sc]
img("scaled", "\\frac{QK^\\top}{\\sqrt{2}}=" + bm(cells),
    claims=[(cells[i][j], f"scaled[{dec[i]},{enc[j]}]", "correct") for i in range(2) for j in range(3)])
A("")
A("<details>")
A("<summary>Raw scores before the division</summary>")
A("")
A("| query \\ key | " + " | ".join(enc) + " |")
A("|---|---|---|---|")
for i, t in enumerate(dec):
    A(f"| {t} | " + " | ".join(lit(Sraw[i][j]) for j in range(3)) + " |",
      claims=[(lit(Sraw[i][j]), f"scores[{t},{enc[j]}]", "correct") for j in range(3)])
A("")
A("</details>")
A("")
A("### Attention weights")
A("")
A("| query \\ key | " + " | ".join(enc) + " |")
A("|---|---|---|---|")
for i, t in enumerate(dec):
    A(f"| {t} | " + " | ".join(Wshow[i]) + " |",
      claims=[(Wshow[i][j], f"weights[{t},{enc[j]}]", "wrong" if (i, j) == (SI, SJ) else "correct") for j in range(3)])
A("")
A("### Outputs")
A("")
A("I copied the weights above into a spreadsheet and multiplied them into V to double-check the script; "
  "these are the spreadsheet numbers.")
A("")
A("| decoder token | out 1 | out 2 |")
A("|---|---|---|")
for i, t in enumerate(dec):
    A(f"| {t} | {Cshow[i][0]} | {Cshow[i][1]} |",
      claims=[(Cshow[i][m], f"context[{t}][{m + 1}]", "correct" if i == 0 else fate(Cshow[i][m], Cclean[i][m]))
              for m in range(2)])
A("")
jm = max(range(3), key=lambda j: W[0][j])
A(f"*el* attends most to *{enc[jm]}* ({Wshow[0][jm]}), which is what you would hope for a translation model, "
  "even an untrained one. 🙂", claims=[(Wshow[0][jm], f"weights[el,{enc[jm]}]", "correct")])
A("")
A("## License")
A("")
A("MIT © 2024 tiny-cross-attn contributors", nots=["2024"])
d.save()
