// The per-board calls of the explorer in wasm (Node, the built package), per board size: the
// microseconds of describeBoard (the page calls it on every drawing of the board, and for each
// step of a solution's text) and of heuristicsAlong with each heuristic, per board of a walk of
// --moves slides (Solve now's h-along-the-solution chart). Each figure is the median of
// --rounds rounds. The walk is the core's: each slide is one that boardAfter accepts.
// Usage: make build && node benches/wasm-boards.mjs [--moves 100] [--rounds 15]
import { readFileSync } from 'node:fs';
import { initSync, boardAfter, describeBoard, heuristicsAlong, randomBoard } from '../www/pkg/tilesearch.js';
import { wholeNumber, median } from './bench-options.mjs';

initSync({ module: readFileSync(new URL('../www/pkg/tilesearch_bg.wasm', import.meta.url)) });
const length = wholeNumber('--moves', 100, 1, 10_000);
const rounds = wholeNumber('--rounds', 15, 1, 1000);
const goal = 'blank-last';

/** A walk of `length` slides from `start`, never undoing the one before: the tiles slid. */
function walk(start, length) {
  const moves = [];
  let board = start;
  for (let seed = 1; moves.length < length; seed += 1) {
    // Every tile (1 … cells − 1) but the one just slid; the core refuses those away from the blank.
    const tiles = Array.from({ length: board.length - 1 }, (_, i) => i + 1).filter((t) => t !== moves.at(-1));
    const tile = tiles[(seed * 7919) % tiles.length];
    try {
      board = boardAfter(board, [tile]);
      moves.push(tile);
    } catch {
      // Not next to the blank: another tile.
    }
  }
  return moves;
}

/** Microseconds per call of `f`, the median of the rounds, each round `calls` calls. */
function perCall(f, calls) {
  const times = [];
  for (let round = 0; round < rounds; round += 1) {
    const start = performance.now();
    for (let i = 0; i < calls; i += 1) f();
    times.push(((performance.now() - start) * 1000) / calls);
  }
  return median(times);
}

console.log(`per-board calls in wasm (Node ${process.version}), median of ${rounds} rounds, µs`);
for (const width of [3, 4, 5]) {
  const start = randomBoard(width, goal, 7);
  const moves = walk(start, length);
  const described = perCall(() => describeBoard(start, goal), 50);
  const along = ['manhattan', 'linear-conflict'].map((h) =>
    `${h} ${(perCall(() => heuristicsAlong(start, moves, goal, h), 3) / (length + 1)).toFixed(1)}`);
  console.log(`${width}×${width}: describeBoard ${described.toFixed(1)}; heuristicsAlong per board: ${along.join(', ')}`);
}
