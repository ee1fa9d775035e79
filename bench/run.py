"""Speed of exactformer, measured (not asserted): python bench/run.py [--quick] > docs/benchmarks.md

Whole-process times include interpreter start-up. The naive baseline builds every
closed form with sympy.Matrix, exp and sqrt and evaluates each context cell with
evalf(30), in a subprocess with a time limit.
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
SEED = ROOT / "derivations" / "oni-ni-kanabou.toml"
EXE = [sys.executable, "-m", "exactformer"]


def case_file(n: int, d: int, layers: int, folder: Path) -> Path:
    """A deterministic case: n tokens, d = d_k = d_v, one-decimal entries in [-0.9, 0.9]."""
    val = lambda k: f"{((k * 7919) % 19 - 9) / 10:.1f}"  # noqa: E731
    lines = ["[model]", "tokens = [" + ", ".join(f'"t{i}"' for i in range(n)) + "]", "", "[model.embeddings]"]
    k = 0
    for i in range(n):
        lines.append(f'"t{i}" = [' + ", ".join(val(k + m) for m in range(d)) + "]")
        k += d
    for _ in range(layers):
        lines.append("\n[[model.layers]]")
        for w in ("Wq", "Wk", "Wv"):
            rows = []
            for r in range(d):
                rows.append("[" + ", ".join(val(k + c) for c in range(d)) + "]")
                k += d
            lines.append(f"{w} = [" + ", ".join(rows) + "]")
    p = folder / f"n{n}-d{d}-L{layers}.toml"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p


def timed(argv: list[str], repeat: int = 5) -> float:
    """Median wall time of a whole process, in seconds."""
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        subprocess.run(argv, check=False, capture_output=True)
        out.append(time.perf_counter() - t)
    return statistics.median(out)


NAIVE = r"""
import sys, time, sympy as sp
from exactformer.case import load
case = load(sys.argv[1])
m = case.model
R = lambda num: sp.Rational(num.rational.numerator, num.rational.denominator)  # never parse text
X = sp.Matrix([[R(v) for v in m.embeddings[p.token]] for p in m.positions])
t = time.perf_counter()
for L in m.layers:
    W = {s: sp.Matrix([[R(v) for v in row] for row in getattr(L, s)]) for s in ("Wq", "Wk", "Wv")}
    Q, K, V = X * W["Wq"], X * W["Wk"], X * W["Wv"]
    S = (Q * K.T) / sp.sqrt(Q.shape[1])
    E = S.applyfunc(sp.exp)
    A = sp.Matrix(E.shape[0], E.shape[1], lambda i, j: E[i, j] / sum(E.row(i)))
    X = A * V
vals = [x.evalf(30) for x in X]
print(time.perf_counter() - t)
"""


def naive(path: Path, limit: float) -> float | None:
    """The naive computation's own time, after imports and loading (None: over the limit)."""
    try:
        proc = subprocess.run([sys.executable, "-c", NAIVE, str(path)], check=True, capture_output=True,
                              timeout=limit, text=True)
        return float(proc.stdout)
    except subprocess.TimeoutExpired:
        return None


def engine_inprocess(path: Path) -> float:
    """Every context cell of the last layer to 30 digits, after imports and loading (as the naive run)."""
    code = ("import sys,time; import exactformer as ef; c=ef.load(sys.argv[1]); t=time.perf_counter(); "
            "L=c.graph.n_layers; [q.decimal(30) for q in c[f'L{L}.context']]; print(time.perf_counter()-t)")
    runs = [float(subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True,
                                 check=True).stdout) for _ in range(3)]
    return statistics.median(runs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true", help="skip the naive SymPy baseline")
    ap.add_argument("--limit", type=float, default=60.0, help="seconds allowed to each naive run")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="exactformer-bench-"))
    print(f"# Benchmarks\n\nMeasured with `python bench/run.py` on {platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, {time.strftime('%Y-%m-%d')}. Median of 5 runs (3 in process).\n")
    print("## Whole process (start-up included)\n\n| command | seconds | target |\n|---|--:|--:|")
    big = case_file(64, 16, 3, tmp)
    rows = [
        ("`exactformer show` seed (every step)", EXE + ["show", str(SEED)], "≤ 1"),
        ("`exactformer audit` seed", EXE + ["audit", str(SEED)], "≤ 1"),
        ("`exactformer derive` seed `-o .tex`", EXE + ["derive", str(SEED), "-o", str(tmp / "s.tex")], "≤ 2"),
        ("`exactformer show L3.context --digits 30`, 64 tokens × d=d_k=16 × 3 layers",
         EXE + ["show", str(big), "L3.context", "--digits", "30"], "≤ 2"),
    ]
    for name, argv, target in rows:
        print(f"| {name} | {timed(argv):.2f} | {target} |")
    if subprocess.run(["which", "lualatex"], capture_output=True).returncode == 0:
        subprocess.run(EXE + ["derive", str(SEED), "-o", str(tmp / "warm.pdf")], capture_output=True)  # font cache
        print(f"| `exactformer derive` seed `-o .pdf` (font cache built) | "
              f"{timed(EXE + ['derive', str(SEED), '-o', str(tmp / 's.pdf')], 3):.2f} | ≤ 10 |")
    print("\n## Scaling: every context cell of the last layer to 30 digits (d = d_k = 16)\n")
    print("Both columns time the computation alone, after imports and reading the case (the naive baseline "
          "builds every closed form with `sympy.Matrix`, `exp`, `sqrt`, then `evalf(30)`; "
          f"{args.limit:.0f} s limit).\n")
    print("| tokens | layers | exactformer (s) | naive SymPy (s) | speed-up |\n|--:|--:|--:|--:|--:|")
    for layers in (1, 3):
        gave_up = False
        for n in (4, 8, 16, 32, 64):
            p = case_file(n, 16, layers, tmp)
            ours = engine_inprocess(p)
            base = None if (args.quick or gave_up) else naive(p, args.limit)
            gave_up = gave_up or (base is None and not args.quick)
            if args.quick:
                shown, ratio = "—", "—"
            elif base is None:
                shown, ratio = f"> {args.limit:.0f}", f"> {args.limit / ours:,.0f}×"
            else:
                shown, ratio = f"{base:.2f}", f"{base / ours:,.0f}×"
            print(f"| {n} | {layers} | {ours:.4f} | {shown} | {ratio} |")


if __name__ == "__main__":
    main()
