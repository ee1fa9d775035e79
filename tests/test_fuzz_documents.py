"""No document made of real documents' pieces and hostile ones makes the reader crash: it reads it, or says
why not (a CaseError, exit 2); and filler never becomes a claim."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactformer.audit.pipeline import audit
from exactformer.errors import ExactformerError
from exactformer.read.documents import load_document
from exactformer.report.data import reading_lines

STYLES = Path(__file__).parent / "documents" / "styles"
SOURCES = sorted(p for p in STYLES.iterdir() if p.suffix in (".md", ".txt"))
LINES = [line for p in SOURCES for line in p.read_text(encoding="utf-8").splitlines() if line.strip()]
HOSTILE = ["x = [NaN, inf]", "the = [1e10000, -1e10000]", "| a | &#99999999999999999999; | 0.1 |", "\x1b[31m red",
           "\u202e reversed", "$$\\begin{bmatrix} 1 & \\\\ \\end{bmatrix}$$", "[" * 40 + "1" + "]" * 40,
           "W_q = [[0.1, 0.2], [0.3]]", "e^(-1e10000) = 0.05", "0.1 × 0.2 = ", "| | | |", "<script>alert(1)</script>",
           "{'a': [1, 2], 'b': 3}", "Q = [[1, 2], [3, 4]]", "K = [[1, 2]]", "V = []", "-" * 20, "合計 3"]


@st.composite
def documents(draw):
    lines = draw(st.lists(st.sampled_from(LINES), min_size=1, max_size=40))
    for _ in range(draw(st.integers(0, 4))):
        lines.insert(draw(st.integers(0, len(lines))), draw(st.sampled_from(HOSTILE)))
    return "\n".join(lines) + "\n"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=documents(), suffix=st.sampled_from([".md", ".txt"]))
def test_a_document_of_real_and_hostile_pieces_never_crashes(tmp_path, text, suffix):
    """Every mix of real documents' lines and hostile ones is read or refused with a CaseError."""
    p = tmp_path / f"doc{suffix}"
    p.write_text(text, encoding="utf-8")
    try:
        case = load_document(str(p))
    except ExactformerError:
        return
    assert all(c.number.text for c in case.claims)


def test_filler_vectors_in_prose_are_no_claims(tmp_path):
    """1,460 small random vectors in sentences beside real givens: nothing is claimed, so nothing to audit."""
    import random

    rnd = random.Random(7)
    lines = ["# Notes", "鬼 = [0.9, 0.2, 0.1]", "金棒 = [0.8, 0.6, 0.1]", "猫 = [0.3, 0.9, 0.1]",
             "Wq = [[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]]", "Wk = [[0.2, -0.1], [0.0, 0.3], [0.4, 0.5]]",
             "Wv = [[0.3, 0.7], [0.5, 0.2], [0.6, 0.1]]"]
    lines += [f"Item {i} has the vector [{rnd.randint(0, 99) / 100}, {rnd.randint(0, 99) / 100}] in it."
              for i in range(1460)]
    p = tmp_path / "filler.md"
    p.write_text("\n".join(lines), encoding="utf-8")
    try:
        case = load_document(str(p))
    except ExactformerError as e:
        assert "nothing in the document could be audited" in str(e)
        return
    assert len(case.claims) == 0


def test_long_runs_of_digits_do_not_hang_the_reader(tmp_path):
    """A line of 80 digits and a word once split its digits every possible way (2⁷⁹ tries, a regular
    expression with a nested repeat). Read under an alarm: a hang fails the test instead of stalling the run."""
    import signal

    p = tmp_path / "digits.md"
    p.write_text("X = 1 2\n" + "\n".join(["7" * 80 + " x", "  " + "3" * 80 + " 4 W", "X = 0.1 0.2"] * 3) + "\n",
                 encoding="utf-8")

    def stalled(*_):
        raise TimeoutError("the reader took more than a minute on 9 lines")

    old = signal.signal(signal.SIGALRM, stalled)
    signal.alarm(60)
    try:
        load_document(str(p))
    except ExactformerError:
        pass
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


CAT = Path(__file__).parent / "documents" / "causal-cat.md"
LONG_LINES = {  # one line an attacker may add, long enough that a reader quadratic in a line's length takes minutes
    "spaces": ("a" + " " * 50_000 + "b", ".md"),
    "no-break spaces": ("<p>x =" + "&nbsp;" * 30_000 + "0.5</p>", ".html"),
    "ideographic spaces": ("x =" + "\u3000" * 50_000 + "0.5", ".md"),
    "em spaces": ("x =" + "\u2003" * 20_000 + "0.5", ".md"),  # (NFKC makes each a space)
    "no-break spaces split by empty tags": ("<p>x =" + ("&nbsp;" * 60 + "<b></b>") * 300 + "0.5</p>", ".html"),
    "equals signs": ("x = " * 15_000 + "0.5", ".md"),
    "unclosed matrices": ("\\begin{bmatrix} 1 & " * 20_000, ".md"),
    "an HTML block of assignments": ("<div class=\"code\">\n" + "a = b\n" * 3_000 + "</div>", ".md"),  # (cubic once)
    "a list of equations": ("Let " + "x = 1, " * 10_000 + "y = 2.", ".md"),
    "units each defined twice": ("\n\n".join([f"$a_{{{i}}} = \\sigma(x)$" for i in range(1_600)] +  # (quadratic
                                             [f"$a_{{{i}}} = \\sigma(z_{{{i}}})$" for i in range(1_600)]), ".md"),  # once)
}


@pytest.mark.parametrize("name", list(LONG_LINES))
def test_a_long_line_of_one_pattern_reads_in_linear_time_and_changes_nothing(tmp_path, name):
    """A line of 50,000 spaces once took 150 s (patterns whose cost was the square of a run of blanks); one of
    15,000 ``x = `` 60 s (each ``=`` started a parse of the rest); 20,000 unclosed ``\\begin{bmatrix}`` the square
    of their count. Blank runs are cut to 64 (``values.tame``), a line of working is tried from at most 8 starts, and
    an environment ends before the next of its name opens. Read under an alarm, so a hang fails instead of stalling;
    the line adds no claim and takes none away."""
    import signal

    line, suffix = LONG_LINES[name]
    text = CAT.read_text(encoding="utf-8")
    if suffix == ".html":
        text = "<html><body><pre>" + text.replace("&", "&amp;").replace("<", "&lt;") + "</pre>"
    p = tmp_path / f"cat{suffix}"
    p.write_text(text + "\n" + line + "\n", encoding="utf-8")
    plain = tmp_path / f"plain{suffix}"
    plain.write_text(text + "\n", encoding="utf-8")

    def stalled(*_):
        raise TimeoutError(f"the reader took more than a minute on a line of {name}")

    old = signal.signal(signal.SIGALRM, stalled)
    signal.alarm(60)
    try:
        got = load_document(str(p))
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    want = load_document(str(plain))
    assert [(str(c.address), str(c.number)) for c in got.claims] == [(str(c.address), str(c.number)) for c in want.claims]
    assert len(want.claims) > 10


def test_a_line_whose_value_no_ball_can_tell_is_skipped_and_listed(tmp_path):
    """e^(-1e10000) = 0.05 (an exponent no ball holds) is no reason to refuse the document: the line is not read,
    the audit report lists it with its reason, and the rest is audited."""
    p = tmp_path / "doc.md"
    p.write_text("# A head\n\nQ = [[1, 2], [3, 4]]\n\ne^(-1e10000) = 0.05\n\n0.5 × 0.4 = 0.2\n", encoding="utf-8")
    report = audit(load_document(str(p)))
    said = "\n".join(reading_lines(report))
    assert "not read: line 5 'e^(-1e10000) = 0.05'" in said and "too large" in said, said
    assert report.summary()["claims"] >= 1
