"""puzzlec from Python: puzzles compiled to SAT/SMT, solved, decoded and replayed (the
type stub; the docstrings are the package's own)."""

import os
from typing import Any, Callable, Iterable, Mapping, Optional, Union

Request = Union[Mapping[str, Any], str, None]
Progress = Optional[Callable[[dict], Any]]
PathLike = Union[str, os.PathLike]

class Error(Exception):
    """A puzzlec error; ``json`` is the CLI's JSON error object (``status``, ``kind``,
    ``exit_code``, ``message``), ``kind`` and ``exit_code`` its fields."""
    json: dict
    kind: str
    exit_code: int
    def __init__(self, obj: dict) -> None: ...

class BadInput(Error, ValueError):
    """The request is wrong: unreadable input, unknown names or keys, conflicting options (exit 2)."""

class Unknown(Error, RuntimeError):
    """Nothing could be said: a solver failed, lied or is missing (exit 3)."""

class NoSolution(Error, LookupError):
    """A definite "none" that is not an answer (emitting an order with no magic sum; exit 1)."""

class Answer:
    """What a request found. Every field of the CLI's JSON is an attribute (None when it
    does not apply); ``to_json()`` is the CLI's ``--json`` line, ``str()`` its text."""
    json: dict
    puzzle: str
    status: str
    encoding: Optional[str]
    solver: Optional[str]
    time_ms: Optional[int]
    order: Optional[int]
    horizon: Optional[int]
    moves: Optional[str]
    length: Optional[int]
    optimal: Optional[bool]
    lower_bound: Optional[int]
    gap: Optional[int]
    grid: Optional[list[str]]
    metric: Optional[str]
    magic_sum: Optional[int]
    values: Optional[dict[str, int]]
    solutions: Optional[list[dict]]
    count: Optional[int]
    complete: Optional[bool]
    reason: Optional[str]
    detail: Optional[str]
    error: Optional[str]
    certificate: Optional[dict]
    trusted: Optional[str]
    checked: Optional[str]
    portfolio: Optional[list[dict]]
    collected: Optional[list[dict]]
    id: Optional[str]
    request_hash: Optional[str]
    @property
    def exit_code(self) -> int:
        """The CLI's exit code for this answer: 0 solved/valid, 1 proved none or invalid, 3 unknown."""
    def to_json(self) -> str:
        """The answer as the CLI's ``--json`` prints it (one line, no newline)."""
    def svg(self) -> Optional[str]:
        """The SVG drawing (animated move by move for plans), or None when there is nothing to draw."""
    def save_svg(self, path: PathLike) -> None:
        """Writes the drawing to ``path`` (as ``--svg FILE``); BadInput when there is none."""
    def _repr_svg_(self) -> Optional[str]:
        """Jupyter shows an answer as its SVG."""
    def __str__(self) -> str:
        """The answer as the CLI prints it without ``--json``."""

def solve(request: Request = None, /, *, puzzle: Optional[str] = None, solver: Optional[str] = None,
          encoding: Optional[str] = None, all: bool = False, timeout: Optional[float] = None,
          certify: bool = False, proof_dir: Optional[PathLike] = None, progress: Progress = None,
          solvers: Optional[PathLike] = None, **fields: Any) -> Answer:
    """Solves one puzzle, as ``puzzlec solve PUZZLE ...`` does, in this process: shortest
    plans proved optimal, fillings with every line checked, or a proof of none. Keywords
    are the CLI's long flags with ``_`` for ``-``; ``progress`` gets each event as a dict.
    Raises BadInput (ValueError), Unknown (RuntimeError), KeyboardInterrupt on Ctrl-C."""

def emit(request: Request = None, /, *, puzzle: Optional[str] = None, format: str = "dimacs",
         horizon: Optional[int] = None, encoding: Optional[str] = None, **fields: Any) -> str:
    """The formula of one horizon (plans) or of the whole puzzle (fillings), as DIMACS or
    SMT-LIB2 text, exactly as ``puzzlec emit`` writes it."""

def decode(request: Request = None, /, *, puzzle: Optional[str] = None, encoded: Optional[str] = None,
           answer: Optional[str] = None, formula: Optional[PathLike] = None,
           model: Optional[PathLike] = None, **fields: Any) -> Answer:
    """Decodes a solver's answer (``answer=`` text or ``model=`` file) to an emitted formula
    (``encoded=`` text or ``formula=`` file) and replays it."""

def verify(request: Request = None, /, *, puzzle: Optional[str] = None, moves: Optional[str] = None,
           **fields: Any) -> Answer:
    """Replays a plan strictly through the puzzle's rules: status ``valid`` or ``invalid``."""

def batch(requests: Iterable[Union[Mapping[str, Any], str]], /, *, jobs: int = 1,
          timeout: Optional[float] = None, solvers: Optional[PathLike] = None,
          progress: Progress = None) -> list[Union[Answer, Error]]:
    """Solves many requests on ``jobs`` worker threads, as ``puzzlec batch``: one Answer per
    request in input order, or the exception object of a request that failed."""

def solvers(*, check: bool = False, solvers: Optional[PathLike] = None) -> list[dict]:
    """Every solver a request may name, built in and registered, as dicts."""

def puzzles() -> list[dict]:
    """Every puzzle: ``name``, ``about``, ``kind``, ``keys`` (its own keyword arguments) and ``encodings``."""
