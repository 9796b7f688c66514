"""The example autograder (examples/grader): the assignment's solution scores full marks, the
student version none with the reason, and each of the teaching text's common mistakes gets the
checker's verdict at its kind with its own hint; Gradescope's results.json has its shape; the
notebook runs headless as a student runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
GRADER = ROOT / "examples" / "grader"
sys.path.insert(0, str(GRADER))

import grade  # noqa: E402
import make_student  # noqa: E402

NOTEBOOK = GRADER / "ida_star.ipynb"


def with_change(tmp_path: Path, old: str, new: str) -> Path:
    """The assignment notebook with one change in its code (which must occur exactly once)."""
    notebook = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    found = 0
    for cell in notebook["cells"]:
        source = "".join(cell["source"])
        found += source.count(old)
        cell["source"] = source.replace(old, new).splitlines(keepends=True)
    assert found == 1, f"{old!r} occurs {found} times"
    path = tmp_path / "submission.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return path


def test_the_solution_scores_full_marks(tmp_path: Path) -> None:
    results = grade.grade(NOTEBOOK, grade.BOARDS)
    assert results["score"] == len(grade.BOARDS) == 3
    assert [test["score"] for test in results["tests"]] == [1, 1, 1]
    assert results["tests"][1]["output"].startswith("Correct IDA*: 5 iterations, 1572 nodes visited")


def test_the_student_version_has_no_solution_and_scores_nothing_with_the_reason(tmp_path: Path) -> None:
    student = tmp_path / "student.ipynb"
    make_student.main(NOTEBOOK, student)
    text = student.read_text(encoding="utf-8")
    assert "BEGIN SOLUTION" not in text and "bounded_dfs" not in text
    assert text.count("raise NotImplementedError  # YOUR CODE HERE") == 2
    results = grade.grade(student, grade.BOARDS)
    assert results["score"] == 0
    assert "code cell 3: NotImplementedError" in results["output"]  # the manhattan check cell
    for test in results["tests"]:
        assert "Your function raised an exception" in test["output"] and "NotImplementedError" in test["output"]


# The teaching text's common mistakes, each a one-line change of the solution: the kind the
# checker names and words of the hint the feedback adds.
MISTAKES = [
    ("count the blank", "        if tile == 0:\n            continue\n", "", "first-threshold", "the blank is not a tile"),
    ("no reverse check", "            if cell == previous:  # the move back into the parent\n                continue\n", "", "reverse-move", "ping-pongs"),
    ("return the bound", "            tracer.prune(g, h, f, tile)\n            return f\n", "            tracer.prune(g, h, f, tile)\n            return threshold\n",
     "wrong-raise", "returns its f (not the bound)"),
    ("inflated heuristic", "    return distance\n", "    return 2 * distance\n", "first-threshold", "must not be inflated"),
    ("goal cell off by one", "(tile - 1) // SIDE, (tile - 1) % SIDE", "tile // SIDE, tile % SIDE", "wrong-h", "((v-1) // SIDE"),
    ("no undo", "            path.pop()\n            board[blank], board[cell] = board[cell], board[blank]\n", "            path.pop()\n", "wrong-h", "undo the move"),
    ("prune at the bound", "        if f > threshold:\n", "        if f >= threshold:\n", "wrongly-pruned", "f equal to the threshold is visited"),
]


@pytest.mark.parametrize("name, old, new, kind, hint", MISTAKES, ids=[m[0] for m in MISTAKES])
def test_each_common_mistake_gets_its_own_feedback(tmp_path: Path, name: str, old: str, new: str, kind: str, hint: str) -> None:
    submission = with_change(tmp_path, old, new)
    ida_star, _ = grade.load_submission(submission)
    result: dict[str, Any] = grade.grade_board(ida_star, "6 4 5 8 2 7 1 0 3")
    assert result["score"] == 0, result["output"]
    assert result["verdict"]["kind"] == kind, result["output"]
    assert result["output"].startswith(f"Line {result['verdict']['line']}: {result['verdict']['message']}") or "Stopped:" in result["output"]
    assert hint in result["output"].split("Hint: ", 1)[1]


def test_a_search_that_never_ends_is_stopped_and_still_judged(tmp_path: Path) -> None:
    # Returning the bound never raises the threshold: the search would loop for ever.
    submission = with_change(tmp_path, "        tracer.raise_(threshold, t)\n        threshold = t\n", "        tracer.raise_(threshold, t)\n")
    ida_star, _ = grade.load_submission(submission)
    result = grade.grade_board(ida_star, "6 4 5 8 2 7 1 0 3")
    assert result["score"] == 0
    assert result["output"].startswith("Stopped: more than 200,000 events")
    # The next iteration starts at the old threshold: the checker names the raise.
    assert result["verdict"]["kind"] == "wrong-raise"


def test_gradescope_results_json(tmp_path: Path) -> None:
    submission = with_change(tmp_path, "        if f > threshold:\n", "        if f >= threshold:\n")
    results_path = tmp_path / "results" / "results.json"
    done = subprocess.run([sys.executable, str(GRADER / "grade.py"), str(submission), "--results", str(results_path)],
                          capture_output=True, text=True, check=True)
    assert done.stdout == ""
    results = json.loads(results_path.read_text(encoding="utf-8"))
    assert set(results) == {"score", "output", "tests"}
    assert results["score"] == 0
    for test in results["tests"]:
        assert set(test) == {"name", "score", "max_score", "output"}
        assert test["max_score"] == 1 and test["score"] == 0
        assert "wrongly" in test["output"] or "pruned" in test["output"]


def test_the_assert_form_for_nbgrader_and_otter(tmp_path: Path) -> None:
    import test_ida_star

    ida_star, _ = grade.load_submission(NOTEBOOK)
    test_ida_star.assert_traced(ida_star, "6 4 5 8 2 7 1 0 3")
    wrong, _ = grade.load_submission(with_change(tmp_path, "        if f > threshold:\n", "        if f >= threshold:\n"))
    with pytest.raises(AssertionError, match="Hint: Prune only when f > threshold"):
        test_ida_star.assert_traced(wrong, "6 4 5 8 2 7 1 0 3")


def test_the_notebook_runs_headless_as_a_student_runs_it(tmp_path: Path) -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    # The last code cell shows the widget: it needs the notebook's front end, not the kernel's.
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    check_cell = next(cell for cell in notebook.cells if "skip-grading" in cell.metadata.get("tags", []))
    printed = "".join(output.get("text", "") for output in check_cell.outputs)
    assert printed.startswith("25 moves\nok: correct IDA*: 5 iterations"), printed


def test_every_kind_the_checker_names_has_a_hint() -> None:
    # The kinds are the core's (src/check.rs Divergence::name): a new kind needs its hint here.
    import re

    source = (ROOT / "src" / "check.rs").read_text(encoding="utf-8")
    kinds = set(re.findall(r'Divergence::\w+ => "([a-z-]+)"', source))
    assert len(kinds) == 14
    assert set(grade.HINTS) == kinds
