// The whole run and heuristic quality: the pure models (the icicle, IDA*'s overhead in words,
// the heat map's shading and legend) and the wasm bindings they draw from (RunProfiler against
// Solver's own summaries, heuristicQuality against `tilesearch quality --json`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initSync, Solver, RunProfiler, heuristicQuality } from '../../www/pkg/tilesearch.js';
import { runRows, overhead, icicle, depthsOf, widestOf, percent, endOf } from '../../www/model/whole-run.js';
import { heatCells, legend, levelOf, LEVELS, qualityState, qualitySentence } from '../../www/model/heat-map.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
initSync({ module: readFileSync(resolve(root, 'www/pkg/tilesearch_bg.wasm')) });
// The CLI `make test-js` builds (TILESEARCH_CLI), else the release build.
const CLI = resolve(root, process.env.TILESEARCH_CLI ?? 'target/release/tilesearch');

const LECTURE = '6 4 5 8 2 7 1 0 3';

/** The whole run of `options`, in slices of `slice` nodes. */
function profileOf(options, slice = 1e9) {
  const profiler = new RunProfiler(options);
  while (profiler.run(slice) === 'running');
  const profile = profiler.profile();
  profiler.free();
  return profile;
}

test("RunProfiler's iterations are Solver's, with the new nodes and the depths added", () => {
  for (const heuristic of ['hamming', 'manhattan', 'linear-conflict']) {
    const options = { board: LECTURE, heuristic };
    const solver = new Solver(options);
    const summary = solver.run();
    solver.free();
    const profile = profileOf(options, 977);
    assert.equal(profile.length, summary.length);
    assert.deepEqual(profile.iterations.map(({ iteration, threshold, visited, pruned, nextThreshold }) =>
      ({ iteration, threshold, visited, pruned, nextThreshold })), summary.iterations);
    for (const [k, it] of profile.iterations.entries()) {
      const sum = (row) => row.reduce((a, b) => a + b, 0);
      assert.equal(sum(it.visitedByDepth), it.visited);
      assert.equal(sum(it.newByDepth), it.new);
      assert.equal(sum(it.prunedByDepth), it.pruned);
      assert.ok(it.newByDepth.every((n, g) => n <= it.visitedByDepth[g]));
      // The first iteration is all new; a later one repeats the whole of the one before, but
      // the last, which stops at the goal.
      const repeated = k === 0 ? 0 : profile.iterations[k - 1].visited;
      if (it.nextThreshold === null && k > 0) assert.ok(it.visited - it.new <= repeated);
      else assert.equal(it.visited - it.new, repeated, `${heuristic} ${k}`);
    }
    // A seek to an iteration's end shows it whole: there the next iteration starts, or the search is solved.
    const check = new Solver(options);
    for (const it of profile.iterations.slice(0, -1)) {
      check.seek(it.end);
      assert.equal(check.summary().iterations.at(-1).nextThreshold, it.nextThreshold);
      assert.equal(check.summary().iterations.length, it.iteration);
    }
    check.seek(profile.iterations.at(-1).end);
    assert.equal(check.status, 'solved');
    check.free();
  }
  assert.throws(() => new RunProfiler({ board: LECTURE, algorithm: 'astar' }), /IDA\*'s iterations: A\* has none/);
  assert.throws(() => new RunProfiler({ board: '1 2 3 4 5 6 8 7 0' }), (e) => e.kind === 'unsolvable');
  const profiler = new RunProfiler({ board: LECTURE });
  assert.throws(() => profiler.run(0), /maxNodes must be a whole number of nodes \(1 or more\), got 0/);
  profiler.free();
});

test("the icicle: centred rows, log(1 + nodes) wide on the run's scale, the repeated part inside", () => {
  const it = { iteration: 2, threshold: 3, visited: 12, pruned: 0, new: 6, nextThreshold: 5, end: 30,
    visitedByDepth: [1, 3, 8], newByDepth: [0, 0, 6], prunedByDepth: [] };
  const close = (row, expected) => {
    for (const [key, value] of Object.entries(expected)) assert.ok(Math.abs(row[key] - value) < 1e-9, `${key}: ${row[key]} ≠ ${value}`);
  };
  const rows = icicle(it, 4, 15);
  assert.equal(rows.length, 4);
  // On log(1 + 15): depth 2 (8 nodes) is log(9)/log(16) wide, its 2 repeated nodes a quarter of that.
  const w2 = Math.log(9) / Math.log(16);
  close(rows[2], { depth: 2, visited: 8, fresh: 6, left: 0.5 - w2 / 2, right: 0.5 + w2 / 2, innerLeft: 0.5 - w2 / 8, innerRight: 0.5 + w2 / 8 });
  close(rows[1], { left: 0.25, right: 0.75, innerLeft: 0.25, innerRight: 0.75 }); // log(4)/log(16) = 1/2, none new
  close(rows[0], { left: 0.375, right: 0.625 });
  assert.equal(rows[3].right - rows[3].left, 0);
  // The widest depth of the run fills the column; one node among thousands still shows.
  close(icicle(it, 3, 8)[2], { left: 0, right: 1 });
  const thin = icicle({ ...it, visitedByDepth: [1, 5000], newByDepth: [0, 0] }, 2, 5000)[0];
  assert.ok(thin.right - thin.left > 0.08);
  assert.equal(depthsOf([it, { ...it, visitedByDepth: [1, 1, 1, 1, 1] }]), 5);
  assert.equal(widestOf([it, { ...it, visitedByDepth: [1, 20] }]), 20);
  assert.equal(endOf([it], 2), 30);
  assert.equal(endOf([it], 3), null);
  assert.deepEqual(runRows([it]), [{ iteration: 2, threshold: 3, visited: 12, pruned: 0, new: 6 }]);
});

test("IDA*'s overhead in words, against the last iteration and against A*", () => {
  const its = [{ visited: 234 }, { visited: 200 }, { visited: 800 }];
  const { total, last, sentence } = overhead(its);
  assert.deepEqual([total, last], [1234, 800]);
  assert.equal(sentence, 'All 3 iterations visited 1,234 nodes; the last alone 800: the repeats cost 54 % more.');
  assert.equal(overhead([{ visited: 1 }]).sentence, 'The one iteration visited 1 node: nothing was repeated.');
  assert.equal(overhead(its, { status: 'solved', expanded: 400, reached: 700, length: 25 }).astarSentence,
    'A* expanded 400 nodes, each once, but kept 700 states in memory; IDA* visited 3.1 times as many and keeps only its path.');
  assert.match(overhead(its, { status: 'gaveup', expanded: 900000, reached: 1000000, length: null }).astarSentence,
    /^A\* gave up at its memory guard after 900,000 expanded nodes \(1,000,000 reached states\)/);
  assert.equal(percent(1, 3), '33 %');
  assert.equal(percent(1, 20), '5 %');
  assert.equal(percent(1, 40), '2.5 %');
  assert.equal(percent(1, 10000), 'less than 0.1 %');
  // The lecture board's whole run, in the core's counts.
  const profile = profileOf({ board: LECTURE });
  const figures = overhead(profile.iterations);
  assert.equal(figures.total, profile.iterations.reduce((sum, it) => sum + it.visited, 0));
  assert.ok(figures.total > figures.last);
});

test('the heat map: log shading from 1 to LEVELS, the legend its inverse, cells above the diagonal flagged', () => {
  const counts = [[1, 0, 0], [0, 1000, 2], [5, 40, 999]];
  const cells = heatCells(counts);
  assert.equal(cells.length, 6);
  assert.deepEqual(cells.find((c) => c.count === 1000), { d: 1, h: 1, count: 1000, level: LEVELS, above: false });
  assert.equal(cells.find((c) => c.count === 1).level, 1);
  assert.equal(cells.find((c) => c.count === 2).above, true);
  for (const most of [1, 2, 7, 1000, 35721]) {
    const bounds = legend([[most]]);
    for (let c = 1; c <= most; c += Math.max(1, Math.floor(most / 500))) {
      const level = levelOf(c, most);
      const band = bounds.find((b) => b.level === level);
      assert.ok(band && band.from <= c && c <= band.to, `${c} of ${most}: level ${level} in ${JSON.stringify(bounds)}`);
    }
    assert.equal(bounds.at(-1).to, most);
    assert.equal(bounds[0].from, 1);
  }
});

test("heuristicQuality is `tilesearch quality --json`, and the board's cell is its h and h*", { skip: !existsSync(CLI) && `no CLI at ${CLI}` }, () => {
  for (const [heuristic, goal, width] of [['manhattan', 'blank-last', 3], ['hamming', 'blank-first', 3], ['linear-conflict', 'blank-last', 4]]) {
    const cli = JSON.parse(execFileSync(CLI, ['quality', '--heuristic', heuristic, '--goal', goal, '--width', String(width), '--json']).toString());
    const { board, ...measured } = heuristicQuality({ heuristic, goal, width });
    assert.equal(board, null);
    assert.deepEqual(measured, cli);
    const state = qualityState({ ...measured, board: null });
    assert.deepEqual(state, { heuristic, width, states: cli.states, admissible: true, meanH: cli.meanH, meanDistance: cli.meanDistance, board: null });
    assert.match(qualitySentence(measured, heuristic), width === 3 ? /on all 181,440 solvable 8-puzzle states: mean h \d+\.\d\d against mean h\* \d+\.\d\d/
      : /on Korf's 100 random 15-puzzles/);
    assert.match(qualitySentence(measured, heuristic), /No cell lies above the diagonal/);
  }
  // The lecture board is 25 moves from the goal; Korf's first instance 57.
  assert.deepEqual(heuristicQuality({ board: LECTURE }).board, { h: 17, distance: 25 });
  assert.deepEqual(heuristicQuality({ board: '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3', goal: 'blank-first', width: 4 }).board.distance, 57);
  assert.equal(heuristicQuality({ board: '2 1 3 4 5 6 7 8 9 10 11 12 13 15 14 0', width: 4 }).board.distance, null);
  // The measure is kept (a new board costs its cell): the same figures, each call a new object,
  // so a caller's change to one answer reaches no other.
  const first = heuristicQuality({ heuristic: 'linear-conflict', board: LECTURE });
  first.meanH = -1;
  first.counts[0][0] = -1;
  const again = heuristicQuality({ heuristic: 'linear-conflict', board: '8 6 7 2 5 4 3 0 1' });
  const { board: _cell, ...kept } = again;
  assert.deepEqual(kept, JSON.parse(execFileSync(CLI, ['quality', '--heuristic', 'linear-conflict', '--json']).toString()));
  assert.equal(again.board.distance, 31);
  assert.throws(() => heuristicQuality({ width: 5 }), /width must be 3 \(every 8-puzzle state\) or 4/);
  assert.throws(() => heuristicQuality({ board: LECTURE, width: 4 }), /the board is 3×3, the measure 4×4/);
  assert.throws(() => heuristicQuality({ heuristic: 'pdb' }), (e) => e.name === 'TileSearchError');
});
