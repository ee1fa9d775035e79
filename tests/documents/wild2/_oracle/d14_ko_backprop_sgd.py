"""Korean velog post in the style of a step-by-step backpropagation example: a 2-2-2 sigmoid network, squared
error, every partial derivative of one SGD step, updated weights, and the error after the step; one planted slip
(a digit pair swapped when an earlier value is restated)."""
from pathlib import Path

import numpy as np

from w2lib import *

i1, i2 = mpf("0.1"), mpf("0.5")
w = {k: mpf(v) for k, v in dict(w1="0.2", w2="0.3", w3="0.25", w4="0.45", w5="0.5", w6="0.35", w7="0.6", w8="0.55").items()}
b1, b2 = mpf("0.4"), mpf("0.3")
t1, t2 = mpf("0.05"), mpf("0.9")
eta = mpf("0.5")
N = 9


def forward(w):
    nh1 = w["w1"] * i1 + w["w2"] * i2 + b1
    nh2 = w["w3"] * i1 + w["w4"] * i2 + b1
    h1, h2 = sigmoid(nh1), sigmoid(nh2)
    no1 = w["w5"] * h1 + w["w6"] * h2 + b2
    no2 = w["w7"] * h1 + w["w8"] * h2 + b2
    o1, o2 = sigmoid(no1), sigmoid(no2)
    e1, e2 = (t1 - o1) ** 2 / 2, (t2 - o2) ** 2 / 2
    return dict(nh1=nh1, nh2=nh2, h1=h1, h2=h2, no1=no1, no2=no2, o1=o1, o2=o2, e1=e1, e2=e2, E=e1 + e2)


f = forward(w)
dEo1, dEo2 = f["o1"] - t1, f["o2"] - t2
do1, do2 = f["o1"] * (1 - f["o1"]), f["o2"] * (1 - f["o2"])
d1, d2 = dEo1 * do1, dEo2 * do2                       # dE/dnet_o
SWAP_TRUE = rnd(f["h2"], N)
SWAP_DOC = SWAP_TRUE[:5] + SWAP_TRUE[6] + SWAP_TRUE[5] + SWAP_TRUE[7:]   # two digits swapped
assert SWAP_DOC != SWAP_TRUE
h2_doc = mpf(SWAP_DOC)
g = dict(w5=d1 * f["h1"], w6=d1 * h2_doc, w7=d2 * f["h1"], w8=d2 * f["h2"])
g_true_w6 = d1 * f["h2"]
dh1 = d1 * w["w5"] + d2 * w["w7"]
dh2 = d1 * w["w6"] + d2 * w["w8"]
dnh1, dnh2 = f["h1"] * (1 - f["h1"]), f["h2"] * (1 - f["h2"])
g.update(w1=dh1 * dnh1 * i1, w2=dh1 * dnh1 * i2, w3=dh2 * dnh2 * i1, w4=dh2 * dnh2 * i2)
new = {k: w[k] - eta * g[k] for k in w}
new_true_w6 = w["w6"] - eta * g_true_w6
f2 = forward(new)
new_true = dict(new, w6=new_true_w6)
f2_true = forward(new_true)
# NumPy float64 check of the slip-free step
sg = lambda z: 1 / (1 + np.exp(-z))
W1n = np.array([[0.2, 0.3], [0.25, 0.45]]); W2n = np.array([[0.5, 0.35], [0.6, 0.55]]); xn = np.array([0.1, 0.5]); tn = np.array([0.05, 0.9])
hn = sg(W1n @ xn + 0.4); on = sg(W2n @ hn + 0.3)
do = (on - tn) * on * (1 - on); gW2 = np.outer(do, hn); dh = (W2n.T @ do) * hn * (1 - hn); gW1 = np.outer(dh, xn)
np_same([g["w5"], g_true_w6, g["w7"], g["w8"]], gW2.ravel()); np_same([g["w1"], g["w2"], g["w3"], g["w4"]], gW1.ravel())

d = Doc("velog-backprop-222-ko", "md",
        "Korean velog post in the manner of the classic step-by-step backpropagation example: a 2-2-2 sigmoid network "
        "(inputs 0.1, 0.5, shared biases), forward pass, squared error, every chain-rule factor for w5..w8 and w1..w4 "
        "printed to 9 decimals, the SGD update with learning rate 0.5, and the total error after the step; one planted slip",
        "2-2-2 MLP, sigmoid everywhere, E = sum 1/2 (t - o)^2, one SGD step (eta = 0.5), biases not updated, hidden gradients use the old w5..w8",
        "exact",
        note=f"planted slip: when out_h2 = {SWAP_TRUE} is restated in the w6 line it is copied as {SWAP_DOC} (two digits swapped); "
             "dE/dw6 and the updated w6 are propagated, and so is the error after the update (it uses the updated w6); everything else is correct",
        gen=Path(__file__).name)
add = d.add
r = lambda v: rnd(v, N)
add("# [딥러닝 기초] 역전파를 손으로 한 번 끝까지 계산해 보기 (2-2-2 신경망)")
add("")
add("> 2024년 3월 9일 · 읽는 데 12분", nots=["2024", "3", "9", "12"])
add("")
add("트랜스포머 공부하다가 결국 역전파에서 막혀서, 유명한 역전파 예제 글처럼 작은 신경망 하나를 잡고 **숫자로 끝까지** 따라가 봤습니다.")
add("가중치와 입력값은 제가 새로 정했어요. 계산은 소수점 아래 9자리까지 적었습니다.", nots=["9"])
add("")
add("## 0. 네트워크와 초깃값")
add("")
add("입력 2개, 은닉 2개, 출력 2개이고 활성화 함수는 전부 시그모이드입니다.", nots=["2", "2", "2"])
add("")
rows = [["i1", "0.1"], ["i2", "0.5"], ["w1, w2 (→h1)", "0.2, 0.3"], ["w3, w4 (→h2)", "0.25, 0.45"], ["b1", "0.4"],
        ["w5, w6 (→o1)", "0.5, 0.35"], ["w7, w8 (→o2)", "0.6, 0.55"], ["b2", "0.3"], ["target o1, o2", "0.05, 0.9"], ["학습률 η", "0.5"]]
for ln in md_table(["항목", "값"], rows):
    add(ln)
add("")
add("## 1. 순전파 (Forward pass)")
add("")
add("```")
add(f"net_h1 = w1*i1 + w2*i2 + b1 = 0.2*0.1 + 0.3*0.5 + 0.4 = {exact(f['nh1'])}", claims=[(exact(f["nh1"]), "net_h1", "correct")],
    opts=["0.2", "0.1", "0.3", "0.5", "0.4"], nots=["1", "2", "1", "2", "1"])
add(f"out_h1 = 1 / (1 + e^(-{exact(f['nh1'])})) = {r(f['h1'])}", claims=[(r(f["h1"]), "out_h1", "correct")], opts=["-" + exact(f["nh1"])], nots=["1", "1", "1"])
add(f"net_h2 = w3*i1 + w4*i2 + b1 = 0.25*0.1 + 0.45*0.5 + 0.4 = {exact(f['nh2'])}", claims=[(exact(f["nh2"]), "net_h2", "correct")],
    opts=["0.25", "0.1", "0.45", "0.5", "0.4"], nots=["2", "3", "1", "4", "2", "1"])
add(f"out_h2 = 1 / (1 + e^(-{exact(f['nh2'])})) = {r(f['h2'])}", claims=[(r(f["h2"]), "out_h2", "correct")], opts=["-" + exact(f["nh2"])], nots=["2", "1", "1"])
add("")
add(f"net_o1 = w5*out_h1 + w6*out_h2 + b2 = 0.5*{r(f['h1'])} + 0.35*{r(f['h2'])} + 0.3 = {r(f['no1'])}",
    claims=[(r(f["no1"]), "net_o1", "correct")], opts=["0.5", r(f["h1"]), "0.35", r(f["h2"]), "0.3"])
add(f"out_o1 = {r(f['o1'])}", claims=[(r(f["o1"]), "out_o1", "correct")], nots=["1"])
add(f"net_o2 = w7*out_h1 + w8*out_h2 + b2 = 0.6*{r(f['h1'])} + 0.55*{r(f['h2'])} + 0.3 = {r(f['no2'])}",
    claims=[(r(f["no2"]), "net_o2", "correct")], opts=["0.6", r(f["h1"]), "0.55", r(f["h2"]), "0.3"])
add(f"out_o2 = {r(f['o2'])}", claims=[(r(f["o2"]), "out_o2", "correct")], nots=["2"])
add("```")
add("")
add("## 2. 오차 계산")
add("")
add("```")
add(f"E_o1 = 1/2 * (0.05 - {r(f['o1'])})^2 = {r(f['e1'])}", claims=[(r(f["e1"]), "E_o1", "correct")], opts=["0.05", r(f["o1"])], nots=["1", "1", "2", "2"])
add(f"E_o2 = 1/2 * (0.9 - {r(f['o2'])})^2 = {r(f['e2'])}", claims=[(r(f["e2"]), "E_o2", "correct")], opts=["0.9", r(f["o2"])], nots=["2", "1", "2", "2"])
add(f"E_total = {r(f['e1'])} + {r(f['e2'])} = {r(f['E'])}", claims=[(r(f["E"]), "E_total", "correct")], opts=[r(f["e1"]), r(f["e2"])])
add("```")
add("")
add("## 3. 출력층 가중치 (w5 ~ w8)", nots=["3", "5", "8"])
add("")
add("연쇄 법칙으로 세 개의 항을 곱합니다: ∂E/∂w5 = ∂E/∂out_o1 · ∂out_o1/∂net_o1 · ∂net_o1/∂w5", nots=["5", "1", "1", "1", "1", "5"])
add("")
add("```")
add(f"∂E/∂out_o1 = -(0.05 - {r(f['o1'])}) = {r(dEo1)}", claims=[(r(dEo1), "dE/dout_o1", "correct")], opts=["0.05", r(f["o1"])], nots=["1"])
add(f"∂out_o1/∂net_o1 = {r(f['o1'])} * (1 - {r(f['o1'])}) = {r(do1)}", claims=[(r(do1), "dout_o1/dnet_o1", "correct")], opts=[r(f["o1"])] * 2, nots=["1", "1", "1"])
add(f"∂net_o1/∂w5 = out_h1 = {r(f['h1'])}", opts=[r(f["h1"])], nots=["1", "5", "1"])
add(f"∂E/∂w5 = {r(dEo1)} * {r(do1)} * {r(f['h1'])} = {r(g['w5'])}", claims=[(r(g["w5"]), "dE/dw5", "correct")], opts=[r(dEo1), r(do1), r(f["h1"])], nots=["5"])
add(f"∂E/∂w6 = {r(dEo1)} * {r(do1)} * {SWAP_DOC} = {r(g['w6'])}",
    claims=[(SWAP_DOC, "out_h2 restated in dE/dw6", "wrong"), (r(g["w6"]), "dE/dw6", "propagated")], opts=[r(dEo1), r(do1)], nots=["6"])
add("")
add(f"∂E/∂out_o2 = -(0.9 - {r(f['o2'])}) = {r(dEo2)}", claims=[(r(dEo2), "dE/dout_o2", "correct")], opts=["0.9", r(f["o2"])], nots=["2"])
add(f"∂out_o2/∂net_o2 = {r(f['o2'])} * (1 - {r(f['o2'])}) = {r(do2)}", claims=[(r(do2), "dout_o2/dnet_o2", "correct")], opts=[r(f["o2"])] * 2, nots=["2", "2", "1"])
add(f"∂E/∂w7 = {r(dEo2)} * {r(do2)} * {r(f['h1'])} = {r(g['w7'])}", claims=[(r(g["w7"]), "dE/dw7", "correct")], opts=[r(dEo2), r(do2), r(f["h1"])], nots=["7"])
add(f"∂E/∂w8 = {r(dEo2)} * {r(do2)} * {r(f['h2'])} = {r(g['w8'])}", claims=[(r(g["w8"]), "dE/dw8", "correct")], opts=[r(dEo2), r(do2), r(f["h2"])], nots=["8"])
add("```")
add("")
add("업데이트 (w⁺ = w − η · ∂E/∂w):")
add("")
add("```")
for k in ("w5", "w6", "w7", "w8"):
    v = "propagated" if k == "w6" else "correct"
    add(f"{k}+ = {exact(w[k])} - 0.5 * {paren(r(g[k]))} = {r(new[k])}", claims=[(r(new[k]), f"updated {k}", v)], opts=[exact(w[k]), "0.5", r(g[k])], nots=[k[1]])
add("```")
add("")
add("## 4. 은닉층 가중치 (w1 ~ w4)", nots=["4", "1", "4"])
add("")
add("은닉 뉴런은 두 출력 모두에 영향을 주므로 두 경로의 합을 구합니다. 이때 w5~w8은 **업데이트 전** 값을 씁니다.", nots=["5", "8"])
add("")
add("```")
add(f"δ_o1 = ∂E/∂net_o1 = {r(dEo1)} * {r(do1)} = {r(d1)}", claims=[(r(d1), "delta_o1 = dE/dnet_o1", "correct")], opts=[r(dEo1), r(do1)], nots=["1", "1"])
add(f"δ_o2 = ∂E/∂net_o2 = {r(dEo2)} * {r(do2)} = {r(d2)}", claims=[(r(d2), "delta_o2 = dE/dnet_o2", "correct")], opts=[r(dEo2), r(do2)], nots=["2", "2"])
add("")
add(f"∂E/∂out_h1 = δ_o1*w5 + δ_o2*w7 = {r(d1)}*0.5 + {paren(r(d2))}*0.6 = {r(dh1)}", claims=[(r(dh1), "dE/dout_h1", "correct")], opts=[r(d1), "0.5", r(d2), "0.6"], nots=["1", "1", "5", "2", "7"])
add(f"∂out_h1/∂net_h1 = {r(f['h1'])} * (1 - {r(f['h1'])}) = {r(dnh1)}", claims=[(r(dnh1), "dout_h1/dnet_h1", "correct")], opts=[r(f["h1"])] * 2, nots=["1", "1", "1"])
add(f"∂E/∂w1 = {r(dh1)} * {r(dnh1)} * 0.1 = {r(g['w1'])}", claims=[(r(g["w1"]), "dE/dw1", "correct")], opts=[r(dh1), r(dnh1), "0.1"], nots=["1"])
add(f"∂E/∂w2 = {r(dh1)} * {r(dnh1)} * 0.5 = {r(g['w2'])}", claims=[(r(g["w2"]), "dE/dw2", "correct")], opts=[r(dh1), r(dnh1), "0.5"], nots=["2"])
add("")
add(f"∂E/∂out_h2 = δ_o1*w6 + δ_o2*w8 = {r(d1)}*0.35 + {paren(r(d2))}*0.55 = {r(dh2)}", claims=[(r(dh2), "dE/dout_h2", "correct")], opts=[r(d1), "0.35", r(d2), "0.55"], nots=["2", "1", "6", "2", "8"])
add(f"∂out_h2/∂net_h2 = {r(f['h2'])} * (1 - {r(f['h2'])}) = {r(dnh2)}", claims=[(r(dnh2), "dout_h2/dnet_h2", "correct")], opts=[r(f["h2"])] * 2, nots=["2", "2", "1"])
add(f"∂E/∂w3 = {r(dh2)} * {r(dnh2)} * 0.1 = {r(g['w3'])}", claims=[(r(g["w3"]), "dE/dw3", "correct")], opts=[r(dh2), r(dnh2), "0.1"], nots=["3"])
add(f"∂E/∂w4 = {r(dh2)} * {r(dnh2)} * 0.5 = {r(g['w4'])}", claims=[(r(g["w4"]), "dE/dw4", "correct")], opts=[r(dh2), r(dnh2), "0.5"], nots=["4"])
add("```")
add("")
add("업데이트된 은닉층 가중치:")
add("")
tl = md_table(["가중치", "이전", "이후"], [[k, exact(w[k]), r(new[k])] for k in ("w1", "w2", "w3", "w4")])
add(tl[0]); add(tl[1])
for j, k in enumerate(("w1", "w2", "w3", "w4")):
    add(tl[2 + j], claims=[(r(new[k]), f"updated {k}", "correct")])
add("")
add("## 5. 한 스텝 뒤의 오차")
add("")
pv = "any" if r(f2["E"]) == r(f2_true["E"]) else "propagated"
add(f"새 가중치로 다시 순전파하면 E_total이 {r(f['E'])} → **{r(f2['E'])}** 로 줄어듭니다.", claims=[(r(f["E"]), "E_total before", "correct"), (r(f2["E"]), "E_total after one step", pv)])
add(f"한 번에 {rs(100 * (f['E'] - f2['E']) / f['E'], 2)}% 정도 감소한 셈인데, 이걸 만 번 정도 반복하면 오차가 거의 0에 가까워집니다.",
    claims=[(rs(100 * (f["E"] - f2["E"]) / f["E"], 2), "relative decrease of E_total in percent", "any" if rs(100 * (f["E"] - f2["E"]) / f["E"], 2) == rs(100 * (f["E"] - f2_true["E"]) / f["E"], 2) else "propagated")], nots=["0"])
add("")
add("※ 편향 b1, b2는 이번 글에서는 업데이트하지 않았습니다. 다음 글에서 트랜스포머의 출력층(소프트맥스 + 크로스 엔트로피)으로 넘어가겠습니다.", nots=["1", "2"])
d.write()
