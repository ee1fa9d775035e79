"""French Docusaurus documentation page (MDX): front matter with sidebar_position/slug, `:::note`/`:::caution`
admonitions, <Tabs>/<TabItem> around two code samples, tables. Two-head attention over le, chat, dort: per-head
Wq/Wk/Wv (4 -> 2), Q/K/V, scaled scores, weights and head outputs, the concatenation (3 x 4) and W_O (4 x 4).
Exact, 4 decimals."""
from pathlib import Path

from w11lib import *

toks = ["le", "chat", "dort"]
Xs = [["1.0", "0.2", "-0.4", "0.6"], ["0.3", "0.9", "0.5", "-0.2"], ["-0.5", "0.4", "0.8", "0.7"]]
H = {
    1: dict(Wq=[["0.3", "-0.2"], ["0.5", "0.1"], ["-0.1", "0.6"], ["0.2", "0.4"]],
            Wk=[["0.4", "0.1"], ["-0.3", "0.5"], ["0.2", "0.2"], ["0.6", "-0.1"]],
            Wv=[["0.5", "0.3"], ["0.1", "-0.4"], ["0.7", "0.2"], ["-0.2", "0.6"]]),
    2: dict(Wq=[["-0.4", "0.2"], ["0.3", "0.7"], ["0.5", "-0.3"], ["0.1", "0.2"]],
            Wk=[["0.2", "0.6"], ["0.5", "-0.2"], ["-0.3", "0.4"], ["0.1", "0.3"]],
            Wv=[["0.2", "-0.5"], ["0.6", "0.1"], ["-0.1", "0.8"], ["0.4", "0.3"]]),
}
Wos = [["0.5", "-0.1", "0.2", "0.3"], ["0.2", "0.4", "-0.3", "0.1"], ["-0.2", "0.3", "0.6", "0.2"],
       ["0.1", "0.2", "0.1", "-0.4"]]
res = {h: attention(Xs, p["Wq"], p["Wk"], p["Wv"]) for h, p in H.items()}
concat = [res[1]["C"][i] + res[2]["C"][i] for i in range(3)]
out = mm(concat, mat(Wos))
cn = np.hstack([res[1]["np"]["C"], res[2]["np"]["C"]])
agree(concat, cn); agree(out, cn @ np.array(Wos, float))

R = lambda v: rnd(v, 4)
d = Doc("docusaurus-mha-fr", "md",
        "French Docusaurus page (MDX): two-head attention over le, chat, dort, per-head Wq/Wk/Wv 4 -> 2, /sqrt 2, "
        "head outputs, concatenation and W_O 4 x 4; admonitions, Tabs, tables",
        "multi-head attention, 2 heads (Wq_h, Wk_h, Wv_h 4 -> 2 each), scaled by sqrt 2, concat then W_O (4 x 4)",
        script=Path(__file__).name)
A = d
A("---")
A("sidebar_position: 4", nots=["4"])
A("slug: /attention/multi-tetes")
A("title: L'attention multi-têtes, pas à pas")
A("description: Deux têtes, trois mots, toutes les multiplications.")
A("---")
A("")
A("import Tabs from '@theme/Tabs';")
A("import TabItem from '@theme/TabItem';")
A("")
A("# L'attention multi-têtes, pas à pas")
A("")
A("Une seule tête ne regarde la phrase que d'une seule façon. L'attention **multi-têtes** fait tourner plusieurs "
  "têtes en parallèle, chacune avec ses propres matrices, puis **concatène** leurs sorties et les mélange avec "
  "une dernière matrice $W^O$.")
A("")
A(":::note")
A("Dans l'article original, $d_{model} = 512$ et $h = 8$ têtes, donc $d_k = 64$. Ici : $d_{model} = 4$, "
  "$h = 2$, $d_k = 2$.", nots=["512", "8", "64", "4", "2", "2"])
A(":::")
A("")
A("## Entrées")
A("")
A("| mot | x₁ | x₂ | x₃ | x₄ |")
A("|---|---|---|---|---|")
for t, r in zip(toks, Xs):
    A(f"| {t} | " + " | ".join(r) + " |")
A("")
A("## Les poids de chaque tête")
A("")
A("<Tabs>")
for h, p in H.items():
    A(f'<TabItem value="h{h}" label="Tête {h}">', nots=[str(h)])
    A("")
    A("```python")
    for nm in ("Wq", "Wk", "Wv"):
        A(f"{nm}_{h} = [" + ", ".join("[" + ", ".join(r) + "]" for r in p[nm]) + "]")
    A("```")
    A("")
    A("</TabItem>")
A("</Tabs>")
A("")
A("Et la projection de sortie (4 × 4) :", nots=["4", "4"])
A("")
A("```python")
A("W_O = [" + ", ".join("[" + ", ".join(r) + "]" for r in Wos) + "]")
A("```")
A("")
for h in (1, 2):
    r = res[h]
    A(f"## Tête {h}", nots=[str(h)])
    A("")
    A(f"| tête {h} | Q | K | V |", nots=[str(h)])
    A("|---|---|---|---|")
    for i, t in enumerate(toks):
        cl, cells = [], []
        for nm in ("Q", "K", "V"):
            ss = [lit(v) for v in r[nm][i]]
            cells.append("[" + ", ".join(ss) + "]")
            cl += [(s, f"L1.attn.h{h}.{nm}[{t}][{m + 1}]", "correct") for m, s in enumerate(ss)]
        A(f"| {t} | " + " | ".join(cells) + " |", claims=cl)
    A("")
    A(f"Scores divisés par √2, puis softmax sur chaque ligne (tête {h}) :", nots=["2", str(h)])
    A("")
    A("| requête | " + " | ".join(f"score → {u}" for u in toks) + " | " + " | ".join(f"α → {u}" for u in toks) + " |")
    A("|---|---|---|---|---|---|---|")
    for i, t in enumerate(toks):
        sc = [R(v) for v in r["Sc"][i]]
        ww = [R(v) for v in r["W"][i]]
        A(f"| {t} | " + " | ".join(sc) + " | " + " | ".join(ww) + " |",
          claims=[(s, f"L1.attn.h{h}.scaled[{t},{u}]", "correct") for s, u in zip(sc, toks)]
          + [(s, f"L1.attn.h{h}.weights[{t},{u}]", "correct") for s, u in zip(ww, toks)])
    A("")
    A(f"Sortie de la tête {h} :", nots=[str(h)])
    A("")
    for i, t in enumerate(toks):
        cs = [R(v) for v in r["C"][i]]
        A(f"- head{h}({t}) = ({', '.join(cs)})",
          claims=[(s, f"L1.attn.h{h}.context[{t}][{m + 1}]", "correct") for m, s in enumerate(cs)])
    A("")
A(":::caution")
A("On concatène **dans l'ordre des têtes** : les deux premières colonnes viennent de la tête 1, les deux "
  "suivantes de la tête 2.", nots=["1", "2"])
A(":::")
A("")
A("## Concaténation puis $W^O$")
A("")
A("| mot | concat (3 × 4) | sortie = concat · W_O |", nots=["3", "4"])
A("|---|---|---|")
for i, t in enumerate(toks):
    cs = [R(v) for v in concat[i]]
    os_ = [R(v) for v in out[i]]
    A(f"| {t} | [{', '.join(cs)}] | [{', '.join(os_)}] |",
      claims=[(s, f"L1.attn.concat[{t}][{m + 1}]", "correct") for m, s in enumerate(cs)]
      + [(s, f"L1.attn.out[{t}][{m + 1}]", "correct") for m, s in enumerate(os_)])
A("")
o0 = out[0][0]
terms = [concat[0][k] * mat(Wos)[k][0] for k in range(4)]
A(f"Vérification pour la première composante de *le* : "
  + " + ".join(f"{R(concat[0][k])}×{par(Wos[k][0])}" for k in range(4)) + f" = {R(o0)}.",
  claims=[(R(o0), "L1.attn.out[le][1]", "correct")], opts=[R(concat[0][k]) for k in range(4)] + [Wos[k][0] for k in range(4)])
A("")
A("La sortie a de nouveau la forme (3, 4) : on peut l'ajouter à l'entrée (connexion résiduelle), ce que nous "
  "verrons à la page suivante.", nots=["3", "4"])
d.save()
