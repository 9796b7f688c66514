"""`Tracer` on a small student-style IDA* written here: the verdicts of a correct search and of
two classic mistakes, and the saved file read by the CLI."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Optional

import tilesearch
from conftest import CHALLENGING, run_cli

GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)
# Blank moves left, right, up, down (the lecture's order): the cell's row and column step.
STEPS = ((0, -1), (0, 1), (-1, 0), (1, 0))


def manhattan(board: list[int]) -> int:
    return sum(
        abs(i // 3 - (t - 1) // 3) + abs(i % 3 - (t - 1) % 3) for i, t in enumerate(board) if t
    )


def ida_star(tracer: tilesearch.Tracer, start: list[int], reverse_check: bool = True) -> Optional[list[int]]:
    """A student's IDA*, recording its events with `tracer`."""
    board = list(start)
    path: list[int] = []

    def dfs(blank: int, g: int, bound: int, prev: int) -> int:
        h = manhattan(board)
        f = g + h
        tile = path[-1] if path else None
        if f > bound:
            tracer.prune(g, h, f, tile)  # type: ignore[arg-type]
            return f
        tracer.node(g, h, f, tile)
        if tuple(board) == GOAL:
            return -1
        smallest = 1 << 30
        for dr, dc in STEPS:
            r, c = blank // 3 + dr, blank % 3 + dc
            if not (0 <= r < 3 and 0 <= c < 3):
                continue
            other = r * 3 + c
            if reverse_check and other == prev:
                continue
            board[blank], board[other] = board[other], board[blank]
            path.append(board[blank])
            t = dfs(other, g + 1, bound, blank)
            if t == -1:
                return -1
            path.pop()
            board[blank], board[other] = board[other], board[blank]
            smallest = min(smallest, t)
        return smallest

    bound = manhattan(board)
    while True:
        tracer.iteration(bound)
        t = dfs(board.index(0), 0, bound, -1)
        if t == -1:
            tracer.solved(path)
            return path
        tracer.raise_(bound, t)
        bound = t


START = [int(t) for t in CHALLENGING.split()]


def test_a_correct_search_is_ok() -> None:
    tracer = tilesearch.Tracer(CHALLENGING)
    moves = ida_star(tracer, START)
    verdict = tracer.check()
    assert verdict.ok, str(verdict)
    assert verdict.summary is not None
    assert verdict.summary["moves"] == moves == tilesearch.solve(CHALLENGING).moves
    assert verdict.summary["iterations"] == 5
    assert len(tracer) == len(tracer.lines()) == len(tracer.events())
    assert tracer.events()[0] == {"type": "iteration", "threshold": 17}
    assert tracer.events()[1] == {"type": "node", "g": 0, "h": 17, "f": 17, "tile": None}


def test_a_missing_reverse_check_is_caught() -> None:
    tracer = tilesearch.Tracer(CHALLENGING)
    tracer_limit = 2000
    # Without the check this search never ends in reasonable time: stop after a while.
    try:
        ida_star(_Limited(tracer, tracer_limit), START, reverse_check=False)  # type: ignore[arg-type]
    except _Enough:
        pass
    verdict = tracer.check()
    # Line 10 in the lecture's order (the held solver, in udlr, goes wrong on line 11).
    assert (verdict.ok, verdict.kind, verdict.line) == (False, "reverse-move", 10)
    assert "undoes the move into its parent (line 9)" in verdict.message


def test_the_saved_file_is_the_clis_to_check(tmp_path: Path) -> None:
    tracer = tilesearch.Tracer(tilesearch.parse_board(CHALLENGING), heuristic="manhattan")
    ida_star(tracer, START)
    tracer.event("prune", g=1, h=2, f=3, tile=4)  # an extra event after the solution
    path = tmp_path / "trace.jsonl"
    tracer.save(path)
    cli = run_cli(["check", "--json", "--board", CHALLENGING, str(path)])
    verdict = tracer.check()
    assert verdict.to_dict() == json.loads(cli.stdout)
    assert verdict.kind == "unexpected-event"
    tracer.clear()
    assert len(tracer) == 0 and "0 events" in repr(tracer)


def test_echo_prints_the_lines() -> None:
    out = io.StringIO()
    tracer = tilesearch.Tracer(CHALLENGING, echo=out)
    tracer.iteration(17)
    tracer.node(0, 17, 17)
    assert out.getvalue().splitlines() == tracer.lines()


class _Enough(Exception):
    pass


class _Limited:
    """A tracer that stops the search (by raising) after `limit` events."""

    def __init__(self, tracer: tilesearch.Tracer, limit: int) -> None:
        self.tracer, self.limit = tracer, limit

    def __getattr__(self, name: str) -> object:
        method = getattr(self.tracer, name)

        def record(*args: object) -> None:
            if len(self.tracer) >= self.limit:
                raise _Enough
            method(*args)

        return record
