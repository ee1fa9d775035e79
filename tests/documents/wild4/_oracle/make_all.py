"""Rebuild every document of tests/documents/wild4 and its NAME.expect.toml (mpmath oracle, NumPy check, never
exactformer), then re-read each written file and check that every claim, optional claim and not-claim of each
transcription occurs on its stated line (for a notebook: the line of the .ipynb JSON file, whose string is decoded
first), as many times as it is listed there; also that each planted slip is counted."""
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

from w4lib import OUT, canon, decoded, numbers_on  # noqa: E402

bad, slips, docs = 0, 0, 0
for exp in sorted(OUT.glob("*.expect.toml")):
    spec = tomllib.loads(exp.read_text(encoding="utf-8"))
    docs += 1
    lines = (OUT / spec["document"]).read_text(encoding="utf-8").split("\n")
    need = Counter()
    for key in ("claims", "optional_claims"):
        for c in spec.get(key, []):
            need[(c["line"], canon(c["text"]))] += 1
    for (ln, t), n in need.items():
        have = numbers_on(lines[ln - 1]).count(t)
        if have < n:
            bad += 1
            print(f"MISMATCH {exp.name}: line {ln} has {have} x {t!r}, the transcription lists {n}")
    for c in spec.get("not_claims", []):
        line = lines[c["line"] - 1]
        if canon(c["text"]) not in numbers_on(line) and c["text"] not in decoded(line):
            bad += 1
            print(f"MISMATCH {exp.name}: not_claim {c['text']!r} is not on line {c['line']}")
    for c in spec.get("claims", []):
        if "cell" in c or spec["document"].endswith(".ipynb"):
            assert "cell" in c, (exp.name, c)
    wrong = {c["quantity"] for c in spec["claims"] if c["verdict"] == "wrong"}
    if spec["planted_slips"] != len(wrong) or (len(wrong) > 0) != ("note" in spec):
        bad += 1
        print(f"MISMATCH {exp.name}: planted_slips = {spec['planted_slips']} but {len(wrong)} wrong quantities")
    slips += spec["planted_slips"]
assert docs == len(scripts), (docs, len(scripts))
print(f"{docs} documents, {slips} planted slips; transcriptions checked against their documents:",
      "OK" if bad == 0 else f"{bad} mismatches")
sys.exit(1 if bad else 0)
