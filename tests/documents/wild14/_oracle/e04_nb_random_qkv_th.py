"""Thai Jupyter notebook (nbformat 4), PyTorch with torch.set_printoptions(precision=3): Wq/Wk/Wv from torch.randn,
never printed; Q, K, V printed (so they are the givens, rounded to 3 decimals: givens_rounded); raw scores, scaled
scores, weights and outputs printed to 3 decimals. The tokens are named only in a Markdown sentence."""
from pathlib import Path

from w14lib import *

toks = ["ฉัน", "ชอบ", "แมว"]
Qp = [["0.412", "-1.203"], ["1.087", "0.356"], ["-0.634", "0.921"]]
Kp = [["0.275", "0.848"], ["-0.917", "0.143"], ["0.562", "-0.388"]]
Vp = [["1.134", "-0.271"], ["0.059", "0.786"], ["-0.483", "1.292"]]
rs = np.random.RandomState(14)
hid = lambda M: [[mpf(v) + mpf(str(round(float(rs.uniform(-4.9e-4, 4.9e-4)), 7))) for v in r] for r in M]
Q, K, V = hid(Qp), hid(Kp), hid(Vp)
for P_, M in ((Qp, Q), (Kp, K), (Vp, V)):   # the printed givens are the hidden values rounded
    assert [[rnd(v, 3) for v in r] for r in M] == P_
c = mpmath.sqrt(2)
S, Sc, E, Z, W, C = sdpa(Q, K, V, scale=c)
Qn, Kn, Vn = (np.array(M, dtype=object).astype(float) for M in (Q, K, V))
agree(S, Qn @ Kn.T); agree(Sc, Qn @ Kn.T / np.sqrt(2)); agree(W, np_softmax(Qn @ Kn.T / np.sqrt(2)))
agree(C, np_softmax(Qn @ Kn.T / np.sqrt(2)) @ Vn)

d = Doc("nb-random-qkv-th", "ipynb",
        "Thai Jupyter notebook, PyTorch precision=3: random projections never printed, Q/K/V printed (givens, "
        "rounded), raw and scaled scores, weights, outputs to 3 decimals; tokens named in a Markdown sentence",
        "attention from Q, K, V given directly (printed rounded to 3 decimals), scaled by sqrt(2), over the tokens "
        "ฉัน, ชอบ, แมว",
        script=Path(__file__).name, givens_rounded=True)
nb = Notebook(d, {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                  "language_info": {"name": "python", "version": "3.11.7"}})


def tl(nm, M, qty, opt=False):
    lines, txt = torch_lines([[m for m in r] for r in M], nd=3)
    out = []
    for i, (ln, row) in enumerate(zip(lines, txt)):
        if qty is None:
            out.append(L(ln))
        elif opt:
            out.append(L(ln, opts=row))
        else:
            out.append(L(ln, claims=[(v, qty(i, j), "correct") for j, v in enumerate(row)]))
    return out


nb.md(["# Self-Attention แบบง่าย ๆ ด้วย PyTorch", "",
       "โน้ตบุ๊กนี้ทำตามสมการ $\\text{softmax}(QK^T/\\sqrt{d_k})V$ ทีละขั้น ประโยคตัวอย่างคือ \"ฉัน ชอบ แมว\" "
       "(3 โทเคน เรียงตามลำดับแถว)"])
nb.code(["import torch", "import math", "torch.manual_seed(7)", "torch.set_printoptions(precision=3)"],
        result=["<torch._C.Generator at 0x7f3c2a1b5e30>"])
nb.md(["## 1. สร้าง Q, K, V", "",
       "น้ำหนัก $W^Q, W^K, W^V$ สุ่มจาก `torch.randn` (ไม่ได้พิมพ์ออกมา) และ $d_{model} = 4$, $d_k = 2$"])
nb.code(["x = torch.randn(3, 4)", "W_q = torch.randn(4, 2)", "W_k = torch.randn(4, 2)", "W_v = torch.randn(4, 2)",
         "", "Q = x @ W_q", "K = x @ W_k", "V = x @ W_v", "print(x.shape, Q.shape)"],
        stdout=[L("torch.Size([3, 4]) torch.Size([3, 2])", nots=["3", "4", "2"])])
nb.code(["print(\"Q =\", Q)"], stdout=[L("Q = " + l[0]) if i == 0 else l for i, l in
                                      enumerate(tl("Q", Qp, None))])
nb.code(["print(\"K =\", K)"], stdout=[L("K = " + l[0]) if i == 0 else l for i, l in
                                      enumerate(tl("K", Kp, None))])
nb.code(["print(\"V =\", V)"], stdout=[L("V = " + l[0]) if i == 0 else l for i, l in
                                      enumerate(tl("V", Vp, None))])
nb.md(["## 2. คะแนน (scores)", "", "คูณ $Q$ กับ $K^T$ ก่อน แล้วค่อยหารด้วย $\\sqrt{d_k}$"])
nb.code(["scores = Q @ K.T", "scores"],
        result=tl("S", S, lambda i, j: f"scores[{toks[i]},{toks[j]}]"))
nb.code(["d_k = K.shape[-1]", "scaled = scores / math.sqrt(d_k)", "scaled"],
        result=tl("Sc", Sc, lambda i, j: f"scaled[{toks[i]},{toks[j]}]"))
nb.md(["## 3. Softmax", "", "แต่ละแถวรวมกันได้ 1"])
nb.code(["weights = torch.softmax(scaled, dim=-1)", "weights"],
        result=tl("W", W, lambda i, j: f"weights[{toks[i]},{toks[j]}]"))
nb.code(["weights.sum(dim=-1)"], result=[L("tensor([1.000, 1.000, 1.000])", nots=["1.000"])])
nb.md(["## 4. ผลลัพธ์", "", "เวกเตอร์ใหม่ของแต่ละโทเคน = ผลรวมถ่วงน้ำหนักของแถวใน $V$"])
nb.code(["out = weights @ V", "out"], result=tl("C", C, lambda i, j: f"context[{toks[i]}][{j + 1}]"))
w = rnd(W[2][0], 3)
nb.md([L(f"สังเกตว่า \"แมว\" ให้น้ำหนักกับ \"ฉัน\" เท่ากับ {w}", claims=[(w, f"weights[แมว,ฉัน]", "correct")])])
nb.save()
