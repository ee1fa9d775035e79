"""Russian Habr post: self-attention over мама, мыла, раму (d_model 3 -> d_k 2, ÷ 1.414) done in a spreadsheet with
ROUND() in every cell; the sheet pasted as CSV blocks (Q, K, V, scores, scaled, exp with a sum column) and as
tab-separated rows copied from Excel (weights, output); each row's exps added in a vertical sum under a `-----`
rule. Chained: scaled = printed score / 1.414, exp of the printed scaled value, the sum of the printed exps,
weight = printed exp / printed sum, output = printed weights × V, 3 decimals."""
from pathlib import Path

from w12lib import *

toks = ["мама", "мыла", "раму"]
Xs = [["0.5", "0.9", "0.2"], ["0.8", "0.3", "0.6"], ["0.1", "0.4", "0.7"]]
Wqs = [["0.4", "0.8"], ["0.6", "0.3"], ["0.2", "0.5"]]
Wks = [["0.7", "0.2"], ["0.3", "0.6"], ["0.5", "0.9"]]
Wvs = [["0.2", "0.7"], ["0.9", "0.4"], ["0.6", "0.1"]]
a = attention(Xs, Wqs, Wks, Wvs)
S = [[rnd(v, 4) for v in r] for r in a["S"]]
ch = chain_rows(S, "1.414", a["V"], nd=3, nd_sc=3)
chain_close(ch["w"], a["W"], nd=3); chain_close(ch["c"], a["C"], nd=3)

d = Doc("habr-csv-sums-ru", "md",
        "Russian Habr post: self-attention over мама, мыла, раму with Wq/Wk/Wv 3 -> 2, ÷ 1.414, computed in a "
        "spreadsheet and pasted as CSV and tab-separated rows, row sums of the exps as vertical sums under a rule; "
        "chained, 3 decimals", "attention with Wq, Wk, Wv (3 -> 2), scaled by 1.414, over the tokens мама, мыла, раму",
        script=Path(__file__).name, rounding="chained")
A = d


def csv(head, rows, qn, vals=None):
    A("```csv")
    A(head)
    for i, t in enumerate(toks):
        c = rows[i]
        A(t + "," + ",".join(c), claims=[(x, qty(qn, toks, i, j), "correct") for j, x in enumerate(c)] if qn else [])
    A("```")


A("# Self-attention в Excel: считаем руками, без единой строчки кода")
A("")
A("**andrey_k** 14 мар 2024 в 10:41 · Простой · 5 мин", nots=["14", "2024", "10", "41", "5"])
A("")
A("Хабы: Машинное обучение*, Excel*, Natural Language Processing*")
A("")
A("Я преподаю основы ML на вечерних курсах, и лучше всего механизм внимания заходит, когда студенты "
  "сами заполняют таблицу. Ниже тот самый лист: три слова («мама мыла раму»), эмбеддинги размерности 3, "
  "голова внимания с d_k = 2. В настоящем Transformer d_k = 64, но формулы в ячейках те же.", nots=["3", "2", "64"])
A("")
A("Важная деталь: в каждой ячейке стоит `ОКРУГЛ(…; 3)`, так что каждый следующий шаг считается уже из "
  "округлённых чисел предыдущего. Поэтому последняя цифра может отличаться от numpy.", nots=["3"])
A("")
A("## Исходные данные")
A("")
A("```csv")
A("токен,x1,x2,x3")
for t, r in zip(toks, Xs):
    A(t + "," + ",".join(r))
A("```")
A("")
A("Матрицы весов (строки — входные признаки, столбцы — выход):")
A("")
A("```csv")
A("W,Wq1,Wq2,Wk1,Wk2,Wv1,Wv2")
for k in range(3):
    A(f"x{k + 1}," + ",".join(Wqs[k] + Wks[k] + Wvs[k]))
A("```")
A("")
A("## Шаг 1. Q, K, V")
A("")
A("```csv")
A("токен,Q1,Q2,K1,K2,V1,V2")
for i, t in enumerate(toks):
    cells = [(rnd(a[nm][i][j], 2), qty(nm, toks, i, j)) for nm in ("Q", "K", "V") for j in range(2)]
    A(t + "," + ",".join(c for c, _ in cells), claims=[(c, q_, "correct") for c, q_ in cells])
A("```")
A("")
A("## Шаг 2. Скалярные произведения и масштаб")
A("")
csv("score,мама,мыла,раму", S, "scores")
A("")
A("Делим на √2 ≈ 1.414:", claims=[("1.414", "sqrt_dk", "correct")], nots=["2"])
A("")
csv("scaled,мама,мыла,раму", ch["sc"], "scaled")
A("")
A("## Шаг 3. Экспоненты и суммы по строкам")
A("")
A("```csv")
A("exp,мама,мыла,раму,сумма")
for i, t in enumerate(toks):
    A(t + "," + ",".join(ch["e"][i]) + "," + ch["z"][i],
      claims=[(x, qty("exp", toks, i, j), "correct") for j, x in enumerate(ch["e"][i])]
      + [(ch["z"][i], f"expsum[{t}]", "correct")])
A("```")
A("")
A("Суммы легко проверить столбиком:")
A("")
A("```")
for i, t in enumerate(toks):
    e = ch["e"][i]
    A(f"{t}:")
    A(f"   {e[0]}", opts=[e[0]])
    A(f"   {e[1]}", opts=[e[1]])
    A(f" + {e[2]}", opts=[e[2]])
    A("   -----")
    A(f"   {ch['z'][i]}", claims=[(ch["z"][i], f"expsum[{t}]", "correct")])
    if i < 2:
        A("")
A("```")
A("")
A("## Шаг 4. Веса внимания")
A("")
A("Копирую прямо из Excel (вставка с табуляцией):")
A("")
A("```")
A("\tмама\tмыла\tраму")
for i, t in enumerate(toks):
    A(t + "\t" + "\t".join(ch["w"][i]), claims=[(x, qty("weights", toks, i, j), "correct") for j, x in enumerate(ch["w"][i])])
A("```")
A("")
e, z, w = ch["e"][0], ch["z"][0], ch["w"][0]
A(f"Например, вес «мама → мама» = {e[0]} / {z} = {w[0]}.", claims=[(w[0], "weights[мама,мама]", "correct")],
  opts=[e[0], z])
A("")
A("## Шаг 5. Выход")
A("")
A("```")
A("\tz1\tz2")
for i, t in enumerate(toks):
    A(t + "\t" + "\t".join(ch["c"][i]), claims=[(x, qty("context", toks, i, j), "correct") for j, x in enumerate(ch["c"][i])])
A("```")
A("")
A("Если посчитать то же самое в numpy без округлений, расхождение будет не больше 0.002 в последнем знаке.",
  nots=["0.002"])
A("")
A("Теги: attention, transformer, excel, обучение")
A("")
A("+17 · 86 закладок · 9 комментариев", nots=["17", "86", "9"])
d.save()
