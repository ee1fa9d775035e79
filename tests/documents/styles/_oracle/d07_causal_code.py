from lib import *

toks = ["I", "like", "green", "tea"]
X = [["0.2", "0.7", "0.1"], ["0.5", "0.1", "0.6"], ["0.9", "0.3", "0.4"], ["0.4", "0.8", "0.5"]]
Wq = [["0.3", "0.1"], ["0.2", "0.6"], ["0.5", "0.4"]]
Wk = [["0.1", "0.7"], ["0.4", "0.2"], ["0.3", "0.5"]]
Wv = [["0.6", "0.2"], ["0.1", "0.9"], ["0.8", "0.3"]]
kw = dict(X=X, Wq=Wq, Wk=Wk, Wv=Wv, scale=True, causal=True, nd={"Q": None, "scores": None})
A0 = attention(**kw)
g1 = A0["weights"][2][1].text; g2 = A0["context"][3][0].text
b1 = g1[:3] + g1[4] + g1[3] + g1[5:]
b2 = g2[:-1] + str((int(g2[-1]) + 3) % 10)
print(g1, b1, g2, b2)
A = attention(**kw, slips={("weights", 2, 1): b1, ("context", 3, 0): b2}); settle(A, A0)
d = Doc("attention-causal-code", "causal single-head attention for 'I like green tea' with embeddings and W_q, W_k, W_v given as Python assignments, scaled by sqrt(2)",
        "attention (projections, causal mask)", "exact",
        f"slip 1: weight[green,like] printed {b1} for {g1} (digits swapped; context[green] computed from the right weights); slip 2: context[tea][1] printed {b2} for {g2}")
d.add("# A causal attention head you can check with a pencil")
d.add("")
d.add("Decoder models may only look backwards. Here is one head of masked self-attention, small enough to do by hand. The setup, as Python:")
d.add("")
d.add("```python")
d.add("# token embeddings, one row per token (d_model = 3)", nots=["3"])
d.add("X = [")
for t, x in zip(toks, X):
    d.add(f"    [{', '.join(x)}],   # \"{t}\"")
d.add("]")
d.add("")
d.add("# projections, d_model x d_k with d_k = 2", nots=["2"])
for nm, W in (("W_q", Wq), ("W_k", Wk), ("W_v", Wv)):
    d.add(f"{nm} = [[{', '.join(W[0])}],")
    d.add(f"       [{', '.join(W[1])}],")
    d.add(f"       [{', '.join(W[2])}]]")
d.add("```")
d.add("")
d.add("Rows are row vectors, so q = x · W_q. Everything below is listed in sentence order.")
d.add("")
d.add("## Q, K, V")
d.add("")
q = A["Q"][0]
d.add(f"For \"I\": q₁ = 0.2·0.3 + 0.7·0.2 + 0.1·0.5 = {q[0].text} and q₂ = 0.2·0.1 + 0.7·0.6 + 0.1·0.4 = {q[1].text}.",
      claims=[(q[0].text, "Q[I][1]", "correct"), (q[1].text, "Q[I][2]", "correct")],
      opts=["0.2", "0.3", "0.7", "0.2", "0.1", "0.5", "0.2", "0.1", "0.7", "0.6", "0.1", "0.4"])
d.add("")
d.add("| token | Q | K | V |")
d.add("|---|---|---|---|")
for i, t in enumerate(toks):
    cl = []
    for s in "QKV":
        cl += claims_of(A[s][i], lambda j: f"{s}[{t}][{j+1}]")
    d.add(f"| {t} | " + " | ".join("[" + ", ".join(c.text for c in A[s][i]) + "]" for s in "QKV") + " |", claims=cl)
d.add("")
d.add("## Masked, scaled scores")
d.add("")
d.add("Divide q·k by √2 and set every entry above the diagonal to −∞ before the softmax.", nots=["2"])
d.add("")
d.add("| query \\ key | I | like | green | tea |")
d.add("|---|---|---|---|---|")
for i, t in enumerate(toks):
    cells = []; cl = []
    for j in range(4):
        if j <= i:
            c = A["scaled"][i][j]; cells.append(c.text); cl.append((c.text, f"scaled[{t},{toks[j]}]", c.verdict))
        else:
            cells.append("−∞")
    d.add(f"| {t} | " + " | ".join(cells) + " |", claims=cl)
d.add("")
s = A["scores"][3][2]; sc = A["scaled"][3][2]
d.add(f"Check one: tea → green is {s.text} / 1.4142 = {sc.text}.", claims=[(s.text, "scores[tea,green]", "correct"), (sc.text, "scaled[tea,green]", "correct")],
      opts=["1.4142"])
d.add("")
d.add("## Attention weights")
d.add("")
d.add("| query \\ key | I | like | green | tea |")
d.add("|---|---|---|---|---|")
for i, t in enumerate(toks):
    row = A["weights"][i]
    d.add(f"| {t} | " + " | ".join(c.text for c in row) + " |", claims=claims_of(row, lambda j: f"weights[{t},{toks[j]}]"))
d.add("")
d.add("The first row is always [1, 0, 0, 0]: \"I\" can only see itself.", opts=["1", "0", "0", "0"])
d.add("")
d.add("## Outputs")
d.add("")
d.add("```")
for i, t in enumerate(toks):
    cx = A["context"][i]
    d.add(f"{('out[' + repr(t).replace(chr(39), chr(34)) + ']'):<14}= [{', '.join(c.text for c in cx)}]", claims=claims_of(cx, lambda j: f"context[{t}][{j+1}]"))
d.add("```")
d.write("md")
