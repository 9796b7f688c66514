"""``Tracer``: records the trace of a student's own IDA*, so that nobody writes JSON by hand."""

from __future__ import annotations

import json
import os

from typing import IO, Any, Optional, Sequence, Union

from ._check import check
from ._core import Board, Verdict


class Tracer:
    """Records the events of your own IDA* as ``tilesearch check`` reads them, then checks them.

    Call one method per event where your search makes it::

        tracer = tilesearch.Tracer("6 4 5 / 8 2 7 / 1 0 3")
        tracer.iteration(bound)                 # an iteration starts with this threshold
        tracer.node(g, h, f, tile)              # a node visited (tile=None at the root)
        tracer.prune(g, h, f, tile)             # a child cut off: f > threshold
        tracer.raise_(bound, new_bound)         # the threshold rises
        tracer.solved(path)                     # the goal, with the tiles slid
        print(tracer.check())                   # the verdict

    The values are recorded as given (nothing is computed or corrected here: the checker
    judges them). ``echo`` (a text file such as ``sys.stdout``) also writes each line as it
    is recorded, for a program piped into ``tilesearch check``.
    """

    def __init__(
        self,
        board: Union[Board, str, Sequence[int]],
        *,
        heuristic: str = "manhattan",
        goal: str = "blank-last",
        order: Optional[str] = None,
        echo: Optional[IO[str]] = None,
    ) -> None:
        self.board = board if isinstance(board, Board) else Board(board)
        self.heuristic = heuristic
        self.goal = goal
        self.order = order
        self.echo = echo
        self._lines: list[str] = []

    def event(self, type: str, **fields: Any) -> None:
        """Records one event of any ``type`` with its fields (the methods below are shorter)."""
        line = json.dumps({"type": type, **fields})
        self._lines.append(line)
        if self.echo is not None:
            print(line, file=self.echo)

    def iteration(self, threshold: int) -> None:
        """An IDA* iteration starts with this threshold (f bound)."""
        self.event("iteration", threshold=threshold)

    def node(self, g: int, h: int, f: int, tile: Optional[int] = None) -> None:
        """A node is visited (its f within the threshold); ``tile`` is the tile slid to reach
        it, ``None`` at the root."""
        self.event("node", g=g, h=h, f=f, tile=tile)

    def prune(self, g: int, h: int, f: int, tile: int) -> None:
        """A generated child is cut off because its f exceeds the threshold."""
        self.event("prune", g=g, h=h, f=f, tile=tile)

    def raise_(self, old: int, new: int) -> None:
        """The iteration ended without the goal: the threshold rises from ``old`` to ``new``
        (``raise`` is a Python keyword, hence the underscore)."""
        self.event("raise", **{"from": old, "to": new})

    def solved(self, moves: Sequence[int], length: Optional[int] = None) -> None:
        """The goal was visited; ``moves`` are the tiles slid from the start, ``length`` their
        number (by default ``len(moves)``)."""
        moves = list(moves)
        self.event("solved", length=len(moves) if length is None else length, moves=moves)

    def lines(self) -> list[str]:
        """The trace so far: one JSON line per event (without newlines)."""
        return list(self._lines)

    def events(self) -> list[dict[str, Any]]:
        """The trace so far, as dicts."""
        return [json.loads(line) for line in self._lines]

    def clear(self) -> None:
        """Forgets the events recorded so far."""
        self._lines.clear()

    def __len__(self) -> int:
        return len(self._lines)

    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Writes the trace to ``path``, one JSON line per event: a file for ``tilesearch
        check --board BOARD FILE``."""
        with open(path, "w", encoding="utf-8") as file:
            for line in self._lines:
                file.write(line + "\n")

    def check(self) -> Verdict:
        """The checker's verdict on the trace so far (see :func:`tilesearch.check`)."""
        return check(
            self._lines,
            board=self.board,
            heuristic=self.heuristic,
            goal=self.goal,
            order=self.order,
        )

    def __repr__(self) -> str:
        return f"Tracer({self.board!r}, {len(self._lines)} events)"


