"""Typical use of the package, type-checked by `mypy --strict` (test_types.py): the stubs and
annotations must let it through, and the revealed types must be the precise ones."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import tilesearch

board: tilesearch.Board = tilesearch.parse_board("6 4 5 / 8 2 7 / 1 0 3")
tiles: tuple[int, ...] = board.tiles
result: tilesearch.SolveResult = tilesearch.solve(board, heuristic="linear-conflict", threads=1)
length: Optional[int] = result.length
moves: list[int] = result.moves
generated: int = result.generated + result.expanded
threshold: int = result.iterations[0]["threshold"]

solver = tilesearch.Solver("1 2 3 4 0 6 7 5 8", order="udlr")
for event in solver:
    kind: str = event["type"]
step: Optional[dict[str, object]] = solver.step()
position: int = solver.seek(3)
solution: Optional[list[int]] = solver.solution
summary = solver.run(max_nodes=10)

verdict: tilesearch.Verdict = tilesearch.check(Path("trace.jsonl"), board=board)
verdicts = [
    tilesearch.check("trace.jsonl", board="6 4 5 8 2 7 1 0 3", order="udlr"),
    tilesearch.check([{"type": "iteration", "threshold": 17}], board=[6, 4, 5, 8, 2, 7, 1, 0, 3]),
    tilesearch.check(b'{"type":"iteration","threshold":17}\n', board=board),
]
ok: bool = verdict.ok
line: Optional[int] = verdict.line

tracer = tilesearch.Tracer(board)
tracer.iteration(17)
tracer.node(0, 17, 17, None)
tracer.prune(1, 18, 19, 2)
tracer.raise_(17, 19)
tracer.solved([1, 8])
lines: list[str] = tracer.lines()
checked: tilesearch.Verdict = tracer.check()

text: str = tilesearch.exercises(1, count=2, fmt="markdown")

try:
    tilesearch.solve("1 2 3")
except tilesearch.InvalidBoard as error:
    message: str = error.message
    error_kind: str = error.kind
except tilesearch.Error:
    pass
