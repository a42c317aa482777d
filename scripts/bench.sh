#!/usr/bin/env bash
# `make bench`: loads 1,000,000 transactions into a release build over SQLite, then measures the
# list endpoint with a category filter under wrk on loopback, and the same SQL in the sqlite3
# command on the same file. Prints the figures; it asserts nothing (a benchmark, not a test).
#   BENCH_TRANSACTIONS=1000000 BENCH_SECONDS=20 [BENCH_CONFIGURATION=debug] scripts/bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."
count=${BENCH_TRANSACTIONS:-1000000}
seconds=${BENCH_SECONDS:-20}
dir=$(mktemp -d /tmp/billfold-bench.XXXXXX)
db="$dir/bench.sqlite"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT

# BENCH_CONFIGURATION=debug runs the script quickly against a debug build (figures meaningless).
configuration=${BENCH_CONFIGURATION:-release}
echo "== $configuration build"
swift build -c "$configuration" --product billfold 2>&1 | tail -n 1
bin=$(swift build -c "$configuration" --show-bin-path)/billfold

echo "== Loading $count transactions"
"$bin" users create --email bench@example.com --password bench-password --database "$db" >/dev/null
start=$(date +%s.%N)
"$bin" demo --email bench@example.com --transactions "$count" --database "$db" 2>/dev/null
load_seconds=$(python3 -c "print(round($(date +%s.%N) - $start, 1))")
token=$("$bin" tokens create --email bench@example.com --label bench --database "$db" | tail -n 1)
sqlite3 "$db" "ANALYZE;"

# The sign-in limit is lifted here so the attack below costs a bcrypt hash every time (worst case).
other=$("$bin" users create --email other@example.com --password other-password --database "$db" >/dev/null &&
  "$bin" tokens create --email other@example.com --label bench --database "$db" | tail -n 1)
(BILLFOLD_SIGNIN_LIMIT=10000 exec "$bin" serve --port "$port" --database "$db" --log-level error >"$dir/server.log" 2>&1) &
server_pid=$!
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$port/health/ready" >/dev/null && break
  sleep 0.2
done

category=$(sqlite3 "$db" "SELECT id FROM categories WHERE name = 'Groceries';")
rows=$(sqlite3 "$db" "SELECT COUNT(*) FROM transactions WHERE category_id = $category;")
url="http://127.0.0.1:$port/api/v1/transactions?category=$category"
echo "== wrk: GET /api/v1/transactions?category=$category (Groceries, $rows of $count rows), first page of 50 with totals"
curl -sf -H "Authorization: Bearer $token" "$url" | python3 -c 'import json,sys; d=json.load(sys.stdin); print("   page:", len(d["transactions"]), "rows; totals:", d["totals"])'
wrk -t2 -c16 -d5s -H "Authorization: Bearer $token" "$url" >/dev/null  # warm-up
echo "-- one connection (latency without queueing)"
wrk -t1 -c1 -d"${seconds}s" --latency -H "Authorization: Bearer $token" "$url" | tee "$dir/wrk1.txt"
echo "-- 16 connections (throughput; wrk shares the server's 2 cores)"
wrk -t2 -c16 -d"${seconds}s" --latency -H "Authorization: Bearer $token" "$url" | tee "$dir/wrk.txt"
p50_1=$(awk '/ 50%/ {print $2}' "$dir/wrk1.txt")
p99_1=$(awk '/ 99%/ {print $2}' "$dir/wrk1.txt")
rps_1=$(awk '/Requests\/sec/ {print $2}' "$dir/wrk1.txt")
p50=$(awk '/ 50%/ {print $2}' "$dir/wrk.txt")
p99=$(awk '/ 99%/ {print $2}' "$dir/wrk.txt")
rps=$(awk '/Requests\/sec/ {print $2}' "$dir/wrk.txt")

echo "== sqlite3 $(sqlite3 --version | awk '{print $1}'): the statements the server runs, on the same file"
user=$(sqlite3 "$db" "SELECT id FROM users WHERE email = 'bench@example.com';")
# The columns the server reads (TransactionRow.names).
columns="id, account_id, booked_at, booked_offset, payee, original_name, notes, amount_minor, currency,
  category_id, status, external_id, created_at, updated_at, import_id, transfer_id, kind, parent_id, group_id,
  source_external_id"
cat >"$dir/query.sql" <<SQL
.timer on
.output /dev/null
SELECT $columns
FROM transactions WHERE user_id = $user AND category_id = $category ORDER BY booked_at DESC, id DESC LIMIT 51;
SELECT currency, CAST(SUM(total_minor) AS BIGINT), CAST(SUM(count) AS BIGINT) FROM transaction_totals
WHERE user_id = $user AND category_key >= 0 AND category_key IN ($category) GROUP BY currency;
SELECT currency, CAST(SUM(amount_minor) AS BIGINT), COUNT(*) FROM transactions
WHERE user_id = $user AND category_id = $category GROUP BY currency;
SELECT account_id, currency, CAST(SUM(total_minor) AS BIGINT), CAST(SUM(count) AS BIGINT), MAX(day)
FROM transaction_totals WHERE user_id = $user GROUP BY account_id, currency;
SELECT day, CAST(SUM(count) AS BIGINT) AS count FROM transaction_totals
WHERE user_id = $user AND category_key >= 0 AND status = 'uncleared' GROUP BY day HAVING SUM(count) > 0;
SELECT d.decided_at FROM review_decisions d JOIN transactions t ON t.id = d.transaction_id AND t.user_id = d.user_id
WHERE d.user_id = $user AND d.decided_at >= strftime('%s','now') - 86400 AND d.decided_at < strftime('%s','now');
SQL
sqlite3 "$db" <"$dir/query.sql" 2>&1 | tee "$dir/sqlite.txt"
cat >"$dir/floors.sql" <<SQL
.timer on
.output /dev/null
SELECT $columns FROM transactions WHERE user_id = $user ORDER BY booked_at DESC, id DESC LIMIT 51;
SELECT currency, CAST(SUM(total_minor) AS BIGINT), CAST(SUM(count) AS BIGINT) FROM transaction_totals_by_block
WHERE user_id = $user AND category_key >= 0 GROUP BY currency;
SELECT currency, CAST(SUM(total_minor) AS BIGINT), CAST(SUM(count) AS BIGINT) FROM transaction_totals
WHERE user_id = $user AND category_key >= 0 GROUP BY currency;
SELECT $columns FROM transactions WHERE user_id = $user AND status = 'uncleared' ORDER BY booked_at DESC, id DESC LIMIT 51;
SELECT currency, CAST(SUM(amount_minor) AS BIGINT), COUNT(*) FROM transactions WHERE user_id = $user
AND transfer_id IS NULL AND kind IS NULL AND (LOWER(payee) LIKE '%rewe%' OR LOWER(notes) LIKE '%rewe%') GROUP BY currency;
SELECT currency, CAST(SUM(amount_minor) AS BIGINT), COUNT(*) FROM transactions WHERE user_id = $user
AND transfer_id IS NULL AND kind IS NULL
AND id IN (SELECT rowid FROM transaction_search WHERE transaction_search MATCH '"rewe"') GROUP BY currency;
SELECT COUNT(*) FROM transactions WHERE user_id = $user
AND id IN (SELECT rowid FROM transaction_search WHERE transaction_search MATCH '"zahnarzt"');
SQL
sqlite3 "$db" <"$dir/floors.sql" 2>&1 | awk '/Run Time/ {n++; name = (n == 1 ? "unfiltered first page" : (n == 2 ? "unfiltered totals from the 32-day blocks" : (n == 3 ? "the same from the per-day sums (before the blocks)" : (n == 4 ? "uncleared first page" : (n == 5 ? "q=rewe totals summed from every row (before the index)" : (n == 6 ? "q=rewe totals through the full-text index" : "a rare word (q=zahnarzt) through the index")))))); printf "   sqlite3 %s: %s s\n", name, $4}' | tee "$dir/floors.txt"

# Every other question a person asks of the list, each at 1 and 16 connections: p50, p99, req/s.
measure() { # name url connections
  wrk -t"$(($3 > 1 ? 2 : 1))" -c"$3" -d"${seconds}s" --latency -H "Authorization: Bearer $token" "$2" >"$dir/q.txt"
  printf "   %-44s %3s conn: p50 %s, p99 %s, %s requests/s\n" "$1" "$3" "$(awk '/ 50%/ {print $2}' "$dir/q.txt")" \
    "$(awk '/ 99%/ {print $2}' "$dir/q.txt")" "$(awk '/Requests\/sec/ {print $2}' "$dir/q.txt")" | tee -a "$dir/questions.txt"
}
food=$(sqlite3 "$db" "SELECT id FROM categories WHERE name = 'Food' AND is_group = 1;")
base="http://127.0.0.1:$port"
echo "== The list's other questions (first page of 50 with the totals of the whole filter)"
for c in 1 16; do
  measure "unfiltered" "$base/api/v1/transactions" "$c"
  measure "status=uncleared" "$base/api/v1/transactions?status=uncleared" "$c"
  measure "category group (Food)" "$base/api/v1/transactions?category=$food" "$c"
  measure "text search q=rewe" "$base/api/v1/transactions?q=rewe" "$c"
  measure "/v1/transactions (current month)" "$base/v1/transactions" "$c"
done
pid_rss() { awk '/VmRSS|RssAnon/ {printf "%s %s MB ", $1, int($2 / 1024)}' "/proc/$server_pid/status"; }
echo "== GET /payback/transactions: the whole feed, streamed"
sleep 3  # the 16-connection runs' last requests finish first
rss_before=$(pid_rss)
curl -s -o /dev/null -w "   first byte %{time_starttransfer} s, all %{time_total} s, %{size_download} bytes\n" \
  -H "Authorization: Bearer $token" "$base/payback/transactions" | tee "$dir/payback.txt"
echo "   server before: $rss_before; after: $(pid_rss)" | tee -a "$dir/payback.txt"

echo "== wrk: GET /api/v1/accounts (balances, counts and last activity from the per-day sums), 1 connection"
wrk -t1 -c1 -d"${seconds}s" --latency -H "Authorization: Bearer $token" "http://127.0.0.1:$port/api/v1/accounts" \
  | tee "$dir/accounts.txt"
accounts_p50=$(awk '/ 50%/ {print $2}' "$dir/accounts.txt")
accounts_p99=$(awk '/ 99%/ {print $2}' "$dir/accounts.txt")

echo "== wrk: GET /api/v1/review/months (each month's uncleared count from the per-day sums), 1 connection"
wrk -t1 -c1 -d"${seconds}s" --latency -H "Authorization: Bearer $token" "http://127.0.0.1:$port/api/v1/review/months" \
  | tee "$dir/months.txt"
months_p50=$(awk '/ 50%/ {print $2}' "$dir/months.txt")
months_p99=$(awk '/ 99%/ {print $2}' "$dir/months.txt")

echo "== Sign-in under attack: another user's GET /api/v1/me, alone and while 16 connections post wrong passwords"
me="http://127.0.0.1:$port/api/v1/me"
wrk -t1 -c1 -d"${seconds}s" --latency -H "Authorization: Bearer $other" "$me" | tee "$dir/me-alone.txt"
page=$(curl -s -c "$dir/jar" "http://127.0.0.1:$port/signin")
csrf=$(python3 -c 'import sys; t=sys.stdin.read(); print(t.split("name=\"_csrf\" value=\"")[1].split("\"")[0])' <<<"$page")
presession=$(awk '/billfold_presession/ {print $7}' "$dir/jar")
cat >"$dir/attack.lua" <<LUA
wrk.method = "POST"
wrk.body = "email=bench%40example.com&password=wrong-guess&_csrf=$csrf"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["Cookie"] = "billfold_presession=$presession"
LUA
wrk -t1 -c16 -d"$((seconds + 4))s" -s "$dir/attack.lua" "http://127.0.0.1:$port/signin" >"$dir/attack.txt" &
attack_pid=$!
sleep 2
wrk -t1 -c1 -d"${seconds}s" --latency -H "Authorization: Bearer $other" "$me" | tee "$dir/me-attacked.txt"
wait "$attack_pid"
cat "$dir/attack.txt"
me_alone=$(awk '/ 50%/ {print $2}' "$dir/me-alone.txt")
me_attacked=$(awk '/ 50%/ {print $2}' "$dir/me-attacked.txt")
me_attacked99=$(awk '/ 99%/ {print $2}' "$dir/me-attacked.txt")
attack_rps=$(awk '/Requests\/sec/ {print $2}' "$dir/attack.txt")

echo
echo "== Summary ($(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m), $(sqlite3 --version | awk '{print "sqlite3 " $1}'), $(wrk --version 2>&1 | head -n 1 | awk '{print $1, $2}'))"
echo "   load $count transactions: ${load_seconds} s"
echo "   list with category filter, 1 connection:   p50 $p50_1, p99 $p99_1, $rps_1 requests/s"
echo "   list with category filter, 16 connections: p50 $p50, p99 $p99, $rps requests/s (wrk -t2 -c16 -d${seconds}s)"
echo "   accounts with balances, 1 connection: p50 $accounts_p50, p99 $accounts_p99"
echo "   review months with counts, 1 connection: p50 $months_p50, p99 $months_p99"
echo "   another user's /api/v1/me: p50 $me_alone alone; p50 $me_attacked, p99 $me_attacked99 while sign-in takes $attack_rps wrong passwords/s"
cat "$dir/questions.txt" "$dir/payback.txt" "$dir/floors.txt"
echo "   server memory after every run: $(pid_rss)"
awk '/Run Time/ {n++; name = (n == 1 ? "first page (51 rows)" : (n == 2 ? "totals from the per-day sums" : (n == 3 ? "totals summed from the rows (not used)" : (n == 4 ? "account balances from the per-day sums" : (n == 5 ? "uncleared per day for the review months" : "a day of review decisions for the activity page"))))); printf "   sqlite3 %s: %s s\n", name, $4}' "$dir/sqlite.txt"
