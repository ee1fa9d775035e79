"""German Markdown blog post (Hugo front matter): a Python code block computing the sinusoidal positional encoding
for 5 positions x d = 6, base 10000, under np.set_printoptions(precision=3, suppress=True), its printed output pasted
in a fenced text block (NumPy's own str), then the divisors and angles of position 2 in a sentence and a LaTeX
bmatrix restating the row of position 2 by hand with 4 decimals. All correct."""
from pathlib import Path

from w21lib import *

NPOS, D, BASE = 5, 6, 10000
div = [mpf(BASE) ** (mpf(2 * i) / D) for i in range(D // 2)]
ang = [[mpf(p) / div[i] for i in range(D // 2)] for p in range(NPOS)]
PE = [[(mpmath.sin if m % 2 == 0 else mpmath.cos)(ang[p][m // 2]) for m in range(D)] for p in range(NPOS)]

pos = np.arange(NPOS)[:, np.newaxis]
teiler = BASE ** (np.arange(0, D, 2) / D)
pe = np.zeros((NPOS, D))
pe[:, 0::2] = np.sin(pos / teiler)
pe[:, 1::2] = np.cos(pos / teiler)
agree(PE, pe); agree(div, teiler); agree(ang, pos / teiler)

d = Doc("pe-blog-de", "md",
        "German Markdown blog post (Hugo): code block and its pasted NumPy output (precision=3, suppress=True) of a "
        "sinusoidal positional encoding, 5 positions x d = 6, base 10000; the divisors and the angles of position "
        "2 in prose and the row of position 2 as a LaTeX bmatrix with 4 decimals",
        "sinusoidal positional encoding, base 10000, d_model 6, positions 0-4 (0-based), sin on even and cos on "
        "odd components (interleaved); no embeddings",
        script=Path(__file__).name,
        note="PE[p][m]: p is the 0-based position, m the 1-based component; PE.div[i] = 10000^(2(i-1)/6) and "
             "PE.angle[p][i] = p / PE.div[i]. Position 0's printed row is claimed like the others. The divisor 1 "
             "and the angle 2 (= 2/1) restated in the sentence are optional.")

divs = [rnd(v, 4) for v in div]
angs = [rnd(v, 4) for v in ang[2]]
row2 = [rnd(v, 4) for v in PE[2]]
assert divs[0] == "1.0000" and angs[0] == "2.0000"

for t in ["---",
          'title: "Sinus und Kosinus: Positionskodierung zum Nachrechnen"',
          "date: 2024-11-03T09:30:00+01:00",
          'tags: ["transformer", "numpy", "grundlagen"]',
          "draft: false",
          "---",
          "",
          "Ein Transformer sieht seine Eingabe als *Menge* von Vektoren – ohne Zusatzinformation wüsste er nicht, "
          "welches Wort vorne und welches hinten steht. Die klassische Lösung aus „Attention Is All You Need“ ist "
          "die sinusförmige Positionskodierung. Statt 512 Dimensionen nehmen wir hier nur sechs, damit man die "
          "Tabelle noch mit bloßem Auge lesen kann.",
          "",
          "## Die Formel",
          "",
          "Für Position $pos$ (ab 0 gezählt) und Paarindex $i$ gilt",
          "",
          "$$",
          "PE_{(pos,\\,2i)} = \\sin\\!\\left(\\frac{pos}{10000^{2i/d}}\\right), \\qquad",
          "PE_{(pos,\\,2i+1)} = \\cos\\!\\left(\\frac{pos}{10000^{2i/d}}\\right)",
          "$$",
          "",
          "Gerade Spalten bekommen also den Sinus, ungerade den Kosinus – immer abwechselnd.",
          "",
          "## Der Code",
          "",
          "```python",
          "import numpy as np",
          "np.set_printoptions(precision=3, suppress=True)",
          "",
          "def sinus_kodierung(anzahl_pos, d_model, basis=10000):",
          "    pe = np.zeros((anzahl_pos, d_model))",
          "    pos = np.arange(anzahl_pos)[:, np.newaxis]",
          "    teiler = basis ** (np.arange(0, d_model, 2) / d_model)",
          "    pe[:, 0::2] = np.sin(pos / teiler)",
          "    pe[:, 1::2] = np.cos(pos / teiler)",
          "    return pe",
          "",
          "print(sinus_kodierung(5, 6))",
          "```",
          "",
          "Ausgabe:",
          "",
          "```text"]:
    d(t)
ls, cells = np_print(pe, PE, precision=3, suppress=True)
for it in rows_to_items(ls, cells, lambda p, m: f"PE[{p}][{m + 1}]"):
    d(it[0], it[1], it[2], it[3])
d("```")
d("")
d("Jede Zeile ist eine Position, jede Spalte eine Dimension. Die ersten beiden Spalten drehen sich schnell, die "
  "letzten beiden kaum – bei nur fünf Positionen steht die letzte Kosinus-Spalte praktisch still.")
d("")
d("## Position 2 von Hand")
d("")
d(f"Die drei Teiler $10000^{{2i/6}}$ sind {trim(divs[0])}, {divs[1]} und {divs[2]}. Für $pos = 2$ ergeben sich "
  f"daraus die Winkel {trim(angs[0])}, {angs[1]} und {angs[2]} (im Bogenmaß).",
  [(divs[1], "PE.div[2]", "correct"), (divs[2], "PE.div[3]", "correct"),
   (angs[1], "PE.angle[2][2]", "correct"), (angs[2], "PE.angle[2][3]", "correct")],
  [trim(divs[0]), trim(angs[0])], ["10000", "6"])
d("")
d("Sinus und Kosinus davon, mit dem Taschenrechner auf vier Stellen:")
d("")
d("$$")
d("PE_{2} = \\begin{bmatrix} " + " & ".join(row2) + " \\end{bmatrix}",
  [(v, f"PE[2][{m + 1}]", "correct") for m, v in enumerate(row2)])
d("$$")
d("")
d(f"Das passt zur dritten Zeile der Ausgabe oben ({cells[2][0]}, {cells[2][1]}, …), nur mit einer Stelle mehr.",
  [(cells[2][0], "PE[2][1]", "correct"), (cells[2][1], "PE[2][2]", "correct")])
d("")
d("Im nächsten Teil addieren wir diese Vektoren zu echten Wort-Embeddings.")
d.save()
