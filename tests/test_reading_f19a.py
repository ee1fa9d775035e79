"""Documents written as people write them (wild19): one small document of our own per rule."""

from __future__ import annotations

import mpmath

from exactformer.read.case import load
from exactformer.read.documents import read_document

_GIVENS = ("```python\ntokens = [\"<bos>\", \"▁un\", \"▁pan\"]\n"
           "x = torch.tensor([[[0.3, -0.1, 0.5, 0.2], [0.6, 0.4, -0.2, 0.1], [-0.3, 0.2, 0.4, 0.7]]])\n"
           "n_head = 2\n"
           "W_qkv = torch.tensor([\n"
           "    [ 0.1,  0.3, -0.2,  0.5,  0.4, -0.1,  0.2,  0.3,  0.6, -0.4,  0.1,  0.2],\n"
           "    [-0.3,  0.2,  0.4,  0.1,  0.2,  0.5, -0.3,  0.1,  0.3,  0.2, -0.2,  0.4],\n"
           "    [ 0.5, -0.1,  0.3,  0.2, -0.4,  0.3,  0.1,  0.6, -0.1,  0.5,  0.3,  0.1],\n"
           "    [ 0.2,  0.4,  0.1, -0.3,  0.3,  0.2,  0.5, -0.2,  0.4,  0.1,  0.6, -0.3],\n])\n"
           "W_proj = torch.tensor([[0.2, -0.3, 0.1, 0.4], [0.5, 0.1, -0.2, 0.3], [-0.1, 0.4, 0.3, 0.2], "
           "[0.3, 0.2, 0.5, -0.1]])\n```\n\n")


def test_a_fused_qkv_projection_and_tensors_printed_with_their_batch_and_head_dimensions(tmp_path):
    """One fused W_qkv (d × 3d) split into q, k, v; q and the weights printed as [1, 2, T, ·] tensors (a matrix
    per head), the output as a [1, T, d] tensor: each head's matrix matched to its own head, the shape not."""
    doc = tmp_path / "gpt.md"
    doc.write_text(
        "# Causal self-attention, two heads\n\nA causal mask; `n_head = 2`, head size 2.\n\n" + _GIVENS +
        "```python\nq.shape\n```\n\n```\ntorch.Size([1, 2, 3, 2])\n```\n\n"
        "```python\nprint(q)\n```\n\n```\ntensor([[[[ 0.3500,  0.1000],\n          [-0.1400,  0.3200],\n"
        "          [ 0.2500,  0.1900]],\n\n         [[ 0.0700,  0.1800],\n          [-0.0100,  0.2700],\n"
        "          [ 0.3300, -0.2600]]]])\n```\n\n"
        "```python\nprint(att)\n```\n\n```\ntensor([[[[1.0000, 0.0000, 0.0000],\n          [0.5122, 0.4878, 0.0000],\n"
        "          [0.3200, 0.3472, 0.3328]],\n\n         [[1.0000, 0.0000, 0.0000],\n"
        "          [0.5120, 0.4880, 0.0000],\n          [0.3263, 0.3259, 0.3478]]]])\n```\n\n"
        "```python\nout = y @ W_proj\nprint(out)\n```\n\n```\ntensor([[[ 0.0720,  0.0890,  0.0930,  0.1740],\n"
        "         [ 0.0632, -0.0271,  0.1515,  0.1447],\n         [ 0.0876,  0.0340,  0.1004,  0.1931]]])\n```\n",
        encoding="utf-8")
    r = read_document(str(doc))
    assert "W_qkv (Wq)" in " ".join(str(n) for n in r.notes) and "heads = 2" in r.toml
    assert '"h2.Q[▁pan][2]" = "-0.2600"' in r.toml and '"Q[▁un][2]" = "0.3200"' in r.toml
    assert '"h2.weights[▁pan,▁pan]" = "0.3478"' in r.toml and '"weights[▁un,<bos>]" = "0.5122"' in r.toml
    assert '"attn[▁pan][4]" = "0.1931"' in r.toml
    assert "torch.Size" not in r.toml and r.matched >= 5  # torch.Size([1, 2, 3, 2]) is no claim


def test_a_fused_projection_not_three_times_as_wide_is_no_split(tmp_path):
    """A W_qkv whose width is not three blocks of the input's width gives no W_q, W_k, W_v."""
    doc = tmp_path / "odd.md"
    doc.write_text("# Odd\n\n```python\nx = torch.tensor([[[0.3, -0.1], [0.6, 0.4]]])\n"
                   "W_qkv = torch.tensor([[0.1, 0.3, -0.2, 0.5], [-0.3, 0.2, 0.4, 0.1]])\n```\n\n"
                   "```\ntensor([[[ 0.3500,  0.1000],\n         [-0.1400,  0.3200]]])\n```\n", encoding="utf-8")
    try:
        r = read_document(str(doc))
    except Exception as e:  # a clear error is fine: nothing to compute from
        assert "internal error" not in str(e)
        return
    assert "W_qkv (Wq)" not in " ".join(str(n) for n in r.notes)


def test_cells_of_score_then_scaled_with_masked_cells_between_are_two_tables(tmp_path):
    """| q \\ k | a → b | −∞ |: the scores and the scaled scores of one head, a masked cell in both."""
    doc = tmp_path / "arrow.md"
    doc.write_text(
        "# Two heads by hand\n\nA causal mask; two heads of size 2, head 1 is columns 1-2.\n\n" + _GIVENS +
        "Head 1, q·k then divided by √2 ≈ 1.4142:\n\n| query \\ key | <bos> | ▁un | ▁pan |\n|---|---|---|---|\n"
        "| <bos> | -0.0030 → -0.0021 | −∞ | −∞ |\n| ▁un | 0.0408 → 0.0288 | -0.0282 → -0.0199 | −∞ |\n"
        "| ▁pan | 0.0109 → 0.0077 | 0.1265 → 0.0894 | 0.0666 → 0.0471 |\n", encoding="utf-8")
    r = read_document(str(doc))
    assert '"scores[▁pan,▁un]" = "0.1265"' in r.toml and '"scaled[▁pan,▁un]" = "0.0894"' in r.toml
    assert '"scores[<bos>,▁un]"' not in r.toml and r.unmatched == 0


_MHA = """
[model]
tokens = ["a", "b", "c"]
mask = "causal"
[model.embeddings]
"a" = ["0.3", "-0.1"]
"b" = ["0.6", "0.4"]
"c" = ["-0.3", "0.2"]
[[model.layers]]
blocks = ["attn"]
[model.layers.attn]
heads = 2
Wq_all = [["0.1", "0.3"], ["-0.3", "0.2"]]
Wk_all = [["0.4", "-0.1"], ["0.2", "0.5"]]
Wv_all = [["0.6", "-0.4"], ["0.3", "0.2"]]
"""


def test_the_weights_averaged_over_the_heads_are_the_mean_of_each_heads_weights(write_case):
    """avg_weights[i,j] = (weights¹[i,j] + weights²[i,j]) / 2, against an mpmath oracle of its own (heads of
    size 1: q·k / √1, the causal mask, a softmax per row); a masked cell is exactly 0."""
    with mpmath.workdps(50):
        case = load(write_case(_MHA, "mha.toml"))
        e, g = case.engine, case.engine.graph
        x = [[mpmath.mpf(v) for v in r] for r in (["0.3", "-0.1"], ["0.6", "0.4"], ["-0.3", "0.2"])]
        W = {"q": [["0.1", "0.3"], ["-0.3", "0.2"]], "k": [["0.4", "-0.1"], ["0.2", "0.5"]]}
        proj = {n: [[sum(r[m] * mpmath.mpf(w[m][c]) for m in range(2)) for c in range(2)] for r in x] for n, w in W.items()}
        weights = []
        for h in range(2):
            rows = []
            for i in range(3):
                ex = [mpmath.exp(proj["q"][i][h] * proj["k"][j][h]) for j in range(i + 1)]
                rows.append([v / sum(ex) for v in ex] + [mpmath.mpf(0)] * (2 - i))
            weights.append(rows)
        names = ["a", "b", "c"]
        for i in range(3):
            for j in range(3):
                want = (weights[0][i][j] + weights[1][i][j]) / 2
                got = mpmath.mpf(e.decimal(g.parse(f"L1.attn.avg_weights[{names[i]},{names[j]}]"), 40).rstrip("…"))
                assert abs(got - want) <= mpmath.mpf(10) ** -38, (i, j, got, want)
        assert e.decimal(g.parse("L1.attn.avg_weights[a,b]"), 10).rstrip("…").strip("0.") == ""


def _averaged_doc(tmp_path, words: str):
    doc = tmp_path / "avg.md"
    doc.write_text(
        "# Two heads\n\nA causal mask; `n_head = 2`. " + words + "\n\n" + _GIVENS +
        "```python\nout, w = attn(x, x, x)\nw\n```\n\n```\ntensor([[[1.0000, 0.0000, 0.0000],\n"
        "         [0.5121, 0.4879, 0.0000],\n         [0.3231, 0.3366, 0.3403]]])\n```\n", encoding="utf-8")
    return read_document(str(doc))


def test_weights_a_document_says_are_averaged_over_the_heads_are_the_averaged_weights(tmp_path):
    """nn.MultiheadAttention's second result, printed [1, T, T]: the weights averaged over the two heads."""
    r = _averaged_doc(tmp_path, "`nn.MultiheadAttention` returns the weights averaged over the heads.")
    assert '"L1.attn.avg_weights[▁pan,▁pan]" = "0.3403"' in r.toml or '"attn.avg_weights[▁pan,▁pan]" = "0.3403"' \
        in r.toml


def test_without_averaging_in_the_words_no_table_is_the_averaged_weights(tmp_path):
    """The same numbers in a document that never averages over heads: never matched to avg_weights."""
    r = _averaged_doc(tmp_path, "Here are some weights.")
    assert "avg_weights" not in r.toml


def test_token_ids_are_no_numbers_to_claim(tmp_path):
    """input_ids = torch.tensor([[0, 1, 2]]) beside a [1, T, d] state: indices into the vocabulary, never a
    quantity (no positions' angles)."""
    doc = tmp_path / "ids.md"
    doc.write_text("# Logits\n\n```python\ninput_ids = torch.tensor([[0, 1, 2]])\n"
                   "h = torch.tensor([[[0.2, -0.4], [0.5, 0.1], [-0.3, 0.6]]])\n```\n", encoding="utf-8")
    try:
        r = read_document(str(doc))
    except Exception as e:  # nothing to audit: a clear error
        assert "internal error" not in str(e)
        return
    assert "input_ids" not in r.toml
