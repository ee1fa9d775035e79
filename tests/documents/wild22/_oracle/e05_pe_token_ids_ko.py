"""Korean Jupyter notebook: a toy tokenizer's ids printed by PyTorch (`tensor([[3, 7, 1, 4]])`, no claims), then a
sinusoidal positional-encoding matrix for 6 positions x d = 4 (base 10000, sin and cos interleaved, positions from 0)
computed by a function of two loops and printed by NumPy float64 at the default options (8 decimals), then one row
of it printed again, and one markdown sentence restating two of its cells to 4 decimals. Every claim is correct."""
from pathlib import Path

from w22lib import *

N, D, BASE = 6, 4, 10000
# exact table: PE[p][2i] = sin(p / base^(2i/d)), PE[p][2i+1] = cos(same)
div = [mpf(BASE) ** (mpf(2 * i) / D) for i in range(D // 2)]
PE = [[(mpmath.sin if m % 2 == 0 else mpmath.cos)(mpf(p) / div[m // 2]) for m in range(D)] for p in range(N)]
# the notebook's own float64 run, written as its code writes it
P = np.zeros((N, D))
for pos in range(N):
    for i in range(D // 2):
        angle = pos / BASE ** (2 * i / D)
        P[pos, 2 * i] = np.sin(angle)
        P[pos, 2 * i + 1] = np.cos(angle)
agree(PE, P)

d = Doc("pe-token-ids-ko", "ipynb",
        "Korean Jupyter notebook: token ids printed as tensor([[3, 7, 1, 4]]), then a sinusoidal positional-encoding "
        "table (6 positions x d = 4, base 10000, sin/cos interleaved) computed by a function and printed by NumPy "
        "float64 at the default options, one row printed again, and a sentence restating two cells",
        "sinusoidal positional encodings alone, PE[p][2i-1] = sin(p / 10000^(2(i-1)/4)), PE[p][2i] = cos(…), "
        "positions 0 … 5, d = 4",
        script=Path(__file__).name,
        note="Only the positional-encoding table is computed; the token ids (3, 7, 1, 4), the shapes and the "
             "settings (6 positions, d_model = 4, base 10000) are not claims; the sentence that position 0 has sines 0 and cosines 1 is optional, and so are the angles 3 and 0.03 inside sin(3) and sin(0.03). The table is NumPy float64 at the "
             "default print options (up to 8 decimals), correct to its digits; row 3 is printed twice.")
nb = Notebook(d, {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                  "language_info": {"name": "python", "version": "3.10.12"},
                  "accelerator": "GPU", "colab": {"provenance": []}})
qty = lambda p0=None: (lambda i, j: f"PE[{i if p0 is None else p0}][{j + 1}]")

nb.md(["# 위치 인코딩 직접 만들어 보기",
       "",
       "트랜스포머는 순서를 모르기 때문에 각 위치에 고유한 벡터를 더해 준다. 여기서는 논문의 사인/코사인 방식을 "
       "작은 크기로 직접 계산해 본다."])
nb.code(["import numpy as np", "import torch"])
nb.md(["## 1. 토큰 ID", "", "간단한 단어장으로 문장을 숫자로 바꾼다. (단어장은 예시용)"])
nb.code(["vocab = {\"<pad>\": 0, \"나는\": 1, \"오늘\": 3, \"학교에\": 7, \"간다\": 4}",
         "sentence = [\"오늘\", \"학교에\", \"나는\", \"간다\"]",
         "ids = torch.tensor([[vocab[w] for w in sentence]])",
         "print(ids)",
         "print(ids.shape)"],
        stdout=[L("tensor([[3, 7, 1, 4]])", (), (), ["3", "7", "1", "4"]),
                L("torch.Size([1, 4])", (), (), ["1", "4"])])
nb.md(["## 2. 사인/코사인 위치 인코딩", "",
       "$PE_{(pos, 2i)} = \\sin(pos / 10000^{2i/d})$, $PE_{(pos, 2i+1)} = \\cos(pos / 10000^{2i/d})$",
       "",
       "짝수 열은 사인, 홀수 열은 코사인이다. 최대 길이 6, 차원 4로 만든다."])
ls, cells = np_print(P, PE)
nb.code(["def positional_encoding(max_len, d_model, base=10000):",
         "    P = np.zeros((max_len, d_model))",
         "    for pos in range(max_len):",
         "        for i in range(d_model // 2):",
         "            angle = pos / base ** (2 * i / d_model)",
         "            P[pos, 2 * i] = np.sin(angle)",
         "            P[pos, 2 * i + 1] = np.cos(angle)",
         "    return P",
         "",
         L("P = positional_encoding(max_len=6, d_model=4)", (), (), ["6", "4"]),
         "print(P.shape)",
         "print(P)"],
        stdout=[L("(6, 4)", (), (), ["6", "4"])] + rows_to_items(ls, cells, qty()))
nb.md([L("위치 0은 사인이 모두 0, 코사인이 모두 1이다. 두 번째 주파수(3, 4열)는 아주 천천히 변한다.", (), ["0", "1"]),
       "",
       "## 3. 한 위치만 보기", "", "위치 3의 벡터:"])
ls3, c3 = np_print(P[3], PE[3])
nb.code(["print(P[3])"], stdout=rows_to_items(ls3, [c3], qty(3)))
a4 = rnd(PE[3][0], 4); b4 = rnd(PE[3][2], 4)
assert a4 == rnd(mpf(c3[0]), 4) and b4 == rnd(mpf(c3[2]), 4)
nb.md([L(f"위치 3에서 첫 번째 성분은 sin(3) ≈ {a4}, 세 번째 성분은 sin(0.03) ≈ {b4}로, "
         "주파수가 낮을수록 값이 0에 가깝게 남는다.",
         [(a4, "PE[3][1]", "correct"), (b4, "PE[3][3]", "correct")], ["3", "0.03"]),
       "",
       "다음 노트북에서는 이 표를 임베딩에 더해 본다."])
nb.save()
