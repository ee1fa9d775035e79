"""Korean Jupyter notebook (nbformat 4, VS Code metadata), NumPy float32: Wq/Wk/Wv drawn with
np.random.default_rng(12) and never printed; Q, K, V printed under set_printoptions(precision=4, suppress=True)
(numpy's own str, 4 decimals of the float32 values), then the raw scores, the scaled scores (/sqrt 3), the
softmax weights and the outputs, each printed by numpy from the unrounded float32 arrays. Exact rounding against
the unrounded float32 Q, K, V (givens_rounded = true: the printed Q, K, V are rounded)."""
from pathlib import Path

from w11lib import *

toks = ["오늘", "날씨가", "좋다"]
Xs = [["0.8", "0.1", "-0.4", "0.6"], ["0.2", "0.9", "0.5", "-0.3"], ["-0.5", "0.3", "0.7", "0.4"]]
X32 = np.array(Xs, dtype=np.float32)
rng = np.random.default_rng(12)
Wq32 = (rng.standard_normal((4, 3)) * 0.5).astype(np.float32)
Wk32 = (rng.standard_normal((4, 3)) * 0.5).astype(np.float32)
Wv32 = (rng.standard_normal((4, 3)) * 0.5).astype(np.float32)
Q32, K32, V32 = X32 @ Wq32, X32 @ Wk32, X32 @ Wv32
S32 = Q32 @ K32.T
Sc32 = S32 / np.float32(np.sqrt(3))
e32 = np.exp(Sc32 - Sc32.max(axis=-1, keepdims=True))
W32 = e32 / e32.sum(axis=-1, keepdims=True)
C32 = W32 @ V32
# exact from the float32 Q, K, V as they are
Q, K, V = ([[mpf(float(v)) for v in r] for r in M] for M in (Q32, K32, V32))
S, Sc, E, Zs, W, C = sdpa(Q, K, V, scale=mpmath.sqrt(3))
Qd, Kd, Vd = (M.astype(float) for M in (Q32, K32, V32))
Sn = Qd @ Kd.T
agree(S, Sn); agree(W, np_softmax(Sn / np.sqrt(3))); agree(C, np_softmax(Sn / np.sqrt(3)) @ Vd)


def show(a32, exact):
    """numpy's str of the float32 array; each printed number checked against the exact value (and not near a tie
    by more than float32's error)"""
    lines, cells = np_print(a32.astype(float), exact, mode="str", precision=4, suppress=True)
    with np.printoptions(precision=4, suppress=True):
        assert str(a32) == "\n".join(lines), (str(a32), lines)
    for r, er in zip(cells, exact):
        for t, v in zip(r, er):
            assert Decimal(rnd(v, 4, guard=2e-6)) == Decimal(t), (t, v)
    return lines, cells


d = Doc("nb-random-qkv-ko", "ipynb",
        "Korean Jupyter notebook, NumPy float32: random Wq/Wk/Wv never printed; Q, K, V printed to 4 decimals "
        "(numpy str), then raw scores, /sqrt 3, softmax weights and outputs computed from the unrounded float32 arrays",
        "attention from Q, K, V printed directly (rounded to 4 decimals from float32), scaled by sqrt 3, over "
        "오늘, 날씨가, 좋다",
        script=Path(__file__).name, givens_rounded=True)
nb = Notebook(d, {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                  "language_info": {"name": "python", "version": "3.11.9"},
                  "vscode": {"interpreter": {"hash": "3f1c9a0e5b7d2c4e6f8a1b3c5d7e9f0a2b4c6d8e"}}})
nb.md(["# 랜덤 가중치로 Self-Attention 한 번 돌려보기",
       "",
       "교재 3장 실습입니다. 가중치는 난수로 만들고 **출력하지 않습니다**. Q, K, V부터 결과만 확인합니다.",
       "",
       L("- 작성일: 2025-01-20", nots=["2025-01-20"]),
       L("- 환경: Python 3.11, NumPy 1.26", nots=["3.11", "1.26"])])
nb.code(["import numpy as np",
         "np.set_printoptions(precision=4, suppress=True)",
         "rng = np.random.default_rng(12)"])
xlines = ["X = np.array(["]
for t, r in zip(toks, Xs):
    xlines.append(f"    [{', '.join(r)}],   # {t}")
xlines.append("], dtype=np.float32)")
xlines.append(L("d_model, d_k = 4, 3", nots=["4", "3"]))
nb.code(xlines)
nb.code(["W_q = (rng.standard_normal((d_model, d_k)) * 0.5).astype(np.float32)",
         "W_k = (rng.standard_normal((d_model, d_k)) * 0.5).astype(np.float32)",
         "W_v = (rng.standard_normal((d_model, d_k)) * 0.5).astype(np.float32)",
         "# 가중치 값 자체는 중요하지 않으므로 출력하지 않음"])
nb.md(["## 1. Q, K, V", "", "출력은 소수 넷째 자리까지 반올림되어 보입니다 (실제 값은 float32)."])
out = []
for nm, M32, Me in (("Q", Q32, Q), ("K", K32, K), ("V", V32, V)):
    lines, _ = show(M32, Me)
    out += [f"{nm} =", *[" " + l if k == 0 else l for k, l in enumerate(lines)]]
nb.code(["Q = X @ W_q", "K = X @ W_k", "V = X @ W_v",
         'print("Q =\\n", Q)', 'print("K =\\n", K)', 'print("V =\\n", V)'], stdout=out)


def stdout_of(name, a32, exact, qty, cols=None):
    lines, cells = show(a32, exact)
    items = [L(f"{name} =")]
    for i, (l, r) in enumerate(zip(lines, cells)):
        l2 = " " + l if i == 0 else l
        cl = [(s, f"{qty}[{toks[i]},{toks[j]}]" if cols is None else f"{qty}[{toks[i]}][{j + 1}]", "correct")
              for j, s in enumerate(r)]
        items.append(L(l2, claims=cl))
    return items, cells


nb.md(["## 2. 어텐션 스코어"])
so, _ = stdout_of("scores", S32, S, "scores")
nb.code(["scores = Q @ K.T", 'print("scores =\\n", scores)'], stdout=so)
so, _ = stdout_of("scaled", Sc32, Sc, "scaled")
nb.code(["scaled = scores / np.sqrt(d_k)   # d_k = 3", 'print("scaled =\\n", scaled)'], stdout=so)
nb.md(["## 3. 소프트맥스", "", "행마다 최댓값을 빼고 exp를 취합니다 (수치 안정성)."])
so, wcells = stdout_of("weights", W32, W, "weights")
nb.code(["def softmax(z):",
         "    e = np.exp(z - z.max(axis=-1, keepdims=True))",
         "    return e / e.sum(axis=-1, keepdims=True)",
         "",
         "weights = softmax(scaled)",
         'print("weights =\\n", weights)',
         'print("row sums:", weights.sum(axis=-1))'],
        stdout=so + [L("row sums: [1. 1. 1.]", nots=["1.", "1.", "1."])])
nb.md(["## 4. 출력"])
so, ccells = stdout_of("output", C32, C, "context", cols=True)
nb.code(["output = weights @ V", 'print("output =\\n", output)'], stdout=so)
j = max(range(3), key=lambda k: W[0][k])
nb.md(["## 정리",
       "",
       L(f"- '오늘'은 '{toks[j]}'에 {wcells[0][j]}의 가중치를 줍니다.",
         claims=[(wcells[0][j], f"weights[오늘,{toks[j]}]", "correct")]),
       L(f"- '좋다'의 출력 벡터는 ({', '.join(ccells[2])})입니다.",
         claims=[(s, f"context[좋다][{m + 1}]", "correct") for m, s in enumerate(ccells[2])]),
       L("- 실제 모델에서는 d_model = 768, d_k = 64 정도입니다. 다음 실습(4장)에서 멀티헤드로 확장합니다.",
         nots=["768", "64", "4"])])
nb.save()
