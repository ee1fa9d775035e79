from lib import *
import mpmath

toks = ["The", "cat", "sleeps"]
X = [["0.9", "0.1", "0.4"], ["0.2", "0.8", "0.5"], ["0.3", "0.6", "0.7"]]
# slip: the cat-sleeps score mis-added
A0 = attention(Q=X, K=X, V=X, scale=True, nd={"scores": None})
good = A0["scores"][1][2].text
A = attention(Q=X, K=X, V=X, scale=True, nd={"scores": None}, slips={("scores", 1, 2): "0.79"}); settle(A, A0)
print("good score", good)
d = Doc("attention-no-projection-scaled", "dot-product self-attention of 'The cat sleeps' with Q = K = V = X (no projections), scaled by sqrt(3)",
        "attention (no projections, scaled)", "exact",
        f"slip: score[cat,sleeps] printed 0.79 instead of {good} (wrong sum); scaled[cat,sleeps], the cat weight row and the cat context vector propagate")
d.add("# Attention without the weight matrices")
d.add("")
d.add("Before Wq, Wk and Wv make things confusing, it helps to run attention on the raw embeddings: every token is its own query, key and value (Q = K = V = X).")
d.add("The sentence is **The cat sleeps**, and its three words get these three-dimensional embeddings, in order:")
d.add("")
for i, x in enumerate(X):
    d.add(f"    x{'₁₂₃'[i]} = [{', '.join(x)}]")
d.add("")
d.add("## Scores")
d.add("")
c = A["scores"][0][1]
d.add(f"Each score is a dot product. *The* against *cat*: 0.9·0.2 + 0.1·0.8 + 0.4·0.5 = 0.18 + 0.08 + 0.20 = {c.text}",
      claims=[("0.18", "product 0.9*0.2", "correct"), ("0.08", "product 0.1*0.8", "correct"), ("0.20", "product 0.4*0.5", "correct"),
              (c.text, "scores[The,cat]", c.verdict)], opts=["0.9", "0.2", "0.1", "0.8", "0.4", "0.5"])
c = A["scores"][1][2]
d.add(f"*cat* against *sleeps*: 0.2·0.3 + 0.8·0.6 + 0.5·0.7 = 0.06 + 0.48 + 0.35 = {c.text}",
      claims=[("0.06", "product 0.2*0.3", "correct"), ("0.48", "product 0.8*0.6", "correct"), ("0.35", "product 0.5*0.7", "correct"),
              (c.text, "scores[cat,sleeps]", c.verdict)], opts=["0.2", "0.3", "0.8", "0.6", "0.5", "0.7"])
d.add("")
d.add("| Q \\ K | The | cat | sleeps |")
d.add("|---|---|---|---|")
for i, t in enumerate(toks):
    row = A["scores"][i]
    d.add(f"| {t} | " + " | ".join(c.text for c in row) + " |", claims=claims_of(row, lambda j: f"scores[{t},{toks[j]}]"))
d.add("")
d.add("## Scaling")
d.add("")
d.add("The embeddings have d = 3 dimensions, so every score is divided by √3 ≈ 1.7321.", nots=["3", "3"], opts=["1.7321"])
d.add("")
d.add("| Q \\ K | The | cat | sleeps |")
d.add("|---|---|---|---|")
for i, t in enumerate(toks):
    row = A["scaled"][i]
    d.add(f"| {t} | " + " | ".join(c.text for c in row) + " |", claims=claims_of(row, lambda j: f"scaled[{t},{toks[j]}]"))
d.add("")
d.add("## Softmax")
d.add("")
i = 0
ex = A["exp"][0]; es = A["expsum"][0]
d.add("Row *The*, one exponential at a time:")
d.add("")
for j in range(3):
    d.add(f"- exp({A['scaled'][0][j].text}) = {ex[j].text}", claims=[(ex[j].text, f"exp scaled[The,{toks[j]}]", ex[j].verdict)],
          opts=[A['scaled'][0][j].text])
d.add(f"- sum = {es.text}", claims=[(es.text, "sum of exps, row The", es.verdict)])
d.add("")
d.add("| weights | The | cat | sleeps |")
d.add("|---|---|---|---|")
for i, t in enumerate(toks):
    row = A["weights"][i]
    d.add(f"| {t} | " + " | ".join(c.text for c in row) + " |", claims=claims_of(row, lambda j: f"weights[{t},{toks[j]}]"))
d.add("")
d.add("## Context vectors")
d.add("")
d.add("Because V = X, each context vector is a weighted average of the embeddings themselves:")
d.add("")
d.add("```")
for i, t in enumerate(toks):
    w = A["weights"][i]; cx = A["context"][i]
    for j in range(3):
        lead = f"context[{t}] = " if j == 0 else " " * (len(f"context[{t}] = ") - 2) + "+ "
        d.add(f"{lead}{w[j].text} * [{', '.join(X[j])}]", opts=[w[j].text] + X[j])
    pad = " " * (len(f"context[{t}] = ") - 2)
    d.add(f"{pad}= [{', '.join(c.text for c in cx)}]", claims=claims_of(cx, lambda k: f"context[{t}][{k+1}]"))
d.add("```")
d.add("")
d.add("*sleeps* ends up closest to *cat*, which is what we would hope for a subject and its verb.")
d.planted = 1
d.write("md")
