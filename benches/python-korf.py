"""Korf's 100 solved from Python (the installed `tilesearch` wheel) and by the CLI, one after
the other, with the same heuristic and threads: the search's own seconds (the CLI's printed
per-board times, `SolveResult.seconds`) and the wall time of the loop.

    make python && .venv/bin/pip install --force-reinstall --no-deps target/python/wheels/*.whl
    CARGO_TARGET_DIR=target/python cargo build --release --bin tilesearch
    .venv/bin/python benches/python-korf.py --cli target/python/release/tilesearch \\
        --heuristic pdb --threads 1 [--instances 100] [--rounds 2]

The pattern databases are loaded (or built) before anything is timed; the CLI loads them from
the same cache at its start, which its wall time includes and its per-board times do not.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import time
from pathlib import Path

import tilesearch

ROOT = Path(__file__).resolve().parents[1]
KORF = ROOT / "tests" / "data" / "korf100-blank-last.txt"


def boards(count: int) -> list[tuple[int, str]]:
    rows = [line.split(maxsplit=1) for line in KORF.read_text().splitlines() if line[:1].isdigit()]
    return [(int(length), tiles) for length, tiles in rows][:count]


def python_round(instances: list[tuple[int, str]], heuristic: str, threads: int) -> tuple[float, float, int]:
    search = 0.0
    generated = 0
    start = time.perf_counter()
    for length, board in instances:
        result = tilesearch.solve(board, heuristic=heuristic, threads=threads)
        assert result.length == length, (board, result)
        search += result.seconds
        generated += result.generated
    return search, time.perf_counter() - start, generated


def cli_round(cli: str, instances: list[tuple[int, str]], heuristic: str, threads: int) -> tuple[float, float]:
    text = "".join(board + "\n" for _, board in instances)
    start = time.perf_counter()
    out = subprocess.run(
        [cli, "solve", "--heuristic", heuristic, "--threads", str(threads), "-"],
        input=text, capture_output=True, text=True, check=True,
    )
    wall = time.perf_counter() - start
    seconds = [float(s) for s in re.findall(r", ([0-9.]+) s\.$", out.stdout, re.MULTILINE)]
    assert len(seconds) == len(instances), out.stdout[-500:]
    return sum(seconds), wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cli", required=True)
    parser.add_argument("--heuristic", default="pdb")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--instances", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    instances = boards(args.instances)
    clock = time.perf_counter()
    tilesearch.solve(instances[0][1], heuristic=args.heuristic, threads=1)
    print(f"first solve (databases loaded or built): {time.perf_counter() - clock:.2f} s")
    for round in range(1, args.rounds + 1):
        search, wall, generated = python_round(instances, args.heuristic, args.threads)
        cli_search, cli_wall = cli_round(args.cli, instances, args.heuristic, args.threads)
        print(
            f"round {round}: {len(instances)} boards, {args.heuristic}, {args.threads} thread(s), "
            f"{generated / 1e6:.1f} M generated | Python: search {search:.2f} s, wall {wall:.2f} s "
            f"| CLI: search {cli_search:.2f} s, wall {cli_wall:.2f} s "
            f"| Python/CLI search {search / cli_search:.3f}"
        )


if __name__ == "__main__":
    main()
