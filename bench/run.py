"""Speed and memory of exactformer, measured (never asserted): python bench/run.py [--quick] > docs/benchmarks.md

Every figure is a whole process (interpreter start-up included), the median of several runs interleaved with
a reference (``python -c "import flint"``) so that a loaded machine shows in both. Peak memory is the largest
resident set of the runs. The naive baseline builds every closed form with sympy.Matrix, exp and sqrt and
evaluates each context cell with evalf(30), in a subprocess with a time limit.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from cases import (  # noqa: E402
    attention_case,
    big_transformer,
    claimed_everywhere,
    notebook,
    repeated_claims,
    wrong_numbers,
)

SEED = ROOT / "derivations" / "oni-ni-kanabou.toml"
FULL = ROOT / "derivations" / "oni-ni-kanabou-full.toml"
PY = sys.executable
EXE = [PY, "-m", "exactformer"]
FLINT = [PY, "-c", "import flint"]


TIMEOUT = 600.0  # seconds allowed to one run of a command (--timeout): past it the row says "> TIMEOUT"


def run_once(argv: list[str]) -> tuple[float, int, float]:
    """(wall seconds, peak resident KB, CPU seconds: user + system) of one whole process, as /usr/bin/time
    measures it (the peak is the process's own, not the largest of every child so far). A run past TIMEOUT
    is stopped: (inf, 0, inf)."""
    t = time.perf_counter()
    try:
        proc = subprocess.run(["/usr/bin/time", "-f", "%M %U %S", *argv], capture_output=True, text=True,
                              check=False, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return float("inf"), 0, float("inf")
    wall = time.perf_counter() - t
    try:
        kb, user, sys_ = proc.stderr.strip().splitlines()[-1].split()
        return wall, int(kb), float(user) + float(sys_)
    except (ValueError, IndexError):
        return wall, 0, float("nan")


def measure(argv: list[str], repeat: int) -> tuple[float, float, int, float]:
    """(median seconds, median seconds of `import flint` interleaved, peak KB, median CPU seconds)."""
    ours, ref, cpu, peak = [], [], [], 0
    for _ in range(repeat):
        w, kb, c = run_once(argv)
        ours.append(w)
        cpu.append(c)
        peak = max(peak, kb)
        ref.append(run_once(FLINT)[0])
        if w == float("inf"):  # past the time allowed: one run says so
            break
    return statistics.median(ours), statistics.median(ref), peak, statistics.median(cpu)


def secs(x: float) -> str:
    return f"> {TIMEOUT:.0f}" if x == float("inf") else f"{x:.2f}"


def importtime(argv: list[str], runs: int = 9) -> dict[str, tuple[int, int]]:
    """``python -X importtime`` of a command: each module's (self, cumulative) microseconds, the minimum of
    ``runs`` runs (the least disturbed), and its depth in the import tree."""
    best: dict[str, tuple[int, int, int]] = {}
    for _ in range(runs):
        err = subprocess.run([PY, "-X", "importtime", *argv[1:]], capture_output=True, text=True).stderr
        for line in err.splitlines():
            if not line.startswith("import time:") or "|" not in line or "self [us]" in line:
                continue
            own, cum, name = line[len("import time:"):].split("|")
            depth = (len(name) - len(name.lstrip(" "))) // 2
            key = name.strip()
            o, c = int(own), int(cum)
            if key in best:
                o, c = min(o, best[key][0]), min(c, best[key][1])
            best[key] = (o, c, depth)
    return best  # type: ignore[return-value]


def import_table(title: str, argv: list[str]) -> None:
    """The modules a command imports, as ``-X importtime`` sees them: every top-level import, then the
    package's own modules and the heavy third-party ones below them, cumulative milliseconds."""
    best = importtime(argv)
    top = sum(c for _, c, d in best.values() if d == 0)
    print(f"\n### Imports of `{title}` (`python -X importtime`, minimum of 9 runs)\n\n"
          f"All imports: {top / 1000:.0f} ms.\n\n| module | cumulative ms | own ms |\n|---|--:|--:|")
    for name, (own, cum, depth) in best.items():
        heavy = name.split(".")[0] in ("flint", "rich", "sympy", "argparse", "multiprocessing", "xml", "hashlib")
        if cum >= 2000 and (depth == 0 or (name.startswith("exactformer") and depth <= 2) or (heavy and "." not in name)):
            print(f"| {'&nbsp;' * 2 * depth}`{name}` | {cum / 1000:.1f} | {own / 1000:.1f} |")


def exponent(sizes: list[int], times: list[float]) -> str:
    """The measured growth exponent of time against size, between the first and the last row (1: linear)."""
    import math

    if len(sizes) < 2 or min(times) <= 0 or max(times) == float("inf"):
        return ""
    return f"{math.log(times[-1] / times[0]) / math.log(sizes[-1] / sizes[0]):.2f}"


def scaling(title: str, unit: str, rows: list[tuple[int, list[str]]], repeat: int) -> None:
    """One table per size that doubles: time, CPU and peak memory per row, and the growth exponents (time and
    memory against size, each row against the one before)."""
    print(f"\n### {title}\n\n| {unit} | seconds | CPU s | peak MB | exponent (time) | exponent (memory) |\n"
          "|--:|--:|--:|--:|--:|--:|")
    sizes: list[int] = []
    walls: list[float] = []
    mems: list[float] = []
    for size, argv in rows:
        s, _ref, kb, c = measure(argv, repeat)
        sizes.append(size)
        walls.append(c)
        mems.append(kb / 1024)
        et = exponent(sizes[-2:], walls[-2:]) if len(sizes) > 1 else ""
        em = exponent(sizes[-2:], mems[-2:]) if len(sizes) > 1 else ""
        print(f"| {size:,} | {secs(s)} | {secs(c)} | {kb / 1024:.0f} | {et} | {em} |", flush=True)
    print(f"\nWhole range: time exponent {exponent(sizes, walls)}, memory exponent {exponent(sizes, mems)} "
          "(CPU seconds; 1 is linear, and memory includes the interpreter's fixed ~30 MB).")


NAIVE = r"""
import sys, time, tomllib, decimal, sympy as sp
doc = tomllib.loads(open(sys.argv[1], encoding="utf-8").read(), parse_float=decimal.Decimal)
m = doc["model"]
R = lambda v: sp.Rational(str(v))  # the digits as written
X = sp.Matrix([[R(v) for v in m["embeddings"][t]] for t in m["tokens"]])
t = time.perf_counter()
for L in m["layers"]:
    W = {s: sp.Matrix([[R(v) for v in row] for row in L[s]]) for s in ("Wq", "Wk", "Wv")}
    Q, K, V = X * W["Wq"], X * W["Wk"], X * W["Wv"]
    S = (Q * K.T) / sp.sqrt(Q.shape[1])
    E = S.applyfunc(sp.exp)
    A = sp.Matrix(E.shape[0], E.shape[1], lambda i, j: E[i, j] / sum(E.row(i)))
    X = A * V
vals = [x.evalf(30) for x in X]
print(time.perf_counter() - t)
"""

CERTIFY = r"""
import sys
from flint import arb
from exactformer.read.case import load
from exactformer.numeric.ball import start_for
c = load(sys.argv[1])
vals = c.engine.numeric.forward(start_for(30))
tiny = arb("1e-30")
bad = 0
for cells in vals.values():
    for b in cells:
        if b is None or b.is_zero():
            continue
        if abs(b) < tiny:
            bad += not b.rad() < arb("1e-60")
        else:
            bad += b.rel_accuracy_bits() < 100  # 30 significant digits need 100 bits
print(bad)
"""

CERTIFY_GRAD = CERTIFY.replace("vals = c.engine.numeric.forward(start_for(30))",
                               "vals = c.engine.numeric.backward(start_for(30, grad=True))")
BACKPROP = ROOT / "tests" / "cases" / "backprop-2-2-2.toml"

CELL = "import sys; import exactformer as ef; c = ef.load(sys.argv[1]); q = c[sys.argv[2]]; q.decimal(12); q.closed_form"


def naive(path: Path, limit: float) -> float | None:
    try:
        proc = subprocess.run([PY, "-c", NAIVE, str(path)], check=True, capture_output=True, timeout=limit,
                              text=True)
        return float(proc.stdout)
    except subprocess.TimeoutExpired:
        return None


def engine_inprocess(path: Path) -> float:
    code = ("import sys,time; import exactformer as ef; c=ef.load(sys.argv[1]); t=time.perf_counter(); "
            "L=len(c.case.model.layers); [q.decimal(30) for q in c[f'L{L}.context']]; print(time.perf_counter()-t)")
    runs = [float(subprocess.run([PY, "-c", code, str(path)], capture_output=True, text=True,
                                 check=True).stdout) for _ in range(3)]
    return statistics.median(runs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true", help="fewer runs, no naive SymPy baseline")
    ap.add_argument("--limit", type=float, default=60.0, help="seconds allowed to each naive run")
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds allowed to each run of a command")
    args = ap.parse_args()
    global TIMEOUT
    TIMEOUT = args.timeout
    repeat = 3 if args.quick else 5
    # every command is timed with its bytecode current: an editable install under PYTHONDONTWRITEBYTECODE would
    # otherwise compile each changed module again on every run (0.1-0.2 s), as scripts/install.sh also prevents
    subprocess.run([PY, "-m", "compileall", "-q", str(Path(__file__).resolve().parents[1] / "src")], check=True,
                   capture_output=True)
    tmp = Path(tempfile.mkdtemp(prefix="exactformer-bench-"))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"# Benchmarks\n\nMeasured with `python bench/run.py` on {platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, {time.strftime('%Y-%m-%d')} (load average {load:.2f} at the "
          f"start). Each figure is the median of {repeat} whole-process runs, start-up included, interleaved with "
          "`python -c \"import flint\"` (the last column) so a busy machine shows in both; CPU seconds (user + "
          "system) beside them, which a busy machine disturbs less. Every row is a command as a user types it "
          "(`exactformer …`, here `python -m exactformer …`), unless it says *internal*.\n")
    print("| what | seconds | CPU s | peak MB | target | `import flint` (s) |\n|---|--:|--:|--:|---|--:|")

    big = big_transformer(tmp / "big.toml")
    rows: list[tuple[str, list[str], str]] = [
        ("`exactformer --help`", EXE + ["--help"], "≤ 1.5× `import flint`"),
        ("`exactformer --version`", EXE + ["--version"], "≤ 1.5× `import flint`"),
        ("`exactformer audit missing.toml` (an error before any work)", EXE + ["audit", str(tmp / "missing.toml")],
         "≤ 1.5× `import flint`"),
        ("seed: `audit`", EXE + ["audit", str(SEED)], "≤ 2.5× `import flint`"),
        ("seed: `audit --format json`", EXE + ["audit", str(SEED), "--format", "json"], "≤ 2× `import flint`"),
        ("seed: `audit --format json --no-why` (no explanation search)",
         EXE + ["audit", str(SEED), "--format", "json", "--no-why"], ""),
        ("seed: `audit` (text)", EXE + ["audit", str(SEED)], "explanations add ≤ 50 %"),
        ("seed: `show` every step", EXE + ["show", str(SEED)], ""),
        ("seed: `derive -o .tex`", EXE + ["derive", str(SEED), "-o", str(tmp / "s.tex")], ""),
        ("seed continued (3 post-LN layers, head, loss): `audit`", EXE + ["audit", str(FULL)], "≤ 0.5 s"),
        ("64 tokens × d 64 × 4 heads × 3 post-LN layers, FFN 256, head over 64: `show --format json --digits 30` "
         "(every value, 1.4 M)", EXE + ["show", str(big), "--format", "json", "--digits", "30"], "≤ 8 s"),
        ("the same, *internal*: the forward pass alone, every value certified to 30 digits (not a command)",
         [PY, "-c", CERTIFY, str(big)], "≤ 3 s"),
        ("the same model: `show loss --digits 30`", EXE + ["show", str(big), "loss", "--digits", "30"], ""),
    ]
    rows += [
        ("the same model: one full backward pass, every gradient certified to 30 digits",
         [PY, "-c", CERTIFY_GRAD, str(big)], "≤ 5 s"),
        ("seed continued: 10 training steps, every gradient certified to 12 digits",
         [PY, str(Path(__file__).with_name("train_certified.py")), str(FULL)], "≤ 2 s"),
        ("2-2-2 backprop network: `train --steps 10000 --digits 20`",
         EXE + ["train", str(BACKPROP), "--steps", "10000", "--digits", "20", "--format", "csv"], "≤ 5 s"),
        ("seed continued: `train` 10 steps, default watch (loss, 6 cosines)", EXE + ["train", str(FULL)], ""),
        ("seed continued: `train --steps 300` (diverges near step 240: the precision climbs, every value certified)",
         EXE + ["train", str(FULL), "--steps", "300", "--format", "csv"], ""),
    ]
    d512 = attention_case(tmp / "d512.toml", 64, 512, 1)
    deep = attention_case(tmp / "L200.toml", 4, 4, 200)
    rows += [
        ("64 tokens × d 512: `show --format json`", EXE + ["show", str(d512), "--format", "json"], "≤ 1 GB"),
        ("64 tokens × d 512: `derive -o .tex`", EXE + ["derive", str(d512), "-o", str(tmp / "d512.tex")], "≤ 1 GB"),
        ("200 layers (4 tokens × d 4): `show --format json`", EXE + ["show", str(deep), "--format", "json"],
         "≤ 10 s"),
        ("200 layers (4 tokens × d 4): `derive -o .tex`", EXE + ["derive", str(deep), "-o", str(tmp / "L200.tex")],
         "≤ 10 s"),
    ]
    for n in (1000, 2000):
        p = repeated_claims(tmp / f"rep{n}.toml", n)
        rows.append((f"one quantity claimed {n:,} times: `audit`", EXE + ["audit", str(p), "--format", "json"],
                     "sort and sweep, not pairs"))
    for layers, target in ((1, ""), (2, ""), (3, "≤ 3 s"), (8, "≤ 10 s")):
        p = claimed_everywhere(tmp / f"every{layers}.toml", 16, layers)
        rows.append((f"16 tokens, {layers} layer(s), every step claimed: `audit --format json`",
                     EXE + ["audit", str(p), "--format", "json"], target))
    p64 = wrong_numbers(tmp / "wrong64.toml")
    rows.append(("64 tokens × d 8, 9,728 claims, 100 of them wrong: `audit --format json`",
                 EXE + ["audit", str(p64), "--format", "json"], "≤ 5 s"))
    rows.append(("the same, `--no-why`", EXE + ["audit", str(p64), "--format", "json", "--no-why"], ""))
    p200 = attention_case(tmp / "n200.toml", 200, 16, 1)
    rows.append(("200 tokens × d 16: one cell (`weights[t3,t7]`: decimal and closed form)",
                 [PY, "-c", CELL, str(p200), "weights[t3,t7]"], "not slower than the whole table"))
    rows.append(("200 tokens × d 16: the whole `weights` table", EXE + ["show", str(p200), "weights", "--digits", "6"],
                 ""))
    seed_text = ROOT / "tests" / "documents" / "seed-oni-ni-kanabou.txt"
    rows.append(("seed as published (plain text): read and `audit`", EXE + ["audit", str(seed_text)], "≤ 0.5 s"))
    nb = notebook(tmp / "published.ipynb")
    rows.append(("1 MB notebook as published (64 tokens × d 8, each step printed once, 10,240 claims; the rest "
                 "figures): `audit`", EXE + ["audit", str(nb)], "≤ 3 s"))
    nb = notebook(tmp / "reruns.ipynb", reruns=True)
    rows.append(("1 MB notebook of printed tensors only (every run kept: 112,640 claims): `audit`",
                 EXE + ["audit", str(nb)], ""))
    posts = tmp / "posts"
    posts.mkdir()
    for k in range(100):  # 100 files, each read and audited in full (nothing is shared between inputs)
        (posts / f"post-{k:03d}.txt").write_bytes(seed_text.read_bytes())
    rows.append(("100 seed-sized posts (the seed as published, 100 files) in one call, 2 processes: "
                 "`audit DIR -j 2 --format json`", EXE + ["audit", str(posts), "-j", "2", "--format", "json"],
                 "≤ 5 s on 2 cores"))
    rows.append(("the same, `--no-why`", EXE + ["audit", str(posts), "-j", "2", "--format", "json", "--no-why"], ""))
    for name, argv, target in rows:
        s, ref, kb, cpu = measure(argv, repeat)
        print(f"| {name} | {secs(s)} | {secs(cpu)} | {kb / 1024:.0f} | {target} | {ref:.2f} |", flush=True)
    if subprocess.run(["which", "lualatex"], capture_output=True).returncode == 0:
        subprocess.run(EXE + ["derive", str(SEED), "-o", str(tmp / "warm.pdf")], capture_output=True)  # font cache
        for case, name in ((SEED, "seed"), (FULL, "seed continued")):
            s, ref, kb, cpu = measure(EXE + ["derive", str(case), "-o", str(tmp / "s.pdf")], 3)
            print(f"| {name}: `derive -o .pdf` (font cache built) | {s:.2f} | {cpu:.2f} | {kb / 1024:.0f} |  | "
                  f"{ref:.2f} |")

    print("\n## Start-up: what the commands import")
    import_table("exactformer audit derivations/oni-ni-kanabou.toml", EXE + ["audit", str(SEED)])
    import_table("exactformer --help", EXE + ["--help"])

    print("\n## Cost against size: each row doubles one size (whole commands)")
    r = 1 if args.quick else 3
    scaling("tokens (d 16, one attention layer): `show --format json`", "tokens",
            [(n, EXE + ["show", str(attention_case(tmp / f"t{n}.toml", n, 16, 1)), "--format", "json"])
             for n in (16, 32, 64, 128)], r)
    scaling("d_model (16 tokens, one attention layer): `show --format json`", "d_model",
            [(d, EXE + ["show", str(attention_case(tmp / f"d{d}.toml", 16, d, 1)), "--format", "json"])
             for d in (64, 128, 256, 512)], r)
    scaling("layers (8 tokens × d 8): `derive -o .tex`", "layers",
            [(L, EXE + ["derive", str(attention_case(tmp / f"L{L}.toml", 8, 8, L)), "-o", str(tmp / "L.tex")])
             for L in (25, 50, 100, 200)], r)
    scaling("claims (one quantity claimed n times): `audit --format json`", "claims",
            [(n, EXE + ["audit", str(repeated_claims(tmp / f"rep{n}.toml", n)), "--format", "json"])
             for n in (500, 1000, 2000, 4000)], r)
    scaling("wrong claims (64 tokens × d 8, 9,728 claims, n of them wrong): `audit --format json`", "wrong claims",
            [(w, EXE + ["audit", str(wrong_numbers(tmp / f"wrong{w}.toml", wrong=w)), "--format", "json"])
             for w in (25, 50, 100, 200)], r)
    scaling("document bytes (a notebook of printed tensors, every run kept): `audit`", "bytes",
            [(b, EXE + ["audit", str(notebook(tmp / f"nb{b}.ipynb", target_bytes=b, reruns=True))])
             for b in (125_000, 250_000, 500_000, 1_000_000)], r)
    if args.quick:
        return
    print("\n## Scaling: every context cell of the last layer to 30 digits (d = d_k = 16)\n")
    print("Both columns time the computation alone, after imports and reading the case (the naive baseline "
          "builds every closed form with `sympy.Matrix`, `exp`, `sqrt`, then `evalf(30)`; "
          f"{args.limit:.0f} s limit).\n")
    print("| tokens | layers | exactformer (s) | naive SymPy (s) | speed-up |\n|--:|--:|--:|--:|--:|")
    for layers in (1, 3):
        gave_up = False
        for n in (4, 8, 16, 32, 64):
            p = attention_case(tmp / f"n{n}-L{layers}.toml", n, 16, layers)
            ours = engine_inprocess(p)
            base = None if gave_up else naive(p, args.limit)
            gave_up = gave_up or base is None
            shown = f"> {args.limit:.0f}" if base is None else f"{base:.2f}"
            ratio = f"> {args.limit / ours:,.0f}×" if base is None else f"{base / ours:,.0f}×"
            print(f"| {n} | {layers} | {ours:.4f} | {shown} | {ratio} |", flush=True)


if __name__ == "__main__":
    main()
