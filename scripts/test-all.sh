#!/usr/bin/env bash
# Runs every suite; called by `make test` inside scripts/with-postgres.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== Swift tests (SQLite and PostgreSQL) =="
swift test
echo "== Python tests (API contract and browser, against a running server) =="
.venv/bin/python -m pytest tests -q -p no:cacheprovider
