"""Paired whole-process runs of ``exactformer audit CASE`` against ``audit CASE --no-why``, one or more source
trees in turn (the same interpreter, ``PYTHONPATH`` at each tree's ``src/``): the medians of CPU seconds (user +
system, the children's) and of the pairs' ratios.

    python bench/why_pairs.py CASE [PAIRS] [TREE …]     # TREE defaults to this checkout
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cpu(case: str, args: list[str], tree: str) -> float:
    env = dict(os.environ, PYTHONPATH=str(Path(tree) / "src"))
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "exactformer", "audit", case, *args], env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


def main(argv: list[str]) -> None:
    case = argv[0]
    pairs = int(argv[1]) if len(argv) > 1 else 5
    trees = argv[2:] or [str(ROOT)]
    got: dict[str, tuple[list[float], list[float], list[float]]] = {t: ([], [], []) for t in trees}
    for _ in range(pairs):
        for t in trees:
            a, b = cpu(case, [], t), cpu(case, ["--no-why"], t)
            got[t][0].append(a)
            got[t][1].append(b)
            got[t][2].append(a / b)
    for t in trees:
        w, nw, r = got[t]
        print(f"{case} [{Path(t).name}]: with why {statistics.median(w):.2f} s, --no-why {statistics.median(nw):.2f} s, "
              f"ratio {statistics.median(r):.2f}x (median of {pairs} pairs)")


if __name__ == "__main__":
    main(sys.argv[1:])
