"""Vietnamese Substack newsletter post copied as Markdown: publication name, title and subtitle, author and date,
"Đăng ký" button text, like/comment/restack counts, footnotes [1] [2], a "Cảm ơn bạn đã đọc" subscribe box. The output
layer alone: the last hidden state h of the token *yêu* times the unembedding matrix W_U (3 x 4) over the vocabulary
tôi, yêu, mèo, chó, the logits, e^z, their sum, the softmax probabilities and the cross-entropy of the true next word
mèo; filler: temperature 0.7 and top-k 40 named but not used, vocab size 32000. 4 decimals. Exact rounding."""
from pathlib import Path

from w16lib import *

vocab = ["tôi", "yêu", "mèo", "chó"]
hs = ["0.8", "-0.3", "0.5"]
Wus = [["0.6", "-0.2", "0.9", "0.4"], ["0.1", "0.7", "-0.5", "0.3"], ["-0.4", "0.2", "0.8", "0.6"]]
h, Wu = mat(hs), mat(Wus)
z = vm(h, Wu)
e = [mpmath.exp(x) for x in z]
Z = mpmath.fsum(e)
p = [x / Z for x in e]
loss = -mpmath.log(p[2])
zn = np.array(hs, float) @ np.array(Wus, float)
pn = np.exp(zn) / np.exp(zn).sum()
agree(z, zn); agree(p, pn); agree([loss], [-np.log(pn[2])])

d = Doc("substack-logits-vi", "md",
        "Vietnamese Substack post: output layer alone, hidden state of yêu times W_U over tôi, yêu, mèo, chó; logits, "
        "e^z, sum, probabilities, cross-entropy of mèo; temperature/top-k/vocab filler; 4 decimals",
        "output layer: h (yêu) times W_U (3 x 4) over the vocabulary tôi, yêu, mèo, chó, softmax, cross-entropy of mèo",
        script=Path(__file__).name)
A = d
A("**Góc Học Máy**")
A("")
A("# Từ vector đến từ tiếp theo: lớp đầu ra tính bằng tay")
A("")
A("### Số thứ 12 của chuỗi \"Transformer không khó\": logits, softmax và hàm mất mát", nots=["12"])
A("")
A("[Trần Minh Châu](https://gochocmay.substack.com/@tranminhchau)")
A("")
A("14 thg 7, 2024", nots=["14", "7", "2024"])
A("")
A("Đăng ký")
A("")
A("Ở số trước, chúng ta dừng lại ở vector ẩn cuối cùng của câu *tôi yêu …*. Hôm nay ta biến vector đó thành "
  "xác suất cho từ tiếp theo. Từ vựng đồ chơi chỉ có 4 từ (mô hình thật có khoảng 32000 từ [1]).", nots=["4", "32000", "1"])
A("")
A("## Dữ liệu")
A("")
A(f"Vector ẩn của vị trí *yêu*: h = ({', '.join(hs)})")
A("")
A("Ma trận đầu ra W_U (mỗi cột là một từ):")
A("")
A("| | tôi | yêu | mèo | chó |")
A("|---|---|---|---|---|")
for k, r in enumerate(Wus):
    A(f"| h{k + 1} | " + " | ".join(r) + " |")
A("")
A("## Bước 1: logits")
A("")
A("Mỗi logit là tích vô hướng của h với một cột, ví dụ cho *mèo*:")
A("")
A(f"z(mèo) = 0.8×0.9 + (−0.3)×(−0.5) + 0.5×0.8 = {lit(z[2])}",
  claims=[(lit(z[2]), "logits[yêu][mèo]", "correct")], opts=["0.8", "0.9", "-0.3", "-0.5", "0.5", "0.8"])
A("")
A("| từ | logit z | e^z | xác suất |")
A("|---|---|---|---|")
for j, w in enumerate(vocab):
    zs, es, ps = lit(z[j]), rnd(e[j], 4), rnd(p[j], 4)
    A(f"| {w} | {zs} | {es} | {ps} |",
      claims=[(zs, f"logits[yêu][{w}]", "correct"), (es, f"exp.logits[yêu][{w}]", "correct"),
              (ps, f"probs[yêu][{w}]", "correct")])
A(f"| **tổng** | | {rnd(Z, 4)} | 1 |", claims=[(rnd(Z, 4), "expsum.logits[yêu]", "correct")], nots=["1"])
A("")
A(f"Ví dụ: p(mèo) = {rnd(e[2], 4)} / {rnd(Z, 4)} ≈ {rnd(p[2], 4)}, tức khoảng {rnd(100 * p[2], 1)}%.",
  claims=[(rnd(p[2], 4), "probs[yêu][mèo]", "correct"), (rnd(100 * p[2], 1), "probs[yêu][mèo]", "correct")],
  opts=[rnd(e[2], 4), rnd(Z, 4)])
A("")
A("## Bước 2: hàm mất mát")
A("")
A("Từ đúng tiếp theo là *mèo*, nên cross-entropy là")
A("")
A(f"$$ L = -\\ln p(\\text{{mèo}}) = -\\ln {rnd(p[2], 4)} = {rnd(loss, 4)} $$",
  claims=[(rnd(loss, 4), "loss", "correct")], opts=[rnd(p[2], 4)])
A("")
A("Nếu mô hình đoán hoàn hảo (p = 1) thì L = 0.", nots=["1", "0"])
A("")
A("## Ghi chú về sinh văn bản")
A("")
A("Khi sinh văn bản người ta thường chia logits cho nhiệt độ, chẳng hạn T = 0.7, rồi chỉ giữ top-k = 40 từ [2]. "
  "Với từ vựng 4 từ thì điều đó không có ý nghĩa, nên hôm nay ta bỏ qua.", nots=["0.7", "40", "2", "4"])
A("")
A("---")
A("")
A("[1] Kích thước từ vựng của LLaMA là 32000.", nots=["1", "32000"])
A("")
A("[2] Holtzman et al., 2020.", nots=["2", "2020"])
A("")
A("*Cảm ơn bạn đã đọc Góc Học Máy! Đăng ký miễn phí để nhận số tiếp theo.*")
A("")
A("❤️ 23 · 💬 4 · 🔁 2", nots=["23", "4", "2"])
d.save()
