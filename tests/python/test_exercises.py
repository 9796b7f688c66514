"""`exercises` writes what `tilesearch exercise` writes, byte for byte."""

from __future__ import annotations

import json

import pytest

import tilesearch
from conftest import run_cli


@pytest.mark.parametrize("fmt", ["json", "markdown", "moodle"])
def test_each_format_equals_the_clis(fmt: str) -> None:
    text = tilesearch.exercises(7, count=6, fmt=fmt)
    cli = run_cli(["exercise", "--seed", "7", "--count", "6", "--format", fmt])
    assert text == cli.stdout.decode()


def test_options_equal_the_clis() -> None:
    text = tilesearch.exercises(
        2**64 - 1, count=3, width=4, heuristic="linear-conflict", goal="blank-first",
        kinds=["solvable", "node-f"],
    )
    cli = run_cli([
        "exercise", "--seed", str(2**64 - 1), "--count", "3", "--width", "4", "--heuristic",
        "linear-conflict", "--goal", "blank-first", "--kinds", "solvable,node-f",
    ])
    assert text == cli.stdout.decode()
    assert [q["kind"] for q in json.loads(text)] == ["solvable", "node-f", "solvable"]


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"count": 0}, "--count needs a whole number of questions from 1 to 1000"),
        ({"width": 6}, "--width needs 3"),
        ({"heuristic": "pdb"}, "pdb is not offered"),
        ({"kinds": ["riddles"]}, "riddles"),
        ({"fmt": "pdf"}, "unknown format"),
    ],
)
def test_bad_options_raise_the_clis_message(options: dict[str, object], words: str) -> None:
    with pytest.raises(tilesearch.InvalidOption, match=words):
        tilesearch.exercises(1, **options)  # type: ignore[arg-type]
    with pytest.raises(tilesearch.InvalidOption, match="--seed needs a whole number"):
        tilesearch.exercises(-1)
