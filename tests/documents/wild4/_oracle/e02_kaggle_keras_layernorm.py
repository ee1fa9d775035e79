"""Kaggle notebook (nbformat 4, Spanish) with Keras: layers.LayerNormalization on 4 tokens x 3 features. The tensor
prints in numpy's scientific notation (one normalised value is tiny, so numpy switches the whole array to e-format),
tf.nn.moments prints mean and variance, and a pandas DataFrame shows the same output as text/html and text/plain."""
from pathlib import Path

import numpy as np

from w4lib import *
from w4lib import _D

tok = ["el", "gato", "come", "pescado"]
Xs = [["0.5", "-1.2", "0.9"], ["2.3", "0.4", "1.1"], ["1.0", "2.001", "3.0"], ["-0.7", "0.2", "1.8"]]
X = M(Xs)
eps = mpf("0.001")
mu = [mpmath.fsum(row) / 3 for row in X]
var = [mpmath.fsum((v - m) ** 2 for v in row) / 3 for row, m in zip(X, mu)]
Y = [[(v - m) / mpmath.sqrt(s + eps) for v in row] for row, m, s in zip(X, mu, var)]
Xn = np.array(Xs, float)
mun, varn = Xn.mean(1, keepdims=True), Xn.var(1, keepdims=True)
Yn = (Xn - mun) / np.sqrt(varn + 1e-3)
check_np(Y, Yn); check_np(mu, mun[:, 0]); check_np(var, varn[:, 0])
# what float32 (as Keras computes) would print with 8 significant digits; reported, the document prints exact roundings
X32 = Xn.astype(np.float32)
m32 = X32.mean(1, keepdims=True); v32 = ((X32 - m32) ** 2).mean(1, keepdims=True)
Y32 = (X32 - m32) / np.sqrt(v32 + np.float32(1e-3))
f32_diff = sum(1 for i in range(4) for j in range(3) if f"{Y32[i, j]:.7e}" != sci(Y[i][j]))

d = Doc("kaggle-keras-layernorm", "ipynb",
        "Spanish Kaggle notebook (nbformat 4, Kaggle metadata) with TensorFlow/Keras: layers.LayerNormalization "
        "(epsilon=1e-3, the Keras default, gamma=1, beta=0) on 4 tokens x 3 features; the output tensor printed in "
        "numpy scientific notation (8 significant digits), tf.nn.moments mean and variance, a pandas DataFrame output "
        "with both text/html and text/plain (6 decimals), and a markdown cell redoing the row of 'gato' by hand",
        "LayerNorm over the last axis, biased variance, eps = 0.001 added to the variance, gamma = 1, beta = 0",
        "exact", gen=Path(__file__).name)

nb = Notebook(d, {"kaggle": {"accelerator": "none", "dataSources": [], "dockerImageVersionId": 30761,
                             "isGpuEnabled": False, "isInternetEnabled": True, "language": "python",
                             "sourceType": "notebook"},
                  "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                  "language_info": {"codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py",
                                    "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                                    "pygments_lexer": "ipython3", "version": "3.10.14"}})
nb.md(["# LayerNormalization en Keras, paso a paso",
       "",
       "Cuaderno de apoyo para la clase 7 del curso. La idea: ver qué hace `layers.LayerNormalization` con una frase",
       "de 4 tokens y 3 *features* por token, y comprobar a mano una fila.",
       "",
       "> Nota: en Keras el `epsilon` por defecto es `1e-3` (en PyTorch es `1e-5`), así que los resultados no coinciden",
       "> exactamente con los de `torch.nn.LayerNorm`."])
nb.code(["import numpy as np",
         "import pandas as pd",
         "import tensorflow as tf",
         "from tensorflow.keras import layers",
         "",
         "print(tf.__version__)"],
        stdout=[item("2.16.1", nots=["2.16.1"])])
xl = [item(f"    [{', '.join(row)}],   # {w}", opts=list(row)) for row, w in zip(Xs, tok)]
nb.code([item('tokens = ["el", "gato", "come", "pescado"]'),
         "",
         "# 4 tokens x 3 features (inventados, sin entrenar nada)",
         "x = np.array(["] + xl + ['], dtype="float32")',
         item("print(x.shape)")],
        stdout=[item("(4, 3)", nots=["4", "3"])])
ylines = []
for i in range(4):
    cells = " ".join(f"{sci(v):>14}" for v in Y[i])
    pre = "[[" if i == 0 else " ["
    post = "]]," if i == 3 else "]"
    ylines.append(item(f"{pre}{cells}{post}", claims=[(sci(Y[i][j]), f"norm[{tok[i]}][{j+1}]", "correct") for j in range(3)]))
nb.code(["ln = layers.LayerNormalization(axis=-1)   # epsilon=1e-3, center=True, scale=True",
         "y = ln(x)",
         "print(y)"],
        stdout=[item("tf.Tensor(")] + ylines[:3] + [item(ylines[3][0].replace("]],", "]], shape=(4, 3), dtype=float32)"),
                                                       ylines[3][1], ("4", "3"))])
nb.md(["Todo el tensor sale en notación científica porque uno de los valores es muy pequeño",
       "(`come` tiene la segunda *feature* casi igual a su media) y numpy entonces imprime todo el array así.",
       "",
       "Las medias y varianzas por token (varianza **sesgada**, dividiendo entre 3, que es la que usa Keras):"])
def sig8(x):
    """as many significant digits as numpy's float32 repr would show (at most 8), rounded from the exact value"""
    f32 = str(np.float32(float(x))).split("e")[0]
    nsig = min(8, len(f32.replace("-", "").replace(".", "").lstrip("0")))
    e = _D(x).copy_abs().adjusted()
    t = r(x, nsig - 1 - e)
    return t.rstrip("0").rstrip(".") if "." in t else t


def np_row(vals):
    w = max(len(sig8(v)) for v in vals)
    return "[" + " ".join(sig8(v).ljust(w) for v in vals).rstrip() + "]"


ml, vl = np_row(mu), np_row(var)
nb.code(["mean, var = tf.nn.moments(x, axes=[-1])",
         "print(mean.numpy())",
         "print(var.numpy())"],
        stdout=[item(ml, claims=[(sig8(mu[i]), f"mean[{tok[i]}]", "correct") for i in range(4)]),
                item(vl, claims=[(sig8(var[i]), f"var[{tok[i]}]", "correct") for i in range(4)])])
nb.md(["Lo mismo en una tabla, que se lee mejor:"])
html = ['<div>',
        '<style scoped>',
        '    .dataframe tbody tr th:only-of-type {',
        '        vertical-align: middle;',
        '    }',
        '',
        '    .dataframe tbody tr th {',
        '        vertical-align: top;',
        '    }',
        '',
        '    .dataframe thead th {',
        '        text-align: right;',
        '    }',
        '</style>',
        '<table border="1" class="dataframe">',
        '  <thead>',
        '    <tr style="text-align: right;">',
        '      <th></th>',
        '      <th>f0</th>',
        '      <th>f1</th>',
        '      <th>f2</th>',
        '    </tr>',
        '  </thead>',
        '  <tbody>']
for i in range(4):
    html += ['    <tr>', f'      <th>{tok[i]}</th>']
    html += [item(f'      <td>{r(Y[i][j], 6)}</td>', claims=[(r(Y[i][j], 6), f"norm[{tok[i]}][{j+1}]", "correct")])
             for j in range(3)]
    html += ['    </tr>']
html += ['  </tbody>', '</table>', '</div>']
w = 10
plain = [item(" " * 9 + "".join(f"{c:>{w}}" for c in ("f0", "f1", "f2")))]
for i in range(4):
    vals = [r(Y[i][j], 6) for j in range(3)]
    plain.append(item(f"{tok[i]:<9}" + "".join(f"{v:>{w}}" for v in vals),
                      claims=[(vals[j], f"norm[{tok[i]}][{j+1}]", "correct") for j in range(3)]))
nb.code(['df = pd.DataFrame(y.numpy(), index=tokens, columns=["f0", "f1", "f2"])', "df"], result=plain, html=html)
# hand check of 'gato'
g = 1
cen = [X[g][j] - mu[g] for j in range(3)]
nb.md(["## Comprobación a mano (token `gato`)",
       "",
       item(f"- media: $\\mu = (2.3 + 0.4 + 1.1)/3 = {r(mu[g], 4)}$", claims=[(r(mu[g], 4), "mean[gato]", "correct")],
            opts=["2.3", "0.4", "1.1"], nots=["3"]),
       item(f"- desviaciones: $x - \\mu = ({r(cen[0], 4)},\\ {r(cen[1], 4)},\\ {r(cen[2], 4)})$",
            claims=[(r(cen[j], 4), f"centered[gato][{j+1}]", "correct") for j in range(3)]),
       item(f"- varianza: $\\sigma^2 = ({r(cen[0]**2, 4)} + {r(cen[1]**2, 4)} + {r(cen[2]**2, 4)})/3 = {r(var[g], 4)}$",
            claims=[(r(cen[j] ** 2, 4), f"sq[gato][{j+1}]", "correct") for j in range(3)] + [(r(var[g], 4), "var[gato]", "correct")],
            nots=["3"]),
       item(f"- con epsilon: $\\sqrt{{{r(var[g], 4)} + 0.001}} = {r(mpmath.sqrt(var[g] + eps), 4)}$",
            claims=[(r(mpmath.sqrt(var[g] + eps), 4), "std[gato]", "correct")], opts=[r(var[g], 4)], nots=["0.001"]),
       item(f"- normalizado: $({r(Y[g][0], 4)},\\ {r(Y[g][1], 4)},\\ {r(Y[g][2], 4)})$ ✔️ coincide con la fila de la tabla",
            claims=[(r(Y[g][j], 4), f"norm[gato][{j+1}]", "correct") for j in range(3)]),
       "",
       "Sin el epsilon la última cifra cambiaría en algunos valores; con `epsilon=1e-5` saldría casi igual que en PyTorch."])
nb.code(["# gamma y beta siguen en sus valores iniciales (unos y ceros)",
         "print(ln.gamma.numpy(), ln.beta.numpy())"],
        stdout=[item("[1. 1. 1.] [0. 0. 0.]", nots=["1", "0"])])
nb.write()
print("  float32 would print a different 8th digit in", f32_diff, "of 12 cells")
