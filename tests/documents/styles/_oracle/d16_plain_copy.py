from lib import *

toks = ["bread", "and", "butter"]
X = [["0.7", "0.2", "0.5"], ["0.1", "0.4", "0.3"], ["0.6", "0.8", "0.2"]]
Wq = [["0.2", "0.6"], ["0.5", "0.1"], ["0.3", "0.4"]]
Wk = [["0.4", "0.2"], ["0.1", "0.7"], ["0.6", "0.3"]]
Wv = [["0.5", "0.3"], ["0.2", "0.9"], ["0.7", "0.1"]]
A = attention(X=X, Wq=Wq, Wk=Wk, Wv=Wv, scale=True, nd={"Q": None, "scores": None, "weights": 4, "context": 3})
d = Doc("plain-text-copied-blog", "a blog post copied as plain text (no markup: whitespace tables, working lines), attention for bread and butter with Wq, Wk, Wv, scaled by sqrt(2), weighted-V table",
        "attention (projections, scaled)", "exact",
        "weighted V rounded to 3 decimals from the exact products; the context of butter is the sum of the printed weighted values (0.572, where the exact value rounds to 0.571: a rounding difference, not a slip); slip: the closing summary repeats the context of butter with a different value than the walkthrough (a conflict; the walkthrough is right)")
d.add("Attention, the long way round (part 2)")
d.add("Posted by a tired TA")
d.add("Last week we built Q, K and V. This week we finish the job for the phrase bread and butter.")
d.add("Embeddings")
for t, x in zip(toks, X):
    d.add(f"{t} = [{', '.join(x)}]")
d.add("Weights")
for nm, W in (("Wq", Wq), ("Wk", Wk), ("Wv", Wv)):
    d.add(f"{nm} = [[{', '.join(W[0])}], [{', '.join(W[1])}], [{', '.join(W[2])}]]")
d.add("Queries, keys and values")
d.add("token q k v")
for i, t in enumerate(toks):
    cl = []
    for s in "QKV":
        cl += claims_of(A[s][i], lambda j: f"{s}[{t}][{j+1}]")
    d.add(f"{t} " + " ".join("[" + ", ".join(c.text for c in A[s][i]) + "]" for s in "QKV"), claims=cl)
d.add("Scores")
q, k = A["Q"][2], A["K"][0]
s = A["scores"][2][0]
d.add(f"butter looking at bread: {q[0].text}×{k[0].text} + {q[1].text}×{k[1].text} = {s.text}",
      claims=[(s.text, "scores[butter,bread]", "correct")], opts=[q[0].text, k[0].text, q[1].text, k[1].text])
d.add(f"scaled: {s.text} / 1.4142 = {A['scaled'][2][0].text}", claims=[(A['scaled'][2][0].text, "scaled[butter,bread]", "correct")], opts=[s.text, "1.4142"])
d.add("all of them, already divided by √2:", nots=["2"])
d.add("  bread and butter")
for i, t in enumerate(toks):
    row = A["scaled"][i]
    d.add(f"{t} " + " ".join(c.text for c in row), claims=claims_of(row, lambda j: f"scaled[{t},{toks[j]}]"))
d.add("Softmax for butter")
for j in range(3):
    e = A["exp"][2][j]
    d.add(f"exp({A['scaled'][2][j].text}) = {e.text}", claims=[(e.text, f"exp scaled[butter,{toks[j]}]", "correct")], opts=[A['scaled'][2][j].text])
es = A["expsum"][2]
d.add(" + ".join(e.text for e in A["exp"][2]) + f" = {es.text}", claims=[(es.text, "sum of exps row butter", "correct")], opts=[e.text for e in A["exp"][2]])
d.add("weights")
d.add("  bread and butter")
for i, t in enumerate(toks):
    row = A["weights"][i]
    d.add(f"{t} " + " ".join(c.text for c in row), claims=claims_of(row, lambda j: f"weights[{t},{toks[j]}]"))
d.add("Context for butter")
d.add("source weight value weighted")
wv = []
for j, u in enumerate(toks):
    w = A["weights"][2][j]; v = A["V"][j]
    prod = [r(w.value * c.value, 3) for c in v]
    wv.append(prod)
    d.add(f"{u} {w.text} [{', '.join(c.text for c in v)}] [{', '.join(prod)}]",
          claims=[(p, f"weights[butter,{u}] * V[{u}][{m+1}]", "correct") for m, p in enumerate(prod)], opts=[w.text] + [c.text for c in v])
cx = A["context"][2]
# the walkthrough adds the printed weighted values, as an author would (chained): replace the butter context texts
for m in range(2):
    chained = exact_str(sum(mpf(p[m]) for p in wv))
    if chained != cx[m].text:
        print("butter context chained", chained, "exact", cx[m].text)
    cx[m].text = chained
d.add(" + ".join("[" + ", ".join(p) + "]" for p in wv), opts=[x for p in wv for x in p])
d.add(f"= [{', '.join(c.text for c in cx)}]", claims=claims_of(cx, lambda j: f"context[butter][{j+1}]"))
d.add("Summary: every context vector")
for i, t in enumerate(toks):
    cx = A["context"][i]
    cells = [c.text for c in cx]; cl = claims_of(cx, lambda j: f"context[{t}][{j+1}]")
    if i == 2:
        g = cells[1]; b = g[:-2] + g[-1] + g[-2]
        if b == g:
            b = g[:-1] + str((int(g[-1]) + 2) % 10)
        cells[1] = b; cl[1] = (b, f"context[{t}][2] (summary restates it)", "wrong")
    d.add(f"{t} [{', '.join(cells)}]", claims=cl)
d.add("Next time: the feed-forward block. Bring coffee.")
d.write("txt")
