"""Spanish university handout in plain text: el gato come pescado as row labels of aligned columns; d_model 3,
d_k 2, /1.414; LayerNorm biased, no eps; FFN 3 -> 4; head over 5 words, target '.'; gradient p - y and one SGD
step (lr 0.5). Chained, 3 decimals (exact products keep their digits). One planted slip: the sum of the output
exponentials with two digits swapped."""
from pathlib import Path
from w17lib import *

toks = ["el", "gato", "come", "pescado"]; vocab = ["el", "gato", "come", "pescado", "."]
def slips(c):
    z = c.pr["GZ"][0][0]
    w = z[:-2] + z[-1] + z[-2]
    assert w != z
    return {("GZ", 0, 0): w}
kw = dict(target=[4], head_rows=[3], nd=dict(CHAIN_ND, default=3), chained=True, div_nd=3, lr="0.5", slips=slips)
G, c, s, seed = solve(501, (4, 3, 2, 4, 5), **kw)
slip = s.pr["GZ"][0][0]
K = Kit(s, verdict_fn(c, s), namer(toks, vocab, ["pescado"]))
d = Doc("hoja-transformer-es", "txt", "Spanish plain-text handout: a whole post-LN layer on 'el gato come pescado', chained 3 decimals, to one SGD step of W_out; one slip in the output exp sum",
        "post-LN layer (d_model 3, d_k 2, sqrt scaling, LayerNorm without eps, ReLU FFN 3 -> 4), head over 5 words, target '.', SGD lr 0.5",
        script=Path(__file__).name, rounding="chained",
        note=f"planted slip: the sum of the output exponentials of pescado is written {slip} instead of {c.pr['GZ'][0][0]} "
             "(last two digits swapped). The five probabilities, the loss, the gradient, dL/dW_out and the updated "
             "W_out are computed from the slipped sum (propagated, or any where they print the same).")
A = d
rule = "=" * 72
A(rule)
A("UNIVERSIDAD DE SALAMANCA - Grado en Ingenieria Informatica")
A("Aprendizaje Profundo, curso 2024/25 - Practica 6: un Transformer a mano", nots=["2024", "25", "6"])
A(rule)
A("")
A("Frase: \"el gato come pescado\" (4 tokens). d_model = 3, d_k = 2.", nots=["4", "3", "2"])
A("Convenio: redondeamos a 3 decimales y seguimos con los valores redondeados.", nots=["3"])
A("")
A("1) Embeddings (una fila por palabra)")
A("-" * 40)
A("              x1     x2     x3")
given_rows(A, G["X"], toks, "txt")
A("")
for nm in ("Wq", "Wk", "Wv"):
    A(f"W_{nm[1].upper()} =")
    given_rows(A, G[nm], ["", "", ""], "txt")
    A("")
A("2) Q, K, V")
A("-" * 40)
for stp in ("Q", "K", "V"):
    A(f"{stp}:"); emit(A, K, stp, toks, "txt"); A("")
A("3) Puntuaciones y softmax")
A("-" * 40)
A("Q K^T:"); emit(A, K, "S", toks, "txt", head=toks); A("")
t, cl = K.one("div")
A(f"Dividimos por sqrt(2) = {t}:", claims=cl, nots=["2"])
emit(A, K, "Sc", toks, "txt", head=toks); A("")
A("Pesos (softmax por filas):"); emit(A, K, "W", toks, "txt", head=toks); A("")
A("Salida de la atencion Z = A V:"); emit(A, K, "C", toks, "txt"); A("")
A("4) Residual + LayerNorm (varianza sesgada, sin epsilon)")
A("-" * 40)
emit(A, K, "R1", toks, "txt"); A("")
emit(A, K, [("mu1", 0), ("var1", 0), ("std1", 0)], toks, "txt", head=["media", "var", "desv"]); A("")
A("LN1:"); emit(A, K, "N1", toks, "txt"); A("")
A("- pag. 1 de 2 -", nots=["1", "2"])
A("")
A("5) FFN: h = LN1 W1 + b1, ReLU, W2, b2")
A("-" * 40)
A("W1 ="); given_rows(A, G["W1"], ["", "", ""], "txt")
A("b1 = " + "  ".join(G["b1"]))
A("W2 ="); given_rows(A, G["W2"], ["", "", "", ""], "txt")
A("b2 = " + "  ".join(G["b2"]))
A("")
A("h:"); emit(A, K, "H", toks, "txt"); A("")
A("ReLU(h):"); emit(A, K, "A", toks, "txt"); A("")
A("FFN:"); emit(A, K, "F", toks, "txt"); A("")
A("LN1 + FFN:"); emit(A, K, "R2", toks, "txt"); A("")
emit(A, K, [("mu2", 0), ("var2", 0), ("std2", 0)], toks, "txt", head=["media", "var", "desv"]); A("")
A("LN2:"); emit(A, K, "N2", toks, "txt"); A("")
A("6) Capa de salida (solo la ultima posicion, \"pescado\"); palabra correcta: \".\"")
A("-" * 40)
A("W_out ="); given_rows(A, G["Wout"], ["", "", ""], "txt")
A("            " + "".join(w.rjust(9) for w in vocab))
for lab, stp in (("logits", "G"), ("e^z", "GE"), ("p", "P")):
    tx, cl = K.cells(stp, 0)
    A(("  " + lab).ljust(12) + "".join(t.rjust(9) for t in tx), claims=cl)
z, cl = K.one("GZ")
A(f"  suma de e^z = {z}", claims=cl)
p, _ = K.one("P", 0, 4); l, cl = K.one("LS")
A(f"  perdida L = -ln({p}) = {l}", claims=cl, opts=[p])
A("")
A("7) Gradiente y un paso de SGD (eta = 0.5)", nots=["0.5"])
A("-" * 40)
tx, cl = K.cells("dG", 0)
A("  dL/dz = p - y =" + "".join(t.rjust(9) for t in tx), claims=cl)
A("  dL/dW_out = h^T (p - y):")
emit(A, K, "dW", ["fila 1", "fila 2", "fila 3"], "txt")
A("  W_out nueva = W_out - 0.5 * dL/dW_out:", nots=["0.5"])
emit(A, K, "Wn", ["fila 1", "fila 2", "fila 3"], "txt")
A("")
A("- pag. 2 de 2 -", nots=["2"])
d.save()
chain_near(G, {k: v for k, v in kw.items() if k != "slips"}, c)
