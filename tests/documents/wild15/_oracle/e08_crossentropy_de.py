"""German Jupyter notebook, NumPy with its default print options: the output layer of a tiny language model, the
hidden state of Hund times W_out over the vocabulary bellt, schläft, frisst, miaut; logits printed in fixed notation,
the probabilities in numpy's scientific notation (`9.3e-01`, `e-04`: the largest over the smallest exceeds 1000),
the cross-entropy of the true next word bellt as an f-string and as a bare `np.float64(...)`. Exact rounding."""
from pathlib import Path

from w15lib import *

vocab = ["bellt", "schläft", "frisst", "miaut"]
hs = ["1.8", "-0.9", "1.1"]
Ws = [["1.6", "-0.4", "0.7", "-1.9"], ["-0.8", "0.5", "-0.2", "1.4"], ["1.2", "0.3", "0.9", "-1.1"]]
h, W = mat(hs), mat(Ws)
z = vm(h, W)
p = softmax(z)
loss = -mpmath.log(p[0])
zn = np.array(hs, float) @ np.array(Ws, float)
pn = np_softmax(zn)
agree(z, zn); agree(p, pn); agree([loss], [-np.log(pn[0])])
d = Doc("crossentropy-de", "ipynb",
        "German NumPy notebook: the output layer of a tiny language model, hidden state of Hund times W_out over 4 words; "
        "logits, softmax probabilities in numpy's e-notation, cross-entropy of the target bellt",
        "output layer alone: hidden state of Hund times W_out over bellt, schläft, frisst, miaut; softmax; "
        "cross-entropy of the true next word bellt",
        script=Path(__file__).name)
nb = NB(d, ipy_meta("3.12.7"), minor=5)
nb.md(["# Kreuzentropie am Ausgang eines Sprachmodells", "",
       "Satz: *der Hund …* – das richtige nächste Wort ist **bellt**. Der versteckte Zustand $h$ des Wortes *Hund* wird "
       "mit $W_{out}$ multipliziert; das ergibt einen Logit pro Wort des Vokabulars.", "",
       "| Index | Wort |", "|---|---|"] + [R(f"| {k} | {w} |", nots=[str(k)]) for k, w in enumerate(vocab)] +
      ["", "$$p = \\mathrm{softmax}(h W_{out}), \\qquad L = -\\log p_{\\text{bellt}}$$"])
nb.code(["import numpy as np", "", "vokabular = ['bellt', 'schläft', 'frisst', 'miaut']",
         f"h = np.array([{', '.join(hs)}])          # Zustand von 'Hund'",
         "W_out = np.array(["] + [f"    [{', '.join(r)}]," for r in Ws] + ["])"])
l1, _ = np_rows(zn, z, lambda i, j: f"logits[Hund][{vocab[j]}]")
nb.code(["logits = h @ W_out", "print(logits)"], [("stdout", l1)])
l2, cells = np_rows(pn, p, lambda i, j: f"probs[Hund][{vocab[j]}]")
assert "e-" in l2[0], l2
nb.code(["def softmax(z):", "    e = np.exp(z - z.max())", "    return e / e.sum()", "", "p = softmax(logits)", "print(p)"],
        [("stdout", l2)])
nb.md(["NumPy schaltet auf die wissenschaftliche Schreibweise um, weil der größte Wert mehr als das Tausendfache des "
       "kleinsten ist."])
f4 = rnd(loss, 4)
nb.code(["verlust = -np.log(p[0])", "print(f\"Verlust: {verlust:.4f}\")", "verlust"],
        [("stdout", [R(f"Verlust: {f4}", [(f4, "loss", "correct")])]),
         ("result", [R(f"np.float64({repr(float(-np.log(pn[0])))})", *judge(repr(float(-np.log(pn[0]))), loss, "loss"),
                       nots=["64"])])])
pb = rnd(p[0], 4)
nb.md([R(f"Das Modell gibt *bellt* schon eine Wahrscheinlichkeit von {pb}; der Verlust ist entsprechend klein.",
         [(pb, "probs[Hund][bellt]", "correct")])])
nb.save()
