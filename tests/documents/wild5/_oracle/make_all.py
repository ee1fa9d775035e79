"""Rewrite every document of tests/documents/wild5 and its NAME.expect.toml (mpmath oracle, NumPy float64 check,
never exactformer), then read each written file back and check that every claim, optional claim and not-claim of
its transcription occurs on the line it names (for a notebook, the line of the .ipynb JSON file), as often as listed.

    /work/main/.venv/bin/python make_all.py
"""
import runpy
import sys
import tomllib
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
scripts = sorted(HERE.glob("e[0-9][0-9]_*.py"))
for script in scripts:
    runpy.run_path(str(script), run_name="__main__")

from w5lib import DOCS, norm, tokens  # noqa: E402

problems = 0
expects = sorted(DOCS.glob("*.expect.toml"))
assert len(expects) == len(scripts), (len(expects), len(scripts))
slips = 0
for exp in expects:
    spec = tomllib.loads(exp.read_text(encoding="utf-8"))
    lines = (DOCS / spec["document"]).read_text(encoding="utf-8").split("\n")
    need = Counter()
    for key in ("claims", "optional_claims"):
        for c in spec.get(key, []):
            need[(c["line"], norm(c["text"]))] += 1
    for (ln, t), n in sorted(need.items()):
        have = tokens(lines[ln - 1]).count(t)
        if have < n:
            problems += 1
            print(f"MISMATCH {exp.name}: line {ln} holds {have} x {t!r}, the transcription lists {n}")
    for c in spec.get("not_claims", []):
        line = lines[c["line"] - 1]
        if norm(c["text"]) not in tokens(line) and c["text"] not in line:
            problems += 1
            print(f"MISMATCH {exp.name}: not-claim {c['text']!r} is not on line {c['line']}")
    wrong = {c["quantity"] for c in spec["claims"] if c["verdict"] == "wrong"}
    if spec["planted_slips"] != len(wrong):
        problems += 1
        print(f"MISMATCH {exp.name}: planted_slips = {spec['planted_slips']} but {len(wrong)} wrong quantities")
    if wrong and "planted slip" not in spec.get("note", "").lower():
        problems += 1
        print(f"MISMATCH {exp.name}: a slip without a note")
    slips += spec["planted_slips"]
print(f"{len(expects)} transcriptions, {slips} planted slips; checked against their documents:",
      "OK" if problems == 0 else f"{problems} problems")
sys.exit(1 if problems else 0)
