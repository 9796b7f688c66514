"""The exceptions tilesearch raises, each with the core's message and its ``kind``.

Every one is a :class:`Error`; those about a bad argument are also :class:`ValueError`\\ s, so
code that catches ``ValueError`` catches them too.
"""

from __future__ import annotations

__all__ = ["Error", "InvalidBoard", "Unsolvable", "InvalidOption", "IllegalMove", "EmptyTrace"]


class Error(Exception):
    """Any error of tilesearch.

    ``message`` is the core's sentence (what ``str(error)`` shows, the same as the command
    line's) and ``kind`` its stable, machine-readable name, e.g. ``"duplicate-tile"``.
    """

    message: str
    kind: str

    # Shown and pickled as `tilesearch.Error`, where the package exports it (likewise below).
    __module__ = "tilesearch"

    def __init__(self, message: str, kind: str = "error") -> None:
        super().__init__(message)
        self.message = message
        self.kind = kind


class InvalidBoard(Error, ValueError):
    """A board's text or numbers are no board: not a number, out of range, a duplicate or
    missing tile, the wrong count, ragged rows…"""

    __module__ = "tilesearch"


class Unsolvable(Error, ValueError):
    """A valid board from which the goal cannot be reached (the message explains the parity)."""

    __module__ = "tilesearch"


class InvalidOption(Error, ValueError):
    """An option that is unknown or out of range, or options that do not go together (an
    unknown heuristic, ``pdb`` on a 3×3 board, ``threads`` with ``max_nodes``…)."""

    __module__ = "tilesearch"


class IllegalMove(Error, ValueError):
    """A tile asked to slide that is not next to the blank."""

    __module__ = "tilesearch"


class EmptyTrace(Error, ValueError):
    """A trace given to :func:`tilesearch.check` holds no byte at all."""

    __module__ = "tilesearch"
