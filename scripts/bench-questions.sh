#!/usr/bin/env bash
# One database's part of `make bench` (asserts nothing): loads BENCH_TRANSACTIONS demo rows with
# `billfold demo`, then asks every question a person asks at 1 and 16 connections under wrk on
# loopback, each beside its floor (the statements the server ran for it, timed in sqlite3 / psql by
# bench-floors.py), streams the PAYBACK feed, and attacks sign-in while another user reads.
# Writes summary-ENGINE.txt and accounts-ENGINE.json (the balances, for bench-ledgers.sh) to OUT.
#   scripts/bench-questions.sh sqlite BIN OUT
#   scripts/with-postgres.sh scripts/bench-questions.sh postgres BIN OUT
set -euo pipefail
cd "$(dirname "$0")/.."
engine=$1 bin=$2 out=$3
count=${BENCH_TRANSACTIONS:-1000000}
seconds=${BENCH_SECONDS:-10}
work=$(mktemp -d "/tmp/billfold-bench-$engine.XXXXXX")
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
server_pid=""
stop_server() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true; fi
  server_pid=""
}
trap 'stop_server; rm -rf "$work"' EXIT

if [ "$engine" = sqlite ]; then
  database="$out/bench.sqlite"
  sql() { sqlite3 "$database" "$1"; }
  tool="sqlite3 $(sqlite3 --version | awk '{print $1}')"
else
  psql "$BILLFOLD_TEST_POSTGRES_URL" -qX -c "CREATE DATABASE bench"
  database="${BILLFOLD_TEST_POSTGRES_URL%/*}/bench?sslmode=disable"
  sql() { psql "$database" -tAX -c "$1"; }
  tool="psql $(psql --version | awk '{print $3}')"
fi

echo "== $engine: loading $count transactions"
"$bin" users create --email bench@example.com --password bench-password --database "$database" >/dev/null
start=$(date +%s.%N)
"$bin" demo --email bench@example.com --transactions "$count" --database "$database" >/dev/null 2>&1
load_seconds=$(python3 -c "s = $(date +%s.%N) - $start; print(f'{s:.1f} s ({$count / s:,.0f} rows/s)')")
token=$("$bin" tokens create --email bench@example.com --label bench --database "$database" | tail -n 1)
other=$("$bin" users create --email other@example.com --password other-password --database "$database" >/dev/null &&
  "$bin" tokens create --email other@example.com --label bench --database "$database" | tail -n 1)
# A tag on every Deutsche Bahn trip (about 3% of the rows), for the tag filter.
sql "INSERT INTO tags (user_id, name, name_key, description, archived, created_at)
  SELECT id, 'Trips', 'trips', '', FALSE, 0 FROM users WHERE email = 'bench@example.com';" >/dev/null
sql "INSERT INTO transaction_tags (transaction_id, tag_id, user_id)
  SELECT t.id, g.id, t.user_id FROM transactions t JOIN tags g ON g.user_id = t.user_id
  WHERE g.name = 'Trips' AND t.payee = 'Deutsche Bahn';" >/dev/null
# Written beside the rows as Billfold writes a tag's sums (M040): the bench tags in SQL, not by the API.
sql "INSERT INTO transaction_tag_totals (user_id, tag_id, category_key, status, currency, day, account_id,
    total_minor, count)
  SELECT t.user_id, tt.tag_id, CASE WHEN t.transfer_id IS NULL THEN COALESCE(t.category_id, 0) ELSE -1 END,
    t.status, t.currency, (t.booked_at + 2208988800) / 86400, t.account_id, SUM(t.amount_minor), COUNT(*)
  FROM transactions t JOIN transaction_tags tt ON tt.transaction_id = t.id WHERE t.kind IS NULL
  GROUP BY 1, 2, 3, 4, 5, 6, 7;" >/dev/null
trips=$(sql "SELECT id FROM tags WHERE name = 'Trips';")
# A dollar rate for every business day of the demo's year (a file written here, in the plain
# day,currency,rate shape), so the list's converted total converts each day at its rate.
python3 - "$work/rates.csv" <<'PY'
import datetime, sys
day = datetime.date.today() - datetime.timedelta(days=400)
with open(sys.argv[1], "w") as out:
    out.write("day,currency,rate\n")
    while day <= datetime.date.today():
        if day.weekday() < 5:
            out.write(f"{day.isoformat()},USD,{1.05 + (day.toordinal() % 97) / 1000:.4f}\n")
        day += datetime.timedelta(days=1)
PY
"$bin" rates import "$work/rates.csv" --source bench --database "$database" >/dev/null
tagged=$(sql "SELECT COUNT(*) FROM transaction_tags WHERE tag_id = $trips;")
# History for the Activity page: every fifth cleared row cleared in the deck an hour after it was
# booked, every tenth also given its category there (as Billfold writes history lines).
sql "INSERT INTO transaction_changes (user_id, transaction_id, field, old_value, new_value, changed_at, source)
  SELECT user_id, id, 'category', NULL, CAST(category_id AS TEXT), booked_at + 3600, 'deck' FROM transactions
  WHERE kind IS NULL AND status = 'cleared' AND category_id IS NOT NULL AND id % 10 = 0;" >/dev/null
sql "INSERT INTO transaction_changes (user_id, transaction_id, field, old_value, new_value, changed_at, source)
  SELECT user_id, id, 'status', 'uncleared', 'cleared', booked_at + 3600, 'deck' FROM transactions
  WHERE kind IS NULL AND status = 'cleared' AND id % 5 = 0;" >/dev/null
changes=$(sql "SELECT COUNT(*) FROM transaction_changes;")
# An Activity page halfway back (its place: time and line).
activity_middle=$(sql "SELECT changed_at || '-' || id FROM transaction_changes ORDER BY changed_at, id
  LIMIT 1 OFFSET $((changes / 2));")
sql "ANALYZE;" >/dev/null

start_server() { # log-level
  # The sign-in limit is lifted so the attack below costs a bcrypt hash every time (worst case).
  (BILLFOLD_SIGNIN_LIMIT=10000 exec "$bin" serve --port "$port" --database "$database" --log-level "$1" \
    >>"$work/server.log" 2>&1) &
  server_pid=$!
  for _ in $(seq 1 100); do
    curl -sf "$base/health/ready" >/dev/null && return
    sleep 0.2
  done
  echo "the server did not start:" >&2
  tail -n 20 "$work/server.log" >&2
  exit 1
}

groceries=$(sql "SELECT id FROM categories WHERE name = 'Groceries';")
food=$(sql "SELECT id FROM categories WHERE name = 'Food' AND is_group;")
today=$(date -u +%Y-%m-%d)
year_ago=$(date -u -d "$(date -u +%Y-%m-01) -11 months" +%Y-%m-01) # from the 1st: no month-end overflow
checking=$(sql "SELECT id FROM accounts WHERE name = 'demo-checking';")
payback=$(sql "SELECT id FROM accounts WHERE name = 'demo-payback';")
# Every combination of the list's filters, one and two at a time and a sample of three and four
# (scripts/questions.py), measured for BENCH_COMBINATION_SECONDS each.
mapfile -t combinations < <(scripts/questions.py --groceries "$groceries" --food "$food" --account "$checking" \
  --quiet "$payback" --tag "$trips" --today "$today" | sed 's/^/list: /')
combination_seconds=${BENCH_COMBINATION_SECONDS:-3}
# name|path: every question of issue 16's table, plus the two the web's other pages ask most.
questions=(
  "unfiltered first page + totals (and the converted total)|/api/v1/transactions"
  "status=uncleared|/api/v1/transactions?status=uncleared"
  "a category group (Food)|/api/v1/transactions?category=$food"
  "a category (Groceries)|/api/v1/transactions?category=$groceries"
  "text search q=rewe with totals|/api/v1/transactions?q=rewe"
  "/v1/transactions (current month)|/v1/transactions"
  "/v1/transactions 1000-row page, offset $((count / 2))|/v1/transactions?start_date=2000-01-01&end_date=$today&limit=1000&offset=$((count / 2))"
  "accounts with balances|/api/v1/accounts"
  "review months with counts|/api/v1/review/months"
  "categories with their counts (32-day blocks)|/api/v1/categories"
  "a tag ($tagged rows) with totals|/api/v1/transactions?tag=$trips"
  "/v1/transactions?tag_id (a tag, current month)|/v1/transactions?tag_id=$trips"
  "/v1/budgets, 12 months|/v1/budgets?start_date=$year_ago&end_date=$today"
  "budgets, this month's sheet|/api/v1/budgets"
  "home dashboard (this month's spending)|/api/v1/home"
  "report: income and spending, 12 months|/api/v1/reports/monthly"
  "report: 36 months by group|/api/v1/reports/monthly?months=36&by=group"
  "report: one category's trend, 12 months|/api/v1/reports/monthly?category=$groceries"
  "report: a tag, 12 months|/api/v1/reports/monthly?tag=$trips"
  "report: net worth, 12 months|/api/v1/reports/net-worth"
  "report: net worth, 36 months|/api/v1/reports/net-worth?months=36"
  "report: year in review|/api/v1/reports/year"
  "review deck, 20 cards with suggestions|/api/v1/review/deck"
  # Web pages, signed in by a session cookie: the session's own queries come with the page's.
  "web: Transactions page|/transactions|web"
  "web: Budgets page|/budgets|web"
  "web: Home (budget, net worth, recurring cards)|/home|web"
  "web: Reports page|/reports|web"
  "web: Settings (with the other live sessions)|/settings|web"
  # Named without its count of lines, which the random demo rows make differ between databases.
  "web: Activity, newest|/activity|web"
  "web: Activity, a page halfway back|/activity?before=$activity_middle|web"
)

# The sign-in form's CSRF token and pre-session cookie (in $work/jar), as a browser gets them.
signin_form() {
  local page
  page=$(curl -s -c "$work/jar" "$base/signin")
  csrf=$(python3 -c 'import sys; t=sys.stdin.read(); print(t.split("name=\"_csrf\" value=\"")[1].split("\"")[0])' <<<"$page")
  presession=$(awk '/billfold_presession/ {print $7}' "$work/jar")
}

# A question's credentials: a web page's session cookie, or else the API token.
credentials() { # [web]
  if [ "${1:-}" = web ]; then echo "Cookie: billfold_session=$session"; else echo "Authorization: Bearer $token"; fi
}

echo "== $engine: floors (the server's statements for each question, in $tool; Activity over $changes history lines)"
start_server trace
signin_form
curl -s -b "$work/jar" -c "$work/jar" -o /dev/null --data-urlencode "email=bench@example.com" \
  --data-urlencode "password=bench-password" --data-urlencode "_csrf=$csrf" "$base/signin"
session=$(awk '/billfold_session/ {print $7}' "$work/jar")
[ -n "$session" ] || { echo "signing in for the web pages failed" >&2; exit 1; }
pragmas=""
# One connection's part of the server's page cache (64 MB shared by one event loop per core), no memory map.
cache_kib=$((64 * 1024 / $(nproc)))
[ "$cache_kib" -lt 2048 ] && cache_kib=2048
[ "$engine" = sqlite ] && pragmas="PRAGMA cache_size = -$cache_kib; PRAGMA mmap_size = 0; PRAGMA temp_store = MEMORY;"
mkdir -p "$out/statements-$engine"
scripts/bench-floors.py --log "$work/server.log" --base "$base" --token "$token" --session "$session" \
  --engine "$engine" \
  --database "$database" --pragmas "$pragmas" --save "$out/statements-$engine" "${questions[@]}" "${combinations[@]}" \
  "PAYBACK feed!|/payback/transactions" | tee "$work/floors.txt"
stop_server
: >"$work/server.log"

start_server error
pid_rss() { awk '/VmRSS|RssAnon/ {printf "%s %s MB ", $1, int($2 / 1024)}' "/proc/$server_pid/status"; }
rss_start=$(pid_rss)
wrk -t2 -c16 -d5s -H "Authorization: Bearer $token" "$base/api/v1/transactions" >/dev/null # warm-up

measure() { # path connections [web] [seconds] → "p50 p99 rps"
  wrk -t"$(($2 > 1 ? 2 : 1))" -c"$2" -d"${4:-$seconds}s" --latency -H "$(credentials "${3:-}")" "$base$1" >"$work/q.txt"
  # wrk stops with requests still queued in the server: one more, answered after them, lets them finish.
  curl -s -o /dev/null -H "$(credentials "${3:-}")" "$base$1"
  echo "$(awk '/ 50%/ {print $2}' "$work/q.txt") $(awk '/ 99%/ {print $2}' "$work/q.txt") $(awk '/Requests\/sec/ {print $2}' "$work/q.txt")"
}
echo "== $engine: every question at 1 and 16 connections, ${seconds} s each"
printf "%-46s | %-30s | %-30s | %-9s | %s\n" "question" "1 connection: p50, p99, req/s" "16 connections" "floor" \
  "p50 ÷ floor" | tee "$work/table.txt"
printf "name\tpath\tp50_1\tp99_1\tp50_4\tp50_16\tp99_16\tfloor\n" >"$out/measures-$engine.tsv"
for q in "${questions[@]}" "${combinations[@]}"; do
  name=${q%%|*} rest=${q#*|}
  path=${rest%%|*} how=""
  [ "$path" = "$rest" ] || how=${rest#*|}
  duration=$seconds
  [[ "$name" == "list: "* ]] && duration=$combination_seconds
  read -r p50 p99 rps <<<"$(measure "$path" 1 "$how" "$duration")"
  read -r p50_16 p99_16 rps_16 <<<"$(measure "$path" 16 "$how" "$duration")"
  p50_4=""
  # /v1's goal is at 4 connections (a sync client's few parallel pages).
  [[ "$path" == /v1/transactions* ]] && read -r p50_4 _ _ <<<"$(measure "$path" 4 "$how" "$duration")"
  floor=$(awk -F'\t' -v n="$name" '$1 == n {print $2}' "$work/floors.txt")
  ratio=$(python3 -c "
import re
v, u = re.fullmatch(r'([0-9.]+)(us|ms|s)', '$p50').groups()
ms = float(v) * {'us': 0.001, 'ms': 1, 's': 1000}[u]
print(f'{ms / $floor:.1f}×' if $floor > 0 else '-')")
  printf "%-46s | %-30s | %-30s | %-9s | %s\n" "$name" "$p50, $p99, $rps" "$p50_16, $p99_16, $rps_16" "$floor ms" \
    "$ratio" | tee -a "$work/table.txt"
  printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n" "$name" "$path" "$p50" "$p99" "$p50_4" "$p50_16" "$p99_16" "$floor" \
    >>"$out/measures-$engine.tsv"
done
rss_questions=$(pid_rss)

# Memory over a long run (SQLite, where the server holds the page cache): every API question in
# turn from 16 connections for BENCH_SOAK_SECONDS (default 600; 0 skips it), the server's RSS
# sampled every 30 s. The goal: at most 200 MB throughout, and flat (the last samples no higher
# than the first ones after warming up, give or take 10 %).
soak_line="not run"
soak_seconds=${BENCH_SOAK_SECONDS:-600}
if [ "$engine" = sqlite ] && [ "$soak_seconds" -gt 0 ]; then
  echo "== $engine: memory over ${soak_seconds} s of every API question at 16 connections"
  {
    echo "paths = {"
    for q in "${questions[@]}" "${combinations[@]}"; do
      rest=${q#*|} path=${rest%%|*}
      [ "$path" = "$rest" ] && printf '  "%s",\n' "$path"
    done
    echo "}"
    echo 'i = 0'
    echo 'request = function() i = i + 1; return wrk.format("GET", paths[(i % #paths) + 1]) end'
  } >"$work/soak.lua"
  wrk -t2 -c16 -d"${soak_seconds}s" -s "$work/soak.lua" -H "Authorization: Bearer $token" "$base" >"$work/soak.txt" &
  soak_pid=$!
  samples=()
  while kill -0 "$soak_pid" 2>/dev/null; do
    samples+=("$(awk '/VmRSS/ {print int($2 / 1024)}' "/proc/$server_pid/status")")
    sleep 30
  done
  wait "$soak_pid" || true
  soak_line=$(python3 - "${samples[@]}" <<'PY'
import sys
mb = [int(v) for v in sys.argv[1:]]
settled = mb[2:] or mb
first, last = max(settled[:3]), max(settled[-3:])
flat = last <= first * 1.10
print(f"RSS every 30 s: {', '.join(map(str, mb))} MB; most {max(mb)} MB (goal ≤ 200: {'✓' if max(mb) <= 200 else '✗'});"
      f" after warming up {first} → {last} MB ({'flat ✓' if flat else 'growing ✗'})")
PY
)
  echo "   $soak_line ($(awk '/Requests\/sec/ {print $2}' "$work/soak.txt") requests/s)"
fi

pgbench_table=""
if [ "$engine" = postgres ]; then
  echo "== postgres: a few questions' statements from 16 pgbench clients at once (the database's floor at 16)"
  pgbench_table="$work/pgbench.txt"
  printf "%-46s | %-22s | %s\n" "question" "server at 16: p50, p99" "pgbench at 16: p50, p99, per s" | tee "$pgbench_table"
  for name in "list: unfiltered" "list: category" "list: group + account" "list: q=rewe" "list: tag"; do
    file="$out/statements-$engine/$(python3 -c "import re, sys; print(re.sub(r'[^A-Za-z0-9]+', '-', sys.argv[1]).strip('-'))" "$name").sql"
    [ -f "$file" ] || continue
    read -r _ p50 p99 rate <<<"$(scripts/bench-pgbench.py --database "$database" --clients 16 --seconds "$seconds" "$file")"
    server=$(awk -F'\t' -v n="$name" '$1 == n {print $6 ", " $7}' "$out/measures-$engine.tsv")
    printf "%-46s | %-22s | %s\n" "$name" "$server" "$p50 ms, $p99 ms, $rate" | tee -a "$pgbench_table"
  done
fi

echo "== $engine: GET /payback/transactions, the whole feed streamed"
sleep 3 # the 16-connection runs' last requests finish first
rss_before=$(pid_rss)
payback=$(curl -s -o /dev/null -w "first byte %{time_starttransfer} s, all %{time_total} s, %{size_download} bytes" \
  -H "Authorization: Bearer $token" "$base/payback/transactions")
payback_floor=$(awk -F'\t' '$1 == "PAYBACK feed" {print $2}' "$work/floors.txt")
echo "   $payback (floor: its statements in $tool $payback_floor ms); server before: $rss_before, after: $(pid_rss)" |
  tee "$work/payback.txt"
curl -sf -H "Authorization: Bearer $token" "$base/api/v1/accounts" >"$out/accounts-$engine.json"

echo "== $engine: another user's GET /api/v1/me, alone and while 16 connections post wrong passwords"
read -r me_alone _ _ <<<"$(token=$other measure /api/v1/me 1)"
signin_form
cat >"$work/attack.lua" <<LUA
wrk.method = "POST"
wrk.body = "email=bench%40example.com&password=wrong-guess&_csrf=$csrf"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["Cookie"] = "billfold_presession=$presession"
LUA
wrk -t1 -c16 -d"$((seconds + 4))s" -s "$work/attack.lua" "$base/signin" >"$work/attack.txt" &
attack_pid=$!
sleep 2
read -r me_attacked me_attacked99 _ <<<"$(token=$other measure /api/v1/me 1)"
wait "$attack_pid"
attack_rps=$(awk '/Requests\/sec/ {print $2}' "$work/attack.txt")

echo "== $engine: 50 rules applied to the $count transactions (preview, apply, undo)"
for n in $(seq 1 50); do
  word=$(sql "SELECT payee FROM transactions GROUP BY payee ORDER BY payee LIMIT 1 OFFSET $((n - 1));")
  curl -sf -o /dev/null -H "Authorization: Bearer $token" -H "Content-Type: application/json" \
    -d "{\"conditions\":[{\"field\":\"payee\",\"test\":\"is\",\"value\":\"${word:-none}\"}],\"actions\":[{\"action\":\"markCleared\"}]}" \
    "$base/api/v1/rules" || true
done
timed() { # method path → seconds and the answer
  if [ "$1" = GET ]; then
    curl -s -m 600 -o "$work/answer.json" -w "%{time_total}" -H "Authorization: Bearer $token" "$base$2"
  else
    curl -s -m 600 -o "$work/answer.json" -w "%{time_total}" -X "$1" -H "Authorization: Bearer $token" \
      -H "Content-Type: application/json" -d '{}' "$base$2"
  fi
}
preview_s=$(timed POST /api/v1/rules/preview)
changed=$(python3 -c "import json; print(json.load(open('$work/answer.json')).get('changed', '?'))")
apply_s=$(timed POST /api/v1/rules/apply)
run=$(python3 -c "import json; print(json.load(open('$work/answer.json')).get('runId') or '')")
undo_s=$( [ -n "$run" ] && timed POST "/api/v1/rule-runs/$run/undo" || echo -)
# A walk's floor: its own statements (every counted row of the person's by id, a page at a time,
# only the columns it reads), run in the database alone.
walk_floor() { # columns where page → seconds
  if [ "$engine" = sqlite ]; then
    python3 - "$database" "$1" "$2" "$3" <<'PY3'
import sqlite3, sys, time
db, columns, where, page = sqlite3.connect(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
start, last = time.time(), 0
while True:
    rows = db.execute(f"SELECT {columns} {where} AND id > ? ORDER BY id LIMIT {page}", [last]).fetchall()
    if len(rows) < page: break
    last = rows[-1][0]
print(f"{time.time() - start:.1f}")
PY3
  else
    local start
    start=$(date +%s.%N)
    sql "DO \$\$ DECLARE last bigint := 0; n int; BEGIN LOOP
      SELECT count(*), max(id) INTO n, last FROM (SELECT $1 $2 AND id > last ORDER BY id LIMIT $3) p;
      EXIT WHEN n < $3; END LOOP; END \$\$;" >/dev/null
    python3 -c "print(f'{$(date +%s.%N) - $start:.1f}')"
  fi
}
person_rows="FROM transactions WHERE user_id = (SELECT id FROM users WHERE email = 'bench@example.com') AND kind IS NULL AND transfer_id IS NULL"
walk_s=$(walk_floor "id, booked_at, payee, original_name, notes, amount_minor, currency, account_id, category_id, category_source, status" "$person_rows" 2000)
rules_line="preview $preview_s s ($changed would change), apply $apply_s s, undo $undo_s s (goal: under 30 s each; floor: the walk's statements in $tool $walk_s s)"
echo "   $rules_line"

echo "== $engine: recurring payments found in the $count transactions"
find_s=$(timed POST /api/v1/recurring/find)
found=$(python3 -c "import json; print(len(json.load(open('$work/answer.json')).get('recurring', [])))")
# Incremental: one transaction more, and the next read looks at its payee alone.
curl -sf -o /dev/null -H "Authorization: Bearer $token" -H "Content-Type: application/json" \
  -d "{\"payee\":\"NETFLIX.COM 866-579\",\"amount\":\"-15.49\",\"currency\":\"EUR\",\"bookedAt\":\"$(date -u +%Y-%m-%dT%H:%M:%SZ)\"}" \
  "$base/api/v1/transactions" || true
again_s=$(timed GET /api/v1/recurring)
still_s=$(timed GET /api/v1/recurring)
recurring_floor_s=$(walk_floor "id, original_name, payee, amount_minor, currency, booked_at, booked_offset, category_id" "$person_rows AND amount_minor <> 0" 5000)
recurring_line="all history $find_s s ($found found; goal: under 10 s; floor: the walk's statements in $tool $recurring_floor_s s), after one new transaction $again_s s, nothing new $still_s s"
echo "   $recurring_line"

{
  echo "== $engine ($(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m), $tool for the floors, $(wrk --version 2>&1 |
    head -n 1 | awk '{print $1, $2}'), $count transactions, ${seconds} s per run)"
  echo "   load (billfold demo): $load_seconds"
  cat "$work/table.txt"
  [ -z "$pgbench_table" ] || cat "$pgbench_table"
  echo "   PAYBACK feed: $(sed 's/^   //' "$work/payback.txt")"
  echo "   another user's /api/v1/me: p50 $me_alone alone; p50 $me_attacked, p99 $me_attacked99 while sign-in takes $attack_rps wrong passwords/s"
  echo "   50 rules on $count transactions: $rules_line"
  echo "   recurring payments: $recurring_line"
  echo "   server memory: at start $rss_start; after the questions $rss_questions; after everything $(pid_rss)"
  echo "   memory over a long run: $soak_line"
  echo "   (each floor's statements: statements-$engine/)"
} | tee "$out/summary-$engine.txt"
