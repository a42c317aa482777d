#!/usr/bin/env python3
"""The list's questions, generated: every combination of its filters that `make bench` measures
and the plan test (tests/test_question_plans.py) checks, so a combination nobody thought of cannot
fall off the sums unnoticed.

Each filter has a few values (a category, a group, uncategorised; a busy and a quiet account; two
statuses; a tag;
three date ranges; a common and a rare word). `pairs` is every filter alone and every two filters
together, plus a seeded sample of three and four at once; `every` is the whole product.

  questions.py --groceries ID --food ID --account ID --quiet ID --tag ID --today YYYY-MM-DD [--every]
Prints one "name|path" line per question, for bench-questions.sh.
"""
import argparse
import datetime
import itertools
import random
import urllib.parse


def dimensions(ids, today):
    """Each filter's values: (label, query parameters)."""
    month = today.replace(day=1)
    year_ago = (month - datetime.timedelta(days=335)).replace(day=1)
    # A quarter in the past that starts and ends mid-month: its edges are not the sums' blocks.
    quarter_from = month - datetime.timedelta(days=200)
    quarter_to = quarter_from + datetime.timedelta(days=91)
    return {
        "category": [
            ("category", {"category": ids["groceries"]}),
            ("group", {"category": ids["food"]}),
            ("uncategorised", {"category": "none"}),
        ],
        # A busy account, and a quiet one that never holds the category or the group (a points
        # card): where two indexes never meet, walking either finds nothing.
        "account": [("account", {"account": ids["account"]}), ("quiet account", {"account": ids["quiet"]})],
        "status": [("uncleared", {"status": "uncleared"}), ("cleared", {"status": "cleared"})],
        "tag": [("tag", {"tag": ids["tag"]})],
        "range": [
            ("this month", {"from": month.isoformat()}),
            ("a quarter", {"from": quarter_from.isoformat(), "to": quarter_to.isoformat()}),
            ("12 months", {"from": year_ago.isoformat(), "to": today.isoformat()}),
        ],
        "search": [("q=rewe", {"q": "rewe"}), ("q=lufthansa", {"q": "lufthansa"})],
    }


def question(values):
    """A combination's name and path."""
    name = " + ".join(label for label, _ in values) or "unfiltered"
    parameters = {}
    for _, more in values:
        parameters.update(more)
    path = "/api/v1/transactions"
    if parameters:
        path += "?" + urllib.parse.urlencode(parameters)
    return name, path


def combinations(ids, today, every=False, sample=24, seed=43):
    """The questions: (name, path), unfiltered first."""
    filters = list(dimensions(ids, today).values())
    if every:
        chosen = itertools.product(*[[None] + values for values in filters])
        return [question([v for v in combo if v]) for combo in chosen]
    found = [question([])]
    for size in (1, 2):
        for group in itertools.combinations(filters, size):
            found += [question(list(combo)) for combo in itertools.product(*group)]
    pick = random.Random(seed)
    deeper = []
    for _ in range(sample):
        group = pick.sample(filters, pick.choice((3, 4)))
        deeper.append(question([pick.choice(values) for values in group]))
    return found + sorted(set(deeper) - set(found))


def main():
    parser = argparse.ArgumentParser()
    names = ("groceries", "food", "account", "quiet", "tag")
    for name in names:
        parser.add_argument("--" + name, required=True)
    parser.add_argument("--today", required=True)
    parser.add_argument("--every", action="store_true")
    arguments = parser.parse_args()
    ids = {name: getattr(arguments, name) for name in names}
    today = datetime.date.fromisoformat(arguments.today)
    for name, path in combinations(ids, today, every=arguments.every):
        print(f"{name}|{path}")


if __name__ == "__main__":
    main()
