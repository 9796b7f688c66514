"""Grades a student's IDA* (a Jupyter notebook or a .py file defining ``ida_star``) with the
core's trace checker, on several boards.

The student's function is ``ida_star(start, tracer)``: ``start`` is the board as a tuple
(``0`` is the blank), ``tracer`` a :class:`tilesearch.Tracer` their search reports each event
to. Each board is one test: full marks when the checker finds the trace correct IDA* to the
end, else none, with the checker's verdict and a hint for the mistake as feedback.

Gradescope (``run_autograder`` in this folder calls it)::

    python3 grade.py /autograder/submission/ida_star.ipynb --results /autograder/results/results.json

nbgrader, Otter or pytest: ``test_ida_star.py`` here asserts the same, with the feedback as
the assertion's message. Without ``--results`` the report is printed.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import traceback
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Optional

import tilesearch

#: The boards graded by default: two moves, the lecture's case (25 moves), and a blank in a
#: corner with a move order that differs from the first board's first step.
BOARDS = ["1 2 3 4 5 6 0 7 8", "6 4 5 8 2 7 1 0 3", "8 1 3 4 0 2 7 6 5"]
#: Seconds a student's search may take on one board.
TIME_LIMIT = 30
#: A trace longer than this is not read further (a search that never stops).
MAX_EVENTS = 200_000

#: Each kind of divergence in the words of the teaching text's common mistakes.
HINTS = {
    "first-threshold": "The first threshold is h(start). If yours is larger, check the heuristic: "
    "the blank is not a tile (never count it), and h must not be inflated (Manhattan × 2 breaks optimality).",
    "wrong-h": "h is not the heuristic's value for this board. Tile v's goal cell is ((v-1) // SIDE, (v-1) % SIDE), "
    "not (v // SIDE, v % SIDE); and after the recursive call, undo the move so the shared board is as before.",
    "wrong-g": "g is the number of moves from the start: a child's g is its parent's g + 1.",
    "wrong-f": "f = g + h, with the g and h of the same node.",
    "illegal-move": "The tile reported cannot slide into the blank here: is every move undone after the recursion?",
    "reverse-move": "Forbid the move that undoes the move into the parent: without it the search ping-pongs between two states.",
    "not-pruned": "A child whose f exceeds the threshold is pruned (reported with prune), not visited.",
    "wrongly-pruned": "Prune only when f > threshold: a child with f equal to the threshold is visited.",
    "missing-event": "IDA* makes an event here that your trace lacks: a child of the move order, a raise or an iteration.",
    "unexpected-event": "Your trace has an event IDA* does not make here: each child once, in the move order.",
    "wrong-raise": "A pruned child returns its f (not the bound), and the threshold rises to the smallest f pruned in the iteration.",
    "missed-goal": "Test for the goal when a node is visited, and stop there.",
    "wrong-solution": "The solution is the path to the goal found: its length and tiles as slid.",
    "truncated": "The trace ends before the search does: did the function stop early or fail?",
}


class TimeLimit(Exception):
    """The student's search ran out of time on a board."""


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    """Raises TimeLimit in the block after ``seconds`` (Unix; elsewhere there is no limit)."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def expired(signum: int, frame: Any) -> None:
        raise TimeLimit(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def load_submission(path: Path) -> tuple[Callable[..., Any], list[str]]:
    """The ``ida_star`` function defined by a notebook's code cells (IPython magics and shell
    lines left out, cells tagged ``skip-grading`` too) or by a Python file, and the errors of
    the cells that failed: each cell runs on its own, as in the notebook, so that a failing
    check cell of the student's does not hide their function."""
    if path.suffix == ".ipynb":
        notebook = json.loads(path.read_text(encoding="utf-8"))
        cells = [
            "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            for cell in notebook["cells"]
            if cell.get("cell_type") == "code" and "skip-grading" not in cell.get("metadata", {}).get("tags", [])
        ]
        cells = ["\n".join(line for line in cell.splitlines() if not line.lstrip().startswith(("%", "!"))) for cell in cells]
    else:
        cells = [path.read_text(encoding="utf-8")]
    namespace: dict[str, Any] = {"__name__": "submission"}
    errors = []
    for number, source in enumerate(cells, 1):
        try:
            exec(compile(source, f"{path.name}, code cell {number}", "exec"), namespace)
        except Exception as failure:  # the student's cell failed: said in the feedback
            errors.append(f"code cell {number}: " + "".join(traceback.format_exception_only(type(failure), failure)).strip())
    function = namespace.get("ida_star")
    if not callable(function):
        raise LookupError(f"{path.name} defines no function ida_star(start, tracer)" + "".join(f"\n{error}" for error in errors))
    return function, errors


class BoundedTracer(tilesearch.Tracer):
    """A Tracer that stops a search which never ends (a threshold that never rises)."""

    def event(self, type: str, **fields: Any) -> None:
        if len(self) >= MAX_EVENTS:
            raise TimeLimit(f"more than {MAX_EVENTS:,} events: the search does not end")
        super().event(type, **fields)


def grade_board(ida_star: Callable[..., Any], board: str, heuristic: str = "manhattan") -> dict[str, Any]:
    """One test: the student's search on ``board``, checked. Returns Gradescope's test object
    plus ``verdict`` (the checker's, as a dict, or None when the search failed)."""
    start = tuple(int(v) for v in board.split())
    tracer = BoundedTracer(board, heuristic=heuristic)
    name = f"IDA* on {board}"
    problem: Optional[str] = None
    try:
        with time_limit(TIME_LIMIT):
            ida_star(start, tracer)
    except TimeLimit as stop:
        problem = f"Stopped: {stop}. The checker read the trace so far."
    except Exception as failure:  # the student's code failed: its innermost frames are the feedback
        frames = [frame for frame in traceback.extract_tb(failure.__traceback__) if frame.filename != __file__][-3:]
        problem = ("Your function raised an exception:\n" + "".join(traceback.format_list(frames))
                   + "".join(traceback.format_exception_only(type(failure), failure)))
    if len(tracer) == 0:
        output = (problem or "Your function reported no events.") + "\nCall tracer.iteration, tracer.node, tracer.prune, tracer.raise_ and tracer.solved as your search goes."
        return {"name": name, "score": 0, "max_score": 1, "output": output, "verdict": None}
    verdict = tracer.check()
    if verdict.ok:
        output = verdict.message[:1].upper() + verdict.message[1:]
    else:
        output = f"Line {verdict.line}: {verdict.message}" if verdict.line is not None else verdict.message
        hint = HINTS.get(verdict.kind or "")
        if hint:
            output += f"\nHint: {hint}"
        if problem:
            output = f"{problem}\n{output}"
    return {"name": name, "score": 1 if verdict.ok else 0, "max_score": 1, "output": output, "verdict": verdict.to_dict()}


def grade(submission: Path, boards: list[str], heuristic: str = "manhattan") -> dict[str, Any]:
    """Gradescope's results object for ``submission`` on ``boards``."""
    try:
        ida_star, errors = load_submission(submission)
    except Exception as failure:
        message = "".join(traceback.format_exception_only(type(failure), failure)).strip()
        return {"score": 0, "output": f"The submission could not be loaded: {message}",
                "tests": [{"name": f"IDA* on {board}", "score": 0, "max_score": 1, "output": "Not run."} for board in boards]}
    tests = [grade_board(ida_star, board, heuristic) for board in boards]
    score = sum(test["score"] for test in tests)
    for test in tests:
        test.pop("verdict")
    output = f"{score} of {len(tests)} boards traced as correct IDA*."
    if errors:
        output += "\nThese cells of the submission failed when run in order:\n" + "\n".join(errors)
    return {"score": score, "output": output, "tests": tests}


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("submission", type=Path, help="the student's notebook (.ipynb) or Python file")
    parser.add_argument("--results", type=Path, help="write Gradescope's results.json here (else print a report)")
    parser.add_argument("--board", action="append", dest="boards", help="a board to grade on (repeat; default: three 8-puzzles)")
    parser.add_argument("--heuristic", default="manhattan")
    args = parser.parse_args(argv)
    results = grade(args.submission, args.boards or BOARDS, args.heuristic)
    if args.results:
        args.results.parent.mkdir(parents=True, exist_ok=True)
        args.results.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    else:
        print(results["output"])
        for test in results["tests"]:
            print(f"\n[{test['score']}/{test['max_score']}] {test['name']}\n{test['output']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
