"""Long runs: progress as dicts, time limits, and Ctrl-C. The interrupt test starts a long
solve in a Python subprocess, sends SIGINT once the solve is under way and 2 s have passed,
and finds KeyboardInterrupt raised within 1 s, no solver process left and TMPDIR empty. No
test sleeps and hopes: each waits for its condition with a generous deadline."""

import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import puzzlec
import pytest

from conftest import SEED, fake, registry

# A 4x4 board whose optimum (about 60 moves) no solver here reaches in minutes.
HARD = "14 13 15 7 / 11 12 9 5 / 6 _ 2 1 / 4 8 10 3"
GOAL0 = "_ 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15"
PATIENCE = 60.0


def test_progress_gets_an_event_per_horizon_through_sat():
    events = []
    a = puzzlec.solve(puzzle="slide", board=SEED, solver="cadical", encoding="compact", progress=events.append)
    assert all(isinstance(e, dict) and "event" in e for e in events)
    answered = [e["horizon"] for e in events if e["event"] == "horizon"]
    # Every horizon the search answered: from the plan's length down to the proof below it.
    assert a.optimal and set(answered) >= {a.length, a.length - 2}, events
    assert any(e["event"] == "solving" for e in events)


def test_progress_on_a_longer_search_and_an_enumeration():
    events = []
    puzzlec.solve(puzzle="slide", board="8 6 7 / 2 5 4 / 3 _ 1", solver="cadical", progress=events.append)
    horizons = [e["horizon"] for e in events if e["event"] == "horizon"]
    assert len(horizons) >= 5 and max(horizons) == 31, horizons
    found = []
    puzzlec.solve(puzzle="hex", all=True, progress=found.append)
    assert found and all(e["event"] == "found" and e["count"] >= 1 for e in found), found


def test_an_exception_in_progress_stops_the_run_and_is_raised():
    def angry(event):
        raise ValueError("enough")
    with pytest.raises(ValueError, match="enough"):
        puzzlec.solve(puzzle="slide", board=HARD, goal=GOAL0, solver="cadical", encoding="compact", progress=angry)
    # Runs start again afterwards.
    assert puzzlec.solve(puzzle="slide", board=SEED).length == 15


def wait_for(what, probe):
    until = time.time() + PATIENCE
    while True:
        value = probe()
        if value:
            return value
        assert time.time() < until, f"gave up waiting for {what}"
        time.sleep(0.02)


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def marked_by(pid):
    """Processes carrying puzzlec's mark for runs of process `pid`."""
    needle = f"PUZZLEC_RUN={pid}-".encode()
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or not alive(name):
            continue
        try:
            with open(f"/proc/{name}/environ", "rb") as f:
                if any(v.startswith(needle) for v in f.read().split(b"\0")):
                    found.append(name)
        except OSError:
            pass
    return found


# The child sets up the SIGINT disposition the test relies on: started from a shell's
# background job (`nohup make test &`), it inherits SIGINT ignored, and Python then installs
# no handler of its own, so KeyboardInterrupt would never come.
CHILD = textwrap.dedent("""
    import json, signal, sys, time
    signal.signal(signal.SIGINT, signal.default_int_handler)
    import puzzlec
    request = json.loads(sys.argv[1])
    started = time.time()
    try:
        puzzlec.solve(request)
        print(json.dumps({"finished": True}))
    except KeyboardInterrupt:
        caught = time.time()
        # Runs start again after an interrupt: the interpreter lives on.
        again = puzzlec.solve(puzzle="slide", board="1 2 3 / 4 5 6 / 7 _ 8").length
        print(json.dumps({"interrupted": True, "caught": caught, "started": started, "again": again}))
""")


@pytest.mark.parametrize("solver", ["pid-appender", "cadical"])
def test_sigint_raises_keyboard_interrupt_within_a_second_and_leaves_nothing(tmp_path, solver):
    registry(tmp_path, [("pid-appender", "dimacs", [fake("pid-appender")])])
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    pidfile = tmp_path / "pids"
    request = {"puzzle": "slide", "board": HARD, "goal": GOAL0, "solver": solver, "encoding": "compact"}
    env = dict(os.environ, TMPDIR=str(tmp), PUZZLEC_TEST_PIDFILE=str(pidfile))
    child = subprocess.Popen([sys.executable, "-c", CHILD, json.dumps(request)], env=env, cwd=tmp_path,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    # The registry is ./solvers.toml of the child's folder.
    assert os.path.exists(tmp_path / "solvers.toml")
    started = time.time()
    if solver == "pid-appender":
        wait_for("the fake solver's child", lambda: pidfile.exists() and pidfile.read_text().split())
    wait_for("2 s of solving", lambda: time.time() - started >= 2.0)
    assert child.poll() is None, child.communicate()
    sent = time.time()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=PATIENCE)
    assert child.returncode == 0, err
    report = json.loads(out.strip().splitlines()[-1])
    assert report.get("interrupted"), report
    assert report["caught"] - sent < 1.0, f"KeyboardInterrupt {report['caught'] - sent:.2f} s after SIGINT"
    assert report["again"] == 1
    if solver == "pid-appender":
        for pid in pidfile.read_text().split():
            wait_for(f"process {pid} to end", lambda: not alive(pid))
    assert marked_by(child.pid) == []
    assert list(tmp.iterdir()) == []
