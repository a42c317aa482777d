#!/usr/bin/env python3
"""`make bench`'s verdicts: every question beside its goal on each database, ✓ or ✗.

Reads the measures bench-questions.sh wrote per database (measures-ENGINE.tsv: name, path, p50 and
p99 at 1 connection, p50 at 4, p50 and p99 at 16, floor) and prints one table, question by
database. A question's goal follows from what it asks (its path):
- the list (`/api/v1/transactions`, any combination of filters, with its totals): p50 ≤ 3 ms at
  one connection, p50 ≤ 15 ms and p99 ≤ 50 ms at 16;
- the same with words (`q=`): p50 ≤ 25 ms at one connection, and the same at 16;
- `/v1/transactions`: p50 ≤ 30 ms at 4 connections;
- budgets, Home, the reports and Activity (their APIs and pages): p50 ≤ 50 ms at 16 connections;
- anything else is measured without a goal (–).
  bench-goals.py OUT   (the folder holding measures-sqlite.tsv and measures-postgres.tsv)
"""
import csv
import re
import sys
from pathlib import Path

UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def ms(text):
    """wrk's "1.23ms" in milliseconds; None when not measured."""
    match = re.fullmatch(r"([0-9.]+)(us|ms|s)", text or "")
    return float(match.group(1)) * UNITS[match.group(2)] if match else None


def goal(path):
    """(description, [(measure, limit in ms)]) for a question's path."""
    if path.startswith("/v1/transactions"):
        return "p50 ≤ 30 ms at 4 conn.", [("p50_4", 30)]
    if path.startswith("/api/v1/transactions"):
        first = 25 if re.search(r"[?&]q=", path) else 3
        return (f"p50 ≤ {first} ms at 1 conn., p50 ≤ 15 and p99 ≤ 50 ms at 16",
                [("p50_1", first), ("p50_16", 15), ("p99_16", 50)])
    if re.match(r"/(api/)?(v1/)?(budgets|home|reports|activity)", path):
        return "p50 ≤ 50 ms at 16 conn.", [("p50_16", 50)]
    return "", []


def verdict(row, limits):
    if not limits:
        return "–"
    values = [ms(row.get(measure)) for measure, _ in limits]
    if any(v is None for v in values):
        return "?"
    return "✓" if all(v <= limit for v, (_, limit) in zip(values, limits)) else "✗"


def main():
    out = Path(sys.argv[1])
    engines = [e for e in ("sqlite", "postgres") if (out / f"measures-{e}.tsv").exists()]
    measures = {}
    order = []
    for engine in engines:
        with open(out / f"measures-{engine}.tsv", encoding="utf-8") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                if row["name"] not in order:
                    order.append(row["name"])
                measures[(row["name"], engine)] = row
    header = ["question", "goal"]
    for engine in engines:
        header += [f"{engine}: 1 conn. p50", "4 conn. p50", "16 conn. p50 / p99", "floor", "✓"]
    print("| " + " | ".join(header) + " |")
    print("|" + " --- |" * len(header))
    met = {engine: [0, 0] for engine in engines}
    for name in order:
        path = next(measures[(name, e)]["path"] for e in engines if (name, e) in measures)
        description, limits = goal(path)
        cells = [name, description or "–"]
        for engine in engines:
            row = measures.get((name, engine), {})
            mark = verdict(row, limits)
            if mark in "✓✗":
                met[engine][0] += mark == "✓"
                met[engine][1] += 1
            cells += [row.get("p50_1", ""), row.get("p50_4", "") or "–",
                      f"{row.get('p50_16', '')} / {row.get('p99_16', '')}", f"{row.get('floor', '')} ms", mark]
        print("| " + " | ".join(cells) + " |")
    print()
    for engine in engines:
        print(f"{engine}: {met[engine][0]} of {met[engine][1]} questions with a goal meet it")


if __name__ == "__main__":
    main()
