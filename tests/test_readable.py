"""Output people and tools can read: the text report fits a narrow terminal without dropping the reported
value, the verdict or the exact value's …; --format text everywhere; HTML refused on a terminal."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

from exactformer.audit.findings import ClaimFinding
from exactformer.cli import _audit, _load, main
from exactformer.report.text import render_text

from .conftest import DERIVATIONS, ROOT

DOCS = sorted(p for p in (ROOT / "tests" / "documents").iterdir() if p.is_file())


@pytest.fixture(scope="module")
def reports():
    return {p.name: _audit(_load(str(p))) for p in [*DERIVATIONS, *DOCS]}


@pytest.mark.parametrize("width", [80, 100])
def test_narrow_terminal_keeps_verdict_reported_and_exact(reports, width):
    for name, r in reports.items():
        out = Console(width=width, file=io.StringIO(), record=True, no_color=True)
        render_text(r, out, everything=True)
        lines = out.export_text().splitlines()
        assert all(len(line) <= width for line in lines), name
        for f in r.findings:
            if not isinstance(f, ClaimFinding):
                continue
            q, rep, exact, *_ = f.row(r)
            row = f.kind.label
            assert any(row in line and rep in line and exact in line for line in lines), (name, q, rep, exact)


def test_train_text_to_a_file_is_text(tmp_path, capsys):
    case = ROOT / "derivations" / "oni-ni-kanabou-full.toml"
    out = tmp_path / "t.txt"
    assert main(["train", str(case), "--steps", "2", "--format", "text", "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "step" in text and "loss" in text and not text.startswith("step,")  # aligned columns, not CSV
    assert main(["train", str(case), "--steps", "2", "-o", str(tmp_path / "t.json")]) == 0
    data = json.loads((tmp_path / "t.json").read_text(encoding="utf-8"))
    assert data["certified_digits"] >= 12 and "…" not in json.dumps(data)
    assert main(["train", str(case), "--steps", "2", "-o", str(tmp_path / "t.md")]) == 2
    assert not (tmp_path / "t.md").exists()
    capsys.readouterr()


def test_show_json_plain_decimals(capsys):
    assert main(["show", str(DERIVATIONS[0]), "weights", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data and not any("…" in v for v in data.values() if isinstance(v, str))


def test_every_subcommand_help_has_examples_and_describes_each_option():
    import argparse

    from exactformer.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, p in sub.choices.items():
        assert f"  exactformer {name} " in p.format_help(), name  # an example line
        for action in p._actions:
            assert action.help, (name, action.dest)


def test_optional_arguments_are_not_said_to_be_required(capsys):
    with pytest.raises(SystemExit) as e:
        main(["show"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and "required: CASE\n" in err and "ADDRESS" not in err.splitlines()[-1]
    assert err.startswith("usage: exactformer show")
