"""English Discord channel exported as plain text (DiscordChatExporter layout: guild/channel banner, '[dd/mm/yyyy hh:mm]
user' headers, replies, reactions, code blocks in backticks): sinusoidal positional encoding with d = 6 and base
10000 for positions 0..2 (interleaved sin/cos), the division terms, the angles, the PE rows, then x + PE for 3
tokens; another user restates two numbers."""
from pathlib import Path

from w6lib import *

toks = ["time", "flies", "fast"]
Xs = [["0.2", "-0.5", "0.1", "0.8", "-0.3", "0.4"], ["0.7", "0.3", "-0.6", "0.2", "0.5", "-0.1"],
      ["-0.4", "0.6", "0.3", "-0.2", "0.9", "0.0"]]
D = 6
div = [mpf(10000) ** (mpf(2 * i) / D) for i in range(3)]
ang = [[mpf(p) / dv for dv in div] for p in range(3)]
PE = [[f(ang[p][i]) for i in range(3) for f in (mpmath.sin, mpmath.cos)] for p in range(3)]
XP = [[mpf(Xs[p][m]) + PE[p][m] for m in range(D)] for p in range(3)]
pos = np.arange(3)[:, None]; i2 = np.arange(0, 6, 2)
angn = pos / 10000 ** (i2 / 6)
PEn = np.zeros((3, 6)); PEn[:, 0::2] = np.sin(angn); PEn[:, 1::2] = np.cos(angn)
agree(PE, PEn); agree(XP, np.array(Xs, float) + PEn); agree(ang, angn)
F = lambda v: rnd(v, 4)

d = Doc("discord-pe-d6", "txt",
        "English Discord channel exported as plain text (DiscordChatExporter banner, '[dd/mm/yyyy hh:mm] user' headers, "
        "replies, reactions, inline code blocks): sinusoidal positional encoding, d = 6, base 10000, positions 0..2, "
        "interleaved sin/cos: the division terms 10000^(2i/6), the angles, PE rows, then x + PE for 3 tokens; a "
        "second user restates two numbers",
        "PE[pos][2i] = sin(pos / 10000^(2i/6)), PE[pos][2i+1] = cos(same), positions 0..2; then x + PE",
        script=Path(__file__).name)
A = d
A("==============================================================")
A("Guild: Attention Span (ML study group)")
A("Channel: help-transformers / #positional-encoding")
A("Topic: one question per thread pls, paste code in ``` blocks")
A("==============================================================")
A("")
A("[14/05/2024 21:04] kestrel.dev", nots=["14", "05", "2024", "21", "04"])
A("ok so I did the sinusoidal PE by hand for my toy model (d_model = 6 instead of 512 lol) and I'm not sure about "
  "the middle pair. can someone sanity check?", nots=["6", "512"])
A("")
A("[14/05/2024 21:05] kestrel.dev", nots=["14", "05", "2024", "21", "05"])
A("PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(same thing). base 10000, positions start at 0",
  nots=["2", "10000", "2", "2", "1", "10000", "0"])
A("")
A("[14/05/2024 21:07] kestrel.dev", nots=["14", "05", "2024", "21", "07"])
A("```")
A("i = 0:  10000^(0/6) = 1", opts=["1"], nots=["0", "10000", "0", "6"])
A(f"i = 1:  10000^(2/6) = {F(div[1])}", claims=[(F(div[1]), "PE.div[2]", "correct")], nots=["1", "10000", "2", "6"])
A(f"i = 2:  10000^(4/6) = {F(div[2])}", claims=[(F(div[2]), "PE.div[3]", "correct")], nots=["2", "10000", "4", "6"])
A("```")
A("")
A("[14/05/2024 21:09] kestrel.dev", nots=["14", "05", "2024", "21", "09"])
A("angles (pos / that):")
A("```")
for p in (1, 2):
    A(f"pos {p}: " + ", ".join(F(ang[p][i]) for i in range(3)),
      claims=[(F(ang[p][i]), f"PE.angle[{p}][{i + 1}]", "correct") for i in range(3)], nots=[str(p)])
A("```")
A("pos 0 is all zeros obviously", nots=["0"])
A("")
A("[14/05/2024 21:12] kestrel.dev", nots=["14", "05", "2024", "21", "12"])
A("```")
for p in range(3):
    vals = [F(v) for v in PE[p]]
    A(f"PE[{p}] = [{', '.join(vals)}]",
      claims=[(vals[m], f"PE[{p}][{m + 1}]", "correct") for m in range(D)],
      nots=[str(p)])
A("```")
A("")
A("[14/05/2024 21:15] nullpointer_jo", nots=["14", "05", "2024", "21", "15"])
A(f"> PE[1] = [{', '.join(F(v) for v in PE[1][:2])}, ...", opts=[F(v) for v in PE[1][:2]], nots=["1"])
A(f"looks right to me. sin(1) = {F(mpmath.sin(1))}, cos(1) = {F(mpmath.cos(1))}. for the middle pair at pos 2 "
  f"you want sin({F(ang[2][1])}) = {F(PE[2][2])}, which is what you have 👍",
  claims=[(F(mpmath.sin(1)), "PE[1][1]", "correct"), (F(mpmath.cos(1)), "PE[1][2]", "correct"),
          (F(ang[2][1]), "PE.angle[2][2]", "correct"), (F(PE[2][2]), "PE[2][3]", "correct")],
  nots=["1", "1", "2"])
A("")
A("[14/05/2024 21:16] kestrel.dev", nots=["14", "05", "2024", "21", "16"])
A("nice ty. then adding to my embeddings:")
A("```")
for p, t in enumerate(toks):
    A(f"x_{t:<5} = [{', '.join(Xs[p])}]")
A("```")
A("")
A("[14/05/2024 21:18] kestrel.dev", nots=["14", "05", "2024", "21", "18"])
A("```")
for p, t in enumerate(toks):
    vals = [F(v) for v in XP[p]]
    A(f"{t:<5} + PE[{p}] = [{', '.join(vals)}]",
      claims=[(vals[m], f"X+PE[{t}][{m + 1}]", "correct") for m in range(D)], nots=[str(p)])
A("```")
A("{Reactions}")
A("👍 (3) 🧠 (1)", nots=["3", "1"])
A("")
A("[14/05/2024 21:20] nullpointer_jo", nots=["14", "05", "2024", "21", "20"])
A("yep. fwiw with d = 6 the last pair barely moves between positions, that's the slow frequency doing its job",
  nots=["6"])
A("")
A("[14/05/2024 21:21] kestrel.dev", nots=["14", "05", "2024", "21", "21"])
A("makes sense. closing this, thanks!")
A("")
A("==============================================================")
A("Exported 10 message(s)", nots=["10"])
A("==============================================================")
d.save()
