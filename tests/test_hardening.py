"""What a careless user and an attacker tried: output paths, PDF robustness, Markdown safety, hostile numbers."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys

import pytest

from exactformer.cli import main

from .conftest import SEED, case_text

EXE = [sys.executable, "-m", "exactformer"]


def run(capsys, *argv) -> tuple[int, str, str]:
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


# ---- output files --------------------------------------------------------------------------------------
@pytest.mark.skipif(os.geteuid() != 0, reason="replacing /dev/null needs root; as a user it cannot happen")
def test_output_to_dev_null_writes_through(capsys):
    """-o /dev/null (a common idiom) writes through the device and never replaces it with a file."""
    before = os.stat("/dev/null")
    rc, _, _ = run(capsys, "audit", SEED, "-o", "/dev/null")
    after = os.stat("/dev/null")
    assert rc == 1 and stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev


@pytest.mark.parametrize("argv,where,message", [
    (("audit", SEED, "--format", "json"), "missing/sub/r.json", "does not exist"),
    (("audit", SEED, "--format", "json"), "missing/sub/", "does not exist"),  # a folder for one report per input
    (("derive", SEED), ".", "is a directory"),  # audit -o . writes ./<name>.<ext>: see test_many
])
def test_unwritable_outputs_fail_before_any_work(tmp_path, capsys, monkeypatch, argv, where, message):
    """A missing folder or a folder given as the file: exit 2 with a plain message, not an internal error."""
    monkeypatch.chdir(tmp_path)
    rc, _, err = run(capsys, *argv, "-o", where)
    assert rc == 2 and message in err and "internal error" not in err


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_read_only_folder(tmp_path, capsys):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    rc, _, err = run(capsys, "audit", SEED, "-o", ro / "r.txt")
    assert rc == 2 and "not writable" in err


def test_output_keeps_mode_and_follows_symlinks(tmp_path, capsys):
    """Overwriting keeps the target's mode (0600 stays 0600); a symlink is followed, its target replaced."""
    target = tmp_path / "real.md"
    target.write_text("old")
    target.chmod(0o600)
    link = tmp_path / "link.md"
    link.symlink_to(target)
    rc, _, err = run(capsys, "audit", SEED, "--format", "markdown", "-o", link)
    assert rc == 1 and "wrote" in err
    assert link.is_symlink() and "Root causes" in target.read_text()
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


def test_pdf_does_not_overwrite_a_tex_beside_it(tmp_path, capsys, monkeypatch):
    """-o FILE.pdf writes the PDF only: a hand-edited FILE.tex beside it is left alone (--keep-tex writes it)."""
    import exactformer.derive.compile as comp

    monkeypatch.setattr(comp, "compile_pdf", lambda tex: (b"%PDF-fake", []))
    (tmp_path / "d.tex").write_text("my edits")
    rc, _, err = run(capsys, "derive", SEED, "-o", tmp_path / "d.pdf")
    assert rc == 0 and (tmp_path / "d.tex").read_text() == "my edits"
    assert (tmp_path / "d.pdf").read_bytes() == b"%PDF-fake"
    rc, _, _ = run(capsys, "derive", SEED, "-o", tmp_path / "d.pdf", "--keep-tex")
    assert (tmp_path / "d.tex").read_text().startswith(r"\documentclass")


def test_only_does_not_swallow_the_case(tmp_path, capsys):
    """derive --only ADDRESS CASE: the case is the case, not a second address."""
    rc, out, _ = run(capsys, "derive", "--only", "scores[鬼,鬼]", SEED)
    assert rc == 0 and out.startswith(r"\documentclass")


# ---- PDFs that must compile ---------------------------------------------------------------------------
HAVE_TEX = subprocess.run(["which", "lualatex"], capture_output=True).returncode == 0
needs_tex = pytest.mark.skipif(not HAVE_TEX and not os.environ.get("EXACTFORMER_REQUIRE_TEX"),
                               reason="lualatex not installed")


@needs_tex
def test_bert_tokens_long_names_and_dashes_compile(write_case, tmp_path):
    """[CLS], [SEP], a 1,000-character name and --a---b all typeset (and print as themselves)."""
    toks = ["[CLS]", "--a---b", "x" * 1000, "[SEP]"]
    p = write_case(case_text(toks, {t: [0.1 * (k + 1), 0.2] for k, t in enumerate(toks)},
                             [{"Wq": [[1, 0], [0, 1]], "Wk": [[1, 0], [0, 1]], "Wv": [[1, 0], [0, 1]]}]))
    pdf = tmp_path / "b.pdf"
    proc = subprocess.run(EXE + ["derive", str(p), "-o", str(pdf)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
    assert "[CLS]" in text and "--a---b" in text


def test_large_case_tex_stays_small_and_lines_short(write_case, tmp_path):
    """20 tokens × d 8: no line near TeX's buffer, and the .tex grows with what it shows (--only: tiny)."""
    n, d = 20, 8
    toks = [f"t{k}" for k in range(n)]
    emb = {t: [round(((k * 7 + m * 3) % 19 - 9) / 10, 1) for m in range(d)] for k, t in enumerate(toks)}
    w = [[round(((r * 5 + c * 11) % 19 - 9) / 10, 1) for c in range(d)] for r in range(d)]
    p = write_case(case_text(toks, emb, [{"Wq": w, "Wk": w, "Wv": w}]))
    out = tmp_path / "big.tex"
    assert main(["derive", str(p), "-o", str(out)]) == 0
    tex = out.read_text(encoding="utf-8")
    assert max(len(line) for line in tex.splitlines()) < 5000
    assert len(tex) < 3_000_000
    only = tmp_path / "only.tex"
    assert main(["derive", str(p), "--only", "weights[t0,t1]", "-o", str(only)]) == 0
    assert only.read_text(encoding="utf-8").count(r"\begin{align*}") == 1 < tex.count(r"\begin{align*}")
    assert only.stat().st_size < out.stat().st_size


def test_tiny_values_print_in_scientific_notation():
    from exactformer.exact.latex import decimal_tex

    assert decimal_tex("0.000000000000000000000000000001234…") == r"1.234\ldots\times 10^{-30}"
    assert decimal_tex("0.0012…") == r"0.0012\ldots"


# ---- Markdown and terminal safety -----------------------------------------------------------------------
def test_markdown_code_spans_cannot_be_closed_by_a_token(write_case, capsys):
    """A token with backtick runs cannot close its code span: markdown-it renders no live <img>."""
    from markdown_it import MarkdownIt

    hostile = "x`` <img src=x onerror=alert(1)> ``y"
    p = write_case(case_text([hostile, "b"], {hostile: [0.5], "b": [0.1]}, [{"Wq": [[1]], "Wk": [[1]], "Wv": [[1]]}],
                             title="\x1b]0;pwn\x07 title",
                             claims='[[claims]]\nat = "\\u001b[2J at"\nvalues = { "scores[b,b]" = 0.5 }\n'))
    rc, out, _ = run(capsys, "audit", p, "--format", "markdown", "--all")
    html = MarkdownIt("commonmark").enable("table").render(out)
    assert "<img" not in html.replace("&lt;img", "")
    assert "\x1b" not in out and "\x07" not in out and "\\x1b" in out


def test_narrow_terminal_folds_why_below_rows():
    """At 80 columns the why and closed form fold below each row instead of shrinking to a few characters."""
    import io

    from rich.console import Console

    from exactformer.audit.pipeline import audit
    from exactformer.read.case import load
    from exactformer.report.text import render_text

    buf = io.StringIO()
    con = Console(file=buf, width=80, no_color=True, markup=False, highlight=False, emoji=False)
    render_text(audit(load(SEED)), con)
    text = buf.getvalue()
    assert "the line's own arithmetic gives 0.24465167…" in text.replace("\n", " ").replace("  ", " ") or \
        "0.24465167…" in text
    assert max(len(line) for line in text.splitlines()) <= 80


# ---- hostile numbers ---------------------------------------------------------------------------------------
GOOD = case_text(["a", "b"], {"a": [0.9, 0.2], "b": [0.8, 0.6]},
                 [{"Wq": [[0.1, 0.2], [0.3, 0.4]], "Wk": [[0.2, -0.1], [0.0, 0.3]], "Wv": [[0.3, 0.7], [0.5, 0.2]]}])


@pytest.mark.parametrize("value,needle", [
    ("1" * 5000, "a number too long"),
    ("[" * 3000 + "1" + "]" * 3000, "nested too deeply"),
    ('"' + "(" * 200 + "1" + ")" * 200 + '"', "nested more than"),
    ('"' + "-" * 100_000 + '1"', "longer than 20000 characters"),
    ('"' + "-" * 500 + '1"', "signs in a row"),
    ('"' + "√" * 5000 + '2"', "nested more than"),
    ('"((10^64)^64)^64"', "cannot read this number"),
    ('"(((10^64)^64)^64)^64"', "cannot read this number"),
    ('"NaN"', "not a finite number"),
    ('"inf"', "not a finite number"),
    ('"' + "9" * 1_000_000 + 'x"', "cannot read this number"),
])
def test_hostile_numbers_exit_2_quickly(write_case, capsys, tmp_path, value, needle):
    """Each hostile number is refused with its reason (exit 2), never a crash or minutes of work."""
    text = GOOD.replace('"a" = [0.9, 0.2]', f'"a" = [{value}, 0.2]')
    rc, _, err = run(capsys, "show", write_case(text), "scores[a,a]")
    assert rc == 2 and needle in err, err[:300]
    assert len(err) < 2000


def test_hostile_check_lines_are_refused_per_item(capsys):
    """In check, an unreadable line is reported by its number and the other items are still judged."""
    rc, out, err = run(capsys, "check", SEED, "scores[鬼,鬼] = 0.0504", "scores[鬼,鬼]: (((10^64)^64)^64)^64 = 1",
                       "scores[鬼,鬼]: " + "(" * 300 + "1" + ")" * 300 + " = 1")
    assert rc == 2 and "item 2 could not be read" in err and "item 3 could not be read" in err
    assert "✓ correct" in out


def test_big_readable_numbers_are_read(write_case, capsys):
    """e^800 stated as 2.7264e+347 is a number like any other; so is a 300-digit decimal."""
    text = case_text(["a"], None, [{"Q": {"a": [20]}, "K": {"a": [40]}, "V": {"a": [1]}}], scale="none")
    rc, out, _ = run(capsys, "check", write_case(text), "exp[a,a] = 2.7264e+347", "scores[a,a] = 800." + "0" * 300)
    assert rc == 0 and out.count("✓ correct") == 2


def test_units_off_and_exact_digits_above_1e12(write_case, capsys):
    """exp = 133715317952810729661340.4005 for e^54.55…: the exact value keeps every integer digit, and
    the units off are computed at the precision they need (not 53 bits)."""
    text = case_text(["a"], None, [{"Q": {"a": ["54.55"]}, "K": {"a": [1]}, "V": {"a": [1]}}], scale="none")
    import mpmath

    mpmath.mp.dps = 60
    e = mpmath.exp(mpmath.mpf("54.55"))
    stated = mpmath.nstr(e, 28, min_fixed=0, max_fixed=40)[:29]
    rc, out, _ = run(capsys, "check", write_case(text), f"exp[a,a] = {stated}", "--format", "json")
    import json

    f = json.loads(out)["findings"][0]
    assert f["exact"].startswith(mpmath.nstr(e, 24, min_fixed=0, max_fixed=40)[:24])
    assert "000000000000" not in f["exact"]
    assert f["off_by_last_digits"] < 1


def test_case_file_size_limit(tmp_path, capsys):
    """A case file larger than the limit (or /dev/zero) is refused before it is read whole."""
    rc, _, err = run(capsys, "show", "/dev/zero")
    assert rc == 2 and "larger than" in err


def test_coarse_claim_warns_and_strict_fails(capsys):
    """check "scores[鬼,鬼] = 0": true to the rounding rule, but it says nothing: a warning (--strict: exit 1)."""
    rc, out, _ = run(capsys, "check", SEED, "scores[鬼,鬼] = 0")
    assert rc == 0 and "coarse" in out
    rc, _, _ = run(capsys, "check", SEED, "scores[鬼,鬼] = 0", "--strict")
    assert rc == 1


def test_integer_claims_are_coarse_never_correct_or_last_digit(capsys):
    """Issue 19.2: "weights[鬼,金棒] = 1" (exact 0.2432) and "scores[小判,小判] = 1" (exact 0.6778) say nothing:
    coarse, a warning failing --strict; "scores[鬼,鬼] = 0" is coarse and only coarse (no second verdict)."""
    for item in ("weights[鬼,金棒] = 1", "scores[小判,小判] = 1", "scores[鬼,鬼] = 0"):
        rc, out, _ = run(capsys, "check", SEED, item, "--format", "json")
        got = json.loads(out)
        assert rc == 0 and [f["verdict"] for f in got["findings"]] == ["coarse"], (item, got["findings"])
        assert got["summary"]["coarse"] == 1 and got["summary"]["correct"] == 0 and got["summary"]["last_digit"] == 0
        rc, _, _ = run(capsys, "check", SEED, item, "--strict")
        assert rc == 1, item
    rc, out, _ = run(capsys, "check", SEED, "scores[鬼,鬼] = 0.05", "--format", "json")
    assert [f["verdict"] for f in json.loads(out)["findings"]] == ["correct"]
    # a number written with decimals states its own precision: 0.1 is 0.0504 rounded to one decimal, 0.0 is not
    for item, verdict in (("scores[鬼,鬼] = 0.1", "correct"), ("scores[鬼,鬼] = 0.0", "last_digit")):
        rc, out, _ = run(capsys, "check", SEED, item, "--format", "json")
        assert [f["verdict"] for f in json.loads(out)["findings"]] == [verdict], (item, out)


def test_messages_speak_toml_not_python(write_case, capsys):
    """What was found is shown as the case file writes it, never as Python's repr."""
    text = GOOD.replace('"a" = [0.9, 0.2]', '"a" = [[0.1], true]')
    rc, _, err = run(capsys, "show", write_case(text))
    assert rc == 2 and "Decimal(" not in err and "True" not in err and "[0.1]" in err


def test_seed_source_says_what_the_document_is():
    from exactformer.read.case import load

    assert "blog post" in (load(SEED).source or "")


def test_a_code_line_of_fifty_thousand_terms_reads_in_linear_time(tmp_path, capsys):
    """x = 0.5+0.5+… in a notebook's cell: the scanner's check for two results on a line (``=`` … ``→`` … ``=``)
    backtracked in time quadratic in the line (about 2 minutes here); a line without an arrow is not searched. The
    interpreter gives up on the sum's depth, and the document states no number it could claim."""
    nb = {"cells": [{"cell_type": "code", "metadata": {}, "outputs": [
        {"output_type": "stream", "name": "stdout", "text": ["25000.0\n"]}],
        "source": ["x = " + "+".join(["0.5"] * 50_000) + "\n", "print(x)"]}], "metadata": {}, "nbformat": 4,
        "nbformat_minor": 5}
    p = tmp_path / "long.ipynb"
    p.write_text(json.dumps(nb), encoding="utf-8")
    rc, _, err = run(capsys, "audit", str(p))
    assert rc == 2 and "no numbers found in the document" in err, err
