"""`check` gives the CLI's verdict (`check --json`, and its text) on the held student traces,
from every kind of input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import tilesearch
from conftest import CHALLENGING, ROOT, cli_path, run_cli

STUDENT = ROOT / "tests" / "check" / "ida_star.py"

#: The held solver's mistakes (tests/check.rs), each caught at its line with its kind.
MISTAKES = [
    ("none", None, None),
    ("count-blank", 1, "first-threshold"),
    ("no-reverse-check", 11, "reverse-move"),
    ("return-bound", 6, "wrong-raise"),
    ("inflated", 1, "first-threshold"),
    ("goal-off-by-one", 4, "wrong-h"),
    ("no-undo", 4, "wrong-h"),
    ("wrong-g", 10, "wrong-g"),
    ("wrong-f", 11, "wrong-f"),
    ("prune-at-bound", 2, "wrongly-pruned"),
    ("no-prune", 3, "not-pruned"),
    ("skip-down", 21, "missing-event"),
    ("repeat-child", 15, "unexpected-event"),
    ("no-goal-test", 5440, "missed-goal"),
    ("wrong-length", 5440, "wrong-solution"),
]


def student(mistake: str, *extra: str) -> subprocess.Popen[bytes]:
    """The held solver with `mistake`, its trace on a pipe (some mistakes never end: the
    reader stops at the divergence and the solver is then stopped)."""
    return subprocess.Popen(
        [sys.executable, str(STUDENT), CHALLENGING, mistake, *extra], stdout=subprocess.PIPE
    )


def cli_verdict(mistake: str, *options: str) -> tuple[dict[str, object], str]:
    """`tilesearch check` on the solver's output: the JSON verdict, then the text one."""
    results = []
    for form in (["--json"], []):
        solver = student(mistake)
        out = subprocess.run(
            [cli_path(), "check", *form, *options, "--board", CHALLENGING, "-"],
            stdin=solver.stdout,
            capture_output=True,
            check=False,
            timeout=120,
        )
        solver.kill()
        solver.wait()
        results.append(out.stdout.decode())
    return json.loads(results[0]), results[1].rstrip("\n")


@pytest.mark.parametrize(("mistake", "line", "kind"), MISTAKES, ids=[m[0] for m in MISTAKES])
def test_the_held_traces_get_the_clis_verdicts(mistake: str, line: int, kind: str) -> None:
    solver = student(mistake)
    assert solver.stdout is not None
    verdict = tilesearch.check(solver.stdout, board=CHALLENGING)
    solver.kill()
    solver.wait()
    cli_json, cli_text = cli_verdict(mistake)
    assert verdict.to_dict() == cli_json
    assert verdict.to_json() == json.dumps(cli_json, separators=(",", ":"), ensure_ascii=False)
    assert str(verdict) == cli_text
    assert (verdict.ok, verdict.line, verdict.kind) == (mistake == "none", line, kind)
    assert verdict.message == cli_json["message"]
    assert (verdict.expected, verdict.got, verdict.position, verdict.order) == (
        cli_json["expected"],
        cli_json["got"],
        cli_json["position"],
        cli_json["order"],
    )
    assert (verdict.summary, verdict.text, verdict.context) == (
        cli_json["summary"],
        cli_json["text"],
        cli_json["context"],
    )


def test_every_input_form_reads_the_same(tmp_path: Path) -> None:
    trace = subprocess.run(
        [sys.executable, str(STUDENT), CHALLENGING, "none"], capture_output=True, check=True
    ).stdout
    expected = json.loads(
        run_cli(["check", "--json", "--board", CHALLENGING, "-"], stdin=trace).stdout
    )
    assert expected["ok"] is True
    path = tmp_path / "trace.jsonl"
    path.write_bytes(trace)
    text = trace.decode()
    forms = {
        "Path": path,
        "str path": str(path),
        "text file": open(path, encoding="utf-8"),
        "binary file": open(path, "rb"),
        "string": text,
        "bytes": trace,
        "UTF-16 with its byte-order mark": text.encode("utf-16"),
        "str lines": text.splitlines(),
        "bytes lines": trace.splitlines(),
        # The solver's other output (`moves: …`) is no event: the checker skips it.
        "dicts": [json.loads(line) for line in text.splitlines() if line.startswith("{")],
        "a generator": (line for line in io.StringIO(text)),
    }
    for name, form in forms.items():
        verdict = tilesearch.check(form, board=CHALLENGING)  # type: ignore[arg-type]
        assert verdict.to_dict() == expected, name
        if hasattr(form, "close"):
            form.close()
    assert repr(tilesearch.check(path, board=CHALLENGING)).startswith(
        "Verdict(ok=True, message='correct IDA*: 5 iterations"
    )


def test_options_are_the_clis() -> None:
    trace = subprocess.run(
        [sys.executable, str(STUDENT), CHALLENGING, "none", "udlr"], capture_output=True, check=True
    ).stdout
    for options, args in [
        ({"order": "udlr"}, ["--order", "udlr"]),
        ({"order": "lrud"}, ["--order", "lrud"]),
        ({"heuristic": "linear-conflict"}, ["--heuristic", "linear-conflict"]),
    ]:
        verdict = tilesearch.check(trace, board=tilesearch.parse_board(CHALLENGING), **options)
        cli = run_cli(["check", "--json", *args, "--board", CHALLENGING, "-"], stdin=trace)
        assert verdict.to_dict() == json.loads(cli.stdout), options


def test_a_missing_file_raises_before_checking(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        tilesearch.check(tmp_path / "missing.jsonl", board=CHALLENGING)
    with pytest.raises(FileNotFoundError):
        tilesearch.check("missing.jsonl", board=CHALLENGING)


def test_a_reading_error_comes_through() -> None:
    def events():  # type: ignore[no-untyped-def]
        yield '{"type":"iteration","threshold":17}'
        raise OSError("the disk went away")

    with pytest.raises(OSError, match="the disk went away"):
        tilesearch.check(events(), board=CHALLENGING)
