"""Brazilian Portuguese lab handout (plain text) with a MATLAB session: self-attention over eu, gosto, de, chá
(d_model 3 -> d_k 2, / sqrt(2)); `>>` prompts, `format short` displays (`Q =`, blank line, '%10.4f' fields),
`ans =` blocks for one dot product and the row sums of E. Exact rounding."""
from pathlib import Path

from w12lib import *

toks = ["eu", "gosto", "de", "chá"]
Xs = [["0.8", "0.1", "0.3"], ["0.2", "0.9", "0.4"], ["0.5", "0.5", "0.1"], ["0.3", "0.2", "0.9"]]
Wqs = [["0.7", "0.2"], ["0.3", "0.8"], ["0.1", "0.5"]]
Wks = [["0.4", "0.6"], ["0.9", "0.1"], ["0.2", "0.7"]]
Wvs = [["0.6", "0.3"], ["0.1", "0.8"], ["0.5", "0.4"]]
a = attention(Xs, Wqs, Wks, Wvs)
E = [[mpmath.exp(x) for x in r] for r in a["Sc"]]
Z = [mpmath.fsum(r) for r in E]
agree(E, np.exp(a["np"]["Sc"]))

d = Doc("matlab-roteiro-pt", "txt",
        "Brazilian Portuguese lab handout (plain text) with a MATLAB session: self-attention over eu, gosto, de, chá, "
        "Wq/Wk/Wv 3 -> 2, / sqrt(2); format short displays and ans = blocks",
        "attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2), over the tokens eu, gosto, de, chá",
        script=Path(__file__).name)
A = d


def show(name, M, qn, verdict=None):
    l, rl, c = matlab_matrix(name, M)
    put(d, l, rl, c, qn, toks, verdict=verdict)
    return c


A("UNIVERSIDADE FEDERAL DO VALE - DEPARTAMENTO DE COMPUTAÇÃO")
A("Aprendizado Profundo (2024/2) - Roteiro de Laboratório 6", nots=["2024", "2", "6"])
A("Autoatenção em MATLAB (ou GNU Octave 8.4)", nots=["8.4"])
A("")
A("Objetivo: reproduzir, no prompt do MATLAB, uma cabeça de atenção com 4 tokens, embeddings de")
A("dimensão 3 e d_k = 2. (No Transformer-base, d_model = 512 e d_k = 64.)", nots=["3", "2", "512", "64"])
A("")
A("1. Entrada")
A("")
A("Cada linha de X é um token da frase \"eu gosto de chá\", nessa ordem.")
A("")
A(">> format short")
A(">> X  = [" + "; ".join(" ".join(r) for r in Xs) + "];")
A(">> Wq = [" + "; ".join(" ".join(r) for r in Wqs) + "];")
A(">> Wk = [" + "; ".join(" ".join(r) for r in Wks) + "];")
A(">> Wv = [" + "; ".join(" ".join(r) for r in Wvs) + "];")
A("")
A("2. Projeções")
A("")
for nm in ("Q", "K", "V"):
    A(f">> {nm} = X*W{nm.lower()}")
    A("")
    show(nm, a[nm], nm)
A("Confira à mão a primeira entrada de Q: 0.8*0.7 + 0.1*0.3 + 0.3*0.1 = " + lit(a["Q"][0][0]) + ".",
  claims=[(lit(a["Q"][0][0]), "Q[eu][1]", "correct")], opts=["0.8", "0.7", "0.1", "0.3", "0.3", "0.1"])
A("")
A("3. Escores")
A("")
A(">> Q(2,:)*K(4,:)'")
A("")
A("ans =")
A("")
A("    " + rnd(a["S"][1][3], 4), claims=[(rnd(a["S"][1][3], 4), "scores[gosto,chá]", "correct")])
A("")
A(">> S = Q*K'/sqrt(2)")
A("")
show("S", a["Sc"], "scaled")
A("4. Softmax linha a linha")
A("")
A(">> E = exp(S)")
A("")
show("E", E, "exp")
A(">> sum(E, 2)")
A("")
A("ans =")
A("")
for i, z in enumerate(Z):
    A(rnd(z, 4).rjust(10), claims=[(rnd(z, 4), f"expsum[{toks[i]}]", "correct")])
A("")
A(">> A = E./sum(E, 2)")
A("")
cw = show("A", a["W"], "weights")
A("Observação: sum(A, 2) devolve 1 em todas as linhas (a menos de arredondamento).", nots=["2", "1"])
A("")
A("5. Saída da cabeça")
A("")
A(">> Z = A*V")
A("")
show("Z", a["C"], "context")
A("Pergunta 1: qual token recebe mais atenção de \"gosto\"? Resposta: \"" +
  toks[max(range(4), key=lambda j: a["W"][1][j])] + "\", com peso " + cw[1][max(range(4), key=lambda j: a["W"][1][j])] + ".",
  claims=[(cw[1][max(range(4), key=lambda j: a["W"][1][j])], f"weights[gosto,{toks[max(range(4), key=lambda j: a['W'][1][j])]}]", "correct")],
  nots=["1"])
A("")
A("- página 2 de 2 -", nots=["2"])
d.save()
