"""puzzlec from Python: puzzles compiled to SAT/SMT, solved, decoded and replayed.

Every function takes the CLI's options as keyword arguments, named as the long flags with
``_`` for ``-`` (``--max-moves`` is ``max_moves``), or one request in the form of a
``puzzlec batch`` JSON line (a dict or its JSON text). The work is done in-process by the
same library the CLI calls, so an answer's ``to_json()`` is exactly the CLI's ``--json``.

    >>> import puzzlec
    >>> a = puzzlec.solve(puzzle="slide", board="1 2 3 / 4 5 6 / 7 _ 8")
    >>> a.moves, a.length, a.optimal
    ('L', 1, True)

Answers are :class:`Answer` objects (shown as their SVG in Jupyter, as the CLI's text by
``print``). Errors are exceptions by kind: :class:`BadInput` (a ``ValueError``) for requests
that are wrong, :class:`Unknown` (a ``RuntimeError``) when a solver failed or lied, each
carrying the CLI's JSON error object in ``.json``. A proved "no solution" and a time limit
reached are answers (``status`` says which), not exceptions. Ctrl-C stops the solver and
raises ``KeyboardInterrupt``, leaving no process or temporary file behind.
"""

from __future__ import annotations

import json as _json
import os
from typing import Any, Callable, Iterable, Mapping, Optional, Union

from . import _native

__all__ = [
    "solve", "emit", "decode", "verify", "batch", "solvers", "puzzles",
    "Answer", "Error", "BadInput", "Unknown", "NoSolution",
]

Request = Union[Mapping[str, Any], str, None]
Progress = Optional[Callable[[dict], Any]]


class Error(Exception):
    """A puzzlec error; ``json`` is the CLI's JSON error object (``status``, ``kind``,
    ``exit_code``, ``message``), ``kind`` and ``exit_code`` its fields."""

    def __init__(self, obj: dict):
        super().__init__(obj.get("message", ""))
        self.json = obj
        self.kind = obj.get("kind")
        self.exit_code = obj.get("exit_code")


class BadInput(Error, ValueError):
    """The request is wrong: unreadable input, unknown names or keys, conflicting options
    (the CLI's exit 2)."""


class Unknown(Error, RuntimeError):
    """Nothing could be said: a solver failed, lied or is missing (the CLI's exit 3)."""


class NoSolution(Error, LookupError):
    """A definite "none" that is not an answer (emitting an order with no magic sum; exit 1)."""


_KINDS = {"bad-input": BadInput, "unknown": Unknown, "no-solution": NoSolution}


def _error(text: str) -> BaseException:
    obj = _json.loads(text)
    if obj.get("kind") == "interrupted":
        return KeyboardInterrupt(obj.get("message", "interrupted"))
    return _KINDS.get(obj.get("kind"), Unknown)(obj)


def _call(function, *args, **kwargs):
    try:
        return function(*args, **kwargs)
    except _native.Failure as failure:
        raise _error(failure.args[0]) from None


class Answer:
    """What a request found: a plan, fillings, a proof of none, or "unknown".

    Every field of the CLI's JSON is an attribute (``None`` when it does not apply):
    ``puzzle``, ``status`` (``solved``, ``no-solution``, ``unknown``, ``valid``,
    ``invalid``), ``moves``, ``length``, ``optimal``, ``lower_bound``, ``gap``, ``grid``,
    ``metric``, ``magic_sum``, ``values``, ``solutions``, ``count``, ``complete``,
    ``reason``, ``detail``, ``certificate``, ``solver``, ``encoding``, ``time_ms``, ...
    ``to_json()`` is the CLI's ``--json`` line, ``str()`` its text, ``svg()`` its drawing.
    """

    _FIELDS = (
        "puzzle", "status", "encoding", "solver", "time_ms", "order", "horizon", "moves",
        "length", "optimal", "lower_bound", "gap", "grid", "metric", "magic_sum", "values",
        "solutions", "count", "complete", "reason", "detail", "error", "certificate",
        "trusted", "checked", "portfolio", "collected", "id", "request_hash",
    )

    def __init__(self, native):
        self._native = native
        self.json = _json.loads(native.json())

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        if name in self.json:
            return self.json[name]
        if name in Answer._FIELDS:
            return None
        raise AttributeError(f"an answer has no field {name!r} (its fields: {', '.join(self.json)})")

    @property
    def exit_code(self) -> int:
        """The CLI's exit code for this answer: 0 solved/valid, 1 proved none or invalid, 3 unknown."""
        return self._native.exit_code()

    def to_json(self) -> str:
        """The answer as the CLI's ``--json`` prints it (one line, no newline)."""
        return self._native.json()

    def svg(self) -> Optional[str]:
        """The SVG drawing (animated move by move for plans), or None when there is no
        plan or filling to draw."""
        return _call(self._native.svg)

    def save_svg(self, path) -> None:
        """Writes the drawing to ``path`` (as ``--svg FILE``); BadInput when there is none."""
        svg = self.svg()
        if svg is None:
            raise BadInput({"status": "error", "kind": "bad-input", "exit_code": 2,
                            "message": "the answer has no plan or filling to draw"})
        with open(path, "w", encoding="utf-8") as out:
            out.write(svg)

    def _repr_svg_(self) -> Optional[str]:
        return self.svg()

    def __str__(self) -> str:
        return self._native.text()

    def __repr__(self) -> str:
        shown = [f"{k}={self.json[k]!r}" for k in ("puzzle", "status", "length", "optimal", "count") if k in self.json]
        return f"<puzzlec.Answer {' '.join(shown)}>"

    def __eq__(self, other) -> bool:
        return isinstance(other, Answer) and self.json == other.json

    __hash__ = None


def _request(request: Request, fields: dict) -> dict:
    """One request dict from a positional request (dict or JSON text) and keyword fields;
    keywords given as None are left out (the default)."""
    if request is None:
        merged = {}
    elif isinstance(request, str):
        try:
            merged = _json.loads(request)
        except ValueError as e:
            raise BadInput({"status": "error", "kind": "bad-input", "exit_code": 2, "message": f"not JSON: {e}"}) from None
        if not isinstance(merged, dict):
            raise BadInput({"status": "error", "kind": "bad-input", "exit_code": 2, "message": "a request is a JSON object"})
    else:
        merged = dict(request)
    merged.update({k: v for k, v in fields.items() if v is not None})
    merged = {k: _path(v) for k, v in merged.items() if v is not None}
    if "puzzle" not in merged:
        raise BadInput({"status": "error", "kind": "bad-input", "exit_code": 2,
                        "message": f"no puzzle named: pass puzzle= one of {', '.join(p['name'] for p in puzzles())}"})
    return merged


def _path(value):
    """Paths (``pathlib.Path``) as the text JSON carries."""
    return os.fspath(value) if isinstance(value, os.PathLike) else value


def _progress(callback: Progress):
    if callback is None:
        return None
    return lambda text: callback(_json.loads(text))


def _read(path) -> Optional[str]:
    if path is None:
        return None
    with open(path, encoding="utf-8") as f:
        return f.read()


def solve(request: Request = None, /, *, puzzle: Optional[str] = None, solver: Optional[str] = None,
          encoding: Optional[str] = None, all: bool = False, timeout: Optional[float] = None,
          certify: bool = False, proof_dir=None, progress: Progress = None,
          solvers: Optional[str] = None, **fields) -> Answer:
    """Solves one puzzle, as ``puzzlec solve PUZZLE ...`` does, in this process.

    Plans (sliding tiles, blocks, the cross slider) come back shortest, with ``optimal``
    True only when a shorter plan was proved impossible; fillings (the magic hexagon) come
    back with every line checked, and with ``all=True`` every solution with a proof that
    there are no more (``complete``). Every answer was replayed through the puzzle's rules.

    Arguments (all keyword; the CLI's long flags with ``_`` for ``-``):
      request     optional: a dict or JSON text in the form of a ``puzzlec batch`` line;
                  keywords given beside it override its fields
      puzzle      the puzzle's name (see ``puzzlec.puzzles()``)
      solver      ``search`` (exact BFS/IDA*), ``cadical`` (embedded), ``z3`` (linked), an
                  id of solvers.toml, or a comma list that races them (a portfolio)
      encoding    the SAT/SMT encoding (``puzzlec.puzzles()`` lists each puzzle's)
      all         every (shortest) solution, with a proof that there are no more
      timeout     seconds for the whole call; reached, the answer says ``unknown``
      certify     prove every UNSAT the answer rests on with a DRAT proof checked by rate
      proof_dir   with certify: keep each claim's CNF and proof in this folder
      progress    a callable given each event as a dict (``{"event": "horizon",
                  "horizon": 13, "result": "unsat", "seconds": 0.01}``, ``solving``,
                  ``bound``, ``plan``, ``found``, ...), on the calling thread
      solvers     the solver registry file (default: ./solvers.toml, else built in)
      **fields    the puzzle's own options: ``board``, ``goal``, ``size``, ``order``,
                  ``givens``, ``metric``, ``max_moves``, ... (listed below)

    Returns an :class:`Answer`. Raises :class:`BadInput` (a ValueError) for a request that
    is wrong and :class:`Unknown` (a RuntimeError) when a solver failed or lied; a proved
    "no solution" (``status == "no-solution"``, with ``reason``) and a time limit reached
    (``status == "unknown"``) are answers. Ctrl-C stops the solvers within moments and
    raises KeyboardInterrupt; nothing is left running and no temporary file is left.

    Examples:
      >>> puzzlec.solve(puzzle="slide", board="5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12",
      ...               solver="cadical").length
      15
      >>> puzzlec.solve(puzzle="cross", size="5x5").optimal
      True
      >>> puzzlec.solve(puzzle="hex", all=True, up_to_symmetry=True).count
      1
      >>> puzzlec.solve(puzzle="blocks", board="GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo").length
      51
    """
    shared = {"puzzle": puzzle, "solver": solver, "encoding": encoding, "timeout": timeout,
              "all": all or None, "certify": certify or None, "proof_dir": proof_dir}
    req = _request(request, {**shared, **fields})
    native = _call(_native.solve, _json.dumps(req), _path(solvers), _progress(progress))
    return Answer(native)


def emit(request: Request = None, /, *, puzzle: Optional[str] = None, format: str = "dimacs",
         horizon: Optional[int] = None, encoding: Optional[str] = None, **fields) -> str:
    """The formula of one horizon (plans) or of the whole puzzle (fillings), as DIMACS or
    SMT-LIB2 text, exactly as ``puzzlec emit`` writes it; its header comments name the
    instance, so :func:`decode` can read a solver's answer back.

    Arguments: ``puzzle`` and its fields (as for :func:`solve`), ``format`` (``dimacs`` or
    ``smt2``), ``horizon`` (moves; plans only), ``encoding`` (default: the puzzle's for the
    format). Raises BadInput for a bad instance or an encoding that lacks the format, and
    NoSolution when there is nothing to encode (a hexagon order with no magic sum).

    Example:
      >>> cnf = puzzlec.emit(puzzle="slide", board="4 1 3 / 7 2 6 / _ 5 8", horizon=6)
      >>> cnf.startswith("c ")
      True
    """
    req = _request(request, {"puzzle": puzzle, "format": format, "horizon": horizon, "encoding": encoding, **fields})
    return _call(_native.emit, _json.dumps(req))


def decode(request: Request = None, /, *, puzzle: Optional[str] = None, encoded: Optional[str] = None,
           answer: Optional[str] = None, formula=None, model=None, **fields) -> Answer:
    """Decodes a solver's answer to an emitted formula and replays it, as ``puzzlec decode``.

    Give the formula and the answer as text (``encoded=``, ``answer=``) or as files
    (``formula=``, ``model=``: paths, as the CLI's flags), beside the instance's fields.
    The answer may be DIMACS ``s``/``v`` lines, minisat's result file, or an SMT solver's
    ``sat`` and ``get-value`` output. Returns an Answer (``status`` ``solved`` with the plan
    or filling, ``no-solution`` when the solver said UNSAT); raises BadInput when the files
    do not belong to the instance and Unknown when the model does not decode or fails the
    replay.

    Example:
      >>> cnf = puzzlec.emit(puzzle="slide", board="4 1 3 / 7 2 6 / _ 5 8", horizon=6)
      >>> out = subprocess.run(["cadical"], input=cnf, capture_output=True, text=True).stdout
      >>> puzzlec.decode(puzzle="slide", board="4 1 3 / 7 2 6 / _ 5 8", encoded=cnf, answer=out).moves
      'DDLUUL'
    """
    req = _request(request, {"puzzle": puzzle, **fields})
    if formula is not None:
        req.setdefault("encoded", _read(formula))
        req.setdefault("encoded_origin", str(formula))
    if model is not None:
        req.setdefault("answer", _read(model))
        req.setdefault("answer_origin", str(model))
    if encoded is not None:
        req["encoded"] = encoded
    if answer is not None:
        req["answer"] = answer
    return Answer(_call(_native.decode, _json.dumps(req)))


def verify(request: Request = None, /, *, puzzle: Optional[str] = None, moves: Optional[str] = None,
           **fields) -> Answer:
    """Replays a plan strictly through the puzzle's rules, as ``puzzlec verify``: status
    ``valid`` (exit_code 0) or ``invalid`` (exit_code 1, ``error`` says which move broke a
    rule or that the goal was not reached). Moves that do not parse are BadInput.

    Example:
      >>> puzzlec.verify(puzzle="slide", board="1 2 3 / 4 5 6 / 7 _ 8", moves="L").status
      'valid'
    """
    req = _request(request, {"puzzle": puzzle, "moves": moves, **fields})
    return Answer(_call(_native.verify, _json.dumps(req)))


def batch(requests: Iterable[Union[Mapping[str, Any], str]], /, *, jobs: int = 1,
          timeout: Optional[float] = None, solvers: Optional[str] = None,
          progress: Progress = None) -> list:
    """Solves many requests on ``jobs`` worker threads, as ``puzzlec batch`` does.

    Each request is a dict or JSON text in the batch-line form (``{"puzzle": ..., "id":
    ...}``). Returns one item per request, in input order: an Answer (with ``id`` and
    ``request_hash``, its ``to_json()`` the CLI's output line) or, for a request that failed,
    the exception object (BadInput, Unknown), returned rather than raised so that one bad
    line does not lose the others. ``timeout`` applies to each request that sets none;
    ``progress`` receives a ``found`` event as each answer arrives.

    Example:
      >>> answers = puzzlec.batch([{"puzzle": "hex"}, {"puzzle": "slide", "board": "1 2 / _ 3"}])
      >>> [a.status for a in answers]
      ['solved', 'solved']
    """
    lines = []
    for r in requests:
        lines.append(r if isinstance(r, str) else _json.dumps(dict(r)))
    if jobs < 1:
        raise BadInput({"status": "error", "kind": "bad-input", "exit_code": 2, "message": "jobs: at least 1"})
    out = []
    for text, _code, native in _call(_native.batch, lines, jobs, timeout, _path(solvers), _progress(progress)):
        if native is not None:
            out.append(Answer(native))
        else:
            out.append(_error(text))
    return out


def solvers(*, check: bool = False, solvers: Optional[str] = None) -> list:
    """Every solver a request may name, built in and registered, as dicts: ``id``,
    ``input`` (``dimacs``, ``smt2``, ``-``), ``found``, ``binary``, ``version`` (with
    ``check=True`` each external binary is run once to read it). ``solvers=`` names the
    registry file, as the CLI's ``--solvers``."""
    return _json.loads(_call(_native.solvers, _path(solvers), check))["solvers"]


def puzzles() -> list:
    """Every puzzle (``puzzle=``), as dicts: ``name``, ``about`` (one line), ``kind``
    (``plan`` or ``filling``), ``keys`` (its own keyword arguments beyond the shared
    ``encoding``, ``solver``, ``all``, ``timeout``, ``certify``, ``proof_dir``) and
    ``encodings``."""
    return _json.loads(_native.puzzles())


def _keys_help() -> str:
    """The puzzles and their own keyword arguments, read from the registry (so help() is
    always true to the code)."""
    lines = ["", "    Puzzles and their own keyword arguments (``puzzlec.puzzles()``):"]
    for p in puzzles():
        lines.append(f"      {p['name']:<8}{p['about']}")
        lines.append(f"              keys: {', '.join(p['keys'])}; encodings: {', '.join(p['encodings'])}")
    return "\n".join(lines) + "\n"


for _f in (solve, emit, decode, verify):
    _f.__doc__ = (_f.__doc__ or "") + _keys_help()
