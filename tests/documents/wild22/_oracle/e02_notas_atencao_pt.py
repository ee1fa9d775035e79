"""Portuguese Markdown post, a reader's notes on a book chapter: simplified self-attention with no trainable weights.
`inputs = torch.tensor(` opened on one line, then five rows each with a comment naming its word (`# Chuva (x^1)`);
the dot products of the second word with every input, their normalisation by the sum, the naive softmax and
torch.softmax of them, the context vector of the second word; then the full score matrix inputs @ inputs.T, its
row softmax and every context vector, each printed as PyTorch prints float32 in a fenced block after the code.
The closing prose restates three printed numbers, ONE with a digit miscopied: the planted slip."""
from pathlib import Path

from w22lib import *

toks = ["Chuva", "fina", "molha", "toda", "cidade"]
Xs = [["0.27", "0.81", "0.46"], ["0.63", "0.12", "0.58"], ["0.49", "0.55", "0.90"], ["0.09", "0.37", "0.24"],
      ["0.71", "0.66", "0.19"]]
I3 = [["1", "0", "0"], ["0", "1", "0"], ["0", "0", "1"]]
a = attention(Xs, I3, I3, I3, scale="none")      # Q = K = V = inputs, no scaling; exact and float64 agree
X = a["X"]
q = 1                                            # the query: x^2, "fina"
s2 = a["S"][q]
z2 = mpmath.fsum(s2)
n2 = [v / z2 for v in s2]
w2 = a["W"][q]
c2 = a["C"][q]
Xn = np.array(Xs, float)
agree(n2, (Xn @ Xn[q]) / (Xn @ Xn[q]).sum())

# float32, as the notebook behind the post ran it
X32 = np.array(Xs, dtype=np.float32)
s32 = X32 @ X32[q]
n32 = (s32 / s32.sum()).astype(np.float32)
w32 = (np.exp(s32) / np.exp(s32).sum()).astype(np.float32)
c32 = (w32[:, None] * X32).sum(axis=0).astype(np.float32)
S32 = X32 @ X32.T
E32 = np.exp(S32 - S32.max(axis=-1, keepdims=True))
W32 = (E32 / E32.sum(axis=-1, keepdims=True)).astype(np.float32)
C32 = W32 @ X32

d = Doc("notas-atencao-pt", "md",
        "Portuguese Markdown post (a reader's chapter notes): simplified self-attention without weights; inputs "
        "typed as torch.tensor( with one row a line and the word in a comment; dot products of x^2 with every "
        "input, normalisation by the sum, naive softmax, torch.softmax, the context vector z^2; then inputs @ "
        "inputs.T, its softmax and all context vectors, each printed by PyTorch in a fenced block",
        "attention on the inputs themselves (Q = K = V = X), not scaled, over the tokens Chuva, fina, molha, toda, "
        "cidade; plus the normalisation of one row of scores by its sum",
        script=Path(__file__).name)

pair = lambda nm, r0=None: (lambda r, k: f"{nm}[{toks[r if r0 is None else r0]},{toks[k]}]")
vec = lambda nm, r0=None: (lambda r, k: f"{nm}[{toks[r if r0 is None else r0]}][{k + 1}]")


def out(m32, exact, qty, first=""):
    ls, cells, _ = torch_print(m32, exact)
    ls = [first + ls[0]] + ls[1:]
    d("```")
    for it in torch_items(ls, cells, qty):
        d(*it)
    d("```")
    return cells


d("---")
d('title: "Notas do capítulo 3: atenção sem pesos treináveis"')
d("date: 2026-11-28")
d("tags: [llm, atencao, pytorch, estudos]")
d("---")
d("")
d("Estas são as minhas notas da primeira parte do capítulo sobre mecanismos de atenção. Antes de chegar às matrizes "
  "W_q, W_k e W_v, o livro monta uma versão **simplificada** da autoatenção, sem nenhum peso treinável: cada "
  "palavra é comparada diretamente com as outras pelo produto escalar. Refiz tudo com a minha própria frase.")
d("")
d("## 3.3.1 As entradas")
d("")
d("Frase de exemplo: *Chuva fina molha toda cidade*, cada palavra já convertida num embedding de 3 dimensões "
  "(valores inventados):")
d("")
d("```python")
d("import torch")
d("")
d("inputs = torch.tensor(")
for i, (r, t) in enumerate(zip(Xs, toks)):
    head = "  [[" if i == 0 else "   ["
    tail = "], " if i < len(Xs) - 1 else "]] "
    d(f"{head}{', '.join(r)}{tail}# {t.ljust(6)} (x^{i + 1})", nots=r)
d(")")
d("```")
d("")
d("## 3.3.2 Pontuações de atenção para uma consulta")
d("")
d("A consulta é a segunda palavra, *fina* (x^2). A pontuação de cada entrada é o produto escalar dela com a "
  "consulta:")
d("")
d("```python")
d("query = inputs[1]")
d("attn_scores_2 = torch.empty(inputs.shape[0])")
d("for i, x_i in enumerate(inputs):")
d("    attn_scores_2[i] = torch.dot(x_i, query)")
d("print(attn_scores_2)")
d("```")
d("")
out(s32, s2, pair("scores", q))
d("")
d("Primeiro o livro normaliza dividindo pela soma, só para as pontuações somarem 1:")
d("")
d("```python")
d("attn_weights_2_tmp = attn_scores_2 / attn_scores_2.sum()")
d('print("Pesos de atenção:", attn_weights_2_tmp)')
d("```")
d("")
ncells = out(n32, n2, pair("normalized", q), "Pesos de atenção: ")
d("")
d("Na prática usa-se a softmax, que lida melhor com valores extremos e deixa tudo positivo. A versão ingênua:")
d("")
d("```python")
d("def softmax_naive(x):")
d("    return torch.exp(x) / torch.exp(x).sum(dim=0)")
d("")
d("attn_weights_2_naive = softmax_naive(attn_scores_2)")
d('print("Pesos de atenção:", attn_weights_2_naive)')
d("```")
d("")
out(w32, w2, pair("weights", q), "Pesos de atenção: ")
d("")
d("E a do PyTorch, que subtrai o máximo antes da exponencial (dá o mesmo resultado aqui):")
d("")
d("```python")
d("attn_weights_2 = torch.softmax(attn_scores_2, dim=0)")
d('print("Pesos de atenção:", attn_weights_2)')
d("```")
d("")
wcells2 = out(w32, w2, pair("weights", q), "Pesos de atenção: ")
d("")
d("O vetor de contexto z^2 é a soma das entradas ponderada por esses pesos:")
d("")
d("```python")
d("context_vec_2 = torch.zeros(query.shape)")
d("for i, x_i in enumerate(inputs):")
d("    context_vec_2 += attn_weights_2[i] * x_i")
d("print(context_vec_2)")
d("```")
d("")
ccells2 = out(c32, c2, vec("context", q))
d("")
d("## 3.3.3 Todas as consultas de uma vez")
d("")
d("O laço duplo vira uma multiplicação de matrizes:")
d("")
d("```python")
d("attn_scores = inputs @ inputs.T")
d("print(attn_scores)")
d("```")
d("")
out(S32, a["S"], pair("scores"))
d("")
d("```python")
d("attn_weights = torch.softmax(attn_scores, dim=-1)")
d("print(attn_weights)")
d("```")
d("")
wcells = out(W32, a["W"], pair("weights"))
d("")
d("```python")
d("all_context_vecs = attn_weights @ inputs")
d("print(all_context_vecs)")
d("```")
d("")
ccells = out(C32, a["C"], vec("context"))
d("")
d("## Observações")
d("")
# restatements: the normalised weight of molha, the softmax weight of molha, the first component of z^2
n_m = rnd(n2[2], 4); w_m = rnd(w2[2], 4); c_1 = rnd(c2[0], 4)
assert n_m == ncells[0][2] and w_m == wcells2[0][2] and c_1 == ccells2[0][0] == ccells[1][0]
# the slip: the softmax weight of molha with its third decimal mistyped (a neighbouring key: 3 for 2, 7 for 8 ...)
print("  weights[fina,molha] =", w_m)
slip = w_m[:4] + str((int(w_m[4]) + 1) % 10) + w_m[5:]
assert len(slip) == len(w_m) and abs(float(slip) - float(w_m)) > 1e-4
d.note = (f"One planted slip: the Observações restate the softmax weight of fina -> molha as {slip} (third "
          f"decimal mistyped); PyTorch printed {w_m} twice above, and the exact value is {w_m}. The normalised "
          f"weight {n_m} and the component {c_1} restated beside it are correct; nothing is computed from the "
          "slip. The inputs are typed literals (exact); every printed output is float32, correct to its 4 "
          "decimals.")
d(f"- A palavra em que *fina* mais presta atenção é *molha*: {n_m} com a normalização simples e {slip} com a "
  "softmax. Aqui a softmax achata as diferenças, porque as pontuações são todas pequenas.",
  [(n_m, f"normalized[{toks[q]},{toks[2]}]", "correct"), (slip, f"weights[{toks[q]},{toks[2]}]", "wrong")])
d(f"- A segunda linha de `all_context_vecs` é o mesmo `context_vec_2` de antes (começa em {c_1}), como deveria.",
  [(c_1, f"context[{toks[q]}][1]", "correct")])
d("- Cada linha de `attn_weights` soma 1, mas a matriz não é simétrica, apesar de `attn_scores` ser.")
d("")
d("Próximo passo do capítulo: trocar as entradas por projeções treináveis (W_q, W_k, W_v) e dividir por "
  "√d_k antes da softmax.")
d.save()
