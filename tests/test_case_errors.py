"""Bad case files: one clear message naming file, line, key, expectation; exit 2; no output written."""

from __future__ import annotations

import subprocess
import sys

import pytest

from exactformer.cli import main

GOOD_MODEL = """\
[model]
tokens = ["鬼", "金棒"]

[model.embeddings]
"鬼" = [0.9, 0.2]
"金棒" = [0.8, 0.6]

[[model.layers]]
Wq = [[0.1, 0.2], [0.3, 0.4]]
Wk = [[0.2, -0.1], [0.0, 0.3]]
Wv = [[0.3, 0.7], [0.5, 0.2]]
"""


def run(path, capsys, tmp_path):
    out = tmp_path / "report.json"
    rc = main(["audit", str(path), "--format", "json", "-o", str(out)])
    err = capsys.readouterr().err
    assert not out.exists(), "no output file may be written for a bad case"
    return rc, err


CASES = {
    # name: (file text, substrings the message must contain)
    "wrong shape": (GOOD_MODEL.replace("Wq = [[0.1, 0.2], [0.3, 0.4]]", "Wq = [[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]]"),
                    ["case.toml:9", "3×2", "2 rows", "model.layers[1].Wq"]),
    "ragged row": (GOOD_MODEL.replace("Wk = [[0.2, -0.1], [0.0, 0.3]]", "Wk = [[0.2, -0.1], [0.0]]"),
                   ["case.toml:10", "ragged", "row 2 has 1"]),
    "unknown token in claim": (GOOD_MODEL + '[[claims]]\nat = "t"\nscores = { "犬" = [0.1] }\n',
                               ["case.toml:14", "'scores[犬]'", "positions are: 鬼, 金棒"]),
    "address does not exist": (GOOD_MODEL + '[[claims]]\nat = "t"\nvalues = { "context[鬼][3]" = 0.5 }\n',
                               ["case.toml:14", "index 3 is out of range 1..2"]),
    "unknown step": (GOOD_MODEL + '[[claims]]\nat = "t"\nvalues = { "softmax[鬼,鬼]" = 0.5 }\n',
                     ["unknown step 'softmax'"]),
    "unreadable number": (GOOD_MODEL.replace('"鬼" = [0.9, 0.2]', '"鬼" = ["0.1.2", 0.2]'),
                          ["case.toml:5", "cannot read this number", 'found:    "0.1.2"', "model.embeddings.鬼[1]"]),
    "nan": (GOOD_MODEL.replace('"鬼" = [0.9, 0.2]', '"鬼" = [nan, 0.2]'), ["not a finite number", "nan"]),
    "inf": (GOOD_MODEL.replace('"鬼" = [0.9, 0.2]', '"鬼" = [0.9, -inf]'), ["not a finite number", "-inf"]),
    "huge exponent string": (GOOD_MODEL.replace('"鬼" = [0.9, 0.2]', '"鬼" = ["1e1000000", 0.2]'),
                             ["exponent 1000000 is out of range"]),
    "huge exponent float": (GOOD_MODEL.replace('"鬼" = [0.9, 0.2]', '"鬼" = [1e1000000, 0.2]'),
                            ["exponent 1000000 is out of range"]),
    "code where a number belongs": (
        GOOD_MODEL.replace('"鬼" = [0.9, 0.2]', '"鬼" = ["__import__(\'os\').system(\'touch PWNED\')", 0.2]'),
        ["cannot read this number"]),
    "not TOML": (GOOD_MODEL.replace("[model]", "[model"), ["not valid TOML", "case.toml:1"]),
    "missing model": ('title = "x"\n', ["missing [model] table"]),
    "missing layers and embeddings": ('[model]\ntokens = ["鬼"]\n', ["missing [model.embeddings]"]),
    "unknown scale": (GOOD_MODEL.replace('tokens = ["鬼", "金棒"]', 'tokens = ["鬼", "金棒"]\nscale = "sqrt"'),
                      ["unknown scale", "\"sqrt_dk\", \"none\" or a positive number", 'found:    "sqrt"']),
    "unknown mask": (GOOD_MODEL.replace('tokens = ["鬼", "金棒"]', 'tokens = ["鬼", "金棒"]\nmask = "future"'),
                     ["unknown mask", '"none" or "causal"', "case.toml:3"]),
    "embedding missing": (GOOD_MODEL.replace('"金棒" = [0.8, 0.6]\n', ""), ["no embedding for token '金棒'"]),
    "embedding for unknown token": (GOOD_MODEL.replace('"金棒" = [0.8, 0.6]', '"金棒" = [0.8, 0.6]\n"犬" = [1, 1]'),
                                    ["embedding for unknown token '犬'", "case.toml:7"]),
    "duplicate embedding": (GOOD_MODEL.replace('"金棒" = [0.8, 0.6]', '"金棒" = [0.8, 0.6]\n"鬼" = [1, 1]'),
                            ["not valid TOML", "case.toml:7"]),
    "bad work line": (GOOD_MODEL + '[[claims]]\nat = "t"\nwork = [{ of = "scores[鬼,鬼]", line = "0.2 ×× 0.3 = 1" }]\n',
                      ["cannot read this line of working", "case.toml:14", "found '×' at character 6"]),
    "work line without result": (GOOD_MODEL + '[[claims]]\nat = "t"\nwork = [{ of = "scores[鬼,鬼]", line = "0.2 × 0.3" }]\n',
                                 ["needs '=', '≈' or '≒'"]),
    "masked exp": (GOOD_MODEL.replace('tokens = ["鬼", "金棒"]', 'tokens = ["鬼", "金棒"]\nmask = "causal"')
                   + '[[claims]]\nat = "t"\nvalues = { "exp[鬼,金棒]" = 1.0 }\n', ["masked by the causal mask"]),
    "unknown top-level key": ('titel = "x"\n' + GOOD_MODEL, ["unknown top-level key 'titel'", "case.toml:1"]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_case(name, write_case, capsys, tmp_path, monkeypatch):
    """Each class of mistake gets its own message, exit status 2, and no output file."""
    monkeypatch.chdir(tmp_path)
    text, needles = CASES[name]
    rc, err = run(write_case(text), capsys, tmp_path)
    assert rc == 2
    assert err.startswith("exactformer: error: ")
    assert "Traceback" not in err
    for needle in needles:
        assert needle in err, (needle, err)
    assert not (tmp_path / "PWNED").exists()


def test_not_utf8(write_case, tmp_path, capsys):
    """A file that is not UTF-8 names the line and the byte."""
    p = tmp_path / "latin1.toml"
    p.write_bytes(('title = "x"\n[model]\ntokens = ["caf' + "\xe9" + '"]\n').encode("latin-1"))
    rc, err = run(p, capsys, tmp_path)
    assert rc == 2 and "not UTF-8" in err and "latin1.toml:3" in err and "0xe9" in err


def test_empty_file(write_case, capsys, tmp_path):
    """An empty file says so and points to an example."""
    rc, err = run(write_case("  \n"), capsys, tmp_path)
    assert rc == 2 and "the case file is empty" in err


def test_missing_file(capsys, tmp_path):
    """A path that does not exist is a clear error, not a traceback."""
    rc, err = run(tmp_path / "nope.toml", capsys, tmp_path)
    assert rc == 2 and "cannot open the case file" in err


def test_no_traceback_in_a_real_process(write_case):
    """The installed command prints one message and exits 2 (no Python traceback)."""
    p = write_case(CASES["ragged row"][0])
    proc = subprocess.run([sys.executable, "-m", "exactformer", "show", str(p)], capture_output=True, text=True)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "ragged" in proc.stderr
    assert proc.stdout == ""
