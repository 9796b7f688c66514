// The order a solver worker takes its queued work in (www/workers/turn-order.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nextTurn, BACKGROUND } from '../../www/workers/turn-order.js';

const items = (...kinds) => kinds.map((kind) => ({ kind }));

test('a stream goes first, wherever it is queued, searching or not', () => {
  for (const searching of [false, true]) {
    assert.equal(nextTurn(items('profile', 'search', 'stream'), searching), 2);
    assert.equal(nextTurn(items('stream', 'compare'), searching), 0);
  }
});

test('without a parallel search, the work is taken in the order queued', () => {
  assert.equal(nextTurn(items('profile', 'search', 'compare'), false), 0);
  assert.equal(nextTurn(items('compare'), false), 0);
  assert.equal(nextTurn([], false), -1);
});

test('during a parallel search its packets go before the background work, which waits', () => {
  assert.equal(nextTurn(items('profile', 'compare', 'search'), true), 2);
  assert.equal(nextTurn(items('compare', 'profile'), true), -1, 'nothing runs: the background work waits for the search');
  assert.equal(nextTurn([], true), -1);
  assert.deepEqual([...BACKGROUND].sort(), ['compare', 'profile']);
});
