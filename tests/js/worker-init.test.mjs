// A solver worker whose core cannot start (here a module with nothing in it): it says so in its
// ready message, and every request then fails with the request's own error, not in silence.
// A file of its own: the failed start leaves this process's core unusable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkMessage } from '../../www/workers/protocol.js';
import { listen } from '../../www/workers/solver-handlers.js';

test('a worker whose core cannot start says why, and its requests fail with their own errors', async () => {
  const posted = [];
  const scope = { onmessage: null, postMessage: (message) => posted.push(message) };
  listen(scope);
  const receive = async (data) => { await scope.onmessage({ data }); await new Promise((resolve) => setTimeout(resolve, 0)); };
  await receive({ type: 'init', module: new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])) });
  assert.equal(posted.length, 1);
  assert.equal(posted[0].type, 'ready');
  assert.equal(typeof posted[0].error, 'string');
  assert.ok(posted[0].error.length > 0);
  await receive({ type: 'check', client: 1, request: 2, options: { board: '1 2 3 4 5 6 7 0 8' }, trace: '' });
  assert.deepEqual(posted.slice(1).map((m) => [m.type, m.request]), [['check-error', 2]]);
  assert.equal(posted[1].message, posted[0].error, 'the request fails with the same error');
  assert.ok(posted.every((m) => checkMessage('from-worker', m) === null), 'the answers keep the protocol');
});
