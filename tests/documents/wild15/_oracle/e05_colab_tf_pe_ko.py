"""Korean Google Colab notebook (colab metadata, no accelerator), TensorFlow: sinusoidal positional encoding
(base 10000, d_model 4, positions 0-3; sin on even, cos on odd components), the angles, the encodings and x + PE, each
`print(t)` -> `tf.Tensor(\\n[[...]], shape=(4, 4), dtype=float32)` under np.set_printoptions(precision=3,
suppress=True); the embeddings shown as a `<tf.Variable ...>` execute_result (givens). Tokens 오늘, 나는, 학교에, 간다 in
a markdown table only. Exact rounding."""
from pathlib import Path

from w15lib import *

toks = ["오늘", "나는", "학교에", "간다"]
Es = [["0.12", "-0.35", "0.48", "0.27"], ["-0.21", "0.44", "0.09", "-0.16"], ["0.37", "0.18", "-0.42", "0.53"],
      ["0.05", "-0.29", "0.31", "0.62"]]
D, BASE = 4, mpf(10000)
div = [BASE ** (mpf(2 * i) / D) for i in range(D // 2)]
ang = [[mpf(p) / div[i] for i in range(D // 2)] for p in range(4)]
PE = [[(mpmath.sin if m % 2 == 0 else mpmath.cos)(ang[p][m // 2]) for m in range(D)] for p in range(4)]
E = mat(Es)
XP = [[E[p][m] + PE[p][m] for m in range(D)] for p in range(4)]
pos = np.arange(4)[:, None].astype(float); dn = 10000.0 ** (np.arange(0, D, 2) / D)
angn = pos / dn
pen = np.zeros((4, D)); pen[:, 0::2] = np.sin(angn); pen[:, 1::2] = np.cos(angn)
agree(ang, angn); agree(PE, pen); agree(XP, np.array(Es, float) + pen)
f32 = np.float32
ang32 = (np.arange(4, dtype=f32)[:, None] / np.power(f32(10000), np.arange(0, D, 2, dtype=f32) / f32(D))).astype(f32)
pe32 = np.zeros((4, D), f32); pe32[:, 0::2] = np.sin(ang32); pe32[:, 1::2] = np.cos(ang32)
xp32 = np.array(Es, f32) + pe32

d = Doc("colab-tf-pe-ko", "ipynb",
        "Korean Colab notebook, TensorFlow sinusoidal positional encoding (base 10000, d_model 4, positions 0-3), "
        "angles, PE and x + PE printed as tf.Tensor with precision=3; embeddings as a tf.Variable display",
        "sinusoidal positional encodings (base 10000, d_model 4) added to the embeddings of 오늘, 나는, 학교에, 간다",
        script=Path(__file__).name)
nb = NB(d, colab_meta("positional_encoding_tf.ipynb", gpu=False), minor=0, ids=False)


def tfR(arr32, exact, qfn, shape="(4, 4)"):
    lines, cells = tf_print(arr32.astype(float).tolist(), exact, prec=3)
    out = [R(lines[0])]
    for i, l in enumerate(lines[1:]):
        out.append(R(l, [(t, qfn(i, j), "correct") for j, t in enumerate(cells[i])], nots=["4"] if "shape" in l else ()))
    return out


nb.md(["# 위치 인코딩 (Positional Encoding) 직접 계산하기", "",
       "Transformer는 순서를 모르기 때문에 각 위치에 사인/코사인 값을 더해 줍니다.", "",
       "$$PE_{(pos, 2i)} = \\sin\\left(\\frac{pos}{10000^{2i/d_{model}}}\\right), \\quad "
       "PE_{(pos, 2i+1)} = \\cos\\left(\\frac{pos}{10000^{2i/d_{model}}}\\right)$$", "",
       "| 위치 | 토큰 |", "|---|---|"] + [R(f"| {p} | {t} |", nots=[str(p)]) for p, t in enumerate(toks)])
nb.code(["import numpy as np", "import tensorflow as tf", "np.set_printoptions(precision=3, suppress=True)", "print(tf.__version__)"],
        [("stdout", [R("2.17.1", nots=["2.17"])])])
with np.printoptions(precision=3, suppress=True):
    er = repr(np.array(Es, f32)).split("\n")
nb.code(["emb = tf.Variable([" + ", ".join("[" + ", ".join(r) + "]" for r in Es) + "], name='emb')", "emb"],
        [("result", [R("<tf.Variable 'emb:0' shape=(4, 4) dtype=float32, numpy=", nots=["4"])] + er[:-1] + [er[-1] + ">"])])
nb.code(["d_model = 4", "pos = tf.range(4, dtype=tf.float32)[:, tf.newaxis]",
         "i2 = tf.range(0, d_model, 2, dtype=tf.float32)[tf.newaxis, :]",
         "angles = pos / tf.pow(10000.0, i2 / d_model)", "print(angles)"],
        [("stdout", tfR(ang32, ang, lambda i, j: f"PE.angle[{toks[i]}][{j + 1}]", "(4, 2)"))])
assert lit(div[1]) == "100"
nb.md([R("`angles`의 두 번째 열은 $pos / 100$ 입니다 ($10000^{2/4} = 100$).", [("100", "PE.div[2]", "correct")], ["100"],
         nots=["10000", "2", "4"]),
       "", "사인은 짝수 차원, 코사인은 홀수 차원에 넣습니다."])
nb.code(["pe = tf.reshape(tf.stack([tf.sin(angles), tf.cos(angles)], axis=-1), (4, d_model))", "print(pe)"],
        [("stdout", tfR(pe32, PE, lambda i, j: f"PE[{toks[i]}][{j + 1}]"))])
nb.code(["x = emb + pe", "print(x)"], [("stdout", tfR(xp32, XP, lambda i, j: f"x_pe[{toks[i]}][{j + 1}]"))])
nb.code(["# TODO: 모델에 넣기", "# model(x)"], run=False)
nb.save()
