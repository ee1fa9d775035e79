"""Turkish Google Colab notebook in plain Python (no NumPy): self-attention over ben, kitap, okurum (d_model 3 ->
d_k 2, / math.sqrt(2)); lists of lists printed with Python's float repr (trailing zeros dropped: 0.5, 1.3), every
step rounded with round(…, 4) before the next one uses it (chained), one f-string line per softmax row
(`satır 0: e=[…], toplam=…, p=[…]`), the outputs as a list of tuples. Chained rounding."""
from pathlib import Path

from w12lib import *

toks = ["ben", "kitap", "okurum"]
Xs = [["0.3", "0.8", "0.5"], ["0.9", "0.2", "0.4"], ["0.6", "0.7", "0.1"]]
Wqs = [["0.2", "0.7"], ["0.5", "0.4"], ["0.8", "0.1"]]
Wks = [["0.6", "0.3"], ["0.1", "0.9"], ["0.4", "0.5"]]
Wvs = [["0.7", "0.4"], ["0.3", "0.8"], ["0.5", "0.2"]]
a = attention(Xs, Wqs, Wks, Wvs)
r2 = mpmath.sqrt(2)
Qp = [[py_float(v, 4) for v in r] for r in a["Q"]]
Kp = [[py_float(v, 4) for v in r] for r in a["K"]]
Vp = [[py_float(v, 4) for v in r] for r in a["V"]]
Sp = [[py_float(dot([mpf(x) for x in q], [mpf(x) for x in k]), 4) for k in Kp] for q in Qp]
SCp = [[py_float(mpf(s) / r2, 4) for s in r] for r in Sp]
Ep = [[py_float(mpmath.exp(mpf(s)), 4) for s in r] for r in SCp]
Zp = [py_float(mpmath.fsum(mpf(e) for e in r), 4) for r in Ep]
Pp = [[py_float(mpf(e) / mpf(z), 4) for e in r] for r, z in zip(Ep, Zp)]
Op = [[py_float(mpmath.fsum(mpf(p) * mpf(Vp[j][m]) for j, p in enumerate(r)), 4) for m in range(2)] for r in Pp]
chain_close(Pp, a["W"]); chain_close(Op, a["C"])
# float64: the notebook's own route, step by step
import math
fQ = [[round(sum(float(x) * float(Wqs[k][m]) for k, x in enumerate(r)), 4) for m in range(2)] for r in Xs]
assert [[repr(v) for v in r] for r in fQ] == Qp
fS = [[round(sum(x * y for x, y in zip(map(float, q), map(float, k))), 4) for k in Kp] for q in Qp]
fSC = [[round(s / math.sqrt(2), 4) for s in r] for r in fS]
fE = [[round(math.exp(s), 4) for s in r] for r in fSC]
fZ = [round(sum(r), 4) for r in fE]
fP = [[round(e / z, 4) for e in r] for r, z in zip(fE, fZ)]
assert [[repr(v) for v in r] for r in fS] == Sp and [[repr(v) for v in r] for r in fSC] == SCp
assert [[repr(v) for v in r] for r in fE] == Ep and [repr(z) for z in fZ] == Zp and [[repr(v) for v in r] for r in fP] == Pp

d = Doc("colab-fstring-tr", "ipynb",
        "Turkish Colab notebook in plain Python: self-attention over ben, kitap, okurum with Wq/Wk/Wv 3 -> 2, "
        "/ math.sqrt(2); lists of lists in Python float repr, every step round(…, 4) (chained), f-string lines per "
        "softmax row, outputs as tuples", "attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2), over the tokens ben, "
        "kitap, okurum", script=Path(__file__).name, rounding="chained")
meta = {"colab": {"provenance": [], "name": "dikkat_elle_hesap.ipynb", "toc_visible": True},
        "kernelspec": {"display_name": "Python 3", "name": "python3"}, "language_info": {"name": "python"}}
nb = Notebook(d, meta)


def lst(rows):
    return "[" + ", ".join("[" + ", ".join(r) + "]" for r in rows) + "]"


def mline(rows, qn):
    return L(lst(rows), claims=[(t, qty(qn, toks, i, j), "correct") for i, r in enumerate(rows) for j, t in enumerate(r)])


nb.md(["# Dikkat mekanizması: NumPy olmadan, elle", "",
       "Bu defterde tek başlıklı öz-dikkati (self-attention) sadece saf Python listeleriyle hesaplıyoruz. "
       "Cümle: *ben kitap okurum*. Her ara sonucu `round(…, 4)` ile yuvarlıyoruz; bir sonraki adım bu "
       "yuvarlanmış sayılardan devam ediyor, tıpkı kağıt üzerinde yaptığımız gibi."])
nb.md([L("Boyutlar: d_model = 3, d_k = 2 (orijinal makalede d_model = 512, d_k = 64).", nots=["3", "2", "512", "64"])])
nb.code(["import math", "", 'tokens = ["ben", "kitap", "okurum"]',
         "X = [" + ", ".join("[" + ", ".join(r) + "]" for r in Xs) + "]",
         "W_q = " + lst(Wqs), "W_k = " + lst(Wks), "W_v = " + lst(Wvs), "",
         "def matmul(A, B):",
         "    return [[round(sum(a * B[k][j] for k, a in enumerate(row)), 4) for j in range(len(B[0]))] for row in A]"])
nb.code(["Q = matmul(X, W_q)", "K = matmul(X, W_k)", "V = matmul(X, W_v)", "print(Q)", "print(K)", "print(V)"],
        stdout=[mline(Qp, "Q"), mline(Kp, "K"), mline(Vp, "V")])
nb.md(["## Skorlar ve ölçekleme"])
nb.code(["def dot(u, v):", "    return sum(a * b for a, b in zip(u, v))", "",
         "S = [[round(dot(q, k), 4) for k in K] for q in Q]", "S"], result=[mline(Sp, "scores")])
nb.code(["d_k = len(W_q[0])", "S_olcek = [[round(s / math.sqrt(d_k), 4) for s in satir] for satir in S]", "S_olcek"],
        result=[mline(SCp, "scaled")])
nb.md(["## Softmax, satır satır"])
out = []
for i in range(3):
    cl = [(e, qty("exp", toks, i, j), "correct") for j, e in enumerate(Ep[i])] + [(Zp[i], f"expsum[{toks[i]}]", "correct")]
    cl += [(p, qty("weights", toks, i, j), "correct") for j, p in enumerate(Pp[i])]
    out.append(L(f"satır {i}: e=[{', '.join(Ep[i])}], toplam={Zp[i]}, p=[{', '.join(Pp[i])}]", claims=cl, nots=[str(i)]))
nb.code(["P = []", "for i, satir in enumerate(S_olcek):", "    e = [round(math.exp(s), 4) for s in satir]",
         "    toplam = round(sum(e), 4)", "    p = [round(x / toplam, 4) for x in e]", "    P.append(p)",
         '    print(f"satır {i}: e={e}, toplam={toplam}, p={p}")'], stdout=out)
nb.md(["## Çıktı", "", "Her satırın çıktısını bir demet (tuple) olarak tutalım:"])
nb.code(["Z = [tuple(round(sum(p[j] * V[j][m] for j in range(3)), 4) for m in range(2)) for p in P]", "Z"],
        result=[L("[" + ", ".join("(" + ", ".join(r) + ")" for r in Op) + "]",
                  claims=[(t, qty("context", toks, i, j), "correct") for i, r in enumerate(Op) for j, t in enumerate(r)])])
j = max(range(3), key=lambda j: a["W"][2][j])
nb.md([L(f"*okurum* en çok *{toks[j]}* kelimesine bakıyor (p = {Pp[2][j]}). Ağırlıklar birbirine çok yakın; "
         "küçük vektörlerle softmax neredeyse düzgün dağılır.", claims=[(Pp[2][j], f"weights[okurum,{toks[j]}]", "correct")])])
nb.code(["len(Z), len(Z[0])"], result=[L("(3, 2)", nots=["3", "2"])])
nb.save()
