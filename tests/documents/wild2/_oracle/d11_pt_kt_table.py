"""Portuguese blog post: K shown transposed as a Kᵀ table, the score matrix printed in a code block, 0-based
indices in the prose (S[0][1], 'linha 2'), then softmax and outputs."""
from pathlib import Path

import numpy as np

from w2lib import *

toks = ["eu", "gosto", "de", "café"]
Qs = [["0.8", "0.2"], ["-0.3", "0.9"], ["0.5", "0.5"], ["1.1", "-0.4"]]
Ks = [["0.6", "-0.1"], ["0.3", "0.8"], ["-0.2", "0.4"], ["0.9", "0.7"]]
Vs = [["1.0", "0.0"], ["0.2", "1.4"], ["-0.6", "0.3"], ["0.5", "-0.8"]]
Q, K, V = M(Qs), M(Ks), M(Vs)
S = matmul(Q, tr(K))
Sc = [[v / mpmath.sqrt(2) for v in r] for r in S]
A = [smax(r) for r in Sc]
O = matmul(A, V)
Sn = np.array(Qs, float) @ np.array(Ks, float).T / np.sqrt(2)
An = np.exp(Sn) / np.exp(Sn).sum(1, keepdims=True)
np_same(A, An); np_same(O, An @ np.array(Vs, float))

d = Doc("blog-kt-indices-pt", "md",
        "Portuguese blog post (Markdown): Q, K, V given for 'eu gosto de café'; K shown transposed as a Kᵀ table "
        "(restated givens), the 4x4 score matrix printed in a code block with [i][j] labels, 0-based indices in the "
        "prose (S[0][1], 'linha 2'), scaling by sqrt(2), softmax (3 decimals) and outputs",
        "softmax(Q K^T / sqrt(2)) V, Q, K, V given", "exact",
        note="no planted slip; the Kᵀ table restates the given K (optional); row/column indices 0..3 and the d_k = 2 setting are filler",
        gen=Path(__file__).name)
add = d.add
add("---")
add('title: "Atenção passo a passo: por que Kᵀ?"')
add("author: Rafaela M.")
add("date: 2024-05-22", nots=["2024", "05", "22"])
add("---")
add("")
add("Quem vem de álgebra linear costuma travar num detalhe bobo: **por que o K aparece transposto** na fórmula da atenção?")
add("Vamos ver com números. Frase: *eu gosto de café*, quatro tokens, numerados de 0 a 3 (como em Python).", nots=["0", "3"])
add("")
add("## As matrizes de entrada")
add("")
add("Já saíram das projeções lineares (d_k = 2):", nots=["2"])
add("")
tl = md_table(["i", "token", "Q", "K", "V"], [[str(i), t, f"({Qs[i][0]}, {Qs[i][1]})", f"({Ks[i][0]}, {Ks[i][1]})", f"({Vs[i][0]}, {Vs[i][1]})"] for i, t in enumerate(toks)])
add(tl[0]); add(tl[1])
for i in range(4):
    add(tl[2 + i], nots=[str(i)])
add("")
add("## Kᵀ: as chaves viram colunas")
add("")
add("Transpondo K, cada **coluna** passa a ser a chave de um token:")
add("")
tl = md_table(["Kᵀ", "col 0 (eu)", "col 1 (gosto)", "col 2 (de)", "col 3 (café)"],
              [[f"linha {r}"] + [Ks[j][r] for j in range(4)] for r in range(2)])
add(tl[0], nots=["0", "1", "2", "3"]); add(tl[1])
for r in range(2):
    add(tl[2 + r], opts=[Ks[j][r] for j in range(4)], nots=[str(r)])
add("")
add("Assim, Q (4×2) vezes Kᵀ (2×4) dá uma matriz 4×4 em que S[i][j] é o produto escalar da query i com a chave j.", nots=["4", "2", "2", "4", "4", "4"])
add("")
add(f"Por exemplo, S[0][1] = {Qs[0][0]}·{Ks[1][0]} + {Qs[0][1]}·{Ks[1][1]} = {exact(S[0][1])} e "
    f"S[3][2] = {Qs[3][0]}·({Ks[2][0]}) + ({Qs[3][1]})·{Ks[2][1]} = {exact(S[3][2])}.",
    claims=[(exact(S[0][1]), "S[0][1]", "correct"), (exact(S[3][2]), "S[3][2]", "correct")],
    opts=[Qs[0][0], Ks[1][0], Qs[0][1], Ks[1][1], Qs[3][0], Ks[2][0], Qs[3][1], Ks[2][1]], nots=["0", "1", "3", "2"])
add("")
add("## A matriz de scores")
add("")
add("```")
add("        [0]     [1]     [2]     [3]", nots=["0", "1", "2", "3"])
for i in range(4):
    add(f"[{i}]  " + "  ".join(exact(v).rjust(6) for v in S[i]), claims=[(exact(S[i][j]), f"S[{i}][{j}]", "correct") for j in range(4)], nots=[str(i)])
add("```")
add("")
add(f"Dividindo por √2 ≈ {rnd(mpmath.sqrt(2), 3)} e aplicando a softmax em cada linha:", claims=[(rnd(mpmath.sqrt(2), 3), "sqrt(2)", "correct")], nots=["2"])
add("")
add("```")
add("        [0]     [1]     [2]     [3]", nots=["0", "1", "2", "3"])
for i in range(4):
    add(f"[{i}]  " + "  ".join(rnd(v, 3).rjust(6) for v in A[i]), claims=[(rnd(A[i][j], 3), f"A[{i}][{j}]", "correct") for j in range(4)], nots=[str(i)])
add("```")
add("")
b2 = max(range(4), key=lambda j: A[2][j])
add(f"Repare na linha 2 (*de*): o maior peso, {rnd(A[2][b2], 3)}, vai para a coluna {b2} (*{toks[b2]}*). "
    f"Já a linha 0 está quase dividida entre as colunas 0 e 3 ({rnd(A[0][0], 3)} e {rnd(A[0][3], 3)}).",
    claims=[(rnd(A[2][b2], 3), f"A[2][{b2}]", "correct"), (rnd(A[0][0], 3), "A[0][0]", "correct"), (rnd(A[0][3], 3), "A[0][3]", "correct")],
    nots=["2", str(b2), "0", "0", "3"])
add("")
add("## Saída")
add("")
add("Cada linha da saída é a média ponderada das linhas de V:")
add("")
tl = md_table(["i", "token", "saída"], [[str(i), toks[i], f"({rnd(O[i][0], 3)}, {rnd(O[i][1], 3)})"] for i in range(4)])
add(tl[0]); add(tl[1])
for i in range(4):
    add(tl[2 + i], claims=[(rnd(O[i][c], 3), f"out[{i}][{c}]", "correct") for c in range(2)], nots=[str(i)])
add("")
add("Resumindo: Kᵀ existe só para que a multiplicação de matrizes faça *todos* os produtos escalares query × chave de uma vez.")
add("")
add("> Se gostou, o próximo post é sobre a máscara causal (o famoso triângulo de −∞).")
d.write()
