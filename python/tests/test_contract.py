"""The Python answers are the CLI's: for each puzzle and verb, `to_json()` equals the CLI's
`--json` for the same request (wall-clock fields aside), and the text is the CLI's text."""

import json
import pathlib
import shutil
import subprocess

import puzzlec
import pytest

from conftest import RUSH, SEED, cli, same_json, untimed

KLOTSKI = "BAAC/BAAC/DEEF/DGHF/I..J"
FIGURES = pathlib.Path(__file__).resolve().parents[2] / "examples" / "figures"
SQUARE = str(FIGURES / "square3.toml")
PENTAGRAM = str(FIGURES / "pentagram.toml")

# (keyword arguments, the same request as CLI words after `solve`)
SOLVES = [
    ({"puzzle": "slide", "board": SEED}, ["slide", "--board", SEED]),
    ({"puzzle": "slide", "board": SEED, "solver": "cadical"}, ["slide", "--board", SEED, "--solver", "cadical"]),
    ({"puzzle": "slide", "board": "4 1 3 / 7 2 6 / _ 5 8", "all": True}, ["slide", "--board", "4 1 3 / 7 2 6 / _ 5 8", "--all"]),
    ({"puzzle": "slide", "board": "2 1 3 / 4 5 6 / 7 8 _"}, ["slide", "--board", "2 1 3 / 4 5 6 / 7 8 _"]),
    ({"puzzle": "cross", "size": "3x3"}, ["cross", "--size", "3x3"]),
    ({"puzzle": "cross", "size": "5x5", "solver": "search"}, ["cross", "--size", "5x5", "--solver", "search"]),
    ({"puzzle": "hex"}, ["hex"]),
    ({"puzzle": "hex", "all": True, "up_to_symmetry": True}, ["hex", "--all", "--up-to-symmetry"]),
    ({"puzzle": "figure", "file": SQUARE, "all": True}, ["figure", SQUARE, "--all"]),
    ({"puzzle": "figure", "file": PENTAGRAM}, ["figure", PENTAGRAM]),
    ({"puzzle": "blocks", "board": RUSH}, ["blocks", "--board", RUSH]),
    ({"puzzle": "blocks", "board": KLOTSKI, "goal": "A@4,2", "metric": "path"},
     ["blocks", "--board", KLOTSKI, "--goal", "A@4,2", "--metric", "path"]),
    ({"puzzle": "blocks", "board": "AB./##.", "goal": "A@2,3"}, ["blocks", "--board", "AB./##.", "--goal", "A@2,3"]),
    ({"puzzle": "blocks", "board": KLOTSKI, "goal": ["A@4,2", "B@1,4"]},
     ["blocks", "--board", KLOTSKI, "--goal", "A@4,2", "--goal", "B@1,4"]),
]


@pytest.mark.parametrize("kwargs,words", SOLVES, ids=[" ".join(w)[:60] for _, w in SOLVES])
def test_solve_answers_are_the_clis(kwargs, words):
    answer = puzzlec.solve(**kwargs)
    code, out = cli("solve", *words, "--json", "-q")
    same_json(answer.to_json(), out)
    assert answer.exit_code == code
    _, text = cli("solve", *words, "-q")
    assert str(answer) == text


def test_a_request_dict_or_json_line_is_the_same_as_keywords():
    line = json.dumps({"puzzle": "slide", "board": "1 2 3 / 4 5 6 / 7 _ 8"})
    by_line, by_dict = puzzlec.solve(line), puzzlec.solve(json.loads(line))
    by_words = puzzlec.solve(puzzle="slide", board="1 2 3 / 4 5 6 / 7 _ 8")
    assert untimed(by_line.json) == untimed(by_dict.json) == untimed(by_words.json)
    # Keywords override the request's fields.
    assert puzzlec.solve(line, board="1 2 3 / 4 5 6 / _ 7 8").length == 2


def test_attributes_mirror_the_json():
    a = puzzlec.solve(puzzle="slide", board=SEED)
    assert (a.status, a.length, a.optimal, a.lower_bound) == ("solved", 15, True, 15)
    assert a.moves == "DDDLUUULDDDLUUU" and a.certificate is None and a.solutions is None
    h = puzzlec.solve(puzzle="hex", all=True)
    assert h.count == 12 and h.complete is True and len(h.solutions) == 12 and h.magic_sum == 38
    with pytest.raises(AttributeError):
        a.lenght


def test_emit_is_the_clis_text(tmp_path):
    cases = [
        (dict(puzzle="slide", board=SEED, format="dimacs", horizon=15, encoding="compact"),
         ["slide", "--board", SEED, "--format", "dimacs", "--horizon", "15", "--encoding", "compact"]),
        (dict(puzzle="hex", format="smt2"), ["hex", "--format", "smt2"]),
        (dict(puzzle="blocks", board=RUSH, format="dimacs", horizon=3), ["blocks", "--board", RUSH, "--format", "dimacs", "--horizon", "3"]),
    ]
    for kwargs, words in cases:
        _, out = cli("emit", *words)
        assert puzzlec.emit(**kwargs) == out


def test_decode_of_a_real_solvers_answer_is_the_clis(tmp_path):
    binary = shutil.which("cadical")
    assert binary, "Debian's cadical (make deps installs it)"
    board = "4 1 3 / 7 2 6 / _ 5 8"
    cnf = tmp_path / "p.cnf"
    cnf.write_text(puzzlec.emit(puzzle="slide", board=board, format="dimacs", horizon=6, encoding="compact"))
    model = tmp_path / "p.out"
    with open(model, "w") as out:
        subprocess.run([binary, str(cnf)], stdout=out, check=False)
    answer = puzzlec.decode(puzzle="slide", board=board, formula=cnf, model=model)
    _, out = cli("decode", "slide", "--board", board, "--formula", str(cnf), "--model", str(model), "--json")
    same_json(answer.to_json(), out)
    assert answer.length == 6 and answer.status == "solved"
    _, text = cli("decode", "slide", "--board", board, "--formula", str(cnf), "--model", str(model))
    assert str(answer) == text


def test_verify_valid_and_invalid_plans_are_the_clis():
    for moves in ("DDDLUUULDDDLUUU", "DDDL", "XYZ"):
        code, out = cli("verify", "slide", "--board", SEED, "--moves", moves, "--json")
        if code == 2:
            with pytest.raises(puzzlec.BadInput):
                puzzlec.verify(puzzle="slide", board=SEED, moves=moves)
            continue
        answer = puzzlec.verify(puzzle="slide", board=SEED, moves=moves)
        same_json(answer.to_json(), out)
    assert puzzlec.verify(puzzle="slide", board=SEED, moves="DDDLUUULDDDLUUU").status == "valid"


def test_batch_answers_are_the_clis_lines(tmp_path):
    requests = [
        {"puzzle": "slide", "board": SEED, "id": "seed"},
        {"puzzle": "hex", "all": True},
        {"puzzle": "slide", "board": "1 2"},
        {"puzzle": "blocks", "board": RUSH},
    ]
    lines = tmp_path / "requests.jsonl"
    lines.write_text("".join(json.dumps(r) + "\n" for r in requests))
    _, out = cli("batch", str(lines), "-j", "2", "-q")
    answers = puzzlec.batch(requests, jobs=2)
    assert len(answers) == len(out.splitlines()) == 4
    for got, line in zip(answers, out.splitlines()):
        text = got.to_json() if isinstance(got, puzzlec.Answer) else json.dumps(got.json)
        assert untimed(json.loads(text)) == untimed(json.loads(line))
    assert isinstance(answers[2], puzzlec.BadInput) and answers[0].id == "seed"
    assert answers[3].length == 51


def test_listings():
    names = [p["name"] for p in puzzlec.puzzles()]
    assert names == ["slide", "cross", "hex", "figure", "blocks", "puzzlescript"]
    ids = [s["id"] for s in puzzlec.solvers()]
    _, out = cli("solvers", "--json")
    assert ids == [s["id"] for s in json.loads(out)["solvers"]]


def test_a_puzzlescript_level_is_the_clis_answer():
    game = str(pathlib.Path(__file__).resolve().parents[2] / "examples" / "puzzlescript" / "crates.txt")
    got = puzzlec.solve(puzzle="puzzlescript", file=game, level=2)
    _, out = cli("solve", "puzzlescript", game, "--level", "2", "--json")
    assert got.length == 7 and got.optimal
    assert untimed(json.loads(got.to_json())) == untimed(json.loads(out))
    refused = cli("solve", "puzzlescript", game, "--level", "9", check_codes=(2,))
    assert refused[0] == 2
