// The solver worker's protocol (www/workers/protocol.js): the table, its generated types, the
// checker both ends use, and the handler tables of both ends, in Node. The worker's handlers run
// on the real core; the page's pool runs on stand-in Workers (a class that records what the pool
// posts, each post checked against the protocol, and lets a test answer as the worker would).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TO_WORKER, FROM_WORKER, checkMessage, checkHandlers, addressOf } from '../../www/workers/protocol.js';
import { protocolTypes, TYPES_FILE } from '../../scripts/protocol-types.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const WASM = readFileSync(join(ROOT, 'www/pkg/tilesearch_bg.wasm'));
const EMPTY_MODULE = new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));

/** Workers the pool starts here: what the pool posted to each, every post checked against the protocol. */
const workers = [];
globalThis.Worker = class {
  posted = [];
  terminated = false;
  onmessage = null;
  onerror = null;
  constructor() { workers.push(this); }
  postMessage(message) {
    const problem = checkMessage('to-worker', message);
    if (problem) throw problem; // a test fails at the sender that broke the protocol
    this.posted.push(message);
  }
  terminate() { this.terminated = true; }
  /** The worker answers `data`. */
  answer(data) { this.onmessage({ data }); }
};

const { handlers: workerHandlers, listen } = await import('../../www/workers/solver-handlers.js');
const { pool, makeJobs, compareAlgorithms, keepWorkers, POOL_LIMIT } = await import('../../www/workers/pool.js');
const { WorkerPool } = await import('../../www/workers/worker-pool.js');
const { WorkerClient } = await import('../../www/workers/worker-client.js');

/** A valid value of a field type of the table. */
function sample(type) {
  if (Array.isArray(type)) return [sample(type[0])];
  if (typeof type === 'object') return Object.fromEntries(Object.entries(type).map(([field, t]) => [field, sample(t)]));
  const base = type.replace(/\?$/, '').split('|')[0];
  return {
    id: 1, count: 0, part: 0, number: 1.5, string: 'text', goal: 'blank-last', boolean: true, object: {}, options: {},
    bytes: new Uint8Array(1), words: new Uint32Array(1), module: EMPTY_MODULE, trace: '{}', port: new MessageChannel().port1, any: null,
  }[base];
}
/** A wrong value for a field type: one no type of the field takes. */
const WRONG = Symbol('wrong');
const message = (table, type) => ({ type, ...sample(table[type]) });

test('the generated types are those of the table (node scripts/protocol-types.mjs writes them)', () => {
  assert.equal(readFileSync(TYPES_FILE, 'utf8'), protocolTypes());
});

test('a well-formed message of every type passes the checker, both ways', () => {
  for (const [direction, table] of [['to-worker', TO_WORKER], ['from-worker', FROM_WORKER]]) {
    for (const type of Object.keys(table)) assert.equal(checkMessage(direction, message(table, type)), null, `${direction} ${type}`);
  }
});

test('a malformed message of each type gets its own error, naming the message and the field', () => {
  for (const [direction, table] of [['to-worker', TO_WORKER], ['from-worker', FROM_WORKER]]) {
    for (const [type, fields] of Object.entries(table)) {
      for (const [field, fieldType] of Object.entries(fields)) {
        const wrong = { ...message(table, type), [field]: WRONG };
        const problem = checkMessage(direction, wrong);
        assert.ok(problem, `${direction} ${type}.${field} of the wrong type is refused`);
        assert.equal(problem.name, 'ProtocolError');
        assert.deepEqual([problem.type, problem.field], [type, field]);
        assert.match(problem.message, new RegExp(`^${type} message to .*: ${field}\\b.* must be .*, not symbol$`));
        if (typeof fieldType === 'string' && fieldType.endsWith('?')) continue;
        const { [field]: _dropped, ...missing } = message(table, type);
        assert.equal(checkMessage(direction, missing)?.message.endsWith(`${field} is missing`), true, `${direction} ${type} without ${field}`);
      }
    }
  }
  // Nested fields are named by their path; not a message at all, or an unknown type, says so.
  const packets = message(TO_WORKER, 'packets');
  packets.items[0].work.packet.path = [1, -2];
  assert.match(checkMessage('to-worker', packets).message, /^packets message to the solver worker: items\[0\]\.work\.packet\.path\[1\] must be a whole number from 0, not -2$/);
  assert.match(checkMessage('to-worker', null).message, /^a message to the solver worker must be an object with a type, not null$/);
  assert.match(checkMessage('from-worker', 'batch').message, /^a message to the page must be an object with a type, not "batch"$/);
  assert.match(checkMessage('to-worker', { type: 'solve' }).message, /^the solver worker takes no message of type "solve" \(it takes init, start,/);
  assert.match(checkMessage('sideways', {}).message, /^unknown direction "sideways"/);
});

test('the worker has one handler per message type the page sends, and the pool one per type the worker sends', () => {
  assert.deepEqual(Object.keys(workerHandlers).sort(), Object.keys(TO_WORKER).sort());
  assert.deepEqual(Object.keys(pool.handlers).sort(), Object.keys(FROM_WORKER).sort());
  assert.doesNotThrow(() => checkHandlers('to-worker', workerHandlers));
  assert.doesNotThrow(() => checkHandlers('from-worker', pool.handlers));
});

test('a handler table without a handler, or with one the protocol does not know, fails when it loads', () => {
  const { stop: _stop, ...withoutStop } = workerHandlers;
  assert.throws(() => checkHandlers('to-worker', withoutStop), /^Error: the to-worker handlers do not match the protocol: missing stop$/);
  assert.throws(() => checkHandlers('to-worker', { ...workerHandlers, solve() {} }), /not in the protocol solve$/);
  // The pool's jobs together must answer every message the worker sends.
  const withoutCompare = (p) => { const { compare: _compare, ...rest } = makeJobs(p); return rest; };
  assert.throws(() => new WorkerPool(withoutCompare), /missing compare-progress, compare-result, compare-done, compare-error$/);
});

/** The worker's side with the real core: what it posts back, in order. */
function workerSide() {
  const posted = [];
  const scope = { onmessage: null, postMessage: (message) => posted.push(message) };
  listen(scope);
  const receive = async (data) => { await scope.onmessage({ data }); await new Promise((resolve) => setTimeout(resolve, 0)); };
  return { posted, receive };
}

test('the worker answers a malformed message with a protocol error naming the field and whose it was, and goes on working', async () => {
  const { posted, receive } = workerSide();
  await receive({ type: 'init', module: new WebAssembly.Module(WASM) });
  // The page hears when the core is up.
  assert.deepEqual(posted.splice(0), [{ type: 'ready', error: null }]);
  for (const bad of [null, 'check', { type: 'solve', client: 3 }, { type: 'check', client: 1, request: 2, options: { board: '1 2 3 4 5 6 7 0 8' } },
    { type: 'credit', client: 1, session: 0 }, { type: 'compare', job: 4, options: {}, algorithms: 'bfs' }]) {
    await receive(bad);
  }
  assert.deepEqual(posted.map((m) => [m.type, m.received, m.message]), [
    ['protocol-error', 'object', 'a message to the solver worker must be an object with a type, not null'],
    ['protocol-error', 'string', 'a message to the solver worker must be an object with a type, not "check"'],
    ['protocol-error', 'solve', `the solver worker takes no message of type "solve" (it takes ${Object.keys(TO_WORKER).join(', ')})`],
    ['protocol-error', 'check', 'check message to the solver worker: trace is missing'],
    ['protocol-error', 'credit', 'credit message to the solver worker: session must be a whole number from 1, not 0'],
    ['protocol-error', 'compare', 'compare message to the solver worker: algorithms must be an array, not "bfs"'],
  ]);
  // Each says whose it was, as far as its valid fields tell.
  assert.deepEqual(posted.map((m) => addressOf(m)), [{}, {}, { client: 3 }, { client: 1, request: 2 }, { client: 1 }, { job: 4 }]);
  assert.ok(posted.every((m) => checkMessage('from-worker', m) === null), 'the answers keep the protocol');
  // A well-formed check still works, and a bad board is the core's error, as the request expects.
  posted.length = 0;
  await receive({ type: 'check', client: 1, request: 5, options: { board: '1 2 3 4 5 6 7 0 8' }, trace: '{"type":"iteration","threshold":1}' });
  await receive({ type: 'check', client: 1, request: 6, options: { board: '1 2 3' }, trace: '' });
  assert.deepEqual(posted.map((m) => [m.type, m.request]), [['checked', 5], ['check-error', 6]]);
  assert.equal(posted[0].verdict.ok, false);
  assert.equal(posted[1].message, 'expected 9 for 3×3, 16 for 4×4, 25 for 5×5 numbers, got 3');
});

test('the pool: a malformed message from a worker fails what waited for that worker with the named error; a protocol error fails only its request', async () => {
  const module = new WebAssembly.Module(WASM);
  const client = new WorkerClient(module);
  const worker = workers.at(-1);
  const options = { board: '1 2 3 4 5 6 7 0 8' };
  // The worker refuses one check: that check fails with the worker's reason, the other is answered.
  const first = client.check(options, 'one');
  const second = client.check(options, 'two');
  const [a, b] = worker.posted.filter((m) => m.type === 'check');
  worker.answer({ type: 'protocol-error', received: 'check', message: 'check message to the solver worker: trace is missing', client: a.client, request: a.request });
  await assert.rejects(first, { name: 'ProtocolError', message: 'the solver worker refused a check message: check message to the solver worker: trace is missing' });
  worker.answer({ type: 'checked', client: b.client, request: b.request, verdict: { ok: true } });
  assert.deepEqual(await second, { ok: true });
  assert.equal(worker.terminated, false);
  // A stream's batch without its records: the worker is ended, and the stream hears why.
  const errors = [];
  client.start(options, 0, false, { onBatch: () => assert.fail('no batch'), onError: (error) => errors.push(error) });
  const start = worker.posted.find((m) => m.type === 'start');
  worker.answer({ type: 'batch', client: start.client, session: start.session, snapshot: {}, finished: false });
  assert.equal(worker.terminated, true);
  assert.equal(errors.length, 1);
  assert.equal(errors[0].name, 'ProtocolError');
  assert.equal(errors[0].message, 'batch message to the page: records is missing');
  // The pool goes on: a new stream starts a new worker.
  client.start(options, 0, false, { onBatch() {}, onError: (error) => errors.push(error) });
  assert.equal(workers.at(-1).posted.some((m) => m.type === 'start'), true);
  assert.notEqual(workers.at(-1), worker);
  client.terminate();
});

test('the pool: Compare is a job of the pool, its results and end come back, its worker is ended after it, and stop tells the worker', async () => {
  const module = new WebAssembly.Module(WASM);
  const client = new WorkerClient(module); // holds the pool: the comparison's worker goes anyway, with the memory it grew
  const results = [];
  const progress = [];
  const run = compareAlgorithms(module, { board: '1 2 3 4 5 6 7 0 8', heuristic: 'manhattan' }, ['bfs', 'ida'],
    { onResult: (r) => results.push(r), onProgress: (p) => progress.push(p) });
  const worker = workers.at(-1);
  const { job } = worker.posted.find((m) => m.type === 'compare');
  worker.answer({ type: 'compare-progress', job, algorithm: 'bfs', nodes: 10, seconds: 0.1 });
  worker.answer({ type: 'compare-result', job, algorithm: 'bfs', status: 'solved', length: 1, expanded: 1, generated: 2, maxFrontier: 2, reached: 3, seconds: 0 });
  worker.answer({ type: 'compare-done', job });
  await run.done;
  assert.equal(worker.terminated, true, 'the worker that ran the comparison was ended');
  assert.equal(pool.size, 0);
  assert.deepEqual(progress, [{ algorithm: 'bfs', nodes: 10, seconds: 0.1 }]);
  assert.deepEqual(results, [{ algorithm: 'bfs', status: 'solved', length: 1, expanded: 1, generated: 2, maxFrontier: 2, reached: 3, seconds: 0 }]);
  const stopped = compareAlgorithms(module, { board: '1 2 3 4 5 6 7 0 8' }, ['bfs']);
  const second = workers.at(-1).posted.filter((m) => m.type === 'compare').at(-1);
  stopped.stop();
  await assert.rejects(stopped.done, { name: 'AbortError' });
  assert.deepEqual(workers.at(-1).posted.at(-1), { type: 'compare-stop', job: second.job });
  client.terminate();
  assert.equal(pool.size, 0, 'the last client ended the workers');
});

test('a long packet is searched in slices: the worker reads its messages meanwhile, drops it when told, and searches the next', async () => {
  const { posted, receive } = workerSide();
  await receive({ type: 'init', module: new WebAssembly.Module(WASM) });
  const core = await import('../../www/pkg/tilesearch.js');
  // A 65-move instance of Korf's 100 at threshold 63 with Manhattan: an iteration with no
  // solution to end it early, 2.6 billion nodes, half a minute here. Node runs about a thousand
  // of the worker's 2 ms turns before a timer fires, so the drop below is read some 2 s in,
  // mid-packet; searched in one go, the drop would meet a packet already answered.
  const options = { board: '12 10 6 0 9 8 13 15 11 7 3 2 5 4 14 1', heuristic: 'manhattan' };
  const root = { index: 0, path: [] };
  await receive({ type: 'packets', items: [{ search: 7, options, job: 1, work: { iteration: 1, threshold: 63, packet: root } }] });
  await new Promise((resolve) => setTimeout(resolve, 200));
  await receive({ type: 'packets-drop', search: 7, jobs: [1] });
  const replies = () => posted.filter((m) => m.type === 'packet-replies').flatMap((m) => m.items);
  for (let i = 0; i < 100 && replies().length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.deepEqual(replies().map((r) => [r.type, r.job]), [['packet-dropped', 1]]);
  // The same search's next packet: the first iteration, as a searcher made here finds it.
  const run = new core.ParallelSearch({ ...options, workers: 1 });
  const { iteration, threshold, packets: [packet] } = run.iteration();
  const searcher = new core.PacketSearcher(options);
  const expected = searcher.search({ iteration, threshold, packet });
  await receive({ type: 'packets', items: [{ search: 7, job: 2, work: { iteration, threshold, packet } }] });
  for (let i = 0; i < 500 && replies().length === 1; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  const [, result] = replies();
  assert.equal(result.type, 'packet-result');
  assert.equal(result.job, 2);
  assert.deepEqual(result.result, expected);
  assert.ok(result.ms > 0);
  await receive({ type: 'packets-close', search: 7 });
  run.free();
  searcher.free();
});

test('on a line from its leader, a worker takes packets-close: the search is forgotten, and a later packet of it is answered as dropped; a message a line does not carry is a protocol error', async (t) => {
  const { posted, receive } = workerSide();
  await receive({ type: 'init', module: new WebAssembly.Module(WASM) });
  const core = await import('../../www/pkg/tilesearch.js');
  const { port1, port2 } = new MessageChannel();
  // Closed even when an assertion fails (an open port would keep the tests' process alive).
  t.after(() => { port1.close(); port2.close(); });
  await receive({ type: 'peer', peer: 31, port: port1 });
  const replies = [];
  let heard = () => {};
  port2.onmessage = ({ data }) => { replies.push(...data.items); heard(); };
  const next = () => new Promise((resolve) => { heard = resolve; });
  const options = { board: '6 4 5 8 2 7 1 0 3' };
  const run = new core.ParallelSearch({ ...options, workers: 1 });
  const { iteration, threshold, packets: [packet] } = run.iteration();
  const work = { iteration, threshold, packet };
  // The first packet brings the options; the next of the same search needs none, until closed.
  let answered = next();
  port2.postMessage({ type: 'packets', items: [{ search: 5, options, job: 1, work }] });
  await answered;
  answered = next();
  port2.postMessage({ type: 'packets', items: [{ search: 5, job: 2, work }] });
  await answered;
  answered = next();
  port2.postMessage({ type: 'packets-close', search: 5 });
  port2.postMessage({ type: 'packets', items: [{ search: 5, job: 3, work }] });
  await answered;
  assert.deepEqual(replies.map((r) => [r.type, r.job]), [['packet-result', 1], ['packet-result', 2], ['packet-dropped', 3]]);
  // A message of the protocol, but not one a line carries: named to the page.
  port2.postMessage({ type: 'compare-stop', job: 1 });
  for (let i = 0; i < 100 && !posted.some((m) => m.type === 'protocol-error'); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  const problem = posted.find((m) => m.type === 'protocol-error');
  assert.equal(problem?.message, "a worker's line takes packets, packets-drop, packets-close, team-help and packet-replies, not compare-stop");
  // Asked to help a team where it has a memory of its own (no team can reach it): the core's
  // refusal, named to the page.
  port2.postMessage({ type: 'team-help', search: 6, team: 1, worker: 1 });
  for (let i = 0; i < 100 && !posted.some((m) => m.type === 'protocol-error' && m.received === 'team-help'); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  const refused = posted.find((m) => m.type === 'protocol-error' && m.received === 'team-help');
  assert.match(refused?.message ?? '', /^teamHelp\(team, worker, ms\): a team is for workers sharing one memory/);
  run.free();
});

test('keepWorkers starts one worker per core and resolves once every one has said its core is up (or could not start it)', async () => {
  const before = workers.length;
  let release = null;
  const kept = keepWorkers(new WebAssembly.Module(WASM)).then((r) => { release = r; });
  const started = workers.slice(before);
  assert.equal(pool.size, POOL_LIMIT);
  assert.equal(started.length, POOL_LIMIT);
  assert.ok(started.every((w) => w.posted[0]?.type === 'init'), 'each is sent the core first');
  // All but the last answer: still waiting.
  for (const w of started.slice(0, -1)) w.answer({ type: 'ready', error: null });
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(release, null, 'it waits for the last worker');
  // The last one's core failed to start: that is an answer too (its requests fail on their own).
  started.at(-1).answer({ type: 'ready', error: 'no memory' });
  await kept;
  assert.equal(typeof release, 'function');
  assert.equal(pool.size, POOL_LIMIT, 'the workers stay while held');
  release();
  assert.equal(pool.size, 0, 'and go once released');
  assert.ok(started.every((w) => w.terminated));
});
