"""English reading-notes post dense with filler numbers (dates, hyper-parameters, shapes, BLEU, references) and one small worked example."""
from pathlib import Path

import numpy as np

from wlib import *

qs = ["0.4", "1.0", "-0.2", "0.6"]
k1s, k2s = ["0.5", "0.8", "0.1", "-0.3"], ["-0.2", "0.4", "0.9", "0.7"]
v1s, v2s = ["0.6", "-0.4"], ["0.1", "0.9"]
q, k1, k2, v1, v2 = V(qs), V(k1s), V(k2s), V(v1s), V(v2s)
s = [dot(q, k1), dot(q, k2)]
sc = [v / 2 for v in s]
w = softmax(sc)
c = wsum(w, [v1, v2])
lr4000 = mpf(512) ** mpf(-0.5) * mpf(4000) ** mpf(-0.5)
qn = np.array(qs, float)
sn = np.array([qn @ np.array(k1s, float), qn @ np.array(k2s, float)]) / 2
wn = np.exp(sn) / np.exp(sn).sum()
np_check(c, wn @ np.array([v1s, v2s], float))

d = Doc("paper-notes-filler", "md",
        "English reading-notes blog post on 'Attention Is All You Need', dense with filler numbers (dates, hyper-parameters, shapes such as 4x5000, BLEU scores, GPU-days, section and figure numbers, a bibliography) and one small worked example: one query against two keys with d_k = 4",
        "scaled dot-product attention, one query, two keys/values given", "exact",
        note="the filler must not become claims; the learning rate at step 4000 and d_k = 512/8 = 64 are computed but outside the worked example (optional); no planted slip")
d.gen = Path(__file__).name
add = d.add
add("# Reading notes: “Attention Is All You Need” (Vaswani et al., 2017) [1]", nots=["2017", "1"])
add("")
add("*Posted 2023-09-17 · updated 2024-02-04 · reading group week 3 of 12*", nots=["2023", "09", "17", "2024", "02", "04", "3", "12"])
add("")
add("These are my notes for our reading group. The paper appeared on arXiv in June 2017 (1706.03762) and at NeurIPS 2017 in Long Beach. Over 100,000 citations later it is still worth reading slowly.",
    nots=["2017", "1706.03762", "2017", "100"])
add("")
add("## 1. The architecture in numbers", nots=["1"])
add("")
add("The base model (Table 3, row “base”) uses:", nots=["3"])
add("")
add("- N = 6 identical layers in both the encoder and the decoder", nots=["6"])
add("- d_model = 512, d_ff = 2048", nots=["512", "2048"])
add("- h = 8 heads, so d_k = d_v = d_model / h = 512 / 8 = 64", nots=["8", "512", "8"], opts=["64"])
add("- dropout P_drop = 0.1 and label smoothing ε_ls = 0.1", nots=["0.1", "0.1"])
add("- about 65M parameters (the big model: d_model = 1024, d_ff = 4096, h = 16, 213M parameters)", nots=["65", "1024", "4096", "16", "213"])
add("")
add("Sinusoidal positional encodings are precomputed for a maximum length of 5000 positions in most implementations; with a batch of 4 sentences the position-index tensor is 4x5000 before slicing, and the table itself is 5000 × 512.",
    nots=["5000", "4", "5000", "5000", "512"])
add("")
add("## 2. Training setup (Section 5)", nots=["2", "5"])
add("")
add("- WMT 2014 English–German: about 4.5 million sentence pairs, byte-pair encoding with a shared vocabulary of about 37000 tokens [2]",
    nots=["2014", "4.5", "37000", "2"])
add("- WMT 2014 English–French: 36M sentences, 32000 word-piece vocabulary", nots=["2014", "36", "32000"])
add("- batches of roughly 25000 source and 25000 target tokens", nots=["25000", "25000"])
add("- 8 NVIDIA P100 GPUs; base model 100,000 steps (12 hours, 0.4 s per step), big model 300,000 steps (3.5 days)",
    nots=["8", "100", "000", "12", "0.4", "300", "000", "3.5"])
add("- Adam with β1 = 0.9, β2 = 0.98, ε = 10⁻⁹", nots=["0.9", "0.98", "10"])
add("")
add("The learning rate follows")
add("")
add("$$lrate = d_{model}^{-0.5} \\cdot \\min(step^{-0.5},\\ step \\cdot warmup^{-1.5})$$", nots=["-0.5", "-0.5", "-1.5"])
add("")
add(f"with warmup_steps = 4000. At the peak (step 4000) that is 512^(-0.5) × 4000^(-0.5) ≈ {rnd(lr4000, 6)}.",
    nots=["4000", "4000", "512", "-0.5", "4000", "-0.5"], opts=[rnd(lr4000, 6)])
add("")
add("## 3. Results", nots=["3"])
add("")
add("| model | EN-DE BLEU | EN-FR BLEU | training cost (FLOPs) |")
add("|---|---|---|---|")
add("| ByteNet [3] | 23.75 | – | – |", nots=["3", "23.75"])
add("| GNMT + RL [4] | 24.6 | 39.92 | 2.3 · 10¹⁹ |", nots=["4", "24.6", "39.92", "2.3"])
add("| ConvS2S [5] | 25.16 | 40.46 | 9.6 · 10¹⁸ |", nots=["5", "25.16", "40.46", "9.6"])
add("| Transformer (base) | 27.3 | 38.1 | 3.3 · 10¹⁸ |", nots=["27.3", "38.1", "3.3"])
add("| Transformer (big) | 28.4 | 41.8 | 2.3 · 10¹⁹ |", nots=["28.4", "41.8", "2.3"])
add("")
add("The big model's 41.8 on EN-FR was trained for less than 1/4 of the cost of the previous state of the art.", nots=["41.8", "1", "4"])
add("")
add("## 4. A tiny worked example", nots=["4"])
add("")
add("Our group asked what the 1/√d_k factor actually does, so here is one query against two keys with d_k = 4 (so √d_k = 2):",
    nots=["1", "4", "2"])
add("")
add("```")
add("q  = [0.4, 1.0, -0.2, 0.6]")
add("k1 = [0.5, 0.8, 0.1, -0.3]     v1 = [0.6, -0.4]", nots=["1", "1"])
add("k2 = [-0.2, 0.4, 0.9, 0.7]     v2 = [0.1, 0.9]", nots=["2", "2"])
add("```")
add("")
p1 = [q[i] * k1[i] for i in range(4)]
p2 = [q[i] * k2[i] for i in range(4)]
add(f"- q·k1 = {' + '.join(short(p) if not short(p).startswith('-') else '(' + short(p) + ')' for p in p1)} = {short(s[0])}",
    claims=[(short(p), f"q[{i+1}]*k1[{i+1}]", "correct") for i, p in enumerate(p1)] + [(short(s[0]), "q.k1", "correct")], nots=["1"])
add(f"- q·k2 = {' + '.join(short(p) if not short(p).startswith('-') else '(' + short(p) + ')' for p in p2)} = {short(s[1])}",
    claims=[(short(p), f"q[{i+1}]*k2[{i+1}]", "correct") for i, p in enumerate(p2)] + [(short(s[1]), "q.k2", "correct")], nots=["2"])
add(f"- scaled: {short(s[0])} / 2 = {short(sc[0])} and {short(s[1])} / 2 = {short(sc[1])}",
    claims=[(short(sc[0]), "q.k1 / 2", "correct"), (short(sc[1]), "q.k2 / 2", "correct")], opts=[short(s[0]), short(s[1])], nots=["2", "2"])
add(f"- softmax: w1 = {rnd(w[0], 4)}, w2 = {rnd(w[1], 4)}",
    claims=[(rnd(w[0], 4), "w1", "correct"), (rnd(w[1], 4), "w2", "correct")], nots=["1", "2"])
add(f"- output: {rnd(w[0], 4)}·v1 + {rnd(w[1], 4)}·v2 = [{rnd(c[0], 4)}, {rnd(c[1], 4)}]",
    claims=[(rnd(c[0], 4), "context[1]", "correct"), (rnd(c[1], 4), "context[2]", "correct")], opts=[rnd(w[0], 4), rnd(w[1], 4)], nots=["1", "2"])
add("")
wu = softmax(s)
add(f"Without the scaling the weights would be {rnd(wu[0], 4)} and {rnd(wu[1], 4)}, noticeably sharper. With d_k = 64 the unscaled dot products would be about 8 times larger still, which is the saturation argument of Section 3.2.1.",
    claims=[(rnd(wu[0], 4), "unscaled w1", "correct"), (rnd(wu[1], 4), "unscaled w2", "correct")], nots=["64", "8", "3.2.1"])
add("")
add("## 5. Questions for next week", nots=["5"])
add("")
add("1. Why does the decoder need both masking and the right-shift of the outputs by one position?", nots=["1"])
add("2. Table 3 row (A) varies h from 1 to 32 with fixed compute: why does quality drop at h = 32?", nots=["2", "3", "1", "32", "32"])
add("3. Would learned positional embeddings (row E, BLEU 25.7 vs 25.8) generalise to sequences longer than 512?", nots=["3", "25.7", "25.8", "512"])
add("")
add("## References")
add("")
add("[1] A. Vaswani, N. Shazeer, N. Parmar, J. Uszkoreit, L. Jones, A. N. Gomez, Ł. Kaiser, I. Polosukhin. Attention is all you need. NeurIPS 30, 2017, pp. 5998–6008.",
    nots=["1", "30", "2017", "5998", "6008"])
add("[2] R. Sennrich, B. Haddow, A. Birch. Neural machine translation of rare words with subword units. ACL 2016.", nots=["2", "2016"])
add("[3] N. Kalchbrenner et al. Neural machine translation in linear time. arXiv:1610.10099, 2016.", nots=["3", "1610.10099", "2016"])
add("[4] Y. Wu et al. Google's neural machine translation system. arXiv:1609.08144, 2016.", nots=["4", "1609.08144", "2016"])
add("[5] J. Gehring et al. Convolutional sequence to sequence learning. ICML 2017.", nots=["5", "2017"])
d.write()
