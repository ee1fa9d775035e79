"""Chinese Jupyter notebook, NumPy: only a sinusoidal positional-encoding matrix, 6 positions (0..5) x d = 4,
base n = 100, sin on even and cos on odd columns (interleaved), printed with NumPy's default print options
(8 digits). No embeddings. Every printed cell is a claim (position 0's row too); all correct."""
from pathlib import Path

from w21lib import *

NPOS, D, BASE = 6, 4, 100
div = [mpf(BASE) ** (mpf(2 * i) / D) for i in range(D // 2)]
ang = [[mpf(p) / div[i] for i in range(D // 2)] for p in range(NPOS)]
PE = [[(mpmath.sin if m % 2 == 0 else mpmath.cos)(ang[p][m // 2]) for m in range(D)] for p in range(NPOS)]

# float64 recomputation, as the notebook does it
pos = np.arange(NPOS)[:, None]
i2 = np.arange(0, D, 2)
angle = pos / np.power(float(BASE), i2 / D)
pe = np.zeros((NPOS, D))
pe[:, 0::2] = np.sin(angle)
pe[:, 1::2] = np.cos(angle)
agree(PE, pe)
agree(ang, angle)

d = Doc("pe-base100-zh", "ipynb",
        "Chinese Jupyter notebook, NumPy: a sinusoidal positional-encoding matrix alone, 6 positions (0-5) x d = 4, "
        "base n = 100, sin/cos interleaved, printed with default NumPy print options",
        "sinusoidal positional encoding, base 100, d_model 4, positions 0-5 (0-based), PE[p][2i+1] = "
        "sin(p / 100^(2i/4)), PE[p][2i+2] = cos(p / 100^(2i/4)); no embeddings",
        script=Path(__file__).name,
        note="PE[p][m]: p is the 0-based position (the row of the printed matrix), m the 1-based component. "
             "Position 0's row (0, 1, 0, 1) is claimed like the others.")
nb = Notebook(d, {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                  "language_info": {"name": "python", "version": "3.9.18"}})

nb.md(["# 正弦位置编码（小例子）",
       "",
       "Transformer 本身不知道词的顺序，所以要给每个位置加一个位置向量。这里只算位置编码矩阵本身，不涉及词向量。",
       "",
       "公式（$k$ 为位置，从 0 开始；$i$ 为维度对的编号）：",
       "",
       "$$P(k, 2i) = \\sin\\left(\\frac{k}{n^{2i/d}}\\right), \\qquad P(k, 2i+1) = \\cos\\left(\\frac{k}{n^{2i/d}}\\right)$$",
       "",
       L("为了让数字好看一点，这里取 $n = 100$（原论文是 10000），$d = 4$，一共 6 个位置。", (), (),
         ["100", "10000", "4", "6"])])
nb.code(["import numpy as np"])
ls, cells = np_print(pe, PE)          # default print options
so = rows_to_items(ls, cells, lambda p, m: f"PE[{p}][{m + 1}]")
nb.code(["def pos_encoding(seq_len, d, n=100):",
         "    k = np.arange(seq_len).reshape(-1, 1)      # 位置 0, 1, ..., seq_len-1",
         "    two_i = np.arange(0, d, 2)                 # 0, 2, ...",
         "    angle = k / np.power(n, two_i / d)",
         "    P = np.zeros((seq_len, d))",
         "    P[:, 0::2] = np.sin(angle)   # 偶数列用 sin",
         "    P[:, 1::2] = np.cos(angle)   # 奇数列用 cos",
         "    return P",
         "",
         "P = pos_encoding(seq_len=6, d=4, n=100)",
         "print(P)"], stdout=so)
nb.md([L("第一行是位置 0：sin 列全是 0，cos 列全是 1。第二对维度的频率低得多，所以后两列变化很慢。", (), ["0", "1"])])
nb.save()
