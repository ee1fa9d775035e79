"""Many inputs audited on the cores available (``exactformer audit PATH…``): a module of its own, so that a
command auditing one input never imports multiprocessing (its sockets, pickling and threads: start-up time)."""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor

from .batch import Job, run_job
from .report.formats import Part


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def run_all(jobs: Sequence[Job], workers: int) -> Iterator[Part]:
    """Every job's part, in the order given, audited on up to ``workers`` processes."""
    workers = max(1, min(workers, len(jobs)))
    if workers == 1:
        yield from map(run_job, jobs)
        return
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    if "fork" in methods:  # import once, before forking: every worker shares the modules instead of importing
        from .audit import audit, explain  # noqa: F401
        from .read import case, documents  # noqa: F401
        from .report import data, markdown  # noqa: F401

        gc.freeze()  # and the collector leaves what was imported alone
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        yield from pool.map(run_job, jobs, chunksize=1)
