// The widget's wait for the pattern databases (www/app/databases.js) with a fake pool: its
// progress reports move the bar and are drawn at once; a report that comes after the databases
// are in leaves them ready (the bar must not come back at 100 %).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { initSync } from '../../www/pkg/tilesearch.js';
import { awaitDatabases } from '../../www/app/databases.js';

initSync({ module: readFileSync(new URL('../../www/pkg/tilesearch_bg.wasm', import.meta.url)) });

const KORF_1 = '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3';

/** A search and widget as awaitDatabases sees them, with a pool that never answers: its progress callback kept. */
function fakes() {
  const pool = { onProgress: null, asked: 0 };
  const search = {
    databases: null,
    client: { databases(goal, onProgress) { pool.asked += 1; pool.onProgress = onProgress; return new Promise(() => {}); } },
  };
  const w = { renders: 0, render() { this.renders += 1; } };
  return { pool, search, w };
}

test('progress reports move the bar and are drawn at once; one after the arrival leaves the databases ready', () => {
  const { pool, search, w } = fakes();
  assert.equal(awaitDatabases(search, w, { board: KORF_1, heuristic: 'pdb', goal: 'blank-last' }), true, 'on their way');
  assert.deepEqual(search.databases, { goal: 'blank-last', status: 'preparing', progress: 0 });
  assert.equal(awaitDatabases(search, w, { board: KORF_1, heuristic: 'pdb', goal: 'blank-last' }), true, 'asked once');
  assert.equal(pool.asked, 1);
  pool.onProgress(0.5, 2);
  assert.deepEqual(search.databases, { goal: 'blank-last', status: 'building', progress: 0.5, workers: 2 });
  assert.equal(w.renders, 1);
  // In, as the pool's answer leaves them (the arrival replaces the object).
  const ready = { goal: 'blank-last', status: 'ready', progress: 1, source: 'build', seconds: 8, notKept: null, loadSeconds: 0 };
  search.databases = { ...ready };
  pool.onProgress(1, 2);
  assert.deepEqual(search.databases, ready, 'still ready');
  assert.equal(w.renders, 1, 'nothing redrawn');
});

test('no wait where pdb is not chosen or the board is not 4×4', () => {
  const { pool, search, w } = fakes();
  assert.equal(awaitDatabases(search, w, { board: KORF_1, heuristic: 'manhattan', goal: 'blank-last' }), false);
  assert.equal(search.databases, null);
  assert.equal(awaitDatabases(search, w, { board: '1 2 3 4 0 6 7 5 8', heuristic: 'pdb', goal: 'blank-last' }), false);
  assert.equal(pool.asked, 0);
});
