#!/usr/bin/env python3
"""How well does `exactformer audit` read documents nobody on the project wrote?

For every ``tests/documents/styles/*.expect.toml`` (or the expect files / documents / directories
given as arguments) this runs ``exactformer audit DOC --format json`` and compares the claims it
found with the human transcription in the expect file:

* read      -- the audit ran (exit 0 or 1) or not (exit 2/3, a crash or a timeout: first stderr line);
* recall    -- expected claims found / expected claims (a multiset match on the printed text,
               preferring the same line when the finding carries ``source_line``/``file_line``);
* invented  -- claims found that are neither expected nor listed as optional / claims found;
* verdicts  -- of the matched claims, the share whose verdict agrees:
               correct ~ {correct, rounding, last_digit}; wrong ~ {wrong};
               propagated ~ {propagated, wrong}; any ~ anything;
* slips     -- planted slips (expected ``wrong``) found and called ``wrong``;
* filler    -- found claims that the expect file lists under ``[[not_claims]]``.

Expect file format (TOML): ``description``, ``model``, ``rounding``, optional ``document`` (file name
next to the expect file; otherwise NAME.* is looked up), ``[[claims]]`` (line, text, quantity,
verdict), ``[[not_claims]]`` (line, text), optional ``[[optional_claims]]`` (line, text: numbers that
may or may not be claimed, e.g. a restated operand inside a line of working).

Only the standard library. The exit status is 0 whatever the documents score (this measures progress, it is not a
test); 2 when there is nothing to measure with (no exactformer executable), so that an empty run is never taken
for a measurement.

    python3 bench/reading_eval.py                 # every styles/*.expect.toml
    python3 bench/reading_eval.py -v DOC_OR_TOML  # one document, listing misses and inventions
"""
from __future__ import annotations

import argparse
import html
import json
import os
import re
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STYLES = ROOT / "tests" / "documents" / "styles"
# the checkout's own install, else the one beside the Python running this (a worktree sharing an environment)
EXE = next((p for p in (ROOT / ".venv" / "bin" / "exactformer", Path(sys.executable).with_name("exactformer"))
            if p.exists()), ROOT / ".venv" / "bin" / "exactformer")
TIMEOUT = 60

AGREE = {
    "correct": {"correct", "rounding", "last_digit"},
    "wrong": {"wrong"},
    "propagated": {"propagated", "wrong"},
}

_LINE_RE = re.compile(r"\(line (\d+)\)")


def norm(text: object) -> str:
    """The printed form, normalised only for typography: unicode minus (or an SVG's &#45;), a numpy-style trailing
    dot."""
    s = html.unescape(str(text)).strip().replace("\u2212", "-").replace("\u2013", "-").replace("\u00a0", "")
    if s.startswith("+"):
        s = s[1:]
    if s.endswith("%") and len(s) > 1:  # 52.9 %: a percentage, transcribed as its number
        s = s[:-1].rstrip()
    if s.endswith(".") and s[:-1].lstrip("-").isdigit():
        s = s[:-1]
    if re.fullmatch(r"-?[1-9]\d{0,2}(?:,\d{3})+", s):  # 262,144: a whole number in groups of three
        s = s.replace(",", "")
    if s in ("-0",):
        s = "0"
    return s


@dataclass
class Result:
    name: str
    document: str
    read: bool = False
    status: str = ""
    expected: int = 0
    found: int = 0
    matched: int = 0
    invented: int = 0
    optional: int = 0
    agree: int = 0
    slips: int = 0
    slips_caught: int = 0
    filler: int = 0
    seconds: float = 0.0
    missed_list: list[str] = field(default_factory=list)
    invented_list: list[str] = field(default_factory=list)
    disagree_list: list[str] = field(default_factory=list)
    filler_list: list[str] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return self.matched / self.expected if self.expected else 1.0

    @property
    def invented_share(self) -> float:
        return self.invented / self.found if self.found else 0.0


def find_document(expect: Path, spec: dict) -> Path | None:
    if spec.get("document"):
        p = expect.parent / str(spec["document"])
        return p if p.exists() else None
    stem = expect.name[: -len(".expect.toml")]
    for p in sorted(expect.parent.glob(stem + ".*")):
        if not p.name.endswith(".expect.toml") and p.is_file():
            return p
    return None


def finding_line(f: dict) -> int | None:
    for key in ("source_line", "file_line"):
        v = f.get(key)
        if isinstance(v, int):
            return v
        if isinstance(v, str) and v.isdigit():
            return int(v)
    return None


def _natural(quantity: str) -> list:
    """``PE[cat][10]`` after ``PE[cat][9]``: a quantity's name with its numbers compared as numbers."""
    return [(0, int(t), "") if t.isdigit() else (1, 0, t) for t in re.split(r"(\d+)", quantity)]


def match(expected: list[dict], found: list[dict]) -> tuple[list[tuple[dict, dict]], list[dict], list[dict]]:
    """Multiset match on normalised text: same line first, then the nearest line, then document order."""
    free_e = list(range(len(expected)))
    free_f = list(range(len(found)))
    pairs: list[tuple[int, int]] = []
    # pass 1: same text, same line
    for fi in list(free_f):
        fl = found[fi]["_line"]
        if fl is None:
            continue
        for ei in free_e:
            e = expected[ei]
            if e["_text"] == found[fi]["_text"] and e.get("line") == fl:
                pairs.append((ei, fi))
                free_e.remove(ei)
                free_f.remove(fi)
                break
    # pass 2: same text, nearest line (or the first in document order), in the report's order
    for fi in sorted(free_f, key=lambda k: found[k].get("_pos", k)):
        cands = [ei for ei in free_e if expected[ei]["_text"] == found[fi]["_text"]]
        if not cands:
            continue
        fl = found[fi]["_line"]
        if fl is not None:
            cands.sort(key=lambda ei: (abs(int(expected[ei].get("line", 0)) - fl), ei))
        ei = cands[0]
        pairs.append((ei, fi))
        free_e.remove(ei)
        free_f.remove(fi)
    # pass 3: a term written after a minus sign (… − 0.12 …) may be transcribed without it: the same line, the
    # same digits, either sign
    for fi in list(free_f):
        fl = found[fi]["_line"]
        for ei in free_e:
            e = expected[ei]
            if fl is not None and e.get("line") == fl and e["_text"].lstrip("-") == found[fi]["_text"].lstrip("-"):
                pairs.append((ei, fi))
                free_e.remove(ei)
                free_f.remove(fi)
                break
    return ([(expected[e], found[f]) for e, f in pairs], [expected[e] for e in free_e], [found[f] for f in free_f])


def take_same_text(pool: list[dict], f: dict, signless: bool = False) -> dict | None:
    key = (lambda t: t.lstrip("-")) if signless else (lambda t: t)
    cands = [p for p in pool if key(p["_text"]) == key(f["_text"])]
    if not cands:
        return None
    fl = f["_line"]
    if fl is not None:
        cands.sort(key=lambda p: abs(int(p.get("line", 0)) - fl))
    pool.remove(cands[0])
    return cands[0]


def evaluate(expect: Path, exe: Path) -> Result:
    spec = tomllib.loads(expect.read_text(encoding="utf-8"))
    name = expect.name[: -len(".expect.toml")]
    doc = find_document(expect, spec)
    res = Result(name=name, document=doc.name if doc else "?")
    claims = [dict(c, _text=norm(c["text"])) for c in spec.get("claims", [])]
    res.expected = len(claims)
    res.slips = sum(1 for c in claims if c.get("verdict") == "wrong")
    if doc is None:
        res.status = "document not found"
        res.missed_list = [f"{c.get('line')}: {c['text']}" for c in claims]
        return res
    t0 = time.monotonic()
    try:
        proc = subprocess.run([str(exe), "audit", str(doc), "--format", "json"], capture_output=True,
                              text=True, timeout=TIMEOUT, cwd=str(ROOT))
    except subprocess.TimeoutExpired:
        res.seconds = time.monotonic() - t0
        res.status = f"timeout after {TIMEOUT} s"
        res.missed_list = [f"{c.get('line')}: {c['text']}" for c in claims]
        return res
    except OSError as exc:
        res.status = f"cannot run {exe}: {exc}"
        return res
    res.seconds = time.monotonic() - t0
    first_err = next((ln.strip() for ln in proc.stderr.splitlines() if ln.strip()), "")
    if proc.returncode not in (0, 1):
        res.status = f"exit {proc.returncode}: {first_err}" if first_err else f"exit {proc.returncode}"
        res.missed_list = [f"{c.get('line')}: {c['text']}" for c in claims]
        return res
    try:
        data = json.loads(proc.stdout)
    except json.JSONDecodeError as exc:
        res.status = f"exit {proc.returncode} but no JSON ({exc.msg}): {first_err}"
        return res
    res.read = True
    res.status = f"exit {proc.returncode}"
    findings = data.get("findings", []) if isinstance(data, dict) else []
    found = []
    for f in findings:
        if not isinstance(f, dict) or f.get("kind") != "claim" or f.get("reported") is None:
            continue
        found.append(dict(f, _text=norm(f["reported"]), _line=finding_line(f), _pos=len(found)))
    # the report lists wrong claims first; in the document's order (by line, then as the reader wrote its groups:
    # the case file's line, then a group's cells by their indices, the columns of a row) a number printed twice on
    # one line pairs with its own transcription
    found.sort(key=lambda f: (f["_line"] if f["_line"] is not None else 1 << 62,
                              f["file_line"] if isinstance(f.get("file_line"), int) else 0,
                              f.get("role") == "operand",  # (a line's result before the operands it restates)
                              _natural(str(f.get("quantity", "")))))
    res.found = len(found)
    pairs, missed, extra = match(claims, found)
    res.matched = len(pairs)
    for e, f in pairs:
        want = e.get("verdict", "any")
        got = str(f.get("verdict", ""))
        if want == "any" or got in AGREE.get(want, {want}):
            res.agree += 1
        else:
            res.disagree_list.append(f"{e.get('line')}: {e['text']} {e.get('quantity', '')!s}: expected {want}, got {got} ({f.get('quantity', '')})")
        if want == "wrong" and got == "wrong":
            res.slips_caught += 1
    res.missed_list = [f"{e.get('line')}: {e['text']} ({e.get('quantity', '')})" for e in missed]
    optional = [dict(o, _text=norm(o["text"])) for o in spec.get("optional_claims", [])]
    nots = [dict(o, _text=norm(o["text"])) for o in spec.get("not_claims", [])]
    expected_at = {(e.get("line"), e["_text"]) for e, _ in pairs}
    for f in extra:
        where = f"line {f['_line']}" if f["_line"] is not None else str(f.get("at", "?"))
        # a number restated from an expected claim the audit found (its `restates` points there) is optional
        again = f.get("restates") if isinstance(f.get("restates"), dict) else None
        if again is not None and (again.get("source_line") or again.get("file_line"), f["_text"]) in expected_at:
            res.optional += 1
            continue
        # an optional number (a restated operand) may be read with the sign of the operator before it
        if take_same_text(optional, f, signless=True) is not None:
            res.optional += 1
            continue
        res.invented += 1
        desc = f"{where}: {f['reported']} as {f.get('quantity', '?')} [{f.get('verdict', '?')}]"
        res.invented_list.append(desc)
        if take_same_text(nots, f) is not None:
            res.filler += 1
            res.filler_list.append(desc)
    return res


def collect(args: list[str]) -> list[Path]:
    if not args:
        return sorted(STYLES.glob("*.expect.toml"))
    out: list[Path] = []
    for a in args:
        p = Path(a)
        if p.is_dir():
            out += sorted(p.glob("*.expect.toml"))
        elif p.name.endswith(".expect.toml"):
            out.append(p)
        else:
            stem = p.name.rsplit(".", 1)[0]
            cand = p.parent / f"{stem}.expect.toml"
            if cand.exists():
                out.append(cand)
            else:
                print(f"reading_eval: no expect file for {p} (looked for {cand})", file=sys.stderr)
    return out


def floors_toml(results: list[Result]) -> str:
    """The floors a test holds each document to: today's recall and verdict agreement less 5 points, today's
    invented share plus 3 (measured, then written by --write-floors; raise them as the reader improves)."""
    out = ["# Written by `python bench/reading_eval.py DIR --write-floors DIR/floors.toml`: what each document",
           "# reads today, less a margin. tests/test_styles.py keeps the reader above them.", ""]
    for r in sorted(results, key=lambda r: r.name):
        agreed = r.agree / r.matched if r.matched else 1.0
        out += [f'[documents."{r.name}"]', f"reads = {'true' if r.read else 'false'}",
                f"recall = {max(0.0, int(r.recall * 100) - 5) / 100:.2f}",
                f"invented = {min(1.0, int(r.invented_share * 100) / 100 + 0.03):.2f}",
                f"verdicts = {max(0.0, int(agreed * 100) - 5) / 100:.2f}", f"filler = {r.filler}", ""]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*", help="expect files, documents or directories (default: tests/documents/styles)")
    ap.add_argument("-v", "--verbose", action="store_true", help="list missed, invented and disagreeing claims")
    ap.add_argument("--exe", default=os.environ.get("EXACTFORMER", str(EXE)), help="the exactformer executable")
    ap.add_argument("--json", metavar="FILE", help="also write the per-document results as JSON")
    ap.add_argument("--write-floors", metavar="FILE",
                    help="write what each document reaches now, less a margin, as the floors tests/test_styles.py keeps")
    ns = ap.parse_args(argv)
    expects = collect(ns.paths)
    if not expects:
        print("reading_eval: no expect files found")
        return 0
    if not Path(ns.exe).exists():  # every document would "fail to run": that measures nothing, so say so and stop
        print(f"reading_eval: no exactformer executable at {ns.exe}: install with scripts/install.sh, or give --exe "
              "(or EXACTFORMER) the path of one", file=sys.stderr)
        return 2
    results = [evaluate(e, Path(ns.exe)) for e in expects]

    w = max(len(r.document) for r in results)
    head = f"{'document':<{w}}  {'read':<4}  {'exp':>4}  {'found':>5}  {'recall':>6}  {'invent':>6}  {'verdict':>7}  {'slips':>5}  {'filler':>6}  {'sec':>5}  status"
    print(head)
    print("-" * len(head))
    for r in results:
        verdict = f"{r.agree / r.matched:7.0%}" if r.matched else f"{'-':>7}"
        invent = f"{r.invented_share:6.0%}" if r.found else f"{'-':>6}"
        status = "" if r.read and r.status in ("exit 0", "exit 1") else r.status
        print(f"{r.document:<{w}}  {'yes' if r.read else 'no':<4}  {r.expected:>4}  {r.found:>5}  {r.recall:6.0%}  {invent}  {verdict}  "
              f"{r.slips_caught:>2}/{r.slips:<2}  {r.filler:>6}  {r.seconds:5.1f}  {status[:100]}")
        if ns.verbose:
            for title, items in (("missed", r.missed_list), ("invented", r.invented_list),
                                 ("verdict disagrees", r.disagree_list), ("filler claimed", r.filler_list)):
                if items:
                    print(f"    {title} ({len(items)}):")
                    for it in items[:60]:
                        print(f"      {it}")
                    if len(items) > 60:
                        print(f"      … {len(items) - 60} more")
    n = len(results)
    read = sum(r.read for r in results)
    recalls = [r.recall if r.read else 0.0 for r in results]
    found = sum(r.found for r in results)
    invented = sum(r.invented for r in results)
    matched = sum(r.matched for r in results)
    agree = sum(r.agree for r in results)
    slips = sum(r.slips for r in results)
    caught = sum(r.slips_caught for r in results)
    print("-" * len(head))
    print(f"documents read        {read}/{n}")
    print(f"mean recall           {sum(recalls) / n:.1%}   (unread documents count as 0)")
    print(f"recall >= 0.9         {sum(1 for x in recalls if x >= 0.9)}/{n}")
    print(f"invented claims       {invented}/{found}" + (f" = {invented / found:.1%}" if found else ""))
    print(f"verdicts agree        {agree}/{matched}" + (f" = {agree / matched:.1%}" if matched else ""))
    print(f"planted slips caught  {caught}/{slips}")
    print(f"filler claimed        {sum(r.filler for r in results)}")
    if ns.write_floors:
        Path(ns.write_floors).write_text(floors_toml(results), encoding="utf-8")
    if ns.json:
        Path(ns.json).write_text(json.dumps([{k: v for k, v in r.__dict__.items()} | {"recall": r.recall}
                                             for r in results], ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    try:
        status = main()
    except Exception as exc:  # the harness measures; a document's score never fails the caller
        print(f"reading_eval: internal error: {exc!r}", file=sys.stderr)
        status = 0
    sys.exit(status)
