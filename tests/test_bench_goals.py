"""`make bench`'s closing table judges each question against its goal (scripts/bench-goals.py): a
measure over its goal is ✗, within it ✓, and a question without a goal is measured without one."""
import subprocess
import sys

from conftest import ROOT

HEADER = "name\tpath\tp50_1\tp99_1\tp50_4\tp50_16\tp99_16\tfloor\n"


def table(tmp_path, rows):
    (tmp_path / "measures-sqlite.tsv").write_text(HEADER + "".join("\t".join(r) + "\n" for r in rows))
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench-goals.py"), str(tmp_path)],
                         capture_output=True, text=True, check=True).stdout
    return {line.split(" | ")[0].lstrip("| "): line.rstrip(" |").rsplit(" | ", 1)[-1]
            for line in out.splitlines()[2:] if line.startswith("| ")}, out


def test_each_question_is_judged_against_its_goal(tmp_path):
    marks, out = table(tmp_path, [
        ("list fast", "/api/v1/transactions?tag=1", "2.10ms", "3ms", "", "12.00ms", "40.00ms", "0.2"),
        ("list slow alone", "/api/v1/transactions", "3.50ms", "5ms", "", "12.00ms", "40.00ms", "0.2"),
        ("list slow at 16", "/api/v1/transactions", "1.00ms", "2ms", "", "16.00ms", "40.00ms", "0.2"),
        ("words", "/api/v1/transactions?q=rewe", "24.00ms", "30ms", "", "14.00ms", "49.00ms", "1"),
        ("v1 fast", "/v1/transactions", "10.00ms", "20ms", "29.00ms", "90.00ms", "1.2s", "1"),
        ("v1 slow", "/v1/transactions?offset=5", "20.00ms", "20ms", "31.00ms", "90.00ms", "1.2s", "1"),
        ("home", "/api/v1/home", "5.00ms", "6ms", "", "51.00ms", "60.00ms", "1"),
        ("web budgets", "/budgets", "5.00ms", "6ms", "", "49.00ms", "60.00ms", "1"),
        ("accounts", "/api/v1/accounts", "5.00ms", "6ms", "", "99.00ms", "2s", "1"),
    ])
    assert marks == {
        "list fast": "✓", "list slow alone": "✗", "list slow at 16": "✗", "words": "✓", "v1 fast": "✓",
        "v1 slow": "✗", "home": "✗", "web budgets": "✓", "accounts": "–"}, out
    assert "sqlite: 4 of 8 questions with a goal meet it" in out
