#!/usr/bin/env python3
"""PuzzleScript's demo games: every level of every deterministic game, solved by puzzlec's
breadth-first search (`puzzlec solve puzzlescript GAME --level N`, whole process), by
puzzlec through SAT (`--solver cadical`; `--no-sat` leaves it out) and by the same
breadth-first search run on the reference engine under node (`scripts/puzzlescript/bfs.js`),
side by side in one run, each with the same time limit per level.

Usage: bench-puzzlescript.py PUZZLEC [--limit S] [--games a,b] [--reference DIR]
The demo games are read from the reference folder (`--reference`, else
PUZZLESCRIPT_REFERENCE, else shared/puzzlescript above the working directory). Prints a
Markdown table per game, then the totals: levels solved and proved optimal by each, lengths
compared (they must agree), and the median ratio of the two times over the levels both
solved.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def reference_dir(given):
    if given:
        return given
    if os.environ.get("PUZZLESCRIPT_REFERENCE"):
        return os.environ["PUZZLESCRIPT_REFERENCE"]
    d = os.getcwd()
    while True:
        cand = os.path.join(d, "shared", "puzzlescript")
        if os.path.exists(os.path.join(cand, "src", "demo")):
            return cand
        if os.path.dirname(d) == d:
            return "/work/shared/puzzlescript"
        d = os.path.dirname(d)


def run(cmd, limit):
    t = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=limit + 30)
        out = p.stdout.strip().splitlines()
        return p.returncode, (json.loads(out[-1]) if out else {"error": p.stderr.strip()[-200:]}), time.monotonic() - t
    except subprocess.TimeoutExpired:
        return None, {"gaveup": True}, time.monotonic() - t
    except json.JSONDecodeError:
        return None, {"error": "no JSON"}, time.monotonic() - t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("puzzlec")
    ap.add_argument("--limit", type=float, default=60.0)
    ap.add_argument("--games", help="a comma list of demo file names (without .txt)")
    ap.add_argument("--reference")
    ap.add_argument("--no-sat", action="store_true")
    a = ap.parse_args()
    ref = reference_dir(a.reference)
    demo = os.path.join(ref, "src", "demo")
    names = sorted(f[:-4] for f in os.listdir(demo) if f.endswith(".txt"))
    if a.games:
        names = [n for n in names if n in a.games.split(",")]
    env = dict(os.environ, PUZZLESCRIPT_REFERENCE=ref)
    rows, refused = [], []
    print("| game | level | puzzlec search | puzzlec SAT | reference BFS |")
    print("|---|---|---|---|---|")
    for name in names:
        game = os.path.join(demo, name + ".txt")
        code, every, _ = run([a.puzzlec, "solve", "puzzlescript", game, "--timeout", "0.001", "--json"], 5)
        if code == 2:
            refused.append((name, every.get("message", every.get("error", ""))[:90]))
            continue
        levels = [(l["level"], l["index"]) for l in every.get("levels", [])]
        for n, index in levels:
            _, ours, t_ours = run([a.puzzlec, "solve", "puzzlescript", game, "--level", str(n), "--timeout", str(a.limit), "--json"], a.limit)
            sat, t_sat = {}, 0.0
            if not a.no_sat:
                _, sat, t_sat = run([a.puzzlec, "solve", "puzzlescript", game, "--level", str(n), "--solver", "cadical", "--timeout", str(a.limit), "--json"], a.limit)
            _, peer, t_peer = run(["node", os.path.join(HERE, "puzzlescript", "bfs.js"), game, str(index), str(a.limit)], a.limit)
            rows.append((name, n, ours, t_ours, peer, t_peer, sat, t_sat))
            print(f"| {name} | {n} | {show(ours, t_ours)} | {show(sat, t_sat)} | {show(peer, t_peer)} |", flush=True)
    summary(rows, refused, a.limit)


def show(r, t):
    if "length" in r:
        return f"{r['length']} ({t:.2f} s)"
    if r.get("status") == "solved":
        return f"{r.get('length')} ({t:.2f} s)"
    if r.get("status") == "no-solution" or r.get("none"):
        return f"none ({t:.2f} s)"
    return f"- ({t:.1f} s)"


def summary(rows, refused, limit):
    solved_ours = [r for r in rows if r[2].get("status") == "solved"]
    solved_peer = [r for r in rows if "length" in r[4]]
    both = [r for r in rows if r[2].get("status") == "solved" and "length" in r[4]]
    disagree = [r for r in both if r[2]["length"] != r[4]["length"]]
    ratios = [r[5] / r[3] for r in both if r[3] > 0]
    only_ours = [r for r in rows if r[2].get("status") == "solved" and "length" not in r[4]]
    print()
    print(f"levels: {len(rows)} (limit {limit:.0f} s each); refused games: {len(refused)}")
    print(f"solved and proved optimal by puzzlec's search: {len(solved_ours)}; by the reference-engine BFS: {len(solved_peer)}")
    print(f"both solved: {len(both)}, lengths disagree: {len(disagree)} {[(r[0], r[1]) for r in disagree]}")
    if ratios:
        print(f"time ratio reference BFS / puzzlec (whole process), median {statistics.median(ratios):.1f}x, min {min(ratios):.1f}x, max {max(ratios):.1f}x")
    sat_ok = [r for r in rows if r[6].get("status") == "solved"]
    sat_wrong = [r for r in sat_ok if r[2].get("status") == "solved" and r[6]["length"] != r[2]["length"]]
    peer_levels = [r for r in solved_peer]
    sat_of_peer = [r for r in peer_levels if r[6].get("status") == "solved"]
    print(f"SAT proved optimal: {len(sat_ok)} levels; of the {len(peer_levels)} the reference BFS solved: {len(sat_of_peer)}; lengths unlike the search's: {len(sat_wrong)}")
    print("proved optimal by puzzlec only: " + ", ".join(f"{r[0]} {r[1]} ({r[2]['length']})" for r in only_ours))
    for name, why in refused:
        print(f"refused: {name}: {why}")
    sys.exit(1 if disagree or sat_wrong else 0)


if __name__ == "__main__":
    main()
