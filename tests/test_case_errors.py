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
    "nothing to attend to": (GOOD_MODEL.replace('"金棒" = [0.8, 0.6]\n', '').replace('tokens = ["鬼", "金棒"]', 'tokens = ["鬼"]\nmask = "no_self"'),
                             ["one position", 'mask = "no_self" with two or more tokens', "model.mask"]),
    "not TOML": (GOOD_MODEL.replace("[model]", "[model"), ["not valid TOML", "case.toml:1"]),
    "missing model": ('title = "x"\n', ["missing [model] table"]),
    "missing layers and embeddings": ('[model]\ntokens = ["鬼"]\n', ["missing [model.embeddings]"]),
    "unknown scale": (GOOD_MODEL.replace('tokens = ["鬼", "金棒"]', 'tokens = ["鬼", "金棒"]\nscale = "sqrt"'),
                      ["unknown scale", "\"sqrt_dk\", \"none\" or a positive number", 'found:    "sqrt"']),
    "unknown mask": (GOOD_MODEL.replace('tokens = ["鬼", "金棒"]', 'tokens = ["鬼", "金棒"]\nmask = "future"'),
                     ["unknown mask", '"none" or "causal"', "case.toml:3"]),
    "embedding missing": (GOOD_MODEL.replace('"金棒" = [0.8, 0.6]\n', ""), ["no embedding for token '金棒'"]),
    # a word outside the sentence may have an embedding (model.md 6b), but one of the model's width
    "vocabulary word of the wrong width": (GOOD_MODEL.replace('"金棒" = [0.8, 0.6]', '"金棒" = [0.8, 0.6]\n"犬" = [1, 1, 1]'),
                                           ["model.embeddings.犬", "wrong length 3"]),
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


FULL_MODEL = """\
[model]
tokens = ["鬼", "金棒"]

[model.embeddings]
"鬼" = [0.9, 0.2]
"金棒" = [0.8, 0.6]

[[model.layers]]
blocks = "post_ln"

[model.layers.attn]
heads = 2
Wq_all = [[0.1, 0.2], [0.3, 0.4]]
Wk_all = [[0.2, -0.1], [0.0, 0.3]]
Wv_all = [[0.3, 0.7], [0.5, 0.2]]
Wo = [[0.1, 0.0], [0.0, 0.1]]

[model.layers.ln1]
eps = 0
gamma = [1, 1]

[model.layers.ffn]
activation = "relu"
W1 = [[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]]
W2 = [[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]]

[model.layers.ln2]
eps = "1e-5"

[model.head]
tied = true

[model.loss]
kind = "cross_entropy"

[train]
lr = "1/10"
steps = 2
"""

MODEL_ERRORS = {
    # model.md section 8: (a change to FULL_MODEL, substrings the message must contain)
    "block name twice": (('blocks = "post_ln"', 'blocks = ["attn", "ln1", "ln1"]'), ["'ln1' is used twice"]),
    "adds a later block": (('blocks = "post_ln"', 'blocks = ["attn", "resid", "ln1", "ffn", "ln2"]\n'
                                                  '[model.layers.resid]\nadds = "ffn"'),
                           ["adds must name an earlier block", '"in" or "attn"']),
    "Wo does not fit heads·d_v": (("Wo = [[0.1, 0.0], [0.0, 0.1]]", "Wo = [[0.1, 0.0], [0.0, 0.1], [0.2, 0.2]]"),
                                  ["Wo (rows: heads·d_v = 2·1)", "3×2"]),
    "heads of different shapes": (('Wq_all = [[0.1, 0.2], [0.3, 0.4]]\nWk_all = [[0.2, -0.1], [0.0, 0.3]]',
                                   'Wq = [[[0.1], [0.3]], [[0.2, 0.1], [0.4, 0.1]]]\n'
                                   'Wk = [[[0.2], [0.0]], [[-0.1, 0.1], [0.3, 0.1]]]'),
                                  ["heads of different shapes", "head 2: d_k = 2"]),
    "_all not divisible": (("heads = 2", "heads = 3"), ["cannot be split into 3 heads", "2 columns"]),
    "fits only transposed": (("W1 = [[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]]", "W1 = [[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]]"),
                             ["did you mean layout = \"column\""]),
    "gamma wrong length": (("gamma = [1, 1]", "gamma = [1, 1, 1]"), ["wrong length 3", "2 numbers"]),
    "unknown activation": (('activation = "relu"', 'activation = "swish"'), ["unknown activation", '"gelu_tanh"']),
    "unknown variance": (('eps = "1e-5"', 'eps = "1e-5"\nvariance = "population"'), ["unknown variance"]),
    "unknown eps_at": (('eps = "1e-5"', 'eps = "1e-5"\neps_at = "mean"'), ["unknown eps_at", '"var" or "std"']),
    "unknown log": (('kind = "cross_entropy"', 'kind = "cross_entropy"\nlog = "log3"'), ["unknown log"]),
    "unknown reduction": (('kind = "cross_entropy"', 'kind = "cross_entropy"\nreduction = "max"'),
                          ["unknown reduction"]),
    "unknown update": (('steps = 2', 'steps = 2\nupdate = "adam"'), ["unknown update", '"simultaneous"']),
    "target outside the vocabulary": (('kind = "cross_entropy"', 'kind = "cross_entropy"\ntargets = { "鬼" = "猫" }'),
                                      ["target '猫' is outside the vocabulary"]),
    "next with one token": (('tokens = ["鬼", "金棒"]\n\n[model.embeddings]\n"鬼" = [0.9, 0.2]\n"金棒" = [0.8, 0.6]',
                             'tokens = ["鬼"]\n\n[model.embeddings]\n"鬼" = [0.9, 0.2]'),
                            ['targets = "next" needs at least two']),
    "lr not a number": (('lr = "1/10"', 'lr = "fast"'), ["a symbol is not allowed here", "train.lr"]),
    "steps below 1": (("steps = 2", "steps = 0"), ["steps must be an integer ≥ 1"]),
    "steps past the cap": (("steps = 2", "steps = 1000000000"),
                           ["steps must be an integer ≥ 1 and ≤ 10,000,000", "key:      train.steps", "1000000000"]),
    "steps of 2^63 - 1": (("steps = 2", "steps = 9223372036854775807"), ["≤ 10,000,000", "9223372036854775807"]),
    "params naming nothing": (("steps = 2", 'steps = 2\nparams = ["L1.attn.Wz"]'), ["'L1.attn.Wz' names no parameter"]),
    "frozen naming nothing": (("steps = 2", 'steps = 2\nfrozen = ["head.W"]'), ["'head.W' names no parameter"]),
    "learned positions missing a row": (("[[model.layers]]", '[model.positions]\nkind = "learned"\n'
                                                             '[model.positions.table]\n"鬼" = [0.1, 0.1]\n\n'
                                                             "[[model.layers]]"), ["no row for '金棒'"]),
    "names not an address": (("[train]", '[names]\nw5 = "L1.ffn.W9[1][1]"\n\n[train]'),
                             ["[names] w5 is not an address"]),
    "names shadow a step": (("[train]", '[names]\nscores = "L1.ffn.W1[1][1]"\n\n[train]'),
                            ["[names] scores shadows a step name"]),
    "unbiased variance of one component": (('"鬼" = [0.9, 0.2]', '"鬼" = [0.9]'), ["wrong length"]),
}


@pytest.mark.parametrize("name", sorted(MODEL_ERRORS))
def test_bad_model(name, write_case, capsys, tmp_path, monkeypatch):
    """Every error of model.md section 8: exit 2, file, line, key, expected and found; nothing written."""
    monkeypatch.chdir(tmp_path)
    (old, new), needles = MODEL_ERRORS[name]
    assert old in FULL_MODEL, name
    text = FULL_MODEL.replace(old, new, 1)
    rc, err = run(write_case(text), capsys, tmp_path)
    assert rc == 2, (name, err)
    assert err.startswith("exactformer: error: ") and "Traceback" not in err
    for needle in needles:
        assert needle in err, (needle, err)


def test_residual_of_mismatched_widths_names_both_blocks(write_case, capsys, tmp_path):
    """A residual whose two sides differ in width names both blocks and their widths."""
    text = FULL_MODEL.replace('blocks = "post_ln"', 'blocks = ["attn", "lin", "resid"]\n[model.layers.lin]\n'
                              'W = [[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]]\n[model.layers.resid]\nadds = "in"')
    text = text.replace("[model.layers.ln1]\neps = 0\ngamma = [1, 1]\n", "")
    text = text.split("[model.layers.ffn]")[0] + "[model.head]" + text.split("[model.head]")[1]
    rc, err = run(write_case(text), capsys, tmp_path)
    assert rc == 2 and "adds 'in' (2 wide) to the output of 'lin' (3 wide)" in err
