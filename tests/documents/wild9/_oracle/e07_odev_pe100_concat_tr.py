"""Turkish plain-text homework solution (=== banners, aligned columns, 0-based indices in the prose: pozisyon 0,
PE[1][3]): sinusoidal positional encoding with base 100 (not 10000), d = 6, the sin half and the cos half
CONCATENATED (sin of every frequency first, then cos), positions 0-3; then x + PE. Chained: divisors printed to 4
decimals, each angle = pos / printed divisor, sin/cos of the printed angle, x + PE from the printed PE."""
from pathlib import Path

from w9lib import *

toks = ["Bugün", "hava", "çok", "güzel"]
Xs = [["0.2", "-0.1", "0.4", "0.3", "0.0", "-0.2"],
      ["0.5", "0.1", "-0.3", "0.2", "0.4", "0.1"],
      ["-0.2", "0.3", "0.1", "0.6", "-0.1", "0.2"],
      ["0.1", "0.2", "0.5", "-0.4", "0.3", "0.0"]]
d_model, base = 6, mpf(100)
half = d_model // 2
div_exact = [base ** (mpf(2 * i) / d_model) for i in range(half)]
div = [rnd(v, 4) if i else "1" for i, v in enumerate(div_exact)]
ang = [[rnd(mpf(p) / mpf(div[i]), 4) if p else "0" for i in range(half)] for p in range(4)]
ang = [[lit(mpf(p)) if div[i] == "1" else a for i, a in enumerate(row)] for p, row in enumerate(ang)]
PE = [[rnd(mpmath.sin(mpf(a)), 4) for a in row] + [rnd(mpmath.cos(mpf(a)), 4) for a in row] for row in ang]
SUM = [[lit(mpf(x) + mpf(pe)) for x, pe in zip(Xs[p], PE[p])] for p in range(4)]
# float64: the exact encoding, and the chained one within a rounding or two of it
pos = np.arange(4)[:, None]; dv = 100.0 ** (2 * np.arange(half) / d_model)
PEn = np.concatenate([np.sin(pos / dv), np.cos(pos / dv)], axis=1)
PEe = [[mpmath.sin(p / v) for v in div_exact] + [mpmath.cos(p / v) for v in div_exact] for p in range(4)]
agree(PEe, PEn)
assert np.abs(np.array(PE, float) - PEn).max() < 2e-4

d = Doc("odev-pe100-concat-tr", "txt",
        "Turkish plain-text homework solution: sinusoidal PE with base 100, d = 6, the sin and cos halves "
        "concatenated (not interleaved), positions 0-3 with 0-based indices in the prose; divisors, angles, PE, "
        "x + PE, each step from the previous step's printed 4-decimal numbers",
        "sinusoidal positional encoding, base 100, d = 6, concatenated layout [sin(p/w_0..2), cos(p/w_0..2)], "
        "positions 0..3, then x + PE",
        script=Path(__file__).name, rounding="chained")
A = d
A("=" * 64)
A("  YZM 412 Derin Öğrenme - Ödev 3, Soru 2: Konumsal Kodlama", nots=["412", "3", "2"])
A("  Çözüm: Elif Kaya (öğrenci no 20190417)", nots=["20190417"])
A("=" * 64)
A("")
A("Soru: \"Bugün hava çok güzel\" cümlesinin 4 kelimesi için d = 6 boyutlu", nots=["4", "6"])
A("sinüs/kosinüs konumsal kodlamayı hesaplayın ve gömmelere ekleyin.")
A("Hocamızın notlarındaki gibi taban 10000 yerine 100 alınacak ve", nots=["10000", "100"])
A("sin ve cos yarıları iç içe değil, ARKA ARKAYA yazılacak:")
A("")
A("    PE(p) = [ sin(p/w_0), sin(p/w_1), sin(p/w_2),")
A("              cos(p/w_0), cos(p/w_1), cos(p/w_2) ]")
A("")
A("    w_i = 100^(2i/6),  i = 0, 1, 2", nots=["100", "6", "0", "1", "2"])
A("")
A("Not: Pozisyonlar 0'dan başlıyor (Bugün = 0, hava = 1, çok = 2,", nots=["0", "0", "1", "2"])
A("güzel = 3). İndisler de 0'dan: PE[p][j], j = 0..5.", nots=["3", "0", "0", "5"])
A("Hesap makinesiyle yaptım; her adımda 4 haneye yuvarlayıp", nots=["4"])
A("yuvarlanmış sayıyla devam ettim.")
A("")
A("-" * 64)
A("1) Frekans bölenleri", nots=["1"])
A("-" * 64)
A("")
for i in range(half):
    exp_txt = f"{2 * i}/6"
    if i == 0:
        A(f"    w_0 = 100^(0/6) = 1", nots=["0", "100", "0", "6", "1"])
    else:
        A(f"    w_{i} = 100^({exp_txt}) = {div[i]}", claims=[(div[i], f"PE.div[{i + 1}]", "correct")],
          nots=[str(i), "100", str(2 * i), "6"])
A("")
A("-" * 64)
A("2) Açılar  p / w_i", nots=["2"])
A("-" * 64)
A("")
A("    p   kelime     p/w_0     p/w_1     p/w_2")
for p in range(4):
    A(f"    {p}   {toks[p]:<8} " + "".join(f"{a:>9} " for a in ang[p]).rstrip(),
      claims=[(ang[p][i], f"PE.angle[{toks[p]}][{i + 1}]", "correct") for i in range(half)],
      nots=[str(p)] if str(p) not in ang[p] else [])
A("")
A(f"Örnek: p = 3 için 3 / {div[1]} = {ang[3][1]}, 3 / {div[2]} = {ang[3][2]}.",
  claims=[(ang[3][1], "PE.angle[güzel][2]", "correct"), (ang[3][2], "PE.angle[güzel][3]", "correct")],
  opts=[div[1], div[2]], nots=["3", "3", "3"])
A("")
A("-" * 64)
A("3) PE tablosu (ilk üç sütun sin, son üç sütun cos)", nots=["3"])
A("-" * 64)
A("")
A("    p   kelime    j=0      j=1      j=2      j=3      j=4      j=5", nots=["0", "1", "2", "3", "4", "5"])
for p in range(4):
    A(f"    {p}   {toks[p]:<8}" + "".join(f"{v:>8} " for v in PE[p]).rstrip(),
      claims=[(PE[p][j], f"PE[{toks[p]}][{j + 1}]", "correct") for j in range(d_model)], nots=[str(p)])
A("")
A(f"Kontrol için birkaç tanesi (0 tabanlı indis): PE[1][3] = cos(1) = {PE[1][3]},", nots=["0", "1", "3", "1"],
  claims=[(PE[1][3], "PE[hava][4]", "correct")])
A(f"PE[2][1] = sin({ang[2][1]}) = {PE[2][1]}, PE[3][5] = cos({ang[3][2]}) = {PE[3][5]}.",
  claims=[(PE[2][1], "PE[çok][2]", "correct"), (PE[3][5], "PE[güzel][6]", "correct")],
  opts=[ang[2][1], ang[3][2]], nots=["2", "1", "3", "5"])
A("Pozisyon 0'ın kodu [0, 0, 0, 1, 1, 1] çıkıyor, beklendiği gibi.",
  claims=[("0", f"PE[Bugün][{j + 1}]", "correct") for j in range(3)] +
  [("1", f"PE[Bugün][{j + 4}]", "correct") for j in range(3)])
A("")
A("-" * 64)
A("4) Gömme + PE", nots=["4"])
A("-" * 64)
A("")
A("Verilen gömmeler (x):")
A("")
for p in range(4):
    A(f"    {toks[p]:<8} [" + ", ".join(f"{v:>5}" for v in Xs[p]) + "]")
A("")
A("x + PE:")
A("")
for p in range(4):
    A(f"    {toks[p]:<8} [" + ", ".join(f"{v:>7}" for v in SUM[p]) + "]",
      claims=[(SUM[p][j], f"x_pe[{toks[p]}][{j + 1}]", "correct") for j in range(d_model)])
A("")
A("Son satırı kontrol: " + " ".join(f"{par(Xs[3][j])}+{par(PE[3][j])}" for j in range(2)) + " ... = "
  f"{SUM[3][0]}, {SUM[3][1]}, ...",
  claims=[(SUM[3][0], "x_pe[güzel][1]", "correct"), (SUM[3][1], "x_pe[güzel][2]", "correct")],
  opts=[Xs[3][0], PE[3][0], Xs[3][1], PE[3][1]])
A("")
A("=" * 64)
A("  (Sayfa 2/2)", nots=["2", "2"])
d.save()
