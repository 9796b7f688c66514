// Cross-origin isolation, as `make serve` gives it (scripts/serve.mjs sends COOP same-origin and
// COEP require-corp): the page is crossOriginIsolated, runs the core built with shared memory,
// and its pool's workers share one memory, with one copy of the pattern databases; the same
// page from a host without the headers is not isolated and gives each worker a copy, and the
// parallel search gives the sequential summary either way.
// One browser context (the second page may read what the first built from IndexedDB, if the
// first kept them before it closed: either way its workers are handed the bytes).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, WAIT_MS } from './server.mjs';
import { serve } from '../../scripts/serve.mjs';

let server, browser;
// Every response carries the headers but the page asked for with ?plain (its workers' scripts
// may carry them: a worker's COEP never loosens its page's).
before(async () => {
  server = await serve({ port: 0, isolated: (url) => !(url.pathname === '/' && url.searchParams.has('plain')) });
  browser = await launch();
});
after(async () => { await browser?.close(); await server?.close(); });

const KORF_94 = '14 12 15 10 1 13 4 6 3 7 2 0 8 5 9 11'; // 53 moves
const KORF_43 = '0 8 11 9 4 14 10 13 12 6 7 15 3 2 1 5'; // 64 moves, about 25 ms: split however the workers hold the tables

/**
 * In the page: whether it is isolated, solveInParallel's summary and databases with pdb, how
 * many of the pool's workers were sent the databases' bytes (a part or a copy), whether they
 * share one memory, and the Solver's summary.
 */
const solveWithPdb = (page, split = KORF_43) => page.evaluate(async ([board, large]) => {
  const core = await import('/www/pkg/tilesearch.js');
  const { solveInParallel, holdWorkers } = await import('/www/workers/parallel-search.js');
  const { pool } = await import('/www/workers/pool.js');
  const release = await holdWorkers();
  const sentBytes = new Set();
  const post = pool.post.bind(pool);
  pool.post = (slot, message, transfer) => {
    if (message.type === 'databases-parts' || message.type === 'databases-load') sentBytes.add(slot);
    post(slot, message, transfer);
  };
  const options = { board, heuristic: 'pdb' };
  const { summary, databases, workers } = await solveInParallel(options, { onPage: false });
  const sharesMemory = pool.sharesMemory;
  const holding = pool.slots.filter((slot) => slot.goals.has('blank-last')).length;
  // A larger search, which the core splits: both workers search packets.
  const largeRun = await solveInParallel({ board: large, heuristic: 'pdb' }, { onPage: false });
  delete pool.post;
  release();
  const run = (b) => { const solver = new core.Solver({ board: b, heuristic: 'pdb' }); const s = solver.run(); solver.free(); return s; };
  return { isolated: globalThis.crossOriginIsolated, summary, sequential: run(board), databases, workers, sharesMemory, sentBytes: sentBytes.size, holding,
    large: { summary: largeRun.summary, sequential: run(large), split: largeRun.packets.split, packets: largeRun.balance.map((b) => b.packets) } };
}, [KORF_94, split]);

test('served isolated, the pool\'s workers share one memory and one copy of the pattern databases; not isolated, each has its own; the same summary both ways', async () => {
  const context = await browser.newContext();
  context.setDefaultTimeout(WAIT_MS);
  const errors = [];
  const open = async (url) => {
    const page = await context.newPage();
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(url);
    await page.waitForFunction(() => customElements.get('tile-search'));
    return page;
  };
  const plainPage = await open(`${server.url}?plain=1`);
  const plain = await solveWithPdb(plainPage);
  await plainPage.close();
  const isolatedPage = await open(server.url);
  const isolated = await solveWithPdb(isolatedPage);
  await isolatedPage.close();
  console.log(`# not isolated: databases ${plain.databases.source} ${plain.databases.seconds.toFixed(2)} s, shared ${plain.databases.shared}; ` +
    `isolated: ${isolated.databases.source} ${isolated.databases.seconds.toFixed(2)} s, shared ${isolated.databases.shared}; ${isolated.workers} workers; ` +
    `bytes sent to ${plain.sentBytes} and ${isolated.sentBytes} workers; #43's packets per worker ${plain.large.packets} and ${isolated.large.packets}`);
  assert.equal(plain.isolated, false);
  assert.equal(plain.sharesMemory, false);
  assert.equal(plain.databases.shared, false);
  assert.equal(plain.holding, plain.workers);
  assert.equal(plain.sentBytes, plain.workers, 'a copy each');
  assert.deepEqual(plain.summary, plain.sequential);
  assert.equal(plain.summary.length, 53);
  assert.equal(isolated.isolated, true);
  assert.match(isolated.databases.source, /^(build|cache)$/);
  assert.equal(isolated.sharesMemory, true);
  assert.equal(isolated.databases.shared, isolated.workers > 1, 'one copy wherever a second worker needs the databases');
  // One copy of the tables, in one worker, which every worker holds.
  assert.equal(isolated.holding, isolated.workers);
  assert.ok(isolated.sentBytes <= 1, `the bytes went to ${isolated.sentBytes} workers`);
  assert.deepEqual(isolated.summary, plain.sequential);
  // Packets searched by both workers, on their memories and on their one memory.
  for (const { large } of [plain, isolated]) {
    assert.deepEqual(large.summary, large.sequential);
    assert.ok(large.split > 0, `iterations split: ${large.split}`);
    assert.ok(large.packets.every((p) => p > 0), `packets per worker: ${large.packets}`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('isolated, where the host left out the build with shared memory, the page runs the other: a copy of the databases per worker, the same summary', async () => {
  const context = await browser.newContext();
  context.setDefaultTimeout(WAIT_MS);
  await context.route('**/tilesearch_shared_bg.wasm', (route) => route.fulfill({ status: 404, body: 'not here' }));
  const errors = [];
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(server.url);
  await page.waitForFunction(() => customElements.get('tile-search'));
  const result = await solveWithPdb(page);
  assert.equal(result.isolated, true);
  assert.equal(result.sharesMemory, false, 'the workers on memories of their own');
  assert.equal(result.databases.shared, result.workers > 1, 'one SharedArrayBuffer handed to them all');
  assert.deepEqual(result.summary, result.sequential);
  assert.deepEqual(result.large.summary, result.large.sequential);
  assert.deepEqual(errors, []);
  await context.close();
});

test('scripts/serve.mjs sends the isolation headers and the page\'s MIME types, and refuses paths outside the repository', async () => {
  const wasm = await fetch(`${server.url}www/pkg/tilesearch_bg.wasm`);
  assert.equal(wasm.status, 200);
  assert.equal(wasm.headers.get('content-type'), 'application/wasm');
  assert.equal(wasm.headers.get('cross-origin-opener-policy'), 'same-origin');
  assert.equal(wasm.headers.get('cross-origin-embedder-policy'), 'require-corp');
  const plain = await fetch(`${server.url}?plain=1`);
  assert.equal(plain.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.equal(plain.headers.get('cross-origin-embedder-policy'), null);
  assert.equal((await fetch(`${server.url}no/such/file.js`)).status, 404);
  for (const outside of ['..%2f..%2fetc%2fpasswd', '%2e%2e%2f%2e%2e%2fetc%2fpasswd']) {
    assert.notEqual((await fetch(`${server.url}${outside}`)).status, 200, outside);
  }
});
