"""tilesearch: step-by-step IDA* (and the lecture's BFS, DFS, greedy and A*) on the 8-, 15- and
24-puzzle, with a checker for students' own IDA* traces and an exercise generator.

Everything runs in the project's Rust core (the same code as the ``tilesearch`` command line
and the web page): :func:`solve` returns what ``tilesearch solve --json`` prints, a
:class:`Solver`'s events are ``tilesearch trace``'s lines, :func:`check` gives ``tilesearch
check``'s verdict and :func:`exercises` writes what ``tilesearch exercise`` writes.

>>> import tilesearch
>>> tilesearch.solve("1 2 3 / 4 0 6 / 7 5 8").moves
[5, 8]
"""

from __future__ import annotations

from typing import Any

from ._check import check
from ._core import Board, Solver, SolveResult, Verdict, __version__, exercises, parse_board, solve
from ._errors import EmptyTrace, Error, IllegalMove, InvalidBoard, InvalidOption, Unsolvable
from ._tracer import Tracer

# `Explorer` is left out of `__all__`: `from tilesearch import *` should not need anywidget.
__all__ = [
    "Board",
    "EmptyTrace",
    "Error",
    "IllegalMove",
    "InvalidBoard",
    "InvalidOption",
    "SolveResult",
    "Solver",
    "Tracer",
    "Unsolvable",
    "Verdict",
    "__version__",
    "check",
    "exercises",
    "parse_board",
    "solve",
]


def __getattr__(name: str) -> Any:
    """``tilesearch.Explorer``, the notebook widget, imported on first use: ``import
    tilesearch`` does not import anywidget."""
    if name == "Explorer":
        # The widget ships beside this module; the ignore covers a type check without it.
        from .explorer import Explorer  # type: ignore[import-not-found,unused-ignore]

        return Explorer
    raise AttributeError(f"module 'tilesearch' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | {"Explorer"})
