"""Korean tistory/velog-style post: sinusoidal positional encoding for 3 positions, d = 6, then x + PE, in tables."""
from pathlib import Path

import numpy as np

from wlib import *

toks = ["나는", "밥을", "먹었다"]
D = 6
Xs = [["0.3", "-0.5", "0.8", "0.1", "-0.2", "0.6"], ["0.7", "0.2", "-0.4", "0.9", "0.5", "-0.1"], ["-0.6", "0.4", "0.1", "-0.3", "0.8", "0.2"]]
X = V(Xs)
den = [mpf(10000) ** (mpf(2 * i) / D) for i in range(3)]
ang = [[mpf(p) / den[i] for i in range(3)] for p in range(3)]
PE = [[(mpmath.sin if c % 2 == 0 else mpmath.cos)(ang[p][c // 2]) for c in range(D)] for p in range(3)]
XP = [[X[p][c] + PE[p][c] for c in range(D)] for p in range(3)]

pos = np.arange(3)[:, None]
i2 = np.arange(0, D, 2)
PEn = np.zeros((3, D))
PEn[:, 0::2] = np.sin(pos / 10000 ** (i2 / D))
PEn[:, 1::2] = np.cos(pos / 10000 ** (i2 / D))
np_check(PE, PEn)

d = Doc("korean-pe-d6", "md",
        "Korean tistory-style post: sinusoidal positional encoding for 나는 밥을 먹었다 (positions 0-2, d_model = 6): denominators, angles, PE table at 4 decimals, a NumPy print of the PE matrix at full precision, then x + PE in a table",
        "sinusoidal positional encoding (sin on even, cos on odd dimensions, base 10000), added to the embeddings", "exact",
        note="no planted slip; angles are printed rounded but every PE value is computed from the exact angle")
d.gen = Path(__file__).name
add = d.add
add("# [Transformer 뜯어보기] 포지셔널 인코딩(Positional Encoding) 직접 계산해보기")
add("")
add("2024. 2. 17. 21:40 · 딥러닝/NLP", nots=["2024", "2", "17", "21", "40"])
add("")
add("안녕하세요! 지난 글에서 셀프 어텐션을 다뤘는데요, 어텐션은 단어의 **순서**를 전혀 모른다는 문제가 있었습니다. 오늘은 그 문제를 해결하는 포지셔널 인코딩을 숫자로 직접 계산해보겠습니다 😊")
add("")
add("## 1. 공식")
add("")
add("논문(Attention Is All You Need)에 나오는 공식은 다음과 같습니다.")
add("")
add("$$PE_{(pos,\\,2i)} = \\sin\\left(\\frac{pos}{10000^{2i/d_{model}}}\\right)$$", nots=["2", "10000", "2"])
add("")
add("$$PE_{(pos,\\,2i+1)} = \\cos\\left(\\frac{pos}{10000^{2i/d_{model}}}\\right)$$", nots=["2", "1", "10000", "2"])
add("")
add("- 짝수 인덱스(0, 2, 4)에는 sin, 홀수 인덱스(1, 3, 5)에는 cos을 씁니다.", nots=["0", "2", "4", "1", "3", "5"])
add("- 논문은 $d_{model} = 512$지만 여기서는 계산이 편하도록 $d_{model} = 6$으로 하겠습니다.", nots=["512", "6"])
add("")
add("> 💡 주의: 어떤 블로그 그림은 앞쪽 절반을 sin, 뒤쪽 절반을 cos으로 이어붙여서 보여주는데, 논문 공식은 짝수/홀수로 번갈아 가며 넣는 방식입니다.")
add("")
add("## 2. 분모 계산")
add("")
add("$i = 0, 1, 2$ 에 대해 분모 $10000^{2i/6}$ 를 먼저 구해둡니다.", nots=["0", "1", "2", "10000", "2", "6"])
add("")
for ln in md_table(["i", "2i/6", "10000^(2i/6)"], []):
    add(ln)
fr = ["0", "1/3", "2/3"]
dens = ["1", rnd(den[1], 4), rnd(den[2], 4)]
for i in range(3):
    add(f"| {i} | {fr[i]} | {dens[i]} |", claims=[(dens[i], f"10000^(2*{i}/6)", "correct")], nots=[str(i)])
add("")
add("## 3. 위치별 각도")
add("")
add("각도 = pos / 분모 입니다. (소수 넷째 자리까지만 적었습니다)")
add("")
for ln in md_table(["pos", "단어", "i=0", "i=1", "i=2"], []):
    add(ln)
for p in range(3):
    a = [rnd(ang[p][i], 4) for i in range(3)]
    add(f"| {p} | {toks[p]} | " + " | ".join(a) + " |", claims=[(a[i], f"angle[pos {p}, i {i}]", "correct") for i in range(3)], nots=[str(p)])
add("")
add("예를 들어 pos = 1, i = 1 이면 $1 / 21.5443 \\approx 0.0464$ 입니다.", nots=["1", "1", "1"],
    opts=[rnd(den[1], 4)], claims=[(rnd(ang[1][1], 4), "angle[pos 1, i 1]", "correct")])
add("")
add("## 4. PE 값")
add("")
add("이제 각도에 sin, cos을 씌우면 됩니다.")
add("")
add(f"- pos 1, 0번 차원: $\\sin(1) = {rnd(PE[1][0], 4)}$, 1번 차원: $\\cos(1) = {rnd(PE[1][1], 4)}$",
    claims=[(rnd(PE[1][0], 4), "PE[1][0]", "correct"), (rnd(PE[1][1], 4), "PE[1][1]", "correct")], nots=["1", "0", "1", "1", "1"])
add(f"- pos 2, 2번 차원: $\\sin(0.0928) = {rnd(PE[2][2], 4)}$, 3번 차원: $\\cos(0.0928) = {rnd(PE[2][3], 4)}$",
    claims=[(rnd(PE[2][2], 4), "PE[2][2]", "correct"), (rnd(PE[2][3], 4), "PE[2][3]", "correct")], nots=["2", "2", "3"],
    opts=[rnd(ang[2][1], 4), rnd(ang[2][1], 4)])
add("")
add("전체 표로 정리하면 아래와 같습니다.")
add("")
for ln in md_table(["pos", "PE₀ (sin)", "PE₁ (cos)", "PE₂ (sin)", "PE₃ (cos)", "PE₄ (sin)", "PE₅ (cos)"], []):
    add(ln)
for p in range(3):
    cells = [rnd(v, 4) for v in PE[p]]
    add(f"| {p} | " + " | ".join(cells) + " |", claims=[(cells[c], f"PE[{p}][{c}]", "correct") for c in range(D)], nots=[str(p)])
add("")
add("pos 0은 sin(0) = 0, cos(0) = 1 이라서 항상 [0, 1, 0, 1, 0, 1] 이 됩니다.", nots=["0", "0", "0", "0", "1", "0", "1", "0", "1", "0", "1"])
add("")
add("NumPy로도 확인해봤습니다.")
add("")
add("```python")
add("import numpy as np")
add("")
add("def positional_encoding(max_len, d_model):")
add("    pe = np.zeros((max_len, d_model))")
add("    pos = np.arange(max_len)[:, np.newaxis]")
add("    i2 = np.arange(0, d_model, 2)")
add("    pe[:, 0::2] = np.sin(pos / 10000 ** (i2 / d_model))", nots=["0", "2", "10000"])
add("    pe[:, 1::2] = np.cos(pos / 10000 ** (i2 / d_model))", nots=["1", "2", "10000"])
add("    return pe")
add("")
add("print(positional_encoding(3, 6))", nots=["3", "6"])
add("```")
add("")
add("```")
for ln, cl in np_rows(str(PEn), PE, lambda i, j: f"PE[{i}][{j}]"):
    add(ln, claims=cl)
add("```")
add("")
add("표의 값과 똑같네요 👍")
add("")
add("## 5. 임베딩에 더하기")
add("")
add("단어 임베딩(예시 값)은 다음과 같다고 하겠습니다.")
add("")
for ln in md_table(["단어", "e₀", "e₁", "e₂", "e₃", "e₄", "e₅"], [[t] + Xs[i] for i, t in enumerate(toks)]):
    add(ln)
add("")
add("트랜스포머의 입력은 임베딩 + PE 입니다. (concat이 아니라 **덧셈**!)")
add("")
for ln in md_table(["단어", "x₀", "x₁", "x₂", "x₃", "x₄", "x₅"], []):
    add(ln)
for p in range(3):
    cells = [rnd(v, 4) for v in XP[p]]
    add(f"| {toks[p]} | " + " | ".join(cells) + " |", claims=[(cells[c], f"(x + PE)[{toks[p]}][{c}]", "correct") for c in range(D)])
add("")
add(f"예) '밥을'의 0번 차원: 0.7 + {rnd(PE[1][0], 4)} = {rnd(XP[1][0], 4)}", nots=["0"],
    claims=[(rnd(XP[1][0], 4), "(x + PE)[밥을][0]", "correct")], opts=[rnd(PE[1][0], 4)])
add("")
add("## 6. 정리")
add("")
add("- 앞쪽 차원(i=0)은 주기가 짧아서 위치마다 값이 크게 바뀌고, 뒤쪽 차원(i=2)은 거의 변하지 않습니다.", nots=["0", "2"])
add("- 그래서 뒤쪽 차원의 cos 값은 pos 2에서도 1에 아주 가깝습니다.", nots=["2", "1"])
add("")
add("다음 글에서는 이 입력으로 멀티헤드 어텐션을 계산해보겠습니다. 궁금한 점은 댓글로 남겨주세요!")
add("")
add("공감 ♥ 1 · 댓글 0", nots=["1", "0"])
d.write()
