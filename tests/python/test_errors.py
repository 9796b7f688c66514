"""Every exception type, with the core's message and kind (the CLI's, where it prints one)."""

from __future__ import annotations

import json
import re

import pytest

import tilesearch
from conftest import CHALLENGING, KORF_12, SIMPLE, run_cli

BAD_BOARDS = [
    ("", "empty"),
    ("1 2 3 4 5", "wrong-tile-count"),
    ("1 2 x 4 5 6 7 8 0", "not-a-number"),
    ("1 2 3 4 5 6 7 8 9", "out-of-range"),
    ("1 1 3 4 5 6 7 8 0", "duplicate-tile"),
    ("1 2 3 / 4 5 / 6 7 8 0", "ragged-rows"),
]


@pytest.mark.parametrize(("text", "kind"), BAD_BOARDS)
def test_bad_boards_raise_invalid_board_with_the_clis_message(text: str, kind: str) -> None:
    with pytest.raises(tilesearch.InvalidBoard) as raised:
        tilesearch.solve(text)
    cli = json.loads(run_cli(["solve", "--json", text]).stdout)
    assert (raised.value.kind, raised.value.message, str(raised.value)) == (
        kind,
        cli["error"],
        cli["error"],
    )
    assert cli["kind"] == kind
    assert isinstance(raised.value, ValueError) and isinstance(raised.value, tilesearch.Error)
    with pytest.raises(tilesearch.InvalidBoard, match=re.escape(cli["error"])):
        tilesearch.parse_board(text)


def test_an_unsolvable_board_explains_the_parity() -> None:
    with pytest.raises(tilesearch.Unsolvable) as raised:
        tilesearch.solve("2 1 3 4 5 6 7 8 0")
    cli = json.loads(run_cli(["solve", "--json", "2 1 3 4 5 6 7 8 0"]).stdout)
    assert (raised.value.kind, raised.value.message) == ("unsolvable", cli["error"])
    assert "parity" in raised.value.message
    # On 4×4 the blank's row counts: Korf's #12 in the blank-last form cannot reach blank-first.
    with pytest.raises(tilesearch.Unsolvable):
        tilesearch.Solver(KORF_12, goal="blank-first")
    with pytest.raises(tilesearch.Unsolvable):
        tilesearch.parse_board(KORF_12).check_solvable("blank-first")
    with pytest.raises(tilesearch.Unsolvable):
        tilesearch.check([], board=KORF_12, goal="blank-first")


@pytest.mark.parametrize(
    ("options", "kind", "words"),
    [
        ({"heuristic": "euclid"}, "unknown-heuristic", "euclid"),
        ({"goal": "middle"}, "unknown-goal", "middle"),
        ({"algorithm": "dijkstra"}, "unknown-algorithm", "dijkstra"),
        ({"order": "lrdd"}, "invalid-option", "lrdd"),
        ({"heuristic": "pdb"}, "pdb-width", "4×4"),
        ({"threads": 2, "max_nodes": 10}, "invalid-option", "max_nodes"),
        ({"threads": 0}, "invalid-option", "from 1 to 256"),
        ({"threads": 2, "algorithm": "bfs"}, "invalid-option", "bfs runs on one"),
        ({"max_reached": 10}, "invalid-option", "memory guard"),
        ({"algorithm": "bfs", "max_reached": 0}, "invalid-option", "from 1 to"),
        ({"max_nodes": -1}, "invalid-option", "0 or more"),
    ],
)
def test_bad_options_raise_invalid_option(options: dict[str, object], kind: str, words: str) -> None:
    with pytest.raises(tilesearch.InvalidOption, match=words) as raised:
        tilesearch.solve(CHALLENGING, **options)  # type: ignore[arg-type]
    assert raised.value.kind == kind
    assert isinstance(raised.value, ValueError)


def test_an_unknown_option_name_is_the_clis_message() -> None:
    with pytest.raises(tilesearch.InvalidOption) as raised:
        tilesearch.solve(SIMPLE, heuristic="euclid")
    out = run_cli(["solve", "--heuristic", "euclid", SIMPLE])
    assert raised.value.message in out.stderr.decode()


def test_an_illegal_move_is_named() -> None:
    with pytest.raises(tilesearch.IllegalMove, match="tile 1") as raised:
        tilesearch.parse_board(SIMPLE).slide(1)
    assert raised.value.kind == "not-adjacent"


def test_an_empty_trace_is_named() -> None:
    with pytest.raises(tilesearch.EmptyTrace, match="empty"):
        tilesearch.check(b"", board=SIMPLE)
    with pytest.raises(tilesearch.EmptyTrace):
        tilesearch.check([], board=SIMPLE)


def test_wrong_types_are_type_errors() -> None:
    with pytest.raises(TypeError, match="a board is"):
        tilesearch.solve(3.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        tilesearch.check(42, board=SIMPLE)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="an event is"):
        tilesearch.check([1, 2], board=SIMPLE)  # type: ignore[list-item]
    with pytest.raises(TypeError):
        tilesearch.exercises("seed")  # type: ignore[arg-type]


def test_errors_read_as_tilesearchs() -> None:
    assert tilesearch.InvalidBoard.__module__ == "tilesearch"
    error = tilesearch.InvalidOption("bad", "invalid-option")
    assert repr(error) == "InvalidOption('bad')"
    assert issubclass(tilesearch.Unsolvable, tilesearch.Error)
