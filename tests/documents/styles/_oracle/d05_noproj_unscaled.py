from lib import *

toks = ["The", "cat", "sleeps"]
X = [["1.0", "0.0", "0.5", "0.2"], ["0.3", "0.9", "0.1", "0.6"], ["0.4", "0.7", "0.8", "0.1"]]
A = attention(Q=X, K=X, V=X, scale=False, nd={"scores": 4, "weights": 4, "context": 4})
d = Doc("attention-unscaled-torch", "unscaled dot-product self-attention of 'The cat sleeps', Q = K = V = X, printed as torch tensors",
        "attention (no projections, unscaled)", "exact", "Hugo TOML front matter; torch-style tensor output; no planted slips")
d.add('+++\ntitle = "Attention in five lines of PyTorch"\ndate = 2024-11-02T09:30:00+01:00\ndraft = false\ntags = ["pytorch", "attention"]\n+++',
      )
d.add("")
d.add("This post skips the projections on purpose. We take three embeddings for *The cat sleeps* and let each one attend to all of them,")
d.add("with the plain dot product and **no** division by √d. (We come back to scaling in the next post.)")
d.add("")
d.add("```python")
d.add("import torch")
d.add("")
d.add("x = torch.tensor([[1.0, 0.0, 0.5, 0.2],   # The")
d.add("                  [0.3, 0.9, 0.1, 0.6],   # cat")
d.add("                  [0.4, 0.7, 0.8, 0.1]])  # sleeps")
d.add("scores = x @ x.T")
d.add("print(scores)")
d.add("```")
d.add("")
d.add("```")
for i, line in enumerate(torch_str([[c.text for c in row] for row in A["scores"]])):
    d.add(line, claims=claims_of(A["scores"][i], lambda j: f"scores[{toks[i]},{toks[j]}]"))
d.add("```")
d.add("")
d.add("The diagonal is just the squared length of each embedding: 1.0² + 0.5² + 0.2² = 1.29 for *The*.", claims=[("1.29", "scores[The,The]", "correct")],
      opts=["1.0", "0.5", "0.2"])
d.add("")
d.add("```python")
d.add("weights = torch.softmax(scores, dim=-1)")
d.add("print(weights)")
d.add("```")
d.add("")
d.add("```")
for i, line in enumerate(torch_str([[c.text for c in row] for row in A["weights"]])):
    d.add(line, claims=claims_of(A["weights"][i], lambda j: f"weights[{toks[i]},{toks[j]}]"))
d.add("```")
d.add("")
e = A["exp"][1]; s = A["expsum"][1]
ln = d.add(f"By hand for the *cat* row: e^{A['scores'][1][0].text} = {e[0].text}, e^{A['scores'][1][1].text} = {e[1].text}, e^{A['scores'][1][2].text} = {e[2].text};",
      claims=[(e[j].text, f"exp scores[cat,{toks[j]}]", "correct") for j in range(3)], opts=[A['scores'][1][j].text for j in range(3)])
w = A["weights"][1][1]
d.add(f"they add up to {s.text}, and {e[1].text} / {s.text} = {w.text}.", claims=[(s.text, "sum of exps row cat", "correct"), (w.text, "weights[cat,cat]", "correct")],
      opts=[e[1].text, s.text])
d.add("")
d.add("```python")
d.add("out = weights @ x")
d.add("print(out)")
d.add("```")
d.add("")
d.add("```")
for i, line in enumerate(torch_str([[c.text for c in row] for row in A["context"]])):
    d.add(line, claims=claims_of(A["context"][i], lambda j: f"context[{toks[i]}][{j+1}]"))
d.add("```")
d.add("")
d.add("Without the scaling the rows are already fairly peaked; with d = 4 it hardly matters, but with d = 512 it would.", nots=["4", "512"])
d.write("md")
