"""Indonesian blog post (Markdown): backward pass of softmax + cross-entropy at the output layer, dz = p - y, the
gradient of W_out as an outer product, one SGD step, the new logits, probabilities and loss. Chained rounding (each
step from the printed 4-decimal values). One planted slip: the target entry of dz is written 1 - p instead of p - 1."""
from pathlib import Path

import numpy as np

from w3lib import *

words = ["saya", "minum", "kopi", "teh"]
hs = ["0.5", "-1.0", "0.8"]
Ws = [["0.2", "-0.1", "0.4", "0.3"], ["0.5", "0.2", "-0.3", "0.1"], ["-0.4", "0.6", "0.2", "-0.2"]]
TG, lr = 2, mpf("0.5")
h, W = V(hs), V(Ws)
f4 = lambda v: r(v, 4)


def run(slip):
    o = {}
    z = vm(h, W)
    o["z"] = [ex(v) for v in z]
    p = softmax([P(s) for s in o["z"]])
    o["p"] = [f4(v) for v in p]
    o["loss"] = f4(-mpmath.log(P(o["p"][TG])))
    dz = [P(o["p"][j]) - (1 if j == TG else 0) for j in range(4)]
    if slip:
        dz[TG] = -dz[TG]
    o["dz"] = [f4(v) for v in dz]
    o["dW"] = [[f4(h[i] * P(o["dz"][j])) for j in range(4)] for i in range(3)]
    o["W2"] = [[r(W[i][j] - lr * P(o["dW"][i][j]), 5) for j in range(4)] for i in range(3)]
    z2 = [mpmath.fsum(h[i] * P(o["W2"][i][j]) for i in range(3)) for j in range(4)]
    o["z2"] = [f4(v) for v in z2]
    p2 = softmax([P(s) for s in o["z2"]])
    o["p2"] = [f4(v) for v in p2]
    o["loss2"] = f4(-mpmath.log(P(o["p2"][TG])))
    return o


R, R0 = run(True), run(False)
# float64 check of the slip-free step (unrounded)
hn, Wn = np.array(hs, float), np.array(Ws, float)
zn = hn @ Wn; pn = np.exp(zn) / np.exp(zn).sum(); y = np.eye(4)[TG]
W2n = Wn - 0.5 * np.outer(hn, pn - y); z2n = hn @ W2n; p2n = np.exp(z2n) / np.exp(z2n).sum()
assert np.allclose([float(v) for v in R0["p2"]], p2n, atol=2e-4)


def vv(key, *idx):
    a, b = R[key], R0[key]
    for k in idx:
        a, b = a[k], b[k]
    return "correct" if a == b and not any(key == kk for kk in ()) else verdict(a, b)


d = Doc("blog-ce-backprop-id", "md",
        "Indonesian blog post (Markdown with $...$ maths and tables): output layer of a tiny LM, logits z = hW over 4 words, "
        "softmax, cross-entropy, dz = p - y, dW = h^T dz, one SGD step with lr 0.5, new logits, probabilities and loss; "
        "one planted slip",
        "z = h W; p = softmax(z); L = -ln p[target]; dL/dz = p - y; dW = outer(h, dz); W' = W - 0.5 dW", "chained",
        note="planted slip: the target entry of dz (word 'kopi') is written as 1 - p instead of p - 1 (sign flipped); the "
             "'kopi' column of dW and of the updated W, the new logit of 'kopi', all new probabilities and the new loss are "
             "propagated (entries that print the same as in the slip-free chain are 'any'; everything before dz is correct)",
        gen=Path(__file__).name)
add = d.add
add("---")
add("title: \"Backpropagation Softmax + Cross-Entropy: Hitung Manual Satu Langkah\"")
add("date: 2023-11-02", nots=["2023", "11", "02"])
add("tags: [deep-learning, transformer, bahasa-indonesia]")
add("---")
add("")
add("Halo semuanya! Di postingan sebelumnya kita sudah menghitung *forward pass*. Sekarang kita hitung **gradien** di layer "
    "output dan melakukan satu langkah SGD. Kosakata hanya 4 kata: " + ", ".join(f"`{w}`" for w in words) + ".", nots=["4"])
add("")
add(f"Konteksnya kalimat \"saya minum ...\" dan kata target berikutnya adalah **`{words[TG]}`** (indeks {TG}, mulai dari 0).",
    nots=[str(TG), "0"])
add("")
add("## 1. Forward")
add("")
add(f"Hidden state terakhir $h = ({', '.join(hs)})$ dan matriks output $W$ berukuran $3 \\times 4$:", nots=["3", "4"])
add("")
for ln in md_table(["", *words], [[f"baris {i+1}"] + Ws[i] for i in range(3)]):
    add(ln, nots=[str(i + 1) for i in range(3) if ln.startswith(f"| baris {i+1} |")])
add("")
add(f"Logit $z = hW = ({', '.join(R['z'])})$", claims=[(R["z"][j], f"z[{j}]", "correct") for j in range(4)])
add("")
add(f"Softmax: $p = ({', '.join(R['p'])})$", claims=[(R["p"][j], f"p[{j}]", "correct") for j in range(4)])
add("")
add(f"Loss: $L = -\\ln p_{{{words[TG]}}} = -\\ln {R['p'][TG]} = {R['loss']}$",
    claims=[(R["loss"], "loss", "correct")], opts=[R["p"][TG]])
add("")
add("## 2. Gradien terhadap logit")
add("")
add("Rumus yang terkenal: untuk softmax + cross-entropy, $\\partial L / \\partial z = p - y$, dengan $y$ vektor one-hot.")
add("")
add(f"$y = (0, 0, 1, 0)$, jadi", nots=["0", "0", "1", "0"])
add("")
dzline = []
for j in range(4):
    if j == TG:
        dzline.append(f"1 - {R['p'][j]} = {R['dz'][j]}")
    else:
        dzline.append(f"{R['p'][j]} - 0 = {R['dz'][j]}")
for j in range(4):
    add(f"- $\\partial L/\\partial z_{{{words[j]}}} = {dzline[j]}$",
        claims=[(R["dz"][j], f"dz[{j}]", "wrong" if j == TG else "correct")], opts=[R["p"][j]],
        nots=["1"] if j == TG else ["0"])
add("")
add("## 3. Gradien terhadap W")
add("")
add("$\\partial L/\\partial W = h^T (p - y)$, yaitu *outer product* (3 × 4):", nots=["3", "4"])
add("")
for ln in md_table(["", *words], [[f"h{i+1} = {hs[i]}"] + R["dW"][i] for i in range(3)]):
    i = next((k for k in range(3) if ln.startswith(f"| h{k+1} =")), None)
    add(ln, claims=[] if i is None else [(R["dW"][i][j], f"dW[{i}][{j}]", vv("dW", i, j)) for j in range(4)],
        opts=[hs[i]] if i is not None else ())
add("")
add("## 4. Satu langkah SGD")
add("")
add("Learning rate $\\eta = 0.5$: $W_{baru} = W - \\eta\\,\\partial L/\\partial W$ (hasilnya pas 5 desimal, jadi saya tulis 5 desimal).", nots=["0.5", "5", "5"])
add("")
add(f"Contoh satu elemen: ${Ws[0][0]} - 0.5 \\times {par(R['dW'][0][0])} = {R['W2'][0][0]}$",
    claims=[(R["W2"][0][0], "W'[0][0]", vv("W2", 0, 0))], opts=[Ws[0][0], R["dW"][0][0]], nots=["0.5"])
add("")
for ln in md_table(["W baru", *words], [[f"baris {i+1}"] + R["W2"][i] for i in range(3)]):
    i = next((k for k in range(3) if ln.startswith(f"| baris {k+1} |")), None)
    add(ln, claims=[] if i is None else [(R["W2"][i][j], f"W'[{i}][{j}]", vv("W2", i, j)) for j in range(4)],
        nots=[str(i + 1)] if i is not None else ())
add("")
add("## 5. Cek: forward lagi dengan W baru")
add("")
add(f"$z' = hW_{{baru}} = ({', '.join(R['z2'])})$", claims=[(R["z2"][j], f"z'[{j}]", vv("z2", j)) for j in range(4)])
add("")
add(f"$p' = ({', '.join(R['p2'])})$", claims=[(R["p2"][j], f"p'[{j}]", vv("p2", j)) for j in range(4)])
add("")
add(f"Loss baru: $L' = -\\ln {R['p2'][TG]} = {R['loss2']}$", claims=[(R["loss2"], "loss'", vv("loss2"))], opts=[R["p2"][TG]])
add("")
add(f"Hmm, loss-nya naik dari {R['loss']} ke {R['loss2']}... mungkin learning rate-nya terlalu besar? Nanti kita coba 0.1 di postingan berikutnya.",
    claims=[(R["loss"], "loss (restated)", "correct"), (R["loss2"], "loss' (restated)", vv("loss2"))], nots=["0.1"])
add("")
add("Terima kasih sudah membaca, sampai jumpa! 👋")
d.write()
print("true chain loss2:", R0["loss2"], "slip:", R["loss2"])
