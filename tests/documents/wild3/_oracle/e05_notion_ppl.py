"""Notion page exported as HTML (simple-table with &nbsp; and <br> in cells, callouts): next-token cross-entropy and
perplexity of the 3-token sentence 'cats chase mice' from given logits over a 5-word vocabulary."""
from pathlib import Path

import numpy as np

from w3lib import *

vocab = ["&lt;s&gt;", "cats", "chase", "mice", "dogs"]
inputs = ["&lt;s&gt;", "cats", "chase"]
targets = [1, 2, 3]
Zs = [["-1.0", "2.1", "0.3", "0.8", "1.5"], ["-0.5", "0.2", "1.9", "0.4", "-0.3"], ["-1.2", "0.6", "-0.4", "1.7", "1.1"]]
Z = V(Zs)
E = [[mpmath.exp(v) for v in row] for row in Z]
Ssum = [mpmath.fsum(row) for row in E]
Pr = [[v / s for v in row] for row, s in zip(E, Ssum)]
pt = [Pr[t][targets[t]] for t in range(3)]
nll = [-mpmath.log(p) for p in pt]
H = mpmath.fsum(nll) / 3
ppl = mpmath.exp(H)
bits = H / mpmath.log(2)
Zn = np.array(Zs, float); Pn = np.exp(Zn) / np.exp(Zn).sum(1, keepdims=True)
np_same(Pr, Pn)
nln = -np.log(Pn[[0, 1, 2], targets]); np_same([H, ppl], [nln.mean(), np.exp(nln.mean())])

d = Doc("notion-ppl-export", "html",
        "English Notion page exported to HTML (one block per line, simple-table cells padded with &nbsp; and split with "
        "<br>, callout blocks, toggles): softmax over a 5-word vocabulary at 3 positions, probability of the next token, "
        "-ln p, mean cross-entropy, perplexity, the same in bits",
        "p = softmax(z) per position; loss = mean_t -ln p_t(target_t); perplexity = exp(loss)", "exact",
        gen=Path(__file__).name)
add = d.add
add('<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"/><title>LM loss &amp; perplexity by hand</title><style>')
add("/* cspell:disable-file */")
add("/* webkit printing magic: print all background colors */")
add("html { -webkit-print-color-adjust: exact; }")
add("* { box-sizing: border-box; -webkit-print-color-adjust: exact; }")
add("table, th, td { border: 1px solid rgba(55, 53, 47, 0.09); border-collapse: collapse; }", nots=["1", "55", "53", "47", "0.09"])
add(".page-title { font-size: 2.5rem; font-weight: 700; margin-top: 0; margin-bottom: 0.75em; }", nots=["2.5", "700", "0", "0.75"])
add("</style></head><body><article id=\"6e1f0c2a-93d4-4b7e-a1c8-2f5d7e9b0a41\" class=\"page sans\"><header>"
    "<h1 class=\"page-title\">LM loss &amp; perplexity by hand</h1><p class=\"page-description\"></p></header><div class=\"page-body\">")
add('<p id="a1" class="">Study group week 6 · notes by me, checked against <code>F.cross_entropy</code> afterwards.</p>', nots=["6"])
add('<figure class="block-color-gray_background callout" style="white-space:pre-wrap;display:flex" id="a2"><div style="font-size:1.5em">'
    '<span class="icon">💡</span></div><div style="width:100%">A language model is trained to predict token <em>t+1</em> from '
    'tokens ≤ <em>t</em>. So for a 3-word sentence we prepend <code>&lt;s&gt;</code> and get 3 predictions.</div></figure>',
    nots=["1.5", "100", "1", "3", "3"])
add('<h2 id="a3" class="">Setup</h2>')
add(f'<p id="a4" class="">Vocabulary (5 words): {", ".join(f"<code>{w}</code>" for w in vocab)}. Sentence: <strong>cats chase mice</strong>. '
    'The logits below are made up (they would come out of the LM head).</p>', nots=["5"])
add('<table id="a5" class="simple-table"><tbody>')
add('<tr id="a6"><td class="">position</td><td class="">input</td><td class="">target</td>'
    + "".join(f'<td class="">z(<code>{w}</code>)</td>' for w in vocab) + "</tr>")
for t in range(3):
    add(f'<tr id="r{t}"><td class="">{t + 1}</td><td class=""><code>{inputs[t]}</code></td><td class=""><code>{vocab[targets[t]]}</code></td>'
        + "".join(f'<td class="">&nbsp;{z}</td>' for z in Zs[t]) + "</tr>", nots=[str(t + 1)])
add("</tbody></table>")
add('<h2 id="a7" class="">Softmax at each position</h2>')
add('<p id="a8" class="">e<sup>z</sup> for every word, their sum, then p = e<sup>z</sup> / sum. 4 decimals throughout.</p>', nots=["4"])
for t in range(3):
    add(f'<h3 id="h{t}" class="">Position {t + 1} (input <code>{inputs[t]}</code>, target <code>{vocab[targets[t]]}</code>)</h3>',
        nots=[str(t + 1)])
    add(f'<table id="t{t}" class="simple-table"><tbody>')
    add('<tr><td class="">word</td><td class="">logit&nbsp;z</td><td class="">e<sup>z</sup></td><td class="">p</td></tr>')
    for w in range(5):
        mark = " ✅" if w == targets[t] else ""
        add(f'<tr><td class=""><code>{vocab[w]}</code>{mark}</td><td class="">{Zs[t][w]}</td><td class="">{r(E[t][w], 4)}</td>'
            f'<td class="">{r(Pr[t][w], 4)}</td></tr>',
            claims=[(r(E[t][w], 4), f"exp(z[{t+1}][{w}])", "correct"), (r(Pr[t][w], 4), f"p[{t+1}][{w}]", "correct")])
    add(f'<tr><td class=""><strong>sum</strong></td><td class=""></td><td class=""><strong>{r(Ssum[t], 4)}</strong></td>'
        '<td class="">1.0000</td></tr>', claims=[(r(Ssum[t], 4), f"sum exp[{t+1}]", "correct")], nots=["1.0000"])
    add("</tbody></table>")
    add(f'<p id="l{t}" class="">p(<code>{vocab[targets[t]]}</code>) = {r(pt[t], 4)} &nbsp;→&nbsp; −ln p = {r(nll[t], 4)}</p>',
        claims=[(r(pt[t], 4), f"p_target[{t+1}]", "correct"), (r(nll[t], 4), f"nll[{t+1}]", "correct")])
add('<h2 id="a9" class="">Loss and perplexity</h2>')
add('<table id="a10" class="simple-table"><tbody>')
add('<tr><td class="">position</td><td class="">p(target)</td><td class="">−ln&nbsp;p<br>(nats)</td></tr>')
for t in range(3):
    add(f'<tr><td class="">{t + 1}</td><td class="">{r(pt[t], 4)}</td><td class="">{r(nll[t], 4)}&nbsp;</td></tr>',
        claims=[(r(pt[t], 4), f"p_target[{t+1}]", "correct"), (r(nll[t], 4), f"nll[{t+1}]", "correct")], nots=[str(t + 1)])
add(f'<tr><td class="">mean</td><td class=""></td><td class=""><strong>{r(H, 4)}</strong><br>= cross-entropy</td></tr>',
    claims=[(r(H, 4), "mean nll", "correct")])
add("</tbody></table>")
add(f'<p id="a11" class="">Cross-entropy = ({r(nll[0], 4)} + {r(nll[1], 4)} + {r(nll[2], 4)}) / 3 = <strong>{r(H, 4)}</strong> nats per token.</p>',
    claims=[(r(H, 4), "mean nll", "correct")], opts=[r(x, 4) for x in nll], nots=["3"])
add(f'<p id="a12" class="">Perplexity = e<sup>{r(H, 4)}</sup> = <strong>{r(ppl, 3)}</strong>. '
    'Roughly: the model is as unsure as if it picked uniformly among that many words each step.</p>',
    claims=[(r(ppl, 3), "perplexity", "correct")], opts=[r(H, 4)])
add(f'<p id="a13" class="">In bits: {r(H, 4)} / ln 2 = {r(bits, 4)} bits/token, and 2<sup>{r(bits, 4)}</sup> = {r(ppl, 3)} again (same number, as it must be).</p>',
    claims=[(r(bits, 4), "loss in bits", "correct"), (r(ppl, 3), "perplexity", "correct")], opts=[r(H, 4), r(bits, 4)], nots=["2", "2"])
add('<ul id="a14" class="toggle"><li><details open=""><summary>Sanity check: a uniform model</summary>'
    '<p id="a15" class="">With 5 equally likely words every p = 0.2, −ln 0.2 = 1.609 and the perplexity is exactly 5.</p></details></li></ul>',
    claims=[(r(-mpmath.log(mpf("0.2")), 3), "-ln 0.2", "correct")], opts=["0.2", "0.2"], nots=["5", "5"])
add('<p id="a16" class="">'
    '<code>F.cross_entropy(logits, torch.tensor([1, 2, 3]))</code> gave <code>tensor(' + r(H, 4) + ')</code> ✔️</p>',
    claims=[(r(H, 4), "mean nll (torch)", "correct")], nots=["1", "2", "3"])
add("</div></article><span class=\"sans\" style=\"font-size:14px;padding-top:2em\"></span></body></html>", nots=["14", "2"])
d.write()
