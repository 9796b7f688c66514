"""Shared helpers of the Python package's tests: the CLI they compare with, and boards."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Optional

import pytest

ROOT = Path(__file__).resolve().parents[2]

# One pattern-database cache for the session's Python and CLI runs: the first pdb solve builds
# it (a few seconds), every later one loads it. Set before tilesearch loads any database.
os.environ.setdefault("TILESEARCH_CACHE", tempfile.mkdtemp(prefix="tilesearch-pytest-cache-"))

#: The lecture's boards and quick 15-puzzles (Korf's #12, #42 and #79 in the blank-last form).
SIMPLE = "1 2 3 4 0 6 7 5 8"
CHALLENGING = "6 4 5 8 2 7 1 0 3"
KORF_12 = "1 3 5 6 0 13 14 9 11 4 8 12 10 7 15 2"
KORF_42 = "6 1 15 8 5 10 13 0 3 4 2 7 14 9 11 12"
KORF_79 = "1 6 10 8 14 12 4 2 13 11 3 5 9 7 15 0"
#: Korf's #1 (blank-last): minutes with Manhattan, milliseconds with pdb.
KORF_1 = "13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2"


def cli_path() -> str:
    """The CLI built beside the wheel (`make test-python` passes it)."""
    path = os.environ.get("TILESEARCH_CLI") or str(
        ROOT / "target" / "python" / "test-release" / "tilesearch"
    )
    if not Path(path).exists():
        pytest.fail(f"the tilesearch CLI is not built at {path}: run make test-python")
    return path


def run_cli(args: list[str], stdin: Optional[bytes] = None) -> subprocess.CompletedProcess[bytes]:
    """The CLI's run with `args`: its exit status, standard output and error."""
    return subprocess.run(
        [cli_path(), *args], input=stdin, capture_output=True, check=False, timeout=120
    )


def run_python(code: str, **kwargs: object) -> subprocess.Popen[str]:
    """A Python process running `code` with tilesearch importable (the test's interpreter)."""
    return subprocess.Popen(  # type: ignore[call-overload,no-any-return]
        [sys.executable, "-c", code], text=True, **kwargs
    )
