#!/usr/bin/env bash
# Bank files in and out at scale, on a release build (part of `make bench`; asserts nothing):
# import N generated CSV rows into a fresh user on SQLite and on PostgreSQL, export N to hledger,
# and beside them the floors: the same rows loaded by the databases' own tools (sqlite3 .import
# plus one INSERT … SELECT into the real table; psql COPY plus the same), and the export's query
# run in sqlite3.
#   BENCH_FILE_ROWS=1000000 scripts/with-postgres.sh scripts/bench-files.sh
set -euo pipefail
cd "$(dirname "$0")/.."
count=${BENCH_FILE_ROWS:-1000000}
dir=$(mktemp -d /tmp/billfold-bench-files.XXXXXX)
trap 'rm -rf "$dir"' EXIT
swift build -c release --product billfold 2>&1 | tail -n 1
bin=$(swift build -c release --show-bin-path)/billfold

echo "== Generating $count CSV rows (German bank layout: dd.mm.yyyy, decimal comma)"
python3 - "$dir/bank.csv" "$count" <<'PY'
import random, sys
random.seed(7)
payees = ["REWE", "Aldi", "Lidl", "Shell", "Amazon", "Netflix", "Deutsche Bahn", "Café Kranzler", "Apotheke"]
with open(sys.argv[1], "w", encoding="utf-8") as f:
    f.write("Buchungstag;Empfänger;Verwendungszweck;Betrag;Währung\n")
    for i in range(int(sys.argv[2])):
        cents = random.randint(-99999, 20000)
        sign = "-" if cents < 0 else ""
        f.write(f"{random.randint(1, 28):02d}.{random.randint(1, 12):02d}.{random.choice([2023, 2024, 2025])};"
                f"{random.choice(payees)} {i % 997};Kartenzahlung {i};{sign}{abs(cents) // 100},{abs(cents) % 100:02d};EUR\n")
PY
ls -l "$dir/bank.csv" | awk '{printf "   %.1f MB\n", $5 / 1048576}'

rate() { python3 -c "print(f'{$1 / $2:,.0f} rows/s ({$2:.1f} s)')"; }
seconds_since() { python3 -c "import time; print(round(time.time() - $1, 2))"; }

import_into() {  # database label [email]
  local email=${3:-files@example.com}
  "$bin" users create --email "$email" --password bench-password --database "$1" >/dev/null
  [ "$email" = rules@example.com ] && add_rules "$1"
  local start; start=$(python3 -c 'import time; print(time.time())')
  "$bin" import csv "$dir/bank.csv" --email "$email" --account Giro --database "$1" --json 2>/dev/null | tail -n 1 >/dev/null
  took=$(seconds_since "$start")
  echo "   billfold import csv, $2: $(rate "$count" "$took")"
}

# 200 rules for rules@example.com, the way a person who has used Billfold for years has them: one
# per merchant they know ("bank text contains …"), renaming the payee; 2 of them match these rows.
add_rules() {  # database
  python3 - "$dir/rules.sql" <<'PY3'
import sys
words = ["rewe", "shell"] + [f"merchant{n}" for n in range(198)]
with open(sys.argv[1], "w") as f:
    for n, word in enumerate(words):
        f.write("INSERT INTO rules (user_id, name, enabled, position, stops_after, overrides_source, conditions,"
                " actions, matched_count, created_at, updated_at) SELECT id, '', TRUE, " + str(n + 1) + ", FALSE, FALSE,"
                f" '[{{\"field\":\"bankText\",\"test\":\"contains\",\"value\":\"{word}\"}}]',"
                f" '[{{\"action\":\"renamePayee\",\"payee\":\"{word.title()}\"}}]', 0, 0, 0"
                " FROM users WHERE email = 'rules@example.com';\n")
PY3
  if [[ "$1" == postgres* ]]; then psql "$1" -q -f "$dir/rules.sql"; else sqlite3 "$1" <"$dir/rules.sql"; fi
}

with_rules() {  # database label
  local plain=$took
  import_seconds[$2]=$took
  import_into "$1" "$2, the same rows with 200 rules" rules@example.com
  echo "   with 200 rules: $(python3 -c "print(f'{$took / $plain:.2f}')")× the time without (goal: at most 1.20×)"
}

declare -A import_seconds  # each database's import without rules, for its ratio to the floor
ratio() {  # import floor
  python3 -c "print(f'{$1 / $2:.2f}× the floor (goal: at most 1.30×)')"
}

echo "== Import"
import_into "$dir/files.sqlite" "SQLite"
with_rules "$dir/rules.sqlite" "SQLite"
if [ -n "${BILLFOLD_TEST_POSTGRES_URL:-}" ]; then
  psql "$BILLFOLD_TEST_POSTGRES_URL" -q -c "CREATE DATABASE bench_files"
  pg=${BILLFOLD_TEST_POSTGRES_URL%/*}/bench_files?sslmode=disable
  import_into "$pg" "PostgreSQL"
  psql "$BILLFOLD_TEST_POSTGRES_URL" -q -c "CREATE DATABASE bench_rules"
  with_rules "${BILLFOLD_TEST_POSTGRES_URL%/*}/bench_rules?sslmode=disable" "PostgreSQL"
else
  echo "   (PostgreSQL: run through scripts/with-postgres.sh to measure it too)"
fi

echo "== Floor: the same rows loaded by sqlite3 itself into a copy of the table with its indexes and search indexes"
# The table, its indexes and triggers, and the full-text tables its triggers write to, with the settings
# the server gave them (read from their config tables).
sqlite3 "$dir/files.sqlite" "SELECT sql || ';' FROM sqlite_master WHERE sql IS NOT NULL
  AND (name IN ('transactions', 'transaction_search', 'transaction_notes_search')
    OR (tbl_name = 'transactions' AND type IN ('index', 'trigger')))
  ORDER BY type = 'trigger', type = 'index';
  SELECT 'INSERT INTO transaction_search (transaction_search, rank) VALUES (' || quote(k) || ', ' || v || ');'
    FROM transaction_search_config WHERE k <> 'version';
  SELECT 'INSERT INTO transaction_notes_search (transaction_notes_search, rank) VALUES (' || quote(k) || ', ' || v || ');'
    FROM transaction_notes_search_config WHERE k <> 'version';" >"$dir/schema.sql"
sqlite3 "$dir/floor.sqlite" <<SQL
.read $dir/schema.sql
SQL
start=$(python3 -c 'import time; print(time.time())')
sqlite3 "$dir/floor.sqlite" <<SQL
PRAGMA synchronous=NORMAL;
.mode csv
.separator ;
.import $dir/bank.csv raw
BEGIN;
INSERT INTO transactions (user_id, account_id, booked_at, booked_offset, payee, original_name, notes, amount_minor,
  currency, category_id, status, external_id, created_at, updated_at, import_id, import_key)
SELECT 1, 1, rowid * 60, 3600, "Empfänger", "Empfänger", Verwendungszweck, CAST(REPLACE(Betrag, ',', '') AS INTEGER),
  'EUR', NULL, 'uncleared', NULL, 0, 0, NULL, 'fp:' || rowid FROM raw;
COMMIT;
SQL
floor=$(seconds_since "$start")
echo "   sqlite3 .import + INSERT … SELECT: $(rate "$count" "$floor")"
echo "   billfold import csv into SQLite: $(ratio "${import_seconds[SQLite]}" "$floor")"

if [ -n "${pg:-}" ]; then
  echo "== Floor: the same rows loaded by psql's COPY into a copy of the table with its indexes"
  python3 - "$dir/bank.csv" "$dir/rows.tsv" <<'PY2'
import sys
with open(sys.argv[1], encoding="utf-8") as f, open(sys.argv[2], "w", encoding="utf-8") as out:
    next(f)
    for n, line in enumerate(f):
        day, payee, notes, amount, currency = line.rstrip("\n").split(";")
        minor = amount.replace(",", "")
        out.write(f"1\t1\t{1700000000 + n * 60}\t3600\t{payee}\t{payee}\t{notes}\t{minor}\t{currency}\t\\N\tuncleared"
                  f"\t\\N\t0\t0\t1\tfp:{n}|{minor}|{currency}|{payee.lower()}|1\n")
PY2
  # The same indexes and the same foreign keys, whose checks PostgreSQL runs for every row.
  psql "$pg" -q -c "CREATE TABLE floor_transactions (LIKE transactions INCLUDING ALL,
    FOREIGN KEY (user_id) REFERENCES users (id), FOREIGN KEY (account_id) REFERENCES accounts (id),
    FOREIGN KEY (category_id) REFERENCES categories (id), FOREIGN KEY (import_id) REFERENCES imports (id))"
  start=$(python3 -c 'import time; print(time.time())')
  columns="user_id, account_id, booked_at, booked_offset, payee, original_name, notes, amount_minor, currency, category_id, status, external_id, created_at, updated_at, import_id, import_key"
  psql "$pg" -q -c "\\copy floor_transactions ($columns) FROM '$dir/rows.tsv'"
  floor=$(seconds_since "$start")
  echo "   psql COPY: $(rate "$count" "$floor")"
  echo "   billfold import csv into PostgreSQL: $(ratio "${import_seconds[PostgreSQL]}" "$floor")"
fi

echo "== Demo (the same bulk path)"
"$bin" users create --email demo@example.com --password bench-password --database "$dir/demo.sqlite" >/dev/null
start=$(python3 -c 'import time; print(time.time())')
"$bin" demo --email demo@example.com --transactions "$count" --database "$dir/demo.sqlite" >/dev/null 2>&1
echo "   billfold demo, SQLite: $(rate "$count" "$(seconds_since "$start")")"

echo "== Export"
start=$(python3 -c 'import time; print(time.time())')
"$bin" export hledger --email files@example.com --database "$dir/files.sqlite" --output "$dir/books.journal" >/dev/null
echo "   billfold export hledger, SQLite: $(rate "$count" "$(seconds_since "$start")")"
start=$(python3 -c 'import time; print(time.time())')
sqlite3 "$dir/files.sqlite" "SELECT id, account_id, booked_at, booked_offset, payee, original_name, notes, amount_minor,
  currency, category_id, status, external_id, created_at, updated_at FROM transactions ORDER BY booked_at, id" >/dev/null
echo "   floor, the rows in that order read by sqlite3: $(rate "$count" "$(seconds_since "$start")")"
