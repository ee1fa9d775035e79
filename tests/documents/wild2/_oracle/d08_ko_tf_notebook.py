"""Korean Colab-style TensorFlow notebook: tf.Tensor(...) prints (shape=(3, 3), dtype=float32), scaled dot-product
attention with projections, float32 values printed first in numpy's default float32 style, then with precision=4."""
from pathlib import Path

import numpy as np

from w2lib import *

toks = ["나는", "너를", "좋아해"]
Xs = [["1.0", "0.5", "-0.5", "0.0"], ["0.0", "1.0", "0.5", "1.5"], ["-1.0", "0.5", "1.0", "0.5"]]
WQs = [["0.5", "0.25"], ["-0.25", "0.5"], ["0.75", "0.0"], ["0.25", "-0.5"]]
WKs = [["0.25", "0.5"], ["0.5", "-0.25"], ["0.0", "0.75"], ["-0.5", "0.25"]]
WVs = [["1.0", "0.0"], ["0.5", "0.5"], ["0.0", "1.0"], ["-0.5", "0.25"]]
X, WQ, WK, WV = M(Xs), M(WQs), M(WKs), M(WVs)
Q, K, V = matmul(X, WQ), matmul(X, WK), matmul(X, WV)
S = matmul(Q, tr(K))
Sc = [[v / mpmath.sqrt(2) for v in r] for r in S]
A = [smax(r) for r in Sc]
O = matmul(A, V)
f32 = np.float32
Xn, WQn, WKn, WVn = (np.array(m, dtype=f32) for m in (Xs, WQs, WKs, WVs))
Qn, Kn, Vn = Xn @ WQn, Xn @ WKn, Xn @ WVn
Sn = Qn @ Kn.T
Scn = Sn / np.sqrt(f32(2))
En = np.exp(Scn - Scn.max(-1, keepdims=True)); An = En / En.sum(-1, keepdims=True)
On = An @ Vn
np_same(A, An.astype(float), tol=1e-6); np_same(O, On.astype(float), tol=1e-6)
for Mx, Mn in ((Q, Qn), (K, Kn), (V, Vn), (S, Sn)):
    assert all(mpf(float(Mn[i][j])) == Mx[i][j] for i in range(len(Mx)) for j in range(len(Mx[0])))  # exact in float32

d = Doc("colab-tf-attention-ko", "ipynb",
        "Korean Colab notebook (TensorFlow 2, nbformat 4 with outputs): X (3x4) and 4x2 projection weights given as "
        "tf.constant, Q/K/V and the raw scores printed as tf.Tensor(...) in numpy's float32 style (exact binary "
        "fractions), then np.set_printoptions(precision=4) and the scaled scores, tf.nn.softmax weights, a reduce_sum "
        "check, and the output as an EagerTensor repr; Korean markdown explains each step",
        "softmax(Q K^T / sqrt(2)) V, Q = X W_Q, K = X W_K, V = X W_V", "exact",
        note="float32 run: Q, K, V and the scores are exact in float32 and printed in shortest form (trailing zeros "
             "dropped, '0.' style integers); later values printed to 4 decimals with no value near a rounding tie; "
             "the reduce_sum row of ones is filler; lines are lines of the .ipynb JSON file",
        gen=Path(__file__).name)
nb = Notebook(d)
nb.kernelspec = {"display_name": "Python 3", "name": "python3"}
nb.language_info = {"name": "python"}


def tfstr(a, shape):
    body = str(a).split("\n")
    out = ["tf.Tensor("] + body
    out[-1] = out[-1] + f", shape={shape}, dtype=float32)"
    return out


def tfrepr(a, shape):
    body = repr(a).split("\n")
    return [f"<tf.Tensor: shape={shape}, dtype=float32, numpy="] + body[:-1] + [body[-1] + ">"]


def attach(lines, Mx, qty, guard=mpf("2e-3")):
    out = []
    i = 0
    for ln in lines:
        core = ln.split("numpy=")[-1].split(", shape=")[0].split(", dtype=")[0].replace("array(", "")
        tk = line_tokens(core)
        if not tk or ln.startswith("tf.Tensor(") or ln.startswith("<tf.Tensor"):
            out.append((ln, (), line_tokens(ln)))
            continue
        assert len(tk) == len(Mx[i]), (ln, tk)
        for j, t in enumerate(tk):
            check(t, Mx[i][j], guard=guard)
        nots = [t for t in line_tokens(ln)[len(tk):]] if ", shape=" in ln else []
        out.append((ln, [(t, qty(i, j), "correct") for j, t in enumerate(tk)], nots))
        i += 1
    assert i == len(Mx)
    return out


nb.md(["# 셀프 어텐션 직접 계산해 보기 (TensorFlow)", "",
       "지난 포스팅에서 수식으로만 본 Scaled Dot-Product Attention을 이번에는 텐서플로로 하나씩 찍어 보겠습니다.",
       "문장은 **\"나는 너를 좋아해\"** 세 토큰, 임베딩 차원은 4, 헤드 차원 d_k는 2입니다. (논문에서는 d_model = 512, h = 8)"])
nb.code(["import numpy as np", "import tensorflow as tf", "print(tf.__version__)"], [("stdout", [("2.15.0", (), ["2.15.0"])])])
nb.md(["## 1. 입력과 가중치", "", "학습된 값이 아니라 손으로 정한 값입니다. 계산이 깔끔하도록 0.25 단위로 골랐어요."])
fmt_m = lambda Ms: "[" + ", ".join("[" + ", ".join(r) + "]" for r in Ms) + "]"
nb.code([f"X = tf.constant({fmt_m(Xs)})", f"W_q = tf.constant({fmt_m(WQs)})", f"W_k = tf.constant({fmt_m(WKs)})",
         f"W_v = tf.constant({fmt_m(WVs)})", "", "Q = tf.matmul(X, W_q)", "K = tf.matmul(X, W_k)", "V = tf.matmul(X, W_v)",
         "print(Q)", "print(K)", "print(V)"],
        [("stdout", attach(tfstr(Qn, "(3, 2)"), Q, lambda i, j: f"Q[{i},{j}]") + attach(tfstr(Kn, "(3, 2)"), K, lambda i, j: f"K[{i},{j}]")
          + attach(tfstr(Vn, "(3, 2)"), V, lambda i, j: f"V[{i},{j}]"))])
nb.md(["## 2. 어텐션 스코어", "", "$QK^T$를 계산하면 (3, 3) 행렬이 나옵니다. i행 j열은 i번째 토큰이 j번째 토큰을 얼마나 보는지입니다."])
nb.code(["scores = tf.matmul(Q, K, transpose_b=True)", "print(scores)"],
        [("stdout", attach(tfstr(Sn, "(3, 3)"), S, lambda i, j: f"scores[{i},{j}]"))])
np.set_printoptions(precision=4, suppress=True)
nb.md(["## 3. 스케일링과 소프트맥스", "", "$\\sqrt{d_k} = \\sqrt{2}$로 나눈 뒤 마지막 축으로 소프트맥스를 취합니다. 소수점이 길어져서 출력은 4자리로 줄였습니다."])
nb.code(["np.set_printoptions(precision=4, suppress=True)", "", "d_k = tf.cast(tf.shape(K)[-1], tf.float32)",
         "scaled = scores / tf.math.sqrt(d_k)", "print(scaled)", "", "weights = tf.nn.softmax(scaled, axis=-1)", "print(weights)",
         "print(tf.reduce_sum(weights, axis=-1))"],
        [("stdout", attach(tfstr(Scn, "(3, 3)"), Sc, lambda i, j: f"scaled[{i},{j}]") + attach(tfstr(An, "(3, 3)"), A, lambda i, j: f"weights[{i},{j}]")
          + [("tf.Tensor([1. 1. 1.], shape=(3,), dtype=float32)", (), ["1.", "1.", "1.", "3"])])])
nb.md(["## 4. 가중합", "", "마지막으로 가중치와 V를 곱하면 각 토큰의 새 표현이 됩니다."])
nb.code(["output = tf.matmul(weights, V)", "output"], [("result", attach(tfrepr(On, "(3, 2)"), O, lambda i, j: f"output[{i},{j}]"))])
top = max(range(3), key=lambda j: A[0][j])
nb.md(["## 정리", "",
       (f"- \"나는\"(0번 토큰)은 \"{toks[top]}\"에 가장 많이 주목합니다 (가중치 {rnd(A[0][top], 4)}).", [(rnd(A[0][top], 4), f"weights[0,{top}]", "correct")], ["0"]),
       (f"- \"좋아해\"의 출력 벡터는 [{rnd(O[2][0], 4)}, {rnd(O[2][1], 4)}] 입니다.", [(rnd(O[2][0], 4), "output[2,0]", "correct"), (rnd(O[2][1], 4), "output[2,1]", "correct")]),
       "", "다음 글에서는 `tf.keras.layers.MultiHeadAttention`으로 같은 결과가 나오는지 확인해 보겠습니다. 🙂"])
nb.write()
