"""`billfold mcp` driven by the official Python MCP client (PyPI `mcp`), unchanged, over standard
input and output, against a running server on both databases: initialise, list the tools, call
every one and check its answers against the native API's; a read-only token gets only the reading
tools and is refused a write; a bad argument is a tool error in the person's language."""
import asyncio
import json
import sqlite3
import subprocess

import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from conftest import BINARY, api_caller, billfold, new_person

READING = {"search_transactions", "transaction_totals", "list_accounts", "list_categories", "get_budget",
           "list_recurring_payments", "review_queue"}
WRITING = {"set_transaction_category", "set_transaction_status", "create_rule"}


@pytest.fixture(scope="module")
def person(server):
    """A person of their own on the shared server, with a year of demo books and both kinds of token."""
    email, token = new_person(server, "mcp", "Mia")
    billfold("demo", "--email", email, "--transactions", "300", database=server.database)
    reader = billfold("tokens", "create", "--email", email, "--label", "assistant", "--scope", "read",
                      database=server.database).stdout.strip().splitlines()[-1]
    return {"email": email, "token": token, "reader": reader, "api": api_caller(server, token)}


def with_assistant(server, token, work, token_in_environment=False):
    """Runs `work(session)` against `billfold mcp --server … --token …` (or the token in
    BILLFOLD_TOKEN, as an assistant's configuration keeps it); returns what it returns."""
    args = ["mcp", "--server", server.url] + ([] if token_in_environment else ["--token", token])
    env = {"BILLFOLD_LANGUAGE": "en", "HOME": "/nonexistent"}
    if token_in_environment:
        env["BILLFOLD_TOKEN"] = token
    parameters = StdioServerParameters(command=str(BINARY), args=args, env=env)

    async def run():
        async with stdio_client(parameters) as (read, write):
            async with ClientSession(read, write) as session:
                initialised = await session.initialize()
                assert initialised.serverInfo.name == "billfold"
                return await work(session)

    return asyncio.run(asyncio.wait_for(run(), timeout=120))


def answer(result):
    """A successful call's structured answer (the same as its text)."""
    assert not result.isError, result.content[0].text
    structured = result.structuredContent
    assert json.loads(result.content[0].text) == structured
    return structured


def test_every_tool_answers_as_the_native_api_does(server, person):
    api = person["api"]
    native_page = api("GET", "/api/v1/transactions?limit=5")
    categories = api("GET", "/api/v1/categories")["categories"]
    groceries = next(c for c in categories if c["name"] == "Groceries")
    groceries_page = api("GET", f"/api/v1/transactions?limit=500&category={groceries['id']}")
    accounts = api("GET", "/api/v1/accounts")["accounts"]
    budget = api("GET", "/api/v1/budgets")
    recurring = api("GET", "/api/v1/recurring")
    waiting = api("GET", "/api/v1/review/months")["total"]
    uncategorised = api("GET", "/api/v1/transactions?category=none&limit=1")["totals"]

    async def work(session):
        tools = {tool.name: tool for tool in (await session.list_tools()).tools}
        assert set(tools) == READING | WRITING
        for tool in tools.values():
            assert tool.description and len(tool.description) > 60, tool.name
            assert tool.inputSchema["type"] == "object", tool.name
            assert tool.annotations.readOnlyHint == (tool.name in READING), tool.name
        found = {}
        found["page"] = answer(await session.call_tool("search_transactions", {"limit": 5}))
        found["groceries"] = answer(await session.call_tool(
            "search_transactions", {"category": "groceries", "limit": 3}))
        found["uncategorised"] = answer(await session.call_tool("search_transactions", {"category": "none"}))
        found["by month"] = answer(await session.call_tool("transaction_totals", {
            "groupBy": "month", "category": "Groceries"}))
        found["by category"] = answer(await session.call_tool("transaction_totals", {"groupBy": "category"}))
        found["accounts"] = answer(await session.call_tool("list_accounts", {}))
        found["categories"] = answer(await session.call_tool("list_categories", {}))
        found["budget"] = answer(await session.call_tool("get_budget", {}))
        found["recurring"] = answer(await session.call_tool("list_recurring_payments", {}))
        found["review"] = answer(await session.call_tool("review_queue", {}))
        waiting = found["review"]["next"][0]["id"]
        found["cleared"] = answer(await session.call_tool(
            "set_transaction_status", {"id": waiting, "status": "cleared"}))
        found["moved"] = answer(await session.call_tool(
            "set_transaction_category", {"id": waiting, "category": "Groceries"}))
        found["rule"] = answer(await session.call_tool("create_rule", {
            "conditions": [{"field": "payee", "test": "contains", "value": "Assistant Test Shop"}],
            "category": "Groceries", "markCleared": True, "name": "from the assistant"}))
        return found

    found = with_assistant(server, person["token"], work)

    # A page: the native page's rows and the whole filter's totals, amounts exact and as read.
    assert [row["id"] for row in found["page"]["transactions"]] == [t["id"] for t in native_page["transactions"]]
    assert [(t["currency"], t["amount"], t["count"]) for t in found["page"]["totals"]] == \
        [(t["currency"], t["amount"], t["count"]) for t in native_page["totals"]]
    first = found["page"]["transactions"][0]
    assert first["amount"] == native_page["transactions"][0]["amount"] and first["shown"]
    assert found["page"]["nextCursor"] == native_page["nextCursor"]
    # A category named as a person writes it, with the totals of all its rows, not the page's.
    assert len(found["groceries"]["transactions"]) == 3
    assert all(row["category"] == "Groceries" for row in found["groceries"]["transactions"])
    assert found["groceries"]["totals"][0]["count"] == len(groceries_page["transactions"])

    assert [(t["currency"], t["amount"]) for t in found["uncategorised"]["totals"]] == \
        [(t["currency"], t["amount"]) for t in uncategorised]

    # By month: the months add up to the category's rows of the last twelve months.
    months = found["by month"]["groups"]
    assert 1 <= len(months) <= 12 and all(len(group["group"]) == 7 for group in months)
    by_category = {group["group"]: group for group in found["by category"]["groups"]}
    eur = next(t for t in by_category["Groceries"]["totals"] if t["currency"] == "EUR")
    native = next(t for t in groceries_page["totals"] if t["currency"] == "EUR")
    assert eur["amount"] == native["amount"] and eur["count"] == native["count"]

    assert [(a["name"], a["balance"]) for a in found["accounts"]["items"]] == \
        [(a["name"], a["balance"]) for a in accounts]
    assert {c["name"] for c in found["categories"]["items"]} == {c["name"] for c in categories}
    assert (found["budget"]["month"], found["budget"]["spent"]) == (budget["month"], budget["spent"])
    assert [r["id"] for r in found["recurring"]["recurring"]] == [r["id"] for r in recurring["recurring"]]
    assert found["review"]["waiting"] == waiting > 0

    # The writes, seen through the native API.
    changed = api("GET", f"/api/v1/transactions/{found['moved']['id']}")
    assert changed["status"] == "cleared" and changed["categoryId"] == groceries["id"]
    assert found["moved"]["category"] == "Groceries"
    rules = api("GET", "/api/v1/rules")["rules"]
    assert any(r["name"] == "from the assistant" and r["id"] == found["rule"]["rule"]["id"] for r in rules)


def test_a_read_only_token_gets_the_reading_tools_and_no_write(server, person):
    api = person["api"]
    before = api("GET", "/api/v1/transactions?limit=1")["transactions"][0]

    async def work(session):
        tools = {tool.name for tool in (await session.list_tools()).tools}
        refused = await session.call_tool("set_transaction_status", {"id": before["id"], "status": "uncleared"})
        read = await session.call_tool("list_accounts", {})
        return tools, refused, read

    tools, refused, read = with_assistant(server, person["reader"], work, token_in_environment=True)
    assert tools == READING
    assert refused.isError and "may only read" in refused.content[0].text
    assert not read.isError
    assert api("GET", f"/api/v1/transactions/{before['id']}") == before


def test_bad_arguments_are_tool_errors_in_the_persons_language(server, person):
    async def work(session):
        calls = [
            ("search_transactions", {"from": "yesterday"}),
            ("search_transactions", {"category": "Nonsense"}),
            ("search_transactions", {"limit": 1000}),
            ("search_transactions", {"colour": "red"}),
            ("transaction_totals", {"groupBy": "month", "from": "2001-01-01", "to": "2026-01-01"}),
            ("transaction_totals", {"groupBy": "month", "from": "2026-03-01", "to": "2026-01-01"}),
            ("set_transaction_status", {"id": 1, "status": "pending"}),
            ("set_transaction_status", {"id": 987654321, "status": "cleared"}),
            ("no_such_tool", {}),
        ]
        answers = [await session.call_tool(name, arguments) for name, arguments in calls]
        # The server is still there after all of them.
        answers.append(await session.call_tool("list_accounts", {}))
        return answers

    answers = with_assistant(server, person["token"], work)
    texts = [a.content[0].text for a in answers[:-1]]
    assert all(a.isError for a in answers[:-1]), texts
    assert "yesterday" in texts[0] and "date" in texts[0]
    assert "No category is called “Nonsense”" in texts[1] and "Groceries" in texts[1]
    assert "from 1 to 100" in texts[2]
    assert "colour" in texts[3] and "query" in texts[3]
    assert "at most 36 months" in texts[4]
    assert "before" in texts[5] and "2026-03-01" in texts[5]
    assert "cleared or uncleared" in texts[6]
    assert "No transaction" in texts[7]
    assert "no_such_tool" in texts[8]
    assert not answers[-1].isError

    # The same in German, the person's language, whatever the terminal's.
    email, token = new_person(server, "mcp-de", "Mia")
    set_locale(server, email, "de-DE")

    async def german(session):
        return await session.call_tool("search_transactions", {"category": "Unsinn"})

    refused = with_assistant(server, token, german)
    assert refused.isError and "Keine Kategorie heißt „Unsinn“" in refused.content[0].text


def set_locale(server, email, locale):
    """The person's language, as Settings saves it."""
    if server.database.startswith("postgres"):
        subprocess.run(["psql", server.database, "-q", "-c",
                        f"UPDATE users SET locale = '{locale}' WHERE email = '{email}'"], check=True)
    else:
        with sqlite3.connect(server.database) as db:
            db.execute("UPDATE users SET locale = ? WHERE email = ?", (locale, email))
