"""Brazilian Portuguese course-repository README (Aula 09, exercício resolvido, `> **Resposta:**` blocks, a
"Tabela-resumo", a footer with the licence and last update): Luong dot-product attention of one decoder state s
against four encoder states h1..h4, no projections, no scaling. Chained, as with a calculator: e^x of each printed
score, the sum of the printed exps, each weight the printed exp over the printed sum, the context from the printed
weights. One planted slip: the score s·h3."""
from pathlib import Path

from w11lib import *

ss_ = ["0.6", "-0.2", "0.9"]
Hs = [["0.5", "0.1", "0.3"], ["-0.4", "0.8", "0.2"], ["0.7", "0.3", "-0.1"], ["0.2", "-0.5", "0.6"]]
s, Hm = mat(ss_), mat(Hs)
names = ["h1", "h2", "h3", "h4"]
score = [dot(s, h) for h in Hm]
sn = np.array(Hs, float) @ np.array(ss_, float)
agree(score, sn)
sc_txt = [lit(v) for v in score]
SLIP = "0.37"
assert sc_txt[2] == "0.27" and SLIP != sc_txt[2]


def chain(sc):
    es = [rnd(mpmath.exp(mpf(v)), 4) for v in sc]
    z = rnd(mpmath.fsum(mpf(e) for e in es), 4)
    ws = [rnd(mpf(e) / mpf(z), 4) for e in es]
    c = [rnd(mpmath.fsum(mpf(w) * Hm[j][m] for j, w in enumerate(ws)), 4) for m in range(3)]
    return es, z, ws, c


es0, z0, w0, c0 = chain(sc_txt)
sc1 = sc_txt[:2] + [SLIP] + sc_txt[3:]
es1, z1, w1, c1 = chain(sc1)
# float64 route of the exact (unchained) values, to stay close
wn = np_softmax(sn)
assert max(abs(float(a) - b) for a, b in zip(w0, wn)) < 5e-4
assert max(abs(float(a) - b) for a, b in zip(c0, wn @ np.array(Hs, float))) < 5e-4

d = Doc("aula-luong-pt", "md",
        "Brazilian Portuguese course-repository README: Luong dot-product attention of a decoder state s over encoder "
        "states h1..h4, no projections, no scaling, each step from the printed numbers of the step before; "
        "one planted slip",
        "dot-product (Luong) attention: one decoder state s = (0.6, -0.2, 0.9) against h1..h4, scores s.h_j, "
        "softmax, context sum_j a_j h_j; no projection, no scaling",
        script=Path(__file__).name, rounding="chained",
        note=f"planted slip: the score s·h3 is written {SLIP} instead of {sc_txt[2]} (a wrong second decimal), "
             "in its line of working and in the summary table (one slip). Chained: e^ of the slipped score, the "
             "sum of the exps, all four weights and the context are computed from it (propagated, or any where they "
             "print the same as the slip-free chain).")
A = d
A("# Aula 09 — Atenção em modelos seq2seq (Luong, produto escalar)", nots=["09"])
A("")
A("[⬅ Aula 08](../aula08/README.md) · [Aula 10 ➡](../aula10/README.md)", nots=["08", "10"])
A("")
A("Nesta aula voltamos às RNNs encoder–decoder e vemos a atenção **antes** do Transformer: em cada passo, o estado "
  "do decoder compara-se com todos os estados do encoder (Luong et al., 2015 [3]).", nots=["2015", "3"])
A("")
A("## Exercício resolvido 2", nots=["2"])
A("")
A("O encoder leu uma frase de quatro palavras e produziu os estados abaixo. O decoder, no passo t = 2, está no "
  "estado s. Use a pontuação *dot* de Luong (sem matrizes de projeção e **sem** dividir por √d) e calcule os pesos "
  "de atenção e o vetor de contexto. Use 4 casas decimais.", nots=["2", "4"])
A("")
A("```")
A(f"s  = ({', '.join(ss_)})")
for n, h in zip(names, Hs):
    A(f"{n} = ({', '.join(h)})")
A("```")
A("")
A("> **Resposta:**")
A(">")
A("> **(a) Pontuações** `score(s, h_j) = s · h_j`")
A(">")
for j, h in enumerate(Hs):
    shown = sc1[j]
    terms = " + ".join(f"{par(ss_[m])}×{par(h[m])}" for m in range(3))
    v = "wrong" if j == 2 else "correct"
    A(f"> - s·h{j + 1} = {terms} = {shown}", claims=[(shown, f"scores[s,h{j + 1}]", v)],
      opts=ss_ + h, nots=[str(j + 1)])
A(">")
A("> **(b) Exponenciais e soma**")
A(">")
for j in range(4):
    v = "correct" if j != 2 else "propagated"
    ve = fate(es1[j], es0[j]) if j == 2 else "correct"
    A(f"> - e^{sc1[j]} = {es1[j]}", claims=[(es1[j], f"exp[s,h{j + 1}]", ve)],
      opts=[sc1[j]])
A(f"> - soma = {' + '.join(es1)} = {z1}", claims=[(z1, "expsum[s]", fate(z1, z0))], opts=es1)
A(">")
A("> **(c) Pesos** `α_j = e^score_j / soma`")
A(">")
for j in range(4):
    A(f"> - α{j + 1} = {es1[j]} / {z1} = {w1[j]}", claims=[(w1[j], f"weights[s,h{j + 1}]", fate(w1[j], w0[j]))],
      opts=[es1[j], z1], nots=[str(j + 1)])
A(">")
A("> **(d) Contexto** `c = Σ α_j h_j`")
A(">")
for m in range(3):
    terms = " + ".join(f"{w1[j]}×{par(Hs[j][m])}" for j in range(4))
    A(f"> - c{m + 1} = {terms} = {c1[m]}", claims=[(c1[m], f"context[s][{m + 1}]", fate(c1[m], c0[m]))],
      opts=w1 + [Hs[j][m] for j in range(4)], nots=[str(m + 1)])
A(">")
A(f"> c = ({', '.join(c1)})", claims=[(c1[m], f"context[s][{m + 1}]", fate(c1[m], c0[m])) for m in range(3)])
A("")
A("### Tabela-resumo")
A("")
A("| estado | score | e^score | α |")
A("|---|---|---|---|")
for j in range(4):
    A(f"| h{j + 1} | {sc1[j]} | {es1[j]} | {w1[j]} |",
      claims=[(sc1[j], f"scores[s,h{j + 1}]", "wrong" if j == 2 else "correct"),
              (es1[j], f"exp[s,h{j + 1}]", fate(es1[j], es0[j]) if j == 2 else "correct"),
              (w1[j], f"weights[s,h{j + 1}]", fate(w1[j], w0[j]))], nots=[str(j + 1)])
A("")
A("Observe que os pesos somam 1 (a menos de arredondamento) e que o decoder presta mais atenção a h4 e h1, "
  "os estados mais parecidos com s.", nots=["1"])
A("")
A("**Para pensar:** com d = 512, produtos escalares ficam grandes e o softmax satura; por isso o Transformer "
  "divide por √d_k (Aula 11).", nots=["512", "11"])
A("")
A("---")
A("")
A("<sub>Material da disciplina MAC0460 · licença CC BY-SA 4.0 · última atualização: 12/05/2025</sub>",
  nots=["0460", "4.0", "12/05/2025"])
d.save()
