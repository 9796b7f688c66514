// The page reads stepMany's packed records through www/trace-records.js, whose layout is
// generated from the core (www/record-layout.js). Decoded, every record must equal the event
// step() returns at the same position, for every algorithm and every kind of event.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { initSync, Solver } from '../../www/pkg/tilesearch.js';
import { KIND, RECORD_WORDS, decodeRecord, dispatchRecords, recordKind } from '../../www/model/trace-records.js';

const root = new URL('../../', import.meta.url);
initSync({ module: readFileSync(new URL('www/pkg/tilesearch_bg.wasm', root)) });

/** Every event of a search, once stepped and once decoded from batches of `batch` records. */
function both(options, batch) {
  const stepper = new Solver(options), packer = new Solver(options);
  const stepped = [];
  for (let e; (e = stepper.step()) !== undefined;) stepped.push(e);
  const decoded = [], kinds = new Set();
  for (;;) {
    const words = packer.stepMany(batch);
    for (let o = 0; o < words.length; o += RECORD_WORDS) {
      const solved = recordKind(words, o) === KIND.solved;
      kinds.add(recordKind(words, o));
      decoded.push(decodeRecord(words, o, solved ? Array.from(packer.solution) : undefined));
    }
    if (words.length < batch * RECORD_WORDS) break;
  }
  stepper.free();
  packer.free();
  return { stepped, decoded, kinds };
}

const cases = [
  [{ board: '6 4 5 8 2 7 1 0 3', heuristic: 'manhattan' }, ['iteration', 'node', 'prune', 'backtrack', 'raise', 'solved']],
  // (A short BFS: the lecture's board is 537,771 events, each stepped, then decoded three times;
  // ids past 32 bits have their own test below.)
  [{ board: '5 1 3 4 2 6 7 0 8', algorithm: 'bfs' }, ['generate', 'expand', 'skip', 'solved']],
  [{ board: '6 4 5 8 2 7 1 0 3', algorithm: 'astar', heuristic: 'linear-conflict', goal: 'blank-first' }, ['generate', 'expand', 'skip', 'solved']],
  [{ board: '8 6 7 2 5 4 3 0 1', algorithm: 'dfs', maxReached: 500 }, ['generate', 'expand', 'skip', 'gaveup']],
];

for (const [options, expected] of cases) {
  test(`decoded records equal step()'s events: ${JSON.stringify(options)}`, () => {
    for (const batch of [1, 97, 100_000]) {
      const { stepped, decoded, kinds } = both(options, batch);
      assert.ok(stepped.length > 10);
      assert.deepEqual(decoded, stepped);
      for (const type of expected) assert.ok(kinds.has(KIND[type]), `${type} records seen`);
    }
  });
}

test('ids past 32 bits and a root parent decode exactly', () => {
  const words = new Uint32Array(RECORD_WORDS * 2);
  words.set([KIND.node, 5, 7, 0xffffffff, 0xffffffff, 0, 17, 0xff | (7 << 8)]);
  words.set([KIND.prune, 9, 1, 5, 7, 1, 18, 3 | (17 << 16)], RECORD_WORDS);
  assert.deepEqual(decodeRecord(words, 0), { type: 'node', id: 7 * 2 ** 32 + 5, parent: null, g: 0, h: 17, f: 17, tile: null, blank: 7 });
  assert.deepEqual(decodeRecord(words, RECORD_WORDS),
    { type: 'prune', id: 2 ** 32 + 9, parent: 7 * 2 ** 32 + 5, g: 1, h: 18, f: 19, threshold: 17, tile: 3 });
});

test('the dispatcher reads each record once and hands every sink the fields step() gives', () => {
  for (const [options] of cases) {
    const stepper = new Solver(options), packer = new Solver(options);
    const words = packer.stepMany(5000);
    const seen = [[], []];
    const sinks = seen.map((into) => (r) => into.push({ kind: r.kind, id: r.id, parent: r.parent, g: r.g, h: r.h, tile: r.tile, threshold: r.threshold,
      iteration: r.iteration, to: r.to }));
    const count = words.length / RECORD_WORDS;
    assert.equal(dispatchRecords(words, count, sinks), count);
    assert.deepEqual(seen[0], seen[1], 'every sink sees the same record');
    const types = Object.keys(KIND);
    for (const r of seen[0]) {
      const event = stepper.step();
      assert.equal(types[r.kind], event.type);
      if ('g' in event) assert.deepEqual([r.id, r.parent, r.g, r.h, r.tile], [event.id, event.parent, event.g, event.h, event.tile], JSON.stringify(event));
      if (event.type === 'prune') assert.equal(r.threshold, event.threshold);
      if (event.type === 'iteration') assert.deepEqual([r.iteration, r.threshold], [event.iteration, event.threshold]);
      if (event.type === 'raise') assert.deepEqual([r.threshold, r.to], [event.from, event.to]);
      if (event.type === 'backtrack') assert.equal(r.id, event.id);
    }
    stepper.free();
    packer.free();
  }
});
