"""English Jupyter notebook, PyTorch: three tokens typed as a torch.tensor literal (d = 2, two decimals), a small
causal self-attention module of three seeded nn.Linear(2, 2, bias=False) layers whose weights appear only in a cell
that prints `attn.W_q.weight.transpose(0, 1)` and its two siblings (4 decimals: rounded givens), then a cell of
three prints of the projections, the raw scores, the scores divided by sqrt(2), the scores after
masked_fill(mask, -1e9) (PyTorch switches to e-notation), the softmax weights and the output, each printed with its
grad_fn. The weights behind the printed ones have 8 decimals, and every later number comes from them, computed in
float32. Every claim is correct."""
from pathlib import Path

from w22lib import *

toks = ["stars", "fade", "slowly"]
Xs = [["0.72", "-0.31"], ["0.15", "0.88"], ["-0.46", "0.53"]]
# the layers' weights as x @ W uses them (in x out), 8 decimals; PyTorch prints them to 4
Wq = [["0.41736921", "-0.28154307"], ["0.63018842", "0.19470355"]]
Wk = [["-0.52390418", "0.36627093"], ["0.08815276", "0.57202169"]]
Wv = [["0.26473590", "-0.61189204"], ["-0.39926711", "0.45518836"]]
a = attention(Xs, Wq, Wk, Wv, causal=True)   # exact (mpmath) and float64, agreement asserted

# the notebook's own float32 run
X32, Wq32, Wk32, Wv32 = (np.array(M, dtype=np.float32) for M in (Xs, Wq, Wk, Wv))
Q32, K32, V32 = X32 @ Wq32, X32 @ Wk32, X32 @ Wv32
S32 = Q32 @ K32.T
Sc32 = (S32 / np.float32(2 ** 0.5)).astype(np.float32)
mask = np.triu(np.ones((3, 3), dtype=bool), k=1)
M32 = np.where(mask, np.float32(-1e9), Sc32).astype(np.float32)
E32 = np.exp(M32 - M32.max(axis=-1, keepdims=True))
W32 = (E32 / E32.sum(axis=-1, keepdims=True)).astype(np.float32)
C32 = W32 @ V32
for m in (Q32, K32, V32, S32, Sc32, M32, W32, C32):
    assert m.dtype == np.float32

# the printed weights, rounded, are not what the later numbers come from: at least one product differs in its
# 4th decimal when it is recomputed from the printed matrices (so the document needs the rounded-givens reading)
r4 = lambda W: [[rnd(mpf(v), 4) for v in r] for r in W]
ar = attention(Xs, r4(Wq), r4(Wk), r4(Wv), causal=True)
moved = sum(rnd(ar[k][i][j], 4, guard=0) != rnd(a[k][i][j], 4) for k in ("Q", "K", "V", "S", "Sc", "W", "C")
            for i in range(3) for j in range(len(a[k][i])) if not (k in ("W",) and j > i))
assert moved > 0, moved
print(f"  {moved} printed 4-decimal results differ when recomputed from the printed (rounded) weights")

d = Doc("torch-causal-en", "ipynb",
        "English Jupyter notebook, PyTorch: x typed as a torch.tensor literal (3 tokens, d = 2), a causal "
        "self-attention module of three seeded nn.Linear(2, 2, bias=False) layers whose transposed weights are only "
        "printed (4 decimals), then print(attn.W_q(x)) and its siblings, Q K^T, the scores / sqrt(2), the scores "
        "after masked_fill(-1e9) in e-notation, the softmax weights and the output, all with grad_fn suffixes",
        "causal single-head attention, d_in = d_out = 2, row convention (x @ W, W the printed weight.T), scaled by "
        "sqrt(2), over the tokens stars, fade, slowly",
        script=Path(__file__).name, givens_rounded=True,
        note="The inputs are typed literals (exact). The weights are printed by PyTorch to 4 decimals; the layers "
             "hold 8-decimal values behind them (Wq[1][1] = 0.41736921 …), and every later number is the "
             "notebook's float32 arithmetic on those, so the printed weights are rounded givens. The masked cells "
             "print as -1.0000e+09 (the fill value, no claim) and their weights as 0.0000 (optional claims). "
             "Every claim is correct.")
nb = Notebook(d, {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                  "language_info": {"codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py",
                                    "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                                    "pygments_lexer": "ipython3", "version": "3.11.7"}})

pair = lambda nm: (lambda r, k: f"{nm}[{toks[r]},{toks[k]}]")
vec = lambda nm: (lambda r, k: f"{nm}[{toks[r]}][{k + 1}]")


def printed(m32, exact, qty, grad_fn, skip=None, opt=None):
    ls, cells, _ = torch_print(m32, exact, grad_fn=grad_fn, skip=skip)
    return torch_items(ls, cells, qty, opt=opt), cells


nb.md(["# Causal self-attention, one small step at a time",
       "",
       "A decoder may only look backwards: token *t* attends to tokens 1…*t* and never to the ones after it. "
       "This notebook builds the smallest version I could think of (three tokens, two dimensions) and prints "
       "every intermediate tensor, so the mask's effect can be followed number by number."])
nb.code(["import torch", "import torch.nn as nn", "", L("torch.manual_seed(789)", (), (), ["789"])],
        result=[L("<torch._C.Generator at 0x7f3c2a1b5d30>", (), (), ["0x7f3c2a1b5d30"])])
nb.md(["Three made-up embeddings for the phrase *stars fade slowly*, one row per token:"])
nb.code(["x = torch.tensor([",
         *[L(f"    [{', '.join(r)}],  # {t}", (), (), r) for r, t in zip(Xs, toks)],
         "])",
         "x.shape"], result=[L("torch.Size([3, 2])", (), (), ["3", "2"])])
nb.code(["class CausalSelfAttention(nn.Module):",
         "    def __init__(self, d_in, d_out):",
         "        super().__init__()",
         "        self.W_q = nn.Linear(d_in, d_out, bias=False)",
         "        self.W_k = nn.Linear(d_in, d_out, bias=False)",
         "        self.W_v = nn.Linear(d_in, d_out, bias=False)",
         "",
         L("attn = CausalSelfAttention(d_in=2, d_out=2)", (), (), ["2"])])
nb.md(["`nn.Linear` stores its weight as *(out, in)* and computes `x @ W.T`, so the matrices that actually "
       "multiply `x` are the transposes:"])
so = []
for W32_, Wx, gf in ((Wq32, Wq, "TransposeBackward0"), (Wk32, Wk, "TransposeBackward0"), (Wv32, Wv, "TransposeBackward0")):
    ls, cells, _ = torch_print(W32_, mat(Wx), grad_fn=gf)
    so += torch_items(ls, cells, lambda r, k: None)
nb.code(["print(attn.W_q.weight.transpose(0, 1))",
         "print(attn.W_k.weight.transpose(0, 1))",
         "print(attn.W_v.weight.transpose(0, 1))"], stdout=so)
nb.md(["## Queries, keys and values", "", "Each projection is one matrix product, `x @ W.T`:"])
so = []
for m32, key in ((Q32, "Q"), (K32, "K"), (V32, "V")):
    it, _ = printed(m32, a[key], vec(key), "MmBackward0")
    so += it
nb.code(["print(attn.W_q(x))", "print(attn.W_k(x))", "print(attn.W_v(x))"], stdout=so)
nb.md(["## Scores", "", "Every query against every key. The upper triangle is computed too; the mask throws it "
       "away later."])
so, scells = printed(S32, a["S"], pair("scores"), "MmBackward0")
nb.code(["queries = attn.W_q(x)", "keys = attn.W_k(x)", "values = attn.W_v(x)", "",
         "scores = queries @ keys.T", "print(scores)"], stdout=so)
so, _ = printed(Sc32, a["Sc"], pair("scaled"), "DivBackward0")
nb.code(["d_k = keys.shape[-1]", L("scaled = scores / d_k ** 0.5", (), (), ["0.5"]), "print(scaled)"], stdout=so)
nb.md(["## The causal mask", "",
       "Positions above the diagonal are filled with a huge negative number, so that `exp` sends them to zero. "
       "Once `-1e9` is in the tensor, PyTorch switches the whole print to scientific notation."])
so, _ = printed(M32, a["Sc"], lambda r, k: None if mask[r][k] else pair("scaled")(r, k), "MaskedFillBackward0",
                skip=lambda ix: bool(mask[ix]))
nb.code([L("mask = torch.triu(torch.ones(3, 3), diagonal=1).bool()", (), (), ["3", "1"]),
         L("masked = scaled.masked_fill(mask, -1e9)", (), (), ["-1e9"]),
         "print(masked)"], stdout=so)
nb.md(["## Softmax and output"])
so, wcells = printed(W32, a["W"], pair("weights"), "SoftmaxBackward0", opt=lambda r, k: bool(mask[r][k]))
nb.code(["weights = torch.softmax(masked, dim=-1)", "print(weights)"], stdout=so)
so, ccells = printed(C32, a["C"], vec("context"), "MmBackward0")
nb.code(["context = weights @ values", "print(context)"], stdout=so)

# the closing remarks restate printed numbers
w21 = rnd(a["W"][1][0], 4); w22 = rnd(a["W"][1][1], 4)
w33 = rnd(a["W"][2][2], 4)
assert [wcells[1][0], wcells[1][1], wcells[2][2]] == [w21, w22, w33]
c3 = [rnd(v, 4) for v in a["C"][2]]
assert c3 == ccells[2]
nb.md(["## What to notice", "",
       "- In the first row of `weights` everything goes to the first key: *stars* can only see itself, so its "
       "output is exactly its own value vector (compare the first row of `context` with the first row of `attn.W_v(x)`).",
       L(f"- *fade* splits its attention between *stars* ({w21}) and itself ({w22}).",
         [(w21, "weights[fade,stars]", "correct"), (w22, "weights[fade,fade]", "correct")]),
       L(f"- *slowly* keeps {w33} of its attention for itself, and its output is "
         f"[{c3[0]}, {c3[1]}].",
         [(w33, "weights[slowly,slowly]", "correct"), (c3[0], "context[slowly][1]", "correct"),
          (c3[1], "context[slowly][2]", "correct")]),
       "",
       "Without the mask the first two rows would also draw on the tokens after them, which is exactly what a "
       "language model must not do during training."])
nb.save()
