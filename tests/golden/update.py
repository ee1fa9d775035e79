"""Rewrite the golden reports (tests/golden/): ``python tests/golden/update.py``, then review ``git diff``."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

from tests.golden.golden import write_all  # noqa: E402

if __name__ == "__main__":
    changed = write_all()
    print("\n".join(changed) if changed else "every golden report is as rendered")
