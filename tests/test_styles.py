"""Reading documents written the way real authors write them: each is held against its careful transcription
(NAME.expect.toml, computed independently), through bench/reading_eval.py, and must not fall below the recall
it reaches today, invent more claims, or disagree on verdicts (floors.toml in each folder). styles/ was written
beside the reader; wild/ … wild5/ were written later, each by someone who never saw the reader, as
held-out sets."""

from __future__ import annotations

import importlib.util
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
SETS = sorted(p.parent for p in (ROOT / "tests" / "documents").glob("*/floors.toml"))
FLOORS = {d: tomllib.loads((d / "floors.toml").read_text(encoding="utf-8"))["documents"] for d in SETS}
EXE = Path(sys.executable).with_name("exactformer")


def _harness():
    spec = importlib.util.spec_from_file_location("reading_eval", ROOT / "bench" / "reading_eval.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["reading_eval"] = mod
    spec.loader.exec_module(mod)
    return mod


EVAL = _harness()


@pytest.mark.parametrize("folder", SETS, ids=lambda d: d.name)
def test_every_styles_document_has_a_floor(folder):
    """A new document gets a floor (so it is tested), and no floor names a missing document."""
    names = {p.name[: -len(".expect.toml")] for p in folder.glob("*.expect.toml")}
    assert names == set(FLOORS[folder])


@pytest.mark.parametrize("folder, name", [(d, n) for d in SETS for n in sorted(FLOORS[d])],
                         ids=lambda x: x.name if isinstance(x, Path) else x)
def test_a_styles_document_reads_as_well_as_it_did(folder, name):
    """Read on its own (no --givens): it never crashes; a readable one keeps its recall, invents no more,
    agrees on the verdicts of what it found; an unreadable one says why with exit 2."""
    floor = FLOORS[folder][name]
    res = EVAL.evaluate(folder / f"{name}.expect.toml", EXE)
    assert "exit 3" not in res.status and "timeout" not in res.status, res.status
    if not floor["reads"]:
        assert res.status.startswith("exit 2"), res.status
        return
    assert res.read, res.status
    assert res.recall >= floor["recall"], (res.recall, res.missed_list[:10])
    assert res.invented_share <= floor["invented"], res.invented_list[:10]
    agreed = res.agree / res.matched if res.matched else 1.0
    assert agreed >= floor["verdicts"], res.disagree_list[:10]
    assert res.filler <= floor["filler"], res.filler_list
