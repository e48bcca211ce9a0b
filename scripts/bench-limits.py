#!/usr/bin/env python3
"""Time limits kept: runs puzzlec with --timeout on the cases that used to overshoot and
prints, for each, the wall time, the time past the limit and the peak memory (RSS of
puzzlec and everything it started). The goal: at most 0.5 s past the limit, encoding
included. Usage: scripts/bench-limits.py [PUZZLEC] (default target/release/puzzlec)."""

import os
import random
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BINARY = os.environ.get("PUZZLEC_BIN") or (
    sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target", "release", "puzzlec"))
GOAL = 0.5


def walk(rows, cols, steps, seed):
    """A board `steps` random moves (no immediate undo) from the goal."""
    rng = random.Random(seed)
    board = list(range(1, rows * cols)) + [0]
    blank, previous = rows * cols - 1, None
    for _ in range(steps):
        r, c = divmod(blank, cols)
        near = [(r + dr) * cols + c + dc for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= r + dr < rows and 0 <= c + dc < cols]
        nxt = rng.choice([k for k in near if k != previous])
        board[blank], board[nxt] = board[nxt], board[blank]
        previous, blank = blank, nxt
    return " / ".join(" ".join(str(x) if x else "_" for x in board[i * cols:(i + 1) * cols]) for i in range(rows))


def run(args, limit):
    """Wall seconds and the peak RSS (MiB) of the children so far."""
    started = time.monotonic()
    subprocess.run([BINARY] + args + ["--timeout", str(limit), "-q", "--json"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.monotonic() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return wall, peak


def main():
    seed = int(os.environ.get("SEED", "3"))
    hard = "14 13 15 7 / 11 12 9 5 / 6 _ 2 1 / 4 8 10 3"
    goal0 = "_ 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15"
    with tempfile.TemporaryDirectory() as tmp:
        registry = os.path.join(tmp, "solvers.toml")
        stubborn = os.path.join(ROOT, "tests", "fixtures", "fake-solvers", "stubborn")
        with open(registry, "w") as f:
            f.write(f'[[solver]]\nid = "stubborn"\ninput = "dimacs"\ncommand = ["{stubborn}"]\n')
        os.environ["PUZZLEC_TEST_PIDFILE"] = os.path.join(tmp, "pid")
        os.environ["PUZZLEC_BIN"] = BINARY
        cases = [
            ("bright 8x8, walk 24 (cadical)", ["solve", "slide", "--board", walk(8, 8, 24, seed), "--encoding", "bright"], 1),
            ("bright 8x8, walk 30 (cadical)", ["solve", "slide", "--board", walk(8, 8, 30, seed), "--encoding", "bright"], 1),
            ("bright 7x7, walk 40 (cadical)", ["solve", "slide", "--board", walk(7, 7, 40, seed), "--encoding", "bright"], 1),
            ("bright 7x7, walk 40 (z3)", ["solve", "slide", "--board", walk(7, 7, 40, seed), "--encoding", "bright", "--solver", "z3"], 1),
            ("portfolio cadical,z3, 4x4 hard", ["solve", "slide", "--board", hard, "--goal", goal0, "--solver", "cadical,z3"], 1),
            ("ignores SIGTERM (fake solver)", ["--solvers", registry, "solve", "slide", "--board", walk(4, 4, 30, seed), "--solver", "stubborn"], 1),
            ("exact search, 4x4 hard", ["solve", "slide", "--board", hard, "--goal", goal0], 1),
        ]
        print(f"seed {seed}; goal: wall - limit <= {GOAL} s")
        print(f"{'case':34} {'limit':>6} {'wall':>7} {'over':>7} {'peak MiB':>9}  ok")
        worst = 0.0
        for name, args, limit in cases:
            # Peak RSS of children is a running maximum: run each case in a fresh child.
            out = subprocess.run([sys.executable, __file__, "--one", str(limit)] + args,
                                 capture_output=True, text=True, check=True).stdout.split()
            wall, peak = float(out[0]), float(out[1])
            over = wall - limit
            worst = max(worst, over)
            print(f"{name:34} {limit:>6.1f} {wall:>7.2f} {over:>+7.2f} {peak:>9.0f}  {'yes' if over <= GOAL else 'NO'}")
        print(f"worst overshoot {worst:+.2f} s")
        return 0 if worst <= GOAL else 1


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--one":
        wall, peak = run(sys.argv[3:], float(sys.argv[2]))
        print(wall, peak)
        sys.exit(0)
    sys.exit(main())
