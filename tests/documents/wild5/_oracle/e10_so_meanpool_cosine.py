"""English Stack Overflow question + accepted answer copied as Markdown: attention without projections over each of
two sentences (Q = K = V = X, d = 4, divided by 2), mean pooling of the attention outputs into a sentence vector, then
the cosine similarity of the two pooled vectors (beyond the transformer; claims too). One planted slip: the squared
norm of the second pooled vector mis-added by 0.01, chained into its norm and the cosine."""
from pathlib import Path

import numpy as np

from w5lib import *

emb = {"cats": ["0.8", "0.1", "0.5", "0.2"], "purr": ["0.3", "0.7", "0.1", "0.4"],
       "kittens": ["0.7", "0.2", "0.6", "0.1"], "loudly": ["0.2", "0.5", "0.3", "0.6"]}
SA, SB = ["cats", "purr"], ["kittens", "purr", "loudly"]


def encode(toks):
    X = [M(emb[t]) for t in toks]
    S, Sc, E, sums, W, O = attention(X, X, X, scale_by=mpf(2))
    pooled = [mpmath.fsum(O[i][m] for i in range(len(toks))) / len(toks) for m in range(4)]
    Xn = np.array([[float(v) for v in emb[t]] for t in toks])
    Sn = Xn @ Xn.T / 2; Wn = np.exp(Sn) / np.exp(Sn).sum(1, keepdims=True)
    check64(W, Wn); check64(O, Wn @ Xn); check64(pooled, (Wn @ Xn).mean(0))
    return S, Sc, W, O, pooled


RA, RB = encode(SA), encode(SB)
pA, pB = RA[4], RB[4]
dotAB = dot(pA, pB)
nA2, nB2 = dot(pA, pA), dot(pB, pB)
nA, nB = mpmath.sqrt(nA2), mpmath.sqrt(nB2)
cos = dotAB / (nA * nB)
check64([cos], [np.dot(np.array(pA, dtype=float), np.array(pB, dtype=float)) /
                np.linalg.norm(np.array(pA, dtype=float)) / np.linalg.norm(np.array(pB, dtype=float))])
F = lambda v: fmt(v, 4)
nB2_slip = mpf(F(nB2)) + mpf("0.01")
NB2S = F(nB2_slip)
nB_s = mpmath.sqrt(nB2_slip)
cos_s = mpf(F(dotAB)) / (mpf(F(nA)) * mpf(F(nB_s)))
cos_t_chained = mpf(F(dotAB)) / (mpf(F(nA)) * mpf(F(nB)))
mA0 = [mpmath.fsum(mpf(emb[t][m]) for t in SA) / 2 for m in range(4)]
mB0 = [mpmath.fsum(mpf(emb[t][m]) for t in SB) / 3 for m in range(4)]
cos0 = dot(mA0, mB0) / mpmath.sqrt(dot(mA0, mA0) * dot(mB0, mB0))

d = Doc("so-meanpool-cosine", "md",
        "English Stack Overflow question and accepted answer copied as Markdown (votes, dates, comments): self-attention "
        "without projections (Q = K = V = X, scores divided by sqrt(4) = 2) over two sentences of 2 and 3 tokens, mean "
        "pooling of the outputs into one vector per sentence, then dot product, norms and cosine similarity of the "
        "pooled vectors; one planted slip",
        "per sentence: H = softmax(X X^T / 2) X; pooled = mean over tokens of H; then (beyond the transformer) "
        "cos = pA . pB / (|pA| |pB|)",
        script=Path(__file__).name, rounding="exact",
        note=f"the pooled vectors, the dot product, the norms and the cosine go beyond the transformer (mean pooling and "
             f"cosine similarity); they are claims all the same. Planted slip: |p_B|^2 is written {NB2S} instead of "
             f"{F(nB2)} (mis-added by 0.01); |p_B| and the hand cosine are computed from it (the cosine from the "
             f"printed 4-decimal dot product and norms) and are propagated; the code output's cosine at the end is "
             f"correct. Token 'purr' occurs in both sentences with the same embedding; quantities are prefixed A. "
             f"or B. by sentence")
A = d
A("# Cosine similarity of mean-pooled attention outputs is always close to 1?")
A("")
A("Asked 2 years, 1 month ago · Modified 1 year, 11 months ago · Viewed 3k times", nots=["2", "1", "1", "11", "3"])
A("")
A("**7**", nots=["7"])
A("")
A("I'm building a toy sentence encoder (one self-attention layer, no learned projections yet, then mean pooling) "
  "and the cosine similarity between *any* two sentences comes out above 0.9. Is that a bug in my pooling or is it "
  "expected? Minimal example:", nots=["0.9"])
A("")
A("```python")
A("emb = {")
for t, v in emb.items():
    A(f"    '{t}': [{', '.join(v)}],")
A("}")
A("def encode(tokens):")
A("    X = torch.tensor([emb[t] for t in tokens])")
A("    A = torch.softmax(X @ X.T / X.shape[-1] ** 0.5, dim=-1)", nots=["1", "0.5", "1"])
A("    return (A @ X).mean(dim=0)", nots=["0"])
A("")
A("a, b = encode(['cats', 'purr']), encode(['kittens', 'purr', 'loudly'])")
A("print(F.cosine_similarity(a, b, dim=0))", nots=["0"])
A("```")
A("")
A("python · pytorch · nlp · sentence-embeddings")
A("")
A("asked Mar 14, 2024 at 9:12 · user8813", nots=["14", "2024", "9", "12", "8813"])
A("")
A("---")
A("")
A("## 1 Answer", nots=["1"])
A("")
A("**11** ✓ Accepted", nots=["11"])
A("")
A("It's expected, and it's easy to see if you do the arithmetic once. Self-attention without projections makes every "
  "output row a convex combination of the input rows, and mean pooling averages those again, so both sentence "
  "vectors get pulled towards the average embedding. Let's do it by hand.")
A("")
A("**Sentence A** (`cats purr`). With d = 4 the scores are X Xᵀ / 2:", nots=["4", "2"])
A("")
S, Sc, W, O, _ = RA
A(f"    cats·cats = {lit(S[0][0])}, cats·purr = {lit(S[0][1])}, purr·purr = {lit(S[1][1])}",
  claims=[(lit(S[0][0]), "A.scores[cats,cats]", "correct"), (lit(S[0][1]), "A.scores[cats,purr]", "correct"),
          (lit(S[1][1]), "A.scores[purr,purr]", "correct")])
A(f"    scaled:  [[{lit(Sc[0][0])}, {lit(Sc[0][1])}], [{lit(Sc[1][0])}, {lit(Sc[1][1])}]]",
  claims=[(lit(Sc[i][j]), f"A.scaled[{SA[i]},{SA[j]}]", "correct") for i in range(2) for j in range(2)])
A(f"    softmax: [[{F(W[0][0])}, {F(W[0][1])}], [{F(W[1][0])}, {F(W[1][1])}]]",
  claims=[(F(W[i][j]), f"A.weights[{SA[i]},{SA[j]}]", "correct") for i in range(2) for j in range(2)])
A("")
A("so the two output rows are")
A("")
for i, t in enumerate(SA):
    A(f"    h_{t:<5} = [{', '.join(F(v) for v in O[i])}]",
      claims=[(F(O[i][m]), f"A.context[{t}][{m + 1}]", "correct") for m in range(4)])
A(f"    mean     = [{', '.join(F(v) for v in pA)}]",
  claims=[(F(pA[m]), f"A.pooled[{m + 1}] (beyond the model: mean pooling)", "correct") for m in range(4)])
A("")
A("**Sentence B** (`kittens purr loudly`), same recipe:")
A("")
S, Sc, W, O, _ = RB
A("    softmax:")
for i, t in enumerate(SB):
    A(f"      {t:<8} [{', '.join(F(v) for v in W[i])}]",
      claims=[(F(W[i][j]), f"B.weights[{t},{SB[j]}]", "correct") for j in range(3)])
for i, t in enumerate(SB):
    A(f"    h_{t:<8} = [{', '.join(F(v) for v in O[i])}]",
      claims=[(F(O[i][m]), f"B.context[{t}][{m + 1}]", "correct") for m in range(4)])
A(f"    mean        = [{', '.join(F(v) for v in pB)}]",
  claims=[(F(pB[m]), f"B.pooled[{m + 1}] (beyond the model: mean pooling)", "correct") for m in range(4)])
A("")
A("**Cosine.** Dot product and norms of the two pooled vectors:")
A("")
A(f"    a·b   = {F(dotAB)}", claims=[(F(dotAB), "pA . pB (beyond the model)", "correct")])
A(f"    |a|²  = {F(nA2)}   ->  |a| = {F(nA)}",
  claims=[(F(nA2), "|pA|^2 (beyond the model)", "correct"), (F(nA), "|pA| (beyond the model)", "correct")])
A(f"    |b|²  = {NB2S}   ->  |b| = {F(nB_s)}",
  claims=[(NB2S, "|pB|^2 (beyond the model)", "wrong"),
          (F(nB_s), "|pB| (beyond the model)", fate(F(nB_s), F(nB)))])
A(f"    cos   = {F(dotAB)} / ({F(nA)} × {F(nB_s)}) = {F(cos_s)}",
  claims=[(F(cos_s), "cos(pA, pB) (beyond the model)", fate(F(cos_s), F(cos_t_chained)))],
  opts=[F(dotAB), F(nA), F(nB_s)])
A("")
A(f"That's already {fmt(cos_s, 2)} for two sentences that share one word out of five. Without attention (plain mean "
  f"of the embeddings) you'd get {fmt(cos0, 3)}: the similarity is high because all your embeddings live in the "
  "positive orthant and point roughly the same way, and attention only smooths the rows further before pooling.",
  claims=[(fmt(cos_s, 2), "cos(pA, pB) (beyond the model)", fate(fmt(cos_s, 2), fmt(cos, 2))),
          (fmt(cos0, 3), "cos of the plain mean embeddings (beyond the model)", "correct")])
A("")
A("Your snippet prints")
A("")
A("```")
A(f"tensor({F(cos)})", claims=[(F(cos), "cos(pA, pB) (beyond the model, torch)", "correct")])
A("```")
A("")
A("which is the same up to rounding of the intermediate values. What usually helps:")
A("")
A("1. learned Wq/Wk/Wv (so attention is not just similarity of raw embeddings),", nots=["1"])
A("2. subtracting the mean embedding of your corpus before comparing (\"centering\"),", nots=["2"])
A("3. training the pooled vector with a contrastive loss, which is what sentence-transformers does.", nots=["3"])
A("")
A("answered Mar 14, 2024 at 10:47 · ml_pedant", nots=["14", "2024", "10", "47"])
A("")
A("- Thanks, centering alone dropped my similarities from ~0.95 to ~0.3. – user8813 Mar 14, 2024 at 12:30",
  nots=["0.95", "0.3", "8813", "14", "2024"])
d.save()
