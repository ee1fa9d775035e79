"""French Notion page exported to Markdown (title, property lines Créé le / Étiquettes / Statut, `<aside>` callouts
that Notion writes as HTML, a toggle list, tables): the sinusoidal positional encoding of the original Transformer
(base 10000, d_model 6, sin on even and cos on odd components, positions 0-3), the divisors, the angles, the PE
table and x + PE for the tokens le, chat, dort, ici; 4 decimals. Exact rounding."""
from pathlib import Path

from w10lib import *

toks = ["le", "chat", "dort", "ici"]
Xs = [["0.2", "-0.5", "0.7", "0.1", "-0.3", "0.4"], ["0.9", "0.3", "-0.2", "0.6", "0.1", "-0.7"],
      ["-0.4", "0.8", "0.5", "-0.3", "0.6", "0.2"], ["0.6", "0.0", "0.4", "0.9", "-0.5", "0.3"]]
D, BASE = 6, 10000
div = [mpf(BASE) ** (mpf(2 * i) / D) for i in range(D // 2)]
ang = [[mpf(p) / div[i] for i in range(D // 2)] for p in range(len(toks))]
PE = [[(mpmath.sin if m % 2 == 0 else mpmath.cos)(ang[p][m // 2]) for m in range(D)] for p in range(len(toks))]
XP = [[x + e for x, e in zip(xr, pr)] for xr, pr in zip(mat(Xs), PE)]
# float64 check
pos = np.arange(4)[:, None]; i2 = np.arange(0, D, 2)[None, :]
angn = pos / np.power(float(BASE), i2 / D)
PEn = np.zeros((4, D)); PEn[:, 0::2] = np.sin(angn); PEn[:, 1::2] = np.cos(angn)
agree(PE, PEn); agree(XP, np.array(Xs, float) + PEn); agree(ang, angn)

d = Doc("notion-pe-fr", "md",
        "French Notion page exported to Markdown: sinusoidal positional encoding (base 10000, d_model 6, sin/cos "
        "interleaved, positions 0-3), divisors, angles, PE table and x + PE for le, chat, dort, ici; 4 decimals",
        "sinusoidal positional encodings (base 10000, d_model 6, interleaved), then x + PE, over the tokens le, chat, "
        "dort, ici",
        script=Path(__file__).name)
A = d
A("# Encodage positionnel : calcul à la main")
A("")
A("Créé le: 12 février 2024 15:03", nots=["12", "2024"])
A("Étiquettes: Cours, Transformers")
A("Statut: Relu")
A("")
A("<aside>")
A("💡 Objectif : vérifier à la main les valeurs de l’encodage sinusoïdal pour une phrase de 4 mots, avec "
  "d_model = 6 (au lieu de 512 dans l’article).", nots=["4", "6", "512"])
A("</aside>")
A("")
A("## Rappel des formules")
A("")
A("PE(pos, 2i) = sin(pos / 10000^(2i/d_model))")
A("")
A("PE(pos, 2i+1) = cos(pos / 10000^(2i/d_model))")
A("")
A("Les positions commencent à 0 : « le » est en position 0, « chat » en 1, « dort » en 2, « ici » en 3.",
  nots=["0", "1", "2", "3"])
A("")
A("## Les fréquences")
A("")
A("Avec d_model = 6 il y a trois valeurs de i, donc trois diviseurs 10000^(2i/6) :", nots=["6", "10000"])
A("")
A(f"- i = 0 : 10000^(0/6) = {lit(div[0])}", claims=[(lit(div[0]), "PE.div[1]", "correct")], nots=["0", "6"])
A(f"- i = 1 : 10000^(2/6) = 10000^(1/3) ≈ {rnd(div[1], 4)}", claims=[(rnd(div[1], 4), "PE.div[2]", "correct")],
  nots=["1", "2", "6", "3"])
A(f"- i = 2 : 10000^(4/6) = 10000^(2/3) ≈ {rnd(div[2], 4)}", claims=[(rnd(div[2], 4), "PE.div[3]", "correct")],
  nots=["2", "4", "6", "3"])
A("")
A("L’angle vaut pos divisé par le diviseur ; il sert pour le sin (colonne paire) et le cos (colonne impaire) "
  "de la même paire.")
A("")
A("Pour i = 0 l’angle est pos lui-même ; pour les deux autres :", nots=["0"])
A("")
A("| mot | pos | angle (i = 1) | angle (i = 2) |")
A("|---|---|---|---|")
for p, t in enumerate(toks):
    ss = [rnd(ang[p][i], 4) for i in (1, 2)]
    A(f"| {t} | {p} | " + " | ".join(ss) + " |",
      claims=[(s_, f"PE.angle[{t}][{i + 2}]", "correct") for i, s_ in enumerate(ss)], nots=[str(p)] if p else [])
A("")
A("## Le tableau PE")
A("")
A("| mot | PE₀ = sin | PE₁ = cos | PE₂ = sin | PE₃ = cos | PE₄ = sin | PE₅ = cos |")
A("|---|---|---|---|---|---|---|")
for p, t in enumerate(toks):
    ss = [rnd(v, 4) for v in PE[p]]
    A(f"| {t} | " + " | ".join(ss) + " |", claims=[(s, f"PE[{t}][{k + 1}]", "correct") for k, s in enumerate(ss)])
A("")
A("- [ ] vérifier à la calculatrice (mode radians !)")
A(f"    - sin(2) = {rnd(PE[2][0], 4)} et cos(2) = {rnd(PE[2][1], 4)} : ok",
  claims=[(rnd(PE[2][0], 4), "PE[dort][1]", "correct"), (rnd(PE[2][1], 4), "PE[dort][2]", "correct")], nots=["2"])
A(f"    - PE₄ de « ici » = sin({rnd(ang[3][2], 4)}) = {rnd(PE[3][4], 4)} : presque l’angle lui-même, normal pour un petit angle",
  claims=[(rnd(PE[3][4], 4), "PE[ici][5]", "correct")], opts=[rnd(ang[3][2], 4)])
A("")
A("## Ajout aux plongements")
A("")
A("Les plongements des mots (donnés) :")
A("")
A("| mot | x₀ | x₁ | x₂ | x₃ | x₄ | x₅ |")
A("|---|---|---|---|---|---|---|")
for t, r in zip(toks, Xs):
    A(f"| {t} | " + " | ".join(r) + " |")
A("")
pe1 = [rnd(v, 4) for v in PE[1]]
xp1 = [rnd(v, 4) for v in XP[1]]
A(f"Exemple pour « chat » : [{', '.join(Xs[1])}] + [{', '.join(pe1)}] = [{', '.join(xp1)}]",
  claims=[(s, f"x_pe[chat][{k + 1}]", "correct") for k, s in enumerate(xp1)], opts=Xs[1] + pe1)
A("")
A("| mot | x + PE |")
A("|---|---|")
for p, t in enumerate(toks):
    ss = [rnd(v, 4) for v in XP[p]]
    A(f"| {t} | ({', '.join(ss)}) |", claims=[(s, f"x_pe[{t}][{k + 1}]", "correct") for k, s in enumerate(ss)])
A("")
A("<aside>")
A("⚠️ Les colonnes 4 et 5 bougent très peu d’une position à l’autre : c’est la fréquence la plus lente.", nots=["4", "5"])
A("</aside>")
d.save()
