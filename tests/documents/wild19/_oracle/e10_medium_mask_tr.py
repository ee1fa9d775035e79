"""Turkish Medium post exported to Markdown (title, subtitle, author, Takip et, "5 dk okuma · 12 Mar 2025", claps,
Dinle / Paylaş, tags, "Yazan …"): GPT-style causal self-attention over the BPE pieces Ġbu, Ġkedi, Ġuyu, yor; one
head 4 -> 2; the mask written as a matrix of 0 and -1e9 in a code block, the raw scores, the scaled and masked
scores (masked cells written -1e9), the weights (0.000 above the diagonal) and outputs as Markdown tables,
3 decimals; one scaled score worked in prose. Exact rounding, no slip."""
from pathlib import Path

from w19lib import *

toks = ["Ġbu", "Ġkedi", "Ġuyu", "yor"]
Xs = [["0.6", "-0.3", "0.2", "0.8"], ["0.1", "0.9", "0.4", "-0.2"], ["0.7", "0.2", "-0.5", "0.4"],
      ["-0.2", "0.5", "0.8", "0.3"]]
Wqs = [["0.8", "0.3"], ["-0.4", "0.9"], ["0.5", "0.6"], ["0.7", "-0.2"]]
Wks = [["0.6", "-0.5"], ["0.3", "0.8"], ["-0.7", "0.4"], ["0.9", "0.2"]]
Wvs = [["0.4", "0.7"], ["0.9", "-0.3"], ["0.2", "0.5"], ["-0.6", "0.8"]]
a = attention(Xs, Wqs, Wks, Wvs, causal=True)
Q, K, V, S, Sc, W, C = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C"))
n = 4

d = Doc("medium-mask-tr", "md",
        "Turkish Medium post: causal self-attention over the BPE pieces Ġbu, Ġkedi, Ġuyu, yor (4 -> 2, /√2), the mask "
        "as a 0 / -1e9 matrix in a code block, raw, scaled+masked scores, weights and outputs as Markdown tables, "
        "3 decimals",
        "causal attention with Wq, Wk, Wv (4 -> 2), scaled by sqrt(2), over Ġbu, Ġkedi, Ġuyu, yor",
        script=Path(__file__).name)
A = d
A("# GPT Neden Geleceği Göremez? Maskeli Self-Attention’ı Elle Hesaplayalım")
A("")
A("## Dört token, iki boyutlu bir kafa ve bir üçgen maske: hepsi bu kadar.")
A("")
A("[![Elif Yıldırım](https://miro.medium.com/v2/resize:fill:88:88/1*ey.jpeg)](https://medium.com/@elif.yildirim)",
  nots=["88"])
A("")
A("[Elif Yıldırım](https://medium.com/@elif.yildirim)")
A("")
A("Takip et")
A("")
A("5 dk okuma · 12 Mar 2025", nots=["5", "12", "2025"])
A("")
A("\\--")
A("")
A("127", nots=["127"])
A("")
A("Dinle")
A("")
A("Paylaş")
A("")
A("Bir dil modeli “bu kedi uyuyor” cümlesini üretirken, *Ġuyu* parçasını işlediği anda henüz *yor* parçasını "
  "bilmemelidir. Bunu sağlayan şey **nedensel (causal) maske**. Bu yazıda GPT-2 tarzı BPE parçalarıyla küçük bir "
  "örneği baştan sona hesaplıyoruz.", nots=["2"])
A("")
A("## Adım 0: Girdiler")
A("")
A("Tokenizer cümleyi dört parçaya ayırıyor: `Ġbu`, `Ġkedi`, `Ġuyu`, `yor` (Ġ boşluğu gösterir; *yor* bir önceki "
  "parçanın devamıdır). Her parçaya 4 boyutlu bir gömme verdim:", nots=["4"])
A("")
A("| token | x1 | x2 | x3 | x4 |", nots=["1", "2", "3", "4"])
A("|---|---|---|---|---|")
for t, r in zip(toks, Xs):
    A(f"| {t} | " + " | ".join(r) + " |")
A("")
A("Ağırlıklar (4 satır, 2 sütun):", nots=["4", "2"])
A("")
A("```")
for nm, M in (("W_Q", Wqs), ("W_K", Wks), ("W_V", Wvs)):
    A(f"{nm} = [" + ", ".join("[" + ", ".join(r) + "]" for r in M) + "]")
A("```")
A("")
A("## Adım 1: Q, K, V")
A("")
A("| token | Q | K | V |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    q = [rnd(v, 2) for v in Q[i]]; k = [rnd(v, 2) for v in K[i]]; v_ = [rnd(v, 2) for v in V[i]]
    A(f"| {t} | ({q[0]}, {q[1]}) | ({k[0]}, {k[1]}) | ({v_[0]}, {v_[1]}) |",
      claims=[(x, f"{nm}[{t}][{j + 1}]", "correct") for nm, vv in (("Q", q), ("K", k), ("V", v_)) for j, x in enumerate(vv)])
A("")
A("## Adım 2: Ham skorlar QKᵀ")
A("")
A("| | " + " | ".join(toks) + " |")
A("|---|---|---|---|---|")
for i, t in enumerate(toks):
    ss = [rnd(S[i][j], 4) for j in range(n)]
    A(f"| **{t}** | " + " | ".join(ss) + " |", claims=[(s, f"scores[{t},{toks[j]}]", "correct") for j, s in enumerate(ss)])
A("")
A("Dikkat: üst üçgendeki skorlar da hesaplanıyor, ama birazdan maskeyle siliniyor.")
A("")
A("## Adım 3: Ölçekle ve maskele")
A("")
A("Maske, skorlara eklenen bir matris. Pratikte −∞ yerine çok büyük negatif bir sayı kullanılır:")
A("")
A("```python")
A("M = [[0, -1e9, -1e9, -1e9],", nots=["0", "-1e9"])
A("     [0,    0, -1e9, -1e9],", nots=["0", "-1e9"])
A("     [0,    0,    0, -1e9],", nots=["0", "-1e9"])
A("     [0,    0,    0,    0]]", nots=["0"])
A("```")
A("")
s30 = rnd(S[3][0], 4)
A(f"√d_k = √2 ≈ 1.414. Örneğin *yor* → *Ġbu*: {s30} / 1.414 = {rnd(Sc[3][0], 3)}.",
  claims=[("1.414", "sqrt_dk", "correct"), (rnd(Sc[3][0], 3), "scaled[yor,Ġbu]", "correct")], opts=[s30],
  nots=["2"])
A("")
A("| ölçekli + maske | " + " | ".join(toks) + " |")
A("|---|---|---|---|---|")
for i, t in enumerate(toks):
    ss, cl = [], []
    for j in range(n):
        if j <= i:
            s = rnd(Sc[i][j], 3); ss.append(s); cl.append((s, f"scaled[{t},{toks[j]}]", "correct"))
        else:
            ss.append("-1e9")
    A(f"| **{t}** | " + " | ".join(ss) + " |", claims=cl, nots=["-1e9"] if i < n - 1 else [])
A("")
A("## Adım 4: Softmax")
A("")
A("| ağırlıklar | " + " | ".join(toks) + " |")
A("|---|---|---|---|---|")
for i, t in enumerate(toks):
    ss = [rnd(W[i][j], 3) for j in range(n)]
    A(f"| **{t}** | " + " | ".join(ss) + " |",
      claims=[(s, f"weights[{t},{toks[j]}]", "correct") for j, s in enumerate(ss) if j <= i],
      opts=[s for j, s in enumerate(ss) if j > i])
A("")
jm = max(range(n), key=lambda j: W[3][j])
A(f"Son satıra bakın: *yor* en büyük ağırlığı *{toks[jm]}* parçasına veriyor ({rnd(W[3][jm], 3)}); yine de "
  "dağılım oldukça düz, çünkü skorlar birbirine yakın.", claims=[(rnd(W[3][jm], 3), f"weights[yor,{toks[jm]}]", "correct")])
A("")
A("## Adım 5: Değerlerin ağırlıklı toplamı")
A("")
A("| çıktı | z1 | z2 |", nots=["1", "2"])
A("|---|---|---|")
for i, t in enumerate(toks):
    ss = [rnd(v, 3) for v in C[i]]
    A(f"| **{t}** | " + " | ".join(ss) + " |", claims=[(s, f"context[{t}][{k + 1}]", "correct") for k, s in enumerate(ss)])
A("")
A("İlk satır tam olarak *Ġbu*’nun V vektörü: ilk token yalnızca kendine bakabilir. GPT-2 small’da aynı hesap 12 "
  "kafa ve 64 boyutlu kafalarla yapılır.", nots=["2", "12", "64"])
A("")
A("[Yapay Zeka](https://medium.com/tag/yapay-zeka)")
A("")
A("[Transformers](https://medium.com/tag/transformers)")
A("")
A("[Nlp](https://medium.com/tag/nlp)")
A("")
A("## Yazan Elif Yıldırım")
A("")
A("312 takipçi", nots=["312"])
d.save()
