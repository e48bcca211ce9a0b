"""Errors are exceptions by kind, each carrying the CLI's JSON error object."""

import json

import puzzlec
import pytest

from conftest import SEED, cli, untimed


def check_same_error(error, words):
    code, out = cli(*words, "--json")
    assert error.exit_code == code
    assert untimed(error.json) == untimed(json.loads(out))


@pytest.mark.parametrize("kwargs,words", [
    ({"puzzle": "slide", "board": "1 2 3"}, ["solve", "slide", "--board", "1 2 3"]),
    ({"puzzle": "blocks", "board": "A.A"}, ["solve", "blocks", "--board", "A.A"]),
    ({"puzzle": "hex", "order": 0}, ["solve", "hex", "--order", "0"]),
    ({"puzzle": "slide", "board": SEED, "solver": "nosuch"}, ["solve", "slide", "--board", SEED, "--solver", "nosuch"]),
])
def test_bad_input_is_a_value_error_with_the_clis_object(kwargs, words):
    with pytest.raises(puzzlec.BadInput) as caught:
        puzzlec.solve(**kwargs)
    assert isinstance(caught.value, ValueError) and caught.value.kind == "bad-input"
    check_same_error(caught.value, words)


def test_requests_that_are_not_requests_are_bad_input():
    with pytest.raises(puzzlec.BadInput, match="unknown puzzle"):
        puzzlec.solve(puzzle="sudoku")
    with pytest.raises(puzzlec.BadInput, match="timout"):
        puzzlec.solve(puzzle="slide", board=SEED, timout=3)
    with pytest.raises(puzzlec.BadInput, match="no puzzle"):
        puzzlec.solve(board=SEED)
    with pytest.raises(puzzlec.BadInput, match="not JSON"):
        puzzlec.solve("{oops")
    with pytest.raises(puzzlec.BadInput, match="horizn"):
        puzzlec.emit(puzzle="slide", board=SEED, horizn=3)
    with pytest.raises(puzzlec.BadInput, match="timeout"):
        puzzlec.solve(puzzle="slide", board=SEED, timeout=-1)


def test_a_lying_solver_is_unknown_a_runtime_error(fakes):
    for solver in ("garbage", "liar", "crasher"):
        with pytest.raises(puzzlec.Unknown) as caught:
            puzzlec.solve(puzzle="slide", board="1 2 3 / 4 5 6 / _ 7 8", solver=solver, solvers=fakes)
        assert isinstance(caught.value, RuntimeError) and caught.value.exit_code == 3
        check_same_error(caught.value, ["--solvers", fakes, "solve", "slide", "--board", "1 2 3 / 4 5 6 / _ 7 8", "--solver", solver])


def test_a_definite_none_without_an_answer_is_no_solution():
    with pytest.raises(puzzlec.NoSolution) as caught:
        puzzlec.emit(puzzle="hex", order=4, format="dimacs")
    check_same_error(caught.value, ["emit", "hex", "--order", "4", "--format", "dimacs"])


def test_proved_none_and_time_limits_are_answers_not_errors():
    none = puzzlec.solve(puzzle="slide", board="2 1 3 / 4 5 6 / 7 8 _")
    assert none.status == "no-solution" and none.exit_code == 1 and none.reason == "parity"
    hard = "14 13 15 7 / 11 12 9 5 / 6 _ 2 1 / 4 8 10 3"
    goal = "_ 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15"
    late = puzzlec.solve(puzzle="slide", board=hard, goal=goal, solver="cadical", encoding="compact", timeout=1)
    assert late.status == "unknown" and late.exit_code == 3 and late.optimal is not True
