// The core built with shared memory (www/pkg/tilesearch_shared_bg.wasm), as a cross-origin
// isolated page's workers run it: two threads on one memory (shared-memory.js's), the pattern
// databases that one installs are the other's without a copy, and both search alike; the build
// with a memory of its own keeps each instance's apart. Both builds run under the one glue.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { SHARED_MEMORY, THREAD_STACK, importsMemory, coreMemory } from '../../www/platform/shared-memory.js';

const pkg = (name) => new URL(`../../www/pkg/${name}`, import.meta.url);
const shared = new WebAssembly.Module(readFileSync(pkg('tilesearch_shared_bg.wasm')));
const own = new WebAssembly.Module(readFileSync(pkg('tilesearch_bg.wasm')));
const KORF_94 = '14 12 15 10 1 13 4 6 3 7 2 0 8 5 9 11'; // 53 moves

// A thread that initialises the package with `module` (on `memory`, if given) and runs `job`.
const THREAD = `
const { parentPort, workerData: { glue, module, memory, job, board, stack } } = require('node:worker_threads');
import(glue).then((core) => {
  const exports = core.initSync(memory ? { module, memory, thread_stack_size: stack } : { module });
  const grown = () => exports.memory.buffer.byteLength;
  const before = grown();
  const ready = core.patternDatabasesReady('blank-last');
  if (job === 'build') {
    const builder = new core.PatternDatabaseBuilder('blank-last');
    while (!builder.work(1e6));
    builder.install();
  }
  let summary = null;
  if (core.patternDatabasesReady('blank-last')) {
    const solver = new core.Solver({ board, heuristic: 'pdb' });
    summary = solver.run();
    solver.free();
  }
  parentPort.postMessage({ ready, summary, before, after: grown(), splitAbove: core.parallelSplitAbove() });
}).catch((error) => parentPort.postMessage({ error: String(error?.stack ?? error) }));
`;

function thread(module, memory, job) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(THREAD, { eval: true, workerData: { glue: pkg('tilesearch.js').href, module, memory, job, board: KORF_94, stack: THREAD_STACK } });
    worker.once('message', (reply) => { worker.terminate(); if (reply.error) reject(new Error(reply.error)); else resolve(reply); });
    worker.once('error', reject);
  });
}

test('which build imports its memory: the shared one gets one memory for the workers, the other none', () => {
  assert.equal(importsMemory(shared), true);
  assert.equal(importsMemory(own), false);
  assert.equal(importsMemory({}), false, 'not a module');
  const memory = coreMemory(shared);
  assert.ok(memory instanceof WebAssembly.Memory);
  assert.ok(memory.buffer instanceof SharedArrayBuffer);
  assert.equal(memory.buffer.byteLength, SHARED_MEMORY.initial * 65536);
  assert.equal(coreMemory(own), null);
});

test('on one shared memory, the databases one thread installs are the other\'s, with no copy; on their own memories, not', async () => {
  const memory = coreMemory(shared);
  const builder = await thread(shared, memory, 'build');
  assert.equal(builder.ready, false);
  assert.equal(builder.summary.length, 53);
  assert.ok(builder.after - builder.before >= 28e6, `the build grew the memory by ${builder.after - builder.before} bytes`);
  const reader = await thread(shared, memory, 'read');
  assert.equal(reader.ready, true, 'installed by the other thread');
  assert.deepEqual(reader.summary, builder.summary);
  assert.ok(reader.after - reader.before < 4e6, `the second thread grew the memory by ${reader.after - reader.before} bytes: no copy`);
  // Without its memory the shared build does not link, and says so.
  await assert.rejects(thread(shared, undefined, 'read'), /built with shared memory \(tilesearch_shared_bg\.wasm\): init needs its memory/);
  // The build with a memory of its own: nothing of another instance's.
  const apart = await thread(own, undefined, 'read');
  assert.equal(apart.ready, false);
  assert.equal(apart.summary, null);
});

test('the pool splits smaller iterations where its workers share the tables', async () => {
  const sharedSplit = (await thread(shared, coreMemory(shared), 'read')).splitAbove;
  const ownSplit = (await thread(own, undefined, 'read')).splitAbove;
  assert.equal(sharedSplit, 2 ** 19);
  assert.equal(ownSplit, 2 ** 21);
});
