"""Spanish plain-text course handout (solutions sheet): `===` and `---` rules, aligned columns with the tokens as
row labels and the words above the columns, page markers; self-attention over yo, leo, libros with Wq/Wk/Wv
4 -> 3; the author divides by 1.732 and carries every printed 3-decimal number forward (chained)."""
from pathlib import Path

from w10lib import *

toks = ["yo", "leo", "libros"]
Xs = [["0.5", "0.1", "0.9", "-0.2"], ["0.3", "0.8", "-0.4", "0.6"], ["-0.1", "0.7", "0.5", "0.4"]]
Wqs = [["0.4", "0.2", "-0.3"], ["0.1", "0.6", "0.5"], ["0.7", "-0.1", "0.2"], ["0.3", "0.4", "0.8"]]
Wks = [["0.2", "0.5", "0.1"], ["-0.4", "0.3", "0.6"], ["0.6", "0.2", "-0.2"], ["0.1", "0.7", "0.4"]]
Wvs = [["0.3", "0.8", "-0.1"], ["0.5", "0.2", "0.4"], ["-0.2", "0.6", "0.7"], ["0.9", "0.1", "0.3"]]
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, W, C = (a[k] for k in ("Q", "K", "V", "S", "W", "C"))
Sp = [[rnd(v, 4) for v in r] for r in S]
for r, e in zip(Sp, S):
    for s, v in zip(r, e):
        assert abs(mpf(s) - v) < mpf(10) ** -40
ch = chain_rows(Sp, "1.732", V, nd=3)
chain_close(ch["w"], W, nd=3); chain_close(ch["c"], C, nd=3); chain_close(ch["sc"], a["Sc"], nd=3)

d = Doc("hoja-atencion-es", "txt",
        "Spanish plain-text handout (solutions): self-attention over yo, leo, libros with Wq/Wk/Wv 4 -> 3, aligned "
        "columns with tokens as row labels; divided by 1.732 and every printed 3-decimal number carried forward",
        "attention with Wq, Wk, Wv (4 -> 3), scaled by sqrt(3) written 1.732, over the tokens yo, leo, libros",
        script=Path(__file__).name, rounding="chained")
A = d
W_ = 9


def block(cols, rows, qty=None, label_w=10):
    A(" " * label_w + "".join(c.rjust(W_) for c in cols))
    for i, t in enumerate(toks):
        A(f"  {t:<{label_w - 2}}" + "".join(s.rjust(W_) for s in rows[i]),
          claims=[] if qty is None else [(s, qty(i, j), "correct") for j, s in enumerate(rows[i])])


A("UNIVERSIDAD DEL VALLE NORTE - Procesamiento del Lenguaje Natural (2024-2)", nots=["2024"])
A("Hoja 5 - SOLUCIONES: autoatencion a mano", nots=["5"])
A("=" * 62)
A("")
A("Enunciado. Para la frase \"yo leo libros\" (d_model = 4, una cabeza con d_k = 3)", nots=["4", "3"])
A("calcule Q, K, V, las puntuaciones escaladas, los pesos de atencion y la")
A("salida. Redondee a 3 decimales y use siempre el valor redondeado del paso", nots=["3"])
A("anterior (como con calculadora).")
A("")
A("Datos")
A("-----")
A("X (una fila por palabra):")
block(["x1", "x2", "x3", "x4"], Xs)
A("")
for nm, M in (("W_Q", Wqs), ("W_K", Wks), ("W_V", Wvs)):
    A(f"{nm} =")
    for r in M:
        A("          " + "".join(s.rjust(W_) for s in r))
A("")
A("Paso 1. Proyecciones Q = X W_Q, K = X W_K, V = X W_V")
A("---------------------------------------------------")
A(f"  ejemplo: q(yo)_1 = 0.5*0.4 + 0.1*0.1 + 0.9*0.7 + (-0.2)*0.3 = {rnd(Q[0][0], 2)}",
  claims=[(rnd(Q[0][0], 2), "Q[yo][1]", "correct")], opts=["0.5", "0.4", "0.1", "0.1", "0.9", "0.7", "-0.2", "0.3"])
A("")
for nm in ("Q", "K", "V"):
    A(f"{nm}:")
    block(["d1", "d2", "d3"], [[rnd(v, 2) for v in r] for r in a[nm]], lambda i, j, nm=nm: f"{nm}[{toks[i]}][{j + 1}]")
    A("")
A("Paso 2. Puntuaciones Q K^T (exactas, 4 decimales)", nots=["4"])
A("-------------------------------------------------")
block(toks, Sp, lambda i, j: f"scores[{toks[i]},{toks[j]}]")
A("")
A("Paso 3. Dividir por raiz(3) = 1.732", opts=["1.732"], nots=["3"])
A("-----------------------------------")
A(f"  ejemplo: {Sp[0][0]} / 1.732 = {ch['sc'][0][0]}", claims=[(ch["sc"][0][0], "scaled[yo,yo]", "correct")],
  opts=[Sp[0][0], "1.732"])
block(toks, ch["sc"], lambda i, j: f"scaled[{toks[i]},{toks[j]}]")
A("")
A("                                                        - pag. 1 de 2 -", nots=["1", "2"])
A("")
A("Hoja 5 - SOLUCIONES (cont.)", nots=["5"])
A("")
A("Paso 4. Softmax por filas")
A("-------------------------")
for i, t in enumerate(toks):
    A(f"  fila {t}:")
    A("    " + "   ".join(f"e^{ch['sc'][i][j]} = {ch['e'][i][j]}" for j in range(3)),
      claims=[(ch["e"][i][j], f"exp[{t},{toks[j]}]", "correct") for j in range(3)], opts=ch["sc"][i])
    A(f"    suma = {ch['z'][i]}", claims=[(ch["z"][i], f"expsum[{t}]", "correct")])
    A("    pesos: " + ", ".join(f"{ch['e'][i][j]}/{ch['z'][i]} = {ch['w'][i][j]}" for j in range(3)),
      claims=[(ch["w"][i][j], f"weights[{t},{toks[j]}]", "correct") for j in range(3)],
      opts=[x for j in range(3) for x in (ch["e"][i][j], ch["z"][i])])
A("")
A("Matriz de pesos A:")
block(toks, ch["w"], lambda i, j: f"weights[{toks[i]},{toks[j]}]")
A("")
A("Paso 5. Salida Z = A V")
A("----------------------")
v0 = [rnd(V[j][0], 2) for j in range(3)]
A(f"  ejemplo: z(leo)_1 = {ch['w'][1][0]}*{v0[0]} + {ch['w'][1][1]}*{v0[1]} + {ch['w'][1][2]}*{par(v0[2])} = {ch['c'][1][0]}",
  claims=[(ch["c"][1][0], "context[leo][1]", "correct")],
  opts=[ch["w"][1][0], v0[0], ch["w"][1][1], v0[1], ch["w"][1][2], v0[2]])
block(["z1", "z2", "z3"], ch["c"], lambda i, j: f"context[{toks[i]}][{j + 1}]")
A("")
A("Nota: las filas de A suman 1 salvo por el redondeo (p. ej. 0.999 o 1.001).", nots=["1", "0.999", "1.001"])
A("")
A("                                                        - pag. 2 de 2 -", nots=["2"])
d.save()
