"""Chinese CSDN article page as saved: the article header (原创, 于 … 发布, 阅读量, 收藏, 点赞数), 分类专栏 tags, the
版权声明 box, `<div id="content_views" class="markdown_views prism-atom-one-dark">` with KaTeX wrapped in
`katex--inline` / `katex--display` spans, `<p>` numbered steps, HTML tables, a prism code block whose
`<ul class="pre-numbering">` line numbers sit on its last line, and the printed output (numpy, precision 4) in a
second numbered block. Attention over 我, 在, 学习, 注意力; d_model 4 -> d_k 3, /sqrt(3). Exact rounding, no slip."""
from pathlib import Path

from w13lib import *

toks = ["我", "在", "学习", "注意力"]
Xs = [["0.2", "0.7", "0.1", "0.5"], ["0.6", "0.3", "0.8", "0.1"], ["0.9", "0.4", "0.2", "0.6"], ["0.3", "0.8", "0.7", "0.4"]]
Wqs = [["0.4", "0.1", "0.7"], ["0.6", "0.5", "0.2"], ["0.1", "0.8", "0.3"], ["0.5", "0.2", "0.9"]]
Wks = [["0.3", "0.9", "0.2"], ["0.7", "0.1", "0.6"], ["0.5", "0.4", "0.1"], ["0.2", "0.6", "0.8"]]
Wvs = [["0.8", "0.3", "0.5"], ["0.1", "0.6", "0.4"], ["0.7", "0.2", "0.9"], ["0.4", "0.5", "0.1"]]
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, Sc, W, C, c = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C", "c"))
Qt, Kt, Vt = ([[lit(v) for v in r] for r in M] for M in (Q, K, V))
St = [[rnd(v, 4) for v in r] for r in S]
P = dict(precision=4, suppress=True)

d = Doc("csdn-katex-zh", "html",
        "Chinese CSDN article page saved as HTML: katex--inline/katex--display KaTeX, <p> numbered steps, HTML tables, "
        "prism code with pre-numbering line numbers and its numpy output; attention over 我 在 学习 注意力, "
        "Wq/Wk/Wv 4 -> 3, /sqrt(3)",
        "attention with Wq, Wk, Wv (4 -> 3), scaled by sqrt(3), over the tokens 我, 在, 学习, 注意力",
        script=Path(__file__).name)
A = d
kin = lambda t: f'<span class="katex--inline">{katex(t)}</span>'
kdis = lambda t: f'<span class="katex--display">{katex(t, True)}</span>'
num = lambda x: f'<span class="token number">{x}</span>'


def numbered(n):
    return '<ul class="pre-numbering" style="">' + "".join(f'<li style="color: rgb(153, 153, 153);">{k}</li>' for k in range(1, n + 1)) + '</ul></pre>'


A('<!DOCTYPE html>')
A('<html lang="zh-CN"><head><meta charset="utf-8">')
A('<title>手撕自注意力：4 个词的完整数值例子_self-attention 计算过程-CSDN博客</title>', nots=["4"])
A('<meta name="keywords" content="self-attention 计算过程">')
A('<meta name="description" content="文章浏览阅读1.2k次，点赞12次，收藏35次。用 4 个词、4 维嵌入手算一遍缩放点积注意力……">', nots=["1.2", "12", "35", "4", "4"])
A('<link rel="stylesheet" href="https://csdnimg.cn/release/blogv2/dist/pc/css/detail_enter-5c9d1b3f2e.min.css">')
A('<link rel="stylesheet" href="https://csdnimg.cn/release/blogv2/dist/mdeditor/css/editerView/kdoc_html_views-1a98987dfd.css">')
A('</head>')
A('<body class="nodata " style="">')
A('<div id="csdn-toolbar"><div class="toolbar-inside"><div class="toolbar-container"><div class="toolbar-menus csdn-toolbar-fl"><ul class="toolbar-menus-ul"><li class="active"><a href="https://blog.csdn.net/">博客</a></li><li><a href="https://download.csdn.net/">下载</a></li><li><a href="https://edu.csdn.net/">学习</a></li><li><a href="https://bbs.csdn.net/">社区</a></li></ul></div></div></div></div>')
A('<div class="main_father clearfix d-flex justify-content-center" style="height:100%;"><div class="container clearfix" id="mainBox"><main>')
A('<div class="blog-content-box"><div class="article-header-box"><div class="article-header"><div class="article-title-box"><h1 class="title-article" id="articleContentId">手撕自注意力：4 个词的完整数值例子</h1></div>', nots=["4"])
A('<div class="article-info-box"><div class="article-bar-top"><img class="article-type-img" src="https://csdnimg.cn/release/blogv2/dist/pc/img/original.png" alt=""><div class="bar-content"><a class="follow-nickName" href="https://blog.csdn.net/qq_41873652" target="_blank" rel="noopener" title="小林学AI">小林学AI</a>'
  '<img class="article-time-img" src="https://csdnimg.cn/release/blogv2/dist/pc/img/newCurrentTime2.png" alt=""><span class="time">于&nbsp;2024-04-18 10:26:37&nbsp;发布</span><div class="read-count-box"><img class="article-read-img article-heard-img" src="https://csdnimg.cn/release/blogv2/dist/pc/img/articleReadEyes2.png" alt=""><span class="read-count">阅读量1.2k</span>'
  '<a id="blog_detail_zk_collection" class="un-collection" data-report-click=\'{"mod":"popu_823","spm":"1001.2101.3001.4232","ab":"new"}\'><img class="article-collect-img article-heard-img un-collect-status isdefault" src="https://csdnimg.cn/release/blogv2/dist/pc/img/tobarCollect2.png" alt=""><span class="name">收藏</span><span class="get-collection">35</span></a>'
  '<div class="read-count-box is-like"><img class="article-read-img article-heard-img" src="https://csdnimg.cn/release/blogv2/dist/pc/img/newHeart2023Black.png" alt=""><span class="read-count" id="blog-digg-num">点赞数 12</span></div></div></div></div>',
  nots=["2024", "04", "18", "10", "26", "37", "1.2", "35", "12"])
A('<div class="blog-tags-box"><div class="tags-box artic-tag-box"><span class="label">分类专栏：</span><a class="tag-link" href="https://blog.csdn.net/qq_41873652/category_12345678.html" target="_blank" rel="noopener">深度学习</a><span class="label">文章标签：</span><a rel="nofollow" class="tag-link" href="https://so.csdn.net/so/search/s.do?q=transformer" target="_blank">transformer</a><a rel="nofollow" class="tag-link" href="https://so.csdn.net/so/search/s.do?q=attention" target="_blank">attention</a></div></div>')
A('<div class="slide-content-box"><div class="article-copyright"><div class="creativecommons">版权声明：本文为博主原创文章，遵循<a href="http://creativecommons.org/licenses/by-sa/4.0/" target="_blank" rel="noopener"> CC 4.0 BY-SA </a>版权协议，转载请附上原文出处链接和本声明。</div>'
  '<div class="article-source-link">本文链接：<a href="https://blog.csdn.net/qq_41873652/article/details/137905512" target="_blank">https://blog.csdn.net/qq_41873652/article/details/137905512</a></div></div></div></div></div></div>', nots=["4.0"])
A('<article class="baidu_pl"><div id="article_content" class="article_content clearfix"><link rel="stylesheet" href="https://csdnimg.cn/release/blogv2/dist/mdeditor/css/editerView/markdown_views-f23dff6052.css">')
A('<div id="content_views" class="markdown_views prism-atom-one-dark"><svg xmlns="http://www.w3.org/2000/svg" style="display: none;"><path stroke-linecap="round" d="M5,0 0,2.5 5,5z" id="raphael-marker-block" style="-webkit-tap-highlight-color: rgba(0, 0, 0, 0);"></path></svg>')
A('<p></p><div class="toc"><h3>文章目录</h3><ul><li><a href="#_1" rel="nofollow">一、数据</a></li><li><a href="#_2" rel="nofollow">二、计算步骤</a></li><li><a href="#_3" rel="nofollow">三、代码验证</a></li></ul></div><p></p>')
A('<h2><a id="_1"></a>一、数据</h2>')
A('<p>句子“我在学习注意力”分成 4 个词，每个词一个 4 维向量（行的顺序就是词的顺序），' + kin(r"d_k = 3") + '。原论文中 ' + kin(r"d_{model} = 512, d_k = 64") + '，这里只是为了手算。</p>',
  nots=["4", "3", "512", "64"])
A('<p>' + kdis(r"X = " + bm(Xs)) + '</p>')
A('<p>' + kdis(r"W^Q = " + bm(Wqs) + r",\quad W^K = " + bm(Wks)) + '</p>')
A('<p>' + kdis(r"W^V = " + bm(Wvs)) + '</p>')
A('<h2><a id="_2"></a>二、计算步骤</h2>')
A('<p>1. 计算 ' + kin(r"Q = XW^Q") + '、' + kin(r"K = XW^K") + '、' + kin(r"V = XW^V") + '：</p>', nots=["1."])
for nm, M in (("Q", Qt), ("K", Kt), ("V", Vt)):
    A('<p>' + kdis(nm + " = " + bm(M)) + '</p>', claims=mat_claims(nm, toks, M))
A('<p>2. 计算 ' + kin(r"QK^T") + '（保留 4 位小数）：</p>', nots=["2.", "4"])
A('<table><thead><tr><th>Q \\ K</th>' + "".join(f"<th>{t}</th>" for t in toks) + '</tr></thead><tbody>')
for i, t in enumerate(toks):
    A(f'<tr><td>{t}</td>' + "".join(f"<td>{s}</td>" for s in St[i]) + '</tr>', claims=[(St[i][j], f"scores[{t},{u}]", "correct") for j, u in enumerate(toks)])
A('</tbody></table>')
cc = rnd(c, 4)
A(f'<p>3. 除以 ' + kin(rf"\sqrt{{3}} \approx {cc}") + f'，例如“我”对“在”：{St[0][1]} ÷ {cc} = {rnd(Sc[0][1], 4)}。</p>',
  claims=[(cc, "sqrt_dk", "correct"), (cc, "sqrt_dk", "correct"), (rnd(Sc[0][1], 4), "scaled[我,在]", "correct")], opts=[St[0][1]], nots=["3."])
A('<p>4. 对每一行做 softmax，得到注意力权重：</p>', nots=["4."])
A('<table><thead><tr><th>权重</th>' + "".join(f"<th>{t}</th>" for t in toks) + '</tr></thead><tbody>')
for i, t in enumerate(toks):
    ws = [rnd(W[i][j], 4) for j in range(4)]
    A(f'<tr><td>{t}</td>' + "".join(f"<td>{s}</td>" for s in ws) + '</tr>', claims=[(ws[j], f"weights[{t},{u}]", "correct") for j, u in enumerate(toks)])
A('</tbody></table>')
A('<p>5. 用权重对 ' + kin("V") + ' 加权求和：</p>', nots=["5."])
Ct = R(C, 4)
A('<p>' + kdis(r"Z = \text{softmax}\left(\frac{QK^T}{\sqrt{d_k}}\right)V = " + bm(Ct)) + '</p>', claims=mat_claims("context", toks, Ct))
A('<h2><a id="_3"></a>三、代码验证</h2>')
code = ['<span class="token keyword">import</span> numpy <span class="token keyword">as</span> np',
        'np<span class="token punctuation">.</span>set_printoptions<span class="token punctuation">(</span>precision<span class="token operator">=</span><span class="token number">4</span><span class="token punctuation">,</span> suppress<span class="token operator">=</span><span class="token boolean">True</span><span class="token punctuation">)</span>',
        'X <span class="token operator">=</span> np<span class="token punctuation">.</span>array<span class="token punctuation">(</span><span class="token punctuation">[</span>' + '<span class="token punctuation">,</span> '.join('<span class="token punctuation">[</span>' + ", ".join(num(x) for x in r) + '<span class="token punctuation">]</span>' for r in Xs) + '<span class="token punctuation">]</span><span class="token punctuation">)</span>',
        'Wq<span class="token punctuation">,</span> Wk<span class="token punctuation">,</span> Wv <span class="token operator">=</span> <span class="token punctuation">.</span><span class="token punctuation">.</span><span class="token punctuation">.</span>  <span class="token comment"># 同上，省略</span>',
        'Q<span class="token punctuation">,</span> K<span class="token punctuation">,</span> V <span class="token operator">=</span> X @ Wq<span class="token punctuation">,</span> X @ Wk<span class="token punctuation">,</span> X @ Wv',
        'S <span class="token operator">=</span> Q @ K<span class="token punctuation">.</span>T <span class="token operator">/</span> np<span class="token punctuation">.</span>sqrt<span class="token punctuation">(</span><span class="token number">3</span><span class="token punctuation">)</span>',
        'A <span class="token operator">=</span> np<span class="token punctuation">.</span>exp<span class="token punctuation">(</span>S<span class="token punctuation">)</span> <span class="token operator">/</span> np<span class="token punctuation">.</span>exp<span class="token punctuation">(</span>S<span class="token punctuation">)</span><span class="token punctuation">.</span><span class="token builtin">sum</span><span class="token punctuation">(</span><span class="token number">1</span><span class="token punctuation">,</span> keepdims<span class="token operator">=</span><span class="token boolean">True</span><span class="token punctuation">)</span>',
        '<span class="token keyword">print</span><span class="token punctuation">(</span>S<span class="token punctuation">)</span>',
        '<span class="token keyword">print</span><span class="token punctuation">(</span>A @ V<span class="token punctuation">)</span>']
A('<pre class="set-code-hide prettyprint"><code class="prism language-python has-numbering" onclick="mdcp.signin(event)" style="position: unset;">' + code[0])
A(code[1], nots=["4"])
for k in range(2, len(code)):
    A(code[k], nots=(["3"] if k == 5 else ["1"] if k == 6 else []))
A('</code><div class="hljs-button signin active" data-title="登录后复制" data-report-click=\'{"spm":"1001.2101.3001.4334"}\'></div>' + numbered(len(code)), nots=["1", "9"])
A('<p>输出：</p>')
sl, sc_ = np_print(a["np"]["Sc"], Sc, **P)
cl_, cc_ = np_print(a["np"]["C"], C, **P)
outl = sl + cl_
A('<pre class="set-code-hide prettyprint"><code class="prism language-text has-numbering" style="position: unset;">' + outl[0], claims=[(s, f"scaled[{toks[0]},{toks[j]}]", "correct") for j, s in enumerate(sc_[0])])
for k in range(1, 8):
    if k < 4:
        cl = [(s, f"scaled[{toks[k]},{toks[j]}]", "correct") for j, s in enumerate(sc_[k])]
    else:
        cl = [(s, f"context[{toks[k - 4]}][{j + 1}]", "correct") for j, s in enumerate(cc_[k - 4])]
    A(outl[k], claims=cl)
A('</code>' + numbered(8), nots=["1", "8"])
A('<p>和手算结果一致。</p>')
A('<p>参考：[1] Vaswani A, et al. Attention Is All You Need. NeurIPS 2017.</p>', nots=["1", "2017"])
A('</div><div data-report-view=\'{"mod":"1585297308_001","spm":"1001.2101.3001.6548","dest":"https://blog.csdn.net/qq_41873652/article/details/137905512","extend1":"pc","ab":"new"}\'><div></div></div></div></article>')
A('<div class="directory-boxshadow-dialog" style="display:none;"></div>')
A('<div class="recommend-box insert-baidu-box recommend-box-style "><div class="recommend-item-box type_blog clearfix"><div class="content-box"><div class="content"><a href="https://blog.csdn.net/weixin_4452/article/details/13044" target="_blank"><div class="title">Transformer 中的多头注意力详解（附 PyTorch 代码）</div></a><div class="info-box"><span class="info">最新推荐文章于 2024-06-03 发布</span></div></div></div></div></div>',
  nots=["2024", "06", "03"])
A('</main></div></div>')
A('<div id="toolBarBox" class="left-toolbox"><div class="toolbox-left"><div class="profile-attend"><a class="tool-attend tool-bt-button tool-bt-attend" href="javascript:;" data-report-click=\'{"mod":"1592215036_002","spm":"1001.2101.3001.4232","extend1":"关注"}\'>关注</a></div></div>'
  '<div class="toolbox-middle"><ul class="toolbox-list"><li class="tool-item tool-item-size tool-active is-like" id="is-like"><a class="tool-item-href"><span class="count" id="spanCount">12</span></a></li><li class="tool-item tool-item-size tool-active is-collection"><a class="tool-item-href"><span class="count get-collection" id="get-collection">35</span></a></li></ul></div></div>', nots=["12", "35"])
A('</body></html>')
d.save()
