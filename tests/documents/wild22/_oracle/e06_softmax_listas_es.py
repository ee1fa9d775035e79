"""Spanish Jupyter notebook, plain Python floats: a softmax written with math.exp over a list, applied to the list
comprehension [x + 1 for x in range(6)] and to [0.5, 2.25, 7.0]; print(list) shows every probability as Python's
full float repr (up to 17 significant digits), then the sum of the exponentials and the sum of the probabilities; a
closing markdown cell restates two probabilities (a percentage and 3 decimals). Every claim is correct."""
import math
from pathlib import Path

from w22lib import *

xs_a = [x + 1 for x in range(6)]
xs_b = [0.5, 2.25, 7.0]


def py_softmax(xs):                          # the notebook's own code, run here in float64
    exps = [math.exp(x) for x in xs]
    total = sum(exps)
    return [e / total for e in exps]


def exact(xs):
    e = [mpmath.exp(mpf(str(x))) for x in xs]
    z = mpmath.fsum(e)
    return e, z, [v / z for v in e]


ea, za, pa = exact(xs_a)
eb, zb, pb = exact(xs_b)
fa, fb = py_softmax(xs_a), py_softmax(xs_b)
agree(pa, fa); agree(pb, fb); agree([za, zb], [sum(math.exp(x) for x in xs_a), sum(math.exp(x) for x in xs_b)])
agree(pa, np_softmax(np.array(xs_a, float))); agree(pb, np_softmax(np.array(xs_b, float)))

d = Doc("softmax-listas-es", "ipynb",
        "Spanish Jupyter notebook, plain Python: softmax(xs) with math.exp over a list, applied to "
        "[x + 1 for x in range(6)] and to [0.5, 2.25, 7.0]; print(list) of the probabilities as full float reprs, "
        "the sum of the exponentials and the sum of the probabilities; a closing cell restating two probabilities",
        "the softmax of two logit vectors given directly: a = (1, 2, 3, 4, 5, 6) and b = (0.5, 2.25, 7.0), "
        "no scaling",
        script=Path(__file__).name,
        note="The inputs (the list comprehension's 1 … 6, and 0.5, 2.25, 7.0) are givens. Every printed float is "
             "Python's float64 repr of the notebook's arithmetic, within a few ulps of the exact value, and so "
             "correct. A sum of the probabilities printed as 1.0 is no claim; one printed with float64 noise "
             "(0.9999999999999999) is optional.")
nb = Notebook(d, {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                  "language_info": {"codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py",
                                    "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                                    "pygments_lexer": "ipython3", "version": "3.11.9"}})


def list_item(fl, ex, row):
    line, toks_ = py_list_repr(fl, ex)
    return L(line, [(t, f"softmax[{row}][{m + 1}]", "correct") for m, t in enumerate(toks_)])


def exp_item(xs, ex, row):
    line, toks_ = py_list_repr([math.exp(x) for x in xs], ex)
    return L(line, [(t, f"softmax.exp[{row}][{m + 1}]", "correct") for m, t in enumerate(toks_)])


def sum_item(s):
    r = repr(s)
    if r == "1.0":
        return L(r, (), (), ["1.0"])
    return L(r, (), [r])


def float_item(f, ex, qty):
    assert abs(mpf(f) - ex) <= 4 * math.ulp(f), (f, ex)
    return L(repr(f), [(repr(f), qty, "correct")])


nb.md(["# Softmax a mano, sin NumPy",
       "",
       "Antes de usar `torch.softmax` quiero ver qué hace por dentro. La definición es",
       "",
       "$$\\mathrm{softmax}(x)_i = \\frac{e^{x_i}}{\\sum_j e^{x_j}}$$",
       "",
       "y se puede escribir en tres líneas de Python puro."])
nb.code(["import math",
         "",
         "def softmax(xs):",
         "    exps = [math.exp(x) for x in xs]",
         "    total = sum(exps)",
         "    return [e / total for e in exps]"])
nb.md(["## Primer ejemplo: los números del 1 al 6"])
nb.code([L("valores = [x + 1 for x in range(6)]", (), (), ["1", "6"]),
         "print(valores)"], stdout=[L(repr(xs_a), (), (), [str(v) for v in xs_a])])
nb.md(["Primero, solo las exponenciales:"])
nb.code(["print([math.exp(x) for x in valores])"], stdout=[exp_item(xs_a, ea, "a")])
sa = sum(fa)
nb.code(["probs = softmax(valores)", "print(probs)", "print(sum(probs))"],
        stdout=[list_item(fa, pa, "a"), sum_item(sa)])
nb.md(["El denominador, es decir, la suma de las exponenciales:"])
nb.code(["print(sum(math.exp(x) for x in valores))"],
        stdout=[float_item(sum(math.exp(x) for x in xs_a), za, "softmax.expsum[a]")])
nb.md(["## Segundo ejemplo: valores no enteros", "",
       "Con un valor mucho más grande que los demás, casi toda la probabilidad se concentra en él."])
sb = sum(fb)
nb.code([L("probs2 = softmax([0.5, 2.25, 7.0])", (), (), ["0.5", "2.25", "7.0"]),
         "print(probs2)", "print(sum(probs2))"],
        stdout=[list_item(fb, pb, "b"), sum_item(sb)])
nb.code([L("print([math.exp(x) for x in [0.5, 2.25, 7.0]])", (), (), ["0.5", "2.25", "7.0"])],
        stdout=[exp_item(xs_b, eb, "b")])
nb.code([L("print(sum(math.exp(x) for x in [0.5, 2.25, 7.0]))", (), (), ["0.5", "2.25", "7.0"])],
        stdout=[float_item(sum(math.exp(x) for x in xs_b), zb, "softmax.expsum[b]")])
pct = rnd(pa[5] * 100, 1)
b3 = rnd(pb[2], 3)
a1 = rnd(pa[0], 4)
nb.md(["## Conclusiones", "",
       L(f"- En el primer ejemplo el 6 se lleva un {pct} % de la probabilidad y el 1 apenas {a1}.",
         [(pct + "%", "softmax[a][6]", "correct"), (a1, "softmax[a][1]", "correct")], (), ["6", "1"]),
       L(f"- En el segundo, el 7.0 recibe {b3}: la softmax exagera las diferencias entre los valores.",
         [(b3, "softmax[b][3]", "correct")], (), ["7.0"]),
       "- `sum(probs)` no siempre da exactamente 1 por el redondeo en coma flotante, pero la diferencia es "
       "despreciable."])
print(f"  sums printed: {sa!r}, {sb!r}")
nb.save()
