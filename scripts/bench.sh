#!/usr/bin/env bash
# `make bench` (a benchmark, not a test: it asserts nothing). On a release build: every question of
# issue 16 and every generated combination of the list's filters on SQLite and then on a throwaway
# PostgreSQL, each at 1 and 16 connections beside its floor (bench-questions.sh), then one table of
# them all against their goals, ✓ or ✗ (bench-goals.py); the balances by hledger and ledger beside
# Billfold's (bench-ledgers.sh).
# Bank files at scale follow in bench-files.sh (the Makefile runs it).
#   BENCH_TRANSACTIONS=1000000 BENCH_SECONDS=10 [BENCH_CONFIGURATION=debug] scripts/bench.sh
# BENCH_CONFIGURATION=debug checks the scripts quickly against a debug build (figures meaningless);
# BENCH_TRANSACTIONS=100000 BENCH_SECONDS=2 is a CI-sized run of a few minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d /tmp/billfold-bench.XXXXXX)
trap 'rm -rf "$out"' EXIT

configuration=${BENCH_CONFIGURATION:-release}
echo "== $configuration build"
swift build -c "$configuration" --product billfold 2>&1 | tail -n 1
bin=$(swift build -c "$configuration" --show-bin-path)/billfold

scripts/bench-questions.sh sqlite "$bin" "$out"
scripts/with-postgres.sh scripts/bench-questions.sh postgres "$bin" "$out"
scripts/bench-ledgers.sh "$bin" "$out"

echo
echo "==== Summary"
cat "$out/summary-sqlite.txt" "$out/summary-postgres.txt" "$out/summary-ledgers.txt"
echo
echo "==== Every question beside its goal, on both databases"
scripts/bench-goals.py "$out" | tee "$out/summary-goals.txt"
if [ -n "${BENCH_KEEP:-}" ]; then
  mkdir -p "$BENCH_KEEP" && cp -r "$out"/summary-* "$out"/statements-* "$BENCH_KEEP"/
  echo "(summaries and each floor's statements kept in $BENCH_KEEP)"
fi
