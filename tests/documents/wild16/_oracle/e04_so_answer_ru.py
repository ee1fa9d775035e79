"""Russian Stack Overflow (ru.stackoverflow.com) question with its accepted answer copied as Markdown: title, "Задан
… Изменён … Просмотрен", votes, tags, the question's code and shapes ([2, 10, 512]), the answer computing everything;
the score matrix printed [key][query] (the answer says so: rows are keys), the weights called attn, 3 decimals.
я, вижу, кота; d_model 3 -> d_k 2, /sqrt(2). Exact rounding."""
from pathlib import Path

from w16lib import *

toks = ["я", "вижу", "кота"]
Xs = [["1.0", "0.3", "0.2"], ["0.4", "0.8", "0.5"], ["0.1", "0.6", "0.9"]]
Wqs = [["0.6", "0.2"], ["0.3", "0.9"], ["0.5", "0.4"]]
Wks = [["0.8", "0.1"], ["0.4", "0.7"], ["0.2", "0.6"]]
Wvs = [["0.5", "0.9"], ["0.7", "0.2"], ["0.1", "0.4"]]
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, Sc, W, C, c = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C", "c"))

d = Doc("so-answer-ru", "md",
        "Russian Stack Overflow Q&A as Markdown: question with filler shapes, accepted answer; scaled scores printed "
        "[key][query] (said so), attn for the weights; я, вижу, кота, 3 -> 2, /sqrt(2), 3 decimals",
        "attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2), over the tokens я, вижу, кота",
        script=Path(__file__).name)
A = d
A("# Почему у меня не совпадают веса внимания с ручным расчётом?")
A("")
A("Задан 12 февраля 2024 · Изменён 14 февраля 2024 · Просмотрен 1k раз", nots=["12", "2024", "14", "1"])
A("")
A("▲ 5 ▼", nots=["5"])
A("")
A("Пытаюсь понять self-attention. В модели у меня тензор формы `[2, 10, 512]` (batch_size = 2, 10 токенов),",
  nots=["2", "10", "512"])
A("но для проверки взял игрушечный пример из трёх слов *я вижу кота*, `d_model = 3`, `d_k = 2`:", nots=["3", "2"])
A("")
A("```python")
A("X  = np.array([" + ", ".join("[" + ", ".join(r) + "]" for r in Xs) + "])")
A("Wq = np.array([" + ", ".join("[" + ", ".join(r) + "]" for r in Wqs) + "])")
A("Wk = np.array([" + ", ".join("[" + ", ".join(r) + "]" for r in Wks) + "])")
A("Wv = np.array([" + ", ".join("[" + ", ".join(r) + "]" for r in Wvs) + "])")
A("```")
A("")
A("В статье делят на √64 = 8, а мне делить на √2? И почему `softmax(dim=0)` даёт другие числа?",
  nots=["64", "8"])
A("")
A("`python` `pytorch` `transformer` `attention`")
A("")
A("---")
A("")
A("**2 ответа**", nots=["2"])
A("")
A("▲ 7 ▼ ✔", nots=["7"])
A("")
A("Да, делить надо на √d_k, то есть на √2 ≈ " + rnd(c, 3) + ". Посчитаем всё по шагам.",
  claims=[(rnd(c, 3), "sqrt_dk", "correct")])
A("")
A("**1. Векторы запросов, ключей и значений** (`X @ Wq` и т. д.):")
A("")
A("| слово | запрос q | ключ k | значение v |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    qs, ks, vs = ([lit(x) for x in M[i]] for M in (Q, K, V))
    A(f"| {t} | [{', '.join(qs)}] | [{', '.join(ks)}] | [{', '.join(vs)}] |",
      claims=cl(qs, f"Q[{t}][{{k}}]") + cl(ks, f"K[{t}][{{k}}]") + cl(vs, f"V[{t}][{{k}}]"))
A("")
A("**2. Масштабированные оценки.** Внимание: в таблице ниже **строки — ключи, столбцы — запросы**, "
  "т. е. ячейка (кота, я) — это q(я)·k(кота)/√2. Так удобнее видеть, по какой оси у вас шёл softmax.")
A("")
A("| ключ \\ запрос | я | вижу | кота |")
A("|---|---|---|---|")
for j, u in enumerate(toks):
    ss = [rnd(Sc[i][j], 3) for i in range(3)]
    A(f"| **{u}** | " + " | ".join(ss) + " |", claims=[(s, f"scaled[{t},{u}]", "correct") for s, t in zip(ss, toks)])
A("")
A(f"Например, q(я)·k(вижу) = {lit(Q[0][0])}·{lit(K[1][0])} + {lit(Q[0][1])}·{lit(K[1][1])} = {lit(S[0][1])}, "
  f"делим на {rnd(c, 3)} и получаем {rnd(Sc[0][1], 3)}.",
  claims=[(lit(S[0][1]), "scores[я,вижу]", "correct"), (rnd(Sc[0][1], 3), "scaled[я,вижу]", "correct")],
  opts=[lit(Q[0][0]), lit(K[1][0]), lit(Q[0][1]), lit(K[1][1]), rnd(c, 3)])
A("")
A("**3. Softmax по запросу** (то есть по *столбцу* таблицы выше, `dim=-1` для матрицы запрос × ключ). "
  "Здесь `attn` уже в обычной ориентации, строка = запрос:")
A("")
A("```")
A("attn =")
for i, t in enumerate(toks):
    ss = fmt(W[i], 3)
    A(f"  {t:<5} " + "  ".join(ss), claims=cl(ss, [f"weights[{t},{u}]" for u in toks]))
A("```")
A("")
A(f"Проверка для *я*: e^{rnd(Sc[0][0], 3)} / (e^{rnd(Sc[0][0], 3)} + e^{rnd(Sc[0][1], 3)} + e^{rnd(Sc[0][2], 3)}) "
  f"= {rnd(a['E'][0][0], 3)} / {rnd(a['Z'][0], 3)} = {rnd(W[0][0], 3)}.",
  claims=[(rnd(a['E'][0][0], 3), "exp[я,я]", "correct"), (rnd(a['Z'][0], 3), "expsum[я]", "correct"),
          (rnd(W[0][0], 3), "weights[я,я]", "correct")],
  opts=[rnd(Sc[0][0], 3), rnd(Sc[0][0], 3), rnd(Sc[0][1], 3), rnd(Sc[0][2], 3)])
A("")
A("**4. Выход** `attn @ V`:")
A("")
A("```")
for i, t in enumerate(toks):
    ss = fmt(C[i], 3)
    A(f"{t:<5} [{', '.join(ss)}]", claims=cl(ss, f"context[{t}][{{k}}]"))
A("```")
A("")
A("С `softmax(dim=0)` вы нормировали по ключам, отсюда и расхождение.")
A("")
A("ответ дан 13 фев 2024 в 9:41", nots=["13", "2024"])
A("")
A("> Спасибо, всё сошлось! — *автор вопроса*, 13 фев 2024", nots=["13", "2024"])
d.save()
