#!/usr/bin/env python3
"""Sliding blocks: the exact search on the classic boards and on fresh Rush Hour boards, and
the SAT (embedded CaDiCaL) and SMT (linked z3) proofs of optimality, with the time of the
last UNSAT horizon (the one that proves the plan optimal). Figures are wall times of one run;
compare them as ratios within a run. Fresh boards come from `family blocks` with a seed
drawn now (printed, so a run can be repeated with SEED=...).
Usage: scripts/bench-blocks.py [PUZZLEC] [--quick]   (--quick: no Klotski through SAT)."""

import os
import random
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ARGS = [a for a in sys.argv[1:] if not a.startswith("--")]
BINARY = os.environ.get("PUZZLEC_BIN") or (ARGS[0] if ARGS else os.path.join(ROOT, "target", "release", "puzzlec"))
QUICK = "--quick" in sys.argv
KLOTSKI = ["--board", "BAAC/BAAC/DEEF/DGHF/I..J", "--goal", "A@4,2"]
# Klotski with pieces taken off, in the path metric (optima 9 and 13).
PATH_9 = ["--board", "BAAC/BAAC/D..F/DGHF/I..J", "--goal", "A@4,2", "--metric", "path"]
PATH_13 = ["--board", "BAAC/BAAC/DEEF/D..F/I..J", "--goal", "A@4,2", "--metric", "path"]
CARDS = {
    "Rush Hour 51": ["--board", "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo"],
    "Rush Hour 58 (walls)": ["--board", "BBoKMxDDDKMoIAALooIoJLEEooJFFNoGGoxN"],
    "Rush Hour 60 (walls)": ["--board", "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"],
    "Rush Hour 20": ["--board", ".LJJ...L.E.IAABECIHHB.CI..FDDDGGF.KK"],
}


def run(args, timeout=None):
    """Runs puzzlec; returns (seconds, exit code, stdout, stderr)."""
    start = time.monotonic()
    p = subprocess.run([BINARY, *args], capture_output=True, text=True, timeout=timeout)
    return time.monotonic() - start, p.returncode, p.stdout, p.stderr


def solved(args, timeout=None):
    """Solves and returns (seconds, length or None, proved optimal, last UNSAT horizon, its seconds)."""
    secs, code, out, err = run(["solve", "blocks", *args], timeout)
    length = re.search(r"solved in (\d+) moves", out)
    unsat = re.findall(r"horizon +(\d+): unsat +\(([\d.]+) s\)", err)
    last = unsat[-1] if unsat else (None, None)
    return secs, int(length.group(1)) if length else None, "optimal:" in out, last[0], last[1], out


def fresh_boards(seed, count, min_moves):
    """Rush Hour boards of optimum >= min_moves drawn by `family blocks`, as board drawings."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "fam")
        subprocess.run([BINARY, "family", "blocks", "--count", str(count), "--seed", str(seed), "--min-moves",
                        str(min_moves), "--out", out, "-q"], check=True, capture_output=True)
        boards = []
        for name in sorted(os.listdir(out)):
            if name.endswith("-sat.cnf"):
                with open(os.path.join(out, name)) as f:
                    for line in f:
                        m = re.match(r"c instance \d+ of \d+: (\S+) \(goal", line)
                        if m:
                            boards.append(m.group(1))
                            break
        return boards


def main():
    print(f"binary: {BINARY}")
    print("\nexact search (the default solver)")
    print(f"{'instance':<28} {'metric':<6} {'moves':>5} {'seconds':>8}")
    for metric in ["step", "slide", "path"]:
        secs, length, _, _, _, _ = solved(KLOTSKI + ["--metric", metric])
        print(f"{'Klotski':<28} {metric:<6} {length:>5} {secs:>8.3f}")
    for name, args in CARDS.items():
        secs, length, _, _, _, _ = solved(args)
        print(f"{name:<28} {'slide':<6} {length:>5} {secs:>8.3f}")
    seed = int(os.environ.get("SEED", random.randrange(1, 1 << 30)))
    boards = fresh_boards(seed, 5, 20)
    print(f"\nfresh Rush Hour boards (family blocks --seed {seed} --min-moves 20)")
    print(f"{'board':<40} {'moves':>5} {'search s':>9} {'cadical s':>10} {'last unsat s':>13} {'z3 s':>7}")
    for b in boards:
        rush = ["--board", b, "--rush-hour"]
        s_secs, length, _, _, _, _ = solved(rush)
        c_secs, c_len, c_opt, _, c_last, _ = solved(rush + ["--solver", "cadical"])
        z_secs, z_len, z_opt, _, _, _ = solved(rush + ["--solver", "z3", "--timeout", "600"])
        ok = c_len == length and c_opt and (z_len == length and z_opt)
        print(f"{b:<40} {length:>5} {s_secs:>9.3f} {c_secs:>10.2f} {c_last or '-':>13} {z_secs:>7.1f}{'' if ok else '  MISMATCH'}")
    print("\nproofs of optimality (the horizon one below answered UNSAT)")
    print(f"{'instance':<28} {'solver':<8} {'moves':>5} {'optimal':>7} {'seconds':>8} {'last unsat':>11} {'its s':>7}")
    cases = [("Rush Hour 51", CARDS["Rush Hour 51"], "cadical", None),
             ("Rush Hour 58 (walls)", CARDS["Rush Hour 58 (walls)"], "cadical", None),
             ("Rush Hour 60 (walls)", CARDS["Rush Hour 60 (walls)"], "cadical", None),
             ("Rush Hour 20", CARDS["Rush Hour 20"], "z3", None),
             ("Klotski less E (path)", PATH_9, "cadical", None),
             ("Klotski less E (path)", PATH_9, "z3", 900),
             ("Klotski less G, H (path)", PATH_13, "cadical", None)]
    if not QUICK:
        cases.append(("Klotski (slide)", KLOTSKI, "cadical", 600))
    for name, args, solver, limit in cases:
        extra = ["--timeout", str(limit)] if limit else []
        secs, length, optimal, last, last_secs, out = solved(args + ["--solver", solver] + extra)
        moves = length if length else "-"
        print(f"{name:<28} {solver:<8} {moves:>5} {str(optimal).lower():>7} {secs:>8.1f} {last or '-':>11} {last_secs or '-':>7}")
        if not length:
            print(f"  {out.strip().splitlines()[-1] if out.strip() else ''}")


if __name__ == "__main__":
    main()
