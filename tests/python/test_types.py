"""The type stubs: `mypy --strict` accepts the package and a typical use of it, rejects a
wrong use, and `stubtest` finds the stubs equal to the built module."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import tilesearch

HERE = Path(__file__).resolve().parent
PACKAGE = Path(tilesearch.__file__).resolve().parent
#: mypy's cache for this session's runs (typeshed parsed once), outside the work tree.
CACHE = tempfile.mkdtemp(prefix="tilesearch-mypy-")


def mypy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", CACHE, *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
        cwd=HERE,
    )


def test_typical_use_and_the_package_type_check() -> None:
    # The package's own modules; the notebook widget (tilesearch.explorer, typed against
    # anywidget and traitlets) is followed silently.
    modules = ["tilesearch", "tilesearch._check", "tilesearch._tracer", "tilesearch._errors"]
    package = ["--follow-imports=silent", *(arg for m in modules for arg in ("-m", m))]
    for args in ([str(HERE / "typed_usage.py")], package):
        out = mypy(*args)
        assert out.returncode == 0, out.stdout + out.stderr


def test_a_wrong_use_is_caught(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.py"
    wrong.write_text(
        "import tilesearch\n"
        "length: str = tilesearch.solve('1 2 3 4 0 6 7 5 8').length\n"
        "tilesearch.solve('1 2 3 4 0 6 7 5 8', heuristic=3)\n"
        "tilesearch.Tracer('1 2 3 4 0 6 7 5 8').node(0, 1)\n"
    )
    out = mypy(str(wrong))
    assert out.returncode == 1
    assert out.stdout.count("error:") == 3, out.stdout


def test_the_stubs_match_the_module(tmp_path: Path) -> None:
    config = tmp_path / "mypy.ini"
    config.write_text(f"[mypy]\ncache_dir = {CACHE}\n")
    out = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "--mypy-config-file", str(config), "tilesearch._core"],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert PACKAGE.joinpath("py.typed").exists()
