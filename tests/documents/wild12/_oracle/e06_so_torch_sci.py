"""English Stack Overflow question and accepted answer copied as Markdown: unscaled self-attention over I, love,
pizza (integer embeddings, d_model 3 -> d_k 2, no scaling); torch prints the weights in scientific mode
(`tensor([[4.3917e-02, 5.2325e-04, 9.5556e-01], …`, max/min > 1000), the answer reproduces them with NumPy
(integer X printed without commas, the weights in e-01 notation under precision=4) and with
torch.set_printoptions(sci_mode=False). One planted slip in the answer's prose. Exact rounding."""
from pathlib import Path

from w12lib import *

toks = ["I", "love", "pizza"]
Xs = [["1", "0", "2"], ["0", "2", "1"], ["2", "1", "0"]]
Wqs = [["1.6", "0.1"], ["0.2", "1.9"], ["0.7", "0.3"]]
Wks = [["1.8", "0.1"], ["0.1", "1.7"], ["0.6", "0.2"]]
Wvs = [["0.5", "1.0"], ["1.2", "0.3"], ["0.4", "0.8"]]
a = attention(Xs, Wqs, Wks, Wvs, scale="none")
W = a["W"]
clean = rnd(W[1][1], 4)
SLIP = clean[:-2] + str((int(clean[-2]) + 9) % 10) + clean[-1]
assert SLIP != clean

d = Doc("so-torch-sci", "md",
        "English Stack Overflow Q&A: unscaled self-attention over I, love, pizza with integer embeddings and Wq/Wk/Wv "
        "3 -> 2; torch's scientific-mode print of the weights, NumPy e-notation and integer arrays, torch fixed mode "
        "after sci_mode=False; one planted slip",
        "attention with Wq, Wk, Wv (3 -> 2), not scaled, over the tokens I, love, pizza", script=Path(__file__).name,
        note=f"planted slip: the answer's prose restates the weight love -> love as {SLIP} instead of {clean} (its third decimal "
             "one lower). Nothing is computed from it.")
A = d
A("# Why does my attention weight tensor print as 9.5556e-01 instead of 0.9556?",
  claims=[("9.5556e-01", "weights[I,pizza]", "correct"), ("0.9556", "weights[I,pizza]", "correct")])
A("")
A("Asked 1 year, 2 months ago · Modified 1 year, 2 months ago · Viewed 2k times", nots=["1", "2"])
A("")
A("▲ 7 ▼", nots=["7"])
A("")
A("I'm following a tutorial and computing self-attention by hand on a toy sentence (*I love pizza*). "
  "The numbers look right, but PyTorch prints the weights in scientific notation and I can't tell if "
  "something is broken. Here is everything:")
A("")
A("```python")
A("import torch")
A("")
A("x = torch.tensor([" + ", ".join("[" + ", ".join(r) + "]" for r in Xs) + "], dtype=torch.float32)")
for nm, M in (("W_q", Wqs), ("W_k", Wks), ("W_v", Wvs)):
    A(f"{nm} = torch.tensor([" + ", ".join("[" + ", ".join(r) + "]" for r in M) + "])")
A("")
A("q, k, v = x @ W_q, x @ W_k, x @ W_v")
A("scores = q @ k.T")
A("weights = torch.softmax(scores, dim=-1)")
A("print(scores)")
A("print(weights)")
A("print(weights @ v)")
A("```")
A("")
A("Output:")
A("")
A("```")
l, c = torch_lines(a["S"]); put(d, l, list(range(len(l))), c, "scores", toks)
l, rl, c = torch_sci(W); put(d, l, rl, c, "weights", toks)
l, c = torch_lines(a["C"]); put(d, l, list(range(len(l))), c, "context", toks)
A("```")
A("")
A("Is the softmax wrong? Why is only this tensor in `e` notation? (torch 2.1.0, Python 3.10)", nots=["2.1.0", "3.10"])
A("")
A("`python` `pytorch` `attention-model` `softmax`")
A("")
A("---")
A("")
A("**1 Answer** · Sorted by: Highest score (default)", nots=["1"])
A("")
A("▲ 12 ▼ ✓", nots=["12"])
A("")
A("Nothing is broken. PyTorch switches a whole tensor to scientific notation when the ratio between its "
  "largest and smallest non-zero magnitude exceeds 1000 (or the smallest is below 1e-4). Your weights go "
  "from about 3e-05 to about 0.98, so the ratio is in the tens of thousands; the scores and the output don't "
  "have that spread, so they stay in fixed-point.", nots=["1000", "1e-4"], opts=["3e-05", "0.98"])
A("")
A("NumPy does the same thing by default. With your data:")
A("")
A("```python")
A(">>> import numpy as np")
A(">>> np.set_printoptions(precision=4)")
A(">>> X = np.array(" + str([[int(v) for v in r] for r in Xs]) + ")")
A(">>> print(X)")
for r in Xs:
    pass
xl = str(np.array([[int(v) for v in r] for r in Xs])).split("\n")
for ln in xl:
    A(ln)
A(">>> Wq, Wk = W_q.numpy(), W_k.numpy()")
A(">>> q, k = X @ Wq, X @ Wk")
A(">>> print(q)")
lines, cells = np_print([[float(v) for v in r] for r in a["Q"]], a["Q"], precision=4)
put(d, lines, list(range(len(lines))), cells, "Q", toks)
A(">>> print(k)")
lines, cells = np_print([[float(v) for v in r] for r in a["K"]], a["K"], precision=4)
put(d, lines, list(range(len(lines))), cells, "K", toks)
A(">>> s = q @ k.T")
A(">>> w = np.exp(s) / np.exp(s).sum(axis=1, keepdims=True)")
A(">>> print(w)")
wf = a["np"]["W"]
lines, cells = np_print(wf, W, precision=4)
assert "e-" in lines[0]
put(d, lines, list(range(len(lines))), cells, "weights", toks)
A("```")
A("")
A("If you just want to read them, turn it off:")
A("")
A("```python")
A(">>> torch.set_printoptions(sci_mode=False)")
A(">>> weights")
l, c = torch_lines(W); put(d, l, list(range(len(l))), c, "weights", toks)
A("```")
A("")
A(f"Row 2 (*love*) is almost one-hot: it puts {SLIP} on itself, because its raw score with itself "
  f"({rnd(a['S'][1][1], 2)}) is far above the others. That is the real issue in your code: you never divide by "
  "√d_k, so with larger embeddings softmax saturates. Real models use d_k = 64 and always scale.",
  claims=[(SLIP, "weights[love,love]", "wrong"), (rnd(a["S"][1][1], 2), "scores[love,love]", "correct")],
  nots=["64"])
A("")
A("[Share](#) · [Improve this answer](#) · answered Oct 3, 2023 at 14:07 · **tensor_tom** 4,121 ● 2 ● 19",
  nots=["3", "2023", "14", "07", "2", "19"])
A("")
A("> Thanks, `sci_mode=False` did it. – **pizza_lover_99** Oct 3, 2023 at 15:20", nots=["2023"])
d.save()
