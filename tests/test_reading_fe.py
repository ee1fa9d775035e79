"""Posts and notebooks that work attention by hand (the fe group of real documents): one small document of our
own per rule, with numbers of our own."""

from __future__ import annotations

from exactformer.read.documents import items as I
from exactformer.read.documents import read_document


def _scan(text: str) -> I.Items:
    out = I.Items()
    I.scan(text, 1, out, ["", ""])
    return out


def test_a_shape_printed_by_torch_is_no_vector():
    """torch.Size([1, 3, 2]) beside a label: a shape, not three numbers of the example."""
    got = _scan("Queries shape: torch.Size([1, 3, 2])\nx = [0.5, 0.25]\n")
    assert [x.array for x in got.found if isinstance(x, I.Named)] == [["0.5", "0.25"]]


def test_a_literal_transposed_in_code_is_the_matrix_it_gives():
    """W = torch.tensor([[…]], dtype=…).T: the matrix the code multiplies by is the literal's transpose."""
    got = _scan("W = torch.tensor([\n    [0.1, 0.2],\n    [0.3, 0.4]\n], dtype=torch.float32).T  # (2, 2)\n"
                "U = np.array([[1.5, 2.5], [3.5, 4.5]]).transpose(0, 1)\nP = np.array([[1.5, 2.5], [3.5, 4.5]])\n")
    arrays = {x.name: x.array for x in got.found if isinstance(x, I.Named)}
    assert arrays["W"] == [["0.1", "0.3"], ["0.2", "0.4"]]
    assert arrays["U"] == [["1.5", "3.5"], ["2.5", "4.5"]]
    assert arrays["P"] == [["1.5", "2.5"], ["3.5", "4.5"]]


def test_a_quoted_print_label_is_no_sentence_of_tokens(tmp_path):
    """print("Q @ K:\\n", s) quotes code, not the sentence: three words of it are no tokens."""
    doc = tmp_path / "nb.md"
    doc.write_text("# Scores\n\n```python\nX = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])\n"
                   'print("Q @ K:\\n", X @ X.T)\n```\n\nQ = K = V = X, not scaled.\n\n'
                   "```\n[[1. 0. 1.]\n [0. 1. 1.]\n [1. 1. 2.]]\n```\n", encoding="utf-8")
    r = read_document(str(doc))
    notes = " ".join(str(n) for n in r.notes)
    assert "tokens x1, x2, x3" in notes and "@" not in notes.split("tokens", 1)[1].split(")", 1)[0]
