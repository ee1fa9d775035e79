"""Many inputs in one call: files, folders, standard input; each report apart, one summary, the worst exit."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

from exactformer.batch import Input, output_names, walk
from exactformer.cli import main

from .conftest import ROOT, SEED

DOCS = ROOT / "tests" / "documents"
CAT = DOCS / "causal-cat.md"
TEA = DOCS / "pytorch-tea.ipynb"


def run(capsys, *argv) -> tuple[int, str, str]:
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


def exe(*argv, stdin: bytes | None = None, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "exactformer", *map(str, argv)], input=stdin, capture_output=True,
                          cwd=cwd, check=False)


def test_many_files_each_apart_then_one_summary(capsys):
    rc, out, err = run(capsys, "audit", TEA, SEED, "--format", "json", "-j", "2")
    data = json.loads(out)
    assert rc == 1 and data["exit_status"] == 1  # the seed has errors; the notebook none: the worst wins
    assert [f["case"] for f in data["files"]] == [str(TEA), str(SEED)]
    assert data["files"][0]["status"] == "ok" and data["files"][1]["status"] == "error"
    # the summary table goes to standard error (standard output stays JSON), one row per file
    assert str(TEA) in err and str(SEED) in err and "status" in err


def test_text_summary_lists_every_file_with_counts(capsys):
    rc, out, _ = run(capsys, "audit", CAT, TEA)
    assert rc == 1
    rows = [line.split() for line in out.splitlines() if line.startswith((str(CAT), str(TEA)))]
    assert [r[:3] for r in rows] == [[str(CAT), "errors", "36"], [str(TEA), "ok", "33"]]
    assert out.count("status: ") == 2  # each file's own report is kept


def test_one_unreadable_file_does_not_stop_the_others(capsys, tmp_path):
    bad = tmp_path / "broken.toml"
    bad.write_text("[model\n", encoding="utf-8")
    rc, out, err = run(capsys, "audit", TEA, bad, tmp_path / "missing.md", CAT)
    assert rc == 2
    assert f"{bad}:1: not valid TOML" in err and "missing.md: cannot open the document" in err
    assert "33 claims: 33 correct" in out and "36 claims" in out  # both readable files audited
    assert out.count("bad input") == 2


def test_a_folder_is_searched_skipping_hidden_and_tool_folders(tmp_path, capsys):
    (tmp_path / "posts" / "deep").mkdir(parents=True)
    shutil.copy(CAT, tmp_path / "posts" / "deep" / "cat.md")
    shutil.copy(TEA, tmp_path / "posts" / "tea.ipynb")
    for hidden in (".git", "node_modules", ".venv"):
        (tmp_path / hidden).mkdir()
        shutil.copy(CAT, tmp_path / hidden / "copy.md")
    (tmp_path / "README.md").write_text("# My posts\n\nNothing to compute here.\n", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    (tmp_path / "notes.py").write_text("x = 0.5\n", encoding="utf-8")
    found = [p.relative_to(tmp_path).as_posix() for p in walk(tmp_path)]
    assert found == ["README.md", "pyproject.toml", "posts/tea.ipynb", "posts/deep/cat.md"]
    rc, out, err = run(capsys, "audit", tmp_path)
    assert rc == 1 and not err  # README.md and pyproject.toml hold no worked example: skipped, not errors
    rows = [line.split() for line in out.splitlines()]
    status = {r[0]: r[1] for r in rows if len(r) > 1 and r[0].startswith(str(tmp_path)) and r[1] in ("ok", "errors", "skipped")}
    assert status == {str(tmp_path / "README.md"): "skipped", str(tmp_path / "pyproject.toml"): "skipped",
                      str(tmp_path / "posts" / "tea.ipynb"): "ok", str(tmp_path / "posts" / "deep" / "cat.md"): "errors"}


def test_named_file_without_an_example_is_an_error_unless_skip_other(tmp_path, capsys):
    readme = tmp_path / "README.md"
    readme.write_text("# My posts\n\nNothing to compute here.\n", encoding="utf-8")
    assert run(capsys, "audit", readme)[0] == 2
    rc, out, _ = run(capsys, "audit", readme, TEA, "--skip-other")
    assert rc == 0 and "skipped" in out


def test_stdin_document_and_case():
    got = exe("audit", "-", "--format", "json", stdin=CAT.read_bytes())
    data = json.loads(got.stdout)
    assert got.returncode == 1 and data["case"] == "<stdin>" and data["summary"]["claims"] == 36
    got = exe("audit", "-", TEA, stdin=SEED.read_bytes())
    assert got.returncode == 1 and b"<stdin>" in got.stdout and b"105 claims" in got.stdout
    got = exe("audit", "-", stdin=b"[model\n")
    assert got.returncode == 2 and b"<stdin>:1: not valid TOML" in got.stderr and b"exactformer-stdin" not in got.stderr


def test_output_folder_gets_one_report_per_input(tmp_path, capsys):
    out = tmp_path / "reports"
    rc, stdout, err = run(capsys, "audit", CAT, TEA, tmp_path / "missing.md", "--format", "markdown", "-o", f"{out}/")
    assert rc == 2
    assert sorted(p.name for p in out.iterdir()) == ["causal-cat.md", "pytorch-tea.md"]  # none for the bad input
    assert (out / "causal-cat.md").read_text(encoding="utf-8").startswith("## exactformer audit")
    assert "| file | status |" in stdout and "cannot open the document" in err
    # an existing folder, one input: DIR/<name>.<ext>, the format from --format
    rc, _, _ = run(capsys, "audit", TEA, "--format", "json", "-o", out)
    assert rc == 0 and json.loads((out / "pytorch-tea.json").read_text(encoding="utf-8"))["summary"]["claims"] == 33


def test_many_pages_need_a_folder(capsys, tmp_path):
    rc, out, err = run(capsys, "audit", CAT, TEA, "--format", "html")
    assert rc == 2 and "-o reports/" in err and not out
    assert run(capsys, "audit", CAT, TEA, "-o", tmp_path / "r.html")[0] == 2 and not (tmp_path / "r.html").exists()


def test_output_names_are_unique():
    ins = [Input("a/post.md", "a/post.md"), Input("b/post.md", "b/post.md"), Input("c.md", "c.md"),
           Input("c.toml", "c.toml"), Input("x", "<stdin>")]
    assert output_names(ins) == ["a-post", "b-post", "c", "c-2", "stdin"]


def test_one_input_keeps_the_single_report(capsys):
    """One file named: its report exactly as before (no summary table)."""
    rc, out, _ = run(capsys, "audit", CAT)
    assert rc == 1 and "inputs:" not in out and out.startswith("Self-attention by hand")


def test_json_of_many_is_the_parts_nested_as_json_would_write_them(tmp_path):
    """The combined object is written from the parts' own text: the same bytes as parsing and encoding them."""
    from exactformer.batch import Job, run_job
    from exactformer.report.formats import Format, Options, Part, formatter

    missing = str(tmp_path / "missing.toml")
    inputs = [str(SEED), str(ROOT / "tests" / "documents" / "seed-oni-ni-kanabou.txt"), missing]
    parts = [run_job(Job(Input(p, p), (Format.JSON,), Options())) for p in inputs] + [Part("x.md", 0, "skipped")]

    def reencoded(ps):
        files = [json.loads(p.content) for p in ps if p.content]
        worst = max((p.exit for p in ps), default=0)
        return json.dumps({"exit_status": worst, "files": files}, ensure_ascii=False, indent=1) + "\n"

    f = formatter(Format.JSON)
    for ps in (parts, parts[:1], parts[2:], parts[3:], []):
        assert f.combine(ps) == reencoded(ps)
