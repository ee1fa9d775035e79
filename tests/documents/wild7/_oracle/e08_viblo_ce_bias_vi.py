"""Vietnamese Viblo post (author line with 'Đã đăng vào thg …', reading time, views, tags, Markdown tables, $$ math,
a numpy block and its printed output at numpy's default precision): logits z = hW + b over a 3-word vocabulary,
softmax, cross-entropy of the target word, dL/dz = p - y, dL/db = p - y, one SGD update of the bias (eta = 0.1)
and the new logits, probabilities and loss."""
from pathlib import Path

from w7lib import *

vocab = ["mèo", "chó", "cá"]
tgt = 2
hs = ["0.5", "-1.0"]
Ws = [["0.8", "-0.3", "0.4"], ["0.2", "0.6", "-0.9"]]
bs = ["0.1", "0.0", "-0.2"]
ETA = mpf("0.1")
h, W, b = mat(hs), mat(Ws), mat(bs)
z = [dot(h, [W[0][j], W[1][j]]) + b[j] for j in range(3)]
p = softmax(z)
Ls = -mpmath.log(p[tgt])
g = [p[j] - (1 if j == tgt else 0) for j in range(3)]
b1 = [b[j] - ETA * g[j] for j in range(3)]
z1 = [z[j] - ETA * g[j] for j in range(3)]
p1 = softmax(z1)
L1 = -mpmath.log(p1[tgt])
hn, Wn, bn = np.array(hs, float), np.array(Ws, float), np.array(bs, float)
zn = hn @ Wn + bn; pn = np.exp(zn) / np.exp(zn).sum(); gn = pn - np.eye(3)[tgt]
z1n = hn @ Wn + (bn - 0.1 * gn); p1n = np.exp(z1n) / np.exp(z1n).sum()
agree(z, zn); agree(p, pn); agree(g, gn); agree(p1, p1n); agree([L1], [-np.log(p1n[tgt])])
F = lambda v: rnd(v, 4)

d = Doc("viblo-ce-bias-vi", "md",
        "Vietnamese Viblo post (author/date line, reading time, views, tags, Markdown tables, $$ math, a numpy block "
        "with default-precision printed output): logits over a 3-word vocabulary from h W + b, softmax, "
        "cross-entropy of the target 'cá', dL/dz = p - y = dL/db, one SGD step on the bias (eta 0.1), new logits, "
        "probabilities and loss",
        "output layer logits = h W + b over [mèo, chó, cá], softmax, cross-entropy with target cá; SGD on b only, "
        "eta 0.1",
        script=Path(__file__).name)
A = d
A("# Tính tay Cross-Entropy và gradient theo bias: một ví dụ 3 từ")
A("")
A("**Nguyễn Minh Khoa** @khoanm · Đã đăng vào thg 8 14, 2023 9:12 SA · 6 phút đọc", nots=["8", "14", "2023", "6"])
A("")
A("👁 1.2K · 🔖 18 · 💬 3", nots=["1.2", "18", "3"])
A("")
A("---")
A("")
A("## Bài toán")
A("")
A("Ở bước cuối của một mô hình ngôn ngữ, vector ẩn $h$ của vị trí cuối được nhân với ma trận $W$ và cộng bias $b$ để "
  "ra **logits** cho từng từ trong từ điển. Từ điển ở đây chỉ có 3 từ: *mèo*, *chó*, *cá*. Câu là "
  "\"con mèo thích ăn ...\" và từ đúng tiếp theo là **cá**.", nots=["3"])
A("")
A(f"$$h = \\begin{{bmatrix}} {' & '.join(hs)} \\end{{bmatrix}}, \\quad "
  f"W = \\begin{{bmatrix}} {' & '.join(Ws[0])} \\\\ {' & '.join(Ws[1])} \\end{{bmatrix}}, \\quad "
  f"b = \\begin{{bmatrix}} {' & '.join(bs)} \\end{{bmatrix}}$$")
A("")
A("## 1. Logits")
A("")
A("$z_j = h_1 W_{1j} + h_2 W_{2j} + b_j$:", nots=["1", "2"])
A("")
for j in range(3):
    A(f"- $z_{{\\text{{{vocab[j]}}}}} = {hs[0]} \\cdot {par(Ws[0][j])} + ({hs[1]}) \\cdot {par(Ws[1][j])} + {par(bs[j])} "
      f"= {lit(z[j])}$", claims=[(lit(z[j]), f"logits[{vocab[j]}]", "correct")],
      opts=hs + [Ws[0][j], Ws[1][j], bs[j]])
A("")
A("## 2. Softmax và loss")
A("")
A("| Từ | $z$ | $e^z$ | $p$ |")
A("|:--|--:|--:|--:|")
ez = [mpmath.exp(v) for v in z]
for j in range(3):
    A(f"| {vocab[j]} | {lit(z[j])} | {F(ez[j])} | {F(p[j])} |",
      claims=[(lit(z[j]), f"logits[{vocab[j]}]", "correct"), (F(ez[j]), f"exp_logits[{vocab[j]}]", "correct"),
              (F(p[j]), f"probs[{vocab[j]}]", "correct")])
A(f"| **Tổng** | | {F(mpmath.fsum(ez))} | 1 |", claims=[(F(mpmath.fsum(ez)), "exp_logits_sum", "correct")], opts=["1"])
A("")
A(f"$$L = -\\log p_{{\\text{{cá}}}} = -\\log({F(p[tgt])}) = {F(Ls)}$$",
  claims=[(F(p[tgt]), "probs[cá]", "correct"), (F(Ls), "loss", "correct")])
A("")
A(f"> 💡 Mô hình chỉ cho *cá* khoảng {rnd(100 * p[tgt], 1)}% nên loss khá lớn.",
  claims=[(rnd(100 * p[tgt], 1) + "%", "probs[cá]", "correct")])
A("")
A("## 3. Gradient")
A("")
A("Kết hợp softmax với cross-entropy cho công thức rất gọn: $\\dfrac{\\partial L}{\\partial z_j} = p_j - y_j$, với "
  "$y = (0, 0, 1)$ là one-hot của *cá*. Vì $z = hW + b$ nên $\\dfrac{\\partial L}{\\partial b_j}$ cũng chính bằng "
  "$p_j - y_j$.", nots=["0", "1"])
A("")
A("| Từ | $p$ | $y$ | $\\partial L/\\partial b = p - y$ |")
A("|:--|--:|--:|--:|")
for j in range(3):
    A(f"| {vocab[j]} | {F(p[j])} | {1 if j == tgt else 0} | {F(g[j])} |",
      claims=[(F(p[j]), f"probs[{vocab[j]}]", "correct"), (F(g[j]), f"grad.b[{vocab[j]}]", "correct")],
      nots=[str(1 if j == tgt else 0)])
A("")
A("Tổng ba gradient bằng 0 (vì tổng $p$ bằng 1).", nots=["0", "1"])
A("")
A("## 4. Cập nhật bias bằng SGD")
A("")
A(f"Với learning rate $\\eta = {lit(ETA)}$: $b_j \\leftarrow b_j - \\eta\\,(p_j - y_j)$.", nots=[lit(ETA)])
A("")
for j in range(3):
    A(f"- $b_{{\\text{{{vocab[j]}}}}} = {bs[j]} - {lit(ETA)} \\times ({F(g[j])}) = {F(b1[j])}$",
      claims=[(F(b1[j]), f"step1.b[{vocab[j]}]", "correct")], opts=[bs[j], lit(ETA), F(g[j])])
A("")
A("Logits mới (chỉ bias thay đổi nên $z' = z - \\eta(p - y)$):")
A("")
A("| Từ | $z'$ | $p'$ |")
A("|:--|--:|--:|")
for j in range(3):
    A(f"| {vocab[j]} | {F(z1[j])} | {F(p1[j])} |",
      claims=[(F(z1[j]), f"step1.logits[{vocab[j]}]", "correct"), (F(p1[j]), f"step1.probs[{vocab[j]}]", "correct")])
A("")
A(f"Loss mới: $L' = -\\log({F(p1[tgt])}) = {F(L1)}$, giảm so với {F(Ls)}. Một bước nhỏ nhưng đúng hướng.",
  claims=[(F(p1[tgt]), "step1.probs[cá]", "correct"), (F(L1), "step1.loss", "correct"), (F(Ls), "loss", "correct")])
A("")
A("## 5. Kiểm tra bằng NumPy")
A("")
A("```python")
A("import numpy as np")
A(f"h = np.array([{', '.join(hs)}])")
A(f"W = np.array([[{', '.join(Ws[0])}], [{', '.join(Ws[1])}]])")
A(f"b = np.array([{', '.join(bs)}])")
A("z = h @ W + b")
A("p = np.exp(z) / np.exp(z).sum()")
A("grad_b = p - np.array([0, 0, 1])", nots=["0", "1"])
A("b_new = b - 0.1 * grad_b", nots=["0.1"])
A("z_new = h @ W + b_new")
A("p_new = np.exp(z_new) / np.exp(z_new).sum()")
A("print(p)")
A("print(grad_b)")
A("print(p_new, -np.log(p_new[2]))", nots=["2"])
A("```")
A("")
A("```")
pl, pv = np_print(pn, p)
A(pl[0], claims=[(pv[j], f"probs[{vocab[j]}]", "correct") for j in range(3)])
gl, gv = np_print(gn, g)
A(gl[0], claims=[(gv[j], f"grad.b[{vocab[j]}]", "correct") for j in range(3)])
p1l, p1v = np_print(p1n, p1)
lstr = repr(float(-np.log(p1n[tgt])))
assert Decimal(lstr).quantize(Decimal(1).scaleb(-(len(lstr.split('.')[1]) - 1))) == Decimal(
    rnd(L1, len(lstr.split('.')[1]) - 1, guard=1e-15))
A(p1l[0] + " " + lstr, claims=[(p1v[j], f"step1.probs[{vocab[j]}]", "correct") for j in range(3)] +
  [(lstr, "step1.loss", "correct")])
A("```")
A("")
A("Kết quả khớp với bảng ở trên. Bài sau mình sẽ tính tiếp gradient theo $W$ và theo $h$.")
A("")
A("#deeplearning #nlp #crossentropy #backpropagation")
d.save()
