"""The pre-commit hook, run by the real pre-commit (``try-repo``) on a temporary git repository holding one
correct post, one wrong post and a README: it fails on the wrong one naming its line, passes on the other.

pre-commit builds the hook's own environment (pip installs this repository), which takes half a minute."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys

import pytest

from .conftest import ROOT

CAT = ROOT / "tests" / "documents" / "causal-cat.md"

pytestmark = pytest.mark.skipif(importlib.util.find_spec("pre_commit") is None or shutil.which("git") is None,
                                reason="pre-commit (the test extra) or git is not installed")


def git(cwd, *argv) -> None:
    subprocess.run(["git", *argv], cwd=cwd, check=True, capture_output=True)


def try_repo(repo, home, *files) -> subprocess.CompletedProcess:
    env = {**os.environ, "PRE_COMMIT_HOME": str(home), "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), "exactformer", "--files",
                           *files], cwd=repo, env=env, capture_output=True, text=True, check=False)


def test_pre_commit_hook_fails_on_the_wrong_post_and_passes_on_the_right_one(tmp_path):
    repo = tmp_path / "posts"
    repo.mkdir()
    git(repo, "init", "-q")
    text = CAT.read_text(encoding="utf-8")
    (repo / "wrong.md").write_text(text, encoding="utf-8")  # weights[sat,cat] = 0.3120 (exact 0.3320…), line 49
    (repo / "right.md").write_text(text.replace("| 0.3120 |", "| 0.3321 |"), encoding="utf-8")
    (repo / "README.md").write_text("# My posts\n\nNo numbers here.\n", encoding="utf-8")
    git(repo, "add", ".")
    home = tmp_path / "pre-commit-home"

    bad = try_repo(repo, home, "wrong.md", "right.md", "README.md")
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "wrong.md:49:18: error: weights[sat,cat] = 0.3120 is wrong" in bad.stdout
    assert "Failed" in bad.stdout and "right.md:" not in bad.stdout

    good = try_repo(repo, home, "right.md", "README.md")
    assert good.returncode == 0, good.stdout + good.stderr
    assert "Passed" in good.stdout
