// The exports' text: the iterations CSV marks how each iteration ended, and a link's hash holds
// the options and the moment (step, iteration) a reader should land on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { initSync, Solver } from '../../www/pkg/tilesearch.js';
import { iterationsCsv, momentHash, optionsFromHash } from '../../www/model/export.js';

initSync({ module: readFileSync(new URL('../../www/pkg/tilesearch_bg.wasm', import.meta.url)) });

test('the iterations CSV marks the raised, the solved and the running rows', () => {
  const solver = new Solver({ board: '6 4 5 8 2 7 1 0 3' });
  solver.stepMany(60);
  const running = iterationsCsv(solver.summary().iterations, false).trimEnd().split('\n');
  assert.equal(running[0], 'iteration,threshold,visited,pruned,nextThreshold,result');
  assert.match(running[1], /^1,17,\d+,\d+,19,raised$/);
  assert.match(running.at(-1), /,,running$/);
  solver.run();
  const solved = iterationsCsv(solver.summary().iterations, true).trimEnd().split('\n');
  assert.equal(solved.length - 1, solver.iteration);
  assert.match(solved.at(-1), /^5,25,\d+,\d+,,solved$/);
  assert.ok(solved.slice(1, -1).every((row) => row.endsWith(',raised')));
  assert.throws(() => iterationsCsv([], false), /Nothing to download yet/);
  solver.free();
});

test('a link holds the options and the moment; a widget reads its own part back', () => {
  const options = { board: '6 4 5 8 2 7 1 0 3', heuristic: 'manhattan', goal: 'blank-last', algorithm: 'ida' };
  assert.equal(momentHash(options, '', {}), 'board=6+4+5+8+2+7+1+0+3&heuristic=manhattan&goal=blank-last');
  assert.equal(momentHash(options, 'fig1', { step: 57, iteration: 2 }), 'board=6+4+5+8+2+7+1+0+3&heuristic=manhattan&goal=blank-last&widget=fig1&step=57&iteration=2');
  assert.equal(momentHash({ ...options, algorithm: 'bfs' }, '', { step: 9, iteration: 0 }), 'board=6+4+5+8+2+7+1+0+3&heuristic=manhattan&goal=blank-last&algorithm=bfs&step=9');
  const hash = `#${momentHash(options, 'fig1', { step: 57, iteration: 2 })}`;
  assert.deepEqual(optionsFromHash(hash, 'fig1'), { board: '6 4 5 8 2 7 1 0 3', heuristic: 'manhattan', goal: 'blank-last', position: '57' });
  assert.equal(optionsFromHash(hash, 'other'), null);
});
