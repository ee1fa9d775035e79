from lib import *

toks = ["sun", "moon", "star"]
X = [["0.5", "0.2"], ["0.1", "0.9"], ["0.7", "0.6"]]
Wq = [["0.8", "0.3"], ["0.2", "0.5"]]
Wk = [["0.4", "0.6"], ["0.7", "0.1"]]
Wv = [["0.3", "0.9"], ["0.6", "0.2"]]
kw = dict(X=X, Wq=Wq, Wk=Wk, Wv=Wv, scale=True, nd={"Q": None, "scores": None})
A0 = attention(**kw)
g = A0["expsum"][1].text
b = g[:-2] + str((int(g[-2]) + 1) % 10) + g[-1]
A = attention(**kw, slips={("expsum", 1, 0): b}); settle(A, A0)
print(g, b)
d = Doc("katex-inline-attention", "blog post with KaTeX inline tuples: scaled attention for sun moon star (d = 2) with W_Q, W_K, W_V; weights printed as Python dicts",
        "attention (projections, scaled)", "exact",
        f"slip: the sum of exponentials for moon is printed {b} instead of {g} (a wrong addition); the weights are computed from the right sum (so only the sum is wrong)")
d.add("---\nlayout: post\ntitle: \"Three words, one head\"\nmath: katex\n---")
d.add("")
d.add("A very small self-attention example, written the way I do it on a whiteboard. Words: *sun*, *moon*, *star*.")
d.add("")
d.add("Embeddings: " + ", ".join(f"$x_{{\\text{{{t}}}}} = ({', '.join(x)})$" for t, x in zip(toks, X)) + ".")
d.add("")
d.add("Projection matrices (rows are input dimensions): "
      f"$W_Q = \\begin{{pmatrix}} {Wq[0][0]} & {Wq[0][1]} \\\\ {Wq[1][0]} & {Wq[1][1]} \\end{{pmatrix}}$, "
      f"$W_K = \\begin{{pmatrix}} {Wk[0][0]} & {Wk[0][1]} \\\\ {Wk[1][0]} & {Wk[1][1]} \\end{{pmatrix}}$, "
      f"$W_V = \\begin{{pmatrix}} {Wv[0][0]} & {Wv[0][1]} \\\\ {Wv[1][0]} & {Wv[1][1]} \\end{{pmatrix}}$.")
d.add("")
d.add("## Queries, keys, values")
d.add("")
for i, t in enumerate(toks):
    cl = []
    parts = []
    for s, nm in (("Q", "q"), ("K", "k"), ("V", "v")):
        cl += claims_of(A[s][i], lambda j: f"{s}[{t}][{j+1}]")
        parts.append(f"$" + nm + f"_{{\\text{{{t}}}}} = ({', '.join(c.text for c in A[s][i])})$")
    d.add("- " + ", ".join(parts), claims=cl)
d.add("")
d.add("## Scores")
d.add("")
for i, t in enumerate(toks):
    cl = []; parts = []
    for j, u in enumerate(toks):
        s, sc = A["scores"][i][j], A["scaled"][i][j]
        parts.append(f"$q_{{\\text{{{t}}}}} \\cdot k_{{\\text{{{u}}}}} / \\sqrt{{2}} = {s.text} / 1.4142 = {sc.text}$")
        cl += [(s.text, f"scores[{t},{u}]", s.verdict), (sc.text, f"scaled[{t},{u}]", sc.verdict)]
    d.add("- " + "; ".join(parts), claims=cl, opts=["1.4142"] * 3)
d.add("")
d.add("## Softmax")
d.add("")
e = A["exp"][1]; es = A["expsum"][1]
d.add(f"For *moon*: $e^{{{A['scaled'][1][0].text}}} + e^{{{A['scaled'][1][1].text}}} + e^{{{A['scaled'][1][2].text}}} = {e[0].text} + {e[1].text} + {e[2].text} = {es.text}$.",
      claims=[(c.text, f"exp scaled[moon,{toks[j]}]", c.verdict) for j, c in enumerate(e)] + [(es.text, "sum of exps row moon", es.verdict)],
      opts=[A['scaled'][1][j].text for j in range(3)])
d.add("")
d.add("```python")
for i, t in enumerate(toks):
    w = A["weights"][i]
    d.add(f"weights[{t!r}] = " + "{" + ", ".join(f"{toks[j]!r}: {w[j].text}" for j in range(3)) + "}",
          claims=claims_of(w, lambda j: f"weights[{t},{toks[j]}]"))
d.add("```")
d.add("")
d.add("## Outputs")
d.add("")
d.add("Weighted sums of the values: " + ", ".join(f"$z_{{\\text{{{t}}}}} = ({', '.join(c.text for c in A['context'][i])})$" for i, t in enumerate(toks)) + ".",
      claims=[c for i, t in enumerate(toks) for c in claims_of(A["context"][i], lambda j: f"context[{t}][{j+1}]")])
d.write("md")
