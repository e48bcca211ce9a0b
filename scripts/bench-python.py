#!/usr/bin/env python3
"""The Python package's costs: its import time, and a call on the seed board
against the CLI doing the same in a process of its own, both measured in this one run.

Usage: bench-python.py PYTHON PUZZLEC   (PYTHON: an interpreter with the package installed;
PUZZLEC: the release CLI). Prints a Markdown table; medians of repeated runs.
"""
import json
import statistics
import subprocess
import sys
import time

SEED = "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12"
RUNS = 21

python, cli = sys.argv[1], sys.argv[2]


def median_ms(samples):
    return statistics.median(samples) * 1000


def import_time():
    """Seconds to import puzzlec in a fresh interpreter (timed inside it), and the whole
    interpreter start without it, for scale."""
    code = "import time; t = time.perf_counter(); import puzzlec; print(time.perf_counter() - t)"
    inside = [float(subprocess.run([python, "-c", code], capture_output=True, text=True, check=True).stdout) for _ in range(RUNS)]
    bare = []
    for _ in range(RUNS):
        t = time.perf_counter()
        subprocess.run([python, "-c", "pass"], check=True)
        bare.append(time.perf_counter() - t)
    return median_ms(inside), median_ms(bare)


CALLS = """
import json, statistics, sys, time
import puzzlec
seed, solver, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
walls, inner = [], []
for _ in range(runs):
    t = time.perf_counter()
    a = puzzlec.solve(puzzle="slide", board=seed, solver=solver)
    walls.append(time.perf_counter() - t)
    inner.append(a.time_ms)
    assert a.length == 15 and a.optimal
print(json.dumps({"wall": statistics.median(walls), "inner_ms": statistics.median(inner)}))
"""


def python_call(solver):
    out = subprocess.run([python, "-c", CALLS, SEED, solver, str(RUNS)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def cli_call(solver):
    walls = []
    for _ in range(RUNS):
        t = time.perf_counter()
        out = subprocess.run([cli, "solve", "slide", "--board", SEED, "--solver", solver, "--json", "-q"],
                             capture_output=True, text=True, check=True)
        walls.append(time.perf_counter() - t)
        assert json.loads(out.stdout)["length"] == 15
    return median_ms(walls)


inside, bare = import_time()
print("| what | Python | CLI (its own process) | Python / CLI |")
print("|---|---:|---:|---:|")
print(f"| `import puzzlec` (inside a fresh interpreter; the interpreter's own start: {bare:.1f} ms) | {inside:.1f} ms | | |")
for solver in ("search", "cadical"):
    py = python_call(solver)
    whole = cli_call(solver)
    print(f"| seed board, `solver={solver}` (answer's own time_ms {py['inner_ms']:.0f}) | {py['wall'] * 1000:.2f} ms | {whole:.2f} ms | {py['wall'] * 1000 / whole:.2f} |")
