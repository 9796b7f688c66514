"""`solve` returns what `tilesearch solve --json` prints, for every algorithm and option."""

from __future__ import annotations

import json

import pytest

import tilesearch
from conftest import CHALLENGING, KORF_1, KORF_12, KORF_42, SIMPLE, run_cli

CASES = [
    (SIMPLE, {}),
    (CHALLENGING, {}),
    (CHALLENGING, {"heuristic": "hamming", "goal": "blank-first"}),
    (CHALLENGING, {"heuristic": "linear-conflict", "order": "udlr"}),
    (CHALLENGING, {"algorithm": "bfs"}),
    (CHALLENGING, {"algorithm": "astar", "heuristic": "linear-conflict"}),
    (CHALLENGING, {"algorithm": "dfs", "max_reached": 1000}),
    (CHALLENGING, {"algorithm": "greedy"}),
    (CHALLENGING, {"max_nodes": 500}),
    (KORF_12, {"threads": 1}),
    (KORF_42, {"threads": 2}),
    (KORF_1, {"heuristic": "pdb"}),
    (KORF_1, {"heuristic": "pdb", "threads": 1}),
]


def cli_args(board: str, options: dict[str, object]) -> list[str]:
    args = ["solve", "--json"]
    for name, value in options.items():
        args += ["--" + name.replace("_", "-"), str(value)]
    return [*args, board]


@pytest.mark.parametrize(("board", "options"), CASES)
def test_solve_equals_the_clis_json(board: str, options: dict[str, object]) -> None:
    result = tilesearch.solve(board, **options)  # type: ignore[arg-type]
    out = run_cli(cli_args(board, options))
    line = out.stdout.decode().strip()
    assert result.to_json() == line
    cli = json.loads(line)
    assert result.to_dict() == cli
    assert result.length == cli["length"]
    assert result.moves == cli["moves"]
    assert result.expanded == cli["expanded"]
    assert result.generated == cli["generated"]
    assert result.iterations == cli["iterations"]
    assert result.status == cli["status"]
    assert result.max_frontier == cli["maxFrontier"]
    assert result.reached == cli["reached"]
    assert result.solved == (cli["status"] == "solved")
    assert result.board == tilesearch.Board(board)


def test_the_result_reads_well() -> None:
    result = tilesearch.solve(SIMPLE)
    assert repr(result) == (
        "SolveResult(board='1 2 3 / 4 0 6 / 7 5 8', algorithm='ida', heuristic='manhattan', "
        "status='solved', length=2, expanded=2, generated=6)"
    )
    assert result.iterations == [
        {"iteration": 1, "threshold": 2, "visited": 3, "pruned": 4, "nextThreshold": None}
    ]
    stopped = tilesearch.solve(CHALLENGING, max_nodes=10)
    assert (stopped.status, stopped.length, stopped.moves, stopped.solved) == (
        "stopped",
        None,
        [],
        False,
    )


def test_any_thread_count_gives_the_same_result() -> None:
    one = tilesearch.solve(KORF_12, threads=1)
    assert tilesearch.solve(KORF_12, threads=2) == one
    assert tilesearch.solve(KORF_12, threads=3) == one
    assert tilesearch.solve(KORF_12) == one


def test_boards_are_taken_as_text_numbers_or_boards() -> None:
    board = tilesearch.parse_board("6 4 5 / 8 2 7 / 1 0 3")
    assert repr(board) == "Board('6 4 5 / 8 2 7 / 1 0 3')"
    assert str(board) == "6 4 5\n8 2 7\n1   3"
    assert board.tiles == (6, 4, 5, 8, 2, 7, 1, 0, 3)
    assert (board.width, board.blank, board.to_line()) == (3, 7, CHALLENGING)
    assert tilesearch.Board([6, 4, 5, 8, 2, 7, 1, 0, 3]) == board
    assert tilesearch.Board("6,4,5,8,2,7,1,_,3") == board
    assert len({board, tilesearch.Board(CHALLENGING)}) == 1
    assert board.slide(1) == tilesearch.Board("6 4 5 8 2 7 0 1 3")
    moves = tilesearch.solve(board).moves
    assert board.after(moves).is_goal()
    assert not board.is_goal()
    assert board.is_solvable() and board.is_solvable("blank-first")
    assert not tilesearch.Board(KORF_12).is_solvable("blank-first")
    for given in (board, CHALLENGING, list(board.tiles), board.tiles):
        assert tilesearch.solve(given).moves == moves
