// Solver.seek(position) on the built package: it lands where stepping does, back and forth,
// for IDA* and a frontier search, and a bad argument throws its own error and changes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { initSync, Solver } from '../../www/pkg/tilesearch.js';

const root = new URL('../../', import.meta.url);
initSync({ module: readFileSync(new URL('www/pkg/tilesearch_bg.wasm', root)) });

const HARD = '8 6 7 2 5 4 3 0 1';

function allEvents(options) {
  const s = new Solver(options);
  const events = [];
  let e;
  while ((e = s.step()) !== undefined) events.push(e);
  s.free();
  return events;
}

/** The state a view reads, and the next few events (which move the solver on). */
function state(s, events) {
  const next = Array.from({ length: events }, () => s.step());
  return { summary: s.summary(), path: s.path, board: s.board, next };
}

for (const options of [
  { board: HARD },
  { board: HARD, heuristic: 'linear-conflict', goal: 'blank-first' },
  { board: '1 2 3 4 0 6 7 5 8', algorithm: 'astar' },
]) {
  test(`seek matches stepping: ${JSON.stringify(options)}`, () => {
    const all = allEvents(options);
    const total = all.length;
    const s = new Solver(options);
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % (total + 1);
    const targets = [0, 1, total - 1, total, total + 7, Math.floor(total / 2)];
    for (let i = 0; i < 25; i++) targets.push(random());
    for (const target of targets) {
      assert.equal(s.seek(target), Math.min(target, total), `seek(${target})`);
      const fresh = new Solver(options);
      fresh.skip(target);
      const got = state(s, 3);
      assert.deepEqual(got, state(fresh, 3), `seek(${target})`);
      assert.deepEqual(got.next.filter((e) => e !== undefined), all.slice(target, target + 3));
      fresh.free();
    }
    // Resumable: run() and stepMany() continue from a seek exactly.
    s.seek(Math.floor(total / 3));
    const fresh = new Solver(options);
    fresh.skip(Math.floor(total / 3));
    assert.deepEqual(s.stepMany(50), fresh.stepMany(50));
    assert.deepEqual(s.run({ maxNodes: 100 }), fresh.run({ maxNodes: 100 }));
    assert.deepEqual(s.run(), fresh.run());
    s.free();
    fresh.free();
  });
}

test('seek checks its argument and a bad call changes nothing', () => {
  const all = allEvents({ board: HARD });
  const s = new Solver({ board: HARD });
  s.seek(9);
  for (const [value, shown] of [[-1, '-1'], [0.5, '0.5'], ['5', '"5"'], [NaN, 'NaN'], [2 ** 53, '9007199254740992'],
    [undefined, 'undefined'], [5n, null]]) {
    assert.throws(() => s.seek(value), (e) => {
      assert.equal(e.name, 'TileSearchError', String(e));
      assert.equal(e.kind, 'invalid-option');
      assert.match(e.message, /^seek\(position\) takes a whole number of events \(0 or more\), got /);
      if (shown !== null) assert.ok(e.message.endsWith(`got ${shown}`), e.message);
      return true;
    });
  }
  assert.deepEqual(s.step(), all[9]);
  assert.equal(s.seek(Number.MAX_SAFE_INTEGER), all.length);
  assert.equal(s.status, 'solved');
  s.free();
  assert.throws(() => s.seek(0), (e) => e.kind === 'freed');
});
