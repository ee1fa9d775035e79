"""Vietnamese Viblo post: self-attention over tôi, yêu, mèo (d_model 4 -> d_k 2, / sqrt(2)) in TensorFlow, every
step shown as `print(t)` -> `tf.Tensor(\n[[…]], shape=(3, 2), dtype=float32)` under np.set_printoptions(precision=4,
suppress=True), then the weights and output re-checked in the Julia REPL (`3×3 Matrix{Float64}:`, 6 significant
digits). Exact rounding."""
from pathlib import Path

from w12lib import *

toks = ["tôi", "yêu", "mèo"]
Xs = [["0.5", "1.0", "0.2", "0.3"], ["0.9", "0.4", "0.7", "0.1"], ["0.2", "0.6", "0.8", "1.0"]]
Wqs = [["0.3", "0.7"], ["0.6", "0.2"], ["0.1", "0.5"], ["0.4", "0.3"]]
Wks = [["0.8", "0.1"], ["0.2", "0.5"], ["0.6", "0.3"], ["0.1", "0.7"]]
Wvs = [["0.2", "0.9"], ["0.7", "0.3"], ["0.4", "0.6"], ["0.5", "0.1"]]
a = attention(Xs, Wqs, Wks, Wvs)

d = Doc("viblo-tf-julia-vi", "md",
        "Vietnamese Viblo post: self-attention over tôi, yêu, mèo with Wq/Wk/Wv 4 -> 2, / sqrt(2) in TensorFlow "
        "(tf.Tensor prints, float32, precision 4) and the weights and output re-checked in Julia (Matrix{Float64} display)",
        "attention with Wq, Wk, Wv (4 -> 2), scaled by sqrt(2), over the tokens tôi, yêu, mèo", script=Path(__file__).name)
A = d


def tf(name, qn):
    lines, cells = tf_print([[float(v) for v in r] for r in a[name]], a[name])
    put(d, lines, list(range(1, len(lines))), cells, qn, toks)
    return cells


A("# Tự tay tính Self-Attention với TensorFlow (và kiểm tra lại bằng Julia)")
A("")
A("**Nguyễn Minh Khoa** · Đã đăng vào thg 3 9, 2024 9:12 SA · 6 phút đọc", nots=["3", "9", "2024", "6"])
A("")
A("👁 1.3K · 📎 27 · 💬 4", nots=["1.3", "27", "4"])
A("")
A("## Mở đầu")
A("")
A("Trong bài trước mình đã nói về công thức softmax(QKᵀ/√d_k)V. Bài này mình chạy thử từng bước trên một câu "
  "ba từ *tôi yêu mèo*, embedding 4 chiều, d_k = 2 để số liệu in ra đủ ngắn mà đọc được. "
  "(Với mô hình thật thì d_model = 512, d_k = 64.)", nots=["4", "2", "512", "64"])
A("")
A("## Dữ liệu đầu vào")
A("")
A("```python")
A("import numpy as np")
A("import tensorflow as tf   # 2.15.0", nots=["2.15.0"])
A("np.set_printoptions(precision=4, suppress=True)")
A("")
A("# mỗi hàng: tôi, yêu, mèo")
A("X = tf.constant(" + str([[float(v) for v in r] for r in Xs]) + ")")
for nm, M in (("W_q", Wqs), ("W_k", Wks), ("W_v", Wvs)):
    A(f"{nm} = tf.constant(" + str([[float(v) for v in r] for r in M]) + ")")
A("```")
A("")
A("## Bước 1: Q, K, V")
A("")
A("```python")
A("Q = tf.matmul(X, W_q); print(Q)")
A("K = tf.matmul(X, W_k); print(K)")
A("V = tf.matmul(X, W_v); print(V)")
A("```")
A("")
A("```")
tf("Q", "Q"); tf("K", "K"); tf("V", "V")
A("```")
A("")
A("## Bước 2: điểm số và chia cho √d_k")
A("")
A("```python")
A("scores = tf.matmul(Q, K, transpose_b=True)")
A("print(scores)")
A("scaled = scores / tf.math.sqrt(2.0)")
A("print(scaled)")
A("```")
A("")
A("```")
tf("S", "scores"); tf("Sc", "scaled")
A("```")
A("")
A("## Bước 3: softmax và đầu ra")
A("")
A("```python")
A("weights = tf.nn.softmax(scaled, axis=-1)")
A("print(weights)")
A("out = tf.matmul(weights, V)")
A("print(out)")
A("print(out.shape)")
A("```")
A("")
A("```")
cw = tf("W", "weights"); tf("C", "context")
A("(3, 2)", nots=["3", "2"])
A("```")
A("")
A(f"Hàng của *yêu*: {cw[1][0]} + {cw[1][1]} + {cw[1][2]} cộng lại bằng 1, đúng như mong đợi.",
  claims=[(cw[1][k], f"weights[yêu,{toks[k]}]", "correct") for k in range(3)], nots=["1"])
A("")
A("## Kiểm tra lại bằng Julia")
A("")
A("Mình hay kiểm tra lại bằng Julia vì nó in số với nhiều chữ số hơn (Float64):")
A("")
A("```julia")
A("julia> softmaxrows(S) = exp.(S) ./ sum(exp.(S), dims=2)")
A("softmaxrows (generic function with 1 method)", nots=["1"])
A("")
A("julia> W = softmaxrows(Q * K' / sqrt(2))")
lines, cells = julia_matrix(a["W"])
put(d, lines, list(range(1, len(lines))), cells, "weights", toks)
A("")
A("julia> W * V")
lines, cells = julia_matrix(a["C"])
put(d, lines, list(range(1, len(lines))), cells, "context", toks, nots_at={0: ["3", "2"]})
A("```")
A("")
A("Hai bên khớp nhau đến chữ số thứ tư; phần sai khác sau đó là do TensorFlow dùng float32.")
A("")
A("## Tài liệu tham khảo")
A("")
A("1. Vaswani et al. (2017), *Attention Is All You Need*.", nots=["1", "2017"])
d.save()
