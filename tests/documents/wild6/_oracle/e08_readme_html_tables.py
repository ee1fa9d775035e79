"""English GitHub README (badges, <details>, <sub>, HTML <table> blocks inside Markdown with <th> token headers and
one <td> per cell on one line per row): Q, K, V given directly for 4 tokens (d_k = 2); raw scores, scaled scores,
weights and outputs as HTML tables. One planted slip: a raw score with its sign dropped, chained into its scaled
score, that row's weights and output."""
from pathlib import Path

from w6lib import *

toks = ["I", "saw", "a", "bird"]
Qs = [["0.9", "0.3"], ["-0.4", "1.1"], ["0.2", "-0.7"], ["1.0", "0.6"]]
Ks = [["0.5", "0.8"], ["1.2", "-0.3"], ["-0.6", "0.4"], ["0.7", "0.9"]]
Vs = [["1.0", "0.0"], ["0.4", "0.9"], ["-0.3", "0.5"], ["0.8", "-0.6"]]
Q, K, V = mat(Qs), mat(Ks), mat(Vs)
S, Sc, E, Z, W, O = sdpa(Q, K, V)
Qn, Kn, Vn = (np.array(a, float) for a in (Qs, Ks, Vs))
Sn = Qn @ Kn.T; Wn = np_softmax(Sn / np.sqrt(2))
agree(S, Sn); agree(W, Wn); agree(O, Wn @ Vn)
SI, SJ = 2, 2   # scores[a, a] = 0.2*(-0.6) + (-0.7)*0.4 = -0.4, written 0.4
true_s = lit(S[SI][SJ])
SLIP = true_s[1:] if true_s.startswith("-") else "-" + true_s
S2 = [r[:] for r in S]
S2[SI][SJ] = mpf(SLIP)
c = mpmath.sqrt(2)
Sc2 = [[v / c for v in r] for r in S2]
W2 = [softmax(r) for r in Sc2]
O2 = mm(W2, V)
F = lambda v: rnd(v, 4)

d = Doc("readme-html-tables", "md",
        "English GitHub README (badges, <details>, HTML <table> blocks with token headers, one row per line): Q, K, V "
        "given directly for 4 tokens, d_k = 2; raw scores, scaled scores, softmax weights and outputs in HTML tables, "
        "one row's softmax worked in a <details> block; one planted slip chained",
        "softmax(Q K^T / sqrt(2)) V with Q, K, V given",
        script=Path(__file__).name,
        note=f"planted slip: the raw score a·a = (0.2)(-0.6) + (-0.7)(0.4) is written {SLIP} instead of {true_s} (sign "
             "dropped); its scaled score, the four weights of row 'a' (and the worked exps and sum of that row) and the "
             "output of 'a' are propagated; every other row is correct")
A = d


def table(name, M_, qty, fmt_, truth=None, cols=None, dep=lambda i, j: False):
    cols = cols or toks
    A("<table>")
    A("<tr><th>" + name + "</th>" + "".join(f"<th>{c_}</th>" for c_ in cols) + "</tr>")
    for i, t in enumerate(toks):
        cells = [fmt_(v) for v in M_[i]]
        cl = []
        for j, s in enumerate(cells):
            if qty is None:
                continue
            qn = f"{qty}[{t},{cols[j]}]" if cols is toks else f"{qty}[{t}][{j + 1}]"
            if truth is not None and dep(i, j):
                v = "wrong" if (qty == "scores" and (i, j) == (SI, SJ)) else fate(s, fmt_(truth[i][j]))
            else:
                v = "correct"
            cl.append((s, qn, v))
        A(f"<tr><td><b>{t}</b></td>" + "".join(f"<td>{s}</td>" for s in cells) + "</tr>", claims=cl,
          opts=cells if qty is None else [])
    A("</table>")


A('<h1 align="center">tiny-attention</h1>')
A("")
A('<p align="center">')
A('  <img src="https://img.shields.io/badge/python-3.10%2B-blue" alt="python 3.10+">', nots=["3.10"])
A('  <img src="https://img.shields.io/badge/license-MIT-green" alt="MIT">')
A('  <img src="https://img.shields.io/github/stars/rkowal/tiny-attention?style=social" alt="stars">')
A("</p>")
A("")
A("A 60-line, dependency-free implementation of scaled dot-product attention, written for a reading group. "
  "This README walks through the example in `examples/bird.py` so you can check the code against the numbers.",
  nots=["60"])
A("")
A("## Install")
A("")
A("```bash")
A("pip install tiny-attention==0.3.1", nots=["0.3.1"])
A("```")
A("")
A("## The worked example")
A("")
A("We skip the projections and hand the layer Q, K and V directly (as if `W_Q`, `W_K`, `W_V` had already been "
  "applied). Four tokens, d<sub>k</sub> = 2.", nots=["2"])
A("")
A("**Queries, keys, values**")
A("")
A("<table>")
A("<tr><th>token</th><th>q</th><th>k</th><th>v</th></tr>")
for t, q, k, v in zip(toks, Qs, Ks, Vs):
    A(f"<tr><td><b>{t}</b></td><td>[{', '.join(q)}]</td><td>[{', '.join(k)}]</td><td>[{', '.join(v)}]</td></tr>")
A("</table>")
A("")
A("**1. Raw scores** q<sub>i</sub> · k<sub>j</sub> (rows: queries, columns: keys)", nots=["1"])
A("")
table("q \\ k", S2, "scores", lit, S, dep=lambda i, j: (i, j) == (SI, SJ))
A("")
A(f"**2. Scaled** by √2 ≈ {F(c)}", claims=[(F(c), "sqrt_dk", "correct")], nots=["2", "2"])
A("")
table("q \\ k", Sc2, "scaled", F, Sc, dep=lambda i, j: (i, j) == (SI, SJ))
A("")
A("**3. Softmax** over each row", nots=["3"])
A("")
table("q \\ k", W2, "weights", F, W, dep=lambda i, j: i == SI)
A("")
A("<details>")
A(f"<summary>Row <code>a</code> worked out</summary>")
A("")
e2 = [mpmath.exp(v) for v in Sc2[SI]]
z2 = mpmath.fsum(e2)
A("```")
A("exp: " + ", ".join(f"e^{par(F(Sc2[SI][j]))} = {F(e2[j])}" for j in range(4)),
  claims=[(F(e2[j]), f"exp[a,{toks[j]}]", fate(F(e2[j]), F(E[SI][j])) if j == SJ else "correct") for j in range(4)],
  opts=[F(Sc2[SI][j]) for j in range(4)])
A(f"sum: {' + '.join(F(v) for v in e2)} = {F(z2)}",
  claims=[(F(z2), "expsum[a]", fate(F(z2), F(Z[SI])))], opts=[F(v) for v in e2])
A("weights: " + ", ".join(f"{F(e2[j])} / {F(z2)} = {F(W2[SI][j])}" for j in range(4)),
  claims=[(F(W2[SI][j]), f"weights[a,{toks[j]}]", fate(F(W2[SI][j]), F(W[SI][j]))) for j in range(4)],
  opts=[F(v) for v in e2] + [F(z2)] * 4)
A("```")
A("")
A("</details>")
A("")
A("**4. Output** = weights × V", nots=["4"])
A("")
table("token", O2, "context", F, O, cols=["out₁", "out₂"], dep=lambda i, j: i == SI)
A("")
A(f"<sub>Each row of step 3 sums to 1. The `bird` query spends {rnd(W2[3][1] * 100, 1)}% of its attention on "
  f"`saw`.</sub>", claims=[(rnd(W2[3][1] * 100, 1), "weights[bird,saw] in percent", "correct")], nots=["3", "1"])
A("")
A("## Running it")
A("")
A("```bash")
A("python examples/bird.py --precision 4", nots=["4"])
A("```")
A("")
A("## License")
A("")
A("MIT © 2025 R. Kowal", nots=["2025"])
d.save()
