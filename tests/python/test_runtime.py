"""Long searches release the GIL, Ctrl-C stops them, and `import tilesearch` stays light."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time
from typing import Callable

import tilesearch
from conftest import KORF_1, run_python

#: Minutes of Manhattan search, so that only an interrupt ends it within the test.
HARD = KORF_1
#: Korf's #7 (blank-last): 156 M nodes generated with Manhattan, a second or so on 2 threads.
KORF_7 = "0 2 13 7 15 6 8 4 9 10 12 3 11 1 5 14"


def interrupted(code: str) -> tuple[str, str, float]:
    """Runs `code` (which prints "go" just before its long call), sends SIGINT a moment after
    "go", and returns its output and the seconds from the signal to its exit."""
    process = run_python(code, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "go"
    time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    sent = time.monotonic()
    out, err = process.communicate(timeout=30)
    return out, err, time.monotonic() - sent


def test_ctrl_c_stops_a_sequential_solve() -> None:
    code = (
        "import tilesearch\n"
        "print('go', flush=True)\n"
        f"tilesearch.solve({HARD!r}, threads=1)\n"
    )
    out, err, seconds = interrupted(code)
    assert "KeyboardInterrupt" in err, err
    print(f"sequential solve: KeyboardInterrupt {seconds:.3f} s after SIGINT")
    assert seconds < 5


def test_ctrl_c_stops_a_parallel_solve() -> None:
    code = (
        "import tilesearch\n"
        "print('go', flush=True)\n"
        f"tilesearch.solve({HARD!r}, threads=2)\n"
    )
    out, err, seconds = interrupted(code)
    assert "KeyboardInterrupt" in err, err
    print(f"parallel solve: KeyboardInterrupt {seconds:.3f} s after SIGINT")
    assert seconds < 5


def test_an_interrupted_solver_stays_usable() -> None:
    code = (
        "import tilesearch\n"
        f"solver = tilesearch.Solver({HARD!r})\n"
        "print('go', flush=True)\n"
        "try:\n"
        "    solver.run()\n"
        "except KeyboardInterrupt:\n"
        "    nodes = solver.nodes\n"
        "    assert solver.status == 'running' and nodes > 0\n"
        "    solver.run(max_nodes=1000)\n"
        "    assert solver.nodes == nodes + 1000\n"
        "    print('resumed', nodes)\n"
    )
    out, err, _ = interrupted(code)
    assert out.startswith("resumed"), err


def ticks_during(work: Callable[[], object]) -> tuple[list[float], float, float]:
    """Runs `work` while another Python thread records the times of its loop's turns."""
    ticks: list[float] = []
    done = threading.Event()

    def count() -> None:
        while not done.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    time.sleep(0.05)
    start = time.monotonic()
    work()
    end = time.monotonic()
    done.set()
    counter.join()
    return ticks, start, end


def test_other_threads_run_during_a_search() -> None:
    for name, work in [
        ("sequential", lambda: tilesearch.Solver(HARD).run(max_nodes=100_000_000)),
        ("parallel", lambda: tilesearch.solve(KORF_7, threads=2)),
    ]:
        ticks, start, end = ticks_during(work)
        during = [t for t in ticks if start + 0.05 < t < end - 0.05]
        print(f"{name}: {end - start:.2f} s, the other thread turned {len(during)} times")
        assert end - start > 0.2, "the search should be long enough to tell"
        # With the GIL held the other thread would not turn at all (it sleeps 1 ms a turn:
        # hundreds a second when it runs freely; ten a second leaves room for a busy machine).
        assert len(during) > (end - start) * 10


def test_import_is_light() -> None:
    code = (
        "import sys, tilesearch\n"
        "assert 'anywidget' not in sys.modules and 'tilesearch.explorer' not in sys.modules\n"
        "assert 'Explorer' in dir(tilesearch)\n"
        "print('ok')\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=60
    )
    assert out.stdout.strip() == "ok", out.stderr
