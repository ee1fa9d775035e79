"""Indonesian notebook, JAX: `Array([[...]], dtype=float32)` reprs under jnp.set_printoptions(precision=4,
suppress=True); saya, suka, kopi named only in a markdown cell; d_model 4 -> d_k 3, /sqrt(3); then a markdown cell
works the softmax of the saya row from the printed scaled scores (e^x, sum, weights, the output row from the printed
weights): chained. One planted slip in it: e^x of the second score."""
from pathlib import Path

from w15lib import *

toks = ["saya", "suka", "kopi"]
Xs = [["0.73", "0.18", "0.45", "0.96"], ["0.21", "0.84", "0.67", "0.32"], ["0.58", "0.41", "0.12", "0.77"]]
Wqs = [["0.3", "0.8", "0.1"], ["0.6", "0.2", "0.5"], ["0.4", "0.7", "0.9"], ["0.2", "0.1", "0.6"]]
Wks = [["0.5", "0.2", "0.7"], ["0.1", "0.9", "0.3"], ["0.8", "0.4", "0.2"], ["0.6", "0.3", "0.5"]]
Wvs = [["0.2", "0.7", "0.4"], ["0.9", "0.1", "0.3"], ["0.4", "0.6", "0.8"], ["0.3", "0.5", "0.1"]]
a = attention(Xs, Wqs, Wks, Wvs)
f = attn32(Xs, Wqs, Wks, Wvs, np.sqrt(3))
d = Doc("jax-chained-id", "ipynb",
        "Indonesian JAX notebook: Array(..., dtype=float32) reprs with precision=4; saya suka kopi named only in "
        "markdown; d_model 4 -> d_k 3; the saya row's softmax worked by hand from the printed numbers; one planted slip",
        "attention with Wq, Wk, Wv (4 -> 3), scaled by sqrt(3), over the tokens saya, suka, kopi",
        script=Path(__file__).name, rounding="chained")
nb = NB(d, ipy_meta("3.11.9"), minor=5)
qf = lambda nm: (lambda i, j: f"{nm}[{toks[i]}][{j + 1}]")
pf = lambda nm: (lambda i, j: f"{nm}[{toks[i]},{toks[j]}]")
nb.md(["# Self-attention dengan JAX", "",
       "Kalimat contoh: **saya suka kopi**. Baris ke-1 matriks `X` adalah *saya*, baris ke-2 *suka*, baris ke-3 *kopi*.",
       R("Setiap kata punya embedding 4 dimensi; proyeksi ke $d_k = 3$.", nots=["4", "3"])])
nb.code(["import jax", "import jax.numpy as jnp", "jnp.set_printoptions(precision=4, suppress=True)",
         "X = jnp.array(["] + [f"    [{', '.join(r)}]," for r in Xs] + ["])"] +
        [f"W_{k} = jnp.array([{', '.join('[' + ', '.join(r) + ']' for r in M)}])" for k, M in (("q", Wqs), ("k", Wks), ("v", Wvs))])
for nm in ("Q", "K", "V"):
    rows, _ = jax_rows(f[nm], a[nm], qf(nm))
    nb.code([f"{nm} = X @ W_{nm.lower()}", nm], [("result", rows)])
r1, _ = jax_rows(f["S"], a["S"], pf("scores"))
nb.code(["scores = Q @ K.T", "scores"], [("result", r1)])
r2, scc = jax_rows(f["Sc"], a["Sc"], pf("scaled"))
nb.code(["scaled = scores / jnp.sqrt(3.0)", "scaled"], [("result", r2)])
r3, _ = jax_rows(f["W"], a["W"], pf("weights"))
nb.code(["weights = jax.nn.softmax(scaled, axis=-1)", "weights"], [("result", r3)])
r4, _ = jax_rows(f["C"], a["C"], qf("context"))
nb.code(["out = weights @ V", "out"], [("result", r4)])
# the hand check, chained, with the slip in e^x of the second score
sc = scc[0]
es_c, z_c, ws_c = chained_softmax(sc, 4)
SLIP = es_c[1][:-2] + str((int(es_c[1][-2]) + 3) % 10) + es_c[1][-1]   # one wrong digit
assert SLIP != es_c[1]
es = [es_c[0], SLIP, es_c[2]]
z = rnd(mpmath.fsum(mpf(e) for e in es), 4)
ws = [rnd(mpf(e) / mpf(z), 4) for e in es]
Vp = [[rnd(v, 4) for v in r] for r in a["V"]]
cs = [rnd(mpmath.fsum(mpf(w) * mpf(v[m]) for w, v in zip(ws, Vp)), 4) for m in range(3)]
cs_c = [rnd(mpmath.fsum(mpf(w) * mpf(v[m]) for w, v in zip(ws_c, Vp)), 4) for m in range(3)]
d.note = (f"planted slip: in the hand check e^{sc[1]} is written {SLIP} instead of {es_c[1]} (its third decimal "
          "wrong). The sum, the three weights and the output row of the hand check are worked from it (propagated, "
          "or any where they print the same); the Array outputs are untouched.")
t0 = toks[0]
H = ["## Cek manual baris *saya*", "", "Dari `scaled` di atas (baris pertama):", ""]
for j, u in enumerate(toks):
    v = "correct" if j != 1 else "wrong"
    H.append(R(f"* $e^{{{sc[j]}}} = {es[j]}$", [(es[j], f"exp[{t0},{u}]", v)], [sc[j]]))
H.append(R(f"* jumlah $= {' + '.join(es)} = {z}$", [(z, f"expsum[{t0}]", fate(z, z_c))], es))
H.append("")
H.append("| kata | bobot |")
H.append("|---|---|")
for j, u in enumerate(toks):
    H.append(R(f"| {u} | {es[j]} / {z} = {ws[j]} |", [(ws[j], f"weights[{t0},{u}]", fate(ws[j], ws_c[j]))], [es[j], z]))
H += ["", R(f"Output *saya* $= \\sum_j w_j V_j = [{', '.join(cs)}]$",
            [(cs[m], f"context[{t0}][{m + 1}]", fate(cs[m], cs_c[m])) for m in range(3)]),
      "", "Hasilnya cocok dengan baris pertama `out` (selisih di digit terakhir karena pembulatan)."]
nb.md(H)
chain_close([cs_c], [a["C"][0]], units=5, nd=4)
nb.save()
