"""Regenerate every document of tests/documents/wild and its NAME.expect.toml (mpmath / NumPy oracle, never exactformer)."""
import runpy
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
for script in sorted(HERE.glob("w[0-9][0-9]_*.py")):
    runpy.run_path(str(script), run_name="__main__")
