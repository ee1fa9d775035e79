"""Spanish Jupyter notebook, TensorFlow style: three tokens as random column vectors x_1, x_2, x_3 of shape (4, 1)
printed as float32, random 4x4 W_q, W_k, W_v printed as float32; q_1 = W_q x_1 (matrix times column), k_j = W_k x_j,
v_j = W_v x_j as (4, 1) columns, the scores q_1^T k_j / sqrt(4) as 1x1 [[...]], the softmax weights and
y_1 = sum_j w_1j v_j. Every result is computed IN FLOAT32, as the notebook would, and printed as NumPy prints
float32; the oracle computes exactly from the printed givens. The author made no error: every claim is correct
(a few units in the 8th digit are float32 arithmetic)."""
from pathlib import Path

from w21lib import *

toks = ["nubes", "traen", "lluvia"]
rng = np.random.default_rng(2121)
xs32 = [rng.standard_normal((4, 1)).astype(np.float32) for _ in range(3)]
Wq32, Wk32, Wv32 = (np.float32(0.5) * rng.standard_normal((4, 4)).astype(np.float32) for _ in range(3))


def printed_given(a32):
    """the decimals NumPy prints for a float32 given: these are what a reader sees, and what the oracle takes"""
    s = str(a32)
    vals = NUMTOK.findall(s)
    assert len(vals) == a32.size
    return s.split("\n"), [vals[i * a32.shape[1]:(i + 1) * a32.shape[1]] for i in range(a32.shape[0])]


x_lines, x_txt = zip(*(printed_given(x) for x in xs32))
Wq_lines, Wq_txt = printed_given(Wq32)
Wk_lines, Wk_txt = printed_given(Wk32)
Wv_lines, Wv_txt = printed_given(Wv32)

# ---------------------------------------------------------------- exact, from the printed givens
X = [mat([r[0] for r in xt]) for xt in x_txt]           # each token a 4-vector
Wq, Wk, Wv = mat(Wq_txt), mat(Wk_txt), mat(Wv_txt)
col = lambda W, x: [mpmath.fsum(W[i][k] * x[k] for k in range(4)) for i in range(4)]
q1 = col(Wq, X[0])
Ks = [col(Wk, x) for x in X]
Vs = [col(Wv, x) for x in X]
sc = [dot(q1, k) / 2 for k in Ks]
w1 = softmax(sc)
y1 = [mpmath.fsum(w1[j] * Vs[j][m] for j in range(3)) for m in range(4)]

# float64 cross-check of the oracle (same printed givens)
Xn = [np.array([float(r[0]) for r in xt]) for xt in x_txt]
Wqn, Wkn, Wvn = (np.array(M, float) for M in (Wq_txt, Wk_txt, Wv_txt))
q1n = Wqn @ Xn[0]
Kn = np.array([Wkn @ x for x in Xn]); Vn = np.array([Wvn @ x for x in Xn])
scn = Kn @ q1n / np.sqrt(4.0)
wn = np_softmax(scn)
agree(q1, q1n); agree(Ks, Kn); agree(Vs, Vn); agree(sc, scn); agree(w1, wn); agree(y1, wn @ Vn)

# ---------------------------------------------------------------- the notebook's own float32 run
q1_32 = Wq32 @ xs32[0]
k32 = [Wk32 @ x for x in xs32]
v32 = [Wv32 @ x for x in xs32]
s32 = [(q1_32.T @ k) / np.sqrt(np.float32(4.0)) for k in k32]
S32 = np.concatenate(s32, axis=1)
e32 = np.exp(S32 - S32.max(axis=-1, keepdims=True))
W32 = e32 / e32.sum(axis=-1, keepdims=True)
y32 = W32[0, 0] * v32[0] + W32[0, 1] * v32[1] + W32[0, 2] * v32[2]
for a in (q1_32, *k32, *v32, S32, W32, y32):
    assert a.dtype == np.float32

d = Doc("tf-columnas-es", "ipynb",
        "Spanish Jupyter notebook in the TensorFlow style: x_1, x_2, x_3 as random (4, 1) float32 columns, random "
        "4x4 W_q, W_k, W_v printed as float32, q_1 = W_q x_1, k_j = W_k x_j, v_j = W_v x_j as (4, 1) columns, the "
        "scaled scores q_1^T k_j / sqrt(4) printed as [[...]], the softmax weights of query 1 and y_1; every result "
        "computed in float32 and printed to float32's 8 digits",
        "attention of the first token only, column convention (q = W_q x, i.e. row convention with W_q transposed), "
        "d_model = d_k = 4, scaled by sqrt(4) = 2, over the tokens nubes, traen, lluvia",
        script=Path(__file__).name,
        note="Givens are the float32 values exactly as NumPy prints them (up to 8 significant digits). Every later "
             "value is the notebook's float32 arithmetic printed by NumPy, so it can differ from the exact value "
             "computed from the printed givens by a few units in its last (7th-8th significant) digit: that is "
             "float32, not an error, and every claim is correct. Quantities are named in row convention: "
             "Q[nubes][m] is component m of q_1 = W_q x_1, K[t][m] of k_j, V[t][m] of v_j, scaled[nubes,t] the "
             "score q_1^T k_j / 2, weights[nubes,t] and context[nubes][m] of y_1.")
nb = Notebook(d, {"accelerator": "GPU",
                  "colab": {"provenance": [], "name": "atencion_columnas.ipynb"},
                  "kernelspec": {"display_name": "Python 3", "name": "python3"},
                  "language_info": {"name": "python"}})

shape_line = lambda nm, sh: L(f"{nm} {sh}", (), (), [str(k) for k in sorted(set(eval(sh)))])

nb.md(["# Autoatención paso a paso con vectores columna",
       "",
       "En este cuaderno seguimos **un solo token** a través de una cabeza de atención. Usamos la convención de "
       "los libros de álgebra: cada embedding es un *vector columna* y las proyecciones se aplican por la "
       "izquierda, $q = W_q\\,x$.",
       "",
       "La frase de juguete tiene tres palabras: *nubes* ($x_1$), *traen* ($x_2$) y *lluvia* ($x_3$). "
       "Todo va en `float32`, que es el tipo por defecto de TensorFlow."])
nb.code(["import numpy as np", "import tensorflow as tf", "", "print(tf.__version__)"],
        stdout=[L("2.15.0", (), (), ["2.15.0"])])
nb.md(["## 1. Embeddings aleatorios", "",
       "Generamos los tres embeddings con una semilla fija para que el resultado sea reproducible."])
so = []
for i in range(3):
    so.append(shape_line(f"x_{i + 1}", "(4, 1)"))
    so += x_lines[i]
nb.code(["tf.random.set_seed(21)",
         "x_1 = tf.random.normal((4, 1))",
         "x_2 = tf.random.normal((4, 1))",
         "x_3 = tf.random.normal((4, 1))",
         "xs = [x_1, x_2, x_3]",
         "",
         "for nombre, x in zip([\"x_1\", \"x_2\", \"x_3\"], xs):",
         "    print(nombre, x.shape)",
         "    print(x.numpy())"], stdout=so)
nb.md(["## 2. Matrices de proyección", "",
       "Tres matrices $4 \\times 4$, también aleatorias (desviación típica 0.5)."])
so = []
for nm, ls in (("W_q", Wq_lines), ("W_k", Wk_lines), ("W_v", Wv_lines)):
    so.append(shape_line(nm, "(4, 4)"))
    so += ls
nb.code(["W_q = tf.random.normal((4, 4), stddev=0.5)",
         "W_k = tf.random.normal((4, 4), stddev=0.5)",
         "W_v = tf.random.normal((4, 4), stddev=0.5)",
         "",
         "for nombre, W in [(\"W_q\", W_q), (\"W_k\", W_k), (\"W_v\", W_v)]:",
         "    print(nombre, W.shape)",
         "    print(W.numpy())"], stdout=so)

vec = lambda nm, t: (lambda i, j: f"{nm}[{t}][{i + 1}]")
nb.md(["## 3. La consulta del primer token", "",
       "Multiplicamos la matriz por el vector columna: $q_1 = W_q\\,x_1$, que vuelve a tener forma $(4, 1)$."])
ls, cells, worst = np_print32(q1_32, [[v] for v in q1])
so = [shape_line("q_1", "(4, 1)")] + rows_to_items(ls, cells, vec("Q", toks[0]))
nb.code(["q_1 = tf.matmul(W_q, x_1)", "print(\"q_1\", q_1.shape)", "print(q_1.numpy())"], stdout=so)
worsts = [worst]

nb.md(["## 4. Claves y valores de los tres tokens", "",
       "Para las claves y los valores necesitamos **todos** los tokens: $k_j = W_k\\,x_j$ y $v_j = W_v\\,x_j$."])
so = []
for j in range(3):
    for nm, a32, ex, q in (("k", k32[j], Ks[j], "K"), ("v", v32[j], Vs[j], "V")):
        ls, cells, worst = np_print32(a32, [[v] for v in ex])
        worsts.append(worst)
        so.append(shape_line(f"{nm}_{j + 1}", "(4, 1)"))
        so += rows_to_items(ls, cells, vec(q, toks[j]))
nb.code(["ks = [tf.matmul(W_k, x) for x in xs]",
         "vs = [tf.matmul(W_v, x) for x in xs]",
         "",
         "for j in range(3):",
         "    print(f\"k_{j+1}\", ks[j].shape)",
         "    print(ks[j].numpy())",
         "    print(f\"v_{j+1}\", vs[j].shape)",
         "    print(vs[j].numpy())"], stdout=so)

nb.md(["## 5. Puntuaciones escaladas", "",
       "La puntuación entre la consulta 1 y la clave $j$ es el producto escalar $q_1^\\top k_j$, dividido entre "
       "$\\sqrt{d_k}$ con $d_k = 4$. Como $q_1$ es una columna, `transpose_a=True` la convierte en fila y el "
       "resultado es una matriz $1 \\times 1$."])
so = []
for j in range(3):
    ls, cells, worst = np_print32(s32[j], [[sc[j]]])
    worsts.append(worst)
    so.append(shape_line(f"s_1{j + 1}", "(1, 1)"))
    so += rows_to_items(ls, cells, lambda i, jj, j=j: f"scaled[{toks[0]},{toks[j]}]")
nb.code(["d_k = 4",
         "puntuaciones = []",
         "for j in range(3):",
         "    s = tf.matmul(q_1, ks[j], transpose_a=True) / tf.sqrt(float(d_k))",
         "    puntuaciones.append(s)",
         "    print(f\"s_1{j+1}\", s.shape)",
         "    print(s.numpy())"], stdout=so)

nb.md(["## 6. Softmax", "",
       "Juntamos las tres puntuaciones en una fila y aplicamos softmax. La suma debe dar 1 (salvo el redondeo "
       "de `float32`)."])
ls, cells, worst = np_print32(W32, [w1])
worsts.append(worst)
tot = W32.sum(dtype=np.float32)
so = rows_to_items(ls, cells, lambda i, j: f"weights[{toks[0]},{toks[j]}]")
so.append(L(f"suma: {tot}", (), (), [str(tot)]))
nb.code(["S_1 = tf.concat(puntuaciones, axis=1)   # forma (1, 3)",
         "w_1 = tf.nn.softmax(S_1, axis=-1)",
         "print(w_1.numpy())",
         "print(\"suma:\", tf.reduce_sum(w_1).numpy())"], stdout=so)

nb.md(["## 7. Salida del primer token", "",
       "Por último, $y_1 = \\sum_j w_{1j}\\, v_j$: una combinación de las tres columnas de valores."])
ls, cells, worst = np_print32(y32, [[v] for v in y1])
worsts.append(worst)
so = [shape_line("y_1", "(4, 1)")] + rows_to_items(ls, cells, vec("context", toks[0]))
nb.code(["y_1 = w_1[0, 0] * vs[0] + w_1[0, 1] * vs[1] + w_1[0, 2] * vs[2]",
         "print(\"y_1\", y_1.shape)",
         "print(y_1.numpy())"], stdout=so)

jm = max(range(3), key=lambda j: w1[j])
wtxt = rnd(w1[jm], 4)
assert wtxt == rnd(mpf(float(W32[0, jm])), 4), "float32 and exact round alike"
nb.md([L(f"La consulta de *{toks[0]}* reparte su atención de forma bastante desigual: el peso más grande, "
         f"{wtxt}, va a *{toks[jm]}*, así que $y_1$ se parece sobre todo a $v_{jm + 1}$.",
         [(wtxt, f"weights[{toks[0]},{toks[jm]}]", "correct")]),
       "",
       "Si ejecutas el cuaderno en otra máquina puede que las últimas cifras cambien un poco: es la aritmética "
       "de `float32`, no un error."])
nb.save()
print(f"  worst float32 deviation from the exact value: {max(worsts):.1f} x 1e-8")
