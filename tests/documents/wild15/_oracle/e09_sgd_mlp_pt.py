"""Brazilian Portuguese Jupyter notebook, PyTorch: one SGD step (lr 0.1) of a tiny MLP, nn.Linear(2, 2) -> ReLU ->
nn.Linear(2, 1), weights set with `copy_` under no_grad, MSE loss against one target; the forward values, the loss
as `tensor(…, grad_fn=<MseLossBackward0>)` and `.item()`, every `.grad`, the parameters after `opt.step()` as
`Parameter containing:`; then a markdown cell that works the update of W1 and b2 by hand from the printed gradients
(w − 0.1 × grad): chained. Quantities have no address in the case format and are named descriptively."""
from pathlib import Path

from w15lib import *

xs = ["0.6", "-0.4"]
W1s = [["0.5", "-0.3"], ["0.2", "0.7"]]
b1s = ["0.1", "0.4"]
W2s = [["0.8", "-0.6"]]
b2s = ["0.05"]
ys = "0.9"
LR = mpf("0.1")
x, W1, b1, W2, b2, y = mat(xs), mat(W1s), mat(b1s), mat(W2s), mat(b2s), mpf(ys)
z1 = [dot(W1[k], x) + b1[k] for k in range(2)]
assert all(v > 0 for v in z1)
hh = [max(v, mpf(0)) for v in z1]
o = dot(W2[0], hh) + b2[0]
L_ = (o - y) ** 2
g_o = 2 * (o - y)
gW2 = [[g_o * hh[k] for k in range(2)]]
gb2 = [g_o]
dz = [g_o * W2[0][k] for k in range(2)]
gW1 = [[dz[k] * x[i] for i in range(2)] for k in range(2)]
gb1 = dz
nW1 = [[W1[k][i] - LR * gW1[k][i] for i in range(2)] for k in range(2)]
nb1 = [b1[k] - LR * gb1[k] for k in range(2)]
nW2 = [[W2[0][k] - LR * gW2[0][k] for k in range(2)]]
nb2 = [b2[0] - LR * gb2[0]]
# float64 check
xn, W1n, b1n, W2n, b2n = (np.array(v, float) for v in (xs, W1s, b1s, W2s, b2s))
z1n = W1n @ xn + b1n; hn = np.maximum(z1n, 0); on = W2n @ hn + b2n; go = 2 * (on - 0.9)
agree(z1, z1n); agree([o], on); agree([L_], (on - 0.9) ** 2)
agree(gW2, np.outer(go, hn)); agree(gW1, np.outer((W2n.T @ go) * (z1n > 0), xn)); agree(nb2, b2n - 0.1 * go)
# float32, as torch computes it
f = np.float32
x3, W13, b13, W23, b23 = (np.array(v, f) for v in (xs, W1s, b1s, W2s, b2s))
z13 = W13 @ x3 + b13; h3 = np.maximum(z13, f(0)); o3 = W23 @ h3 + b23; L3 = ((o3 - f(0.9)) ** 2).mean()
go3 = f(2) * (o3 - f(0.9))
gW23 = np.outer(go3, h3).astype(f); gb23 = go3; dz3 = (W23.T @ go3) * (z13 > 0); gW13 = np.outer(dz3, x3).astype(f); gb13 = dz3
nW13 = W13 - f(0.1) * gW13; nb13 = b13 - f(0.1) * gb13; nW23 = W23 - f(0.1) * gW23; nb23 = b23 - f(0.1) * gb23

d = Doc("sgd-mlp-pt", "ipynb",
        "Brazilian Portuguese PyTorch notebook: one SGD step of a 2-2-1 ReLU MLP with MSE loss; forward values, loss, "
        ".item(), every .grad and the parameters after opt.step(); the update worked by hand from the printed gradients",
        "MLP x (2) -> Linear(2, 2) + ReLU -> Linear(2, 1), MSE against 0.9, one SGD step with lr 0.1 "
        "(W as nn.Linear.weight, [out][in])",
        script=Path(__file__).name, rounding="chained")
nb = NB(d, ipy_meta("3.10.12"), minor=5)


def tR(arr32, exact, qfn, suffix=None, lead="", prefix="tensor("):
    a = np.asarray(arr32, dtype=np.float32)
    lines, cells = torch_repr(a, 4, suffix, prefix)
    if a.ndim == 1:
        c, o = [], []
        for j, t in enumerate(cells):
            cc, oo = judge(t, exact[j], qfn(0, j)); c += cc; o += oo
        return [R(lead + lines[0], c, o)] + [R(l) for l in lines[1:]]
    return rows_R(lines, cells, exact, qfn, lead=lead)


nb.md(["# Um passo de SGD numa MLP minúscula", "",
       R("Rede: $x \\in \\mathbb{R}^2 \\to$ `Linear(2, 2)` $\\to$ ReLU $\\to$ `Linear(2, 1)`, perda MSE com alvo "
         "$y = 0.9$ e taxa de aprendizado $\\eta = 0.1$.", nots=["2", "1", "0.9", "0.1"])])
nb.code(["import torch", "import torch.nn as nn", "", "lin1 = nn.Linear(2, 2)", "lin2 = nn.Linear(2, 1)",
         "with torch.no_grad():",
         f"    lin1.weight.copy_(torch.tensor([{', '.join('[' + ', '.join(r) + ']' for r in W1s)}]))",
         f"    lin1.bias.copy_(torch.tensor([{', '.join(b1s)}]))",
         f"    lin2.weight.copy_(torch.tensor([{', '.join('[' + ', '.join(r) + ']' for r in W2s)}]))",
         f"    lin2.bias.copy_(torch.tensor([{', '.join(b2s)}]))", "",
         f"x = torch.tensor([{', '.join(xs)}])", f"y = torch.tensor([{ys}])",
         "opt = torch.optim.SGD(list(lin1.parameters()) + list(lin2.parameters()), lr=0.1)"])
one = lambda nm: (lambda i, j: f"{nm}[{j + 1}]")
nb.code(["z1 = lin1(x)", "h = torch.relu(z1)", "out = lin2(h)", "print('z1 =', z1)", "print('h  =', h)", "print('out =', out)"],
        [("stdout", tR(z13, z1, one("z1"), "grad_fn=<ViewBackward0>", "z1 = ") + tR(h3, hh, one("h"), "grad_fn=<ReluBackward0>", "h  = ")
          + tR(o3, [o], one("out"), "grad_fn=<ViewBackward0>", "out = "))])
lt = torch_repr(np.array(L3, f).reshape(1), 4)[1][0]
cl, op = judge(lt, L_, "loss")
it = py_repr32(L3)
c2, o2 = judge(it, L_, "loss")
nb.code(["loss = nn.functional.mse_loss(out, y)", "print(loss)", "loss.item()"],
        [("stdout", [R(f"tensor({lt}, grad_fn=<MseLossBackward0>)", cl, op)]), ("result", [R(it, c2, o2)])])
nb.code(["opt.zero_grad()", "loss.backward()", "for nome, p in [('W1', lin1.weight), ('b1', lin1.bias), ('W2', lin2.weight), ('b2', lin2.bias)]:",
         "    print(nome, p.grad)"],
        [("stdout", tR(gW13, gW1, lambda i, j: f"grad.W1[{i + 1}][{j + 1}]", lead="W1 ")
          + tR(gb13, gb1, one("grad.b1"), lead="b1 ") + tR(gW23, gW2, lambda i, j: f"grad.W2[{i + 1}][{j + 1}]", lead="W2 ")
          + tR(gb23, gb2, one("grad.b2"), lead="b2 "))])
nb.code(["opt.step()", "print(lin1.weight)", "print(lin2.bias)"],
        [("stdout", ["Parameter containing:"] + tR(nW13, nW1, lambda i, j: f"step1.W1[{i + 1}][{j + 1}]", "requires_grad=True")
          + ["Parameter containing:"] + tR(nb23, nb2, one("step1.b2"), "requires_grad=True"))])
# the hand update, chained from the printed gradients
gp = torch_repr(gW13, 4)[1]
bp = torch_repr(gb23, 4)[1]
H = ["## Conferindo à mão", "", "Regra do SGD: $w \\leftarrow w - \\eta \\, \\partial L / \\partial w$, com os gradientes impressos acima.", ""]
for k in range(2):
    for i in range(2):
        w0 = W1s[k][i]; g = gp[k][i]
        r = rnd(mpf(w0) - LR * mpf(g), 5)
        H.append(R(f"- $W_1[{k + 1},{i + 1}] = {w0} - 0.1 \\times ({g}) = {r}$",
                   [(r, f"step1.W1[{k + 1}][{i + 1}]", "correct")], [w0, g], nots=[str(k + 1), str(i + 1), "0.1"]
                   if w0 not in ("1", "2") else ()))
r = rnd(mpf(b2s[0]) - LR * mpf(bp[0]), 5)
H.append(R(f"- $b_2 = {b2s[0]} - 0.1 \\times ({bp[0]}) = {r}$", [(r, "step1.b2[1]", "correct")], [b2s[0], bp[0]], nots=["2", "0.1"]))
H += ["", "Os valores batem com `lin1.weight` e `lin2.bias` depois de `opt.step()` (o PyTorch mostra só 4 casas)."]
nb.md(H)
nb.save()
