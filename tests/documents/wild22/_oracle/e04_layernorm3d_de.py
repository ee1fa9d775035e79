"""German Jupyter notebook, PyTorch: LayerNorm over the last dimension of a rank-3 tensor, by hand. First a small
(2, 1, 3) toy typed as a literal, passed through nn.LayerNorm(3) and its means printed; then an input of shape
(4, 2, 6) drawn with torch.randn and printed by PyTorch in e-notation (the magnitudes span more than 1000), its rows
wrapped over two lines; the mean (keepdim, a (4, 2, 1) tensor), the standard deviation sqrt(var + eps) with the
biased variance and eps = 1e-5, and y = (x - mean) / std printed to 4 decimals; a check against nn.LayerNorm. The
results are computed from the printed 5-significant-digit inputs, taken as exact. A closing markdown cell restates
one row's mean and standard deviation and two values of y, ONE digit miscopied: the planted slip."""
from pathlib import Path

from w22lib import *

EPS = "0.00001"
toy = [[["0.2", "1.4", "-0.6"]], [["2.0", "2.5", "4.5"]]]
xs = [[['-5.6253e-01', '1.1445e+00', '-7.9764e-01', '-2.5548e-01', '5.4627e-01', '-8.7238e-01'],
       ['4.8648e-01', '1.2294e-02', '1.8609e-01', '-8.4305e-01', '7.5143e-01', '-4.6189e-01']],
      [['1.0917e+00', '-2.0990e-01', '-1.2151e+00', '-8.5612e-02', '1.7401e+00', '1.2527e+00'],
       ['5.9361e-01', '6.5448e-01', '-2.5110e+00', '-2.2005e-01', '1.9357e+00', '-1.0074e+00']],
      [['4.0637e-01', '-2.0048e+00', '4.1589e-01', '8.0461e-01', '-7.3601e-01', '5.2194e-01'],
       ['1.3937e-01', '7.7138e-01', '-1.4276e-01', '-1.8830e-03', '-5.9536e-01', '-4.2087e-01']],
      [['-7.4405e-03', '-1.5061e+00', '-6.0859e-01', '-3.3249e-02', '1.2484e+00', '2.0390e-01'],
       ['-6.0580e-01', '-6.9637e-02', '6.6203e-01', '1.2528e+00', '7.5334e-01', '2.2215e-01']]]


def ln_all(t3):
    """exact LayerNorm of every last-dim row, and its float64 recomputation (agreement asserted)"""
    rows = [r for b in t3 for r in b]
    ex = [layernorm([mpf(v) for v in r], eps=mpf(EPS)) for r in rows]
    n = np.array([[float(v) for v in r] for r in rows])
    mu = n.mean(-1, keepdims=True)
    sd = np.sqrt(((n - mu) ** 2).mean(-1, keepdims=True) + 1e-5)
    agree([e["mean"] for e in ex], mu[:, 0]); agree([e["std"] for e in ex], sd[:, 0])
    agree([e["norm"] for e in ex], (n - mu) / sd)
    return ex


def f32_ln(t3):
    x = np.array([[[float(v) for v in r] for r in b] for b in t3], dtype=np.float32)
    mu = x.mean(-1, keepdims=True, dtype=np.float32)
    var = ((x - mu) ** 2).mean(-1, keepdims=True, dtype=np.float32)
    sd = np.sqrt(var + np.float32(1e-5)).astype(np.float32)
    y = ((x - mu) / sd).astype(np.float32)
    return x, mu, sd, y


tex = ln_all(toy)
xex = ln_all(xs)
tnames = ["toy0", "toy1"]
names = [f"b{b}p{p}" for b in range(4) for p in range(2)]
t32, tmu32, _, ty32 = f32_ln(toy)
x32, mu32, sd32, y32 = f32_ln(xs)

d = Doc("layernorm3d-de", "ipynb",
        "German Jupyter notebook, PyTorch: LayerNorm over the last dimension by hand; a (2, 1, 3) toy through "
        "nn.LayerNorm(3) and its means; then torch.randn(4, 2, 6) printed in e-notation (rows wrapped), the mean "
        "(keepdim, (4, 2, 1)), std = sqrt(var + 1e-5) with the biased variance, y = (x - mean) / std to 4 decimals, "
        "and a check against nn.LayerNorm; a German summary restating one row's statistics and two outputs",
        "LayerNorm without affine parameters (gamma = 1, beta = 0), eps = 1e-5, biased variance, over the last "
        "dimension of each row: the toy rows toy0, toy1 and the rows b0p0 … b3p1 (batch b, position p) of the "
        "(4, 2, 6) input",
        script=Path(__file__).name,
        note="The toy is a typed literal; the (4, 2, 6) input is printed by PyTorch to 5 significant digits and "
             "taken as exact (the results here are computed from the printed values). Every printed result is "
             "float32, correct to its 4 decimals or 5 significant digits.")
nb = Notebook(d, {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                  "language_info": {"codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py",
                                    "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                                    "pygments_lexer": "ipython3", "version": "3.10.14"}})


def printed(m32, exact, qty, grad_fn=None):
    ls, cells, fmt = torch_print(m32, exact, grad_fn=grad_fn)
    return torch_items(ls, cells, qty), cells


nb.md(["# LayerNorm von Hand: über die letzte Dimension",
       "",
       "`nn.LayerNorm(d)` normalisiert jeden Vektor entlang der **letzten** Achse einzeln: Mittelwert abziehen, "
       "durch die Standardabweichung teilen. Bei einem Tensor der Form `(batch, seq, d)` heißt das: jede Position "
       "jedes Beispiels für sich. Das probiere ich hier Schritt für Schritt aus."])
nb.code(["import torch", "import torch.nn as nn", "", L("torch.manual_seed(0)", (), (), ["0"])],
        result=[L("<torch._C.Generator at 0x7f81b4e2a9f0>", (), (), ["0x7f81b4e2a9f0"])])
nb.md(["## Aufwärmen: ein Tensor der Form (2, 1, 3)"])
so, _ = printed(ty32, [[e["norm"]] for e in tex], lambda r, k: f"L1.ln.norm[{tnames[r]}][{k + 1}]",
                "NativeLayerNormBackward0")
nb.code(["toy = torch.tensor([",
         *[L(f"    [[{', '.join(b[0])}]],", (), (), b[0]) for b in toy],
         "])",
         L("ln = nn.LayerNorm(3)", (), (), ["3"]),
         "print(ln(toy))"], stdout=so)
so, _ = printed(tmu32, [[[e["mean"]]] for e in tex], lambda r, k: f"L1.ln.mean[{tnames[r]}]")
nb.code(["print(toy.mean(dim=-1, keepdim=True))"], stdout=so)
nb.md(["Jede Zeile hat danach Mittelwert 0 und Varianz (fast) 1, egal wie groß die Werte vorher waren.",
       "",
       "## Jetzt ein zufälliger Tensor der Form (4, 2, 6)",
       "",
       "Weil ein Wert sehr klein ist (Betrag unter 1/1000 des größten), druckt PyTorch alles in "
       "wissenschaftlicher Notation, und jede Zeile mit 6 Werten wird umbrochen."])
so, _ = printed(x32, [[[mpf(v) for v in r] for r in b] for b in xs], lambda r, k: None)
nb.code([L("x = torch.randn(4, 2, 6)", (), (), ["4", "2", "6"]), "print(x)"], stdout=so)
nb.md(["### Mittelwert und Standardabweichung", "",
       "Wie `nn.LayerNorm`: Varianz **ohne** Bessel-Korrektur (`unbiased=False`) und ein kleines ε unter der Wurzel."])
so, mcells = printed(mu32, [[[e["mean"]] for e in xex[2 * b:2 * b + 2]] for b in range(4)],
                     lambda r, k: f"L1.ln.mean[{names[r]}]")
nb.code([L("eps = 1e-5", (), (), ["1e-5"]),
         "mean = x.mean(dim=-1, keepdim=True)",
         "print(mean.shape)",
         "print(mean)"], stdout=[L("torch.Size([4, 2, 1])", (), (), ["4", "2", "1"])] + so)
so, scells = printed(sd32, [[[e["std"]] for e in xex[2 * b:2 * b + 2]] for b in range(4)],
                     lambda r, k: f"L1.ln.std[{names[r]}]")
nb.code(["var = x.var(dim=-1, keepdim=True, unbiased=False)",
         "std = torch.sqrt(var + eps)",
         "print(std)"], stdout=so)
nb.md(["### Normalisieren"])
so, ycells = printed(y32, [[e["norm"] for e in xex[2 * b:2 * b + 2]] for b in range(4)],
                     lambda r, k: f"L1.ln.norm[{names[r]}][{k + 1}]")
nb.code(["y = (x - mean) / std", "print(y)"], stdout=so)
nb.md(["Zum Vergleich das eingebaute Modul (ohne lernbare Parameter, gleiches ε):"])
nb.code([L("ln6 = nn.LayerNorm(6, eps=eps, elementwise_affine=False)", (), (), ["6"]),
         L("print(torch.allclose(y, ln6(x), atol=1e-6))", (), (), ["1e-6"])], stdout=["True"])

# the summary: row b0p0's mean and std, y[b1p1][3] and y[b2p0][2]
m0 = mcells[0][0]; s0 = scells[0][0]
ya = ycells[3][2]; yb = ycells[4][1]
assert xs[1][1][2] == "-2.5110e+00" and xs[2][0][1] == "-2.0048e+00"
for t, v in ((m0, xex[0]["mean"]), (s0, xex[0]["std"]), (ya, xex[3]["norm"][2]), (yb, xex[4]["norm"][1])):
    assert t == rnd(v, 4), (t, v)
print("  std[b0p0] =", s0)
slip = s0[:-2] + str((int(s0[-2]) + 3) % 10) + s0[-1]       # the third decimal mistyped
assert len(slip) == len(s0) and abs(float(slip) - float(s0)) > 1e-3
d.note += (f" One planted slip: the summary gives the standard deviation of row b0p0 (batch 0, position 0) as "
           f"{slip}, one digit miscopied; PyTorch printed {s0} above, and the exact value is {s0}. The mean {m0} "
           f"beside it and the two values of y are correct; nothing is computed from the slip.")
nb.md(["## Zusammenfassung", "",
       L(f"- Erste Position des ersten Beispiels: Mittelwert {m0}, Standardabweichung {slip}.",
         [(m0, f"L1.ln.mean[{names[0]}]", "correct"), (slip, f"L1.ln.std[{names[0]}]", "wrong")]),
       L(f"- Der stark negative Wert −2.5110 (Beispiel 1, Position 1) wird zu {um(ya)}, "
         f"der Ausreißer −2.0048 (Beispiel 2, Position 0) zu {um(yb)}.",
         [(um(ya), f"L1.ln.norm[{names[3]}][3]", "correct"), (um(yb), f"L1.ln.norm[{names[4]}][2]", "correct")],
         (), ["−2.5110", "−2.0048"]),
       "- Die Form bleibt `(4, 2, 6)`; nur die letzte Achse wird benutzt, Batch und Position mischen sich nie."])
nb.save()
