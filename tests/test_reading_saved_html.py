"""HTML pages as generators and editors save them: each markup rule of the reader on small pages of our own
(a WordPress table block's two header rows, <sup>/<sub> in prose, Hatena's [tex: …], a weight's column of
tuples, decimal commas), and one page read and audited end to end."""

from __future__ import annotations

from exactformer.audit.pipeline import audit
from exactformer.read.documents import formats as F
from exactformer.read.documents import items as I
from exactformer.read.documents import load_document, read_document

# X (sol, mar, luz) · Wq, Wk, Wv (3 → 2), scaled by √2; computed with NumPy float64, rounded by hand
X = [["0.5", "-0.2", "0.8"], ["0.1", "0.9", "-0.4"], ["0.7", "0.3", "0.2"]]
WQ = [["0.3", "-0.6"], ["0.8", "0.1"], ["-0.2", "0.5"]]
WK = [["0.4", "0.2"], ["-0.3", "0.7"], ["0.6", "-0.1"]]
WV = [["0.9", "0.1"], ["0.2", "-0.5"], ["-0.4", "0.3"]]
SCALED = [["-0.0957", "0.0955", "-0.0186"], ["0.4487", "-0.3588", "0.1423"], ["0.2391", "-0.2778", "0.0222"]]
WEIGHTS = [["0.3039", "0.3679", "0.3282"], ["0.4583", "0.2044", "0.3373"], ["0.4164", "0.2483", "0.3352"]]
WORDS = ["sol", "mar", "luz"]


def _comma(v: str) -> str:
    return v.replace("-", "&minus;").replace(".", ",")


def _tables(items: I.Items) -> list[I.Table]:
    return [x for x in items.found if isinstance(x, I.Table)]


# ---- WordPress: two header rows, groups of columns ------------------------------------------------------
def _grouped_weights(number=lambda v: v.replace("-", "&minus;")) -> str:
    head = ('<figure class="wp-block-table"><table class="has-fixed-layout"><thead>\n'
            '<tr><th rowspan="2">fila</th><th colspan="2">W<sub>Q</sub></th><th colspan="2">W<sub>K</sub></th>'
            '<th colspan="2">W<sub>V</sub></th></tr>\n'
            '<tr><th>1</th><th>2</th><th>1</th><th>2</th><th>1</th><th>2</th></tr>\n</thead><tbody>\n')
    rows = "".join(f"<tr><td><strong>{k + 1}</strong></td>" + "".join(f"<td>{number(v)}</td>" for v in q + kk + vv)
                   + "</tr>\n" for k, (q, kk, vv) in enumerate(zip(WQ, WK, WV)))
    return head + rows + "</tbody></table></figure>\n"


def test_a_two_row_header_over_groups_of_columns_is_a_table_per_group():
    got = _tables(F.html(_grouped_weights()))
    assert [t.name for t in got] == ["WQ", "WK", "WV"]
    assert [t.rows for t in got] == [WQ, WK, WV]
    assert all(t.row_labels == ["1", "2", "3"] and t.col_labels == ["1", "2"] for t in got)
    assert got[0].row_lines == [5, 6, 7]


def test_groups_without_a_weight_name_are_tables_of_their_own_unnamed():
    page = ('<table><thead><tr><th rowspan="2">palabra</th><th colspan="3">pesos</th><th colspan="2">salida</th></tr>'
            '<tr><th>sol</th><th>mar</th><th>luz</th><th>1</th><th>2</th></tr></thead><tbody>'
            '<tr><td>sol</td><td>0.30</td><td>0.37</td><td>0.33</td><td>0.39</td><td>-0.09</td></tr>'
            '<tr><td>mar</td><td>0.46</td><td>0.20</td><td>0.34</td><td>0.33</td><td>0.06</td></tr></tbody></table>')
    got = _tables(F.html(page))
    assert [(t.name, t.col_labels, t.row_labels) for t in got] == [
        ("", ["sol", "mar", "luz"], ["sol", "mar"]), ("", ["1", "2"], ["sol", "mar"])]
    assert got[1].rows == [["0.39", "-0.09"], ["0.33", "0.06"]]


def test_a_single_header_row_is_read_as_before():
    page = "<table><tr><th>w</th><th>a</th><th>b</th></tr><tr><td>sol</td><td>0.1</td><td>0.2</td></tr></table>"
    (t,) = _tables(F.html(page))
    assert t.col_labels == ["a", "b"] and t.rows == [["0.1", "0.2"]] and t.name == ""


# ---- <sup> and <sub> in prose ---------------------------------------------------------------------------
def test_sup_is_a_power_and_sub_a_subscript_but_a_footnote_stays():
    got = F.html("<p>e<sup>&minus;0.25</sup> = 0.7788 and d<sub>k</sub> = 2</p>"
                 "<p>as Smith says<sup><a href=\"#fn1\">1</a></sup> here</p>")
    assert any("e^(-0.25) = 0.7788" in p for p in got.prose)  # (the scanner writes the power's braces so)
    assert any("d_{k} = 2" in p for p in got.prose)
    assert any("says1 here" in p for p in got.prose) and not any("^{1}" in p for p in got.prose)
    work = [x.text for x in got.found if isinstance(x, I.Work)]
    assert work == ["e^(-0.25) = 0.7788"]
    assert not any("e^" in p for p in F.html("<p>e <sup>0.25</sup> = 1.2840</p>").prose)  # no base: no power


# ---- Hatena's [tex: …] ----------------------------------------------------------------------------------
def test_hatena_tex_notation_is_maths():
    assert F._hatena_tex(r"a [tex: e^{0.5} \approx 1.6487] b") == r"a  $e^{0.5} \approx 1.6487$  b"
    assert F._hatena_tex(r"[tex: x_{[1\]} = 2]") == " $x_{[1]} = 2$ "
    assert F._hatena_tex("[tex: never closed") == "[tex: never closed"
    got = F.html(r"<p>[tex: \sum = 1.6487 + 2.2255 = 3.8742]</p>")
    assert [x.text for x in got.found if isinstance(x, I.Work)] == ["1.6487 + 2.2255 = 3.8742"]


# ---- a weight's column of tuples ------------------------------------------------------------------------
def test_a_column_of_tuples_headed_by_a_weight_is_that_weight():
    page = ("<table><tr><td>row</td><td>W_Q</td><td>W_K</td></tr>"
            + "".join(f"<tr><td>{k + 1}</td><td>({q[0]}, {q[1]})</td><td>({kk[0]}, {kk[1]})</td></tr>"
                      for k, (q, kk) in enumerate(zip(WQ, WK))) + "</table>")
    named = {x.name: x.array for x in F.html(page).found if isinstance(x, I.Named)}
    assert named == {"W_Q": WQ, "W_K": WK}
    words = page.replace("<td>1</td>", "<td>sol</td>").replace("<td>2</td>", "<td>mar</td>").replace(
        "<td>3</td>", "<td>luz</td>")  # rows named by words: vectors of tokens, not a weight's rows
    assert not any(isinstance(x, I.Named) for x in F.html(words).found)


# ---- decimal commas -------------------------------------------------------------------------------------
def _cells(page: str) -> list[list]:
    return [t.rows for t in _tables(F.html(page))]


def test_decimal_commas_are_read_where_the_page_writes_decimals_so():
    page = "<table><tr><th>x</th><th>a</th><th>b</th></tr><tr><td>sol</td><td>0,25</td><td>&minus;1,5</td></tr></table>"
    assert _cells(page) == [[["0.25", "-1.5"]]]
    lists = "<p>Les poids [0,2, 0,5] puis [0, 2].</p>" + page
    assert any("[0.2, 0.5] puis [0, 2]" in p for p in F.html(lists).prose)


def test_a_comma_list_and_code_are_never_decimals():
    # no number that can only be a decimal comma: 0,1 once is not enough, 1,250 may be a thousand and a quarter
    assert F.html("<p>lignes 0,1 et 1,250</p><table><tr><td>a</td><td>1,250</td></tr></table>").prose[0] == \
        "lignes 0,1 et 1,250"
    assert F.html("<p>0,1 et 0,25</p>").prose == ["0.1 et 0.25"]  # two that can only be decimals
    page = "<p>0,25 et 0,75 et 0,5</p><pre><code>x = [0,5]\nprint(0.25)</code></pre><p>1,2,3</p>"
    prose = F.html(page).prose
    assert any("0.25 et 0.75 et 0.5" in p for p in prose)
    assert any("[0,5]" in p for p in prose) and any("1,2,3" in p for p in prose)
    # more decimals with a point than with a comma: the commas are separators
    mixed = "<p>0,5 and 0,25</p><p>0.1 0.2 0.3 0.4</p>"
    assert any("0,5 and 0,25" in p for p in F.html(mixed).prose)


def test_claimed_values_are_written_back_as_the_page_writes_them():
    toml = 'line = 3\nvalues = { "a[1]" = "0.25", "a[2]" = "-0.5" }\nline = 9\nvalues = { "b" = "0.25" }'
    written = {"0.25": [(4, "0,25"), (9, "0.25")], "0.5": [(4, "0,5")]}
    assert F.as_written(toml, written) == ('line = 3\nvalues = { "a[1]" = "0,25", "a[2]" = "-0,5" }\n'
                                           'line = 9\nvalues = { "b" = "0.25" }')
    assert F.as_written(toml, {}) == toml
    unplaced = '[[claims]]\nline = 4\nvalues = { "a" = "0.5" }\n[[claims]]\nvalues = { "b" = "0.25" }'
    assert F.as_written(unplaced, written) == unplaced.replace('"0.5"', '"0,5"')


def _page() -> str:
    """A French page: X, the weights in a WordPress block, scaled scores and weights with decimal commas."""
    x = ("<table><thead><tr><th>mot</th><th>x1</th><th>x2</th><th>x3</th></tr></thead><tbody>\n"
         + "".join(f"<tr><td>{w}</td>" + "".join(f"<td>{_comma(v)}</td>" for v in r) + "</tr>\n"
                   for w, r in zip(WORDS, X)) + "</tbody></table>\n")

    def square(title: str, rows: list[list[str]]) -> str:
        return (f"<p>{title}</p>\n<table><thead><tr><th></th>" + "".join(f"<th>{w}</th>" for w in WORDS)
                + "</tr></thead><tbody>\n" + "".join(f"<tr><td>{w}</td>" + "".join(f"<td>{_comma(v)}</td>" for v in r)
                                                     + "</tr>\n" for w, r in zip(WORDS, rows)) + "</tbody></table>\n")
    return ("<html lang=\"fr\"><body><h1>Attention à la main</h1>\n<p>Trois mots, d<sub>k</sub> = 2, "
            "on divise par √2 ≈ 1,4142.</p>\n" + x + _grouped_weights(_comma)
            + square("Scores divisés par √2 :", SCALED) + square("Poids après softmax :", WEIGHTS)
            + "</body></html>\n")


def test_a_saved_page_is_read_and_audited_with_its_commas(tmp_path):
    doc = tmp_path / "page.html"
    doc.write_text(_page(), encoding="utf-8")
    reading = read_document(str(doc))
    assert '"0,4487"' in reading.toml and '"0.4487"' not in reading.toml
    report = audit(load_document(str(doc)))
    got = {(f.quantity, f.claim.number.text): f.verdict.value for f in report.by_seq.values()}
    for name, table in (("scaled", SCALED), ("weights", WEIGHTS)):
        for i, row in enumerate(table):
            for j, v in enumerate(row):
                assert got.get((f"{name}[{WORDS[i]},{WORDS[j]}]", v.replace(".", ","))) == "correct", (name, i, j)


def test_a_slip_on_a_comma_page_is_found(tmp_path):
    doc = tmp_path / "slip.html"
    doc.write_text(_page().replace("0,4487", "0,4478"), encoding="utf-8")
    report = audit(load_document(str(doc)))
    wrong = {(f.quantity, f.claim.number.text) for f in report.by_seq.values() if f.verdict.value == "wrong"}
    assert ("scaled[mar,sol]", "0,4478") in wrong


# ---- kramdown's MathJax 2 scripts -------------------------------------------------------------------------
def test_an_inline_tex_script_is_maths_in_its_sentence():
    page = ('<p>With <script type="math/tex">d_k = 2</script> we divide by '
            '<script type="math/tex">\\sqrt{2} \\approx 1.4142</script> and round.</p>\n'
            '<script type="math/tex; mode=display">W_Q = \\begin{bmatrix} 0.3 & -0.6 \\\\ 0.8 & 0.1 \\end{bmatrix}'
            '</script>')
    got = F.html(page)
    assert [x.text for x in got.found if isinstance(x, I.Work)] == ["sqrt(2) ≈ 1.4142"]
    assert [(x.name, x.array) for x in got.found if isinstance(x, I.Named)] == [("W_Q", [["0.3", "-0.6"], ["0.8", "0.1"]])]


def test_katex_tex_annotation_is_maths_in_its_sentence():
    page = ('<p>We divide by <span class="katex"><span class="katex-mathml"><math><semantics><mrow><msqrt><mn>2</mn>'
            '</msqrt><mo>≈</mo><mn>1.4142</mn></mrow><annotation encoding="application/x-tex">\\sqrt{2} \\approx 1.4142'
            '</annotation></semantics></math></span><span class="katex-html" aria-hidden="true"><span class="mord">1'
            '</span><span class="mord">.</span></span></span>, then round.</p>')
    assert [x.text for x in F.html(page).found if isinstance(x, I.Work)] == ["sqrt(2) ≈ 1.4142"]


def test_an_empty_corner_over_the_row_names_and_ordinals():
    page = ('<table><thead><tr><th></th><th colspan="2">W<sub>K</sub></th><th colspan="2">W<sub>V</sub></th></tr>'
            '<tr><th></th><th>1</th><th>2</th><th>1</th><th>2</th></tr></thead><tbody>'
            + "".join(f"<tr><td>{k + 1}</td><td>{a[0]}</td><td>{a[1]}</td><td>{b[0]}</td><td>{b[1]}</td></tr>"
                      for k, (a, b) in enumerate(zip(WK, WV))) + "</tbody></table>")
    got = _tables(F.html(page))
    assert [(t.name, t.rows, t.row_labels) for t in got] == [("WK", WK, ["1", "2", "3"]), ("WV", WV, ["1", "2", "3"])]
    prose = F.html("<p>la 2<sup>e</sup> ligne, the 1<sup>st</sup> row, x<sup>2</sup></p>").prose
    assert prose == ["la 2e ligne, the 1st row, x^(2)"]


def test_a_hat_over_a_letter_in_mathml_is_another_symbol():
    """ŷ written <mover><mi>y</mi><mo>^</mo></mover> (MathJax's assistive MathML, no TeX beside it) is \\hat{y}, as
    the TeX it came from: read as y, a saved page's prediction 0.5744 became its target, and its loss and gradient
    were judged wrong. A sum's limits (<munderover>) still leave the sum itself."""
    page = ('<p>The neuron predicts <mjx-container class="MathJax"><mjx-assistive-mml><math><mrow><mover><mi>y</mi>'
            '<mo stretchy="false">^</mo></mover></mrow><mo>=</mo><mn>0.5349</mn></math></mjx-assistive-mml>'
            '</mjx-container>, its target is <math><mi>y</mi><mo>=</mo><mn>1</mn></math>, and <math><mover><mi>x</mi>'
            '<mo>¯</mo></mover><mo>=</mo><munderover><mo>∑</mo><mi>i</mi><mn>3</mn></munderover><msub><mi>x</mi>'
            '<mi>i</mi></msub><mo>/</mo><mn>3</mn></math>.</p>')
    text = " ".join(F.html(page).prose)
    assert "\\hat{y} = 0.5349" in text and " y = 1" in text and "\\bar{x}=∑x_i/3" in text.replace(" ", ""), text
