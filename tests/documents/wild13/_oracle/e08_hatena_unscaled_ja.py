"""Japanese Hatena Blog entry as served: はてな記法 TeX left as literal `[tex: …]` text for MathJax 2 to process in
the browser, Markdown tables one cell per line, a `<pre class="code lang-python" data-lang="python" data-unlink>` block
with vim-style `synConstant` spans, Hatena star / bookmark buttons, the entry footer and the sidebar. Attention over
犬, が, 走る WITHOUT scaling (stated), d_model 3 -> d_k 2; chained: raw scores exact to 4 decimals, e^x of each
printed score to 3 decimals, the sum of the printed exps, weights = printed exp / printed sum, outputs = printed
weights x V, 3 decimals. No slip."""
from pathlib import Path

from w13lib import *

toks = ["犬", "が", "走る"]
Xs = [["0.7", "0.1", "0.4"], ["0.2", "0.3", "0.1"], ["0.5", "0.8", "0.6"]]
Wqs = [["0.6", "0.3"], ["0.2", "0.9"], ["0.8", "0.4"]]
Wks = [["0.5", "0.7"], ["0.9", "0.1"], ["0.3", "0.6"]]
Wvs = [["0.4", "0.8"], ["0.7", "0.2"], ["0.1", "0.5"]]
a = attention(Xs, Wqs, Wks, Wvs, scale="none")
Q, K, V, S, W, C = (a[k] for k in ("Q", "K", "V", "S", "W", "C"))
Qt, Kt, Vt = ([[lit(v) for v in r] for r in M] for M in (Q, K, V))
St = [[rnd(v, 4) for v in r] for r in S]
ch = chain_rows(St, None, V, nd=3)
chain_close(ch["w"], W, nd=3, units=6); chain_close(ch["c"], C, nd=3, units=6)

d = Doc("hatena-unscaled-ja", "html",
        "Japanese Hatena Blog entry as served: literal [tex: ...] notation, tables one cell per line, a synConstant "
        "code block; unscaled attention over 犬 が 走る, Wq/Wk/Wv 3 -> 2, chained 3 decimals",
        "attention with Wq, Wk, Wv (3 -> 2), NOT scaled, over the tokens 犬, が, 走る",
        script=Path(__file__).name, rounding="chained")
A = d


def table(head, rows):
    A('<table>')
    A('<thead>')
    A('<tr>')
    for h in head:
        A(f'<th> {h} </th>')
    A('</tr>')
    A('</thead>')
    A('<tbody>')
    for lab, cells in rows:
        A('<tr>')
        A(f'<td> {lab} </td>')
        for c_ in cells:
            if isinstance(c_, tuple):
                A(f'<td> {c_[0]} </td>', claims=[c_])
            else:
                A(f'<td> {c_} </td>')
        A('</tr>')
    A('</tbody>')
    A('</table>')


A('<!DOCTYPE html>')
A('<html lang="ja" data-admin-domain="//blog.hatena.ne.jp" data-author="kazu_nlp" data-avail-langs="ja en" data-blog="kazu-nlp.hatenablog.com" data-blog-name="ことばと計算" data-brand="hatenablog" data-data-layer="{&quot;hatenablog&quot;:{&quot;analytics&quot;:{&quot;brand_property_id&quot;:&quot;&quot;,&quot;measurement_id&quot;:&quot;&quot;}}}" data-device="pc" data-page="entry" data-static-domain="https://cdn.blog.st-hatena.com" data-version="5b7c1d0a8e3f2">')
A('<head prefix="og: http://ogp.me/ns# fb: http://ogp.me/ns/fb# article: http://ogp.me/ns/article#">')
A('<meta charset="utf-8"/>')
A('<title>スケーリングなしのアテンションを手で計算する - ことばと計算</title>')
A('<meta property="og:title" content="スケーリングなしのアテンションを手で計算する - ことばと計算" /><meta property="article:published_time" content="1717330380" />', nots=["1717330380"])
A('<script async src="https://cdnjs.cloudflare.com/ajax/libs/mathjax/2.7.9/MathJax.js?config=TeX-AMS_HTML" type="text/javascript"></script>', nots=["2.7"])
A('</head>')
A('<body class="page-entry header-image-enable enable-top-editarea category-機械学習 category-Transformer globalheader-ng-enabled">')
A('<div id="globalheader-container" data-brand="hatenablog"><iframe id="globalheader" height="37" frameborder="0" allowTransparency="true"></iframe></div>')
A('<div id="container"><div id="container-inner"><header id="blog-title" data-brand="hatenablog"><div id="blog-title-inner"><div id="blog-title-content"><h1 id="title"><a href="https://kazu-nlp.hatenablog.com/">ことばと計算</a></h1><h2 id="blog-description">自然言語処理の勉強メモ</h2></div></div></header>')
A('<div id="content" class="hfeed"><div id="content-inner"><div id="wrapper"><div id="main"><div id="main-inner">')
A('<article class="entry hentry test-hentry js-entry-article date-first autopagerize_page_element chars-800 words-100 mode-markdown entry-odd" id="entry-820878482987654321" data-keyword-campaign="" data-uuid="820878482987654321" data-publication-type="entry">',
  nots=["820878482987654321"])
A('<div class="entry-inner"><header class="entry-header"><div class="date entry-date first"><a href="https://kazu-nlp.hatenablog.com/archive/2024/06/02" rel="nofollow"><time datetime="2024-06-02T12:13:00Z" title="2024-06-02T12:13:00Z"><span class="date-year">2024</span><span class="hyphen">-</span><span class="date-month">06</span><span class="hyphen">-</span><span class="date-day">02</span></time></a></div>',
  nots=["2024", "06", "02"])
A('<h1 class="entry-title"><a href="https://kazu-nlp.hatenablog.com/entry/2024/06/02/211300" class="entry-title-link bookmark">スケーリングなしのアテンションを手で計算する</a></h1>', nots=["2024"])
A('<div class="entry-categories categories"><a href="https://kazu-nlp.hatenablog.com/archive/category/%E6%A9%9F%E6%A2%B0%E5%AD%A6%E7%BF%92" class="entry-category-link category-機械学習">機械学習</a><a href="https://kazu-nlp.hatenablog.com/archive/category/Transformer" class="entry-category-link category-Transformer">Transformer</a></div>')
A('</header>')
A('<div class="entry-content hatenablog-entry">')
A('<p>前回は <a class="keyword" href="https://d.hatena.ne.jp/keyword/%A1%E6">√d_k</a> で割る版を計算しました。今回は<strong>スケーリングなし</strong>、つまり [tex: \\mathrm{softmax}(QK^{T})V] をそのまま計算します。次元が小さいので割らなくても値は暴れません。</p>')
A('<h3 id="入力">入力</h3>')
A('<p>「犬 が 走る」の3トークン、埋め込みは3次元、ヘッドは2次元です。</p>', nots=["3", "2"])
A('<pre class="code lang-python" data-lang="python" data-unlink>X = np.array([[<span class="synConstant">' + '</span>, <span class="synConstant">'.join(Xs[0]) + '</span>],   <span class="synComment"># 犬</span>')
A('              [<span class="synConstant">' + '</span>, <span class="synConstant">'.join(Xs[1]) + '</span>],   <span class="synComment"># が</span>')
A('              [<span class="synConstant">' + '</span>, <span class="synConstant">'.join(Xs[2]) + '</span>]])  <span class="synComment"># 走る</span>')
for nm, M in (("W_q", Wqs), ("W_k", Wks), ("W_v", Wvs)):
    A(f'{nm} = np.array([' + ", ".join("[" + ", ".join(f'<span class="synConstant">{x}</span>' for x in r) + "]" for r in M) + '])')
A('</pre>')
A('<h3 id="QKV">Q, K, V</h3>')
A('<table>')
A('<thead>')
A('<tr>')
A('<th> </th>')
A('<th> q </th>')
A('<th> k </th>')
A('<th> v </th>')
A('</tr>')
A('</thead>')
A('<tbody>')
for i, t in enumerate(toks):
    A('<tr>')
    A(f'<td> {t} </td>')
    for nm, M in (("Q", Qt), ("K", Kt), ("V", Vt)):
        A(f'<td> ({M[i][0]}, {M[i][1]}) </td>', claims=[(M[i][k], f"{nm}[{t}][{k + 1}]", "correct") for k in range(2)])
    A('</tr>')
A('</tbody>')
A('</table>')
A(f'<p>例:[tex: q_{{犬}} = ({Xs[0][0]} \\times {Wqs[0][0]} + {Xs[0][1]} \\times {Wqs[1][0]} + {Xs[0][2]} \\times {Wqs[2][0]},\\ \\ldots) = ({Qt[0][0]}, {Qt[0][1]})]</p>',
  claims=[(Qt[0][0], "Q[犬][1]", "correct"), (Qt[0][1], "Q[犬][2]", "correct")], opts=[Xs[0][0], Wqs[0][0], Xs[0][1], Wqs[1][0], Xs[0][2], Wqs[2][0]])
A('<h3 id="スコア">スコア [tex: QK^{T}]</h3>')
table(["q＼k"] + toks, [(t, [(St[i][j], f"scores[{t},{u}]", "correct") for j, u in enumerate(toks)]) for i, t in enumerate(toks)])
A('<p>スケーリングしないので、この値をそのまま softmax に入れます。</p>')
A('<h3 id="softmax">softmax(小数第3位で丸めながら)</h3>')
for i, t in enumerate(toks):
    A(f'<p><b>{t}</b> の行</p>')
    A('<p>[tex: ' + r",\ ".join(f"e^{{{St[i][j]}}} \\approx {ch['e'][i][j]}" for j in range(3)) + ']</p>',
      claims=[(ch["e"][i][j], f"exp[{t},{toks[j]}]", "correct") for j in range(3)], opts=St[i])
    A('<p>[tex: \\sum = ' + " + ".join(ch["e"][i]) + f" = {ch['z'][i]}" + ']</p>', claims=[(ch["z"][i], f"expsum[{t}]", "correct")], opts=ch["e"][i])
    A('<p>[tex: ' + r",\ ".join(f"{ch['e'][i][j]} / {ch['z'][i]} = {ch['w'][i][j]}" for j in range(3)) + ']</p>',
      claims=[(ch["w"][i][j], f"weights[{t},{toks[j]}]", "correct") for j in range(3)], opts=ch["e"][i] + [ch["z"][i]] * 3)
table(["重み"] + toks, [(t, [(ch["w"][i][j], f"weights[{t},{u}]", "correct") for j, u in enumerate(toks)]) for i, t in enumerate(toks)])
A('<h3 id="出力">出力</h3>')
A(f'<p>[tex: z_{{犬}} = {ch["w"][0][0]}\\,v_{{犬}} + {ch["w"][0][1]}\\,v_{{が}} + {ch["w"][0][2]}\\,v_{{走る}} = ({ch["c"][0][0]}, {ch["c"][0][1]})]</p>',
  claims=[(ch["c"][0][k], f"context[犬][{k + 1}]", "correct") for k in range(2)], opts=ch["w"][0])
table(["", "z₁", "z₂"], [(t, [(ch["c"][i][k], f"context[{t}][{k + 1}]", "correct") for k in range(2)]) for i, t in enumerate(toks)])
A('<p>丸めの影響で、重みの行和が 1.001 になる行もあります。実際のモデル(BERT など)では [tex: d_k = 64] なので、割らないと softmax がほぼ one-hot になってしまいます。</p>', nots=["1.001", "64"])
A('</div>')
A('<footer class="entry-footer"><div class="entry-tags-wrapper"><div class="entry-tags"></div></div><p class="entry-footer-section track-inview-by-gtm" data-gtm-track-json="{&quot;area&quot;: &quot;finish_reading&quot;}"><span class="author vcard"><span class="fn" data-load-nickname="1" data-user-name="kazu_nlp" ><span class="user-name-nickname">kazu_nlp</span> <span class="user-name-paren">(</span><span class="user-name-hatena-id">id:kazu_nlp</span><span class="user-name-paren">)</span></span></span>',
  nots=["1"])
A('<span class="entry-footer-time"><a href="https://kazu-nlp.hatenablog.com/entry/2024/06/02/211300"><time data-relative datetime="2024-06-02T12:13:00Z" title="2024-06-02T12:13:00Z" class="updated">2024-06-02 21:13</time></a></span></p>', nots=["2024", "06", "02", "21", "13"])
A('<div class="hatena-star-container" data-hatena-star-container data-hatena-star-url="https://kazu-nlp.hatenablog.com/entry/2024/06/02/211300" data-hatena-star-title="スケーリングなしのアテンションを手で計算する" data-hatena-star-variant="profile-icon" data-hatena-star-profile-url-template="https://blog.hatena.ne.jp/{username}/"></div>')
A('<div class="social-buttons"><div class="social-button-item"><a href="https://b.hatena.ne.jp/entry/s/kazu-nlp.hatenablog.com/entry/2024/06/02/211300" class="hatena-bookmark-button" data-hatena-bookmark-url="https://kazu-nlp.hatenablog.com/entry/2024/06/02/211300" data-hatena-bookmark-layout="vertical-balloon" data-hatena-bookmark-lang="ja" title="この記事をはてなブックマークに追加">はてなブックマークに追加</a></div></div>')
A('<div class="comment-box js-comment-box"><ul class="comment js-comment"><li class="read-more-comments" style="display: none;"><a>もっと読む</a></li></ul><a class="leave-comment-title js-leave-comment-title">コメントを書く</a></div>')
A('</footer>')
A('</div>')
A('</article>')
A('</div></div>')
A('<aside id="box2"><div id="box2-inner"><div class="hatena-module hatena-module-profile"><div class="hatena-module-title">プロフィール</div><div class="hatena-module-body"><span class="id"><a href="https://kazu-nlp.hatenablog.com/about" class="hatena-id-link"><span data-load-nickname="1" data-user-name="kazu_nlp">id:kazu_nlp</span></a></span><div class="profile-description"><p>NLP を勉強中の学生です。</p></div></div></div>'
  '<div class="hatena-module hatena-module-archive" data-archive-type="default" data-archive-url="https://kazu-nlp.hatenablog.com/archive"><div class="hatena-module-title"><a href="https://kazu-nlp.hatenablog.com/archive">月別アーカイブ</a></div><div class="hatena-module-body"><ul class="hatena-urllist archive-module-default-style"><li class="archive-module-year archive-module-year-hidden" data-year="2024"><div class="archive-module-button"><span class="archive-module-hide-button">▼</span></div><a href="https://kazu-nlp.hatenablog.com/archive/2024">2024 (7)</a></li></ul></div></div></div></aside>',
  nots=["1", "2024", "7"])
A('</div></div></div>')
A('<footer id="footer" data-brand="hatenablog"><div id="footer-inner"><address class="footer-address"><a href="https://kazu-nlp.hatenablog.com/">ことばと計算</a></address><span class="footer-address">Powered by <a href="https://hatenablog.com/">Hatena Blog</a></span> | <a href="https://blog.hatena.ne.jp/-/abuse_report" target="_blank">ブログを報告する</a></div></footer>')
A('</div></div>')
A('</body>')
A('</html>')
d.save()
