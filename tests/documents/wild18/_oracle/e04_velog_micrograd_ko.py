"""Korean velog post: a micrograd-style Value class (repr rounded to 4 decimals by the author) on one tanh neuron
with a squared loss; every node printed as Value(data=..., grad=...) after L.backward(), then one gradient step
(lr 0.1) on w1, w2, b and the new loss. Exact rounding (float64 program output, checked against the exact
values)."""
import math
from pathlib import Path

from w18lib import *

G = dict(x1="1.5", x2="-0.5", w1="-0.6", w2="0.7", b="0.4", y="0.7")
lr = "0.1"
g = {k: mpf(v) for k, v in G.items()}


def fwd(w1, w2, b):
    a1, a2 = g["x1"] * w1, g["x2"] * w2
    s = a1 + a2
    n = s + b
    o = mpmath.tanh(n)
    e = o - g["y"]
    L = e ** 2
    return dict(x1w1=a1, x2w2=a2, s=s, n=n, o=o, e=e, L=L)


f = fwd(g["w1"], g["w2"], g["b"])
gr = dict(L=mpf(1))
gr["e"] = 2 * f["e"]
gr["o"] = gr["e"]
gr["n"] = gr["o"] * (1 - f["o"] ** 2)
gr["s"] = gr["b"] = gr["n"]
gr["x1w1"] = gr["x2w2"] = gr["s"]
gr["w1"] = gr["x1w1"] * g["x1"]; gr["x1"] = gr["x1w1"] * g["w1"]
gr["w2"] = gr["x2w2"] * g["x2"]; gr["x2"] = gr["x2w2"] * g["w2"]
nw = {k: g[k] - mpf(lr) * gr[k] for k in ("w1", "w2", "b")}
f2 = fwd(nw["w1"], nw["w2"], nw["b"])

# the program's own float64 run
F = {k: float(v) for k, v in G.items()}
fa1, fa2 = F["x1"] * F["w1"], F["x2"] * F["w2"]; fs = fa1 + fa2; fn = fs + F["b"]; fo = math.tanh(fn)
fe = fo - F["y"]; fL = fe ** 2
fg = dict(L=1.0); fg["e"] = 2 * fe; fg["o"] = fg["e"]; fg["n"] = fg["o"] * (1 - fo ** 2)
fg["s"] = fg["b"] = fg["x1w1"] = fg["x2w2"] = fg["n"]
fg["w1"] = fg["n"] * F["x1"]; fg["x1"] = fg["n"] * F["w1"]; fg["w2"] = fg["n"] * F["x2"]; fg["x2"] = fg["n"] * F["w2"]
fv = dict(x1w1=fa1, x2w2=fa2, s=fs, n=fn, o=fo, e=fe, L=fL, **{k: F[k] for k in ("x1", "x2", "w1", "w2", "b")})
for k in ("x1w1", "x2w2", "s", "n", "o", "e", "L"):
    agree([f[k]], [fv[k]])
for k in fg:
    agree([gr[k]], [fg[k]])
fnw = {k: F[k] - 0.1 * fg[k] for k in ("w1", "w2", "b")}
agree([nw[k] for k in fnw], [fnw[k] for k in fnw])
fo2 = math.tanh(F["x1"] * fnw["w1"] + F["x2"] * fnw["w2"] + fnw["b"]); fL2 = (fo2 - F["y"]) ** 2
agree([f2["o"], f2["L"]], [fo2, fL2])

d = Doc("velog-micrograd-ko", "md",
        "Korean velog post: a micrograd-style Value class with a 4-decimal repr on a tanh neuron with loss (o - y)^2; "
        "every node printed as Value(data=..., grad=...) after L.backward(), the tanh derivative checked by hand, "
        "one step with lr 0.1 and the new loss",
        "one tanh neuron n = x1 w1 + x2 w2 + b, o = tanh(n), L = (o - y)^2, one gradient step lr 0.1",
        script=Path(__file__).name)
A = d
A("# 🧮 micrograd 따라 만들기 (2) — backward()를 손으로 검산해 보기")
A("")
A("dev_haneul · 2024년 9월 22일", nots=["2024", "9", "22"])
A("")
A("`딥러닝` `자동미분` `micrograd` `python`")
A("")
A("> 📚 **micrograd 따라 만들기** 시리즈 2/4", nots=["2", "4"])
A("")
A("## 🤔 지난 글 요약")
A("")
A("지난 글에서는 `+`, `*`, `tanh`만 지원하는 `Value` 클래스를 만들었다. 이번에는 뉴런 하나에 손실까지 붙여서 "
  "`backward()`가 계산한 기울기가 정말 맞는지 손으로 확인해 본다.")
A("")
A("> 💡 출력이 너무 길어서 `__repr__`은 소수 넷째 자리까지만 찍도록 바꿨다.")
A("")
A("```python")
A("def __repr__(self):")
A("    return f\"Value(data={self.data:.4f}, grad={self.grad:.4f})\"", nots=["4", "4"])
A("```")
A("")
A("## 🧱 그래프 만들기")
A("")
A("```python")
for k in ("x1", "x2", "w1", "w2", "b"):
    A(f"{k} = Value({G[k]}, label='{k}')")
A("")
A("x1w1 = x1 * w1")
A("x2w2 = x2 * w2")
A("s = x1w1 + x2w2")
A("n = s + b")
A("o = n.tanh()")
A(f"L = (o - {G['y']}) ** 2   # 정답 y = {G['y']}", nots=["2"])
A("L.backward()")
A("")
A("for v in [L, o, n, s, x1w1, x2w2, b, w1, x1, w2, x2]:")
A("    print(v.label, v)")
A("```")
A("")
A("출력:")
A("")
A("```")
order = [("L", "L"), ("o", "o"), ("n", "n"), ("s", "s"), ("x1w1", "x1w1"), ("x2w2", "x2w2"),
         ("b", None), ("w1", None), ("x1", None), ("w2", None), ("x2", None)]
for k, q in order:
    if q is None:
        dv = pyfmt(g[k], F[k]); gv = pyfmt(gr[k], fg[k])
        A(f"{k} Value(data={dv}, grad={gv})", claims=[(gv, f"grad.{k}", "correct")], opts=[dv])
    else:
        dv = pyfmt(f[k], fv[k]); gv = pyfmt(gr[k], fg[k])
        cl = [(dv, k, "correct")]
        if k == "L":
            A(f"{k} Value(data={dv}, grad={gv})", claims=cl, nots=[gv])
        else:
            A(f"{k} Value(data={dv}, grad={gv})", claims=cl + [(gv, f"grad.{k}", "correct")])
A("```")
A("")
A("## ✍️ 손으로 검산")
A("")
o4, n4 = pyfmt(f["o"], fo), pyfmt(gr["n"], fg["n"])
A(f"1. $\\partial L/\\partial o = 2(o - y) = 2({o4} - {G['y']}) = {R(gr['o'])}$",
  claims=[(R(gr["o"]), "grad.o", "correct")], opts=[o4, G["y"]], nots=["1", "2", "2"])
A(f"2. tanh의 미분은 $1 - o^2 = 1 - ({o4})^2 = {R(1 - f['o'] ** 2)}$",
  claims=[(R(1 - f["o"] ** 2), "dtanh", "correct")], opts=[o4], nots=["2", "1", "1", "2"])
A(f"3. 그래서 $\\partial L/\\partial n = {R(gr['o'])} \\times {R(1 - f['o'] ** 2)} = {R(gr['n'])}$ — 출력의 `n` grad와 같다.",
  claims=[(R(gr["n"]), "grad.n", "correct")], opts=[R(gr["o"]), R(1 - f["o"] ** 2)], nots=["3"])
A("4. `+` 노드는 기울기를 그대로 흘려보내므로 `s`, `b`, `x1w1`, `x2w2`도 전부 같은 값.", nots=["4"])
A(f"5. `*` 노드는 상대편 값을 곱한다: $\\partial L/\\partial w_1 = {R(gr['n'])} \\times {G['x1']} = {R(gr['w1'])}$, "
  f"$\\partial L/\\partial x_1 = {R(gr['n'])} \\times ({G['w1']}) = {R(gr['x1'])}$",
  claims=[(R(gr["w1"]), "grad.w1", "correct"), (R(gr["x1"]), "grad.x1", "correct")],
  opts=[R(gr["n"]), G["x1"], R(gr["n"]), G["w1"]], nots=["5", "1", "1"])
A("")
A("전부 맞는다 🎉")
A("")
A("## 🏃 한 스텝 학습")
A("")
A("```python")
A(f"lr = {lr}", nots=[lr])
A("for p in [w1, w2, b]:")
A("    p.data -= lr * p.grad")
A("    p.grad = 0.0", nots=["0.0"])
A("```")
A("")
A("```")
for k in ("w1", "w2", "b"):
    v = pyfmt(nw[k], fnw[k])
    A(f"{k}: {G[k]} -> {v}", claims=[(v, f"step1.{k}", "correct")], opts=[G[k]])
A("```")
A("")
L2 = pyfmt(f2["L"], fL2); o2 = pyfmt(f2["o"], fo2)
A(f"다시 forward를 돌리면 o = {o2}, 손실은 {pyfmt(f['L'], fL)} → {L2} 로 줄었다.",
  claims=[(o2, "step1.o", "correct"), (pyfmt(f["L"], fL), "L", "correct"), (L2, "step1.L", "correct")])
A("")
A("다음 글에서는 `Neuron`, `Layer`, `MLP` 클래스를 만들어 4개짜리 데이터셋을 학습시켜 볼 예정이다.", nots=["4"])
A("")
A("---")
A("")
A("♥ 8 · 💬 2", nots=["8", "2"])
d.save()
