"""Korean Jupyter notebook, NumPy float64 under np.set_printoptions(precision=4, suppress=True): X, Wq and Wv typed
as literals, `Wk = Wq` as an alias, prints of Q, K, V, the raw scores, the weights (softmax of scores / sqrt(d_k))
and the output; then a markdown cell checks one weight by hand (scaled scores, e^x, their sum, the weight) and
writes the weight with ONE wrong digit: the planted slip. Everything else is correct."""
from pathlib import Path

from w21lib import *

toks = ["고양이가", "창밖을", "본다"]
Xs = [["0.8", "0.1", "-0.4", "0.6"], ["0.2", "0.9", "0.5", "-0.3"], ["-0.5", "0.4", "0.7", "0.2"]]
Wqs = [["0.6", "-0.2", "0.3"], ["0.1", "0.5", "-0.4"], ["-0.3", "0.8", "0.2"], ["0.4", "0.1", "0.7"]]
Wvs = [["0.2", "0.7", "-0.1"], ["-0.5", "0.3", "0.6"], ["0.4", "-0.2", "0.8"], ["0.9", "0.1", "0.3"]]
a = attention(Xs, Wqs, Wqs, Wvs)
P = dict(precision=4, suppress=True)

d = Doc("numpy-alias-ko", "ipynb",
        "Korean Jupyter notebook, NumPy float64 with set_printoptions(precision=4, suppress=True): X, Wq, Wv as "
        "literals, the alias Wk = Wq, prints of Q, K, V, raw scores, weights and output; a markdown hand check of "
        "one weight (scaled scores, exps, sum, weight)",
        "attention with Wq = Wk (alias) and Wv, 4 -> 3, row convention, scaled by sqrt(3), over the tokens "
        "고양이가, 창밖을, 본다",
        script=Path(__file__).name)
nb = Notebook(d, {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                  "language_info": {"name": "python", "version": "3.11.5"}})

pair = lambda nm: (lambda i, j: f"{nm}[{toks[i]},{toks[j]}]")
vec = lambda nm: (lambda i, j: f"{nm}[{toks[i]}][{j + 1}]")


def printed(name, key, qty):
    ls, cells = np_print(a["np"][key], a[key], **P)
    return [L(f"{name} =")] + rows_to_items([" " + ls[0]] + ls[1:], cells, qty), cells


nb.md(["# 가중치를 공유하는 셀프 어텐션 (NumPy)",
       "",
       "쿼리와 키에 **같은 행렬**을 쓰면 점수 행렬이 대칭이 된다. 직접 확인해 보자. 문장은 `고양이가 창밖을 본다`, "
       "임베딩 차원은 4, 헤드 차원 $d_k$는 3이다."])
nb.code(["import numpy as np", "np.set_printoptions(precision=4, suppress=True)"])
nb.code(["# 행 = 토큰 (고양이가, 창밖을, 본다)",
         "X = np.array([",
         *[f"    [{', '.join(r)}]," for r in Xs],
         "])",
         "",
         "Wq = np.array([",
         *[f"    [{', '.join(r)}]," for r in Wqs],
         "])",
         "Wk = Wq  # 키도 같은 가중치",
         "Wv = np.array([",
         *[f"    [{', '.join(r)}]," for r in Wvs],
         "])"])
nb.md(["## 1. Q, K, V", "", "`Wk`가 `Wq`와 같으므로 `K`는 `Q`와 똑같이 나와야 한다."])
so = []
for nm in ("Q", "K", "V"):
    it, _ = printed(nm, nm, vec(nm))
    so += it
nb.code(["Q = X @ Wq", "K = X @ Wk", "V = X @ Wv", "print(\"Q =\\n\", Q)", "print(\"K =\\n\", K)",
         "print(\"V =\\n\", V)"], stdout=so)
nb.md(["## 2. 점수와 소프트맥스", "", "점수는 $QK^\\top$, 가중치는 $\\mathrm{softmax}(QK^\\top / \\sqrt{d_k})$ (행마다)."])
so, scells = printed("scores", "S", pair("scores"))
it, wcells = printed("weights", "W", pair("weights"))
so += it
nb.code(["d_k = Q.shape[1]",
         "scores = Q @ K.T",
         "",
         "def softmax(z):",
         "    e = np.exp(z - z.max(axis=1, keepdims=True))",
         "    return e / e.sum(axis=1, keepdims=True)",
         "",
         "weights = softmax(scores / np.sqrt(d_k))",
         "print(\"scores =\\n\", scores)",
         "print(\"weights =\\n\", weights)"], stdout=so)
nb.md(["## 3. 출력"])
so, ocells = printed("output", "C", vec("context"))
nb.code(["output = weights @ V", "print(\"output =\\n\", output)"], stdout=so)

# ---------------------------------------------------------------- the hand check of row 2 (창밖을), weight 3
i, jw = 1, 2
sc4 = [rnd(v, 4) for v in a["Sc"][i]]
ex4 = [rnd(v, 4) for v in a["E"][i]]
z4 = rnd(a["Z"][i], 4)
w4 = rnd(a["W"][i][jw], 4)
# the same digits by the calculator route from the printed raw scores (so either reading gives them)
ch_sc = [rnd(mpf(s) / mpmath.sqrt(3), 4) for s in scells[i]]
ch_e, ch_z, ch_w = chained_softmax(ch_sc, 4)
assert ch_sc == sc4 and ch_e == ex4 and ch_z == z4 and ch_w[jw] == w4, (ch_sc, sc4, ch_e, ex4, ch_z, z4, ch_w, w4)
assert rnd(mpmath.fsum(mpf(e) for e in ex4), 4) == z4
assert rnd(mpf(ex4[jw]) / mpf(z4), 4) == w4
assert wcells[i][jw] == w4, (wcells[i][jw], w4)   # the printed matrix shows the right weight
# the slip: one digit of the weight mistyped (the third decimal)
slip = w4[:4] + str((int(w4[4]) + 5) % 10) + w4[5:]
assert len(slip) == len(w4) and sum(x != y for x, y in zip(slip, w4)) == 1 and abs(float(slip) - float(w4)) > 1e-3
rs = [rnd(v, 4) for v in a["S"][i]]
assert [trim(r) for r in rs] == [trim(c) for c in scells[i]], (rs, scells[i])

d.note = (f"One planted slip: the hand check of weights[창밖을,본다] ends in {slip}, one digit mistyped; the exact "
          f"value is {w4} (the printed matrix above shows {wcells[i][jw]}, correct). The scaled scores, exps and "
          "sum on the lines before it are correct, and nothing is computed from the slip.")
nb.md(["## 4. 손으로 검산", "",
       "`창밖을` 행의 세 번째 가중치(창밖을 → 본다)를 계산기로 직접 확인해 본다. 먼저 점수를 $\\sqrt{3}$으로 나눈다.",
       "",
       L(f"- 스케일된 점수: {sc4[0]}, {sc4[1]}, {sc4[2]}",
         [(sc4[j], f"scaled[{toks[i]},{toks[j]}]", "correct") for j in range(3)]),
       L(f"- $e^{{{sc4[0]}}} = {ex4[0]}$, $e^{{{sc4[1]}}} = {ex4[1]}$, $e^{{{sc4[2]}}} = {ex4[2]}$",
         [(ex4[j], f"exp[{toks[i]},{toks[j]}]", "correct") for j in range(3)], sc4),
       L(f"- 합: ${ex4[0]} + {ex4[1]} + {ex4[2]} = {z4}$", [(z4, f"expsum[{toks[i]}]", "correct")], ex4),
       L(f"- 가중치: ${ex4[jw]} / {z4} = {slip}$", [(slip, f"weights[{toks[i]},{toks[jw]}]", "wrong")],
         [ex4[jw], z4]),
       "",
       "위에서 출력된 `weights`와 같은 값이 나온다. 👍"])
nb.md(["## 정리", "",
       "- `Wk = Wq`이면 `scores`가 대칭 행렬이 된다 (위 출력에서 확인).",
       "- 그래도 소프트맥스는 행마다 따로 계산되므로 `weights`는 대칭이 아니다."])
nb.save()
