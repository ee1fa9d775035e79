"""End to end: every bundled case through every command; show's JSON; check; hostile names in a terminal."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from exactformer.audit.pipeline import audit
from exactformer.batch import exit_status
from exactformer.cli import main
from exactformer.read.case import load

from .conftest import DERIVATIONS, SEED, case_text


def run(capsys, *argv) -> tuple[int, str, str]:
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


@pytest.mark.parametrize("case", DERIVATIONS, ids=lambda p: p.name)
def test_every_bundled_case_shows_and_audits(case, capsys):
    """Every case in derivations/ shows every step and audits in all formats, with the exit status its findings
    call for (1 when one is an error, else 0) and its title in the report."""
    rc, out, err = run(capsys, "show", case)
    assert rc == 0 and "context" in out and not err
    loaded = load(case)
    want = exit_status(audit(loaded), strict=False)
    for fmt in ("text", "markdown", "json"):
        rc, out, err = run(capsys, "audit", case, "--format", fmt)
        assert rc == want and not err, (fmt, rc, err)
        assert (loaded.title or "") in out
    rc, out, _ = run(capsys, "show", case, "--format", "json")
    assert rc == 0 and json.loads(out)


def test_show_json_is_flat_with_one_based_components(capsys):
    """show --format json maps each scalar address to a decimal string of at least N digits."""
    rc, out, _ = run(capsys, "show", SEED, "context", "scores[金棒,金棒]", "--format", "json", "--digits", "20")
    data = json.loads(out)
    assert data["scores[金棒,金棒]"] == "0.131"
    assert set(data) == {"context[鬼][1]", "context[鬼][2]", "context[金棒][1]", "context[金棒][2]", "context[猫][1]",
                         "context[猫][2]", "context[小判][1]", "context[小判][2]", "scores[金棒,金棒]", "$decimals"}
    assert data["context[鬼][1]"].startswith("0.65234122672") and len(data["context[鬼][1]"].strip("0.…")) >= 20


def test_show_layers_in_json(capsys):
    """Deep layers use the L3. prefix."""
    three = next(p for p in DERIVATIONS if "three" in p.name)
    rc, out, _ = run(capsys, "show", three, "L3.context", "--format", "json")
    assert rc == 0 and "L3.context[小判][2]" in json.loads(out)


def test_show_scalar_block(capsys):
    """A scalar prints its formula, the numbers substituted, the closed form and the decimal."""
    rc, out, _ = run(capsys, "show", SEED, "scores[金棒,金棒]")
    assert "Q[金棒][1]·K[金棒][1] + Q[金棒][2]·K[金棒][2]" in out
    assert "0.31·0.2 + 0.46·0.15" in out and "131/1000" in out and "0.131" in out


def test_show_symbolic_value(write_case, capsys):
    """A value that depends on a symbolic given shows its closed form and names the symbols."""
    p = write_case(case_text(["a"], {"a": ["w"]}, [{"Wq": [[1]], "Wk": [[2]], "Wv": [[1]]}]))
    rc, out, _ = run(capsys, "show", p, "scores[a,a]")
    assert rc == 0 and "2·w²" in out
    assert "symbols" in out and "no decimal value" in out
    rc, out, _ = run(capsys, "show", p, "scaled[a,a]", "--format", "json")
    assert json.loads(out)["scaled[a,a]"]["symbols"] == ["w"]


def test_check_a_value(capsys):
    """check judges one stated value with the exact answer."""
    rc, out, _ = run(capsys, "check", SEED, "scores[金棒,金棒] = 0.1271")
    assert rc == 1 and "wrong" in out and "0.131" in out and "39" in out


def test_check_a_line_names_what_went_wrong(capsys):
    """A division line: the numerator is not exp[鬼,金棒], and its own arithmetic is false."""
    rc, out, _ = run(capsys, "check", SEED, "--of", "weights[鬼,金棒]", "1.0704 / 4.3752 ≈ 0.2432")
    assert rc == 1
    assert "exp[鬼,金棒] = 1.0704" in out and "wrong" in out
    assert "false working" in out and "0.24465167…" in out
    assert "weights[鬼,金棒] = 0.2432" in out


def test_check_reads_stdin(monkeypatch, capsys):
    """With no items, check reads one per line from standard input."""
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("Q[鬼][1] = 0.20\nscores[鬼,鬼]: 0.20×0.22+0.32×0.02=0.0504\n"))
    rc, out, _ = run(capsys, "check", SEED)
    assert rc == 0 and out.count("correct") >= 5


def test_check_bad_item(capsys):
    """An item that is neither a value nor a line is a clear error."""
    rc, _, err = run(capsys, "check", SEED, "hello")
    assert rc == 2 and "ADDRESS = NUMBER" in err


def test_audit_output_file_and_markdown(tmp_path, capsys):
    """-o writes the report; Markdown has the summary and the tables."""
    out = tmp_path / "r.md"
    rc, stdout, _ = run(capsys, "audit", SEED, "--format", "markdown", "-o", out)
    text = out.read_text(encoding="utf-8")
    assert rc == 1 and stdout == ""
    assert "### Root causes" in text and "| ✗ wrong | `scores[金棒,鬼]` | `0.0764` | `0.0774` | 10 |" in text


HOSTILE = ["\\input{/etc/hostname}", "[bold red]x[/]", "\x1b[2J\x1b]0;pwn\x07", "a|b<img src=x onerror=alert(1)>",
           "\u202etxt.exe", "😀"]


def test_hostile_tokens_print_as_themselves(write_case, tmp_path):
    """Markup, escape sequences and bidi controls in token names are shown, never interpreted."""
    emb = {t: [0.1 * (k + 1)] for k, t in enumerate(HOSTILE)}
    claims = ('[[claims]]\nat = "[red]t[/red]"\nvalues = { "scores[' + HOSTILE[1] + "," + HOSTILE[1] + ']" = 0.9, '
              '"scores[' + HOSTILE[3] + "," + HOSTILE[3] + ']" = 0.9 }\n')
    p = write_case(case_text(HOSTILE, emb, [{"Wq": [[1]], "Wk": [[1]], "Wv": [[1]]}], claims=claims))
    for argv in (["show", str(p)], ["audit", str(p)], ["audit", str(p), "--format", "markdown"]):
        proc = subprocess.run([sys.executable, "-m", "exactformer", *argv], capture_output=True, text=True,
                              env={"FORCE_COLOR": "1", "PATH": "/usr/bin:/bin", "TERM": "xterm"})
        assert proc.returncode in (0, 1), proc.stderr
        assert "\x1b[2J" not in proc.stdout and "\x1b]0" not in proc.stdout and "\u202e" not in proc.stdout
        if argv[0] == "show":
            assert "\\x1b[2J" in proc.stdout and "\\u202etxt.exe" in proc.stdout
    proc = subprocess.run([sys.executable, "-m", "exactformer", "audit", str(p)], capture_output=True, text=True)
    assert "[bold red]x[/]" in proc.stdout and "[red]t[/red]" in proc.stdout
    md = subprocess.run([sys.executable, "-m", "exactformer", "audit", str(p), "--format", "markdown"],
                        capture_output=True, text=True).stdout
    import re

    outside_code = re.sub(r"``.*?``|`[^`]*`", "", md)  # code spans show their text literally
    assert "<img" not in outside_code and "`scores[a\\|b<img src=x onerror=alert(1)>,a\\|b<img" in md


def test_help_teaches():
    """--help explains the addresses, the verdicts and the exit codes."""
    proc = subprocess.run([sys.executable, "-m", "exactformer", "--help"], capture_output=True, text=True)
    assert "addresses" in proc.stdout and "exit status" in proc.stdout
    proc = subprocess.run([sys.executable, "-m", "exactformer", "audit", "--help"], capture_output=True, text=True)
    assert "propagated" in proc.stdout and "rounding" in proc.stdout


def test_an_internal_error_is_reported_not_dumped(monkeypatch, capsys):
    """A bug (here simulated) exits 3 with one line asking for a report, not a traceback."""
    import exactformer.audit.audit

    def boom(self):
        raise RuntimeError("simulated")

    monkeypatch.setattr(exactformer.audit.audit.Auditor, "judge_all", boom)
    rc, out, err = run(capsys, "audit", SEED)
    assert rc == 3 and "internal error: RuntimeError: simulated" in err and "Traceback" not in err


def test_audit_writes_text_and_json_files(tmp_path, capsys):
    """-o writes plain text (no escape codes) or the spec's JSON, and nothing to standard output."""
    txt, js = tmp_path / "r.txt", tmp_path / "r.json"
    assert run(capsys, "audit", SEED, "-o", txt)[0] == 1
    assert run(capsys, "audit", SEED, "--format", "json", "-o", js)[:2] == (1, "")
    text = txt.read_text(encoding="utf-8")
    assert "\x1b[" not in text and "scores[金棒,鬼]" in text and "Root causes" in text
    assert json.loads(js.read_text(encoding="utf-8"))["summary"]["wrong"] == 22


def test_check_json(capsys):
    """check --format json is the audit's JSON for the items."""
    rc, out, _ = run(capsys, "check", SEED, "scores[金棒,金棒] = 0.1271", "--format", "json")
    data = json.loads(out)
    assert rc == 1 and data["findings"][0]["verdict"] == "wrong" and data["findings"][0]["exact"] == "0.131"


@pytest.mark.parametrize("argv", [("audit", SEED), ("audit", SEED, "--format", "json"),
                                  ("check", SEED, "scores[鬼,鬼] = 0.0504")], ids=["text", "json", "small"])
def test_a_failed_write_to_standard_output_is_an_io_error(argv):
    """Standard output on a full device (> /dev/full) is exit 2 with a message, as -o /dev/full is."""
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "exactformer", *map(str, argv)], stdout=full,
                              stderr=subprocess.PIPE, text=True)
    assert proc.returncode == 2 and "cannot write to standard output" in proc.stderr
    assert "internal error" not in proc.stderr and "Exception ignored" not in proc.stderr


@pytest.mark.parametrize("name", ["r\x1b[31m.md", "r\nx.md", "r\x7f.md"], ids=["esc", "newline", "del"])
def test_written_paths_are_printed_escaped(tmp_path, capsys, name):
    """"wrote PATH" shows a path's control characters as escapes, never raw to the terminal."""
    rc, _, err = run(capsys, "audit", SEED, "--format", "markdown", "-o", tmp_path / name)
    assert rc == 1 and (tmp_path / name).exists()
    assert err.startswith("wrote ") and err.count("\n") == 1 and "\x1b" not in err and "\x7f" not in err


@pytest.mark.parametrize("name", ["doc\x1bx.md", "doc\x7fy.md"], ids=["esc", "del"])
def test_a_document_whose_name_holds_control_characters_is_read(tmp_path, capsys, name):
    """A document named with ESC or DEL is read and audited like any other (its name escaped where shown)."""
    from .conftest import ROOT

    doc = tmp_path / name
    doc.write_text((ROOT / "tests" / "documents" / "causal-cat.md").read_text(encoding="utf-8"), encoding="utf-8")
    rc, out, err = run(capsys, "audit", doc)
    assert rc == 1 and "not valid TOML" not in err and "36 claims" in out
    assert "\x1b" not in out and "\x7f" not in out
    rc, out, _ = run(capsys, "read", doc)
    assert rc == 0 and "\x1b" not in out and "\x7f" not in out


def test_symbols_are_listed_in_natural_order(write_case, capsys):
    """Symbols s1, s2, s10, s100 are listed in that order (not lexically: s1, s10, s100, s2), in text and JSON."""
    p = write_case(case_text(["a"], {"a": ["s100", "s2", "s10", "s1"]},
                             [{"Wq": [[1], [1], [1], [1]], "Wk": [[1], [1], [1], [1]], "Wv": [[1], [1], [1], [1]]}]))
    rc, out, _ = run(capsys, "show", p, "scores[a,a]")
    assert rc == 0 and "s1, s2, s10, s100 (no decimal value)" in out
    rc, out, _ = run(capsys, "show", p, "scores[a,a]", "--format", "json")
    assert json.loads(out)["scores[a,a]"]["symbols"] == ["s1", "s2", "s10", "s100"]


def test_show_json_values_are_plain_decimals(capsys):
    """show --format json gives plain decimals (no ≈, no …), and says under "$decimals" which are truncated and
    which could not be certified (a gradient zero to 2400 digits: its bound)."""
    from decimal import Decimal

    from .conftest import ROOT

    full = ROOT / "derivations" / "oni-ni-kanabou-full.toml"
    rc, out, _ = run(capsys, "show", full, "grad.L3.ln1.var[鬼]", "weights[鬼,金棒]", "scores[鬼,鬼]",
                     "--format", "json", "--digits", "30")
    data = json.loads(out)
    about = data.pop("$decimals")
    assert rc == 0 and all(Decimal(v) == Decimal(v) for v in data.values())
    assert data["grad.L3.ln1.var[鬼]"] == "0" and "|x| < 1e-24" in about["uncertified"]["grad.L3.ln1.var[鬼]"]
    assert about["truncated"] == ["L1.weights[鬼,金棒]"] and about["significant_digits"] == 30  # layers named
    assert data["L1.weights[鬼,金棒]"].startswith("0.24323564986") and data["L1.scores[鬼,鬼]"] == "0.0504"


def test_show_writes_a_large_closed_form_with_named_terms(capsys):
    """show of the continued seed's ln1.var[鬼] writes its closed form whole, with named terms, never cut by …"""
    from .conftest import ROOT

    rc, out, _ = run(capsys, "show", ROOT / "derivations" / "oni-ni-kanabou-full.toml", "ln1.var[鬼]")
    exact = out.split("  exact ")[1].split("  decimal ")[0]
    assert rc == 0 and "…" not in exact and "ln1.mean[鬼]" in exact and len(exact) < 2500


def test_show_prints_tiny_decimals_in_scientific_notation(write_case, capsys):
    """A tiny value is shown as 1.2345e-8 (as the LaTeX writes it), in the block and in a table (a given keeps
    the digits it was written with)."""
    p = write_case(case_text(["a"], {"a": ["0.000000012345"]}, [{"Wq": [[1]], "Wk": [[1]], "Wv": [[1]]}]))
    rc, out, _ = run(capsys, "show", p, "Q[a][1]", "Q")
    assert rc == 0 and out.count("1.2345e-8") == 2 and "0.000000012345 " not in out.split("exact")[1]


def test_a_huge_given_shows_like_it_audits(write_case, capsys):
    """An embedding of 1e10000 (inside the documented exponent range): show prints every step (the huge ones
    as 1e+10000, the ones without a finite value as undefined, as the audit says), check judges it, and derive
    refuses cleanly (exit 2) instead of crashing."""
    p = write_case(case_text(["a", "b"], {"a": ["1e10000", "0.2"], "b": ["0.3", "0.4"]},
                             [{"Wq": [[1, 0], [0, 1]], "Wk": [[1, 0], [0, 1]], "Wv": [[1, 0], [0, 1]]}]))
    rc, out, err = run(capsys, "show", p)
    assert rc == 0 and not err and "undefined" in out
    rc, out, err = run(capsys, "show", p, "Q[a][1]", "scores[a,a]", "weights[a,b]")
    assert rc == 0 and "10^10000" in out and "1e+10000" in out and "undefined" in out and not err
    rc, out, _ = run(capsys, "show", p, "--format", "json")
    assert rc == 0 and json.loads(out)["Q[a][1]"] == "1e+10000" and json.loads(out)["weights[a,b]"] == {
        "undefined": json.loads(out)["weights[a,b]"]["undefined"]}
    rc, out, err = run(capsys, "check", p, "scores[a,a] = 1", "weights[a,b] = 0.5")
    assert rc == 1 and "wrong" in out and "undefined" in out and "internal error" not in err
    rc, _, err = run(capsys, "derive", p)
    assert rc == 2 and "cannot write this case's values exactly" in err
