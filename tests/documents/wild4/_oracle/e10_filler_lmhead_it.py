"""Italian blog post full of filler (hyper-parameter table, BLEU table, shapes like 512x64, years, citation markers
[3], illustrative vectors 'ad es. [0.12, -0.5, ...]', training times) around one small worked example: the output
layer of the last position (h W_out + b over a 5-word vocabulary), softmax, cross-entropy of the true next word and
the greedy choice."""
from pathlib import Path

import numpy as np

from w4lib import *

vocab = ["<eos>", "gatto", "dorme", "sul", "divano"]
hs = ["0.8", "-0.3", "0.5", "1.1"]
Ws = [["0.2", "-0.4", "0.1", "0.3", "0.6"],
      ["0.5", "0.2", "-0.3", "0.4", "-0.1"],
      ["-0.6", "0.3", "0.7", "0.1", "0.2"],
      ["0.1", "-0.2", "0.4", "-0.5", "0.9"]]
bs = ["0.0", "0.1", "-0.2", "0.3", "0.1"]
h, W, b = M(hs), M(Ws), M(bs)
terms = [[h[k] * W[k][j] for k in range(4)] for j in range(5)]
z = [a + bb for a, bb in zip(vecmat(h, W), b)]
E = [mpmath.exp(v) for v in z]
Es = mpmath.fsum(E)
p = [e / Es for e in E]
target = 4
CE = -mpmath.log(p[target])
greedy = max(range(5), key=lambda j: p[j])
zn = np.array(hs, float) @ np.array(Ws, float) + np.array(bs, float)
pn = np.exp(zn) / np.exp(zn).sum()
check_np(z, zn); check_np(p, pn); check_np([CE], [-np.log(pn[target])])
assert int(np.argmax(pn)) == greedy

d = Doc("blog-filler-lmhead-it", "md",
        "Italian blog post (personal notes on a small translation Transformer) full of filler: hyper-parameter table, "
        "BLEU table, shapes like 512x64 and 512x32000, years, citation markers [3], illustrative vectors 'ad es. [0.12, "
        "-0.5, …]', GPU hours; one small worked example: logits of the last position over a 5-word vocabulary "
        "(h W_out + b, terms written out for one word), exponentials and their sum, softmax, cross-entropy of the true "
        "next word 'divano', greedy next token",
        "z = h W_out + b (last position); p = softmax(z); loss = -ln p[divano]; greedy = argmax p", "exact",
        gen=Path(__file__).name)
add = d.add
R4 = lambda v: r(v, 4)
add("---")
add("layout: post")
add('title: "Dal vettore alla parola: l\'ultimo strato del decoder"')
add("date: 2022-11-20 18:05:00 +0100", nots=["2022", "11", "20", "18", "05", "00", "0100"])
add("categories: [nlp, appunti]")
add("---")
add("")
add("Questo è il terzo post della serie sul Transformer che sto allenando per tradurre dall'inglese all'italiano [1].",
    nots=["1"])
add("Prima i numeri \"di contorno\", poi un esempio piccolo fatto a mano.")
add("")
add("## La configurazione")
add("")
add("Ho usato la configurazione *base* dell'articolo originale (Vaswani et al., 2017) [2], con poche modifiche:",
    nots=["2017", "2"])
add("")
add("| iperparametro | valore |")
add("|---|---|")
add("| d_model | 512 |", nots=["512"])
add("| teste (h) | 8 |", nots=["8"])
add("| d_k = d_v | 64 |", nots=["64"])
add("| d_ff | 2048 |", nots=["2048"])
add("| strati (N) | 6 + 6 |", nots=["6", "6"])
add("| dropout | 0.1 |", nots=["0.1"])
add("| label smoothing | 0.1 |", nots=["0.1"])
add("| warmup | 4000 passi |", nots=["4000"])
add("| vocabolario (BPE condiviso) | 32000 |", nots=["32000"])
add("")
add("Ogni testa proietta con matrici 512x64, e l'ultimo strato lineare ha pesi 512x32000, cioè circa 16.4 milioni di",
    nots=["512", "64", "512", "32000", "16.4"])
add("parametri solo lì (per questo molti condividono i pesi con gli embedding [3]).", nots=["3"])
add("")
add("## Qualche risultato")
add("")
add("| modello | BLEU (newstest) | ore GPU |")
add("|---|---|---|")
add("| baseline LSTM (2019) | 21.7 | 40 |", nots=["2019", "21.7", "40"])
add("| Transformer base, 100k passi | 26.9 | 84 |", nots=["100", "26.9", "84"])
add("| Transformer base + checkpoint averaging | 27.4 | 84 |", nots=["27.4", "84"])
add("")
add("Allenamento: 3.5 giorni su una sola RTX 3090, batch di circa 25000 token. Il BLEU è calcolato con sacreBLEU 2.3.1.",
    nots=["3.5", "3090", "25000", "2.3.1"])
add("")
add("## Cosa fa l'ultimo strato")
add("")
add("Alla fine del decoder ogni posizione ha un vettore di dimensione d_model (ad es. [0.12, -0.5, 0.33, …] con 512",
    nots=["0.12", "-0.5", "0.33", "512"])
add("componenti). Un'unica matrice W_out lo trasforma in un punteggio (logit) per ogni parola del vocabolario, il softmax")
add("trasforma i punteggi in probabilità e, in decodifica *greedy*, si sceglie la parola più probabile. In addestramento")
add("invece si guarda la probabilità della parola giusta e si prende −log p (cross-entropy) [4].", nots=["4"])
add("")
add("## Un esempio che si fa a mano")
add("")
add("Per vederlo davvero riduco tutto: d_model = 4 e un vocabolario di 5 parole:", nots=["4", "5"])
add("")
add("    " + ", ".join(vocab))
add("")
add("Il decoder ha già letto \"il gatto dorme sul\" e l'ultimo vettore (posizione 4) è", nots=["4"])
add("")
add(f"    h = [{', '.join(hs)}]", opts=hs)
add("")
add("I pesi W_out (4x5, una colonna per parola) e il bias:", nots=["4", "5"])
add("")
add("```")
add("          " + "".join(f"{w:>9}" for w in vocab))
for k in range(4):
    add(f"riga {k + 1}  " + "".join(f"{v:>9}" for v in Ws[k]), opts=Ws[k], nots=[str(k + 1)])
add("bias    " + "".join(f"{v:>9}" for v in bs), opts=bs)
add("```")
add("")
add("La parola vera che segue è **divano**.")
add("")
add("### Logit")
add("")
j = 4
tt = [short(t) for t in terms[j]]
add(f"Per esempio per \"divano\": {hs[0]}·{Ws[0][j]} + ({hs[1]})·({Ws[1][j]}) + {hs[2]}·{Ws[2][j]} + {hs[3]}·{Ws[3][j]} + {bs[j]}"
    f" = {tt[0]} + {tt[1]} + {tt[2]} + {tt[3]} + {bs[j]} = {short(z[j])}",
    claims=[(tt[k], f"logits.terms[divano][{k+1}]", "correct") for k in range(4)] + [(short(z[j]), "logits[divano]", "correct")],
    opts=hs + [Ws[k][j] for k in range(4)] + [bs[j], bs[j]])
add("")
add("Tutti i logit:")
add("")
add("| parola | logit z | e^z | p |")
add("|---|---|---|---|")
for k in range(5):
    add(f"| `{vocab[k]}` | {short(z[k])} | {R4(E[k])} | {R4(p[k])} |",
        claims=[(short(z[k]), f"logits[{vocab[k]}]", "correct"), (R4(E[k]), f"exp[{vocab[k]}]", "correct"),
                (R4(p[k]), f"probs[{vocab[k]}]", "correct")])
add(f"| **somma** | | {R4(Es)} | 1.0000 |", claims=[(R4(Es), "expsum", "correct")], nots=["1.0000"])
add("")
add("### Cross-entropy e scelta greedy")
add("")
add(f"La loss per questa posizione è −ln p(divano) = −ln {R4(p[target])} = **{R4(CE)}**.",
    claims=[(R4(CE), "loss", "correct")], opts=[R4(p[target])])
add("")
add(f"In decodifica greedy si prende l'argmax: **{vocab[greedy]}**, con p = {R4(p[greedy])}.",
    claims=[(R4(p[greedy]), f"probs[{vocab[greedy]}]", "correct")])
if greedy == target:
    add("Quindi qui il modello avrebbe indovinato la parola giusta, con poco più del 50% di probabilità.",
        nots=["50"])
else:
    add("Il modello quindi sbaglierebbe: la parola giusta arriva solo seconda.")
add("")
add("## Note finali")
add("")
add("- Con un vocabolario vero (32000 parole) il conto è identico, solo più lungo; con label smoothing 0.1 la loss",
    nots=["32000", "0.1"])
add("  non è più solo −log p della parola giusta [5].", nots=["5"])
add("- Il beam search (ampiezza 4, penalità di lunghezza 0.6) migliora il BLEU di circa 0.8 punti rispetto al greedy.",
    nots=["4", "0.6", "0.8"])
add("- Nel prossimo post: weight tying e perché riduce i parametri del ~20%.", nots=["20"])
add("")
add("[1] post precedente, ottobre 2022 · [2] Vaswani et al., NeurIPS 2017 · [3] Press & Wolf, 2017 · "
    "[4] Goodfellow et al., cap. 6 · [5] Müller et al., 2019", nots=["1", "2022", "2", "2017", "3", "2017", "4", "6", "5", "2019"])
d.write()
