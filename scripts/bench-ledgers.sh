#!/usr/bin/env bash
# The last part of `make bench` (asserts nothing): the accounts' balances computed by hledger and
# ledger on `billfold export` journals of the SQLite bench's data, their times, the ratio to
# Billfold's answer (GET /api/v1/accounts, p50 at one connection), and whether their balances
# equal Billfold's on SQLite and on PostgreSQL (the demo book is the same on both: it is seeded).
#   scripts/bench-ledgers.sh BIN OUT   (OUT: the folder bench-questions.sh wrote)
set -euo pipefail
bin=$1 out=$2
timed() { # OUTPUT COMMAND…: runs it into OUTPUT, prints the seconds it took
  local output=$1 start
  shift
  start=$(date +%s.%N)
  "$@" >"$output"
  python3 -c "print(f'{$(date +%s.%N) - $start:.2f}')"
}

echo "== hledger and ledger: the same balances from an export of the same data"
"$bin" export hledger --email bench@example.com --database "$out/bench.sqlite" --output "$out/books.journal" >/dev/null
"$bin" export ledger --email bench@example.com --database "$out/bench.sqlite" --output "$out/books.ledger" >/dev/null
hledger_seconds=$(timed "$out/hledger-balance.csv" hledger -f "$out/books.journal" balance assets --flat --no-total -O csv)
ledger_seconds=$(timed "$out/ledger-balance.txt" ledger -f "$out/books.ledger" balance assets --flat --no-total \
  --balance-format '%(account)\t%(display_total)\n')

python3 - "$out" "$hledger_seconds" "$ledger_seconds" "$(hledger --version | awk '{print $1, $2}' | tr -d ,)" \
  "$(ledger --version | head -n 1 | awk '{print $1, $2}' | tr -d ,)" <<'PY' | tee "$out/summary-ledgers.txt"
import csv, json, os, re, sys
from decimal import Decimal
out, hledger_seconds, ledger_seconds, hledger_name, ledger_name = sys.argv[1:]

def amounts(text):  # "-12.50 EUR, 3 USD" → {"EUR": Decimal("-12.50"), "USD": Decimal(3)}
    found = {}
    for number, commodity in re.findall(r"(-?[0-9.]+) ([A-Z]+)", text):
        found[commodity] = found.get(commodity, 0) + Decimal(number)
    return found

hledger = {}
with open(f"{out}/hledger-balance.csv", encoding="utf-8") as f:
    for row in list(csv.reader(f))[1:]:
        hledger[row[0].removeprefix("assets:")] = amounts(row[1])
ledger, account = {}, None
with open(f"{out}/ledger-balance.txt", encoding="utf-8") as f:
    for line in f:  # a second currency's amount comes on a line of its own
        if "\t" in line:
            account, text = line.rstrip("\n").split("\t", 1)
            account = account.removeprefix("assets:")
            ledger[account] = amounts(text)
        elif account:
            ledger[account].update(amounts(line))

def p50_ms(engine):
    for line in open(f"{out}/summary-{engine}.txt", encoding="utf-8"):
        if line.startswith("accounts with balances"):
            value, unit = re.match(r"[^|]*\| ([0-9.]+)(us|ms|s)", line).groups()
            return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]

print(f"== Balances of every account: hledger and ledger beside Billfold")
for name, seconds in ((hledger_name, hledger_seconds), (ledger_name, ledger_seconds)):
    ratio = float(seconds) * 1000 / max(p50_ms("sqlite"), 0.001)
    print(f"   {name}: {seconds} s, {ratio:,.0f}× Billfold's GET /api/v1/accounts on SQLite (p50 {p50_ms('sqlite')} ms)")
for engine in ("sqlite", "postgres"):
    path = f"{out}/accounts-{engine}.json"
    if not os.path.exists(path):
        continue
    billfold = {}
    for a in json.load(open(path, encoding="utf-8"))["accounts"]:
        sums = {a["currency"]: Decimal(a["balance"])}
        for other in a["otherCurrencies"]:
            sums[other["currency"]] = Decimal(other["amount"])
        billfold[a["name"]] = {c: v for c, v in sums.items() if v != 0}
    for tool, balances in (("hledger", hledger), ("ledger", ledger)):
        same = {k: {c: v for c, v in s.items() if v != 0} for k, s in balances.items()} == billfold
        print(f"   {tool}'s balances {'equal' if same else 'DIFFER FROM'} Billfold's on {engine}"
              + ("" if same else f": {balances} against {billfold}"))
PY
