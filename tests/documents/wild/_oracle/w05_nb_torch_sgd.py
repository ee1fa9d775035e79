"""Jupyter notebook (PyTorch prints): softmax, then one SGD step of a single nn.Linear with MSE loss, gradients printed."""
from pathlib import Path

import numpy as np

from wlib import *

logits = V(["1.2", "-0.3", "0.5"])
P = softmax(logits)
ex = [mpmath.exp(z) for z in logits]
Wl = V([["0.2", "-0.1", "0.4"], ["0.5", "0.3", "-0.2"]])
bl = V(["0.1", "-0.1"])
x = V(["0.5", "-1.5", "2.0"])
y = V(["0.42", "-0.25"])
LR = mpf("0.1")


def forward(W, b):
    return [dot(W[i], x) + b[i] for i in range(2)]


out = forward(Wl, bl)
diff = [out[i] - y[i] for i in range(2)]
loss = mpmath.fsum(d_ * d_ for d_ in diff) / 2
g = [2 * d_ / 2 for d_ in diff]  # dL/dout for MSE (mean over N = 2)
gW = [[g[i] * x[j] for j in range(3)] for i in range(2)]
gb = g[:]
W2 = [[Wl[i][j] - LR * gW[i][j] for j in range(3)] for i in range(2)]
b2 = [bl[i] - LR * gb[i] for i in range(2)]
out2 = forward(W2, b2)
loss2 = mpmath.fsum((out2[i] - y[i]) ** 2 for i in range(2)) / 2

# NumPy float64 cross-check
Wn, bn, xn, yn = np.array([[0.2, -0.1, 0.4], [0.5, 0.3, -0.2]]), np.array([0.1, -0.1]), np.array([0.5, -1.5, 2.0]), np.array([0.42, -0.25])
on = Wn @ xn + bn
gn = on - yn
Wn2, bn2 = Wn - 0.1 * np.outer(gn, xn), bn - 0.1 * gn
np_check([loss, loss2], [np.mean((on - yn) ** 2), np.mean((Wn2 @ xn + bn2 - yn) ** 2)])

d = Doc("nb-torch-softmax-sgd", "ipynb",
        "Jupyter notebook (PyTorch, nbformat 4 with outputs): softmax of three logits with a hand check, then one nn.Linear(3, 2) with MSE loss: forward output, loss, weight/bias gradients, one SGD step (lr 0.1), the updated parameters and the new loss, each printed by torch and re-derived by hand in Markdown cells",
        "softmax; linear layer y = W x + b, MSE loss (mean over 2 outputs), gradients dL/dW = (2/N)(out - y) x^T, SGD update", "exact",
        note="torch prints 4 decimals (float32); every given is a short decimal so the exact values are short decimals too and no printed value sits near a rounding tie; no planted slip; lines are lines of the .ipynb JSON file, cell is the 0-based cell index")
d.gen = Path(__file__).name
nb = Notebook(d)
R4 = lambda v: rnd(v, 4)
nb.md(["# Softmax, MSE and one SGD step, checked by hand",
       "",
       "PyTorch does all of this for us, but it is worth seeing the numbers once. Everything below runs on CPU in a fresh kernel (torch 2.1)."])
nb.code(["import torch", "import torch.nn as nn", "", "torch.set_printoptions(precision=4)"])
nb.md(["## 1. Softmax"])
probs_line = torch_fmt(P)[0]
nb.code(["logits = torch.tensor([1.2, -0.3, 0.5])", "probs = torch.softmax(logits, dim=0)", "probs"],
        [("result", [(probs_line, [(R4(P[i]), f"softmax(logits)[{i}]", "correct") for i in range(3)])])])
es = [R4(e) for e in ex]
tot = mpmath.fsum(ex)
nb.md(["By hand: exponentiate and divide by the sum.",
       "",
       (f"- $e^{{1.2}} = {es[0]}$, $e^{{-0.3}} = {es[1]}$, $e^{{0.5}} = {es[2]}$", [(es[i], f"exp(logit {i})", "correct") for i in range(3)]),
       (f"- sum $= {R4(tot)}$", [(R4(tot), "sum of exps", "correct")]),
       (f"- $p = ({es[0]}/{R4(tot)},\\ {es[1]}/{R4(tot)},\\ {es[2]}/{R4(tot)}) = ({R4(P[0])}, {R4(P[1])}, {R4(P[2])})$",
        [(R4(P[i]), f"softmax(logits)[{i}]", "correct") for i in range(3)], (), es + [R4(tot)] * 3),
       "",
       "Same as torch. Note the largest logit gets well over half of the mass."])
nb.md(["## 2. One linear layer, one training step",
       "",
       "A layer with 3 inputs and 2 outputs. I overwrite the random initialisation so the numbers are easy to follow."])
nb.code(["layer = nn.Linear(3, 2)",
         "with torch.no_grad():",
         "    layer.weight.copy_(torch.tensor([[0.2, -0.1, 0.4],",
         "                                     [0.5, 0.3, -0.2]]))",
         "    layer.bias.copy_(torch.tensor([0.1, -0.1]))",
         "",
         "x = torch.tensor([[0.5, -1.5, 2.0]])   # one sample",
         "y = torch.tensor([[0.42, -0.25]])      # target"])
nb.code(["out = layer(x)", "out"],
        [("result", [(torch_fmt([out], grad_fn="AddmmBackward0")[0], [(R4(out[i]), f"out[{i}]", "correct") for i in range(2)])])])
nb.code(["loss_fn = nn.MSELoss()", "loss = loss_fn(out, y)", "loss"],
        [("result", [(torch_fmt(loss, grad_fn="MseLossBackward0")[0], [(R4(loss), "MSE loss", "correct")])])])
ds = [short(v) for v in diff]
sq = [short(v * v) for v in diff]
o_s = [short(v) for v in out]
nb.md(["Check: the layer computes $\\hat y = W x + b$.",
       "",
       (f"- $\\hat y_1 = 0.2(0.5) - 0.1(-1.5) + 0.4(2.0) + 0.1 = {o_s[0]}$", [(o_s[0], "out[0]", "correct")]),
       (f"- $\\hat y_2 = 0.5(0.5) + 0.3(-1.5) - 0.2(2.0) - 0.1 = {o_s[1]}$", [(o_s[1], "out[1]", "correct")]),
       "",
       (f"Errors $\\hat y - y = ({ds[0]}, {ds[1]})$, squared $({sq[0]}, {sq[1]})$, mean $= {short(loss)}$.",
        [(ds[0], "out[0] - y[0]", "correct"), (ds[1], "out[1] - y[1]", "correct"), (sq[0], "(out[0] - y[0])^2", "correct"),
         (sq[1], "(out[1] - y[1])^2", "correct"), (short(loss), "MSE loss", "correct")])])
wg = torch_fmt(gW)
bg = torch_fmt(gb)[0]
nb.code(["loss.backward()", "print(layer.weight.grad)", "print(layer.bias.grad)"],
        [("stdout", [(wg[0], [(R4(gW[0][j]), f"dL/dW[0][{j}]", "correct") for j in range(3)]),
                     (wg[1], [(R4(gW[1][j]), f"dL/dW[1][{j}]", "correct") for j in range(3)]),
                     (bg, [(R4(gb[i]), f"dL/db[{i}]", "correct") for i in range(2)])])])
gs_ = [short(v) for v in g]
nb.md(["### The gradients by hand",
       "",
       "With $L = \\frac{1}{N}\\sum_i (\\hat y_i - y_i)^2$ and $N = 2$:",
       "",
       (f"$$\\frac{{\\partial L}}{{\\partial \\hat y}} = \\frac{{2}}{{N}}(\\hat y - y) = ({gs_[0]},\\ {gs_[1]})$$",
        [(gs_[0], "dL/dout[0]", "correct"), (gs_[1], "dL/dout[1]", "correct")], ("2",)),
       "",
       "and since $\\hat y = Wx + b$, $\\partial L/\\partial W = (\\partial L/\\partial \\hat y)\\, x^\\top$ and $\\partial L/\\partial b = \\partial L/\\partial \\hat y$:",
       "",
       (f"- row 1: ${gs_[0]} \\times (0.5, -1.5, 2.0) = ({short(gW[0][0])}, {short(gW[0][1])}, {short(gW[0][2])})$",
        [(short(gW[0][j]), f"dL/dW[0][{j}]", "correct") for j in range(3)], (), (gs_[0],)),
       (f"- row 2: ${gs_[1]} \\times (0.5, -1.5, 2.0) = ({short(gW[1][0])}, {short(gW[1][1])}, {short(gW[1][2])})$",
        [(short(gW[1][j]), f"dL/dW[1][{j}]", "correct") for j in range(3)], (), (gs_[1],)),
       "",
       "Matches the printed `.grad`."])
w2l = torch_fmt(W2, extra="requires_grad=True")
nb.code(["opt = torch.optim.SGD(layer.parameters(), lr=0.1)", "opt.step()", "layer.weight"],
        [("result", ["Parameter containing:",
                     (w2l[0], [(R4(W2[0][j]), f"W_new[0][{j}]", "correct") for j in range(3)]),
                     (w2l[1], [(R4(W2[1][j]), f"W_new[1][{j}]", "correct") for j in range(3)])])])
nb.code(["layer.bias"],
        [("result", ["Parameter containing:",
                     (torch_fmt(b2, extra="requires_grad=True")[0], [(R4(b2[i]), f"b_new[{i}]", "correct") for i in range(2)])])])
nb.md(["Each parameter moved by $-\\eta \\cdot \\text{grad}$ with $\\eta = 0.1$, e.g.",
       (f"$w_{{11}} = 0.2 - 0.1 \\times ({short(gW[0][0])}) = {short(W2[0][0])}$", [(short(W2[0][0]), "W_new[0][0]", "correct")], (), (short(gW[0][0]).lstrip("-"),)),
       "",
       "Did the step help?"])
o2 = torch_fmt([out2], grad_fn="AddmmBackward0")[0]
nb.code(["out2 = layer(x)", "print(out2)", "print(loss_fn(out2, y))"],
        [("stdout", [(o2, [(R4(out2[i]), f"out_new[{i}]", "correct") for i in range(2)]),
                     (torch_fmt(loss2, grad_fn="MseLossBackward0")[0], [(R4(loss2), "MSE loss after the step", "correct")])])])
nb.md([(f"The loss dropped from {R4(loss)} to {R4(loss2)} after a single step.",
        [(R4(loss), "MSE loss", "correct"), (R4(loss2), "MSE loss after the step", "correct")])])
nb.write()
