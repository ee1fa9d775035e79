"""French notebook saved by VS Code (vscode metadata, .venv kernel): nanoGPT-style fused projection c_attn (4 -> 12)
split into q, k, v, viewed as (B, nh, T, hs) = (1, 2, 4, 2) and printed as 4-d tensors; F.scaled_dot_product_attention
with is_causal=True; the heads merged back to (1, 4, 4) and projected by c_proj; the attention matrix recomputed by
hand (masked_fill -inf, softmax) as a (1, 2, 4, 4) tensor and torch.allclose. Exact rounding, no slip."""
from pathlib import Path

from w19lib import *

toks = ["<s>", "▁Le", "▁chat", "▁dort"]
Xs = [["0.5", "0.1", "-0.3", "0.7"], ["-0.2", "0.8", "0.4", "0.1"], ["0.6", "-0.5", "0.9", "0.2"],
      ["0.3", "0.4", "0.1", "-0.8"]]
Wattn = [["0.2", "-0.4", "0.6", "0.1", "0.3", "0.5", "-0.2", "0.4", "0.7", "0.1", "-0.3", "0.2"],
         ["0.5", "0.3", "-0.1", "0.4", "-0.6", "0.2", "0.4", "0.1", "0.2", "0.6", "0.4", "-0.5"],
         ["-0.3", "0.6", "0.2", "0.5", "0.1", "-0.4", "0.3", "0.6", "-0.1", "0.3", "0.5", "0.2"],
         ["0.4", "0.2", "0.5", "-0.3", "0.2", "0.3", "0.6", "-0.2", "0.4", "-0.2", "0.1", "0.6"]]
Wproj = [["0.4", "0.1", "-0.3", "0.2"], ["-0.2", "0.5", "0.3", "0.1"], ["0.3", "-0.1", "0.6", "0.4"],
         ["0.1", "0.4", "0.2", "-0.5"]]
Wqs = [r[0:4] for r in Wattn]; Wks = [r[4:8] for r in Wattn]; Wvs = [r[8:12] for r in Wattn]
m = mha(Xs, Wqs, Wks, Wvs, Wproj, heads=2, causal=True)
H, cat, out = m["H"], m["cat"], m["out"]

d = Doc("vscode-sdpa-fr", "ipynb",
        "French VS Code notebook: nanoGPT-style fused c_attn (4 -> 12) split into q, k, v of shape (1, 2, 4, 2) over "
        "<s>, ▁Le, ▁chat, ▁dort; F.scaled_dot_product_attention(is_causal=True), heads merged (1, 4, 4), c_proj; the "
        "attention matrix recomputed by hand as a (1, 2, 4, 4) tensor",
        "two-head causal attention, one fused projection (4 -> 12: Q, K, V side by side), heads of 2 split by "
        "columns, concat, c_proj as W_O, scaled by sqrt(2)",
        script=Path(__file__).name)
nb = Notebook(d, nb_meta("vscode"))
nb.md(["# `F.scaled_dot_product_attention` : ce qu'il y a dedans", "",
       "Objectif : refaire à la main le bloc `CausalSelfAttention` de nanoGPT sur un exemple minuscule et vérifier "
       "que la fonction fusionnée de PyTorch donne la même chose.", "",
       L("- séquence : 4 pièces SentencePiece (`<s> ▁Le ▁chat ▁dort`)", nots=["4"]),
       L("- `n_embd = 4`, `n_head = 2`, donc `head_size = 2`", nots=["4", "2"])])
nb.code(["import math", "import torch", "import torch.nn.functional as F", "", "torch.set_printoptions(precision=4)"])
src = ["tokens = [\"<s>\", \"▁Le\", \"▁chat\", \"▁dort\"]", "x = torch.tensor([[" + ", ".join(
    "[" + ", ".join(r) + "]" for r in Xs) + "]])", "B, T, C = x.size()", "n_head = 2", "",
       "# c_attn : une seule matrice (C, 3C) = [W_q | W_k | W_v]", "W_attn = torch.tensor(["]
for r in Wattn:
    src.append("    [" + ", ".join(f"{v:>4}" for v in r) + "],")
src += ["])", "W_proj = torch.tensor(["]
for r in Wproj:
    src.append("    [" + ", ".join(f"{v:>4}" for v in r) + "],")
src += ["])", "print(B, T, C)"]
nb.code(src, stdout=[L("1 4 4", nots=["1", "4"])])
nb.md(["## 1. Projection fusionnée puis découpage en têtes", "",
       "`split(C, dim=2)` coupe les 12 colonnes en trois blocs de 4 ; `view(B, T, n_head, C // n_head)` puis "
       "`transpose(1, 2)` place la tête en dimension 1."])
nb.code(["q, k, v = (x @ W_attn).split(C, dim=2)", "q = q.view(B, T, n_head, C // n_head).transpose(1, 2)  # (B, nh, T, hs)",
         "k = k.view(B, T, n_head, C // n_head).transpose(1, 2)", "v = v.view(B, T, n_head, C // n_head).transpose(1, 2)",
         "q.shape"], result=[L("torch.Size([1, 2, 4, 2])", nots=["1", "2", "4"])])
for nm in ("Q", "K", "V"):
    ln, ce = torch_nd([[H[0][nm], H[1][nm]]])
    nb.code([nm.lower()], result=t_items(ln, ce, lambda i, nm=nm: (f"L1.attn.h{i[1] + 1}.{nm}[{toks[i[2]]}][{i[3] + 1}]",
                                                                   "correct")))
nb.md(["## 2. La fonction fusionnée", "", "Avec `is_causal=True`, PyTorch applique lui-même le masque triangulaire et "
       "l'échelle 1/√hs."])
ln, ce = torch_nd([[H[0]["C"], H[1]["C"]]])
nb.code(["y = F.scaled_dot_product_attention(q, k, v, is_causal=True)", "y"],
        result=t_items(ln, ce, lambda i: (f"L1.attn.h{i[1] + 1}.context[{toks[i[2]]}][{i[3] + 1}]", "correct")))
ln, ce = torch_nd([cat])
nb.code(["y = y.transpose(1, 2).contiguous().view(B, T, C)  # on recolle les têtes", "y"],
        result=t_items(ln, ce, lambda i: (f"L1.attn.concat[{toks[i[1]]}][{i[2] + 1}]", "correct")))
ln, ce = torch_nd([out])
nb.code(["out = y @ W_proj", "out"],
        result=t_items(ln, ce, lambda i: (f"L1.attn.out[{toks[i[1]]}][{i[2] + 1}]", "correct")))
nb.md(["## 3. Vérification à la main", "", "On refait le calcul « à l'ancienne » comme dans nanoGPT sans flash "
       "attention :"])
ln, ce = torch_nd([[H[0]["W"], H[1]["W"]]])
nb.code(["att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))",
         "bias = torch.tril(torch.ones(T, T)).view(1, 1, T, T)",
         "att = att.masked_fill(bias[:, :, :T, :T] == 0, float('-inf'))", "att = F.softmax(att, dim=-1)", "att"],
        result=t_items(ln, ce, lambda i: (f"L1.attn.h{i[1] + 1}.weights[{toks[i[2]]},{toks[i[3]]}]", "correct"),
                       opt=lambda i: i[3] > i[2]))
nb.code(["torch.allclose(att @ v, F.scaled_dot_product_attention(q, k, v, is_causal=True))"], result=["True"])
nb.md(["Les deux chemins coïncident. Dans GPT-2 small, c'est la même chose avec `n_embd = 768` et `n_head = 12`.".replace(
    "", "")])
nb.save()
