"""Layouts of whole transformers worked by hand (wild17's handout, saved blog page and Markdown post), each as a
general rule of how people write, on small documents of our own."""

from __future__ import annotations

from exactformer.audit.findings import ClaimFinding
from exactformer.read.documents import items as I
from exactformer.read.documents import items_of, read_document


def _audit(tmp_path, name: str, text: str) -> dict[str, tuple[str, str]]:
    from exactformer.audit.pipeline import audit
    from exactformer.read.documents import load_document

    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    rep = audit(load_document(str(doc)))
    return {f.quantity: (f.claim.number.text, f.verdict.value) for f in rep.findings if isinstance(f, ClaimFinding)}


def _named(found: I.Items) -> dict[str, object]:
    return {x.name: x for x in found.found if isinstance(x, (I.Named, I.Table)) and x.name}


# A handout in plain text: matrices as bare columns under "W_Q =", biases as bare spaced rows, the output
# layer's row of logits, e^z and p under the vocabulary (the full stop one of its words).
HANDOUT = """Worked example 3: one post-LN block by hand
==========================================

Sentence "wind blows", 2 tokens; d_model = 3, d_k = 2. LayerNorm without epsilon.
The correct next word is "." here (2024 edition, page 1).

Embeddings
            x1     x2     x3
  wind      0.6   -0.2    0.3
  blows    -0.4    0.5    0.1

W_Q =
            0.3   -0.5
            0.2    0.4
           -0.6    0.1

W_K =
            0.5    0.2
           -0.3    0.6
            0.4   -0.2

W_V =
            0.2    0.7   -0.1
           -0.5    0.3    0.4
            0.6   -0.2    0.3

Q:
  wind    -0.0400  -0.3500
  blows   -0.0800   0.4100

Q K^T:
              wind    blows
  wind      0.0018  -0.0576
  blows    -0.0630   0.1068

Weights (softmax of each row, divided by sqrt(2) first):
              wind    blows
  wind      0.5105   0.4895
  blows     0.4700   0.5300

LN1:
  wind      1.0707  -1.3355   0.2647
  blows    -1.3144   1.1092   0.2052

W1 =
            0.4   -0.3
            0.2    0.5
           -0.6    0.3
b1 = 0.1  -0.1
W2 =
            0.5   -0.2    0.3
           -0.4    0.6    0.2
b2 = 0.0  0.0  0.0

h:
  wind      0.1024  -1.0095
  blows    -0.3270   0.9105

LN2:
  wind      1.0693  -1.3362   0.2669
  blows    -1.3100   1.1165   0.1935

W_out =
            0.3   -0.4    0.5
           -0.2    0.6    0.1
            0.4    0.2   -0.5
                wind    blows        .
  logits     -0.5389   1.2326  -0.6401
  e^z         0.5834   3.4301   0.5273
  p           0.1285   0.7554   0.1161
"""


def test_bare_columns_under_a_name_are_that_matrix_and_a_bare_row_a_vector(tmp_path):
    """``W_Q =`` alone above bare columns names them (its two words are no column heads of a two-column
    matrix); ``W1 =`` above its rows keeps its name though ``b1 = 0.1  -0.1`` follows, as a vector of its own."""
    found = items_of("handout.txt", HANDOUT)[1]
    named = _named(found)
    wq = named["W_Q"]
    assert isinstance(wq, I.Table) and wq.col_labels is None and wq.rows == [["0.3", "-0.5"], ["0.2", "0.4"],
                                                                             ["-0.6", "0.1"]]
    w1 = named["W1"]
    assert isinstance(w1, I.Table) and len(w1.rows) == 3
    b1 = named["b1"]
    assert isinstance(b1, I.Named) and b1.array == ["0.1", "-0.1"]
    assert named["b2"].array == ["0.0", "0.0", "0.0"]  # type: ignore[union-attr]


def test_a_full_stop_alone_is_a_word_of_the_heads_above_a_table():
    """``wind  blows  .``: the lone full stop ends no sentence, it is the vocabulary's last word."""
    found = items_of("handout.txt", HANDOUT)[1]
    rows = next(x for x in found.found if isinstance(x, I.Table) and x.row_labels and x.row_labels[0] == "logits")
    assert rows.col_labels == ["wind", "blows", "."]
    text = "Results\n\nThe scores end here.\n  wind   0.5  0.25\n  blows  0.75  0.125\n"
    table = next(x for x in items_of("s.txt", text)[1].found if isinstance(x, I.Table))
    assert table.col_labels is None  # a sentence's own full stop is no word


def test_a_post_ln_layer_then_its_output_layer_its_rows_and_its_loss(tmp_path):
    """A whole block, then W_out: the output layer of a post-LN layer over the words above the logits, the
    target the prose names, each of the rows logits, e^z and p claimed at its position (the last word)."""
    r = read_document(str(_write(tmp_path, "handout.txt", HANDOUT)))
    assert "[model.head]" in r.toml and 'vocab = ["wind", "blows", "."]' in r.toml
    assert '[model.loss.targets]\nblows = "."' in r.toml
    got = _audit(tmp_path, "handout.txt", HANDOUT)
    assert got["logits[blows][.]"] == ("-0.6401", "correct")
    assert got["head.exp[blows][blows]"] == ("3.4301", "correct")
    assert got["probs[blows][blows]"] == ("0.7554", "correct")
    assert got["ffn.hidden[wind][2]"] == ("-1.0095", "correct")
    assert not any(v[0] in ("2024", "3", "2") for v in got.values())  # the edition, the example's number, d_k


def _write(tmp_path, name: str, text: str):
    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    return doc


# A saved blog page: each weight's name a paragraph of its own above its table, the scores divided by d_k itself
# (said before the verb, as Korean says it), the output weights printed without a name the sentence before them
# gives, and one table whose rows are the quantities over the vocabulary.
PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>한 블록 계산</title></head><body>
<h2>한 블록 계산</h2>
<p>두 단어 "wind blows"로 계산합니다. ReLU, LayerNorm (epsilon 없음).</p>
<table><tbody>
<tr><th>wind</th><td>0.6</td><td>-0.2</td><td>0.3</td></tr>
<tr><th>blows</th><td>-0.4</td><td>0.5</td><td>0.1</td></tr>
</tbody></table>
<p><b>Wq</b></p>
<table><tbody>
<tr><th>1행</th><td>0.3</td><td>-0.5</td></tr>
<tr><th>2행</th><td>0.2</td><td>0.4</td></tr>
<tr><th>3행</th><td>-0.6</td><td>0.1</td></tr>
</tbody></table>
<p><b>Wk</b></p>
<table><tbody>
<tr><th>1행</th><td>0.5</td><td>0.2</td></tr>
<tr><th>2행</th><td>-0.3</td><td>0.6</td></tr>
<tr><th>3행</th><td>0.4</td><td>-0.2</td></tr>
</tbody></table>
<p><b>Wv</b></p>
<table><tbody>
<tr><th>1행</th><td>0.2</td><td>0.7</td><td>-0.1</td></tr>
<tr><th>2행</th><td>-0.5</td><td>0.3</td><td>0.4</td></tr>
<tr><th>3행</th><td>0.6</td><td>-0.2</td><td>0.3</td></tr>
</tbody></table>
<p>여기서는 √d_k 대신 <b>d_k = 2</b>로 나눴습니다.</p>
<table>
<thead><tr><th></th><th>wind</th><th>blows</th></tr></thead>
<tbody>
<tr><th>wind</th><td>0.0009</td><td>-0.0288</td></tr>
<tr><th>blows</th><td>-0.0315</td><td>0.0534</td></tr>
</tbody></table>
<table>
<thead><tr><th></th><th>wind</th><th>blows</th></tr></thead>
<tbody>
<tr><th>wind</th><td>0.5074</td><td>0.4926</td></tr>
<tr><th>blows</th><td>0.4788</td><td>0.5212</td></tr>
</tbody></table>
<p><b>W1</b></p>
<table><tbody>
<tr><th>1행</th><td>0.4</td><td>-0.3</td></tr>
<tr><th>2행</th><td>0.2</td><td>0.5</td></tr>
<tr><th>3행</th><td>-0.6</td><td>0.3</td></tr>
</tbody></table>
<p><b>W2</b></p>
<table><tbody>
<tr><th>1행</th><td>0.5</td><td>-0.2</td><td>0.3</td></tr>
<tr><th>2행</th><td>-0.4</td><td>0.6</td><td>0.2</td></tr>
</tbody></table>
<p>b1 = (0.1, -0.1), b2 = (0.0, 0.0, 0.0)</p>
<table>
<thead><tr><th></th><th>1</th><th>2</th><th>3</th></tr></thead>
<tbody>
<tr><th>wind</th><td>1.0658</td><td>-1.3379</td><td>0.2722</td></tr>
<tr><th>blows</th><td>-1.3064</td><td>1.1223</td><td>0.1841</td></tr>
</tbody></table>
<p>마지막 벡터에 W_out을 곱합니다. 다음 단어 정답은 "."입니다.</p>
<table><tbody>
<tr><th>1행</th><td>0.3</td><td>-0.4</td><td>0.5</td></tr>
<tr><th>2행</th><td>-0.2</td><td>0.6</td><td>0.1</td></tr>
<tr><th>3행</th><td>0.4</td><td>0.2</td><td>-0.5</td></tr>
</tbody></table>
<table>
<thead><tr><th></th><th>wind</th><th>blows</th><th>.</th></tr></thead>
<tbody>
<tr><th>logit</th><td>-0.5427</td><td>1.2327</td><td>-0.6330</td></tr>
<tr><th>확률</th><td>0.1279</td><td>0.7552</td><td>0.1169</td></tr>
</tbody></table>
<p>공감 7 · 댓글 2</p>
</body></html>
"""


def test_a_paragraph_of_one_symbol_names_the_html_table_below_it():
    """``<p><b>Wq</b></p>`` then a table whose rows are only numbered: the table is Wq (and W1, with its digit)."""
    named = _named(items_of("page.html", PAGE)[1])
    assert named["Wq"].rows[0] == ["0.3", "-0.5"]  # type: ignore[union-attr]
    assert named["W1"].rows[2] == ["-0.6", "0.3"]  # type: ignore[union-attr]
    assert "공감" not in named


def test_d_k_named_before_the_verb_divides_the_scores_and_unnamed_output_weights_are_read(tmp_path):
    """"d_k = 2로 나눴습니다" divides by d_k itself; the table after "W_out을 곱합니다" is the output layer over
    the words of the logits' table, whose rows logit and 확률 are the last word's."""
    r = read_document(str(_write(tmp_path, "page.html", PAGE)))
    assert "scale = 2" in " ".join(str(n) for n in r.notes)
    assert 'vocab = ["wind", "blows", "."]' in r.toml
    got = _audit(tmp_path, "page.html", PAGE)
    assert got["scaled[blows,blows]"] == ("0.0534", "correct")
    assert got["weights[wind,wind]"] == ("0.5074", "correct")
    assert got["logits[blows][blows]"] == ("1.2327", "correct")
    assert got["probs[blows][.]"] == ("0.1169", "correct")
    assert not any(v[0] in ("7", "2") for v in got.values())  # the likes and comments, d_k


# A Markdown post: each weight named by a bold paragraph right above it, the next table after it named by its
# own corner; a sum said in a sentence.
POST = """# Một khối

**Wq**

| | c1 | c2 |
|---|---|---|
| h1 | 0.3 | -0.5 |
| h2 | 0.2 | 0.4 |

| Q | 1 | 2 |
|---|---|---|
| wind | -0.0400 | -0.3500 |
| blows | -0.0800 | 0.4100 |

**W1** (hai cột)

| | c1 | c2 |
|---|---|---|
| h1 | 0.4 | -0.3 |
| h2 | 0.2 | 0.5 |

Tổng các e^z là 4.5408.
"""


def test_a_bold_paragraph_names_the_markdown_table_below_it_and_not_the_next_table():
    """``**W1** (remark)`` names the table right below it; the table after that one is not named by it."""
    found = items_of("post.md", POST)[1]
    tables = [x for x in found.found if isinstance(x, I.Table) and len(x.rows) == 2 and len(x.rows[0]) == 2]
    assert [t.name for t in tables] == ["Wq", "", "W1"]
    said = [x for x in found.found if isinstance(x, I.Table) and x.rows == [["4.5408"]]]
    assert said and said[0].name.lower() == "tổng"  # "the sum of the e^z is": a stated result
