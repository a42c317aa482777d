#!/usr/bin/env python3
"""The floor of each question in `make bench`: the very statements the server ran for it, timed in
the database's own command-line tool (`sqlite3` or `psql`) on the same data.

The server is started at `--log-level trace`, where SQLKit logs every statement with its binds and
the request it belongs to. Each question is asked once to warm the caches, then once more with the
log emptied; that request's statements (binds written in as literals) are run in the tool, many
times in one process, and the process's own start-up (the same run with no statements) is taken off.

  bench-floors.py --log FILE --base URL --token T [--session S] --engine sqlite|postgres --database PATH|URL \
      --pragmas SQL "NAME|PATH" ...
Prints one line per question: name, floor in ms, the number of statements.
"""
import argparse
import os
import re
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from statements import statements  # noqa: E402


def ask(base, credentials, path):
    request = urllib.request.Request(base + path, headers=credentials)
    with urllib.request.urlopen(request, timeout=600) as response:
        while response.read(1 << 20):
            pass


def run(engine, database, script):
    if engine == "sqlite":
        command = ["sqlite3", "-bail", database]
    else:
        command = ["psql", database, "-q", "-X", "-v", "ON_ERROR_STOP=1"]
    start = time.perf_counter()
    subprocess.run(command, input=script, text=True, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def floor_ms(engine, database, pragmas, sql):
    header = (pragmas + "\n.output /dev/null\n") if engine == "sqlite" else "\\o /dev/null\n"
    once = run(engine, database, header + sql)
    repetitions = max(2, min(50, int(2.0 / max(once, 0.001))))
    best = None
    for _ in range(3):
        took = run(engine, database, header + sql * repetitions) - run(engine, database, header)
        best = took if best is None else min(best, took)
    return max(best, 0) * 1000 / repetitions


def main():
    parser = argparse.ArgumentParser()
    for name in ("log", "base", "token", "engine", "database"):
        parser.add_argument("--" + name, required=True)
    parser.add_argument("--session", help="a web session's cookie, for questions NAME|PATH|web")
    parser.add_argument("--pragmas", default="")
    parser.add_argument("--save", help="a folder to keep each question's statements in, as NAME.sql")
    parser.add_argument("questions", nargs="+",
                        help="NAME|PATH, or NAME|PATH|web for a page signed in by --session; a NAME ending in ! is asked once")
    arguments = parser.parse_args()
    if not arguments.session and any(q.endswith("|web") for q in arguments.questions):
        parser.error("a NAME|PATH|web question needs --session")
    for question in arguments.questions:
        name, path, *how = question.split("|", 2)
        credentials = ({"Cookie": "billfold_session=" + arguments.session} if how == ["web"]
                       else {"Authorization": "Bearer " + arguments.token})
        once = name.endswith("!")
        name = name.rstrip("!")
        if not once:
            ask(arguments.base, credentials, path)
        time.sleep(0.3)  # background work of the warm-up logs first
        open(arguments.log, "w").close()
        ask(arguments.base, credentials, path)
        time.sleep(0.3)
        with open(arguments.log, encoding="utf-8", errors="replace") as log:
            found = statements(log.read().replace("\x00", ""))  # truncated under the server's open file
        sql = "\n".join(found) + "\n"
        if arguments.save:
            with open(f"{arguments.save}/{re.sub(r'[^A-Za-z0-9]+', '-', name).strip('-')}.sql", "w", encoding="utf-8") as saved:
                saved.write(sql)
        print(f"{name}\t{floor_ms(arguments.engine, arguments.database, arguments.pragmas, sql):.2f}\t{len(found)}",
              flush=True)


if __name__ == "__main__":
    main()
