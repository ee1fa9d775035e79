"""English Google Colab notebook (colab metadata, accelerator GPU), PyTorch with requires_grad weights: tokens as a
Python list, Q/K/V printed with `print("Q:", Q)` (continuation rows indented under `tensor(` only, grad_fn suffixes),
split over two stdout objects; bare expressions as execute_result; `torch.Size`, `.item()` (a float32 widened to a
Python float, all its digits), then `torch.set_printoptions(precision=8)` showing float32 noise. Exact rounding."""
from pathlib import Path

from w15lib import *

toks = ["the", "cat", "sat"]
Xs = [["0.9", "0.1", "0.4", "0.2"], ["0.3", "0.8", "0.2", "0.5"], ["0.6", "0.4", "0.7", "0.1"]]
Wqs = [["0.5", "0.2"], ["0.1", "0.7"], ["0.4", "0.3"], ["0.2", "0.6"]]
Wks = [["0.3", "0.6"], ["0.7", "0.1"], ["0.2", "0.5"], ["0.4", "0.3"]]
Wvs = [["0.6", "0.1"], ["0.2", "0.8"], ["0.5", "0.4"], ["0.1", "0.3"]]
a = attention(Xs, Wqs, Wks, Wvs)
f = attn32(Xs, Wqs, Wks, Wvs, np.sqrt(2))
d = Doc("colab-torch-grad-en", "ipynb",
        "English Colab notebook, PyTorch with requires_grad weights: the, cat, sat; d_model 4 -> d_k 2; grad_fn "
        "suffixes, stdout split over two objects, .item() and precision=8 float32 noise",
        "attention with Wq, Wk, Wv (4 -> 2), scaled by sqrt(2), over the tokens the, cat, sat",
        script=Path(__file__).name,
        note="program output: a printed float32 value whose last digits are float32 noise (not the rounding of the "
             "exact value) is an optional claim, never a wrong one; no slip")
nb = NB(d, colab_meta("attention_by_hand.ipynb"), minor=0, ids=False)
nb.md(["# Attention by hand, then by autograd", "",
       R("Three tokens, a 4-dimensional embedding, one head with $d_k = 2$. Every tensor below is printed so you can "
         "compare it with the hand calculation in the lecture notes.", nots=["4", "2"])])
nb.code(["import torch", "import torch.nn.functional as F", "torch.__version__"],
        [("result", [R("'2.5.1+cu121'", nots=["2.5"])])])
xlines = ["tokens = [\"the\", \"cat\", \"sat\"]", "X = torch.tensor(["] + \
         [f"    [{', '.join(r)}]," for r in Xs] + ["])", "X.shape"]
nb.code(xlines, [("result", [R("torch.Size([3, 4])", nots=["3", "4"])])])
src = []
for nm, M in (("Wq", Wqs), ("Wk", Wks), ("Wv", Wvs)):
    src += [f"{nm} = torch.tensor([{', '.join('[' + ', '.join(r) + ']' for r in M)}], requires_grad=True)"]
src += ["print(Wq)"]
wl, _ = torch_repr(np.array(Wqs, dtype=np.float32), 4, "requires_grad=True")
nb.code(src, [("stdout", wl)])
so1 = rows_R(*torch_repr(f["Q"], 4, "grad_fn=<MmBackward0>"), a["Q"], lambda i, j: f"Q[{toks[i]}][{j + 1}]", lead="Q: ")
kl = rows_R(*torch_repr(f["K"], 4, "grad_fn=<MmBackward0>"), a["K"], lambda i, j: f"K[{toks[i]}][{j + 1}]", lead="K: ")
vl = rows_R(*torch_repr(f["V"], 4, "grad_fn=<MmBackward0>"), a["V"], lambda i, j: f"V[{toks[i]}][{j + 1}]", lead="V: ")
nb.code(["Q = X @ Wq", "K = X @ Wk", "V = X @ Wv", "print(\"Q:\", Q)", "print(\"K:\", K)", "print(\"V:\", V)"],
        [("stdout", so1), ("stdout", kl + vl)])
pair = lambda nm: (lambda i, j: f"{nm}[{toks[i]},{toks[j]}]")
nb.code(["scores = Q @ K.T", "scores"],
        [("result", rows_R(*torch_repr(f["S"], 4, "grad_fn=<MmBackward0>"), a["S"], pair("scores")))])
nb.md([R("Divide by $\\sqrt{d_k} = \\sqrt{2}$ before the softmax:", nots=["2"]), "",
       "$$\\mathrm{Attention}(Q,K,V) = \\mathrm{softmax}\\left(\\frac{QK^\\top}{\\sqrt{d_k}}\\right)V$$"])
nb.code(["d_k = K.shape[-1]", "scaled = scores / d_k ** 0.5", "scaled"],
        [("result", rows_R(*torch_repr(f["Sc"], 4, "grad_fn=<DivBackward0>"), a["Sc"], pair("scaled")))])
nb.code(["weights = F.softmax(scaled, dim=-1)", "weights"],
        [("result", rows_R(*torch_repr(f["W"], 4, "grad_fn=<SoftmaxBackward0>"), a["W"], pair("weights")))])
nb.code(["out = weights @ V", "out"],
        [("result", rows_R(*torch_repr(f["C"], 4, "grad_fn=<MmBackward0>"), a["C"], lambda i, j: f"context[{toks[i]}][{j + 1}]"))])
nb.code(["out.shape"], [("result", [R("torch.Size([3, 2])", nots=["3", "2"])])])
nb.md(["How much does *cat* attend to *sat*? `.item()` turns the one-element tensor into a Python float:"])
it = py_repr32(f["W"][1][2])
c, o = judge(it, a["W"][1][2], "weights[cat,sat]")
nb.code(["weights[1, 2].item()"], [("result", [R(it, c, o)])])
nb.md(["More digits. The last one or two are float32 rounding, not maths:"])
nb.code(["torch.set_printoptions(precision=8)", "print(weights)"],
        [("stdout", rows_R(*torch_repr(f["W"], 8, "grad_fn=<SoftmaxBackward0>"), a["W"], pair("weights")))])
nb.code(["weights.sum(dim=-1)"], [], run=False)
nb.md(["Next time: the backward pass through `F.softmax`."])
nb.save()
