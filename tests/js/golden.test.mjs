// The wasm Solver against the golden traces of tests/golden (which tests/golden.rs holds the CLI
// to): every event, as JSON, equals the file's line, whether stepped one at a time or delivered
// to run()'s onEvent, with or without a node budget.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { initSync, Solver } from '../../www/pkg/tilesearch.js';

const root = new URL('../../', import.meta.url);
initSync({ module: readFileSync(new URL('www/pkg/tilesearch_bg.wasm', root)) });
const cases = JSON.parse(readFileSync(new URL('tests/golden/cases.json', root), 'utf8'));

/** The first index where two line lists differ, for a readable failure. */
const firstDifference = (a, b) => a.findIndex((line, i) => line !== b[i]);

for (const { name, board, algorithm, heuristic, goal, maxNodes } of cases) {
  test(`${name}: the wasm Solver reproduces the golden trace`, () => {
    const golden = readFileSync(new URL(`tests/golden/${name}.jsonl`, root), 'utf8').trimEnd().split('\n');
    const options = { board, algorithm, heuristic, goal };

    const ran = [];
    const solver = new Solver(options);
    solver.run({ ...(maxNodes === undefined ? {} : { maxNodes }), onEvent: (e) => { ran.push(JSON.stringify(e)); } });
    solver.free();
    const at = firstDifference(ran, golden);
    assert.ok(at === -1, `run({onEvent}) differs from tests/golden/${name}.jsonl at line ${at + 1}:\n${ran[at]}\n${golden[at]}`);
    assert.equal(ran.length, golden.length, 'as many events as the file');

    // Stepping gives the same events; with a budget, as many as the budget's run delivered.
    const stepper = new Solver(options);
    const stepped = [];
    for (let e; stepped.length < golden.length && (e = stepper.step()) !== undefined;) stepped.push(JSON.stringify(e));
    if (maxNodes === undefined) assert.equal(stepper.step(), undefined, 'nothing after the last event');
    stepper.free();
    assert.deepEqual(stepped, golden);
  });
}

test('the golden cases cover every algorithm, every heuristic but pdb, both goals and budgets', () => {
  assert.deepEqual(new Set(cases.map((c) => c.algorithm)), new Set(['ida', 'bfs', 'dfs', 'greedy', 'astar']));
  assert.deepEqual(new Set(cases.map((c) => c.heuristic)), new Set(['hamming', 'manhattan', 'linear-conflict']));
  assert.deepEqual(new Set(cases.map((c) => c.goal)), new Set(['blank-last', 'blank-first']));
  assert.ok(cases.some((c) => c.maxNodes !== undefined) && cases.some((c) => c.maxNodes === undefined));
});
