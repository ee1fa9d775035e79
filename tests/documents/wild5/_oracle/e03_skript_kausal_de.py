"""German university handout copied out of a PDF as plain text: running page headers and footers, words hyphenated
across line breaks, equation numbers "(3.4)" at the right margin, matrices as columns of numbers with the name before
a row. Causal self-attention for 3 tokens with Wq/Wk/Wv, only the last position's row worked, then logits over a
4-word vocabulary and the next-token softmax."""
from pathlib import Path

import numpy as np

from w5lib import *

toks = ["die", "Katze", "schläft"]
vocab = ["tief", "gern", "nicht", "laut"]
Xs = [["0.5", "0.1", "0.3"], ["0.2", "0.8", "0.4"], ["0.7", "0.3", "0.9"]]
Wqs = [["0.6", "0.2"], ["0.1", "0.5"], ["0.4", "0.3"]]
Wks = [["0.3", "0.7"], ["0.5", "0.1"], ["0.2", "0.4"]]
Wvs = [["0.8", "0.1"], ["0.3", "0.6"], ["0.2", "0.9"]]
Wos = [["1.2", "-0.5", "0.4", "0.3"], ["-0.2", "0.9", "0.6", "-0.7"]]
X, Wq, Wk, Wv, Wo = M(Xs), M(Wqs), M(Wks), M(Wvs), M(Wos)
Q, K, V = matmul(X, Wq), matmul(X, Wk), matmul(X, Wv)
q3 = Q[2]
s = [dot(q3, k) for k in K]
sc = [v / mpmath.sqrt(2) for v in s]
e = [mpmath.exp(v) for v in sc]
S = mpmath.fsum(e)
a = [v / S for v in e]
c = [mpmath.fsum(a[j] * V[j][m] for j in range(3)) for m in range(2)]
z = vecmat(c, Wo)
ez = [mpmath.exp(v) for v in z]
Z = mpmath.fsum(ez)
p = [v / Z for v in ez]
Xn = np.array(Xs, float)
Qn, Kn, Vn = Xn @ np.array(Wqs, float), Xn @ np.array(Wks, float), Xn @ np.array(Wvs, float)
sn = Kn @ Qn[2] / np.sqrt(2); an = np.exp(sn) / np.exp(sn).sum(); cn = an @ Vn
zn = cn @ np.array(Wos, float); pn = np.exp(zn) / np.exp(zn).sum()
check64(a, an); check64(c, cn); check64(p, pn)

d = Doc("skript-kausal-de", "txt",
        "German university lecture handout copied from a PDF as plain text (page headers and footers, hyphenated line "
        "breaks, equation numbers at the margin, matrices as bare columns of numbers): causal self-attention over 3 "
        "tokens with Wq, Wk, Wv (d_k = 2), only the last position's query worked (scores, /sqrt 2, e^x, sum, weights, "
        "context vector), then logits c3 W_out over a 4-word vocabulary and the next-token softmax",
        "causal attention, last row: a_3j = softmax_j(q3 . k_j / sqrt(2)), c3 = sum_j a_3j v_j; z = c3 W_out; "
        "p = softmax(z)",
        script=Path(__file__).name,
        note="equation numbers like (3.4) are not claims; the last row of a causal mask sees all three tokens, so the "
             "mask changes nothing in the worked row")
A = d
F = lambda v: fmt(v, 4)
HEAD = "Einführung in die maschinelle Sprachverarbeitung          WiSe 2025/26          Kapitel 3: Transformer"
A(HEAD, nots=["2025", "3"])
A("")
A("3.2  Kausale Selbstaufmerksamkeit: ein Rechenbeispiel", nots=["3.2"])
A("")
A("Ein Sprachmodell, das das nächste Wort vorhersagen soll, darf bei Position t nur auf die Positio-")
A("nen 1, . . . , t schauen. Das erreicht man mit einer Maske, die alle Einträge oberhalb der Diago-",
  nots=["1"])
A("nale vor dem Softmax auf −∞ setzt. Wir rechnen das für den Satzanfang „die Katze schläft“ durch")
A("und interessieren uns nur für die letzte Zeile, denn nur sie wird für die Vorhersage des nächs-")
A("ten Wortes gebraucht. (Dezimalpunkte wie im Code, nicht Kommas.)")
A("")
A("Eingabe. Die Einbettungen der drei Token (Zeilen: die, Katze, schläft) und die Projektionsmatri-")
A("zen seien")
A("")
A(f"            {Xs[0][0]}   {Xs[0][1]}   {Xs[0][2]}                  {Wqs[0][0]}   {Wqs[0][1]}")
A(f"      X =   {Xs[1][0]}   {Xs[1][1]}   {Xs[1][2]}          W_Q =   {Wqs[1][0]}   {Wqs[1][1]}")
A(f"            {Xs[2][0]}   {Xs[2][1]}   {Xs[2][2]}                  {Wqs[2][0]}   {Wqs[2][1]}")
A("")
A(f"                  {Wks[0][0]}   {Wks[0][1]}                    {Wvs[0][0]}   {Wvs[0][1]}")
A(f"          W_K =   {Wks[1][0]}   {Wks[1][1]}            W_V =   {Wvs[1][0]}   {Wvs[1][1]}                 (3.3)",
  nots=["3.3"])
A(f"                  {Wks[2][0]}   {Wks[2][1]}                    {Wvs[2][0]}   {Wvs[2][1]}")
A("")
A("mit d_model = 3 und d_k = 2.", nots=["3", "2"])
A("")
A("Schritt 1: Query, Keys, Values. Für die letzte Position genügt eine einzige Query,")
A(f"      q_3 = x_3 W_Q = ({lit(q3[0])}, {lit(q3[1])}),",
  claims=[(lit(q3[0]), "Q[schläft][1]", "correct"), (lit(q3[1]), "Q[schläft][2]", "correct")], nots=["3", "3"])
A("aber Keys und Values brauchen wir von allen drei Token:")
for i in range(3):
    A(f"      k_{i + 1} = ({lit(K[i][0])}, {lit(K[i][1])})          v_{i + 1} = ({lit(V[i][0])}, {lit(V[i][1])})"
      + ("                   (3.4)" if i == 1 else ""),
      claims=[(lit(K[i][0]), f"K[{toks[i]}][1]", "correct"), (lit(K[i][1]), f"K[{toks[i]}][2]", "correct"),
              (lit(V[i][0]), f"V[{toks[i]}][1]", "correct"), (lit(V[i][1]), f"V[{toks[i]}][2]", "correct")],
      nots=[str(i + 1), str(i + 1)] + (["3.4"] if i == 1 else []))
A("")
A("Schritt 2: Scores. Das Skalarprodukt der Query mit jedem Key, geteilt durch √d_k = √2:")
A("")
for j in range(3):
    A(f"      s_3{j + 1} = {lit(q3[0])}·{lit(K[j][0])} + {lit(q3[1])}·{lit(K[j][1])} = {lit(s[j])},"
      f"      s_3{j + 1}/√2 = {F(sc[j])}" + ("            (3.5)" if j == 1 else ""),
      claims=[(lit(s[j]), f"scores[schläft,{toks[j]}]", "correct"), (F(sc[j]), f"scaled[schläft,{toks[j]}]", "correct")],
      opts=[lit(q3[0]), lit(K[j][0]), lit(q3[1]), lit(K[j][1])], nots=["2"] + (["3.5"] if j == 1 else []))
A("")
A("Die Maske ändert in dieser Zeile nichts: Position 3 darf alle Positionen 1 bis 3 sehen. (In Zeile 1",
  nots=["3", "1", "3", "1"])
A("wären s_12 und s_13 auf −∞ gesetzt worden.)")
A("")
A("Schritt 3: Softmax. Mit e^x und der Summe")
A("")
A(f"      e^{F(sc[0])} = {F(e[0])},    e^{F(sc[1])} = {F(e[1])},    e^{F(sc[2])} = {F(e[2])},",
  claims=[(F(e[j]), f"exp[schläft,{toks[j]}]", "correct") for j in range(3)], opts=[F(v) for v in sc])
A(f"      Σ = {F(e[0])} + {F(e[1])} + {F(e[2])} = {F(S)}",
  claims=[(F(S), "expsum[schläft]", "correct")], opts=[F(v) for v in e])
A("")
A("erhalten wir die Aufmerksamkeitsgewichte der letzten Position")
A("")
A(f"      α_3 = ({F(a[0])}, {F(a[1])}, {F(a[2])}).                                           (3.6)",
  claims=[(F(a[j]), f"weights[schläft,{toks[j]}]", "correct") for j in range(3)], nots=["3", "3.6"])
A("")
A("")
A("Prof. Dr. H. Brandt · Lehrstuhl für Computerlinguistik                                       Seite 14", nots=["14"])
A(HEAD, nots=["2025", "3"])
A("")
A("Das Gewicht auf „schläft“ selbst ist am größten, weil q_3 und k_3 in dieselbe Richtung zei-")
A("gen; „die“ bekommt am wenigsten ab.")
A("")
A("Schritt 4: Kontextvektor. Die gewichtete Summe der Values ist")
A("")
A(f"      c_3 = {F(a[0])}·v_1 + {F(a[1])}·v_2 + {F(a[2])}·v_3", opts=[F(v) for v in a], nots=["3", "1", "2", "3"])
A(f"          = ({F(c[0])}, {F(c[1])}).                                                           (3.7)",
  claims=[(F(c[0]), "context[schläft][1]", "correct"), (F(c[1]), "context[schläft][2]", "correct")], nots=["3.7"])
A("")
A("3.3  Vom Kontextvektor zum nächsten Wort", nots=["3.3"])
A("")
A("Ein lineares Ausgabelayer bildet c_3 auf einen Score (Logit) pro Wort des Vokabulars ab. Unser Spiel-",
  nots=["3"])
A("zeug-Vokabular hat vier Wörter:")
A("")
A("                  tief    gern    nicht   laut")
A(f"      W_out =    {Wos[0][0]}   {uminus(Wos[0][1])}     {Wos[0][2]}     {Wos[0][3]}")
A(f"                 {uminus(Wos[1][0])}    {Wos[1][1]}     {Wos[1][2]}    {uminus(Wos[1][3])}")
A("")
A("Die Logits sind z = c_3 W_out, also komponentenweise")
A("")
for j, w in enumerate(vocab):
    A(f"      z_{w:<6}= {F(c[0])}·{paren(uminus(Wos[0][j]))} + {F(c[1])}·{paren(uminus(Wos[1][j]))} = {uminus(F(z[j]))}"
      + ("                  (3.8)" if j == 1 else ""),
      claims=[(uminus(F(z[j])), f"logits[schläft][{w}]", "correct")],
      opts=[F(c[0]), uminus(Wos[0][j]), F(c[1]), uminus(Wos[1][j])], nots=(["3.8"] if j == 1 else []))
A("")
A("und der Softmax darüber liefert die Verteilung für das vierte Wort:")
A("")
A("      Wort      z          e^z        P(Wort | die Katze schläft)")
A("      ----------------------------------------------------")
for j, w in enumerate(vocab):
    A(f"      {w:<8}  {uminus(F(z[j])):<9}  {F(ez[j]):<9}  {F(p[j])}",
      claims=[(F(ez[j]), f"exp(logits[{w}])", "correct"), (F(p[j]), f"probs[schläft][{w}]", "correct")],
      opts=[uminus(F(z[j]))])
A("      ----------------------------------------------------")
A(f"      Summe                {F(Z)}     1.0000", claims=[(F(Z), "sum exp(logits)", "correct")], nots=["1.0000"])
A("")
best = max(range(4), key=lambda j: p[j])
A(f"Das Modell würde also „{vocab[best]}“ wählen (Wahrscheinlichkeit {fmt(p[best] * 100, 1)} %), wenn man gierig",
  claims=[(fmt(p[best] * 100, 1), f"probs[schläft][{vocab[best]}] in percent", "correct")])
A("dekodiert. Beim Sampling käme auch ein anderes Wort in Frage.")
A("")
A("Übung 3.2. Rechnen Sie die zweite Zeile (Position 2) selbst nach. Welche Einträge setzt die Mas-",
  nots=["3.2", "2"])
A("ke auf −∞, und wie ändert sich dadurch der Nenner des Softmax?")
A("")
A("")
A("Prof. Dr. H. Brandt · Lehrstuhl für Computerlinguistik                                       Seite 15", nots=["15"])
d.save()
