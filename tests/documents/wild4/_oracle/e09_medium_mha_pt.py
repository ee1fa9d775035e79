"""Portuguese Medium-style post: multi-head attention with 2 heads, d_model = 4 (head size 2, heads split by columns of
W_Q, W_K, W_V), concat and W_O, every matrix printed as a LaTeX bmatrix with one row per line and a % comment naming the
token. Chained rounding. One planted slip in head 2's softmax (a weight of 'amo' with digits swapped), carried into
head 2's output, the concatenation and the final output of 'amo'."""
from pathlib import Path

import numpy as np

from w4lib import *

tok = ["eu", "amo", "café"]
Xs = [["0.2", "0.8", "-0.4", "0.1"], ["0.9", "-0.3", "0.5", "0.6"], ["-0.5", "0.4", "0.7", "0.3"]]
WQs = [["0.3", "-0.2", "0.5", "0.1"], ["0.4", "0.6", "-0.3", "0.2"], ["-0.1", "0.5", "0.2", "0.7"], ["0.6", "0.1", "-0.4", "0.3"]]
WKs = [["0.5", "0.2", "-0.3", "0.4"], ["-0.2", "0.7", "0.1", "0.3"], ["0.4", "-0.1", "0.6", "-0.5"], ["0.1", "0.3", "0.2", "0.6"]]
WVs = [["0.7", "-0.4", "0.2", "0.5"], ["0.1", "0.3", "0.8", "-0.2"], ["-0.3", "0.6", "0.4", "0.1"], ["0.5", "0.2", "-0.6", "0.3"]]
WOs = [["0.4", "0.1", "-0.2", "0.3"], ["-0.3", "0.5", "0.2", "0.1"], ["0.2", "-0.4", "0.6", "0.5"], ["0.1", "0.3", "-0.1", "0.7"]]
X, WQ, WK, WV, WO = M(Xs), M(WQs), M(WKs), M(WVs), M(WOs)
Q, K, V = matmul(X, WQ), matmul(X, WK), matmul(X, WV)
sq2 = mpmath.sqrt(2)
SLIP_H, SLIP_I, SLIP_J = 1, 1, 1          # head 2, query 'amo', key 'amo'


def chain(slip: bool):
    """every step from the printed values of the step before; returns the printed texts"""
    out = {}
    heads = []
    for h in range(2):
        Qh, Kh, Vh = cols(Q, 2 * h, 2 * h + 2), cols(K, 2 * h, 2 * h + 2), cols(V, 2 * h, 2 * h + 2)
        S = matmul(Qh, transpose(Kh))
        s_t = [[short(v) for v in row] for row in S]
        sc_t = [[r(P(v) / sq2, 4) for v in row] for row in s_t]
        w_t = [[r(v, 4) for v in softmax([P(c) for c in row])] for row in sc_t]
        if slip and h == SLIP_H:
            t = w_t[SLIP_I][SLIP_J]
            w_t[SLIP_I][SLIP_J] = t[:-2] + t[-1] + t[-2]
            assert w_t[SLIP_I][SLIP_J] != t
        o_t = [[r(v, 4) for v in row] for row in matmul([[P(c) for c in row] for row in w_t], Vh)]
        out[h] = (s_t, sc_t, w_t, o_t)
        heads.append(o_t)
    concat = [heads[0][i] + heads[1][i] for i in range(3)]
    fin = [[r(v, 5) for v in row] for row in matmul([[P(c) for c in row] for row in concat], WO)]
    return out, concat, fin


clean, clean_cat, clean_fin = chain(False)
slipd, slip_cat, slip_fin = chain(True)
# NumPy float64 check of the exact (unchained, slip-free) path
Xn = np.array(Xs, float); Qn, Kn, Vn = Xn @ np.array(WQs, float), Xn @ np.array(WKs, float), Xn @ np.array(WVs, float)
heads_n = []
for h in range(2):
    s = Qn[:, 2*h:2*h+2] @ Kn[:, 2*h:2*h+2].T / np.sqrt(2); a = np.exp(s) / np.exp(s).sum(1, keepdims=True)
    heads_n.append(a @ Vn[:, 2*h:2*h+2])
    check_np([[P(c) for c in row] for row in clean[h][2]], a, tol=1e-4)
fin_n = np.concatenate(heads_n, 1) @ np.array(WOs, float)
check_np([[P(c) for c in row] for row in clean_fin], fin_n, tol=5e-4)

tx = slipd[SLIP_H][2][SLIP_I][SLIP_J]
d = Doc("medium-mha-bmatrix-pt", "md",
        "Portuguese Medium-style post (title, subtitle, author line with reading time and claps, figure captions, "
        "$$\\begin{bmatrix}...\\end{bmatrix}$$ with one row per line and a % comment naming the token): multi-head "
        "attention with 2 heads, d_model = 4, head size 2 (heads take columns 1-2 and 3-4 of Q, K, V), scores, "
        "/sqrt(2), softmax, head outputs, concatenation, times W_O; chained rounding; one planted slip",
        "MultiHead(X) = Concat(head_1, head_2) W_O, head_h = softmax(Q_h K_h^T / sqrt(2)) V_h, Q = XW_Q, K = XW_K, "
        "V = XW_V split by columns", "chained",
        note=f"planted slip: in head 2 the weight of query 'amo' on key '{tok[SLIP_J]}' is written {tx} instead of "
             f"{clean[SLIP_H][2][SLIP_I][SLIP_J]} (last two digits swapped, so the row no longer sums to 1); head 2's "
             f"output row for 'amo', the 'amo' row of the concatenation (columns 3-4) and the final output row of 'amo' "
             f"are computed from the printed slip (propagated, or 'any' where they print as without the slip); head 1 "
             f"and the rows of 'eu' and 'café' are unaffected",
        gen=Path(__file__).name)
add = d.add


def bmatrix(lhs, rows, labels=None, claims_of=None, opts_given=False):
    add("$$")
    add(f"{lhs} = \\begin{{bmatrix}}")
    for i, row in enumerate(rows):
        end = " \\\\" if i < len(rows) - 1 else ""
        com = f" % {labels[i]}" if labels else ""
        cl = claims_of(i) if claims_of else []
        add(" & ".join(row) + end + com, claims=cl, opts=(row if opts_given else ()))
    add("\\end{bmatrix}")
    add("$$")


add("# Multi-head attention na mão: duas cabeças, quatro dimensões")
add("")
add("## Ninguém entende multi-head de verdade até fazer as contas uma vez. Então vamos fazer.")
add("")
add("Marina Duarte · Follow · 8 min read · 12 de março de 2024", nots=["8", "12", "2024"])
add("")
add("👏 214   💬 9", nots=["214", "9"])
add("")
add("No post anterior fizemos a atenção com uma cabeça só. Hoje a ideia é mostrar o que muda com **duas cabeças**:")
add("cada cabeça olha para um pedaço diferente das projeções, e no fim juntamos tudo com uma matriz W_O.")
add("")
add("A frase é \"eu amo café\". Cada token tem um embedding de dimensão 4 (d_model = 4), e com 2 cabeças cada uma",
    nots=["4", "4", "2"])
add("trabalha com d_k = 4 / 2 = 2.", nots=["4", "2", "2"])
add("")
add("## Os dados")
add("")
bmatrix("X", Xs, tok, opts_given=True)
add("")
add("As três matrizes de projeção (4×4). As colunas 1–2 pertencem à cabeça 1 e as colunas 3–4 à cabeça 2:",
    nots=["4", "4", "1", "2", "1", "3", "4", "2"])
add("")
for nm, W in (("W_Q", WQs), ("W_K", WKs), ("W_V", WVs)):
    bmatrix(nm, W, opts_given=True)
    add("")
add("E a matriz de saída:")
add("")
bmatrix("W_O", WOs, opts_given=True)
add("")
add("## Passo 1: projeções")
add("")
add("Multiplicamos X por cada matriz. Como os números de entrada têm uma casa decimal, aqui tudo sai exato:")
add("")
for nm, Mx, lab in (("Q = XW_Q", Q, "Q"), ("K = XW_K", K, "K"), ("V = XW_V", V, "V")):
    rows = [[short(v) for v in row] for row in Mx]
    bmatrix(nm, rows, tok, claims_of=lambda i, rows=rows, lab=lab: [(rows[i][c], f"{lab}[{tok[i]}][{c+1}]", "correct") for c in range(4)])
    add("")
add("*Figura 1: as colunas da esquerda vão para a cabeça 1, as da direita para a cabeça 2.*", nots=["1", "1", "2"])
add("")
for h in range(2):
    s_t, sc_t, w_t, o_t = slipd[h]
    cw = clean[h][2]
    co = clean[h][3]
    add(f"## Passo {2 + h}: cabeça {h + 1}", nots=[str(2 + h), str(h + 1)])
    add("")
    add(f"Scores Q_{h+1} K_{h+1}^T, já divididos por √2 ≈ {r(sq2, 4)}:",
        claims=[(r(sq2, 4), "sqrt_dk", "correct")], nots=[str(h + 1), str(h + 1), "2"])
    add("")
    bmatrix(f"\\frac{{Q_{h+1} K_{h+1}^T}}{{\\sqrt{{2}}}}", sc_t, tok,
            claims_of=lambda i, sc_t=sc_t, h=h: [(sc_t[i][j], f"L1.attn.h{h+1}.scaled[{tok[i]},{tok[j]}]", "correct") for j in range(3)])
    add("")
    add("Softmax em cada linha:")
    add("")

    def wcl(i, w_t=w_t, cw=cw, h=h):
        out = []
        for j in range(3):
            v = "correct"
            if (h, i, j) == (SLIP_H, SLIP_I, SLIP_J):
                v = "wrong"
            out.append((w_t[i][j], f"L1.attn.h{h+1}.weights[{tok[i]},{tok[j]}]", v))
        return out
    bmatrix(f"A_{h+1}", w_t, tok, claims_of=wcl)
    add("")

    def ocl(i, o_t=o_t, co=co, h=h):
        return [(o_t[i][c], f"L1.attn.h{h+1}.context[{tok[i]}][{c+1}]",
                 verdict_after(o_t[i][c], co[i][c]) if (h == SLIP_H and i == SLIP_I) else "correct") for c in range(2)]
    add(f"Saída da cabeça {h + 1}, A_{h+1} V_{h+1}:", nots=[str(h + 1), str(h + 1), str(h + 1)])
    add("")
    bmatrix(f"\\text{{head}}_{h+1}", o_t, tok, claims_of=ocl)
    add("")
add("## Passo 4: concatenar e projetar")
add("")
add("Colamos as saídas lado a lado (3×2 e 3×2 viram 3×4):", nots=["3", "2", "3", "2", "3", "4"])
add("")


def catcl(i):
    out = []
    for c in range(4):
        v = "correct"
        if i == SLIP_I and c >= 2:
            v = verdict_after(slip_cat[i][c], clean_cat[i][c])
        out.append((slip_cat[i][c], f"L1.attn.concat[{tok[i]}][{c+1}]", v))
    return out


bmatrix("\\text{Concat}", slip_cat, tok, claims_of=catcl)
add("")
add("e multiplicamos por W_O:")
add("")


def fincl(i):
    return [(slip_fin[i][c], f"L1.attn.out[{tok[i]}][{c+1}]",
             verdict_after(slip_fin[i][c], clean_fin[i][c]) if i == SLIP_I else "correct") for c in range(4)]


bmatrix("\\text{MultiHead}(X)", slip_fin, tok, claims_of=fincl)
add("")
add("## O que aprendemos")
add("")
add("- As duas cabeças veem as mesmas palavras, mas com projeções diferentes, e por isso distribuem a atenção de")
add("  jeitos diferentes (compare as linhas de \"amo\" em A_1 e A_2).", nots=["1", "2"])
add("- O custo é o mesmo de uma cabeça com d_k = 4: só dividimos o trabalho.", nots=["4"])
add("- No Transformer original são 8 cabeças com d_model = 512, ou seja d_k = 64.", nots=["8", "512", "64"])
add("")
add("*Se encontrar algum erro nas contas, deixa nos comentários!* 🙏")
d.write()
