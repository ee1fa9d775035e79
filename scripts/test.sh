#!/usr/bin/env bash
# Quick start 2: install with the test dependencies, then run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh --test
exec .venv/bin/python -m pytest "$@"
