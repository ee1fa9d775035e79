from lib import *
import mpmath

toks = ["the", "dog", "barks"]
vocab = ["the", "dog", "barks", "loudly", "<eos>"]
X = [["0.4", "0.1"], ["0.9", "0.5"], ["0.2", "0.8"]]
Wq = [["0.7", "0.2"], ["0.1", "0.6"]]
Wk = [["0.3", "0.5"], ["0.8", "0.1"]]
Wv = [["0.5", "0.4"], ["0.2", "0.9"]]
Wout = [["0.6", "-0.3", "0.2", "0.9", "0.1"], ["-0.2", "0.5", "0.4", "0.7", "-0.1"]]
A = attention(X=X, Wq=Wq, Wk=Wk, Wv=Wv, scale=True, causal=True, nd={"Q": None, "scores": None})
d = Doc("output-layer-next-token", "causal attention for 'the dog barks', then the output layer: logits over a 5-word vocabulary for the last position and the next-token softmax",
        "attention (causal) + output layer + next-token softmax", "exact",
        "slip: P(dog) printed with two digits swapped; Python dict output style")
d.add("# From attention to the next word")
d.add("")
d.add("The last step of a language model turns the final vector of the *last* position into a probability for every word in the vocabulary.")
d.add("We will follow *the dog barks* all the way to a guess for the fourth word. Tiny sizes: d_model = d_k = 2, a vocabulary of 5 words, and a causal mask.",
      nots=["2", "5"])
d.add("")
d.add("```python")
d.add("tokens = [\"the\", \"dog\", \"barks\"]")
d.add("vocab  = [\"the\", \"dog\", \"barks\", \"loudly\", \"<eos>\"]")
d.add("")
d.add("x = [[0.4, 0.1],   # the")
d.add("     [0.9, 0.5],   # dog")
d.add("     [0.2, 0.8]]   # barks")
d.add("")
for nm, W in (("W_q", Wq), ("W_k", Wk), ("W_v", Wv)):
    d.add(f"{nm} = [[{', '.join(W[0])}], [{', '.join(W[1])}]]")
d.add("W_out = [[0.6, -0.3, 0.2, 0.9, 0.1],")
d.add("         [-0.2, 0.5, 0.4, 0.7, -0.1]]   # d_model x vocab")
d.add("```")
d.add("")
d.add("## Attention with a causal mask")
d.add("")
d.add("| token | q | k | v |")
d.add("|---|---|---|---|")
for i, t in enumerate(toks):
    cl = []
    for s in "QKV":
        cl += claims_of(A[s][i], lambda j: f"{s}[{t}][{j+1}]")
    d.add(f"| {t} | " + " | ".join("(" + ", ".join(c.text for c in A[s][i]) + ")" for s in "QKV") + " |", claims=cl)
d.add("")
d.add("Scaled scores (masked entries are never computed):")
d.add("")
d.add("| | the | dog | barks |")
d.add("|---|---|---|---|")
for i, t in enumerate(toks):
    cells, cl = [], []
    for j in range(3):
        if j <= i:
            c = A["scaled"][i][j]; cells.append(c.text); cl.append((c.text, f"scaled[{t},{toks[j]}]", "correct"))
        else:
            cells.append("–")
    d.add(f"| {t} | " + " | ".join(cells) + " |", claims=cl)
d.add("")
d.add("Attention weights:")
d.add("")
d.add("| | the | dog | barks |")
d.add("|---|---|---|---|")
for i, t in enumerate(toks):
    row = A["weights"][i]
    d.add(f"| {t} | " + " | ".join(c.text for c in row) + " |", claims=claims_of(row, lambda j: f"weights[{t},{toks[j]}]"))
d.add("")
cx = A["context"][2]
d.add(f"Only the last row matters for the prediction. Its context vector is h = [{cx[0].text}, {cx[1].text}].",
      claims=claims_of(cx, lambda j: f"context[barks][{j+1}]"))
d.add("")
d.add("## Logits")
d.add("")
h = [c.value for c in cx]
logit = [h[0] * mpf(Wout[0][k]) + h[1] * mpf(Wout[1][k]) for k in range(5)]
lt = [r(v, 4) for v in logit]
d.add("Each logit is h · (column of W_out):")
d.add("")
d.add("```")
for k, w in enumerate(vocab):
    d.add(f"z[{w!r}] = h @ W_out[:, {k}] = {lt[k]}".replace("'", '"'),
          claims=[(lt[k], f"logit[{w}]", "correct")], nots=[str(k)])
d.add("```")
d.add("")
d.add("## Softmax over the vocabulary")
d.add("")
e = [mpmath.exp(v) for v in logit]; se = mpmath.fsum(e); p = [v / se for v in e]
et = [r(v, 4) for v in e]
d.add("exp of each logit: " + ", ".join(et) + f"; their sum is {r(se, 4)}.",
      claims=[(t, f"exp logit[{vocab[k]}]", "correct") for k, t in enumerate(et)] + [(r(se, 4), "sum of exp logits", "correct")])
d.add("")
pt = [r(v, 4) for v in p]
g = pt[1]; b = g[:3] + g[4] + g[3] + g[5:]
assert b != g
print(g, b)
pcl = []
d.add("```python")
d.add(">>> probs = softmax(z)")
d.add(">>> {w: round(p, 4) for w, p in zip(vocab, probs)}", nots=["4"])
shown = [b if k == 1 else t for k, t in enumerate(pt)]
d.add("{" + ", ".join(f"'{w}': {shown[k]}" for k, w in enumerate(vocab)) + "}",
      claims=[(shown[k], f"P(next = {w})", "wrong" if k == 1 else "correct") for k, w in enumerate(vocab)])
d.add("```")
d.add("")
best = max(range(5), key=lambda k: p[k])
d.add(f"The model's best guess for the next word is **{vocab[best]}**, with probability {pt[best]}.",
      claims=[(pt[best], f"P(next = {vocab[best]})", "correct")])
k = vocab.index("loudly")
loss = -mpmath.log(p[k])
d.add(f"If the true next word is *loudly*, the cross-entropy loss at this position is −ln {pt[k]} = {r(loss, 4)}.",
      claims=[(r(loss, 4), "cross-entropy loss for target loudly", "correct")], opts=[pt[k]])
d.add("Untrained weights, of course: with training, *loudly* should win by a wider margin.")
d.write("md")
