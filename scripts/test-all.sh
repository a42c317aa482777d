#!/usr/bin/env bash
# Runs every suite; called by `make test` inside scripts/with-postgres.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== Swift tests (SQLite and PostgreSQL) =="
# One test at a time: the tests share two cores, and in parallel their servers starved one another
# (a BillfoldKit client once waited past its 20 s limit while sixty other tests ran).
# A hung test fails the run within minutes instead of running out CI's clock.
timeout --kill-after=30 1200 swift test --no-parallel
echo "== Python tests (API contract and browser, against a running server) =="
timeout --kill-after=30 1800 .venv/bin/python -m pytest tests -q -p no:cacheprovider
