// Solver.seek in wasm (Node, the built package): on Korf #1 (Manhattan), the milliseconds of
// seek(POSITION) from a fresh solver, back from the end of a full run, and one event back from
// just past POSITION (the explorer's Step back), each checked against skip(POSITION) on a
// fresh solver. Usage: make build && node benches/wasm-seek.mjs [--position 10000000]
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { initSync, Solver } from '../www/pkg/tilesearch.js';
import { wholeNumber, korf } from './bench-options.mjs';

const root = new URL('../', import.meta.url);
initSync({ module: readFileSync(new URL('www/pkg/tilesearch_bg.wasm', root)) });
const position = wholeNumber('--position', 10_000_000, 0);
const [, ...tiles] = korf[0];
const solver = () => new Solver({ board: tiles, heuristic: 'manhattan' });
const time = (f) => {
  const start = performance.now();
  const result = f();
  return [result, performance.now() - start];
};

const reference = solver();
const [, replay] = time(() => reference.skip(position));
const expected = { summary: reference.summary(), path: reference.path, next: reference.step() };
const check = (s, what) => {
  assert.deepEqual({ summary: s.summary(), path: s.path, next: s.step() }, expected, what);
};
console.log(`seek on Korf #1 (manhattan) to event ${position}, wasm in Node ${process.version}`);
console.log(`skip(${position}) from the start (replay):  ${replay.toFixed(1)} ms`);

const fresh = solver();
const [reached, ms] = time(() => fresh.seek(position));
assert.equal(reached, position);
check(fresh, 'from a fresh solver');
console.log(`seek from a fresh solver:            ${ms.toFixed(1)} ms`);

const ended = solver();
const [, run] = time(() => ended.run());
const total = ended.seek(Number.MAX_SAFE_INTEGER);
console.log(`(full run: ${run.toFixed(0)} ms, ${total} events)`);
const [back, backMs] = time(() => ended.seek(position));
assert.equal(back, position);
check(ended, 'back from the end');
console.log(`seek back from the end of the run:   ${backMs.toFixed(1)} ms`);

const past = solver();
past.seek(position + 1);
const [step, stepMs] = time(() => past.seek(position));
assert.equal(step, position);
check(past, 'one event back');
console.log(`seek one event back (step back):     ${stepMs.toFixed(1)} ms`);
