"""A display of TeX that works a step out in matrices (``Q = XW_Q = […][…] = […]``), its lines joined and read as
one chain: the last matrix is what the first side names, a column of names right after the first side names the
rows (the tokens), the matrices between are operands. The document is our own, in the style of Chinese notes that
write every step as a ``bmatrix`` product."""

from __future__ import annotations

from pathlib import Path

from exactformer.read.documents import displays as D
from exactformer.read.documents import items_of, load_document

DOC = Path(__file__).parent / "documents" / "displays" / "zh-matrix-chain.md"


def _named(path: Path) -> dict[str, tuple[int, list, list | None]]:
    _, found = items_of(str(path), path.read_text(encoding="utf-8"))
    return {x.name: (x.line, x.array, x.row_labels) for x in found.found if getattr(x, "name", "")}


def test_each_chain_names_its_last_matrix_by_its_first_side():
    named = _named(DOC)
    assert named["X"] == (9, [["1", "0", "1"], ["2", "1", "0"], ["0", "1", "1"]], ["x_1", "x_2", "x_3"])
    assert named["Q"][1] == [["2", "1"], ["2", "1"], ["1", "3"]]
    assert named["QK^T"][1] == [["4", "4", "5"], ["4", "4", "5"], ["5", "5", "4"]]
    assert named["softmax(QK^T)"][1][2] == ["0.4", "0.4", "0.2"]
    assert named["y_1"][1] == ["2.2", "2.0"]  # an aligned chain (split): its rows are one chain
    assert named["softmax(QK^T)V"][1][2] == ["2.4", "3.0"]
    # three assignments side by side (\qquad) are no chain: each keeps its own name
    assert [named[w][1][0] for w in ("W_Q", "W_K", "W_V")] == [["1", "0"], ["0", "1"], ["1", "2"]]


def test_the_chain_document_reads_on_its_own_with_every_step_claimed():
    case = load_document(str(DOC))
    assert list(case.model.tokens) == ["x_1", "x_2", "x_3"]
    said: dict[str, list[str]] = {}
    for c in case.claims:
        said.setdefault(case.engine.graph.name(c.address).removeprefix("L1."), []).append(c.number.text)
    assert {"Q", "K", "V", "scores", "weights", "context"} <= {n.split("[")[0] for n in said}
    assert said["Q[x_3][2]"] == ["3", "2"]  # the slip as written, then Q as the scores' operand restates it
    assert said["weights[x_3,x_1]"] == ["0.4"]  # one place: the document names the matrix softmax(QKᵀ)


def test_what_is_no_chain_is_left_to_the_line_reader():
    plain = r"W = \begin{bmatrix} 1 & 2 \end{bmatrix}"  # a name and a matrix: the line reader's (row comments)
    worked = r"S = \begin{bmatrix} 1/1.4 & 2/1.4 \end{bmatrix} \approx \begin{bmatrix} 0.71 & 1.43 \end{bmatrix}"
    several = r"y_2 = \begin{bmatrix} 1 & 2 \end{bmatrix}, y_3 = \begin{bmatrix} 3 & 4 \end{bmatrix}"
    assert D.chain(plain, 1) is None and D.chain(worked, 1) is None and D.chain(several, 1) is None
    m = r"\begin{bmatrix}1&0\\0&2\end{bmatrix}"
    after = D.chain(rf"d_k = 2 \qquad S = QK^T = {m}{m} = {m}", 1)  # the chain starts at its last assignment
    aligned = D.chain(rf"S &= QK^T \\ \text{{softmax}}(S) &= \text{{softmax}}\left({m}\right) = {m}", 1)
    labelled = D.chain(rf"\label{{eq:k}} K = XW_K = {m}{m} = {m}", 1)
    assert (after and after.name, aligned and aligned.name, labelled and labelled.name) == ("S", "softmax(S)", "K")
    lines = ["$$", r"A = B C", "$$ and then more prose $$x$$"]
    assert D.display_end(lines, 0) is None  # a display whose close has more after it: not one display alone
    assert D.display_end(["$$", "A = 1", "$$."], 0) == 2


def test_a_display_is_looked_at_once_and_its_close_opens_none(tmp_path, monkeypatch):
    """In plain text a display's closing $$ is a line of its own: it closes that display and opens no other that
    would run over the prose to the next $$ (read twice, and prose read as maths)."""
    seen: list[tuple[int, int]] = []
    chain = D.chain

    def spy(text: str, first_line: int):
        seen.append((first_line, text.count("\n") + 1))
        return chain(text, first_line)

    monkeypatch.setattr(D, "chain", spy)
    doc = tmp_path / "two.txt"
    doc.write_text("# t\n\n$$\nz = w x + b\n$$\n\nsome prose\nmore prose\n\n$$\nV = "
                   "\\begin{bmatrix}2&0\\\\0&2\\end{bmatrix}\n$$\n", encoding="utf-8")
    items_of(str(doc), doc.read_text(encoding="utf-8"))
    assert seen == [(3, 3), (10, 3)]
