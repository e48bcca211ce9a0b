"""Shared helpers: the CLI to compare against (PUZZLEC_CLI, set by `make test-python`) and
JSON answers with their timings left out (the one part two runs never share)."""

import json
import os
import subprocess

import pytest

SEED = "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12"
RUSH = "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo"
FAKES = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "fixtures", "fake-solvers")


def cli_path():
    path = os.environ.get("PUZZLEC_CLI")
    if not path or not os.access(path, os.X_OK):
        raise RuntimeError("set PUZZLEC_CLI to the puzzlec binary (make test-python does)")
    return path


def cli(*args, check_codes=(0, 1, 2, 3)):
    """Runs the CLI; returns (exit code, stdout)."""
    done = subprocess.run([cli_path(), *args], capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=600)
    assert done.returncode in check_codes, (args, done.returncode, done.stderr)
    return done.returncode, done.stdout


def untimed(value):
    """`value` (parsed JSON) without the wall-clock fields (`time_ms`, `check_ms`, ...)."""
    if isinstance(value, dict):
        return {k: untimed(v) for k, v in value.items() if not k.endswith("_ms")}
    if isinstance(value, list):
        return [untimed(v) for v in value]
    return value


def same_json(python_text, cli_text):
    """The Python answer's JSON text equals the CLI's line, timings aside."""
    assert "\n" not in python_text
    lines = cli_text.splitlines()
    assert len(lines) == 1, cli_text
    assert untimed(json.loads(python_text)) == untimed(json.loads(lines[0]))


def registry(tmp_path, entries):
    """A solvers.toml with (id, input, command list) entries; returns its path."""
    text = ""
    for ident, form, command in entries:
        text += f"[[solver]]\nid = {json.dumps(ident)}\ninput = {json.dumps(form)}\ncommand = {json.dumps(command)}\n\n"
    path = tmp_path / "solvers.toml"
    path.write_text(text)
    return str(path)


def fake(name):
    path = os.path.abspath(os.path.join(FAKES, name))
    assert os.access(path, os.X_OK), path
    return path


@pytest.fixture
def fakes(tmp_path):
    """A registry of misbehaving solver binaries (the repository's test fixtures)."""
    names = ["garbage", "liar", "pid-appender", "crasher"]
    return registry(tmp_path, [(n, "dimacs", [fake(n)]) for n in names])
