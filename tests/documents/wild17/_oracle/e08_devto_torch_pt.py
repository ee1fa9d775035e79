"""Brazilian Portuguese dev.to post: front matter, {% embed %} liquid tag, PyTorch code whose printed tensors are
pasted below each block (torch's 4-decimal layout, re-implemented); eu, gosto, de, café as `# eu` comments;
d_model 4, d_k 2; nn.LayerNorm's eps 1e-5; FFN 4 -> 4; head over 5 words, target '.'; loss.backward() and one
SGD step (lr 0.5). Exact, no slip."""
from pathlib import Path
from w17lib import *

toks = ["eu", "gosto", "de", "café"]; vocab = ["eu", "gosto", "de", "café", "."]
kw = dict(target=[4], head_rows=[3], nd=4, eps="1e-5", lr="0.5")


def fixed_ok(s):
    for st in ("Q", "K", "V", "W", "R1", "N1", "A", "N2", "G", "P", "dW", "Wn"):
        a = np.abs(s.f64[st]); nz = a[a > 0]
        if nz.max() / nz.min() >= 1000 or nz.min() < 5e-4:
            return False
        try:
            torch_lines(s.ex[st], 4)
        except ValueError:
            return False
    try:
        rnd(s.ex["LS"][0][0], 4, 2e-6)
    except ValueError:
        return False
    return True


seed = 801
while True:
    G, c, s, seed = solve(seed, (4, 4, 2, 4, 5), **kw)
    if fixed_ok(s):
        break
    seed += 1
q = namer(toks, vocab, ["café"])
d = Doc("devto-torch-cafe-pt", "md", "Brazilian Portuguese dev.to post: a whole post-LN layer in PyTorch on 'eu gosto de café', printed tensors, to one SGD step of W_out",
        "post-LN layer (d_model 4, d_k 2, sqrt scaling, nn.LayerNorm eps 1e-5, ReLU FFN 4 -> 4), head over 5 words, target '.', SGD lr 0.5",
        script=Path(__file__).name)
A = d


def tprint(step, suffix=")", one_d=False):
    rows = s.ex[step][0] if one_d else s.ex[step]
    lines, txt = torch_lines(rows, 4, suffix=suffix)
    R = [txt] if one_d else txt
    if one_d:
        A(lines[0], claims=[(t, q(step, 0, j), "correct") for j, t in enumerate(txt[0])])
    else:
        for i, ln in enumerate(lines):
            A(ln, claims=[(t, q(step, i, j), "correct") for j, t in enumerate(R[i])])


def tlist(M):
    return "[" + ", ".join("[" + ", ".join(r) + "]" for r in M) + "]"


A("---"); A("title: Um Transformer inteiro na mão (e conferido no PyTorch)"); A("published: true")
A("description: Da frase até o passo de gradiente, com todos os números"); A("tags: pytorch, transformers, braziliandevs, tutorial")
A("cover_image: https://dev-to-uploads.s3.amazonaws.com/uploads/articles/cafe.png"); A("---")
A("")
A("Fala, pessoal! Hoje vamos passar a frase **eu gosto de café** por um bloco Transformer completo (Post-LN) e depois "
  "prever a próxima palavra. Tudo com `d_model = 4`, pra caber na tela.", nots=["4"])
A("")
A("{% embed https://dev.to/jutta/atencao-explicada-3k2a %}", nots=["3"])
A("")
A("## Montando os tensores")
A("")
A("```python"); A("import torch"); A("import torch.nn.functional as F"); A("")
A("X = torch.tensor([")
for t, r in zip(toks, G["X"]):
    A(f"    [{', '.join(r)}],  # {t}")
A("])")
for nm in ("Wq", "Wk", "Wv", "W1", "W2"):
    A(f"{nm} = torch.tensor({tlist(G[nm])})")
A(f"b1 = torch.tensor([{', '.join(G['b1'])}])"); A(f"b2 = torch.tensor([{', '.join(G['b2'])}])")
A(f"W_out = torch.tensor({tlist(G['Wout'])}, requires_grad=True)")
A("```"); A("")
A("## Atenção")
A("")
A("```python"); A("Q, K, V = X @ Wq, X @ Wk, X @ Wv"); A("print(Q)"); A("```"); A("")
A("```"); tprint("Q"); A("```"); A("")
A("```python"); A("A = torch.softmax(Q @ K.T / 2 ** 0.5, dim=-1)"); A("print(A)"); A("```"); A("", )
A("```"); tprint("W"); A("```"); A("")
A("Cada linha soma 1. Agora `Z = A @ V` e o residual:", nots=["1"])
A("")
A("```python"); A("R1 = X + A @ V"); A("print(R1)"); A("```"); A("")
A("```"); tprint("R1"); A("```"); A("")
A("## LayerNorm (eps = 1e-5, igual ao `nn.LayerNorm`)", nots=["1e-5"])
A("")
A("```python"); A("N1 = F.layer_norm(R1, (4,))"); A("print(N1)"); A("```", ); A("")
A("```"); tprint("N1"); A("```"); A("")
A("## Feed-forward com ReLU")
A("")
A("```python"); A("H = torch.relu(N1 @ W1 + b1)"); A("print(H)"); A("```"); A("")
A("```"); tprint("A"); A("```"); A("")
A("```python"); A("N2 = F.layer_norm(N1 + H @ W2 + b2, (4,))"); A("print(N2)"); A("```"); A("")
A("```"); tprint("N2"); A("```"); A("")
A("## Próxima palavra depois de \"café\"")
A("")
A("Vocabulário: `eu`, `gosto`, `de`, `café`, `.` — e a resposta certa é o ponto final.")
A("")
A("```python"); A("logits = N2[-1] @ W_out"); A("print(logits.detach())"); A("print(torch.softmax(logits, dim=-1).detach())"); A("```"); A("")
A("```"); tprint("G", one_d=True); tprint("P", one_d=True); A("```"); A("")
A("```python"); A("loss = F.cross_entropy(logits.unsqueeze(0), torch.tensor([4]))"); A("print(loss)"); A("```", ); A("")
lt = rnd(s.ex["LS"][0][0], 4)
A("```"); A(f"tensor({lt}, grad_fn=<NllLossBackward0>)", claims=[(lt, "loss", "correct")]); A("```"); A("")
A("## Um passo de gradiente")
A("")
A("```python"); A("loss.backward()"); A("print(W_out.grad)"); A("```"); A("")
A("```"); tprint("dW"); A("```"); A("")
A("```python"); A("with torch.no_grad():"); A("    W_out -= 0.5 * W_out.grad"); A("print(W_out)"); A("```", ); A("")
A("```"); tprint("Wn", suffix=", requires_grad=True)"); A("```"); A("")
A("Rodei no `torch 2.2.1`, CPU. Se os seus números baterem, comenta aí! ☕", nots=["2.2.1"])
d.save()
