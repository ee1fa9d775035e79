"""Spanish forum thread copied as plain text (Discourse): one decoding step with a KV cache: q, k, v of the new token,
the cached keys/values appended, scores, /sqrt(2), softmax, output; a memory estimate of the cache as filler arithmetic."""
from pathlib import Path

import numpy as np

from w3lib import *

x3s = ["0.6", "-0.2"]
WQs = [["0.9", "0.3"], ["-0.4", "0.7"]]
WKs = [["0.5", "-0.6"], ["0.8", "0.2"]]
WVs = [["0.1", "1.0"], ["0.6", "-0.3"]]
Kc = [["0.42", "-0.18"], ["-0.25", "0.61"]]
Vc = [["0.73", "0.05"], ["-0.12", "0.88"]]
x3, WQ, WK, WV = V(x3s), V(WQs), V(WKs), V(WVs)
q3, k3, v3 = vm(x3, WQ), vm(x3, WK), vm(x3, WV)
K = V(Kc) + [k3]
Vv = V(Vc) + [v3]
s = [dot(q3, k) for k in K]
r2 = mpmath.sqrt(2)
sc = [v / r2 for v in s]
w = softmax(sc)
o = [mpmath.fsum(w[j] * Vv[j][c] for j in range(3)) for c in range(2)]
xn = np.array(x3s, float)
Kn = np.vstack([np.array(Kc, float), xn @ np.array(WKs, float)]); Vn = np.vstack([np.array(Vc, float), xn @ np.array(WVs, float)])
sn = Kn @ (xn @ np.array(WQs, float)) / np.sqrt(2); wn = np.exp(sn) / np.exp(sn).sum()
np_same(w, wn); np_same(o, wn @ Vn)

d = Doc("foro-kvcache-es", "txt",
        "Spanish forum thread (Discourse) copied as plain text: user names, dates, likes, a quoted question, then one "
        "decoding step with a KV cache worked by hand: q3, k3, v3 from x3, cached K and V given, scores, /sqrt(2), "
        "softmax, output, a restatement that the full causal recomputation gives the same row, and a cache-size estimate",
        "o3 = softmax(q3 [K_cache; k3]^T / sqrt(2)) [V_cache; v3], q3 = x3 W_Q, k3 = x3 W_K, v3 = x3 W_V", "exact",
        gen=Path(__file__).name)
add = d.add
f4 = lambda v: r(v, 4)
add("¿Por qué la caché KV da exactamente el mismo resultado? - Aprendizaje profundo - Foro IA en Español")
add("")
add("marta_r                                                                 mar '24", nots=["24"])
add("")
add("Estoy leyendo el código de generación de un GPT pequeño y no entiendo la caché KV. Si solo calculo q, k, v del token "
    "nuevo, ¿cómo puede salir lo mismo que si recalculo toda la secuencia? ¿No se pierde algo?")
add("")
add("2 Me gusta", nots=["2"])
add("")
add("---")
add("")
add("javi.dl                                                                 mar '24", nots=["24"])
add("")
add("> ¿cómo puede salir lo mismo que si recalculo toda la secuencia?")
add("")
add("Porque con máscara causal las filas antiguas nunca cambian: el token 3 solo necesita las k y v de los tokens 1 y 2, "
    "y esas ya las calculaste en los pasos anteriores. Te pongo un ejemplo con d = 2 (una cabeza, sin sesgos).",
    nots=["3", "1", "2", "2"])
add("")
add("Pesos:")
add(f"  W_Q = {WQs}    W_K = {WKs}    W_V = {WVs}".replace("'", ""))
add("")
add("Lo que hay en la caché después de procesar los tokens 1 y 2:", nots=["1", "2"])
add(f"  K_cache = {Kc}".replace("'", ""))
add(f"  V_cache = {Vc}".replace("'", ""))
add("")
add(f"Llega el token 3 con x3 = [{', '.join(x3s)}]. Solo para él:", nots=["3"])
for nm, W_, vec in (("q3", WQs, q3), ("k3", WKs, k3), ("v3", WVs, v3)):
    t = ", ".join(f"{x3s[0]}*{par(W_[0][c])} + {par(x3s[1])}*{par(W_[1][c])}" for c in range(2))
    add(f"  {nm} = x3 · W = [{t}] = [{ex(vec[0])}, {ex(vec[1])}]",
        claims=[(ex(vec[c]), f"{nm}[{c}]", "correct") for c in range(2)], opts=[x3s[0], x3s[1]] * 2 + [W_[0][0], W_[1][0], W_[0][1], W_[1][1]],
        nots=[])
add("")
add("Añadimos k3 y v3 a la caché (ahora tiene 3 filas) y calculamos los scores de q3 contra las 3 claves:", nots=["3", "3"])
for j in range(3):
    add(f"  q3·k{j+1} = {f4(s[j])}   ->  / 1.4142 = {f4(sc[j])}", claims=[(f4(s[j]), f"q3.k{j+1}", "correct"), (f4(sc[j]), f"score[{j+1}]", "correct")],
        opts=["1.4142"])
add("")
add(f"softmax -> [{', '.join(f4(v) for v in w)}]", claims=[(f4(v), f"w[{j+1}]", "correct") for j, v in enumerate(w)])
add("")
add(f"o3 = {f4(w[0])}*v1 + {f4(w[1])}*v2 + {f4(w[2])}*v3 = [{f4(o[0])}, {f4(o[1])}]",
    claims=[(f4(o[0]), "o3[0]", "correct"), (f4(o[1]), "o3[1]", "correct")], opts=[f4(v) for v in w], nots=[])
add("")
add(f"Si recalculas la secuencia entera con la máscara causal, la fila 3 de la salida es otra vez [{f4(o[0])}, {f4(o[1])}]. "
    "Las filas 1 y 2 salen iguales que antes, por eso no hace falta recalcularlas.",
    claims=[(f4(o[0]), "o3[0] (full recompute)", "correct"), (f4(o[1]), "o3[1] (full recompute)", "correct")],
    nots=["3", "1", "2"])
add("")
add("El precio es memoria. Para un modelo tipo LLaMA-2 7B en fp16, por token y por capa guardas k y v de 4096 valores cada uno:",
    nots=["2", "7", "16", "4096"])
add(f"  2 × 4096 × 2 bytes × 32 capas = {2 * 4096 * 2 * 32} bytes ≈ 0.5 MiB por token",
    claims=[(str(2 * 4096 * 2 * 32), "cache bytes per token", "correct"), ("0.5", "cache MiB per token", "correct")],
    nots=["2", "4096", "2", "32"])
add("")
add("5 Me gusta · Solución", nots=["5"])
add("")
add("---")
add("")
add("marta_r                                                                 mar '24", nots=["24"])
add("")
add("¡Ahora sí! Lo he comprobado en mi notebook y me sale igual hasta el cuarto decimal. Gracias 🙌")
d.write()
