"""English Stack Exchange (AI / Cross Validated) question and accepted answer copied as Markdown: vote counts, tags,
asked/answered lines, a comment thread full of filler numbers. The answer works one query's row of attention with
the numbers inline in sentences: q·k dot products term by term, /sqrt(3), e^x, the sum, the weights (also as
percentages) and the context vector. One planted slip in an exponential, carried into the sum, every weight and the
context vector."""
from pathlib import Path

from w7lib import *

keys = ["animal", "street", "it", "tired"]
qs = ["0.6", "-0.2", "0.9"]
Ks = {"animal": ["0.8", "0.1", "0.7"], "street": ["0.2", "0.9", "-0.3"], "it": ["0.5", "0.3", "0.4"],
      "tired": ["-0.1", "0.6", "0.8"]}
Vs = {"animal": ["1.0", "0.2"], "street": ["-0.3", "0.8"], "it": ["0.4", "0.5"], "tired": ["0.6", "-0.7"]}
q = mat(qs)
K = [mat(Ks[k]) for k in keys]
V = [mat(Vs[k]) for k in keys]
s = [dot(q, k) for k in K]
c = mpmath.sqrt(3)
sc = [x / c for x in s]
e = [mpmath.exp(x) for x in sc]
F = lambda v: rnd(v, 4)
SJ = 1
te = F(e[SJ])
SLIP = te[:-2] + te[-1] + te[-2]
assert SLIP != te
es = list(e); es[SJ] = mpf(SLIP)
Zs, Zc = mpmath.fsum(es), mpmath.fsum(e)
ws, wc = [x / Zs for x in es], [x / Zc for x in e]
cs = [mpmath.fsum(ws[j] * V[j][m] for j in range(4)) for m in range(2)]
cc = [mpmath.fsum(wc[j] * V[j][m] for j in range(4)) for m in range(2)]
qn, Kn, Vn = np.array(qs, float), np.array([Ks[k] for k in keys], float), np.array([Vs[k] for k in keys], float)
wn = np_softmax(Kn @ qn / np.sqrt(3)); agree(wc, wn); agree(cc, wn @ Vn)

d = Doc("se-one-row", "md",
        "English Stack Exchange question + accepted answer copied as Markdown (votes, tags, asked/answered lines, "
        "comments with filler numbers): one query ('it') against four keys and values, dot products term by term "
        "inline, /sqrt(3), exps, sum, weights and percentages, context vector; one planted slip",
        "one query q (the token 'it') against keys k and values v of 4 tokens, scaled by sqrt(3), softmax, context",
        script=Path(__file__).name,
        note=f"planted slip: e^(scaled score of street) is written {SLIP} instead of {te} (last two digits swapped); "
             "the sum of the exponentials, all four weights (decimals and percentages) and both components of the "
             "context vector are propagated (values printing the same are any); the dot products and scaled scores "
             "are correct")
A = d
A("# How is a single row of the attention matrix actually computed?")
A("")
A("Asked 2 years, 3 months ago · Modified 1 year, 11 months ago · Viewed 4k times", nots=["2", "3", "1", "11", "4"])
A("")
A("**▲ 6 ▼**", nots=["6"])
A("")
A("I'm trying to reproduce one row of scaled dot-product attention by hand for the sentence "
  "*\"the animal didn't cross the street because it was tired\"*, keeping only four of the tokens. "
  "For the query of **it** I have (d_k = 3):", nots=["3"])
A("")
A("```")
A(f"q_it     = [{', '.join(qs)}]")
for k in keys:
    A(f"k_{k:<7} = [{', '.join(Ks[k])}]    v_{k:<7} = [{', '.join(Vs[k])}]")
A("```")
A("")
A("I know the formula is softmax(QKᵀ/√d_k)V but I'm not sure whether the √d_k goes before or after the softmax, "
  "and whether the row should sum to 1. Could someone walk through the numbers?", nots=["1"])
A("")
A("`transformer` `attention` `softmax`")
A("")
A("asked Feb 27, 2022 at 16:40 — **nd_learner** (213 ● 2 ● 9)", nots=["27", "2022", "16", "40", "213", "2", "9"])
A("")
A("---")
A("")
A("## 1 Answer", nots=["1"])
A("")
A("**▲ 11 ▼** ✔", nots=["11"])
A("")
A("The scaling happens *before* the softmax, on the raw scores, and yes, each row of weights sums to 1. "
  "Here is your row.", nots=["1"])
A("")
A("**Scores.** Each score is the dot product of q_it with a key:")
A("")
for j, k in enumerate(keys):
    terms = " + ".join(f"({a})({b})" for a, b in zip(qs, Ks[k]))
    A(f"- q·k_{k} = {terms} = {lit(s[j])}", claims=[(lit(s[j]), f"scores[it,{k}]", "correct")], opts=qs + Ks[k])
A("")
A(f"**Scaling.** √3 ≈ {F(c)}, so the scaled scores are {', '.join(F(x) for x in sc[:3])} and {F(sc[3])}.",
  claims=[(F(c), "sqrt_dk", "correct")] + [(F(sc[j]), f"scaled[it,{keys[j]}]", "correct") for j in range(4)], nots=["3"])
A("")
A(f"**Softmax.** Exponentiate each one: e^{F(sc[0])} = {F(es[0])}, e^{F(sc[1])} = {F(es[1])}, "
  f"e^{F(sc[2])} = {F(es[2])} and e^{F(sc[3])} = {F(es[3])}.",
  claims=[(F(es[j]), f"exp[it,{keys[j]}]", "wrong" if j == SJ else "correct") for j in range(4)],
  opts=[F(sc[j]) for j in range(4)])
A(f"Their sum is {F(Zs)}, and dividing each exponential by it gives the weights "
  f"{', '.join(F(w) for w in ws[:3])} and {F(ws[3])}, which do add up to 1 (up to rounding).",
  claims=[(F(Zs), "expsum[it]", fate(F(Zs), F(Zc)))] +
         [(F(ws[j]), f"weights[it,{keys[j]}]", fate(F(ws[j]), F(wc[j]))) for j in range(4)], nots=["1"])
pc = [rnd(100 * w, 1) for w in ws]
pcc = [rnd(100 * w, 1) for w in wc]
A(f"In words: *it* puts {pc[0]}% of its attention on *animal*, {pc[1]}% on *street*, {pc[2]}% on itself and "
  f"{pc[3]}% on *tired*.",
  claims=[(pc[j] + "%", f"weights[it,{keys[j]}]", fate(pc[j], pcc[j])) for j in range(4)])
A("")
A("**Output.** The output is the weighted sum of the values:")
A("")
for m in range(2):
    terms = " + ".join(f"{F(ws[j])}·({Vs[keys[j]][m]})" for j in range(4))
    A(f"    z_{m + 1} = {terms} = {F(cs[m])}",
      claims=[(F(cs[m]), f"context[it][{m + 1}]", fate(F(cs[m]), F(cc[m])))],
      opts=[F(w) for w in ws] + [Vs[k][m] for k in keys], nots=[str(m + 1)])
A("")
A(f"so the new representation of *it* is [{F(cs[0])}, {F(cs[1])}]. With a trained model the weight on *animal* "
  "would be much larger; with these made-up vectors it is the largest, but far from dominant.",
  claims=[(F(cs[m]), f"context[it][{m + 1}]", fate(F(cs[m]), F(cc[m]))) for m in range(2)])
A("")
A("answered Feb 27, 2022 at 18:05 — **softmax_sally** (4,812 ● 3 ● 21 ● 47)",
  nots=["27", "2022", "18", "05", "4,812", "3", "21", "47"])
A("")
A("---")
A("")
A("**3 Comments**", nots=["3"])
A("")
A("- Thanks! I was dividing by 3 instead of √3. – nd_learner Feb 27, 2022 at 19:12", nots=["3", "27", "2022", "19", "12"])
A("- Worth adding that in the paper d_k = 64, so the factor is 8 and it matters a lot more than here. "
  "Section 3.2.1 of Vaswani et al. (2017). – kq_v Feb 28, 2022 at 8:47",
  nots=["64", "8", "3.2.1", "2017", "28", "2022", "47"])
A("- @kq_v true, and in GPT-2 small it is 768/12 = 64 per head as well. – softmax_sally Mar 1, 2022 at 10:03",
  nots=["2", "768", "12", "64", "1", "2022", "10", "03"])
d.save()
