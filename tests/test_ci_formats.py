"""Formats for CI: GitHub workflow commands, SARIF 2.1.0 (validated against an object model, read back with
sarif-tools), JUnit XML, CSV; the format from -o's extension; plain decimals for tools."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import xml.etree.ElementTree as ET
from decimal import Decimal
from pathlib import Path

import pytest

from exactformer.cli import main
from exactformer.report.formats import RULES, Format, gh_data, gh_property

from .conftest import ROOT, SEED, case_text

DOCS = ROOT / "tests" / "documents"
CAT = DOCS / "causal-cat.md"
TEA = DOCS / "pytorch-tea.ipynb"
COMMAND = re.compile(r"^::(error|warning|notice) (?P<props>[^:]*)::(?P<msg>.*)$")


def run(capsys, *argv) -> tuple[int, str, str]:
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


def commands(out: str) -> list[tuple[str, dict[str, str], str]]:
    got = []
    for line in out.splitlines():
        m = COMMAND.match(line)
        assert m, line
        props = dict(p.split("=", 1) for p in m.group("props").split(","))
        got.append((m.group(1), props, m.group("msg")))
    return got


def unescape(s: str) -> str:
    return s.replace("%3A", ":").replace("%2C", ",").replace("%0D", "\r").replace("%0A", "\n").replace("%25", "%")


def test_workflow_command_escaping():
    nasty = "50% a,b: c\r\nd"
    assert gh_data(nasty) == "50%25 a,b: c%0D%0Ad"
    assert gh_property(nasty) == "50%25 a%2Cb%3A c%0D%0Ad"
    assert unescape(gh_property(nasty)) == nasty
    assert gh_data("\x1b[31m") == "\\x1b[31m"  # other controls shown, never sent to the log


def test_github_annotations_point_to_the_markdown_line_and_column(capsys):
    rc, out, _ = run(capsys, "audit", CAT, "--format", "github")
    got = commands(out)
    assert rc == 1 and [level for level, _, _ in got] == ["error"]
    _, props, msg = got[0]
    lines = CAT.read_text(encoding="utf-8").splitlines()
    line, col = int(props["line"]), int(props["col"])
    assert props["file"] == str(CAT) and lines[line - 1][col - 1:].startswith("0.3120")
    assert lines[line - 1].startswith("| sat |")  # the row of the table, not its header
    assert unescape(props["title"]) == "exactformer: wrong weights[sat,cat]"
    assert "0.3120 is wrong" in msg and "0.332078448475…" in msg


def test_github_annotations_point_into_a_notebook(tmp_path, capsys):
    nb = tmp_path / "tea.ipynb"
    nb.write_text(TEA.read_text(encoding="utf-8").replace("[[0.2500, 0.5500]", "[[0.2500, 0.5600]"), encoding="utf-8")
    rc, out, _ = run(capsys, "audit", nb, "--format", "github")
    (level, props, msg), = commands(out)
    line, col = int(props["line"]), int(props["col"])
    text = nb.read_text(encoding="utf-8").splitlines()[line - 1]
    assert rc == 1 and level == "error" and text[col - 1:].startswith("0.5600") and '"text/plain"' in text
    assert "Q[I][2] = 0.5600 is wrong" in msg and "0.5500 was meant" in msg


def test_github_case_file_lines_and_warnings(tmp_path, capsys):
    case = tmp_path / "c.toml"
    claims = '\n[[claims]]\nat = "Q table"\nvalues = { "Q[a][1]" = "0.5", "Q[a][2]" = "0.299", "Q[b][1]" = "0.3" }\n'
    case.write_text(case_text(["a", "b"], {"a": ["1", "0"], "b": ["0", "1"]},
                              [{"Wq": [["0.5", "0.3"], ["0.3", "0.5"]], "Wk": [["1", "0"], ["0", "1"]],
                                "Wv": [["1", "0"], ["0", "1"]]}], claims=claims), encoding="utf-8")
    rc, out, _ = run(capsys, "audit", case, "--format", "github")
    (level, props, msg), = commands(out)
    lines = case.read_text(encoding="utf-8").splitlines()
    assert rc == 0 and level == "warning"  # 0.299 for 0.3: the last digit
    assert lines[int(props["line"]) - 1][int(props["col"]) - 1:].startswith('"Q[a][2]"')


def test_github_step_summary_gets_the_markdown(tmp_path, capsys, monkeypatch):
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    run(capsys, "audit", CAT, "--format", "github")
    assert summary.read_text(encoding="utf-8").startswith("## exactformer audit")
    rc, _, _ = run(capsys, "audit", CAT, TEA, "--format", "github")
    text = summary.read_text(encoding="utf-8")
    assert rc == 1 and text.count("## exactformer audit") == 3 and "## exactformer: every input" in text


def sarif_of(capsys, *argv) -> dict:
    rc, out, _ = run(capsys, "audit", *argv, "--format", "sarif")
    assert rc in (0, 1, 2)
    return json.loads(out)


def test_sarif_validates_against_the_object_model(capsys):
    sarif_pydantic = pytest.importorskip("sarif_pydantic")
    log = sarif_of(capsys, SEED, CAT)
    model = sarif_pydantic.Sarif.model_validate(log)
    assert model.version == "2.1.0" and len(model.runs) == 1
    run_ = log["runs"][0]
    rules = run_["tool"]["driver"]["rules"]
    for res in run_["results"]:
        assert rules[res["ruleIndex"]]["id"] == res["ruleId"]
        region = res["locations"][0]["physicalLocation"]["region"]
        assert region["startLine"] >= 1 and region.get("startColumn", 1) >= 1
        assert len(res["partialFingerprints"]["exactformerFinding/v1"]) == 32
    kinds = {r["properties"]["kind"] for r in rules}
    assert {"wrong", "propagated", "last_digit", "conflict", "arithmetic"} <= kinds
    fingerprints = [r["partialFingerprints"]["exactformerFinding/v1"] for r in run_["results"]]
    assert len(run_["results"]) > 50
    assert len(set(fingerprints)) >= len(fingerprints) - 10  # a claim stated twice at one place may share one


def test_sarif_rule_ids_are_stable():
    """A ruleId is never renumbered: code scanning tracks alerts by it."""
    assert {k: v[0] for k, v in RULES.items()} == {
        "wrong": "EXF001", "propagated": "EXF002", "last_digit": "EXF003", "undefined": "EXF004",
        "conflict": "EXF005", "arithmetic": "EXF006", "carried_digits": "EXF007", "unmatched": "EXF008",
        "coarse": "EXF009", "trend": "EXF010"}


def test_sarif_fingerprints_survive_moved_lines(tmp_path, capsys):
    moved = tmp_path / "seed.toml"
    moved.write_text("# a comment that moves every line\n\n" + SEED.read_text(encoding="utf-8"), encoding="utf-8")
    a, b = sarif_of(capsys, SEED)["runs"][0]["results"], sarif_of(capsys, moved)["runs"][0]["results"]
    assert [r["partialFingerprints"] for r in a] == [r["partialFingerprints"] for r in b]
    assert [r["locations"][0]["physicalLocation"]["region"]["startLine"] + 2 for r in a] == \
        [r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in b]


def test_sarif_bad_input_is_a_notification(tmp_path, capsys):
    log = sarif_of(capsys, CAT, tmp_path / "missing.md")
    inv = log["runs"][0]["invocations"][0]
    assert inv["executionSuccessful"] is False
    assert "cannot open the document" in inv["toolExecutionNotifications"][0]["message"]["text"]


def test_sarif_read_back_with_sarif_tools(tmp_path, capsys):
    pytest.importorskip("sarif")
    from sarif import loader

    out = tmp_path / "audit.sarif"
    rc, _, _ = run(capsys, "audit", SEED, "-o", out)  # the format from the extension
    assert rc == 1
    log = json.loads(out.read_text(encoding="utf-8"))
    sf = loader.load_sarif_file(str(out))
    assert sf.get_result_count() == len(log["runs"][0]["results"]) > 0
    records = sf.get_records()
    assert sum(r["Severity"] == "error" for r in records) == sum(r["level"] == "error" for r in log["runs"][0]["results"])
    first = log["runs"][0]["results"][0]
    assert records[0]["Code"] == first["ruleId"] and records[0]["Location"] == SEED.as_uri()
    assert int(records[0]["Line"]) == first["locations"][0]["physicalLocation"]["region"]["startLine"]


def test_junit(capsys):
    rc, out, _ = run(capsys, "audit", CAT, TEA, "--format", "junit")
    root = ET.fromstring(out.split("\n", 1)[1])
    suites = root.findall("testsuite")
    assert rc == 1 and [s.get("name") for s in suites] == [str(CAT), str(TEA)]
    assert [s.get("failures") for s in suites] == ["1", "0"] and suites[1].get("tests") == "33"
    failure = suites[0].find("testcase/failure")
    assert failure is not None and failure.get("type") == "wrong"


def test_csv_and_json_carry_plain_decimals(capsys):
    rc, out, _ = run(capsys, "audit", SEED, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    claims = [r for r in rows if r["exact"] and r["kind"] in ("correct", "rounding", "propagated", "last_digit", "wrong")]
    assert rc == 1 and len(claims) > 100 and not any("…" in r["exact"] for r in rows)
    for r in claims:
        Decimal(r["exact"])  # a number, not text
        digits = int(r["exact_digits"])
        assert digits >= 1 and (r["exact_complete"] == "True" or digits >= 12)
    assert any(r["exact_complete"] == "False" for r in claims)
    data = json.loads(run(capsys, "audit", SEED, "--format", "json")[1])
    assert "truncated" in data["decimals"]
    for f in data["findings"]:
        for key in ("exact", "evaluates_to"):  # recomputed may be an interval, [lo, hi]
            if f.get(key) is not None:
                Decimal(f[key])
    claim = next(f for f in data["findings"] if f["kind"] == "claim" and not f["exact_complete"])
    assert claim["exact_digits"] >= 12


@pytest.mark.parametrize("name,fmt", [("r.md", "markdown"), ("r.json", "json"), ("r.sarif", "sarif"),
                                      ("r.csv", "csv"), ("r.txt", "text"), ("r.xml", "junit"), ("r.html", "html")])
def test_format_follows_the_extension(tmp_path, capsys, name, fmt):
    rc, _, _ = run(capsys, "audit", CAT, "-o", tmp_path / name)
    text = (tmp_path / name).read_text(encoding="utf-8")
    assert rc == 1
    starts = {"markdown": "## exactformer audit", "json": '{\n "case"', "sarif": '{\n "$schema"', "csv": "file,line",
              "text": "Self-attention by hand", "junit": "<?xml", "html": "<!doctype html>"}
    assert text.lower().startswith(starts[fmt].lower()), text[:80]


def test_format_and_extension_that_disagree(tmp_path, capsys):
    rc, out, err = run(capsys, "audit", CAT, "--format", "json", "-o", tmp_path / "r.html")
    assert rc == 2 and "--format json does not match -o" in err and "usage: exactformer audit" in err
    assert not (tmp_path / "r.html").exists() and not out
    assert run(capsys, "audit", CAT, "--format", "sarif", "-o", tmp_path / "r.sarif.json")[0] == 1  # SARIF is JSON


def test_html_is_refused_on_a_terminal(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    rc, _, err = main(["audit", str(CAT), "--format", "html"]), *capsys.readouterr()
    assert rc == 2 and "-o report.html" in err


def test_every_format_has_a_formatter():
    from exactformer.report.formats import FORMATTERS

    assert set(FORMATTERS) == set(Format)


def test_user_text_is_escaped_in_every_machine_format(tmp_path, capsys):
    """A token with %, a comma, a colon, a quote, < & and a control character stays data in every format."""
    tok = 'a%,:"<&\x07'
    case = tmp_path / "hostile.toml"
    claims = f'\n[[claims]]\nat = "50%, a: b\\r\\n<x>"\nvalues = {{ {json.dumps(f"Q[{tok}][1]")} = "0.9" }}\n'
    case.write_text(case_text([tok, "b"], {tok: ["1", "0"], "b": ["0", "1"]},
                              [{"Wq": [["0.5", "0.3"], ["0.3", "0.5"]], "Wk": [["1", "0"], ["0", "1"]],
                                "Wv": [["1", "0"], ["0", "1"]]}], claims=claims), encoding="utf-8")
    rc, out, _ = run(capsys, "audit", case, "--format", "github")
    (level, props, msg), = commands(out)
    assert "\r" not in out and out.count("\n") == 1 and "%0D%0A" in msg
    assert unescape(props["title"]).startswith("exactformer: wrong Q[a%,:")
    for fmt in ("sarif", "json"):
        json.loads(run(capsys, "audit", case, "--format", fmt)[1])
    root = ET.fromstring(run(capsys, "audit", case, "--format", "junit")[1].split("\n", 1)[1])
    assert root.find("testsuite/testcase/failure") is not None
    rows = list(csv.reader(io.StringIO(run(capsys, "audit", case, "--format", "csv")[1])))
    assert all(len(r) == len(rows[0]) for r in rows)


def test_combined_sarif_of_many_inputs_to_one_file(tmp_path, capsys):
    shutil.copy(CAT, tmp_path / "cat.md")
    out = tmp_path / "all.sarif"
    rc, _, err = run(capsys, "audit", tmp_path / "cat.md", SEED, "-o", out)
    log = json.loads(out.read_text(encoding="utf-8"))
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in log["runs"][0]["results"]}
    assert rc == 1 and uris == {Path(tmp_path / "cat.md").as_uri(), SEED.as_uri()} and "status" in err
