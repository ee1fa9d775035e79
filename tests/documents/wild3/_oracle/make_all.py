"""Regenerate every document of tests/documents/wild3 and its NAME.expect.toml (mpmath oracle, never exactformer),
then re-read each written file and check that every claim, optional claim and not-claim of the transcription occurs
on its stated line (for a notebook: the line of the .ipynb JSON file), as many times as it is listed."""
import runpy
import sys
import tomllib
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
for script in sorted(HERE.glob("e[0-9][0-9]_*.py")):
    runpy.run_path(str(script), run_name="__main__")

from w3lib import OUT, norm, tokens  # noqa: E402

bad = 0
for exp in sorted(OUT.glob("*.expect.toml")):
    spec = tomllib.loads(exp.read_text(encoding="utf-8"))
    lines = (OUT / spec["document"]).read_text(encoding="utf-8").split("\n")
    need = Counter()
    for key in ("claims", "optional_claims"):
        for c in spec.get(key, []):
            need[(c["line"], norm(c["text"]))] += 1
    for (ln, t), n in need.items():
        have = tokens(lines[ln - 1]).count(t)
        if have < n:
            bad += 1
            print(f"MISMATCH {exp.name}: line {ln} has {have} x {t!r}, transcription lists {n}")
    for c in spec.get("not_claims", []):
        if norm(c["text"]) not in tokens(lines[c["line"] - 1]) and c["text"] not in lines[c["line"] - 1]:
            bad += 1
            print(f"MISMATCH {exp.name}: not_claim {c['text']!r} not on line {c['line']}")
    wrong = {c["quantity"] for c in spec["claims"] if c["verdict"] == "wrong"}
    assert spec["planted_slips"] == (1 if wrong else 0), (exp.name, wrong)
print("transcriptions checked against their documents:", "OK" if bad == 0 else f"{bad} mismatches")
sys.exit(1 if bad else 0)
