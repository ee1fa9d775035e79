"""English Medium post exported to Markdown (subtitle, author/Follow, 'min read' line, --, claps, Listen/Share,
figure caption): Q, K, V handed over directly; the author works by calculator, rounding every step to 4 decimals
(chained): scores, /1.4142, e^x, the sum of the exps as a vertical sum under a ------ rule, weights, and each output as
a Python-style working line 'w1 * [a, b] + w2 * [c, d] + w3 * [e, f] = [x, y]'. One planted slip."""
from pathlib import Path

from w9lib import *

toks = ["rain", "falls", "softly"]
Qs = [["0.4", "0.9"], ["1.1", "0.3"], ["0.6", "0.5"]]
Ks = [["0.7", "0.2"], ["0.3", "1.0"], ["0.8", "0.6"]]
Vs = [["0.2", "0.4"], ["0.9", "0.1"], ["0.5", "0.7"]]
Q, K, V = map(mat, (Qs, Ks, Vs))
n = 3
S = [[lit(dot(Q[i], K[j])) for j in range(n)] for i in range(n)]
Sc = [[rnd(mpf(S[i][j]) / mpf("1.4142"), 4) for j in range(n)] for i in range(n)]


def chain(i, exps=None):
    es = exps or [rnd(mpmath.exp(mpf(s)), 4) for s in Sc[i]]
    z = rnd(mpmath.fsum(mpf(e) for e in es), 4)
    ws = [rnd(mpf(e) / mpf(z), 4) for e in es]
    out = [lit(mpmath.fsum(mpf(ws[j]) * mpf(Vs[j][m]) for j in range(n))) for m in range(2)]
    return es, z, ws, out


clean = [chain(i) for i in range(n)]
SI, SJ = 1, 2                          # the slip: exp[falls, softly]
good = clean[SI][0][SJ]
slipped = good[:-2] + good[-1] + good[-2]
assert slipped != good, good
es_bad = list(clean[SI][0]); es_bad[SJ] = slipped
shown = list(clean); shown[SI] = chain(SI, es_bad)
# float64 check of the exact pipeline; the clean chain stays close to it
Wn = np_softmax(np.array(Qs, float) @ np.array(Ks, float).T / np.sqrt(2)); Cn = Wn @ np.array(Vs, float)
ex = sdpa(Q, K, V, scale=mpmath.sqrt(2))
agree(ex[4], Wn); agree(ex[5], Cn)
assert np.abs(np.array([c[2] for c in clean], float) - Wn).max() < 3e-4

d = Doc("medium-fstring-sums", "md",
        "English Medium post (export): Q, K, V given for 3 tokens; scores, /1.4142, e^x, vertical sums under a "
        "------ rule, weights, and Python-style working lines 'w1 * [..] + w2 * [..] + w3 * [..] = [..]', every "
        "step from the previous step's printed 4-decimal numbers",
        "attention from Q, K, V given directly, scaled by sqrt(2) written 1.4142, worked by hand step after step",
        script=Path(__file__).name, rounding="chained",
        note=f"One planted slip: e^{Sc[SI][SJ]} (falls→softly) is written {slipped} instead of {good} (last two "
             "digits swapped). The vertical sum of the falls row, its three weights and both components of its "
             "output line (and their restatement in the summary table) are propagated (any where they print the "
             "same); the other rows are correct.")
A = d
A("# Attention, One Calculator Step at a Time")
A("")
A("## I rounded every number to four places, like on paper. Here is every line of it.")
A("")
A("[![Priya Raman](https://miro.medium.com/v2/resize:fill:88:88/1*pr-avatar.jpeg)](https://medium.com/@priya.raman)",
  )
A("")
A("[Priya Raman](https://medium.com/@priya.raman)")
A("")
A("Follow")
A("")
A("6 min read · Mar 3, 2024", nots=["6", "3", "2024"])
A("")
A("--")
A("")
A("214", nots=["214"])
A("")
A("Listen")
A("")
A("Share")
A("")
A("Most attention tutorials hand you a NumPy one-liner. I wanted the opposite: a three-word example where every "
  "intermediate number is written down, so you can follow along with a phone calculator. I round to 4 decimals at "
  "each step and carry the *rounded* number forward, exactly as you would on paper.", nots=["4"])
A("")
A("![Three words, three arrows](https://miro.medium.com/v2/resize:fit:1400/1*attn-arrows.png)")
A("")
A("*Figure 1: the three words and who looks at whom.*", nots=["1"])
A("")
A("## The vectors")
A("")
A("I skip the projection step and start from queries, keys and values (d_k = 2):", nots=["2"])
A("")
A("```python")
for nm, M in (("Q", Qs), ("K", Ks), ("V", Vs)):
    A(f"{nm} = {{" + ", ".join(f'"{t}": [{", ".join(r)}]' for t, r in zip(toks, M)) + "}")
A("```")
A("")
A("## Step 1: dot products")
A("")
A(f"For *falls* against *rain*: 1.1 × 0.7 + 0.3 × 0.2 = {S[1][0]}. All nine:",
  claims=[(S[1][0], "scores[falls,rain]", "correct")], opts=["1.1", "0.7", "0.3", "0.2"])
A("")
A("| query \\ key | " + " | ".join(toks) + " |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    A(f"| {t} | " + " | ".join(S[i]) + " |", claims=[(S[i][j], f"scores[{t},{toks[j]}]", "correct") for j in range(n)])
A("")
A("## Step 2: divide by √2 ≈ 1.4142", claims=[("1.4142", "sqrt_dk", "correct")], nots=["2"])
A("")
A("| query \\ key | " + " | ".join(toks) + " |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    A(f"| {t} | " + " | ".join(Sc[i]) + " |", claims=[(Sc[i][j], f"scaled[{t},{toks[j]}]", "correct") for j in range(n)])
A("")
A("## Step 3: exponentials and their sums")
A("")
A("I add the three exponentials of each row the old-fashioned way, one under the other:")
A("")
for i, t in enumerate(toks):
    es, z = shown[i][0], shown[i][1]
    ces, cz = clean[i][0], clean[i][1]
    A(f"**{t}**")
    A("")
    A("```")
    for j in range(n):
        v = "wrong" if (i, j) == (SI, SJ) else "correct"
        A(f"  e^{Sc[i][j]:<7} = {es[j]}", claims=[(es[j], f"exp[{t},{toks[j]}]", v)], opts=[Sc[i][j]])
    A("")
    for j in range(n):
        A(("+ " if j else "  ") + es[j], opts=[es[j]])
    A("-" * 8)
    A(f"  {z}", claims=[(z, f"expsum[{t}]", "correct" if i != SI else fate(z, cz))])
    A("```")
    A("")
A("## Step 4: weights")
A("")
A("Each exponential divided by its row sum:")
A("")
A("| query \\ key | " + " | ".join(toks) + " |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    ws, cws = shown[i][2], clean[i][2]
    A(f"| {t} | " + " | ".join(ws) + " |",
      claims=[(ws[j], f"weights[{t},{toks[j]}]", "correct" if i != SI else fate(ws[j], cws[j])) for j in range(n)])
A("")
A("## Step 5: mix the values")
A("")
A("I typed these out Python-style because it is easier to check the brackets:")
A("")
A("```python")
for i, t in enumerate(toks):
    ws, out = shown[i][2], shown[i][3]
    cws, cout = clean[i][2], clean[i][3]
    terms = " + ".join(f"{ws[j]} * [{', '.join(Vs[j])}]" for j in range(n))
    A(f"# {t}")
    A(f"{terms} = [{out[0]}, {out[1]}]",
      claims=[(out[m], f"context[{t}][{m + 1}]", "correct" if i != SI else fate(out[m], cout[m])) for m in range(2)],
      opts=ws + [v for r in Vs for v in r])
A("```")
A("")
A("## Summary")
A("")
A("| word | output |")
A("|---|---|")
for i, t in enumerate(toks):
    out, cout = shown[i][3], clean[i][3]
    A(f"| {t} | [{out[0]}, {out[1]}] |",
      claims=[(out[m], f"context[{t}][{m + 1}]", "correct" if i != SI else fate(out[m], cout[m])) for m in range(2)])
A("")
A("If you run the same thing in NumPy you will see differences in the fourth decimal. That is the price of rounding "
  "as you go, not a bug.")
A("")
A("*Thanks for reading! If this helped, a clap or two goes a long way.*")
A("")
A("[Machine Learning](https://medium.com/tag/machine-learning) [Transformers](https://medium.com/tag/transformers)")
A("")
A("Written by Priya Raman")
A("")
A("1.2K Followers", nots=["1.2"])
d.save()
