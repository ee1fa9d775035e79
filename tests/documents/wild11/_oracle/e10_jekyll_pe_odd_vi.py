"""Vietnamese Jekyll (GitHub Pages) post: front matter with layout/categories/mathjax/toc, "Mục lục", `**Lưu ý:**`
remarks, "Tham khảo". Sinusoidal positional encoding with an odd d_model = 5, interleaved (sin on even, cos on odd
components, 0-based, said so; the last component is a sine with no cosine partner), base 10000, positions 0..3
(tôi, đi, học, về): the divisors 10000^(2i/5), the angles pos / divisor (6 decimals), the encodings (4 decimals),
then x + PE. Chained: each angle from the printed divisor, each encoding from the printed angle, x + PE from the
printed encoding."""
from pathlib import Path

from w11lib import *

toks = ["tôi", "đi", "học", "về"]
D = 5
Xs = [["0.20", "-0.10", "0.50", "0.30", "-0.40"], ["0.60", "0.20", "-0.30", "0.10", "0.70"],
      ["-0.20", "0.40", "0.10", "-0.50", "0.30"], ["0.10", "0.80", "0.40", "0.20", "-0.10"]]
nfreq = 3
div = [mpf(10000) ** (mpf(2 * i) / D) for i in range(nfreq)]
div_t = [lit(div[0])] + [rnd(v, 4) for v in div[1:]]
ang_t = [[rnd(mpf(p) / mpf(div_t[i]), 6) for i in range(nfreq)]
         for p in range(4)]


def pe_of(angles):
    out = []
    for m in range(D):
        th = mpf(angles[m // 2])
        out.append(mpmath.sin(th) if m % 2 == 0 else mpmath.cos(th))
    return out


pe_t = [[rnd(v, 4) for v in pe_of(ang_t[p])] for p in range(4)]
xpe_t = [[rnd(mpf(x) + mpf(e), 4) for x, e in zip(Xs[p], pe_t[p])] for p in range(4)]
# exact PE and float64, to stay close
pe_exact = [[(mpmath.sin if m % 2 == 0 else mpmath.cos)(mpf(p) / div[m // 2]) for m in range(D)] for p in range(4)]
pos = np.arange(4)[:, None]
i2 = np.array([0, 0, 2, 2, 4])
pen = np.where(np.arange(D) % 2 == 0, np.sin(pos / 10000 ** (i2 / D)), np.cos(pos / 10000 ** (i2 / D)))
agree(pe_exact, pen)
chain_close(pe_t, pe_exact, units=2)

d = Doc("jekyll-pe-odd-vi", "md",
        "Vietnamese Jekyll post: sinusoidal PE with odd d_model = 5, interleaved sin/cos, base 10000, positions 0-3; "
        "divisors, angles to 6 decimals, encodings to 4 decimals, then x + PE, each from the printed numbers",
        "sinusoidal positional encoding, d_model 5, base 10000, interleaved (sin even / cos odd components, 0-based), "
        "positions 0..3 for tôi, đi, học, về; then x + PE",
        script=Path(__file__).name, rounding="chained")
A = d
A("---")
A("layout: post")
A("title: \"Positional Encoding khi d_model là số lẻ\"")
A("date: 2024-09-02 21:15:00 +0700", nots=["2024-09-02", "21:15:00", "0700"])
A("categories: [Deep Learning, Transformer]")
A("tags: [positional-encoding, transformer, tiếng-việt]")
A("mathjax: true")
A("toc: true")
A("---")
A("")
A("## Mục lục")
A("1. [Công thức](#cong-thuc)", nots=["1"])
A("2. [Tính tay với d_model = 5](#tinh-tay)", nots=["2", "5"])
A("3. [Cộng vào embedding](#cong-vao)", nots=["3"])
A("")
A("Hầu hết các bài viết đều lấy d_model chẵn (bài báo gốc dùng 512). Một bạn đọc hỏi mình: *nếu d_model lẻ thì "
  "sao?* Bài này tính tay cho trường hợp d_model = 5.", nots=["512", "5"])
A("")
A('<a name="cong-thuc"></a>')
A("## 1. Công thức")
A("")
A("$$PE_{(pos, 2i)} = \\sin\\left(\\frac{pos}{10000^{2i/d}}\\right), \\quad "
  "PE_{(pos, 2i+1)} = \\cos\\left(\\frac{pos}{10000^{2i/d}}\\right)$$")
A("")
A("**Lưu ý:** mình dùng kiểu **xen kẽ** (thành phần chẵn là sin, lẻ là cos, đánh số từ 0), không phải kiểu "
  "ghép nửa sin rồi nửa cos. Với d = 5 có 3 tần số (i = 0, 1, 2); thành phần cuối (chỉ số 4) chỉ có sin, "
  "không có cos đi kèm.", nots=["0", "5", "3", "0", "1", "2", "4"])
A("")
A('<a name="tinh-tay"></a>')
A("## 2. Tính tay với d_model = 5", nots=["5"])
A("")
A("Mẫu số của từng tần số:")
A("")
for i in range(nfreq):
    expo = f"{2 * i}/5"
    if i == 0:
        A(f"- i = 0: 10000^(0/5) = {div_t[0]}", claims=[(div_t[0], "PE.div[1]", "correct")], nots=["0", "0/5", "10000"])
    else:
        A(f"- i = {i}: 10000^({expo}) = 10000^{trim(str(mpf(2 * i) / D))[:3]} ≈ {div_t[i]}",
          claims=[(div_t[i], f"PE.div[{i + 1}]", "correct")], nots=[str(i), "10000", expo])
A("")
A("Góc = vị trí / mẫu số (làm tròn 6 chữ số thập phân):")
A("")
A("| vị trí | từ | i = 0 | i = 1 | i = 2 |", nots=["0", "1", "2"])
A("|---|---|---|---|---|")
for p, t in enumerate(toks):
    A(f"| {p} | {t} | " + " | ".join(ang_t[p]) + " |",
      claims=[(s, f"PE.angle[{t}][{i + 1}]", "correct") for i, s in enumerate(ang_t[p])], nots=[str(p)])
A("")
A(f"Ví dụ ở vị trí 2: sin(2) = {pe_t[2][0]}, cos(2) = {pe_t[2][1]}, sin({ang_t[2][1]}) = {pe_t[2][2]}.",
  claims=[(pe_t[2][0], "PE[học][1]", "correct"), (pe_t[2][1], "PE[học][2]", "correct"),
          (pe_t[2][2], "PE[học][3]", "correct")], opts=[ang_t[2][1], "2", "2", "2"])
A("")
A("Bảng PE (4 chữ số thập phân):", nots=["4"])
A("")
A("| vị trí | từ | PE₀ | PE₁ | PE₂ | PE₃ | PE₄ |", nots=[])
A("|---|---|---|---|---|---|---|")
for p, t in enumerate(toks):
    A(f"| {p} | {t} | " + " | ".join(pe_t[p]) + " |",
      claims=[(s, f"PE[{t}][{m + 1}]", "correct") for m, s in enumerate(pe_t[p])], nots=[str(p)])
A("")
A("Để ý cột PE₄: góc rất nhỏ nên sin gần như bằng chính góc.")
A("")
A('<a name="cong-vao"></a>')
A("## 3. Cộng vào embedding")
A("")
A("Embedding (tự chọn, 5 chiều):", nots=["5"])
A("")
A("| từ | embedding |")
A("|---|---|")
for t, r in zip(toks, Xs):
    A(f"| {t} | ({', '.join(r)}) |")
A("")
A(f"Ví dụ với *đi*: ({', '.join(Xs[1])}) + ({', '.join(pe_t[1])}) = ({', '.join(xpe_t[1])})",
  claims=[(s, f"x_pe[đi][{m + 1}]", "correct") for m, s in enumerate(xpe_t[1])], opts=pe_t[1] + Xs[1])
A("")
A("| từ | x + PE |")
A("|---|---|")
for p, t in enumerate(toks):
    A(f"| {t} | ({', '.join(xpe_t[p])}) |", claims=[(s, f"x_pe[{t}][{m + 1}]", "correct") for m, s in enumerate(xpe_t[p])])
A("")
A("**Lưu ý:** trong PyTorch, code mẫu hay gặp `pe[:, 0::2] = torch.sin(...)` và `pe[:, 1::2] = torch.cos(...)` "
  "sẽ lỗi kích thước khi d_model lẻ, vì có 3 cột sin nhưng chỉ 2 cột cos.", nots=["0", "2", "1", "2", "3", "2"])
A("")
A("## Tham khảo")
A("")
A("- Vaswani et al. (2017), *Attention Is All You Need*, mục 3.5.", nots=["2017", "3.5"])
d.save()
