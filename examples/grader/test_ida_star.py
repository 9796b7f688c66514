"""The autograder's tests as plain asserts, for nbgrader, Otter or pytest: each board is one
test, and a failing one says the checker's verdict and a hint as its message.

    SUBMISSION=path/to/ida_star.ipynb python3 -m pytest test_ida_star.py

(In an nbgrader "autograder tests" cell: ``from test_ida_star import assert_traced;
assert_traced(ida_star, "6 4 5 8 2 7 1 0 3")``.)
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable

import pytest

from grade import BOARDS, grade_board, load_submission


def assert_traced(ida_star: Callable[..., Any], board: str, heuristic: str = "manhattan") -> None:
    """Fails with the checker's feedback unless ``ida_star`` traces correct IDA* on ``board``."""
    result = grade_board(ida_star, board, heuristic)
    assert result["score"] == result["max_score"], result["output"]


@pytest.fixture(scope="module")
def ida_star() -> Callable[..., Any]:
    submission = os.environ.get("SUBMISSION")
    if not submission:
        pytest.skip("set SUBMISSION to the student's notebook or .py file")
    return load_submission(Path(submission))[0]


@pytest.mark.parametrize("board", BOARDS)
def test_ida_star(ida_star: Callable[..., Any], board: str) -> None:
    assert_traced(ida_star, board)
