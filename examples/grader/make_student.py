"""Writes the student's version of an assignment notebook: each ``### BEGIN SOLUTION`` …
``### END SOLUTION`` block becomes ``raise NotImplementedError  # YOUR CODE HERE`` at the
block's indentation, as nbgrader does (nbgrader users can give it the source notebook as is).

    python3 make_student.py ida_star.ipynb student/ida_star.ipynb
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def strip_solutions(source: str) -> str:
    """``source`` with every solution block replaced by the line a student fills in."""
    out: list[str] = []
    inside = False
    for line in source.splitlines(keepends=True):
        marker = line.strip()
        if marker == "### BEGIN SOLUTION":
            if inside:
                raise ValueError("a solution block opens inside another")
            inside = True
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}raise NotImplementedError  # YOUR CODE HERE\n")
        elif marker == "### END SOLUTION":
            if not inside:
                raise ValueError("a solution block closes without opening")
            inside = False
        elif not inside:
            out.append(line)
    if inside:
        raise ValueError("a solution block never closes")
    return "".join(out)


def main(source: Path, target: Path) -> None:
    notebook = json.loads(source.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell.get("cell_type") == "code":
            text = strip_solutions("".join(cell["source"]))
            cell["source"] = text.splitlines(keepends=True)
            cell["outputs"], cell["execution_count"] = [], None
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(notebook, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(Path(sys.argv[1]), Path(sys.argv[2]))
