"""Converted totals checked by the plain-text accounting tools: an export carries the prices of the
days it uses, and hledger, ledger and beancount, converting with them, come to Billfold's own
converted totals. Flows (what an account took in or paid out over a span) convert each posting at
its own day: `hledger bal --value=then,EUR`, `ledger bal -X EUR -H`, beancount's `convert_amount`
at the entry's date. The rates are the ECB's real history; points take a person's own rate. On
SQLite and on PostgreSQL."""
import datetime
import subprocess
import sys
from decimal import ROUND_HALF_UP, Decimal

import pytest
import requests
from pathlib import Path

from beancount import loader
from beancount.core import convert, data, prices

from conftest import SHARED_FIXTURES, Server, api_caller, billfold, database_kinds, new_person, postgres_database

RATES = SHARED_FIXTURES / "rates" / "eurofxref-hist.csv"
CENT = Decimal("0.01")

# Money in four currencies at midday in early 2024: weekends and a holiday take the nearest
# earlier rate (1 January has none: 29 December's), and points are worth a cent each.
BOOKINGS = [
    ("Giro", "2024-01-02", "Rent", "-950.00"),
    ("Card", "2024-01-01", "Hotel New York", "-412.37"),
    ("Card", "2024-01-06", "Diner", "-23.18"),
    ("Card", "2024-01-15", "Refund", "58.90"),
    ("Card", "2024-02-03", "Book shop", "-17.49"),
    ("Card", "2024-02-29", "Salary USD", "2500.00"),
    ("Giro", "2024-02-27", "Salary", "3100.00"),
    ("Pounds", "2024-01-09", "Tube", "-7.80"),
    ("Pounds", "2024-02-11", "Theatre", "-64.00"),
    ("Points", "2024-01-20", "PAYBACK", "1234"),
    ("Points", "2024-02-20", "PAYBACK", "-500"),
]
ACCOUNTS = {"Giro": "EUR", "Card": "USD", "Pounds": "GBP", "Points": "PBP"}
SPANS = [(None, None), ("2024-01-01", "2024-01-31"), ("2024-02-01", "2024-02-29")]


@pytest.fixture(scope="module", params=database_kinds())
def book(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("conversion-" + request.param)
    database = str(folder / "billfold.sqlite") if request.param == "sqlite" else postgres_database()
    server = Server(database, folder)
    # The ECB's file as published, cut to the months the bookings need (the whole history's
    # import is proven in the Swift tests; here it would only take time).
    lines = RATES.read_text().splitlines(keepends=True)
    (folder / "rates.csv").write_text(lines[0] + "".join(
        line for line in lines[1:] if "2023-12-01" <= line[:10] <= "2024-03-31"))
    billfold("rates", "import", str(folder / "rates.csv"), database=database)
    email, token = new_person(server, "fx", "Fenna")
    api = api_caller(server, token)
    ids = {name: api("POST", "/api/v1/accounts", json={"name": name, "currency": currency})["id"]
           for name, currency in ACCOUNTS.items()}
    salary = api("POST", "/api/v1/categories", json={"name": "Salary", "isIncome": True})["id"]
    for account, day, payee, amount in BOOKINGS:
        api("POST", "/api/v1/transactions", json={
            "accountId": ids[account], "bookedAt": f"{day}T12:00:00Z", "payee": payee, "amount": amount,
            "currency": ACCOUNTS[account], **({"categoryId": salary} if payee.startswith("Salary") else {})})
    api("POST", "/api/v1/rates", json={"currency": "PBP", "rate": "0.01", "day": "2020-01-01"})
    journals = {}
    for fmt in ["hledger", "ledger", "beancount"]:
        path = folder / f"books.{fmt}"
        billfold("export", fmt, "--email", email, "--output", str(path), "--force", database=database)
        journals[fmt] = path
    yield server, api, ids, journals
    server.stop()


def cents(value):
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)


def billfold_converted(api, account_id, span):
    """The list's converted total for an account over a span (its own total when in euros)."""
    query = {"account": account_id, "limit": 1}
    if span[0]:
        query.update({"from": span[0], "to": span[1]})
    page = api("GET", "/api/v1/transactions", params=query)
    converted = page.get("convertedTotal")
    if converted:
        assert converted["currency"] == "EUR" and not converted["missingCurrencies"], converted
        return Decimal(converted["amount"])
    return sum((Decimal(t["amount"]) for t in page["totals"] if t["currency"] == "EUR"), Decimal(0))


def span_flags(span, tool):
    if not span[0]:
        return []
    # Both tools end a span on the day before the end they are given.
    end = {"2024-01-31": "2024-02-01", "2024-02-29": "2024-03-01"}[span[1]]
    return ["-b", span[0], "-e", end]


def hledger_then(journal, account, span):
    out = subprocess.run(
        ["hledger", "-f", str(journal), "bal", f"^assets:{account}$", "--value=then,EUR", "-N", "--flat",
         "--layout=bare", *span_flags(span, "hledger")], capture_output=True, text=True, check=True).stdout
    return cents(parse_tool_amount(out, "EUR"))


def ledger_historical(journal, account, span):
    out = subprocess.run(
        ["ledger", "-f", str(journal), "bal", f"^assets:{account}$", "-X", "EUR", "-H", "--flat", "--no-total",
         "--balance-format", "%(scrub(display_total))\n", *span_flags(span, "ledger")],
        capture_output=True, text=True, check=True).stdout
    return cents(parse_tool_amount(out, "EUR"))


def beancount_at_dates(journal, account, span):
    entries, errors, _ = loader.load_file(str(journal))
    assert not errors, errors
    price_map = prices.build_price_map(entries)
    total = Decimal(0)
    for entry in entries:
        if not isinstance(entry, data.Transaction):
            continue
        if span[0] and not (span[0] <= entry.date.isoformat() <= span[1]):
            continue
        for posting in entry.postings:
            if posting.account == f"Assets:{account}":
                value = convert.convert_amount(posting.units, "EUR", price_map, date=entry.date)
                assert value.currency == "EUR", f"no price for {posting.units} on {entry.date}"
                total += value.number
    return cents(total)


def parse_tool_amount(text, currency):
    """The one amount in `currency` a tool printed (0 when it printed none)."""
    found = Decimal(0)
    for line in text.splitlines():
        words = line.replace(",", "").split()
        for index, word in enumerate(words):
            if word == currency and index > 0:
                found += Decimal(words[index - 1])
    return found


@pytest.mark.parametrize("span", SPANS, ids=["all", "january", "february"])
@pytest.mark.parametrize("account", list(ACCOUNTS))
def test_the_tools_convert_as_billfold_does(book, account, span):
    server, api, ids, journals = book
    ours = billfold_converted(api, ids[account], span)
    assert ours != 0 or account == "Giro" and span[0] == "2024-02-01"
    assert hledger_then(journals["hledger"], account, span) == ours
    assert ledger_historical(journals["ledger"], account, span) == ours
    assert beancount_at_dates(journals["beancount"], account, span) == ours


def test_the_journals_carry_the_prices_of_the_days_used(book):
    server, api, ids, journals = book
    hledger = journals["hledger"].read_text()
    # 1 January has no ECB rate: 29 December 2023's (1 EUR = 1.1050 USD) stands for it.
    assert f"P 2024-01-01 USD {Decimal(1) / Decimal('1.1050'):.30f}"[:40] in hledger
    assert "P 2024-01-20 PBP 0.01 EUR" in hledger
    assert "EUR EUR" not in hledger and "P 2024-01-02 EUR" not in hledger
    check = subprocess.run([str(Path(sys.executable).parent / "bean-check"), str(journals["beancount"])], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    assert "2024-01-31 price GBP" in journals["beancount"].read_text()


@pytest.mark.parametrize("month, end", [("2024-01", "2024-02-01"), ("2024-02", "2024-03-01")])
def test_net_worth_converts_at_the_month_end_as_the_tools_do(book, month, end):
    """A balance converts at the rate of the day it is for: the tools value the assets at the end
    of the span (`hledger bal -X EUR -e`, `ledger bal -X EUR -e`, beancount's price on that day),
    added up exactly and rounded once, as Billfold does (the accounts' rounded lines would not)."""
    server, api, ids, journals = book
    report = api("GET", "/api/v1/reports/net-worth", params={"from": month, "to": month})
    ours = Decimal(report["months"][0]["converted"]["amount"])
    assert report["months"][0]["converted"]["currency"] == "EUR"
    hledger = subprocess.run(["hledger", "-f", str(journals["hledger"]), "bal", "^assets", "-X", "EUR", "-e", end,
                              "--layout=bare", "-N", "--depth", "1"], capture_output=True, text=True, check=True).stdout
    ledger = subprocess.run(["ledger", "-f", str(journals["ledger"]), "bal", "^assets", "-X", "EUR", "-e",
                             end.replace("-", "/"), "--depth", "1", "--no-total"],
                            capture_output=True, text=True, check=True).stdout
    assert cents(parse_tool_amount(hledger, "EUR")) == ours
    assert cents(parse_tool_amount(ledger, "EUR")) == ours
    entries, _, _ = loader.load_file(str(journals["beancount"]))
    price_map = prices.build_price_map(entries)
    held = {}
    for entry in entries:
        if isinstance(entry, data.Transaction) and entry.date.isoformat() < end:
            for posting in entry.postings:
                if posting.account.startswith("Assets:"):
                    held[posting.units.currency] = held.get(posting.units.currency, Decimal(0)) + posting.units.number
    day = (datetime.date.fromisoformat(end) - datetime.timedelta(days=1))
    total = sum((convert.convert_amount(data.Amount(number, currency), "EUR", price_map, date=day).number
                 for currency, number in held.items()), Decimal(0))
    assert cents(total) == ours


def hledger_flow(journal, pattern, begin, end):
    out = subprocess.run(["hledger", "-f", str(journal), "bal", pattern, "--value=then,EUR", "-b", begin, "-e", end,
                          "--layout=bare", "-N", "--depth", "1"], capture_output=True, text=True, check=True).stdout
    return cents(parse_tool_amount(out, "EUR"))


@pytest.mark.parametrize("path, params, begin, end", [
    ("/api/v1/reports/monthly", {"from": "2024-01", "to": "2024-02"}, "2024-01-01", "2024-03-01"),
    ("/api/v1/reports/year", {"year": "2024"}, "2024-01-01", "2025-01-01"),
])
def test_reports_convert_income_and_spending_as_the_tools_do(book, path, params, begin, end):
    """The reports' income (the income category) and spending (every other category, refunds
    lowering it), with every currency converted in at each day's rate: hledger's flows of the same
    journal accounts with `--value=then`."""
    server, api, ids, journals = book
    converted = api("GET", path, params=params)["converted"]
    assert all(converted[figure]["currency"] == "EUR" for figure in ["income", "spending", "net"])
    income = hledger_flow(journals["hledger"], "^income", begin, end)
    spending = hledger_flow(journals["hledger"], "^expenses", begin, end)
    assert Decimal(converted["income"]["amount"]) == -income
    assert Decimal(converted["spending"]["amount"]) == spending
    assert Decimal(converted["net"]["amount"]) == hledger_flow(journals["hledger"], "^assets", begin, end)


@pytest.mark.parametrize("month, begin, end", [("2024-01", "2024-01-01", "2024-02-01"),
                                                ("2024-02", "2024-02-01", "2024-03-01")])
def test_budgets_count_what_was_spent_in_every_currency(book, month, begin, end):
    """A month's budget sheet: what every spending category took in every currency, converted at
    each day's rate, equals hledger's converted flow into the expense accounts (income apart)."""
    server, api, ids, journals = book
    sheet = api("GET", "/api/v1/budgets", params={"month": month})
    assert sheet["convertedSpent"]["currency"] == "EUR" and not sheet["convertedSpent"]["missingCurrencies"]
    assert Decimal(sheet["convertedSpent"]["amount"]) == hledger_flow(journals["hledger"], "^expenses", begin, end)
