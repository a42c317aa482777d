#!/usr/bin/env python3
"""PostgreSQL's own floor at many connections: the very statements the server ran for a question
(saved by bench-floors.py), run by `pgbench` from N clients at once, each client running them in
order on its own connection, one round trip each, as a request does. Beside the server's p50 and
p99 at 16 connections, it tells what the database alone costs at that load on the same cores.

  bench-pgbench.py --database URL [--clients 16] [--seconds 5] FILE.sql ...
Prints one line per file: its name, p50 and p99 in ms, transactions per second.
"""
import argparse
import glob
import os
import statistics
import subprocess
import sys
import tempfile


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(database, script, clients, seconds):
    """(p50 ms, p99 ms, transactions per second) of `script` run by `clients` at once."""
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(
            ["pgbench", "-n", "-c", str(clients), "-j", str(min(clients, os.cpu_count() or 1)), "-T", str(seconds),
             "-l", "-f", os.path.abspath(script), database],
            cwd=folder, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        latencies = []  # a log line: client, transaction, latency in µs, script, epoch, µs
        for log in glob.glob(os.path.join(folder, "pgbench_log.*")):
            with open(log, encoding="utf-8") as lines:
                latencies += [int(line.split()[2]) / 1000 for line in lines if line.strip()]
    if not latencies:
        sys.exit(f"pgbench ran nothing of {script}")
    return statistics.median(latencies), percentile(latencies, 0.99), len(latencies) / seconds


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--database", required=True)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("scripts", nargs="+")
    arguments = parser.parse_args()
    for script in arguments.scripts:
        p50, p99, rate = measure(arguments.database, script, arguments.clients, arguments.seconds)
        name = os.path.splitext(os.path.basename(script))[0]
        print(f"{name}\t{p50:.2f}\t{p99:.2f}\t{rate:.0f}")


if __name__ == "__main__":
    main()
