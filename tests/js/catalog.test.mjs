// The core's catalog as the page reads it (www/model/catalog.js): the menus' names and labels,
// and which algorithms find a shortest solution, all from the wasm `catalog()`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { initSync, Solver } from '../../www/pkg/tilesearch.js';
import { coreCatalog, labelOf, findsShortest } from '../../www/model/catalog.js';

initSync({ module: readFileSync(new URL('../../www/pkg/tilesearch_bg.wasm', import.meta.url)) });

test("findsShortest names the searches whose solution is a shortest one, as the core's searches of the lecture case show", () => {
  const shortest = new Solver({ board: '6 4 5 8 2 7 1 0 3' }).run().length;
  const algorithms = coreCatalog().algorithms.map((entry) => entry.name);
  assert.deepEqual(algorithms, ['ida', 'bfs', 'dfs', 'greedy', 'astar']);
  for (const algorithm of algorithms) {
    const { length } = new Solver({ board: '6 4 5 8 2 7 1 0 3', algorithm }).run();
    assert.equal(findsShortest(algorithm), length === shortest, `${algorithm}: ${length} moves against ${shortest}`);
  }
  assert.equal(findsShortest('nope'), false);
});

test('labelOf gives the label a menu shows, and the name itself for one the core does not list', () => {
  assert.equal(labelOf('heuristics', 'manhattan'), 'Manhattan');
  assert.equal(labelOf('algorithms', 'ida'), 'IDA*');
  assert.equal(labelOf('heuristics', 'nope'), 'nope');
  assert.equal(coreCatalog(), coreCatalog(), 'parsed once');
});
