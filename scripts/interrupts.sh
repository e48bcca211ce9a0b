#!/usr/bin/env bash
# Plays Ctrl-C against the real binary: single solvers of each kind,
# portfolios with the linked z3, batches with fake sleepers and with z3. Each run must exit
# 130, leave no process of its own (by process group and by the PUZZLEC_RUN marks in /proc)
# and leave its TMPDIR empty.
#   scripts/interrupts.sh [PUZZLEC] [ROUNDS]   (default target/release/puzzlec, 3 rounds)
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$here/target/release/puzzlec}
rounds=${2:-3}
hard="14 13 15 7 / 11 12 9 5 / 6 _ 2 1 / 4 8 10 3"
goal="_ 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15"
seed="5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The shipped registry (cadical-bin, cvc5, ...) and two fake solvers.
cp "$here/solvers.toml" "$work/solvers.toml"
cat >> "$work/solvers.toml" <<TOML

[[solver]]
id = "sleepy"
input = "dimacs"
command = ["$here/tests/fixtures/fake-solvers/pid-appender"]

[[solver]]
id = "stubborn"
input = "dimacs"
command = ["$here/tests/fixtures/fake-solvers/stubborn"]
TOML
{
  echo "{\"id\":\"quick\",\"puzzle\":\"slide\",\"board\":\"$seed\"}"
  for i in 1 2 3 4 5 6; do echo "{\"id\":\"s$i\",\"puzzle\":\"slide\",\"board\":\"$seed\",\"solver\":\"sleepy\"}"; done
} > "$work/sleepers.jsonl"
for i in 1 2 3; do echo "{\"id\":\"z$i\",\"puzzle\":\"slide\",\"board\":\"$hard\",\"goal\":\"$goal\",\"solver\":\"z3\"}"; done > "$work/z3.jsonl"

# marked PID: processes still carrying puzzlec PID's mark
marked() {
  local pid=$1 p
  for p in /proc/[0-9]*; do
    tr '\0' '\n' 2>/dev/null < "$p/environ" | grep -q "^PUZZLEC_RUN=$pid-" && echo "${p#/proc/}"
  done
}

# busy PID: true once puzzlec used 0.5 s of CPU or has a marked child running
busy() {
  local ticks
  ticks=$(awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0)
  [ "${ticks:-0}" -ge 50 ] || [ -n "$(marked "$1")" ]
}

failures=0
play() { # play NAME ARGS...: start, wait until busy, SIGINT, check
  local name=$1; shift
  local tmp="$work/tmp"; rm -rf "$tmp"; mkdir -p "$tmp"
  : > "$work/pids"
  TMPDIR=$tmp PUZZLEC_TEST_PIDFILE=$work/pids setsid "$bin" --solvers "$work/solvers.toml" "$@" -q \
    > "$work/stdout" 2> "$work/stderr" &
  local pid=$! waited=0
  until busy "$pid" || [ $waited -ge 600 ]; do sleep 0.05; waited=$((waited + 1)); done
  kill -INT "$pid"
  wait "$pid"; local code=$?
  local left_group left_marked left_tmp
  # Wait (up to 10 s) for the kernel to reap what was killed, then look.
  waited=0
  while { pgrep -g "$pid" >/dev/null || [ -n "$(marked "$pid")" ]; } && [ $waited -lt 200 ]; do
    sleep 0.05; waited=$((waited + 1))
  done
  left_group=$(pgrep -g "$pid" | tr '\n' ' ')
  left_marked=$(marked "$pid" | tr '\n' ' ')
  left_tmp=$(ls -A "$tmp")
  local ok=yes
  [ "$code" = 130 ] && [ -z "$left_group" ] && [ -z "$left_marked" ] && [ -z "$left_tmp" ] || ok=NO
  [ $ok = yes ] || failures=$((failures + 1))
  printf '%-34s exit %3s  group left: %-6s marked left: %-6s tmp left: %-6s %s\n' \
    "$name" "$code" "${left_group:-none}" "${left_marked:-none}" "${left_tmp:-none}" "$ok"
}

for round in $(seq "$rounds"); do
  echo "round $round"
  play "search"              solve slide --board "$hard" --goal "$goal"
  play "cadical (embedded)"  solve slide --board "$hard" --goal "$goal" --solver cadical
  play "z3 (linked)"         solve slide --board "$hard" --goal "$goal" --solver z3
  play "cadical-bin"         solve slide --board "$hard" --goal "$goal" --solver cadical-bin
  play "cvc5"                solve slide --board "$hard" --goal "$goal" --solver cvc5
  play "stubborn fake"       solve slide --board "$seed" --solver stubborn
  play "portfolio cadical,z3" solve slide --board "$hard" --goal "$goal" --solver cadical,z3
  play "portfolio z3,cvc5"   solve slide --board "$hard" --goal "$goal" --solver z3,cvc5
  play "batch -j 2 sleepers" batch "$work/sleepers.jsonl" -j 2 -o "$work/out-$round.jsonl"
  play "batch z3 lines"      batch "$work/z3.jsonl" -j 1 -o "$work/z3-$round.jsonl"
done
echo "failures: $failures"
[ "$failures" -eq 0 ]
