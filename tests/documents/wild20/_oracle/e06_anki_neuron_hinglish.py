"""Hinglish (Hindi in Latin script) Anki deck kept as Markdown: `Q:` / `A:` cards separated by `---`, deck and tags
header, card ids. One sigmoid neuron (3 inputs and a bias): z, sigma(z), ReLU(z), the binary cross-entropy for y = 1,
dL/dz = a - y and dL/dw. Exact rounding."""
from pathlib import Path

from w20lib import *

xs = ["0.5", "-1.2", "2.0"]
ws = ["0.8", "0.3", "-0.4"]
bs = "0.1"
x, w, b = mat(xs), mat(ws), mpf(bs)
terms = [a * c for a, c in zip(w, x)]
z = mpmath.fsum(terms) + b
a = sigmoid(z)
bce = -mpmath.log(a)
dz = a - 1
dw = [dz * v for v in x]
zn = float(np.dot(np.array(ws, float), np.array(xs, float)) + 0.1)
an = 1 / (1 + np.exp(-zn))
agree([z, a, bce, dz], [zn, an, -np.log(an), an - 1]); agree(dw, (an - 1) * np.array(xs, float))

d = Doc("anki-neuron-hinglish", "md",
        "Hinglish Anki flashcards in Markdown (Q:/A: cards separated by ---): one sigmoid neuron with 3 inputs, z, "
        "sigmoid, ReLU, binary cross-entropy for y = 1, dL/dz and dL/dw",
        "one neuron: x = (0.5, -1.2, 2.0), w = (0.8, 0.3, -0.4), b = 0.1, sigmoid output, binary cross-entropy with "
        "target 1, its gradient",
        script=Path(__file__).name)
A = d
A("# Deck: DL-basics::neuron  (Anki 2.1.66 export, Markdown)", nots=["2.1.66"])
A("")
A("tags: #neuron #sigmoid #exam-prep   ·   8 cards   ·   last review: 2024-11-02", nots=["8", "2024-11-02"])
A("")
A("Setup for cards 2-8 (yaad rakhna, same numbers har card mein):", nots=["2-8"])
A("")
A(f"- x = [{', '.join(xs)}]")
A(f"- w = [{', '.join(ws)}]")
A(f"- b = {bs}")
A("- target y = 1", nots=["1"])
A("")
A("---")
A("<!-- card id: 1699001 -->", nots=["1699001"])
A("Q: Ek neuron kya compute karta hai? (formula only)")
A("")
A("A: z = w·x + b, phir activation: a = σ(z) = 1 / (1 + e^(−z)). Bas itna hi 🙂", nots=["1"])
A("")
A("---")
A("<!-- card id: 1699002 -->", nots=["1699002"])
A("Q: Upar wale setup ke liye z kitna hai?")
A("")
tt = [lit(t) for t in terms]
A(f"A: z = ({ws[0]})({xs[0]}) + ({ws[1]})({xs[1]}) + ({ws[2]})({xs[2]}) + {bs}",
  opts=ws + xs + [bs])
A(f"   = {tt[0]} + ({tt[1]}) + ({tt[2]}) + {bs} = **{lit(z)}**",
  claims=[(lit(z), "n.net[x][1]", "correct")]
  + [(t, f"n.net.terms[x][1][{k + 1}]", "correct") for k, t in enumerate(tt)], opts=[bs])
A("")
A("---")
A("<!-- card id: 1699003 -->", nots=["1699003"])
A("Q: σ(z) kitna aayega? (4 decimal tak)", nots=["4"])
A("")
ez = rnd(mpmath.exp(-z), 4)
A(f"A: e^({lit(-z)}) = {ez}, to σ = 1 / (1 + {ez}) = **{rnd(a, 4)}**",
  claims=[(ez, "n.exp[x][1]", "correct"), (rnd(a, 4), "n.out[x][1]", "correct")], opts=[ez, lit(-z)], nots=["1"])
A("")
A("Trick: z negative hai to σ < 0.5 hona hi chahiye.", nots=["0.5"])
A("")
A("---")
A("<!-- card id: 1699004 -->", nots=["1699004"])
A("Q: Agar activation ReLU ho to output?")
A("")
A(f"A: ReLU({lit(z)}) = max(0, {lit(z)}) = **0**. Neuron \"dead\" for this input.",
  opts=[lit(z), lit(z), "0"])
A("")
A("---")
A("<!-- card id: 1699005 -->", nots=["1699005"])
A("Q: y = 1 ke liye binary cross-entropy loss?", nots=["1"])
A("")
A(f"A: L = −ln(σ) = −ln({rnd(a, 4)}) = **{rnd(bce, 4)}**", claims=[(rnd(bce, 4), "loss", "correct")], opts=[rnd(a, 4)])
A("")
A("---")
A("<!-- card id: 1699006 -->", nots=["1699006"])
A("Q: ∂L/∂z kya hai? (sigmoid + BCE ka shortcut)")
A("")
A(f"A: ∂L/∂z = a − y = {rnd(a, 4)} − 1 = **{rnd(dz, 4)}**", claims=[(rnd(dz, 4), "grad.n.net[x][1]", "correct")],
  opts=[rnd(a, 4)], nots=["1"])
A("")
A("---")
A("<!-- card id: 1699007 -->", nots=["1699007"])
A("Q: ∂L/∂w ka vector?")
A("")
dws = [rnd(v, 4) for v in dw]
A("A: (a − y)·x = [" + ", ".join(dws) + "]", claims=[(s, f"grad.n.W[{k + 1}][1]", "correct") for k, s in enumerate(dws)])
A("")
A("---")
A("<!-- card id: 1699008 -->", nots=["1699008"])
A("Q: Learning rate 0.1 ho to kaunsa weight sabse zyada badlega?", nots=["0.1"])
A("")
A(f"A: w3, kyunki |x3| = {xs[2]} sabse bada hai (gradient {dws[2]}).", claims=[(dws[2], "grad.n.W[3][1]", "correct")],
  opts=[xs[2]])
d.save()
