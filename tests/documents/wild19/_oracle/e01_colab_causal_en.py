"""English Colab notebook (colab metadata, GPU accelerator), PyTorch with torch.set_printoptions(precision=4):
GPT-style causal self-attention over the GPT-2 pieces <|endoftext|>, The, Ġcat, Ġsat as a [1, 4, 4] batch;
one head of size 4 (scaled by sqrt(4) = 2), the tril mask printed, the masked scores with -inf, the weights and
y = att @ v, all printed with the leading batch bracket. Exact rounding, no slip."""
from pathlib import Path

from w19lib import *

toks = ["<|endoftext|>", "The", "Ġcat", "Ġsat"]
Xs = [["0.21", "-0.43", "0.65", "0.12"], ["0.94", "0.33", "-0.18", "0.57"], ["-0.36", "0.82", "0.46", "0.71"],
      ["0.58", "0.14", "0.93", "-0.62"]]
Wqs = [["0.3", "-0.1", "0.5", "0.2"], ["0.6", "0.4", "-0.3", "0.1"], ["-0.2", "0.7", "0.2", "0.5"],
       ["0.4", "0.2", "0.6", "-0.4"]]
Wks = [["0.5", "0.2", "-0.4", "0.3"], ["-0.1", "0.6", "0.3", "0.2"], ["0.4", "-0.3", "0.5", "0.6"],
       ["0.2", "0.5", "0.1", "-0.2"]]
Wvs = [["0.6", "0.1", "0.3", "-0.2"], ["0.2", "0.5", "-0.4", "0.6"], ["-0.3", "0.4", "0.6", "0.1"],
       ["0.1", "-0.2", "0.2", "0.7"]]
a = attention(Xs, Wqs, Wks, Wvs, causal=True)
Q, K, V, Sc, W, C = (a[k] for k in ("Q", "K", "V", "Sc", "W", "C"))
assert a["c"] == 2

d = Doc("colab-causal-en", "ipynb",
        "English Colab notebook, PyTorch precision=4: causal self-attention of one head (size 4) over the GPT-2 "
        "pieces <|endoftext|>, The, Ġcat, Ġsat as a [1, 4, 4] batch; q, k, v, masked scores with -inf, weights and "
        "outputs printed with the batch bracket",
        "causal attention with Wq, Wk, Wv (4 -> 4), scaled by sqrt(4), over <|endoftext|>, The, Ġcat, Ġsat",
        script=Path(__file__).name)
nb = Notebook(d, nb_meta("colab"))
nb.md(["# Causal self-attention, one head, by the numbers", "",
       "A GPT block only lets a token look **backwards**. In this notebook I build the mask by hand and print every "
       "intermediate tensor for a 4-token prompt. Shapes follow nanoGPT's `(B, T, C)` convention.",
       "", L("Runtime: T4 GPU, but nothing here needs it.", nots=["4"])])
nb.code(["import math", "import torch", "import torch.nn.functional as F", "", "torch.set_printoptions(precision=4)",
         L("torch.manual_seed(1337)  # not used below, every weight is typed in", nots=["1337"]), "torch.__version__"],
        result=[L("'2.5.1+cu124'", nots=["2.5", "124"])])
nb.md(["## 1. The prompt", "", "The GPT-2 tokenizer turns `<|endoftext|>The cat sat` into four pieces (Ġ marks a "
       "leading space). I made up a 4-dimensional embedding for each."])
src = ["tokens = [\"<|endoftext|>\", \"The\", \"Ġcat\", \"Ġsat\"]", "x = torch.tensor([["]
for t, r in zip(toks, Xs):
    src.append("    [" + ", ".join(f"{v:>5}" for v in r) + "],  # " + t)
src += ["]])", "B, T, C = x.shape", "x.shape"]
nb.code(src, result=[L("torch.Size([1, 4, 4])", nots=["1", "4"])])
nb.md(["## 2. Projections", "", L("One head, so the head size equals C = 4. Rows are input features, columns output "
       "features (`x @ W`).", nots=["4"]), ""])
src = []
for nm, M in (("W_q", Wqs), ("W_k", Wks), ("W_v", Wvs)):
    src.append(f"{nm} = torch.tensor([")
    for r in M:
        src.append("    [" + ", ".join(f"{v:>4}" for v in r) + "],")
    src.append("])")
src += ["", "q = x @ W_q", "k = x @ W_k", "v = x @ W_v", "print(\"q =\", q)"]
ln, ce = torch_nd([Q])
qi = t_items(["q = " + ln[0]] + ln[1:], ce, lambda i: (f"Q[{toks[i[1]]}][{i[2] + 1}]", "correct"))
nb.code(src, stdout=qi)
for nm, M in (("k", K), ("v", V)):
    ln, ce = torch_nd([M])
    nb.code([f"print(\"{nm} =\", {nm})"], stdout=t_items([f"{nm} = " + ln[0]] + ln[1:], ce,
            lambda i, nm=nm: (f"{nm.upper()}[{toks[i[1]]}][{i[2] + 1}]", "correct")))
nb.md(["## 3. Scores and the causal mask", "", L("Divide by √head_size = 2, then put −∞ wherever a query would see "
       "the future, so that softmax gives those keys exactly zero.", opts=["2"])])
nb.code(["mask = torch.tril(torch.ones(T, T))", "mask"],
        result=["tensor([[1., 0., 0., 0.],", "        [1., 1., 0., 0.],", "        [1., 1., 1., 0.],",
                "        [1., 1., 1., 1.]])"])
ln, ce = torch_nd([Sc], masked=lambda i: i[2] > i[1])
nb.code(["att = (q @ k.transpose(-2, -1)) / math.sqrt(k.size(-1))",
         "att = att.masked_fill(mask[:T, :T] == 0, float('-inf'))", "att"],
        result=t_items(ln, ce, lambda i: (f"scaled[{toks[i[1]]},{toks[i[2]]}]", "correct")))
nb.md(["## 4. Softmax, then mix the values", "", "Row 0 can only see itself, so its weight is exactly 1."])
ln, ce = torch_nd([W])
nb.code(["att = F.softmax(att, dim=-1)", "att"],
        result=t_items(ln, ce, lambda i: (f"weights[{toks[i[1]]},{toks[i[2]]}]", "correct"),
                       opt=lambda i: i[2] > i[1]))
ln, ce = torch_nd([C])
nb.code(["y = att @ v    # (B, T, T) @ (B, T, C) -> (B, T, C)", "print(y.shape)", "y"],
        stdout=[L("torch.Size([1, 4, 4])", nots=["1", "4"])],
        result=t_items(ln, ce, lambda i: (f"context[{toks[i[1]]}][{i[2] + 1}]", "correct")))
nb.md([L("The last row is what the model would use to predict the token after *Ġsat*: a blend of all four value rows. "
       "In GPT-2 small this happens with C = 768 and 12 heads in each of 12 layers.", nots=["768", "12"])])
nb.save()
