"""English Medium post exported to Markdown: the 2-2-2 sigmoid network trained one SGD step, Mazur-style (forward,
E_total = 1/2 sum (t - o)^2, output-layer chain rule, hidden-layer chain rule, all eight weights updated, the error
after the step). Exact rounding at 4 decimals. One planted slip: dE_total/dout_h1 with two digits swapped."""
from pathlib import Path

from w18lib import *

G = dict(i1="0.20", i2="0.60", w1="0.30", w2="0.10", w3="0.25", w4="0.45", b1="0.30",
         w5="0.50", w6="0.35", w7="0.20", w8="0.65", b2="0.55", t1="0.05", t2="0.95", eta="0.5")
g = {k: mpf(v) for k, v in G.items()}


def forward(w):
    nh1 = w["w1"] * g["i1"] + w["w2"] * g["i2"] + g["b1"]
    nh2 = w["w3"] * g["i1"] + w["w4"] * g["i2"] + g["b1"]
    oh1, oh2 = sigmoid(nh1), sigmoid(nh2)
    no1 = w["w5"] * oh1 + w["w6"] * oh2 + g["b2"]
    no2 = w["w7"] * oh1 + w["w8"] * oh2 + g["b2"]
    oo1, oo2 = sigmoid(no1), sigmoid(no2)
    e1 = (g["t1"] - oo1) ** 2 / 2
    e2 = (g["t2"] - oo2) ** 2 / 2
    return dict(nh1=nh1, nh2=nh2, oh1=oh1, oh2=oh2, no1=no1, no2=no2, oo1=oo1, oo2=oo2, e1=e1, e2=e2, E=e1 + e2)


W0 = {k: g[k] for k in ("w1", "w2", "w3", "w4", "w5", "w6", "w7", "w8")}
f = forward(W0)
dEo1, dEo2 = f["oo1"] - g["t1"], f["oo2"] - g["t2"]
do1, do2 = f["oo1"] * (1 - f["oo1"]), f["oo2"] * (1 - f["oo2"])
d1, d2 = dEo1 * do1, dEo2 * do2                       # delta_o1, delta_o2
gw = dict(w5=d1 * f["oh1"], w6=d1 * f["oh2"], w7=d2 * f["oh1"], w8=d2 * f["oh2"])
e1h1, e2h1 = d1 * g["w5"], d2 * g["w7"]
e1h2, e2h2 = d1 * g["w6"], d2 * g["w8"]
dh1, dh2 = e1h1 + e2h1, e1h2 + e2h2
dn1, dn2 = f["oh1"] * (1 - f["oh1"]), f["oh2"] * (1 - f["oh2"])

# slip: dE_total/dout_h1 written with its last two digits swapped
clean = R(dh1)
SLIP = clean[:-2] + clean[-1] + clean[-2]
assert SLIP != clean
dh1s = mpf(SLIP)


def hidden(dh1v):
    return dict(w1=dh1v * dn1 * g["i1"], w2=dh1v * dn1 * g["i2"], w3=dh2 * dn2 * g["i1"], w4=dh2 * dn2 * g["i2"])


gh, ghs = hidden(dh1), hidden(dh1s)
gw_all, gw_slip = {**gw, **gh}, {**gw, **ghs}
new = {k: W0[k] - g["eta"] * gw_all[k] for k in W0}
news = {k: W0[k] - g["eta"] * gw_slip[k] for k in W0}
f1, f1s = forward(new), forward(news)

# float64 recomputation of the whole step
import math
sg = lambda z: 1 / (1 + math.exp(-z))
fl = {k: float(v) for k, v in G.items()}
nh = np.array([fl["w1"] * fl["i1"] + fl["w2"] * fl["i2"], fl["w3"] * fl["i1"] + fl["w4"] * fl["i2"]]) + fl["b1"]
oh = 1 / (1 + np.exp(-nh))
W2 = np.array([[fl["w5"], fl["w6"]], [fl["w7"], fl["w8"]]])
no = W2 @ oh + fl["b2"]; oo = 1 / (1 + np.exp(-no))
t = np.array([fl["t1"], fl["t2"]])
dl = (oo - t) * oo * (1 - oo)
agree([f["oo1"], f["oo2"]], oo); agree([d1, d2], dl); agree([[gw["w5"], gw["w6"]], [gw["w7"], gw["w8"]]], np.outer(dl, oh))
dhn = W2.T @ dl
agree([dh1, dh2], dhn)
W1n = np.array([[fl["w1"], fl["w2"]], [fl["w3"], fl["w4"]]])
gW1 = np.outer(dhn * oh * (1 - oh), [fl["i1"], fl["i2"]])
agree([[gh["w1"], gh["w2"]], [gh["w3"], gh["w4"]]], gW1)
agree([[new["w1"], new["w2"]], [new["w3"], new["w4"]]], W1n - 0.5 * gW1)

d = Doc("medium-mazur-en", "md",
        "English Medium post exported to Markdown: a 2-2-2 sigmoid network (i1, i2, w1..w8, b1, b2, targets) trained "
        "one SGD step with eta 0.5, Mazur-style: forward pass, E_total, output-layer and hidden-layer chain rule, "
        "updated weights table, error after the step; 4 decimals; one planted slip",
        "2-2-2 sigmoid network, squared error 1/2 sum (t - o)^2, one SGD step with eta = 0.5",
        script=Path(__file__).name,
        note=f"planted slip: dE_total/dout_h1 is written {SLIP} instead of {clean} (last two digits swapped). "
             "The gradients of w1 and w2, their updated values (twice: in the working and in the table) and the "
             "forward pass after the step are computed from it (propagated, or any where they print the same).")
A = d
A("# Backpropagation, One Multiplication at a Time")
A("")
A("## I trained a four-neuron network for exactly one step with a pencil. Every number is below.")
A("")
A("[![Tomás Okafor](https://miro.medium.com/v2/resize:fill:88:88/1*tok.jpeg)](https://medium.com/@tomas.okafor)")
A("")
A("[Tomás Okafor](https://medium.com/@tomas.okafor)")
A("")
A("Follow")
A("")
A("9 min read · Mar 3, 2025", nots=["9", "3", "2025"])
A("")
A("\\--")
A("")
A("57", nots=["57"])
A("")
A("Listen")
A("")
A("Share")
A("")
A("![](https://miro.medium.com/v2/resize:fit:1400/1*net222.png)")
A("")
A("The network: 2 inputs, 2 hidden neurons, 2 output neurons, sigmoid everywhere", nots=["2"])
A("")
A("Everybody says backprop is \"just the chain rule\". That is true, and it is also useless until you have "
  "watched the chain rule eat real numbers. So here is one training step of the smallest network that still has "
  "a hidden layer, done by hand.")
A("")
A("## The setup")
A("")
A("One training example, one hidden layer, one shared bias per layer:")
A("")
A("| parameter | value |")
A("|---|---|")
for k in ("i1", "i2", "w1", "w2", "w3", "w4", "b1", "w5", "w6", "w7", "w8", "b2"):
    A(f"| {k} | {G[k]} |")
A(f"| target o1 | {G['t1']} |")
A(f"| target o2 | {G['t2']} |")
A(f"| learning rate η | {G['eta']} |")
A("")
A("## The forward pass")
A("")
A("Hidden neuron h1 adds up its weighted inputs and the bias:")
A("")
A(f"net_h1 = w1·i1 + w2·i2 + b1 = 0.30·0.20 + 0.10·0.60 + 0.30 = {R(f['nh1'])}",
  claims=[(R(f["nh1"]), "net_h1", "correct")], opts=["0.30", "0.20", "0.10", "0.60", "0.30"])
A("")
A("and squashes it with the logistic function:")
A("")
A(f"out_h1 = 1 / (1 + e^(−{R(f['nh1'])})) = {R(f['oh1'])}",
  claims=[(R(f["oh1"]), "out_h1", "correct")], opts=["−" + R(f["nh1"])])
A("")
A("Same recipe for h2:")
A("")
A(f"net_h2 = 0.25·0.20 + 0.45·0.60 + 0.30 = {R(f['nh2'])}, so out_h2 = {R(f['oh2'])}",
  claims=[(R(f["nh2"]), "net_h2", "correct"), (R(f["oh2"]), "out_h2", "correct")],
  opts=["0.25", "0.20", "0.45", "0.60", "0.30"])
A("")
A("The output layer does it again, now with the hidden outputs as its inputs:")
A("")
A(f"net_o1 = w5·out_h1 + w6·out_h2 + b2 = 0.50·{R(f['oh1'])} + 0.35·{R(f['oh2'])} + 0.55 = {R(f['no1'])}",
  claims=[(R(f["no1"]), "net_o1", "correct")], opts=["0.50", R(f["oh1"]), "0.35", R(f["oh2"]), "0.55"])
A("")
A(f"out_o1 = {R(f['oo1'])}", claims=[(R(f["oo1"]), "out_o1", "correct")])
A("")
A(f"net_o2 = 0.20·{R(f['oh1'])} + 0.65·{R(f['oh2'])} + 0.55 = {R(f['no2'])}, out_o2 = {R(f['oo2'])}",
  claims=[(R(f["no2"]), "net_o2", "correct"), (R(f["oo2"]), "out_o2", "correct")],
  opts=["0.20", R(f["oh1"]), "0.65", R(f["oh2"]), "0.55"])
A("")
A("## The total error")
A("")
A("Squared error, halved so that the 2 cancels when we differentiate:", nots=["2"])
A("")
A(f"E_o1 = ½(0.05 − {R(f['oo1'])})² = {R(f['e1'])}", claims=[(R(f["e1"]), "E_o1", "correct")],
  opts=["0.05", R(f["oo1"])])
A("")
A(f"E_o2 = ½(0.95 − {R(f['oo2'])})² = {R(f['e2'])}", claims=[(R(f["e2"]), "E_o2", "correct")],
  opts=["0.95", R(f["oo2"])])
A("")
A(f"**E_total = {R(f['e1'])} + {R(f['e2'])} = {R(f['E'])}**", claims=[(R(f["E"]), "E_total", "correct")],
  opts=[R(f["e1"]), R(f["e2"])])
A("")
A("## Backwards: the output layer")
A("")
A("How much does E_total change when w5 moves? Three factors:")
A("")
A("∂E_total/∂w5 = ∂E_total/∂out_o1 · ∂out_o1/∂net_o1 · ∂net_o1/∂w5")
A("")
A(f"- ∂E_total/∂out_o1 = out_o1 − target_o1 = {R(f['oo1'])} − 0.05 = {R(dEo1)}",
  claims=[(R(dEo1), "dE/dout_o1", "correct")], opts=[R(f["oo1"]), "0.05"])
A(f"- ∂out_o1/∂net_o1 = out_o1(1 − out_o1) = {R(do1)}", claims=[(R(do1), "dout_o1/dnet_o1", "correct")])
A(f"- ∂net_o1/∂w5 = out_h1 = {R(f['oh1'])}", opts=[R(f["oh1"])])
A("")
A(f"Multiply them: ∂E_total/∂w5 = {R(dEo1)} · {R(do1)} · {R(f['oh1'])} = {R(gw['w5'])}",
  claims=[(R(gw["w5"]), "grad.w5", "correct")], opts=[R(dEo1), R(do1), R(f["oh1"])])
A("")
A(f"The first two factors together are the output neuron's delta, δ_o1 = {R(d1)}. For o2 it is "
  f"δ_o2 = ({R(f['oo2'])} − 0.95) · {R(do2)} = {R(d2)}.",
  claims=[(R(d1), "delta_o1", "correct"), (R(do2), "dout_o2/dnet_o2", "correct"), (R(d2), "delta_o2", "correct")],
  opts=[R(f["oo2"]), "0.95"])
A("")
A(f"The update, with η = 0.5: w5⁺ = 0.50 − 0.5 · {R(gw['w5'])} = {R(new['w5'])}",
  claims=[(R(new["w5"]), "step1.w5", "correct")], opts=["0.50", R(gw["w5"])], nots=["0.5"])
A("")
A("The other three output weights go the same way:")
A("")
A("| weight | gradient | new value |")
A("|---|---|---|")
for k in ("w6", "w7", "w8"):
    A(f"| {k} | {R(gw[k])} | {R(new[k])} |",
      claims=[(R(gw[k]), f"grad.{k}", "correct"), (R(new[k]), f"step1.{k}", "correct")])
A("")
A("## Backwards: the hidden layer")
A("")
A("Here is the part that confused me for years. out_h1 feeds *both* output neurons, so its error comes from "
  "both of them, and we use the old w5 and w7, not the updated ones.")
A("")
A(f"∂E_o1/∂out_h1 = δ_o1 · w5 = {R(d1)} · 0.50 = {R(e1h1)}",
  claims=[(R(e1h1), "dE_o1/dout_h1", "correct")], opts=[R(d1), "0.50"])
A("")
A(f"∂E_o2/∂out_h1 = δ_o2 · w7 = {R(d2)} · 0.20 = {R(e2h1)}",
  claims=[(R(e2h1), "dE_o2/dout_h1", "correct")], opts=[R(d2), "0.20"])
A("")
A(f"∂E_total/∂out_h1 = {R(e1h1)} + ({R(e2h1)}) = {SLIP}",
  claims=[(SLIP, "dE/dout_h1", "wrong")], opts=[R(e1h1), R(e2h1)])
A("")
A(f"Then through h1's own sigmoid, ∂out_h1/∂net_h1 = {R(f['oh1'])}(1 − {R(f['oh1'])}) = {R(dn1)}, and into "
  "the two weights:", claims=[(R(dn1), "dout_h1/dnet_h1", "correct")], opts=[R(f["oh1"]), R(f["oh1"])])
A("")
for k, i in (("w1", "i1"), ("w2", "i2")):
    gs, ns = R(ghs[k]), R(news[k])
    A(f"∂E_total/∂{k} = {SLIP} · {R(dn1)} · {G[i]} = {gs}  →  {k}⁺ = {G[k]} − 0.5 · {gs} = {ns}",
      claims=[(gs, f"grad.{k}", fate(gs, R(gh[k]))), (ns, f"step1.{k}", fate(ns, R(new[k])))],
      opts=[SLIP, R(dn1), G[i], G[k]], nots=["0.5"])
    A("")
A(f"For h2 the sum is δ_o1 · w6 + δ_o2 · w8 = {R(e1h2)} + ({R(e2h2)}) = {R(dh2)}, its sigmoid slope {R(dn2)}, so:",
  claims=[(R(e1h2), "dE_o1/dout_h2", "correct"), (R(e2h2), "dE_o2/dout_h2", "correct"),
          (R(dh2), "dE/dout_h2", "correct"), (R(dn2), "dout_h2/dnet_h2", "correct")])
A("")
A("| weight | gradient | new value |")
A("|---|---|---|")
for k in ("w3", "w4"):
    A(f"| {k} | {R(gh[k])} | {R(new[k])} |",
      claims=[(R(gh[k]), f"grad.{k}", "correct"), (R(new[k]), f"step1.{k}", "correct")])
A("")
A("## All eight weights after one step")
A("")
A("| | before | after |")
A("|---|---|---|")
for k in W0:
    ns = R(news[k])
    v = "correct" if k not in ("w1", "w2") else fate(ns, R(new[k]))
    A(f"| {k} | {G[k]} | {ns} |", claims=[(ns, f"step1.{k}", v)], opts=[G[k]])
A("")
A("(I left the biases alone to keep the post short; updating them is the same computation with an input of 1.)",
  nots=["1"])
A("")
A("## Did it help?")
A("")
Es = R(f1s["E"])
A(f"Running the forward pass again with the new weights gives out_o1 = {R(f1s['oo1'])}, out_o2 = {R(f1s['oo2'])} "
  f"and E_total = {Es}, down from {R(f['E'])}.",
  claims=[(R(f1s["oo1"]), "step1.out_o1", fate(R(f1s["oo1"]), R(f1["oo1"]))),
          (R(f1s["oo2"]), "step1.out_o2", fate(R(f1s["oo2"]), R(f1["oo2"]))),
          (Es, "step1.E_total", fate(Es, R(f1["E"]))), (R(f["E"]), "E_total", "correct")])
A("")
A("A small step, but a step in the right direction. Repeat it 10,000 times and the outputs creep towards "
  "0.05 and 0.95.", nots=["10,000", "0.05", "0.95"])
A("")
A("[Machine Learning](https://medium.com/tag/machine-learning)")
A("")
A("[Backpropagation](https://medium.com/tag/backpropagation)")
A("")
A("## Written by Tomás Okafor")
A("")
A("386 Followers", nots=["386"])
A("")
A("I write the long version of short formulas.")
d.save()
