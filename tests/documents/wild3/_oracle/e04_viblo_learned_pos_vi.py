"""Vietnamese Viblo post (Markdown): learned (not sinusoidal) position embeddings looked up from a table and added to
token embeddings, then one attention head (W_Q, W_K, W_V 4x2) over the 3 tokens 'Tôi đọc sách'."""
from pathlib import Path

import numpy as np

from w3lib import *

toks = ["Tôi", "đọc", "sách"]
ids = [17, 402, 3251]
Es = [["0.3", "-0.5", "0.8", "0.1"], ["-0.2", "0.6", "0.4", "-0.7"], ["0.9", "0.1", "-0.3", "0.5"]]
Ps = [["0.05", "0.12", "-0.08", "0.02"], ["-0.11", "0.07", "0.15", "-0.04"], ["0.09", "-0.13", "0.03", "0.16"]]
WQs = [["0.4", "-0.2"], ["0.1", "0.5"], ["-0.3", "0.6"], ["0.7", "0.2"]]
WKs = [["0.6", "0.3"], ["-0.4", "0.2"], ["0.5", "-0.1"], ["0.2", "0.8"]]
WVs = [["0.2", "0.9"], ["0.8", "-0.3"], ["-0.1", "0.4"], ["0.5", "0.1"]]
E, Pm, WQ, WK, WV = V(Es), V(Ps), V(WQs), V(WKs), V(WVs)
X = [vadd(E[i], Pm[i]) for i in range(3)]
Q, K, Vm = mm(X, WQ), mm(X, WK), mm(X, WV)
S = mm(Q, T(K))
r2 = mpmath.sqrt(2)
Sc = [[v / r2 for v in row] for row in S]
A = [softmax(row) for row in Sc]
O = mm(A, Vm)
Xn = np.array(Es, float) + np.array(Ps, float)
Sn = (Xn @ np.array(WQs, float)) @ (Xn @ np.array(WKs, float)).T / np.sqrt(2)
An = np.exp(Sn) / np.exp(Sn).sum(1, keepdims=True)
np_same(A, An); np_same(O, An @ (Xn @ np.array(WVs, float)))

d = Doc("viblo-learned-pos-vi", "md",
        "Vietnamese Viblo post (Markdown, front matter-less, tables and code blocks): learned position embeddings (a "
        "trained lookup table, not sin/cos) added to token embeddings for 'Tôi đọc sách', then one attention head with "
        "W_Q, W_K, W_V (4x2): Q, K, V, QK^T, /sqrt(2), softmax, output; token ids and table sizes as filler",
        "X = E[token] + P[pos]; softmax(XW_Q (XW_K)^T / sqrt(2)) XW_V", "exact", gen=Path(__file__).name)
add = d.add
add("# Positional Embedding \"học được\" trong Transformer: ví dụ tính tay")
add("")
add("*Bài viết thuộc series Machine Learning cơ bản · 1.2K lượt xem · 14 phút đọc*", nots=["1.2", "14"])
add("")
add("Ở bài trước mình đã nói về positional encoding dạng sin/cos của bài báo gốc. Tuy nhiên BERT và GPT-2 lại dùng "
    "**position embedding học được**: đơn giản là một bảng tra cứu có kích thước `max_len × d_model` (GPT-2: 1024 × 768), "
    "được huấn luyện giống như embedding của từ.", nots=["2", "1024", "768"])
add("")
add("## 1. Embedding của từ và của vị trí")
add("")
add(f"Câu ví dụ: **\"{' '.join(toks)}\"**, sau khi tokenize được các id `{ids}`. Cho $d_{{model}} = 4$.",
    nots=[str(i) for i in ids] + ["4"])
add("")
add("Embedding của từ (lấy ra từ bảng `E`):")
add("")
for ln in md_table(["token", "id", "e1", "e2", "e3", "e4"], [[toks[i], str(ids[i])] + Es[i] for i in range(3)]):
    add(ln, nots=[str(ids[k]) for k in range(3) if f"| {ids[k]} |" in ln])
add("")
add("Embedding của vị trí (hàng 0, 1, 2 của bảng `P`, đã huấn luyện xong):", nots=["0", "1", "2"])
add("")
for ln in md_table(["vị trí", "p1", "p2", "p3", "p4"], [[str(i)] + Ps[i] for i in range(3)]):
    add(ln, nots=[str(k) for k in range(3) if ln.startswith(f"| {k} |")])
add("")
add("## 2. Cộng lại: X = E + P")
add("")
add("Chỉ là phép cộng từng phần tử:")
add("")
add("```")
for i in range(3):
    terms = ", ".join(f"{Es[i][j]}{'+' if not Ps[i][j].startswith('-') else ''}{Ps[i][j]}" for j in range(4))
    add(f"x_{i} = [{terms}]", opts=Es[i] + [p[1:] if p.startswith("-") else p for p in Ps[i]])
    add(f"    = [{', '.join(ex(v) for v in X[i])}]", claims=[(ex(v), f"X[{i}][{j}]", "correct") for j, v in enumerate(X[i])])
add("```")
add("")
add("Chú ý: nếu đổi chỗ hai từ thì E đổi theo nhưng P giữ nguyên, vì vậy mô hình phân biệt được thứ tự.")
add("")
add("## 3. Q, K, V")
add("")
for nm, Ms in (("W_Q", WQs), ("W_K", WKs), ("W_V", WVs)):
    add(f"${nm} = " + "\\begin{bmatrix}" + " \\\\ ".join(" & ".join(v for v in row) for row in Ms) + "\\end{bmatrix}$")
    add("")
for ln in md_table(["", "Q", "K", "V"], [[toks[i]] + [f"[{r(Mx[i][0], 4)}, {r(Mx[i][1], 4)}]" for Mx in (Q, K, Vm)] for i in range(3)]):
    i = next((k for k in range(3) if ln.startswith(f"| {toks[k]} |")), None)
    add(ln, claims=[] if i is None else [(r(Mx[i][c], 4), f"{nm}[{i}][{c}]", "correct") for nm, Mx in (("Q", Q), ("K", K), ("V", Vm)) for c in range(2)])
add("")
add("## 4. Điểm attention")
add("")
add("$QK^T$ (hàng là query, cột là key):")
add("")
add("```")
add("        " + "".join(f"{t:>9}" for t in toks))
for i in range(3):
    add(f"{toks[i]:<8}" + "".join(f"{r(v, 4):>9}" for v in S[i]), claims=[(r(v, 4), f"S[{i}][{j}]", "correct") for j, v in enumerate(S[i])])
add("```")
add("")
add(f"Chia cho $\\sqrt{{d_k}} = \\sqrt 2 \\approx {r(r2, 4)}$ rồi softmax theo hàng:", claims=[(r(r2, 4), "sqrt(2)", "correct")], nots=["2"])
add("")
for ln in md_table(["query", "điểm / √2", "trọng số softmax"],
                   [[toks[i], ", ".join(r(v, 4) for v in Sc[i]), ", ".join(r(v, 4) for v in A[i])] for i in range(3)]):
    i = next((k for k in range(3) if ln.startswith(f"| {toks[k]} |")), None)
    add(ln, claims=[] if i is None else [(r(v, 4), f"S/sqrt2[{i}][{j}]", "correct") for j, v in enumerate(Sc[i])]
        + [(r(v, 4), f"A[{i}][{j}]", "correct") for j, v in enumerate(A[i])], nots=["2"] if "√2" in ln else [])
add("")
add("Mỗi hàng cộng lại bằng 1.", nots=["1"])
add("")
add("## 5. Đầu ra")
add("")
add("$Z = AV$:")
add("")
add("```")
for i in range(3):
    add(f"z_{i} ({toks[i]}) = [{r(O[i][0], 4)}, {r(O[i][1], 4)}]", claims=[(r(O[i][c], 4), f"Z[{i}][{c}]", "correct") for c in range(2)],
        nots=[str(i)])
add("```")
add("")
add("Vậy là xong! Ở bài sau mình sẽ so sánh với RoPE (LLaMA) và ALiBi. Nếu thấy hay hãy upvote và follow nhé 🙏")
d.write()
