"""German Jupyter notebook (nbformat 4) with PyTorch: an nn.Linear(3, 2) whose weight and bias are set by hand with
copy_, the printed output tensor with grad_fn, an MSE loss, loss.backward(), the printed .grad of weight and bias,
one SGD step (lr = 0.1), the updated Parameter and the new loss; a markdown cell re-derives one gradient by hand."""
from pathlib import Path

from w7lib import *

Ws = [["0.4", "-0.3", "0.2"], ["0.1", "0.5", "-0.6"]]   # nn.Linear.weight: [out][in]
bs = ["0.05", "-0.1"]
xs = ["1.5", "-0.5", "2.0"]
ys = ["1.0", "-0.3"]
LR = mpf("0.1")
W, b, x, y = mat(Ws), mat(bs), mat(xs), mat(ys)


def fwd(W, b):
    o = [dot(W[j], x) + b[j] for j in range(2)]
    L = mpmath.fsum((o[j] - y[j]) ** 2 for j in range(2)) / 2
    return o, L


o, Ls = fwd(W, b)
go = [(o[j] - y[j]) for j in range(2)]          # d mean((o-y)^2) / d o = 2 (o - y) / 2
gW = [[go[j] * x[i] for i in range(3)] for j in range(2)]
gb = go
W1 = [[W[j][i] - LR * gW[j][i] for i in range(3)] for j in range(2)]
b1 = [b[j] - LR * gb[j] for j in range(2)]
o1, Ls1 = fwd(W1, b1)
Wn, bn, xn, yn = (np.array(v, float) for v in (Ws, bs, xs, ys))
on = Wn @ xn + bn; Ln = ((on - yn) ** 2).mean(); gWn = np.outer(on - yn, xn)
agree(o, on); agree([Ls], [Ln]); agree(gW, gWn); agree(W1, Wn - 0.1 * gWn)
agree([Ls1], [(((Wn - 0.1 * gWn) @ xn + bn - 0.1 * (on - yn) - yn) ** 2).mean()])

d = Doc("nb-linear-backward-de", "ipynb",
        "German Jupyter notebook, PyTorch: nn.Linear(3, 2) with weight and bias copied in by hand, printed output with "
        "grad_fn, MSELoss, backward(), printed .grad of weight and bias, one SGD step (lr 0.1), updated Parameter, new "
        "output and loss; a markdown cell works one gradient by hand",
        "one linear layer (weight [out][in], bias), MSE loss (mean over 2 outputs), one SGD step lr 0.1",
        script=Path(__file__).name)
nb = Notebook(d, {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                  "language_info": {"name": "python", "version": "3.11.7"}})
F = lambda v: rnd(v, 4)
nb.md(["# Ein Rückwärtsschritt mit `nn.Linear` – von Hand nachgerechnet",
       "",
       "Wir setzen die Gewichte einer kleinen linearen Schicht selbst, berechnen einen MSE-Verlust und schauen uns an, "
       "was `backward()` in `.grad` schreibt. Danach ein einziger SGD-Schritt."])
nb.code(["import torch", "import torch.nn as nn", "", "torch.__version__"], result=[L("'2.2.1+cu121'", nots=["2.2.1"])])
nb.code(["lin = nn.Linear(3, 2)",
         "with torch.no_grad():",
         L(f"    lin.weight.copy_(torch.tensor([[{', '.join(Ws[0])}],"),
         L(f"                                   [{', '.join(Ws[1])}]]))"),
         L(f"    lin.bias.copy_(torch.tensor([{', '.join(bs)}]))"),
         "",
         L(f"x = torch.tensor([[{', '.join(xs)}]])"),
         L(f"y = torch.tensor([[{', '.join(ys)}]])")])
ol, ov = torch_lines([o])
ol[0] = ol[0][:-1] + ", grad_fn=<AddmmBackward0>)"
nb.code(["out = lin(x)", "out"],
        result=[L(ol[0], claims=[(ov[0][j], f"lin.out[x][{j + 1}]", "correct") for j in range(2)])])
nb.code(["loss_fn = nn.MSELoss()", "loss = loss_fn(out, y)", "loss"],
        result=[L(f"tensor({F(Ls)}, grad_fn=<MseLossBackward0>)", claims=[(F(Ls), "loss", "correct")])])
nb.code(["loss.backward()", "print(lin.weight.grad)", "print(lin.bias.grad)"],
        stdout=[L(t, claims=[(v, f"grad.lin.W[{j + 1}][{i + 1}]", "correct") for i, v in enumerate(vv)])
                for j, (t, vv) in enumerate(zip(*torch_lines(gW)))]
        + [L(torch_lines(gb)[0][0], claims=[(v, f"grad.lin.b[{j + 1}]", "correct")
                                             for j, v in enumerate(torch_lines(gb)[1][0])])])
nb.md(["## Zur Kontrolle von Hand",
       "",
       "`MSELoss` mittelt über beide Ausgaben, also ist $\\partial L / \\partial o_j = \\tfrac{2}{2}(o_j - y_j) = o_j - y_j$.",
       "",
       L(f"- $o_1 - y_1 = {F(o[0])} - {ys[0]} = {F(go[0])}$", claims=[(F(go[0]), "grad.lin.out[x][1]", "correct")],
         opts=[F(o[0]), ys[0]]),
       L(f"- $o_2 - y_2 = {F(o[1])} - ({ys[1]}) = {F(go[1])}$", claims=[(F(go[1]), "grad.lin.out[x][2]", "correct")],
         opts=[F(o[1]), ys[1]]),
       L(f"- $\\partial L / \\partial W_{{11}} = (o_1 - y_1) \\cdot x_1 = {F(go[0])} \\cdot {xs[0]} = {F(gW[0][0])}$",
         claims=[(F(gW[0][0]), "grad.lin.W[1][1]", "correct")], opts=[F(go[0]), xs[0]]),
       L(f"- $\\partial L / \\partial W_{{23}} = (o_2 - y_2) \\cdot x_3 = {F(go[1])} \\cdot {xs[2]} = {F(gW[1][2])}$",
         claims=[(F(gW[1][2]), "grad.lin.W[2][3]", "correct")], opts=[F(go[1]), xs[2]]),
       "",
       "Passt zu dem, was PyTorch ausgibt. Jetzt ein Schritt mit `lr = 0.1`:"])
wl, wv = torch_lines(W1)
wl[-1] = wl[-1][:-1] + ", requires_grad=True)"
nb.code(["opt = torch.optim.SGD(lin.parameters(), lr=0.1)",
         "opt.step()",
         "lin.weight"],
        result=[L("Parameter containing:")] +
               [L(t, claims=[(v, f"step1.lin.W[{j + 1}][{i + 1}]", "correct") for i, v in enumerate(wv[j])])
                for j, t in enumerate(wl)])
bl, bv = torch_lines([b1])
nb.code(["print(lin.bias.data)"], stdout=[L(torch_lines(b1)[0][0],
        claims=[(v, f"step1.lin.b[{j + 1}]", "correct") for j, v in enumerate(torch_lines(b1)[1][0])])])
ol1, ov1 = torch_lines([o1])
ol1[0] = ol1[0][:-1] + ", grad_fn=<AddmmBackward0>)"
nb.code(["out2 = lin(x)", "print(out2)", "print(f\"{loss_fn(out2, y).item():.4f}\")"],
        stdout=[L(ol1[0], claims=[(ov1[0][j], f"step1.lin.out[x][{j + 1}]", "correct") for j in range(2)]),
                L(F(Ls1), claims=[(F(Ls1), "step1.loss", "correct")])])
nb.md([L(f"Der Verlust fällt von {F(Ls)} auf {F(Ls1)}. Mit kleinerem `lr` wäre der Schritt vorsichtiger.",
         claims=[(F(Ls), "loss", "correct"), (F(Ls1), "step1.loss", "correct")])])
nb.save()
