"""Portuguese walkthrough in the 'arrow' style: token -> [a, b], element-by-element products, an inline self-correction."""
from pathlib import Path

import numpy as np

from wlib import *

toks = ["eu", "amo", "café"]
Xs = [["1.0", "0.5"], ["0.2", "1.0"], ["0.8", "0.6"]]
Wqs = [["1", "0.5"], ["0", "1"]]
Wks = [["0.5", "1"], ["1", "0"]]
Wvs = [["1", "0"], ["0.5", "1"]]
X, Wq, Wk, Wv = V(Xs), V(Wqs), V(Wks), V(Wvs)
Q, K, Vm = mm(X, Wq), mm(X, Wk), mm(X, Wv)
S = mm(Q, T(K))
Sc = [[v / mpmath.sqrt(2) for v in r] for r in S]
A = [softmax(r) for r in Sc]
Z = [wsum(a, Vm) for a in A]
Xn = np.array(Xs, float)
Qn, Kn, Vn = Xn @ np.array(Wqs, float), Xn @ np.array(Wks, float), Xn @ np.array(Wvs, float)
Sn = Qn @ Kn.T / np.sqrt(2)
An = np.exp(Sn) / np.exp(Sn).sum(1, keepdims=True)
np_check(Z, An @ Vn)

d = Doc("pt-atencao-setas", "md",
        "Portuguese step-by-step post in the 'arrow' style seen in hand-written walkthroughs: tokens as 'eu → [1.0, 0.5]', every vector-matrix product written element by element, an inline self-correction of a mistyped value vector, scaled scores, softmax and outputs for 'eu amo café' (d = 2)",
        "self-attention with 2x2 projections, scaled by sqrt(2), softmax, context", "exact",
        note="the value vector of 'amo' is first mistyped as [0.7, 1.2] and corrected on the same line ('na verdade'); the retracted numbers are optional claims, the corrected ones are claims; no planted slip")
d.gen = Path(__file__).name
add = d.add
add("# Self-attention do zero: um passo a passo numérico")
add("")
add("*Sem atalhos, sem “é só aplicar a fórmula”. Vamos fazer todas as contas.*")
add("")
add("No post anterior vimos a ideia: cada token vira três vetores, **Query**, **Key** e **Value**, multiplicando o embedding por matrizes aprendidas W_Q, W_K e W_V. Agora vamos às contas com a frase **“eu amo café”**.")
add("")
add("## Configuração")
add("")
add("Cada token tem um embedding de 2 dimensões:", nots=["2"])
add("")
for i, t in enumerate(toks):
    add(f"- {t} → [{Xs[i][0]}, {Xs[i][1]}]")
add("")
add("As matrizes de pesos (2×2):", nots=[])
add("")
add("```")
add("W_Q = [[1, 0.5],     W_K = [[0.5, 1],     W_V = [[1,   0],")
add("       [0, 1  ]]            [1,   0]]            [0.5, 1]]")
add("```")
add("")
add("Para um vetor [a, b] vezes uma matriz 2×2, o resultado é [a×w11 + b×w21, a×w12 + b×w22].", nots=["2", "2"])
add("")


def prod_line(i, M, Ms, R, name):
    a, b = Xs[i]
    expr = f"[{a}×{Ms[0][0]} + {b}×{Ms[1][0]}, {a}×{Ms[0][1]} + {b}×{Ms[1][1]}]"
    return expr


step = 1
for nm, M, Ms, R in (("Query", Wq, Wqs, Q), ("Key", Wk, Wks, K), ("Value", Wv, Wvs, Vm)):
    add(f"## Passo {step}: vetores {nm} (embedding × W_{nm[0]})", nots=[str(step)])
    add("")
    for i, t in enumerate(toks):
        r = [short(v) for v in R[i]]
        expr = prod_line(i, None, Ms, R, nm)
        if nm == "Value" and t == "amo":
            add(f"- {t}: [{Xs[i][0]}, {Xs[i][1]}] · W_V = {expr} = [0.7, 1.2] → na verdade, refazendo a segunda conta: 0.2×0 + 1.0×1 = 1, não 1.2; então [{r[0]}, {r[1]}]",
                claims=[(r[0], f"V[{t}][1]", "correct"), (r[1], f"V[{t}][2]", "correct"), ("1", f"V[{t}][2] (restated in the correction)", "correct")],
                opts=["0.7", "1.2", "1.2"])
        else:
            add(f"- {t}: [{Xs[i][0]}, {Xs[i][1]}] · W_{nm[0]} = {expr} = [{r[0]}, {r[1]}]",
                claims=[(r[j], f"{nm[0]}[{t}][{j+1}]", "correct") for j in range(2)])
    add("")
    add(f"Vetores {nm}:")
    add("")
    for i, t in enumerate(toks):
        r = [short(v) for v in R[i]]
        add(f"- {t} → [{r[0]}, {r[1]}]", claims=[(r[j], f"{nm[0]}[{t}][{j+1}]", "correct") for j in range(2)])
    add("")
    step += 1
add("## Passo 4: scores (Q · K)", nots=["4"])
add("")
add("Cada query faz o produto escalar com todas as keys:")
add("")
for i, t in enumerate(toks):
    add(f"**{t}** (q = [{short(Q[i][0])}, {short(Q[i][1])}]):", opts=[short(Q[i][0]), short(Q[i][1])])
    add("")
    for j, u in enumerate(toks):
        add(f"- {t}·{u} = {short(Q[i][0])}×{short(K[j][0])} + {short(Q[i][1])}×{short(K[j][1])} = {short(S[i][j])}",
            claims=[(short(S[i][j]), f"score[{t},{u}]", "correct")], opts=[short(Q[i][0]), short(K[j][0]), short(Q[i][1]), short(K[j][1])])
    add("")
add("## Passo 5: dividir por √d_k", nots=["5"])
add("")
add("Com d_k = 2, dividimos tudo por √2 ≈ 1.4142:", nots=["2", "2"], opts=["1.4142"])
add("")
for i, t in enumerate(toks):
    cells = [rnd(v, 4) for v in Sc[i]]
    add(f"- {t} → [{', '.join(cells)}]", claims=[(cells[j], f"scaled[{t},{toks[j]}]", "correct") for j in range(3)])
add("")
add("## Passo 6: softmax", nots=["6"])
add("")
add("Exemplo completo para **eu**:")
add("")
e0 = [mpmath.exp(v) for v in Sc[0]]
add(f"- e^{rnd(Sc[0][0], 4)} ≈ {rnd(e0[0], 4)}, e^{rnd(Sc[0][1], 4)} ≈ {rnd(e0[1], 4)}, e^{rnd(Sc[0][2], 4)} ≈ {rnd(e0[2], 4)}",
    claims=[(rnd(e0[j], 4), f"exp(scaled[eu,{toks[j]}])", "correct") for j in range(3)], opts=[rnd(Sc[0][j], 4) for j in range(3)])
add(f"- soma ≈ {rnd(mpmath.fsum(e0), 4)}", claims=[(rnd(mpmath.fsum(e0), 4), "sum of exps, row eu", "correct")])
add(f"- pesos ≈ [{', '.join(rnd(v, 4) for v in A[0])}]", claims=[(rnd(A[0][j], 4), f"weights[eu,{toks[j]}]", "correct") for j in range(3)])
add("")
add("Fazendo o mesmo para as outras linhas:")
add("")
for i, t in enumerate(toks):
    cells = [rnd(v, 4) for v in A[i]]
    add(f"- {t} → [{', '.join(cells)}]", claims=[(cells[j], f"weights[{t},{toks[j]}]", "correct") for j in range(3)])
add("")
add("## Passo 7: saída = pesos × V", nots=["7"])
add("")
for i, t in enumerate(toks):
    w = [rnd(v, 4) for v in A[i]]
    terms = " + ".join(f"{w[j]}×[{short(Vm[j][0])}, {short(Vm[j][1])}]" for j in range(3))
    z = [rnd(v, 4) for v in Z[i]]
    add(f"- {t}: {terms} ≈ [{z[0]}, {z[1]}]", claims=[(z[j], f"out[{t}][{j+1}]", "correct") for j in range(2)],
        opts=w + [short(Vm[j][c]) for j in range(3) for c in range(2)])
add("")
add("## Resumo")
add("")
for i, t in enumerate(toks):
    z = [rnd(v, 4) for v in Z[i]]
    add(f"- {t} → [{Xs[i][0]}, {Xs[i][1]}] virou [{z[0]}, {z[1]}]", claims=[(z[j], f"out[{t}][{j+1}]", "correct") for j in range(2)])
add("")
add("Repare que “eu”, cuja key [1, 1] é a mais longa, recebe o maior peso em todas as linhas. Com embeddings de verdade (768 dimensões no BERT-base) o padrão é bem menos óbvio.", nots=["768"], opts=["1", "1"])
d.write()
