#!/usr/bin/env python3
"""The 24-puzzle: Korf and Taylor's ten instances (optima published) and uniformly random
solvable 5x5 boards from a seed, each solved by the exact search (IDA* on the dense 6-6-6-6
pattern databases, both cores) and through SAT (embedded CaDiCaL), side by side, with a time
limit per run. The tables are built (or read from the cache) once, before the timed runs;
their time and peak memory are printed apart.
Figures are wall times of one run on this machine: compare them as ratios within a run.
With --certify a third run per board: SAT with --certify (the lemmas, the tables and the
LRAT proof checked by puzzlec-slide-check), whose cell says whether the certificate held.
Usage: scripts/bench-24.py PUZZLEC [--limit SECONDS] [--only 1,2] [--random N] [--seed S]
       [--no-sat] [--certify]"""

import argparse
import json
import random
import re
import subprocess
import sys
import time

# Korf and Taylor (1996), blank 0, goal 0 1 2 ... 24 row by row; with the published optimum.
INSTANCES = [
    ("17 1 20 9 16 2 22 19 14 5 15 21 0 3 24 23 18 13 12 7 10 8 6 4 11", 100),
    ("14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13", 95),
    ("7 13 11 22 12 20 1 18 21 5 0 8 14 24 19 9 4 17 16 10 23 15 3 2 6", 108),
    ("18 14 0 9 8 3 7 19 2 15 5 12 1 13 24 23 4 21 10 20 16 22 11 6 17", 98),
    ("2 0 10 19 1 4 16 3 15 20 22 9 6 18 5 13 12 21 8 17 23 11 24 7 14", 101),
    ("16 5 1 12 6 24 17 9 2 22 4 10 13 18 19 20 0 23 7 21 15 11 8 3 14", 96),
    ("21 22 15 9 24 12 16 23 2 8 5 18 17 7 10 14 13 4 0 6 20 11 3 1 19", 104),
    ("6 0 24 14 8 5 21 19 9 17 16 20 10 13 2 15 11 22 1 3 7 23 4 18 12", 97),
    ("3 2 17 0 14 18 22 19 15 20 9 7 10 21 16 6 24 23 8 5 1 4 11 12 13", 113),
    ("23 14 0 24 17 9 20 21 2 18 10 13 22 1 3 11 4 16 6 5 7 12 8 15 19", 114),
]
GOAL = " / ".join(" ".join(str(5 * r + c) for c in range(5)) for r in range(5))


def board(numbers):
    cells = numbers.split()
    return " / ".join(" ".join(cells[5 * r:5 * r + 5]) for r in range(5))


def solvable(cells):
    """Blank-first goal on an odd width: solvable iff the tiles' inversions are even."""
    tiles = [c for c in cells if c != 0]
    inversions = sum(1 for i in range(len(tiles)) for j in range(i + 1, len(tiles)) if tiles[i] > tiles[j])
    return inversions % 2 == 0


def random_boards(seed, count):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        cells = list(range(25))
        rng.shuffle(cells)
        if solvable(cells):
            out.append(" ".join(map(str, cells)))
    return out


def solve(binary, numbers, solver, limit, extra=()):
    """Runs one solve; returns (seconds, status, length, optimal, lower bound, peak MB)."""
    args = ["/usr/bin/time", "-f", "%M", binary, "solve", "slide", "--board", board(numbers), "--goal", GOAL,
            "--solver", solver, "--timeout", str(limit), "--json", "-q", *extra]
    start = time.monotonic()
    p = subprocess.run(args, capture_output=True, text=True)
    secs = time.monotonic() - start
    peak = int(p.stderr.strip().splitlines()[-1]) // 1024 if p.stderr.strip() else 0
    try:
        a = json.loads(p.stdout)
    except json.JSONDecodeError:
        return secs, f"exit {p.returncode}", None, False, None, peak
    status = a.get("status")
    if "--certify" in extra and a.get("optimal") is True:
        status = "certified" if (a.get("certificate") or {}).get("checked") is True else "not certified"
    return secs, status, a.get("length"), a.get("optimal") is True, a.get("lower_bound"), peak


def cell(r):
    secs, status, length, optimal, lb, peak = r
    if optimal and status in ("certified", "not certified"):
        return f"{length} optimal, {status}, {secs:.0f} s, peak {peak} MB"
    if optimal:
        return f"{length} optimal, {secs:.0f} s"
    if length is not None:
        return f"{length} (lower bound {lb}), {secs:.0f} s"
    return f"{status}, {secs:.0f} s"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("puzzlec")
    ap.add_argument("--limit", type=float, default=600)
    ap.add_argument("--only", default="1,2")
    ap.add_argument("--random", type=int, default=0)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--no-sat", action="store_true")
    ap.add_argument("--certify", action="store_true")
    o = ap.parse_args()
    # Tables first: the easiest instance with a tiny limit builds or reads them.
    t = time.monotonic()
    r = solve(o.puzzlec, INSTANCES[1][0], "search", 3600)
    print(f"tables and instance 2: {time.monotonic() - t:.0f} s, peak {r[5]} MB (the tables are cached after)")
    rows = []
    named = {"all": list(range(1, 11)), "none": []}
    picked = named[o.only] if o.only in named else [int(i) for i in o.only.split(",")]
    for i in picked:
        numbers, optimum = INSTANCES[i - 1]
        rows.append((f"Korf-Taylor {i} (optimum {optimum})", numbers, optimum))
    if o.random:
        seed = o.seed if o.seed is not None else random.randrange(1 << 30)
        print(f"random boards from seed {seed}")
        for j, numbers in enumerate(random_boards(seed, o.random), 1):
            rows.append((f"random {j}", numbers, None))
    print(f"| board | search (limit {o.limit:.0f} s) | peak MB |" + ("" if o.no_sat else " SAT (cadical) |")
          + (" SAT --certify |" if o.certify else ""))
    print("|---|---|---:|" + ("" if o.no_sat else "---|") + ("---|" if o.certify else ""))
    solved = 0
    for name, numbers, optimum in rows:
        s = solve(o.puzzlec, numbers, "search", o.limit)
        if optimum is not None and s[3] and s[2] != optimum:
            print(f"MISMATCH: {name}: {s[2]} against the published {optimum}", file=sys.stderr)
            sys.exit(1)
        solved += s[3]
        line = f"| {name} | {cell(s)} | {s[5]} |"
        if not o.no_sat:
            line += f" {cell(solve(o.puzzlec, numbers, 'cadical', o.limit))} |"
        if o.certify:
            line += f" {cell(solve(o.puzzlec, numbers, 'cadical', o.limit, ('--certify',)))} |"
        print(line, flush=True)
    print(f"search proved {solved} of {len(rows)} optimal within {o.limit:.0f} s each")


if __name__ == "__main__":
    main()
