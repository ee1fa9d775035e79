#!/usr/bin/env bash
# Quick start 2: install with the test dependencies, then lint, type-check and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh --test
.venv/bin/ruff check src tests
.venv/bin/mypy
exec .venv/bin/python -m pytest "$@"
