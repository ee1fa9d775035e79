"""Indonesian Blogger (blogspot) post copied as Markdown: date header, "Diposting oleh … di 19.45", Label line, share
links, "Posting Lebih Baru / Posting Lama / Beranda", comments. LayerNorm of 5 tokens x 4 features with no gamma/beta
and no epsilon (said so), biased variance: row sums, means, deviations, variances, std, normalised rows, tabulated.
Chained: sigma = sqrt(printed variance), x-hat = printed deviation / printed sigma. One planted slip: the variance
of *makan*."""
from pathlib import Path

from w11lib import *

toks = ["Saya", "suka", "makan", "nasi", "goreng"]
Xs = [["0.8", "-0.3", "1.5", "0.4"], ["2.1", "0.6", "-0.9", "1.2"], ["-0.5", "1.7", "0.3", "0.9"],
      ["1.1", "1.4", "-0.2", "0.1"], ["0.3", "-1.2", "0.6", "2.4"]]
X = mat(Xs)
LN = [layernorm(r) for r in X]
Xn = np.array(Xs, float)
mun = Xn.mean(axis=1, keepdims=True)
agree([l["mean"] for l in LN], mun[:, 0]); agree([l["var"] for l in LN], Xn.var(axis=1))
agree([l["norm"] for l in LN], (Xn - mun) / Xn.std(axis=1, keepdims=True))

sums = [lit(l["sum"]) for l in LN]
mus = [lit(l["mean"]) for l in LN]
cen = [[lit(v) for v in l["centered"]] for l in LN]
var_c = [rnd(l["var"], 4) for l in LN]
SLIPI = 2
v_ = var_c[SLIPI]
SLIP = v_[:3] + str((int(v_[3]) + 3) % 10) + v_[4:]
assert SLIP != var_c[SLIPI], var_c[SLIPI]
var_s = var_c[:]; var_s[SLIPI] = SLIP


def chain(vs):
    std = [rnd(mpmath.sqrt(mpf(v)), 4) for v in vs]
    nrm = [[rnd(mpf(c) / mpf(s), 4) for c in row] for row, s in zip(cen, std)]
    return std, nrm


std0, nrm0 = chain(var_c)
std1, nrm1 = chain(var_s)
chain_close(nrm0, [l["norm"] for l in LN], units=5)

d = Doc("blogspot-layernorm-id", "md",
        "Indonesian Blogger post copied as Markdown: LayerNorm of 5 tokens x 4 features without gamma/beta or "
        "epsilon, biased variance; sums, means, deviations, variances, std and normalised rows in tables, each step "
        "from the printed numbers; one planted slip",
        "LayerNorm only (blocks = [\"ln\"]), eps = 0, no gamma/beta, biased variance, over Saya, suka, makan, nasi, goreng",
        script=Path(__file__).name, rounding="chained",
        note=f"planted slip: the variance of makan is written {SLIP} instead of {var_c[SLIPI]} (its second decimal "
             "wrong), in the worked line and in Tabel 2 (one slip). Chained: its std is the square root of the "
             "slipped value and its normalised row is divided by that std (propagated, or any where a cell prints "
             "the same); the other rows are untouched.")
A = d
A("# Belajar Transformer #5: Menghitung Layer Normalization dengan Tangan", nots=["5"])
A("")
A("**Senin, 14 Oktober 2024**", nots=["14", "2024"])
A("")
A("Halo teman-teman! Di seri sebelumnya kita sudah menghitung self-attention. Sekarang giliran **Layer "
  "Normalization** (LayerNorm), komponen kecil yang muncul dua kali di setiap blok Transformer.")
A("")
A("Rumusnya sederhana: untuk setiap token (setiap baris), hitung rata-rata μ dan variansi σ² dari fiturnya, lalu")
A("")
A("$$\\hat{x}_i = \\frac{x_i - \\mu}{\\sigma}$$")
A("")
A("Supaya fokus, kita **tidak memakai γ dan β** (anggap γ = 1, β = 0) dan **tidak memakai ε** (di PyTorch "
  "defaultnya 1e-5, tapi di sini diabaikan). Variansi dibagi 4 (jumlah fitur), bukan 3.",
  nots=["1", "0", "1e-5", "4", "3"])
A("")
A("## Data")
A("")
A("Kalimatnya *Saya suka makan nasi goreng*, 5 token dengan 4 fitur (di BERT-base ada 768 fitur).",
  nots=["5", "4", "768"])
A("")
A("**Tabel 1.** Input", nots=["1"])
A("")
A("| token | f1 | f2 | f3 | f4 |")
A("|---|---|---|---|---|")
for t, r in zip(toks, Xs):
    A(f"| {t} | " + " | ".join(r) + " |")
A("")
A("## Contoh untuk token *makan*")
A("")
i = SLIPI
A(f"μ = ({' + '.join(par(v) for v in Xs[i])}) / 4 = {sums[i]} / 4 = {mus[i]}",
  claims=[(sums[i], f"L1.ln.sum[{toks[i]}]", "correct"), (mus[i], f"L1.ln.mean[{toks[i]}]", "correct")],
  opts=Xs[i], nots=["4", "4"])
A("")
A(f"x − μ = ({', '.join(cen[i])})", claims=[(c, f"L1.ln.centered[{toks[i]}][{m + 1}]", "correct")
                                       for m, c in enumerate(cen[i])])
A("")
sq = [lit(mpf(c) ** 2) for c in cen[i]]
sqsum = lit(mpmath.fsum(mpf(c) ** 2 for c in cen[i]))
A(f"σ² = ({' + '.join(sq)}) / 4 = {sqsum} / 4 ≈ {SLIP}",
  claims=[(s, f"L1.ln.sq[{toks[i]}][{m + 1}]", "correct") for m, s in enumerate(sq)]
  + [(sqsum, f"L1.ln.sqsum[{toks[i]}]", "correct"), (SLIP, f"L1.ln.var[{toks[i]}]", "wrong")], nots=["4", "4"])
A("")
A(f"σ = √{SLIP} ≈ {std1[i]}", claims=[(std1[i], f"L1.ln.std[{toks[i]}]", "propagated")], opts=[SLIP])
A("")
A(f"x̂₁ = {cen[i][0]} / {std1[i]} ≈ {nrm1[i][0]}",
  claims=[(nrm1[i][0], f"L1.ln.norm[{toks[i]}][1]", fate(nrm1[i][0], nrm0[i][0]))], opts=[cen[i][0], std1[i]])
A("")
A("Token lain dihitung dengan cara yang sama. Hasilnya:")
A("")
A("**Tabel 2.** Statistik per token", nots=["2"])
A("")
A("| token | Σx | μ | σ² | σ |")
A("|---|---|---|---|---|")
for k, t in enumerate(toks):
    vv = "wrong" if k == SLIPI else "correct"
    sv = "propagated" if k == SLIPI else "correct"
    A(f"| {t} | {sums[k]} | {mus[k]} | {var_s[k]} | {std1[k]} |",
      claims=[(sums[k], f"L1.ln.sum[{t}]", "correct"), (mus[k], f"L1.ln.mean[{t}]", "correct"),
              (var_s[k], f"L1.ln.var[{t}]", vv), (std1[k], f"L1.ln.std[{t}]", sv)])
A("")
A("**Tabel 3.** x − μ", nots=["3"])
A("")
A("| token | f1 | f2 | f3 | f4 |")
A("|---|---|---|---|---|")
for k, t in enumerate(toks):
    A(f"| {t} | " + " | ".join(cen[k]) + " |",
      claims=[(c, f"L1.ln.centered[{t}][{m + 1}]", "correct") for m, c in enumerate(cen[k])])
A("")
A("**Tabel 4.** Hasil LayerNorm x̂ = (x − μ) / σ", nots=["4"])
A("")
A("| token | f1 | f2 | f3 | f4 |")
A("|---|---|---|---|---|")
for k, t in enumerate(toks):
    A(f"| {t} | " + " | ".join(nrm1[k]) + " |",
      claims=[(c, f"L1.ln.norm[{t}][{m + 1}]", "correct" if k != SLIPI else fate(c, nrm0[k][m]))
              for m, c in enumerate(nrm1[k])])
A("")
A("Cek cepat: setiap baris Tabel 4 rata-ratanya sekitar 0 dan variansinya sekitar 1 (selisih kecil karena "
  "pembulatan 4 desimal).", nots=["4", "0", "1", "4"])
A("")
A("Di artikel berikutnya (#6) kita gabungkan LayerNorm dengan residual connection. Sampai jumpa!", nots=["6"])
A("")
A("Diposting oleh Rina Wulandari di 19.45 · 3 komentar", nots=["19.45", "3"])
A("")
A("Label: Deep Learning, NLP, Transformer")
A("")
A("Bagikan ke Twitter · Bagikan ke Facebook · Bagikan ke Pinterest")
A("")
A("[Posting Lebih Baru](#) · [Posting Lama](#) · [Beranda](#)")
d.save()
