// The order a solver worker takes its queued work in (www/workers/turn-order.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nextTurn, BACKGROUND, BACKGROUND_SHARE } from '../../www/workers/turn-order.js';

const items = (...kinds) => kinds.map((kind) => ({ kind }));

test('a stream goes first, wherever it is queued, searching or not', () => {
  for (const searching of [false, true]) {
    assert.equal(nextTurn(items('profile', 'search', 'stream'), searching), 2);
    assert.equal(nextTurn(items('stream', 'compare'), searching, BACKGROUND_SHARE), 0);
  }
});

test('without a parallel search, the work is taken in the order queued', () => {
  assert.equal(nextTurn(items('profile', 'search', 'compare'), false), 0);
  assert.equal(nextTurn(items('compare'), false), 0);
  assert.equal(nextTurn([], false), -1);
  assert.equal(nextTurn([], true), -1);
});

test('during a parallel search its packets go first; the background work gets one turn in BACKGROUND_SHARE', () => {
  assert.deepEqual([...BACKGROUND].sort(), ['compare', 'profile']);
  const queue = items('profile', 'compare', 'search');
  // Turn by turn, as the worker counts them: the background's turns among 3 × BACKGROUND_SHARE.
  let waited = 0, background = 0;
  for (let turn = 0; turn < 3 * BACKGROUND_SHARE; turn += 1) {
    const next = nextTurn(queue, true, waited);
    if (BACKGROUND.has(queue[next].kind)) { background += 1; waited = 0; } else waited += 1;
  }
  assert.equal(background, 3);
  assert.equal(nextTurn(queue, true, BACKGROUND_SHARE - 2), 2, 'the packets, while the background has waited less');
  assert.equal(nextTurn(queue, true, BACKGROUND_SHARE - 1), 0, 'the background\'s turn: the first of it queued');
});

test('during a parallel search with no packet queued, the background work runs rather than the worker idling', () => {
  assert.equal(nextTurn(items('compare', 'profile'), true, 0), 0);
  assert.equal(nextTurn(items('profile'), true, 0), 0);
});
