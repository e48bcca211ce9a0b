#!/usr/bin/env python3
"""Magic hexagons of higher orders: puzzlec through the embedded CaDiCaL against
OR-Tools CP-SAT with one worker on the plain model (integer cells LO..HI, AllDifferent, one
linear equation per line), side by side in one run, each with the same time limit.

Then the shipped figure files (`examples/figures/`): every filling and one per symmetry
class, with the count and the time of each (whole process).

Usage: bench-hex.py PUZZLEC [--limit S] [--only N..] [--no-cpsat] [--no-figures]
The lines of the CP-SAT model are read from puzzlec's own LIA script (`emit --encoding lia`),
so both solve the same problem; every CP-SAT solution is checked here, every puzzlec one by
puzzlec's replay. Prints a Markdown table.
"""
import argparse
import json
import re
import subprocess
import time

# (order, values): the published ranges, then zero-sum hexagons order by order.
INSTANCES = [
    (3, "1..19"), (4, "3..39"), (5, "6..66"), (5, "15..75"), (6, "21..111"), (7, "2..128"), (8, "-84..84"),
    (4, "10..46"), (3, "-9..9"), (4, "-18..18"), (5, "-30..30"), (6, "-45..45"), (7, "-63..63"),
]

parser = argparse.ArgumentParser()
parser.add_argument("puzzlec")
parser.add_argument("--limit", type=float, default=300.0)
parser.add_argument("--only", help="a comma list of ORDER:LO..HI")
parser.add_argument("--no-cpsat", action="store_true")
parser.add_argument("--no-figures", action="store_true")
parser.add_argument("--solver", help="puzzlec's --solver (default: its own choice)")
args = parser.parse_args()


def model(order, values):
    """Cells, bounds, lines and the magic sum from puzzlec's LIA script."""
    text = subprocess.run([args.puzzlec, "emit", "hex", "--order", str(order), "--values", values,
                           "--format", "smt2", "--encoding", "lia"], capture_output=True, text=True, check=True).stdout
    number = lambda t: -int(t[3:-1]) if t.startswith("(-") else int(t)
    lines, magic = [], None
    for m in re.finditer(r"\(assert \(= \(\+ ((?:V\d+ ?)+)\) (-?\d+|\(- \d+\))\)\)", text):
        lines.append([int(v[1:]) - 1 for v in m.group(1).split()])
        magic = number(m.group(2))
    cells = len(re.findall(r"\(declare-(?:const|fun) V\d+ (?:\(\) )?Int\)", text))
    lo, hi = (int(x) for x in re.match(r"(-?\d+)\.\.(-?\d+)", values).groups())
    return cells, lo, hi, lines, magic


def cpsat(order, values):
    from ortools.sat.python import cp_model
    cells, lo, hi, lines, magic = model(order, values)
    m = cp_model.CpModel()
    x = [m.NewIntVar(lo, hi, f"V{c + 1}") for c in range(cells)]
    m.AddAllDifferent(x)
    for line in lines:
        m.Add(sum(x[c] for c in line) == magic)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = args.limit
    started = time.perf_counter()
    status = solver.Solve(m)
    seconds = time.perf_counter() - started
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        f = [solver.Value(v) for v in x]
        assert sorted(f) == list(range(lo, hi + 1)) and all(sum(f[c] for c in l) == magic for l in lines)
        return "found", seconds
    return {cp_model.INFEASIBLE: "none"}.get(status, "unknown"), seconds


def puzzlec(order, values):
    started = time.perf_counter()
    solver = ["--solver", args.solver] if args.solver else []
    out = subprocess.run([args.puzzlec, "solve", "hex", "--order", str(order), "--values", values, "--json", "-q",
                          "--timeout", str(args.limit)] + solver, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    a = json.loads(out.stdout)
    word = {"solved": "found", "no-solution": "none"}.get(a.get("status"), a.get("status", "error"))
    return word, seconds, f'{a.get("solver", "-")} {a.get("encoding") or ""}'.strip(), a.get("magic_sum")


chosen = INSTANCES
if args.only:
    wanted = [tuple(w.split(":")) for w in args.only.split(",")]
    chosen = [(int(o), v) for o, v in wanted]
print(f"limit {args.limit:.0f} s each")
print("| order | values | magic sum | puzzlec | found by | CP-SAT, 1 worker | CP-SAT / puzzlec |")
print("|---:|---|---:|---|---|---|---:|")
for order, values in chosen:
    word, seconds, encoding, magic = puzzlec(order, values)
    shown = f"{word} in {seconds:.1f} s"
    if args.no_cpsat:
        print(f"| {order} | {values} | {magic} | {shown} | {encoding} | | |", flush=True)
        continue
    cword, cseconds = cpsat(order, values)
    ratio = f"{cseconds / seconds:.1f}" if word == "found" and cword == "found" else "-"
    print(f"| {order} | {values} | {magic} | {shown} | {encoding} | {cword} in {cseconds:.1f} s | {ratio} |", flush=True)

FIGURES = ["square3", "square4", "hexagram", "pentagram", "pentagram12", "triangle", "hex38"]
if not args.no_figures:
    print()
    print("| figure | fillings | time | up to symmetry | time |")
    print("|---|---:|---:|---:|---:|")
    for name in FIGURES:
        cells = []
        for extra in ([], ["--up-to-symmetry"]):
            started = time.perf_counter()
            out = subprocess.run([args.puzzlec, "solve", "figure", f"examples/figures/{name}.toml", "--all", "--json",
                                  "-q", "--timeout", str(args.limit)] + extra, capture_output=True, text=True)
            seconds = time.perf_counter() - started
            a = json.loads(out.stdout)
            count = a.get("count", 0) if a.get("status") == "solved" else a.get("status")
            complete = "" if a.get("complete", True) else " (incomplete)"
            cells += [f"{count}{complete}", f"{seconds:.2f} s"]
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)
