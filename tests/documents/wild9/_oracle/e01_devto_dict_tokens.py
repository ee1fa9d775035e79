"""English dev.to post (front matter with tags/cover_image, {% embed %} liquid tag, series note): the tokens live only
as the keys of a Python dict of embeddings; Q, K, V, the scores and the attention weights are printed as dicts keyed by
token ({'sun': 0.243, ...}, Python's float repr, so trailing zeros vanish: 0.5, 0.31); attention with Wq/Wk/Wv 3 -> 2,
scaled by sqrt(2). Exact rounding."""
from pathlib import Path

from w9lib import *

toks = ["the", "sun", "rises"]
emb = {"the": ["0.1", "0.4", "0.2"], "sun": ["0.9", "0.3", "0.5"], "rises": ["0.2", "0.8", "0.6"]}
Wqs = [["0.5", "-0.2"], ["0.1", "0.7"], ["0.6", "0.3"]]
Wks = [["0.4", "0.2"], ["-0.3", "0.6"], ["0.8", "0.1"]]
Wvs = [["0.7", "0.1"], ["0.2", "0.9"], ["-0.4", "0.5"]]
Xs = [emb[t] for t in toks]
X, Wq, Wk, Wv = map(mat, (Xs, Wqs, Wks, Wvs))
Q, K, V = mm(X, Wq), mm(X, Wk), mm(X, Wv)
S, Sc, E, Z, W, C = sdpa(Q, K, V)
Xn = np.array(Xs, float)
Qn, Kn, Vn = (Xn @ np.array(M, float) for M in (Wqs, Wks, Wvs))
Scn = Qn @ Kn.T / np.sqrt(2); Wn = np_softmax(Scn); Cn = Wn @ Vn
agree(Sc, Scn); agree(W, Wn); agree(C, Cn)


def pdict(vals, nd, name):
    """{'the': 0.312, ...}: returns text and claims"""
    parts, cl = [], []
    for t, v in zip(toks, vals):
        s = py_float(v, nd)
        parts.append(f"'{t}': {s}")
        cl.append((s, name(t), "correct"))
    return "{" + ", ".join(parts) + "}", cl


def pvecdict(M, nd, name):
    parts, cl = [], []
    for t, r in zip(toks, M):
        ss = [py_float(v, nd) for v in r]
        parts.append(f"'{t}': [{', '.join(ss)}]")
        cl += [(s, f"{name}[{t}][{k + 1}]", "correct") for k, s in enumerate(ss)]
    return "{" + ", ".join(parts) + "}", cl


d = Doc("devto-dict-tokens", "md",
        "English dev.to post: tokens only as keys of a Python dict of embeddings, Q/K/V, scores and weights printed as "
        "dicts keyed by token with Python's float repr (trailing zeros dropped); attention Wq/Wk/Wv 3 -> 2 over 3 "
        "tokens, scaled by sqrt(2)",
        "attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2), over the tokens the, sun, rises",
        script=Path(__file__).name)
A = d
A("---")
A("title: Self-attention with plain Python dicts (no tensors were harmed)")
A("published: true")
A("description: I kept my word vectors in a dict and printed everything as dicts. Here is what came out.")
A("tags: python, machinelearning, transformers, beginners")
A("cover_image: https://dev-to-uploads.s3.amazonaws.com/uploads/articles/attn-dicts-cover.png")
A("series: Transformers the slow way")
A("---")
A("")
A("*This is part 3 of my \"Transformers the slow way\" series. Part 2 was about softmax.*", nots=["3", "2"])
A("")
A("I find matrices hard to read when the rows have no names. So in this post every vector is stored in a "
  "dictionary keyed by its word, and every result is printed the same way. The sentence is three words long and "
  "the vectors are tiny (3 numbers in, 2 out), which is silly but makes it easy to check by hand.")
A("")
A("## The setup")
A("")
A("```python")
A("import numpy as np")
A("")
A("emb = {")
for t in toks:
    A(f"    \"{t}\": [{', '.join(emb[t])}],")
A("}")
A("words = list(emb)            # keep the dict order")
A("X = np.array([emb[w] for w in words])")
A("")
for nm, M in (("W_q", Wqs), ("W_k", Wks), ("W_v", Wvs)):
    A(f"{nm} = np.array([" + ", ".join("[" + ", ".join(r) + "]" for r in M) + "])")
A("")
A("Q, K, V = X @ W_q, X @ W_k, X @ W_v")
A("show = lambda M: {w: [round(float(a), 3) for a in row] for w, row in zip(words, M)}")
A("print('Q', show(Q))")
A("print('K', show(K))")
A("print('V', show(V))")
A("```")
A("")
A("```")
for nm, M in (("Q", Q), ("K", K), ("V", V)):
    t, cl = pvecdict(M, 3, nm)
    A(f"{nm} {t}", claims=cl)
A("```")
A("")
A("Nothing fancy yet: each entry is the word's embedding times the matrix. For `sun`, the first query number is "
  f"0.9·0.5 + 0.3·0.1 + 0.5·0.6 = {lit(Q[1][0])}.",
  claims=[(lit(Q[1][0]), "Q[sun][1]", "correct")], opts=["0.9", "0.5", "0.3", "0.1", "0.5", "0.6"])
A("")
A("## Scores and weights, one dict per word")
A("")
A("{% embed https://gist.github.com/slowtransformers/attn-dicts %}")
A("")
A("```python")
A("d_k = 2")
A("for i, w in enumerate(words):")
A("    s = Q[i] @ K.T / np.sqrt(d_k)")
A("    a = np.exp(s) / np.exp(s).sum()")
A("    print(w, 'scaled', {u: round(float(x), 4) for u, x in zip(words, s)})")
A("    print(w, 'weights', {u: round(float(x), 3) for u, x in zip(words, a)})")
A("```")
A("")
A("```")
for i, t in enumerate(toks):
    ts, cl = pdict(Sc[i], 4, lambda u, t=t: f"scaled[{t},{u}]")
    A(f"{t} scaled {ts}", claims=cl)
    tw, cw = pdict(W[i], 3, lambda u, t=t: f"weights[{t},{u}]")
    A(f"{t} weights {tw}", claims=cw)
A("```")
A("")
jm = max(range(3), key=lambda j: W[1][j])
A(f"Reading the middle dict: `sun` gives its biggest weight to `{toks[jm]}` ({py_float(W[1][jm], 3)}), "
  f"and the three weights add up to 1 (they always do, that is the whole point of softmax).",
  claims=[(py_float(W[1][jm], 3), f"weights[sun,{toks[jm]}]", "correct")], nots=["1"])
A("")
A("## The outputs")
A("")
A("```python")
A("A = np.exp(Q @ K.T / np.sqrt(d_k))")
A("A = A / A.sum(axis=1, keepdims=True)")
A("print(show(A @ V))")
A("```")
A("")
A("```")
t, cl = pvecdict(C, 3, "context")
A(t, claims=cl)
A("```")
A("")
A(f"So `rises` ends up as about [{py_float(C[2][0], 2)}, {py_float(C[2][1], 2)}]: a blend of the three value vectors "
  "that leans towards its own.",
  claims=[(py_float(C[2][0], 2), "context[rises][1]", "correct"), (py_float(C[2][1], 2), "context[rises][2]", "correct")])
A("")
A("Next time: the same thing with two heads. Thanks for reading, and tell me in the comments if a number looks off!",
  )
d.save()
