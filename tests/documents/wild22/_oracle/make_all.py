"""Rebuild tests/documents/wild22 (wild21's make_all.py, names changed, plus a notebook schema check): run every eNN_*.py (each writes one document and its NAME.expect.toml from an mpmath
oracle cross-checked with NumPy float64; exactformer is never imported), then re-read what was written and check it:

* every claim and optional claim occurs on the line it names, at least as often as the transcription lists it
  (a notebook's line is the line of its .ipynb JSON file; HTML tags and entities are looked through);
* every not-claim occurs on its line;
* planted_slips equals the number of distinct quantities marked wrong, each slip is explained in the note, and
  nothing is marked propagated or any in a document without a slip;
* the document named by each expect file exists and every expect file parses as TOML;
* every notebook validates against the nbformat 4 schema.

    .venv/bin/python tests/documents/wild22/_oracle/make_all.py
"""
import runpy
import sys
import tomllib
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
scripts = sorted(HERE.glob("e[0-9][0-9]_*.py"))
for sc in scripts:
    runpy.run_path(str(sc), run_name="__main__")

from w22lib import DOCS, norm, tokens  # noqa: E402

bad = []
expects = sorted(DOCS.glob("*.expect.toml"))
if len(expects) != len(scripts):
    bad.append(f"{len(expects)} expect files for {len(scripts)} scripts")
total_slips = 0
for exp in expects:
    spec = tomllib.loads(exp.read_text(encoding="utf-8"))
    doc = DOCS / spec["document"]
    if not doc.exists():
        bad.append(f"{exp.name}: no document {doc.name}")
        continue
    lines = doc.read_text(encoding="utf-8").split("\n")
    want = Counter()
    for key in ("claims", "optional_claims"):
        for c in spec.get(key, []):
            want[(c["line"], norm(c["text"]))] += 1
    for (ln, t), n in sorted(want.items()):
        got = tokens(lines[ln - 1]).count(t)
        if got < n:
            bad.append(f"{exp.name}: line {ln} has {got} x {t!r}, listed {n}")
    for c in spec.get("not_claims", []):
        line = lines[c["line"] - 1]
        if norm(c["text"]) not in tokens(line) and c["text"] not in line:
            bad.append(f"{exp.name}: not-claim {c['text']!r} missing from line {c['line']}")
    verdicts = Counter(c["verdict"] for c in spec["claims"])
    wrong = {c["quantity"] for c in spec["claims"] if c["verdict"] == "wrong"}
    if spec["planted_slips"] != len(wrong):
        bad.append(f"{exp.name}: planted_slips {spec['planted_slips']} vs {len(wrong)} wrong quantities")
    if wrong and "planted slip" not in spec.get("note", ""):
        bad.append(f"{exp.name}: slip without a note")
    if not wrong and (verdicts["propagated"] or verdicts["any"]):
        bad.append(f"{exp.name}: propagated/any claims but no slip")
    if spec.get("rounding") not in ("exact", "chained"):
        bad.append(f"{exp.name}: rounding {spec.get('rounding')!r}")
    total_slips += spec["planted_slips"]
import nbformat  # noqa: E402

for nbp in sorted(DOCS.glob("*.ipynb")):
    try:
        nbformat.validate(nbformat.read(str(nbp), as_version=4))
    except Exception as e:  # noqa: BLE001
        bad.append(f"{nbp.name}: not a valid nbformat 4 notebook: {e}")
chained = sum(1 for e in expects if tomllib.loads(e.read_text(encoding="utf-8")).get("rounding") == "chained")
if chained:
    bad.append(f"{chained} chained documents: every document of this set is program output or exact hand work")
for b in bad:
    print("PROBLEM", b)
print(f"{len(expects)} documents ({chained} chained), {total_slips} planted slips:", "all transcriptions check out" if not bad
      else f"{len(bad)} problems")
sys.exit(1 if bad else 0)
