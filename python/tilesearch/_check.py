"""``check``: a trace of a student's own IDA* checked by the core's checker."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Mapping
from typing import IO, Any, Optional, Union

from . import _core
from ._core import Board, Verdict

#: What :func:`check` reads a trace from.
TraceSource = Union[
    "os.PathLike[str]",
    str,
    bytes,
    bytearray,
    memoryview,
    IO[str],
    IO[bytes],
    Iterable[Union[Mapping[str, Any], str, bytes]],
]

#: Bytes read from a file at a time.
CHUNK = 1 << 16


def check(
    trace: TraceSource,
    *,
    board: Union[Board, str, "list[int]", "tuple[int, ...]"],
    heuristic: str = "manhattan",
    goal: str = "blank-last",
    order: Optional[str] = None,
) -> Verdict:
    """Checks a trace of your own IDA* against the core, event by event, and returns the
    verdict: ``ok``, or the first divergence by ``line`` and ``kind`` with a ``message`` and
    both events (``got``, ``expected``). The same checker reads the same bytes as
    ``tilesearch check --board BOARD TRACE``: one verdict everywhere.

    ``trace`` is any of:

    - a path (``pathlib.Path`` or any ``os.PathLike``), read as bytes;
    - a string: the trace's JSON lines, or, when it is one line that does not start with
      ``{``, the path of a file holding them;
    - ``bytes`` (a file's content: UTF-8, or UTF-16 with its byte-order mark);
    - a file object, text or binary (read in chunks: a long trace is never held whole);
    - an iterable of events: dicts (written with ``json.dumps``, as a student's ``print``
      writes them), or JSON lines as ``str`` or ``bytes``.

    Without ``order`` the move order is inferred from the trace. Raises ``InvalidBoard``,
    ``Unsolvable`` or ``InvalidOption`` for bad options, ``EmptyTrace`` when the trace holds
    nothing, and whatever opening or reading the file raises; a wrong trace is a verdict, not
    an error.
    """
    return _core.check(_chunks(trace), board=board, heuristic=heuristic, goal=goal, order=order)


def _chunks(trace: TraceSource) -> Iterator[bytes]:
    """The trace's bytes, in chunks. Files are opened here, so that a missing one raises
    before the check starts."""
    if isinstance(trace, os.PathLike):
        return _file_chunks(open(trace, "rb"))  # noqa: SIM115 - closed by _file_chunks
    if isinstance(trace, str):
        stripped = trace.strip()
        if stripped and "\n" not in stripped and not stripped.startswith("{"):
            return _file_chunks(open(trace, "rb"))  # noqa: SIM115 - closed by _file_chunks
        return iter([trace.encode("utf-8")])
    if isinstance(trace, (bytes, bytearray, memoryview)):
        return iter([bytes(trace)])
    if hasattr(trace, "read"):
        return _read_chunks(trace)  # type: ignore[arg-type]
    if isinstance(trace, Iterable):
        return _event_lines(trace)
    raise TypeError(
        "a trace is a path, a string of JSON lines, bytes, a file object or an iterable of "
        f"events, got {type(trace).__name__}"
    )


def _file_chunks(file: IO[bytes]) -> Iterator[bytes]:
    with file:
        yield from _read_chunks(file)


def _read_chunks(file: Union[IO[str], IO[bytes]]) -> Iterator[bytes]:
    while True:
        chunk = file.read(CHUNK)
        if not chunk:
            return
        yield chunk.encode("utf-8") if isinstance(chunk, str) else bytes(chunk)


def _event_lines(events: Iterable[Union[Mapping[str, Any], str, bytes]]) -> Iterator[bytes]:
    for event in events:
        if isinstance(event, Mapping):
            line = json.dumps(dict(event)).encode("utf-8")
        elif isinstance(event, str):
            line = event.encode("utf-8")
        elif isinstance(event, (bytes, bytearray)):
            line = bytes(event)
        else:
            raise TypeError(
                f"an event is a dict or a JSON line (str or bytes), got {type(event).__name__}"
            )
        yield line if line.endswith(b"\n") else line + b"\n"
