"""English Jupyter notebook, PyTorch: a 3-2-2 MLP (Linear, sigmoid, Linear) with cross-entropy on one example;
the forward tensors, loss.backward() and every parameter's .grad printed in torch's layout, then one SGD step
(lr 0.5) and the new weights as `Parameter containing:`. Exact rounding (torch re-implemented: fixed-point,
4 decimals, one width; float32 digits checked)."""
from pathlib import Path

from w18lib import *

xs = ["1.0", "0.5", "-0.5"]
W1s = [["0.2", "-0.4", "0.3"], ["0.6", "0.1", "-0.2"]]
b1s = ["0.1", "-0.1"]
W2s = [["0.5", "-0.3"], ["-0.2", "0.8"]]
b2s = ["0.0", "0.05"]
target = 1
lr = mpf("0.5")
x, W1, b1, W2, b2 = mat(xs), mat(W1s), mat(b1s), mat(W2s), mat(b2s)
z1 = [dot(r, x) + bb for r, bb in zip(W1, b1)]
h = [sigmoid(v) for v in z1]
lo = [dot(r, h) + bb for r, bb in zip(W2, b2)]
p = softmax(lo)
loss = -mpmath.log(p[target])
g2 = [pk - (1 if k == target else 0) for k, pk in enumerate(p)]
gW2 = [[gk * hv for hv in h] for gk in g2]
gh = [mpmath.fsum(g2[k] * W2[k][j] for k in range(2)) for j in range(2)]
gz1 = [a * hv * (1 - hv) for a, hv in zip(gh, h)]
gW1 = [[gk * xv for xv in x] for gk in gz1]
nW1 = [[w - lr * g for w, g in zip(rw, rg)] for rw, rg in zip(W1, gW1)]
nW2 = [[w - lr * g for w, g in zip(rw, rg)] for rw, rg in zip(W2, gW2)]
nb2 = [w - lr * g for w, g in zip(b2, g2)]


def run(dt):
    X = np.array(xs, dt); A1 = np.array(W1s, dt); B1 = np.array(b1s, dt); A2 = np.array(W2s, dt); B2 = np.array(b2s, dt)
    Z1 = A1 @ X + B1; H = (1 / (1 + np.exp(-Z1))).astype(dt); LO = A2 @ H + B2
    E = np.exp(LO - LO.max()); Pn = E / E.sum(); Ln = -np.log(Pn[target])
    G2 = Pn - np.eye(2, dtype=dt)[target]; GW2 = np.outer(G2, H); GH = A2.T @ G2; GZ1 = GH * H * (1 - H)
    GW1 = np.outer(GZ1, X)
    h_ = dt(0.5)
    return dict(h=H, lo=LO, L=Ln, gW2=GW2, g2=G2, gW1=GW1, gz1=GZ1, nW1=A1 - h_ * GW1, nW2=A2 - h_ * GW2, nb2=B2 - h_ * G2)


f64, f32 = run(np.float64), run(np.float32)
agree(h, f64["h"]); agree(lo, f64["lo"]); agree([loss], [f64["L"]]); agree(gW2, f64["gW2"]); agree(gW1, f64["gW1"])
agree(gz1, f64["gz1"]); agree(nW1, f64["nW1"]); agree(nW2, f64["nW2"]); agree(nb2, f64["nb2"])

d = Doc("nb-torch-mlp-en", "ipynb",
        "English Jupyter notebook, PyTorch: a 3-2-2 MLP (fc1, sigmoid, fc2) with CrossEntropyLoss on one example, "
        "forward tensors with grad_fn, loss.backward() and each parameter's .grad printed in torch's layout, one SGD "
        "step (lr 0.5) and the new weights as Parameter containing; 4 decimals",
        "x (1x3) -> Linear(3, 2) -> sigmoid -> Linear(2, 2) -> cross-entropy with target class 1; SGD lr 0.5; "
        "weights out x in as nn.Linear stores them", script=Path(__file__).name)
nb = Notebook(d, {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                  "language_info": {"codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py",
                                    "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                                    "pygments_lexer": "ipython3", "version": "3.11.9"}})


def tl(lines, cells, qty, first_nots=()):
    out = []
    for i, ln in enumerate(lines):
        out.append(L(ln, claims=[(c, qty(i, j), "correct") for j, c in enumerate(cells[i])]))
    return out


def mtx(rows):
    return "[" + ", ".join("[" + ", ".join(r) + "]" for r in rows) + "]"


nb.md(["# Checking `loss.backward()` on a tiny MLP", "",
       "Three inputs, two sigmoid hidden units, two classes. I set every weight by hand so that the gradients can be "
       "checked on paper (see the last cell)."])
nb.code(["import torch", "import torch.nn as nn", "torch.__version__"], result=[L("'2.4.0+cpu'", nots=["2.4.0"])])
nb.code([L("fc1 = nn.Linear(3, 2)", nots=["3", "2"]), L("fc2 = nn.Linear(2, 2)", nots=["2"]), "with torch.no_grad():",
         f"    fc1.weight.copy_(torch.tensor({mtx(W1s)}))",
         f"    fc1.bias.copy_(torch.tensor([{', '.join(b1s)}]))",
         f"    fc2.weight.copy_(torch.tensor({mtx(W2s)}))",
         f"    fc2.bias.copy_(torch.tensor([{', '.join(b2s)}]))", "",
         f"x = torch.tensor([[{', '.join(xs)}]])", f"y = torch.tensor([{target}])   # the true class"])  # noqa
ln, c = torch_tensor([h], suffix=", grad_fn=<SigmoidBackward0>", f32=[f32["h"]])
nb.code(["h = torch.sigmoid(fc1(x))", "h"], result=tl(ln, c, lambda i, j: f"fc1.out[x][{j + 1}]"))
ln, c = torch_tensor([lo], suffix=", grad_fn=<AddmmBackward0>", f32=[f32["lo"]])
nb.code(["logits = fc2(h)", "logits"], result=tl(ln, c, lambda i, j: f"logits[x][{j + 1}]"))
ls, lv = torch_scalar(loss, suffix=", grad_fn=<NllLossBackward0>")
assert f"{float(f32['L']):.4f}" == lv
ps = [R(v) for v in p]
nb.code(["loss = nn.CrossEntropyLoss()(logits, y)", "print(loss)", "print(logits.softmax(dim=1))"],
        stdout=[L(ls, claims=[(lv, "loss", "correct")])] +
               tl(*torch_tensor([p], suffix=", grad_fn=<SoftmaxBackward0>"), lambda i, j: f"probs[x][{j + 1}]"))
nb.md(["## Backward", "", "After `loss.backward()` every parameter has its `.grad`, the same shape as the parameter "
       "(out × in for the weights)."])
so = [L("fc2.weight.grad")]
so += tl(*torch_tensor(gW2, f32=f32["gW2"]), lambda i, j: f"grad.fc2.W[{i + 1}][{j + 1}]")
so += [L("fc2.bias.grad")]
ln, c = torch_tensor(g2, f32=f32["g2"])
so += [L(ln[0], claims=[(v, f"grad.fc2.b[{j + 1}]", "correct") for j, v in enumerate(c)])]
so += [L("fc1.weight.grad")]
so += tl(*torch_tensor(gW1, f32=f32["gW1"]), lambda i, j: f"grad.fc1.W[{i + 1}][{j + 1}]")
so += [L("fc1.bias.grad")]
ln, c = torch_tensor(gz1, f32=f32["gz1"])
so += [L(ln[0], claims=[(v, f"grad.fc1.b[{j + 1}]", "correct") for j, v in enumerate(c)])]
nb.code(["loss.backward()", "for name, p in [('fc2.weight', fc2.weight), ('fc2.bias', fc2.bias),",
         "                ('fc1.weight', fc1.weight), ('fc1.bias', fc1.bias)]:", "    print(name + '.grad')",
         "    print(p.grad)"], stdout=so)
nb.md(["## By hand", "",
       f"The logit gradient is p − y = ({R(g2[0])}, {R(g2[1])}), which is exactly `fc2.bias.grad`. "
       f"Back through fc2: ∂L/∂h₁ = {R(g2[0])}·{W2s[0][0]} + ({R(g2[1])})·({W2s[1][0]}) = {R(gh[0])}, and through the "
       f"sigmoid, {R(gh[0])} · {R(h[0])} · (1 − {R(h[0])}) = {R(gz1[0])}, the first entry of `fc1.bias.grad`."],
      )
# register the prose line by hand (it is one JSON line)
last = nb.cells[-1]
txt = last["source"][2]
nb._remember(len(nb.cells) - 1, "source",
             [L("", ), L(""), L(txt, claims=[(R(g2[0]), "grad.fc2.b[1]", "correct"), (R(g2[1]), "grad.fc2.b[2]", "correct"),
                                             (R(gh[0]), "grad.fc1.out[x][1]", "correct"), (R(gz1[0]), "grad.fc1.b[1]", "correct")],
                                     opts=[R(g2[0]), W2s[0][0], R(g2[1]), W2s[1][0], R(gh[0]), R(h[0]), R(h[0])])])
nb.code([L("opt = torch.optim.SGD(list(fc1.parameters()) + list(fc2.parameters()), lr=0.5)", nots=["0.5"]), "opt.step()",
         "print(fc1.weight)", "print(fc2.weight)", "print(fc2.bias)"],
        stdout=[L("Parameter containing:")] +
               tl(*torch_tensor(nW1, suffix=", requires_grad=True", f32=f32["nW1"]),
                  lambda i, j: f"step1.fc1.W[{i + 1}][{j + 1}]") +
               [L("Parameter containing:")] +
               tl(*torch_tensor(nW2, suffix=", requires_grad=True", f32=f32["nW2"]),
                  lambda i, j: f"step1.fc2.W[{i + 1}][{j + 1}]") +
               [L("Parameter containing:")] +
               [L(torch_tensor(nb2, suffix=", requires_grad=True", f32=f32["nb2"])[0][0],
                  claims=[(v, f"step1.fc2.b[{j + 1}]", "correct")
                          for j, v in enumerate(torch_tensor(nb2, suffix=", requires_grad=True")[1])])])
nb.save()
