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
    merged = {k: v for k, v in merged.items() if v is not None}
    if "puzzle" not in merged:
        raise BadInput({"status": "error", "kind": "bad-input", "exit_code": 2,
                        "message": f"no puzzle named: pass puzzle= one of {', '.join(p['name'] for p in puzzles())}"})
    return merged


def _progress(callback: Progress):
    if callback is None:
        return None
    return lambda text: callback(_json.loads(text))


def _read(path) -> Optional[str]:
    if path is None:
        return None
    with open(path, encoding="utf-8") as f:
        return f.read()


def solve(request: Request = None, /, *, puzzle: Optional[str] = None, progress: Progress = None,
          solvers: Optional[str] = None, **options) -> Answer:
    """Solves one puzzle: shortest plans proved optimal, fillings, or a proof of none."""
    req = _request(request, {"puzzle": puzzle, **options})
    native = _call(_native.solve, _json.dumps(req), solvers, _progress(progress))
    return Answer(native)


def emit(request: Request = None, /, *, puzzle: Optional[str] = None, format: str = "dimacs",
         horizon: Optional[int] = None, encoding: Optional[str] = None, **fields) -> str:
    """The formula of one horizon (plans) or of the whole puzzle (fillings), as DIMACS or
    SMT-LIB2 text, exactly as ``puzzlec emit`` writes it."""
    req = _request(request, {"puzzle": puzzle, "format": format, "horizon": horizon, "encoding": encoding, **fields})
    return _call(_native.emit, _json.dumps(req))


def decode(request: Request = None, /, *, puzzle: Optional[str] = None, encoded: Optional[str] = None,
           answer: Optional[str] = None, formula=None, model=None, **fields) -> Answer:
    """Decodes a solver's answer to an emitted formula and replays it."""
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
    """Replays a plan strictly through the puzzle's rules (status ``valid`` or ``invalid``)."""
    req = _request(request, {"puzzle": puzzle, "moves": moves, **fields})
    return Answer(_call(_native.verify, _json.dumps(req)))


def batch(requests: Iterable[Union[Mapping[str, Any], str]], /, *, jobs: int = 1,
          timeout: Optional[float] = None, solvers: Optional[str] = None,
          progress: Progress = None) -> list:
    """Solves many requests on ``jobs`` worker threads, as ``puzzlec batch`` does."""
    lines = []
    for r in requests:
        lines.append(r if isinstance(r, str) else _json.dumps(dict(r)))
    if jobs < 1:
        raise BadInput({"status": "error", "kind": "bad-input", "exit_code": 2, "message": "jobs: at least 1"})
    out = []
    for text, _code, native in _call(_native.batch, lines, jobs, timeout, solvers, _progress(progress)):
        if native is not None:
            out.append(Answer(native))
        else:
            out.append(_error(text))
    return out


def solvers(*, check: bool = False, solvers: Optional[str] = None) -> list:
    """Every solver a request may name (built in and registered), as dicts."""
    return _json.loads(_call(_native.solvers, solvers, check))["solvers"]


def puzzles() -> list:
    """Every puzzle (``puzzle=``), as dicts: ``name``, ``about`` (one line), ``kind``
    (``plan`` or ``filling``), ``keys`` (its own keyword arguments beyond the shared
    ``encoding``, ``solver``, ``all``, ``timeout``, ``certify``, ``proof_dir``) and
    ``encodings``."""
    return _json.loads(_native.puzzles())
