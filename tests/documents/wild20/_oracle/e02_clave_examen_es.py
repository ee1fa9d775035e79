"""Spanish exam answer key (plain text): question numbers with marks "(3 pts)", criteria lines. One query q against
three keys k1..k3 and values v1..v3 (d_k 4): the three dot products, divided by sqrt(4) = 2, the softmax, the
cross-entropy when k3 is the "correct" key, and the output row. Exact rounding, 4 decimals (3 for the output)."""
from pathlib import Path

from w20lib import *

qs = ["0.6", "-0.2", "1.1", "0.3"]
ks = [["0.9", "0.4", "0.5", "-0.7"], ["-0.3", "0.8", "0.2", "0.6"], ["0.7", "-0.5", "1.2", "0.4"]]
vs = [["1.0", "0.2"], ["0.3", "0.9"], ["-0.4", "0.6"]]
r = one_row(qs, ks, vs)
assert r["c"] == 2
loss = -mpmath.log(r["w"][2])
assert abs(float(loss) + np.log(np_softmax(np.array(ks, float) @ np.array(qs, float) / 2)[2])) < 1e-10

d = Doc("clave-examen-es", "txt",
        "Spanish exam answer key (plain text) with question numbers and marks: one query against three keys (d_k 4), "
        "dot products, /2, softmax, cross-entropy of k3, the output row",
        "one query q against keys k1, k2, k3 and values v1, v2, v3, scaled by sqrt(4) = 2; cross-entropy of k3",
        script=Path(__file__).name)
A = d
A("UNIVERSIDAD DEL VALLE DE ARENAS - Facultad de Ingeniería")
A("Aprendizaje Profundo (IA-341)   Examen parcial 2   -   SOLUCIONARIO", nots=["341", "2"])
A("Fecha: 21/05/2024     Duración: 90 minutos     Puntaje total: 20 puntos", nots=["21/05/2024", "90", "20"])
A("-" * 78)
A("")
A("Datos comunes a las preguntas 1 a 4:", nots=["1", "4"])
A("")
A("   q  = [ " + ", ".join(qs) + " ]")
for i, k in enumerate(ks):
    A(f"   k{i + 1} = [ " + ", ".join(k) + " ]")
for i, v in enumerate(vs):
    A(f"   v{i + 1} = [ " + ", ".join(v) + " ]")
A("   d_k = 4", nots=["4"])
A("")
A("PREGUNTA 1 (6 pts). Calcule los productos escalares q·k1, q·k2, q·k3 y escálelos.", nots=["1", "6"])
A("")
terms = []
for i, k in enumerate(ks):
    parts = " + ".join(f"({a})({b})" for a, b in zip(qs, k))
    s = lit(r["s"][i])
    A(f"   q·k{i + 1} = {parts} = {s}", claims=[(s, f"scores[q,k{i + 1}]", "correct")], opts=qs + k)
A("")
A("   Factor de escala: sqrt(d_k) = sqrt(4) = 2", claims=[("2", "sqrt_dk", "correct")], nots=["4"])
A("")
for i in range(3):
    s, sc = lit(r["s"][i]), lit(r["sc"][i])
    A(f"   s{i + 1} = {s} / 2 = {sc}", claims=[(sc, f"scaled[q,k{i + 1}]", "correct")], opts=[s, "2"])
A("")
A("   Criterio: 1 pt por cada producto, 1 pt por cada escalado. Un error de signo: -1 pt.", nots=["1"])
A("")
A("PREGUNTA 2 (6 pts). Aplique softmax a (s1, s2, s3).", nots=["2", "6"])
A("")
for i in range(3):
    e = rnd(r["e"][i], 4)
    A(f"   exp(s{i + 1}) = exp({lit(r['sc'][i])}) = {e}", claims=[(e, f"exp[q,k{i + 1}]", "correct")],
      opts=[lit(r["sc"][i])])
z = rnd(r["z"], 4)
A(f"   Suma = {z}", claims=[(z, "expsum[q]", "correct")])
ws = [rnd(w, 4) for w in r["w"]]
A("   a = ( " + " ; ".join(ws) + " )", claims=[(w, f"weights[q,k{i + 1}]", "correct") for i, w in enumerate(ws)])
A("")
A("   Se acepta una diferencia de ±0.001 por redondeo. Si no suman 1 revisar la suma.", nots=["0.001", "1"])
A("")
A("PREGUNTA 3 (4 pts). Si la clave correcta es k3, calcule la pérdida de entropía cruzada.", nots=["3", "4", "3"])
A("")
ce = rnd(loss, 4)
A(f"   L = -ln(a3) = -ln({ws[2]}) = {ce}", claims=[(ce, "loss", "correct")], opts=[ws[2]])
A("")
A("PREGUNTA 4 (4 pts). Calcule la salida o = a1 v1 + a2 v2 + a3 v3.", nots=["4", "4"])
A("")
os_ = [rnd(o, 3) for o in r["o"]]
A("   o = [ " + ", ".join(os_) + " ]", claims=[(o, f"context[q][{m + 1}]", "correct") for m, o in enumerate(os_)])
A("")
A("   (Solo resultado: 2 pts. Con desarrollo: 4 pts.)", nots=["2", "4"])
A("-" * 78)
A("Revisión de notas: martes 28/05, 10:00-12:00, oficina B-214.", nots=["28/05", "10:00", "12:00", "214"])
d.save()
