"""Data Science Stack Exchange answer (Markdown with inline $...$): one query row worked by hand against three keys,
dot products term by term, /sqrt(d_k), exponentials, the sum, the weights and the weighted sum of values."""
from pathlib import Path

import numpy as np

from w3lib import *

qs = ["1.2", "-0.4", "0.6", "0.8"]
ks = [["0.5", "1.0", "-0.2", "0.3"], ["0.9", "0.1", "0.4", "-0.5"], ["-0.3", "0.7", "1.1", "0.6"]]
vs = [["1.0", "0.0"], ["0.2", "0.8"], ["-0.5", "0.6"]]
q, K, Vv = V(qs), V(ks), V(vs)
s = [dot(q, k) for k in K]
sc = [x / 2 for x in s]
e = [mpmath.exp(x) for x in sc]
S = mpmath.fsum(e)
w = [x / S for x in e]
o = [mpmath.fsum(w[j] * Vv[j][c] for j in range(3)) for c in range(2)]
qn, Kn, Vn = np.array(qs, float), np.array(ks, float), np.array(vs, float)
sn = Kn @ qn / 2; wn = np.exp(sn) / np.exp(sn).sum()
np_same(w, wn); np_same(o, wn @ Vn)

d = Doc("se-answer-one-row", "md",
        "English Data Science Stack Exchange answer (Markdown, inline $...$ maths): one query vector against three keys "
        "worked by hand, each dot product written term by term, divided by sqrt(4), e^x, their sum, weights and the "
        "output as a weighted sum of value vectors; vote counts, dates and paper settings as filler",
        "softmax(q K^T / sqrt(d_k)) V for a single query row, d_k = 4", "exact", gen=Path(__file__).name)
add = d.add
add("**Question:** How exactly is one row of the attention matrix computed? I get the formula but not the numbers")
add("")
add("I understand $\\text{softmax}(QK^T/\\sqrt{d_k})V$ in principle, but every tutorial skips from the formula to a heatmap. "
    "Could someone walk through one row with actual numbers? In the paper $d_k = 64$ and there are 8 heads, which is too big to follow.",
    nots=["64", "8"])
add("")
add("*asked Jun 14, 2022 at 9:41* · *viewed 3k times*", nots=["14", "2022", "9", "41"])
add("")
add("---")
add("")
add("**Answer** (score: 27)", nots=["27"])
add("")
add("Sure. Take a single query, say the token *bank*, with $d_k = 4$, and three keys/values (the tokens *river*, *bank*, *money*). "
    "I'm just making these up; in a real model they come out of $XW_Q$, $XW_K$, $XW_V$.", nots=["4"])
add("")
add(f"$q = ({', '.join(qs)})$")
add("")
for j, nm in enumerate(("river", "bank", "money")):
    add(f"$k_{j+1} = ({', '.join(ks[j])})$, $\\quad v_{j+1} = ({', '.join(vs[j])})$ &nbsp; ({nm})")
    add("")
add("**Step 1: dot products.** Multiply component-wise and add:")
add("")
for j in range(3):
    terms = " + ".join(f"{par(qs[c])} \\cdot {par(ks[j][c])}" for c in range(4))
    prods = [q[c] * K[j][c] for c in range(4)]
    ptxt = " ".join((("+ " if x >= 0 else "- ") if c else ("" if x >= 0 else "-")) + ex(abs(x)) for c, x in enumerate(prods))
    claims = [(ex(abs(x)) if x < 0 and c else ex(x), f"q*k{j+1}[{c+1}]", "correct") for c, x in enumerate(prods)]
    add(f"$q\\cdot k_{j+1} = {terms} = {ptxt} = {ex(s[j])}$",
        claims=claims + [(ex(s[j]), f"q.k{j+1}", "correct")], opts=[v for v in qs] + [v for v in ks[j]],
        nots=[str(j + 1)])
    add("")
add("**Step 2: scale.** $\\sqrt{d_k} = \\sqrt 4 = 2$, so the scaled scores are", claims=[("2", "sqrt(d_k)", "correct")], nots=["4"])
add("")
add(f"$${ex(s[0])}/2 = {ex(sc[0])}, \\qquad {ex(s[1])}/2 = {ex(sc[1])}, \\qquad {ex(s[2])}/2 = {ex(sc[2])}$$",
    claims=[(ex(sc[j]), f"scaled s{j+1}", "correct") for j in range(3)], opts=[ex(x) for x in s])
add("")
add("**Step 3: softmax.** Exponentiate each one:")
add("")
add(f"$e^{{{ex(sc[0])}}} \\approx {r(e[0], 4)}$, $e^{{{ex(sc[1])}}} \\approx {r(e[1], 4)}$, $e^{{{ex(sc[2])}}} \\approx {r(e[2], 4)}$",
    claims=[(r(e[j], 4), f"exp(scaled s{j+1})", "correct") for j in range(3)], opts=[ex(x) for x in sc])
add("")
add(f"The sum is ${r(e[0], 4)} + {r(e[1], 4)} + {r(e[2], 4)} = {r(S, 4)}$, and dividing each exponential by it gives the weights",
    claims=[(r(S, 4), "sum of exps", "correct")], opts=[r(x, 4) for x in e])
add("")
add(f"$$\\alpha = ({r(w[0], 4)},\\; {r(w[1], 4)},\\; {r(w[2], 4)})$$",
    claims=[(r(w[j], 4), f"alpha[{j+1}]", "correct") for j in range(3)])
add("")
add("(they add up to 1, as they should; *bank* attends most to itself here, which is typical for an untrained toy).", nots=["1"])
add("")
add("**Step 4: weighted sum of the values.**")
add("")
add(f"$$o = {r(w[0], 4)}\\,v_1 + {r(w[1], 4)}\\,v_2 + {r(w[2], 4)}\\,v_3 = ({r(o[0], 4)},\\; {r(o[1], 4)})$$",
    claims=[(r(o[0], 4), "o[1]", "correct"), (r(o[1], 4), "o[2]", "correct")], opts=[r(x, 4) for x in w],
    nots=["1", "2", "3"])
add("")
add("That vector is the new representation of *bank* coming out of this head. Do this for every query (each row of $Q$) and you get "
    "the full $n \\times d_v$ output; with 8 heads you'd concatenate 8 such outputs and multiply by $W_O$.", nots=["8"])
add("")
add("*answered Jun 15, 2022 at 7:02* · edited Jul 2, 2022", nots=["15", "2022", "7", "02", "2"])
add("")
add("- Great answer, the step 2 part was what I was missing. – *asker* Jun 15, 2022", nots=["2", "15", "2022"])
d.write()
