"""The teaching text's Python IDA* for the 8-puzzle, with trace lines added for
`tilesearch check`: one JSON object per event (the lines marked TRACE).

    python3 ida_star.py "6 4 5 8 2 7 1 0 3" | tilesearch check --board "6 4 5 8 2 7 1 0 3" -

The tests also run it with a MISTAKE (second argument): the teaching text's common mistakes
and a few more, each a one-line change marked below, which the checker must catch.
"""

import json
import sys

SIDE = 3
GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)
DR = (-1, 1, 0, 0)
DC = (0, 0, -1, 1)
MISTAKE = sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] != "none" else None
# The tests try other move orders too (third argument, e.g. "urdl"), as other solvers have.
if len(sys.argv) > 3:
    STEP = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}
    DR = tuple(STEP[m][0] for m in sys.argv[3])
    DC = tuple(STEP[m][1] for m in sys.argv[3])


def emit(**event):  # TRACE
    print(json.dumps(event))


# The checker stops reading at the first mistake: end quietly then.
sys.excepthook = lambda kind, value, tb: sys.exit(0) if kind is BrokenPipeError else sys.__excepthook__(kind, value, tb)


def inversions(b):
    inv = 0
    for i in range(len(b)):
        if b[i] == 0:
            continue
        for j in range(i + 1, len(b)):
            if b[j] != 0 and b[i] > b[j]:
                inv += 1
    return inv


def solvable3(b):
    return inversions(b) % 2 == 0


def manhattan(b):
    d = 0
    for i, v in enumerate(b):
        if v == 0 and MISTAKE != "count-blank":
            continue
        if MISTAKE == "goal-off-by-one":
            gr, gc = v // SIDE, v % SIDE
        else:
            gr, gc = (v - 1) // SIDE, (v - 1) % SIDE
        r, c = i // SIDE, i % SIDE
        d += abs(r - gr) + abs(c - gc)
    return 2 * d if MISTAKE == "inflated" else d


def dfs(b, blank, g, bound, prev, path):
    h = manhattan(b)
    f = g + h
    tile = path[-1] if path else None
    shown_g = g + 1 if MISTAKE == "wrong-g" and g == 2 else g
    shown_f = g + h + (1 if MISTAKE == "wrong-f" and g == 3 else 0)
    over = f >= bound if MISTAKE == "prune-at-bound" else f > bound + 2 * (MISTAKE == "no-prune")
    if over:
        emit(type="prune", g=shown_g, h=h, f=shown_f, tile=tile)  # TRACE
        return bound if MISTAKE == "return-bound" else f
    emit(type="node", g=shown_g, h=h, f=shown_f, tile=tile)  # TRACE
    if h == 0 and MISTAKE != "no-goal-test":
        return -1
    best = 1 << 30
    r, c = blank // SIDE, blank % SIDE
    for d in range(4):
        nr, nc = r + DR[d], c + DC[d]
        if not (0 <= nr < SIDE and 0 <= nc < SIDE):
            continue
        ni = nr * SIDE + nc
        if ni == prev and MISTAKE != "no-reverse-check":
            continue
        if MISTAKE == "skip-down" and d == 1 and g == 2:
            continue
        b[blank], b[ni] = b[ni], b[blank]
        path.append(b[blank])
        t = dfs(b, ni, g + 1, bound, blank, path)
        if t == -1:
            return -1
        best = min(best, t)
        path.pop()
        if MISTAKE != "no-undo":
            b[blank], b[ni] = b[ni], b[blank]
        if MISTAKE == "repeat-child" and g == 1:
            emit(type="prune", g=g + 1, h=h, f=f, tile=b[ni])  # TRACE
    return best


def solve(start):
    b = list(start)
    blank = b.index(0)
    bound = manhattan(b)
    path = []
    rounds = 0
    while True:
        emit(type="iteration", threshold=bound)  # TRACE
        t = dfs(b, blank, 0, bound, -1, path)
        if t == -1:
            length = len(path) + (1 if MISTAKE == "wrong-length" else 0)
            emit(type="solved", length=length, moves=path)  # TRACE
            return path
        if t == 1 << 30:
            return None
        rounds += 1
        if rounds > 40:  # the mistakes that never advance the threshold would loop forever
            return None
        emit(type="raise", **{"from": bound, "to": t})  # TRACE
        bound = t


if __name__ == "__main__":
    start = tuple(int(v) for v in sys.argv[1].split()) if len(sys.argv) > 1 else (1, 2, 3, 4, 5, 6, 7, 0, 8)
    if not solvable3(start):
        print("unsolvable")
    else:
        sol = solve(start)
        print("moves:", len(sol), "->", sol) if sol is not None else print("no solution")
