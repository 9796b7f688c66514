"""`Solver`: its events are `tilesearch trace`'s lines (the golden traces too); stepping,
iterating, running and seeking agree."""

from __future__ import annotations

import itertools
import json

import pytest

import tilesearch
from conftest import CHALLENGING, ROOT, SIMPLE, run_cli

GOLDEN = ROOT / "tests" / "golden"
CASES = json.loads((GOLDEN / "cases.json").read_text())


def line(event: dict[str, object]) -> str:
    """An event written as the CLI writes it."""
    return json.dumps(event, separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_events_equal_the_golden_traces(case: dict[str, object]) -> None:
    golden = (GOLDEN / f"{case['name']}.jsonl").read_text().splitlines()
    solver = tilesearch.Solver(
        str(case["board"]),
        algorithm=str(case["algorithm"]),
        heuristic=str(case["heuristic"]),
        goal=str(case["goal"]),
    )
    events = [line(e) for e in itertools.islice(solver, len(golden))]
    assert events == golden
    if "maxNodes" not in case:
        # A whole trace: the search ends right after its last line.
        assert solver.step() is None
        assert solver.status == "solved"


def test_events_equal_the_clis_trace_in_another_order() -> None:
    out = run_cli(["trace", "--order", "udlr", "--heuristic", "linear-conflict", CHALLENGING])
    solver = tilesearch.Solver(CHALLENGING, order="udlr", heuristic="linear-conflict")
    assert [line(e) for e in solver] == out.stdout.decode().splitlines()


def test_run_stepping_and_solve_agree() -> None:
    stepped = tilesearch.Solver(CHALLENGING)
    events = list(stepped)
    assert events[-1]["type"] == "solved"
    ran = tilesearch.Solver(CHALLENGING)
    result = ran.run()
    assert result == tilesearch.solve(CHALLENGING) == stepped.run()
    assert ran.solution == stepped.solution == result.moves
    assert ran.summary() == stepped.summary()
    assert ran.summary()["nodes"] == ran.nodes == len(
        [e for e in events if e["type"] in ("node", "prune")]
    )


def test_a_budget_pauses_where_it_resumes() -> None:
    solver = tilesearch.Solver(CHALLENGING)
    first = solver.run(max_nodes=1000)
    assert (first.status, solver.status, solver.nodes) == ("stopped", "running", 1000)
    assert solver.run() == tilesearch.solve(CHALLENGING)


def test_seek_moves_back_and_forth() -> None:
    events = list(tilesearch.Solver(CHALLENGING))
    solver = tilesearch.Solver(CHALLENGING)
    assert solver.seek(100) == 100
    assert solver.step() == events[100]
    assert solver.seek(7) == 7
    assert [solver.step() for _ in range(3)] == events[7:10]
    assert solver.seek(10**9) == len(events)
    assert solver.step() is None
    solver.reset()
    assert solver.step() == events[0]


def test_the_solvers_state_reads() -> None:
    solver = tilesearch.Solver(SIMPLE, heuristic="hamming", goal="blank-last")
    # Before the first event the threshold is already h(start).
    assert (solver.status, solver.iteration, solver.threshold, solver.path) == ("running", 0, 2, [])
    solver.step()
    solver.step()
    assert (solver.iteration, solver.threshold) == (1, 2)
    assert solver.start == solver.board == tilesearch.Board(SIMPLE)
    assert (solver.algorithm, solver.heuristic, solver.goal, solver.order) == (
        "ida",
        "hamming",
        "blank-last",
        "lrud",
    )
    assert "status='running'" in repr(solver)
    list(solver)
    assert solver.solution == [5, 8] and solver.status == "solved"
