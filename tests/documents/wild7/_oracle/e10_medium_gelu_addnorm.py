"""English Medium post exported to Markdown (subtitle, author/Follow line, 'min read · date', claps, Listen/Share,
figure caption, a gist-style code block, 'Written by … Followers' footer): a post-LN feed-forward sublayer with GELU
(tanh approximation) for 2 tokens, d_model 3, d_ff 4: pre-activations, one GELU worked step by step (x^3, inner,
tanh, result), the GELU table, the FFN output, the residual x + FFN(x), LayerNorm (eps 1e-5) with mean, variance
and the normalised rows, all to 4 decimals."""
from pathlib import Path

from w7lib import *

toks = ["hello", "world"]
Xs = [["0.9", "-0.2", "0.4"], ["-0.6", "1.1", "0.3"]]
W1s = [["0.7", "-0.5", "0.2", "0.9"], ["0.3", "0.8", "-0.6", "0.1"], ["-0.4", "0.2", "0.5", "0.6"]]
b1s = ["0.1", "0.0", "-0.1", "0.2"]
W2s = [["0.5", "-0.3", "0.2"], ["0.1", "0.6", "-0.4"], ["-0.2", "0.3", "0.7"], ["0.4", "0.1", "-0.5"]]
b2s = ["0.05", "0.0", "-0.05"]
EPS = mpf("1e-5")
X, W1, b1, W2, b2 = map(mat, (Xs, W1s, b1s, W2s, b2s))
pre = [[dot(x, [W1[i][j] for i in range(3)]) + b1[j] for j in range(4)] for x in X]
G = [[gelu_tanh(v) for v in r] for r in pre]
g = [[v["out"] for v in r] for r in G]
f = [[dot(r, [W2[j][m] for j in range(4)]) + b2[m] for m in range(3)] for r in g]
R = [[X[t][m] + f[t][m] for m in range(3)] for t in range(2)]
LN = [layernorm(r, eps=EPS) for r in R]
Xn = np.array(Xs, float)
un = Xn @ np.array(W1s, float) + np.array(b1s, float)
gn = 0.5 * un * (1 + np.tanh(np.sqrt(2 / np.pi) * (un + 0.044715 * un ** 3)))
fn = gn @ np.array(W2s, float) + np.array(b2s, float); Rn = Xn + fn
yn = (Rn - Rn.mean(1, keepdims=True)) / np.sqrt(Rn.var(1, keepdims=True) + 1e-5)
agree(g, gn); agree(f, fn); agree([l_["norm"] for l_ in LN], yn)
F = lambda v: rnd(v, 4)

d = Doc("medium-gelu-addnorm", "md",
        "English Medium post exported to Markdown (subtitle, Follow line, read time and date, claps, figure caption, "
        "gist code block, Written by footer): post-LN FFN sublayer with GELU (tanh approximation), 2 tokens, 3 -> 4 "
        "-> 3 with biases: pre-activations, one GELU worked step by step, GELU table, FFN output, residual, "
        "LayerNorm (eps 1e-5): mean, variance, normalised rows",
        "post-LN FFN sublayer: u = x W1 + b1, g = GELU_tanh(u), f = g W2 + b2, r = x + f, y = LayerNorm(r) "
        "(eps 1e-5, gamma 1, beta 0)",
        script=Path(__file__).name)
A = d
A("# The Feed-Forward Half of a Transformer Block, One Number at a Time")
A("")
A("## GELU, a residual and a LayerNorm on two tokens, with a calculator")
A("")
A("[Priya Raman](https://medium.com/@priya.raman)")
A("")
A("Follow")
A("")
A("7 min read · Jan 9, 2024", nots=["7", "9", "2024"])
A("")
A("--")
A("")
A("142", nots=["142"])
A("")
A("Listen")
A("")
A("Share")
A("")
A("Everyone draws the attention part of a transformer block. The other half, the position-wise feed-forward network, "
  "gets one box in the diagram and is then forgotten, even though it holds about two thirds of the parameters of each layer of a "
  "model like BERT-base. Let's push two tokens through it by hand.")
A("")
A("![](https://miro.medium.com/v2/resize:fit:1400/1*ffn-block.png)", nots=["2", "1400", "1"])
A("")
A("Post-LN block as in the original paper: FFN, add the input back, then normalise.")
A("")
A("## The setup")
A("")
A("Two tokens, `hello` and `world`, with d_model = 3 and d_ff = 4 (real models use d_ff = 4 × d_model, e.g. "
  "768 → 3072).", nots=["3", "4", "768", "3072"])
A("")
A("```python")
A("x  = [[" + ", ".join(Xs[0]) + "],   # hello")
A("      [" + ", ".join(Xs[1]) + "]]   # world")
A("W1 = [" + ", ".join("[" + ", ".join(r) + "]" for r in W1s) + "]")
A("b1 = [" + ", ".join(b1s) + "]")
A("W2 = [" + ", ".join("[" + ", ".join(r) + "]" for r in W2s) + "]")
A("b2 = [" + ", ".join(b2s) + "]")
A("```")
A("")
A("## Step 1: the first linear layer")
A("")
A("u = x·W1 + b1. For `hello`, the first hidden unit is")
A("")
A(f"> u₁ = ({Xs[0][0]})({W1s[0][0]}) + ({Xs[0][1]})({W1s[1][0]}) + ({Xs[0][2]})({W1s[2][0]}) + {b1s[0]} = {lit(pre[0][0])}",
  claims=[(lit(pre[0][0]), "L1.ffn.pre[hello][1]", "correct")], opts=[Xs[0][0], W1s[0][0], Xs[0][1], W1s[1][0],
                                                                       Xs[0][2], W1s[2][0], b1s[0]])
A("")
A("All eight pre-activations:", nots=[])
A("")
A("| token | u₁ | u₂ | u₃ | u₄ |")
A("|---|---|---|---|---|")
for t in range(2):
    A(f"| {toks[t]} | " + " | ".join(lit(v) for v in pre[t]) + " |",
      claims=[(lit(pre[t][j]), f"L1.ffn.pre[{toks[t]}][{j + 1}]", "correct") for j in range(4)])
A("")
A("## Step 2: GELU, the tanh way")
A("")
A("GPT-2 and BERT use the tanh approximation")
A("")
A("> GELU(u) ≈ 0.5 · u · (1 + tanh(√(2/π) · (u + 0.044715 · u³)))", nots=["0.5", "1", "2", "0.044715"])
A("")
c = mpmath.sqrt(2 / mpmath.pi)
j0 = 1
u0 = pre[1][j0]
G0 = G[1][j0]
A(f"with √(2/π) ≈ {F(c)}. Take `world`'s second unit, u = {lit(u0)}:",
  claims=[(F(c), "gelu.sqrt_2_over_pi", "correct")], opts=[lit(u0)], nots=["2"])
A("")
A(f"1. u³ = {F(G0['cube'])}", claims=[(F(G0["cube"]), f"L1.ffn.gelu.cube[world][{j0 + 1}]", "correct")], nots=["1"])
A(f"2. u + 0.044715 · u³ = {F(u0 + mpf('0.044715') * G0['cube'])}",
  claims=[(F(u0 + mpf("0.044715") * G0["cube"]), f"L1.ffn.gelu.poly[world][{j0 + 1}]", "correct")],
  nots=["2", "0.044715"])
A(f"3. times {F(c)}: {F(G0['inner'])}", claims=[(F(G0["inner"]), f"L1.ffn.gelu.inner[world][{j0 + 1}]", "correct")],
  opts=[F(c)], nots=["3"])
A(f"4. tanh({F(G0['inner'])}) = {F(G0['tanh'])}",
  claims=[(F(G0["tanh"]), f"L1.ffn.gelu.tanh[world][{j0 + 1}]", "correct")], opts=[F(G0["inner"])], nots=["4"])
A(f"5. 0.5 · {lit(u0)} · (1 + {F(G0['tanh'])}) = {F(G0['out'])}",
  claims=[(F(G0["out"]), f"L1.ffn.hidden[world][{j0 + 1}]", "correct")], opts=[lit(u0), F(G0["tanh"])],
  nots=["5", "0.5", "1"])
A("")
A("Doing that eight times:")
A("")
A("| token | g₁ | g₂ | g₃ | g₄ |")
A("|---|---|---|---|---|")
for t in range(2):
    A(f"| {toks[t]} | " + " | ".join(F(v) for v in g[t]) + " |",
      claims=[(F(g[t][j]), f"L1.ffn.hidden[{toks[t]}][{j + 1}]", "correct") for j in range(4)])
A("")
neg = [(t, j) for t in range(2) for j in range(4) if pre[t][j] < 0]
tn, jn = neg[0]
A(f"Note that negative inputs are not zeroed as ReLU would do: u = {lit(pre[tn][jn])} gives {F(g[tn][jn])}.",
  claims=[(F(g[tn][jn]), f"L1.ffn.hidden[{toks[tn]}][{jn + 1}]", "correct")], opts=[lit(pre[tn][jn])])
A("")
A("## Step 3: back down to d_model")
A("")
A("f = g·W2 + b2:")
A("")
A("| token | f₁ | f₂ | f₃ |")
A("|---|---|---|---|")
for t in range(2):
    A(f"| {toks[t]} | " + " | ".join(F(v) for v in f[t]) + " |",
      claims=[(F(f[t][m]), f"L1.ffn.out[{toks[t]}][{m + 1}]", "correct") for m in range(3)])
A("")
A("## Step 4: Add & Norm")
A("")
A("Add the block's input back, r = x + f, then LayerNorm each row (γ = 1, β = 0, ε = 1e-5, biased variance as "
  "`nn.LayerNorm` does).", nots=["1", "0", "1e-5"])
A("")
for t in range(2):
    Lt = LN[t]
    rv = [F(v) for v in R[t]]
    A(f"**{toks[t]}**: r = [{', '.join(Xs[t])}] + [{', '.join(F(v) for v in f[t])}] = [{', '.join(rv)}]",
      claims=[(rv[m], f"L1.resid[{toks[t]}][{m + 1}]", "correct") for m in range(3)],
      opts=Xs[t] + [F(v) for v in f[t]])
    A("")
    A(f"- mean μ = {F(Lt['mean'])}, variance σ² = {F(Lt['var'])}, √(σ² + ε) = {F(Lt['std'])}",
      claims=[(F(Lt["mean"]), f"L1.ln.mean[{toks[t]}]", "correct"), (F(Lt["var"]), f"L1.ln.var[{toks[t]}]", "correct"),
              (F(Lt["std"]), f"L1.ln.std[{toks[t]}]", "correct")])
    nv = [F(v) for v in Lt["norm"]]
    A(f"- y = (r − μ) / √(σ² + ε) = [{', '.join(nv)}]",
      claims=[(nv[m], f"L1.ln.norm[{toks[t]}][{m + 1}]", "correct") for m in range(3)])
    A("")
A("## The result")
A("")
A("| token | y₁ | y₂ | y₃ |")
A("|---|---|---|---|")
for t in range(2):
    A(f"| {toks[t]} | " + " | ".join(F(v) for v in LN[t]["norm"]) + " |",
      claims=[(F(LN[t]["norm"][m]), f"L1.ln.norm[{toks[t]}][{m + 1}]", "correct") for m in range(3)])
A("")
A("Each row now has mean 0 and (almost) unit variance, whatever the FFN did to its scale. That is the job of the "
  "“Norm” in Add & Norm.", nots=["0"])
A("")
A("*If you spot an arithmetic slip, leave a comment. I re-ran everything in NumPy, but still.*")
A("")
A("[Transformers](https://medium.com/tag/transformers) · [Deep Learning](https://medium.com/tag/deep-learning) · "
  "[NLP](https://medium.com/tag/nlp)")
A("")
A("## Written by Priya Raman")
A("")
A("312 Followers · Writer for Towards Data Science", nots=["312"])
d.save()
