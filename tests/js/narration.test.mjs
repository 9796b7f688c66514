// The Now panel's narration: one sentence per event in the teaching text's words, the numbers
// of the event itself (f = g + h against the threshold, the raise to the smallest pruned f).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { initSync, Solver } from '../../www/pkg/tilesearch.js';
import { narrate } from '../../www/model/narration.js';

initSync({ module: readFileSync(new URL('../../www/pkg/tilesearch_bg.wasm', import.meta.url)) });

test('IDA*: every event of the lecture case has its sentence, with its own numbers', () => {
  const solver = new Solver({ board: '6 4 5 8 2 7 1 0 3' });
  let threshold = null, minPruned = Infinity, event;
  const tiles = new Map();
  const seen = new Set();
  assert.match(narrate(null, { heuristic: 'manhattan', tileOf: () => undefined }), /^Press Step to start: IDA\* begins with threshold = h\(start\)/);
  while ((event = solver.step()) !== undefined) {
    if (event.type === 'iteration') { threshold = event.threshold; minPruned = Infinity; }
    if (event.type === 'node') tiles.set(event.id, event.tile);
    const text = narrate(event, { threshold, minPruned, heuristic: 'manhattan', tileOf: (id) => tiles.get(id) });
    if (event.type === 'prune') minPruned = Math.min(minPruned, event.f);
    assert.equal(typeof text, 'string', JSON.stringify(event));
    if (event.type === 'node' && event.h > 0) assert.ok(text.includes(`f = ${event.g} + ${event.h} = ${event.f} ≤ threshold ${threshold}`), text);
    if (event.type === 'prune') assert.ok(text.includes(`f = ${event.g} + ${event.h} = ${event.f} > threshold ${event.threshold}`), text);
    if (event.type === 'raise') assert.equal(text, `No goal within threshold ${event.from}: raise the threshold to ${event.to}, the smallest pruned f.`);
    if (event.type === 'solved') assert.match(text, /^Solved in 25 moves: the first goal IDA\* reaches is a shortest solution/);
    seen.add(event.type);
  }
  assert.deepEqual([...seen].sort(), ['backtrack', 'iteration', 'node', 'prune', 'raise', 'solved']);
  solver.free();
});

test('graph searches: the frontier kind in the sentence, and the frontier size the event carries', () => {
  for (const [algorithm, frontier] of [['bfs', 'queue'], ['dfs', 'stack'], ['astar', 'priority queue']]) {
    const solver = new Solver({ board: '1 2 3 4 0 6 7 5 8', algorithm });
    assert.match(narrate(null, { algorithm }), new RegExp(`a ${frontier}, and marks it reached`));
    let event;
    while ((event = solver.step()) !== undefined) {
      const text = narrate(event, { algorithm });
      if (event.type === 'expand') assert.ok(text.startsWith(`Expanded node ${event.id} (g ${event.g}, h ${event.h}, f ${event.f})`) && text.endsWith(`frontier ${event.frontier}.`), text);
      if (event.type === 'generate' && event.parent !== null) assert.ok(text.includes(`goes on the ${frontier}: frontier ${event.frontier}`), text);
    }
    solver.free();
  }
});
