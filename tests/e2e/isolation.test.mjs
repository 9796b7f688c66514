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
// 65 moves, 4 M generated nodes (about 0.2 s in one worker): split however the workers hold the
// tables, and long enough that the second worker, woken at the first split iteration, finds
// packets left even when a busy machine runs it late (a 25 ms search, Korf #43, once went
// wholly to the first worker there).
const KORF_88 = '12 10 6 0 9 8 13 15 11 7 3 2 5 4 14 1';

/**
 * In the page: whether it is isolated, solveInParallel's summary and databases with pdb, how
 * many of the pool's workers were sent the databases' bytes (a part or a copy), whether they
 * share one memory, and the Solver's summary.
 */
const solveWithPdb = (page, split = KORF_88) => page.evaluate(async ([board, large]) => {
  const core = await import('/www/pkg/tilesearch.js');
  const { solveInParallel, holdWorkers } = await import('/www/workers/parallel-search.js');
  const { pool } = await import('/www/workers/pool.js');
  const release = await holdWorkers();
  const sentBytes = new Set();
  const handOvers = [];
  const post = pool.post.bind(pool);
  pool.post = (slot, message, transfer) => {
    if (message.type === 'databases-parts' || message.type === 'databases-load') sentBytes.add(slot);
    if (message.type === 'lead') handOvers.push(message.options.handOver?.constructor.name ?? null);
    post(slot, message, transfer);
  };
  const options = { board, heuristic: 'pdb' };
  const { summary, databases, workers } = await solveInParallel(options, { onPage: false });
  const sharesMemory = pool.sharesMemory;
  const holding = pool.slots.filter((slot) => slot.goals.has('blank-last')).length;
  // A larger search, which the core splits: both workers search packets.
  const largeRun = await solveInParallel({ board: large, heuristic: 'pdb' }, { onPage: false });
  // As Solve now runs it: the page searches first, then hands the team where it stands.
  const solveNow = await solveInParallel({ board: large, heuristic: 'pdb' });
  delete pool.post;
  release();
  const run = (b) => { const solver = new core.Solver({ board: b, heuristic: 'pdb' }); const s = solver.run(); solver.free(); return s; };
  return { isolated: globalThis.crossOriginIsolated, summary, sequential: run(board), databases, workers, sharesMemory, sentBytes: sentBytes.size, holding,
    large: { summary: largeRun.summary, sequential: run(large), split: largeRun.packets.split, packets: largeRun.balance.map((b) => b.packets) },
    solveNow: { summary: solveNow.summary, onPage: solveNow.onPage, handOvers } };
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
    `bytes sent to ${plain.sentBytes} and ${isolated.sentBytes} workers; #88's packets per worker ${plain.large.packets} and ${isolated.large.packets}`);
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
  // Solve now's way: #88 outlasts the page's own search, whose hand-over the
  // team goes on from, by messages or on one memory, to the sequential summary.
  for (const { solveNow, large } of [plain, isolated]) {
    assert.deepEqual(solveNow.summary, large.sequential);
    assert.equal(solveNow.onPage, false);
    assert.deepEqual(solveNow.handOvers, [null, null, 'Float64Array'], 'the lead of Solve now\'s search carries the page\'s hand-over');
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

/** A new context's page at the served root (isolated), its page errors collected. */
async function servedPage() {
  const context = await browser.newContext();
  context.setDefaultTimeout(WAIT_MS);
  const errors = [];
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(server.url);
  return { context, page, errors };
}

test('isolated, a team on one memory goes on from the page\'s hand-over wherever the page stopped: the sequential summary, every worker searching', async () => {
  const { context, page, errors } = await servedPage();
  const result = await page.evaluate(async (board) => {
    const core = await import('/www/pkg/tilesearch.js');
    const { coreReady } = await import('/www/platform/page-core.js');
    const { openTeam, pool } = await import('/www/workers/pool.js');
    const { holdWorkers, MAX_WORKERS } = await import('/www/workers/parallel-search.js');
    const module = await coreReady();
    const release = await holdWorkers();
    const options = { board, heuristic: 'manhattan' };
    const solver = new core.Solver(options);
    const sequential = solver.run();
    solver.free();
    // Korf #53 with Manhattan: a third of a second, its large iterations split. The page's
    // search stopped early, mid-way through an iteration and late in the last one.
    const runs = [];
    for (const nodes of [1_000, 150_000, 0.9 * sequential.nodes]) {
      const here = new core.Solver(options);
      here.run({ maxNodes: Math.round(nodes) });
      const handOver = here.handOver();
      here.free();
      const team = openTeam(module, MAX_WORKERS);
      try {
        const r = await team.solve({ ...options, handOver }, 0, () => {});
        runs.push({ summary: r.summary, packets: r.balance.map((b) => b.packets), split: r.packets.split,
          handed: Math.round(nodes), searched: r.balance.reduce((sum, b) => sum + b.nodes, 0) });
      } finally {
        team.close();
      }
    }
    const sharesMemory = pool.sharesMemory;
    release();
    return { cores: MAX_WORKERS, sharesMemory, sequential, runs };
  }, '15 1 10 2 13 12 8 9 7 0 6 14 5 3 11 4');
  assert.equal(result.sharesMemory, result.cores > 1);
  for (const r of result.runs) {
    assert.deepEqual(r.summary, result.sequential);
    // What the page searched is not searched again (packets searched past the solving one add
    // a little).
    assert.ok(r.searched < result.sequential.nodes * 1.05 - r.handed * 0.9, `the team searched ${r.searched} of ${result.sequential.nodes} nodes after ${r.handed}`);
  }
  if (result.cores > 1) {
    for (const r of result.runs) assert.ok(r.split > 0, JSON.stringify(r));
    // Where most of the search was left: the first two hand-overs, counted together (the first
    // starts the pool's workers, the second of which a busy machine may still be loading while
    // the first searches it all; the late hand-over leaves about 30 ms, which such a machine may
    // leave to the leader alone, as it did Korf #43's 25 ms elsewhere).
    const [early, middle] = result.runs;
    const packets = early.packets.map((p, w) => p + middle.packets[w]);
    assert.ok(packets.every((p) => p > 0), `every worker searched: ${early.packets} and ${middle.packets}`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('isolated, the workers search as one team on their memory: the sequential summary, every worker searching, progress heard, a search stopped mid-way frees the team and the next one is right', async () => {
  const { context, page, errors } = await servedPage();
  await page.waitForFunction(() => customElements.get('tile-search'));
  const result = await page.evaluate(async ([small, long, medium]) => {
    const core = await import('/www/pkg/tilesearch.js');
    const { solveInParallel, holdWorkers, MAX_WORKERS } = await import('/www/workers/parallel-search.js');
    const { pool } = await import('/www/workers/pool.js');
    await core.default();
    const release = await holdWorkers();
    const leads = [];
    const post = pool.post.bind(pool);
    pool.post = (slot, message, transfer) => {
      if (message.type === 'lead') leads.push({ stop: message.stop instanceof Int32Array, workers: message.workers });
      post(slot, message, transfer);
    };
    const sequential = (options) => { const solver = new core.Solver(options); const s = solver.run(); solver.free(); return s; };
    // The core's team calls on this page's own instance (the build with shared memory): each
    // bad call named; a team led here alone (no helper can reach this memory) gives the
    // sequential summary in slices; the page's thread, which may not wait, cannot help.
    const named = (call) => { try { call(); return 'no error'; } catch (error) { return `${error.name} ${error.kind}: ${error.message}`; } };
    const board8 = { board: '8 6 7 2 5 4 3 0 1', heuristic: 'manhattan' };
    const eight = { ...board8, workers: 2, splitAbove: 2 ** 30 }; // unsplit
    // Korf #94: 1.3 M children, many slices of 65,536 nodes.
    const led = { board: medium, heuristic: 'manhattan' };
    const opened = core.teamOpen(eight);
    const calls = {
      badBoard: named(() => core.teamOpen({ board: '1 2 3', workers: 2 })),
      badWorkers: named(() => core.teamOpen({ ...eight, workers: 0 })),
      badMs: named(() => core.teamLead(opened, () => true, 5000)),
      notOpen: named(() => core.teamLead(123456, () => true, 8)),
      helpHere: named(() => core.teamHelp(opened, 1, 1)),
      helpBadWorker: named(() => core.teamHelp(opened, 0, 1)),
      helpNotOpen: core.teamHelp(123456, 1, 1),
    };
    const small8 = core.teamLead(opened, () => true, 0);
    calls.ledTwice = named(() => core.teamLead(opened, () => true, 8));
    const team = core.teamOpen({ ...led, workers: 2 });
    let alone = null;
    let slices = 0;
    while (!alone) { alone = core.teamLead(team, () => true, 0); slices += 1; }
    // goOn is asked every 65,536 nodes: a 15-puzzle of seconds asks it at once.
    const thrower = core.teamOpen({ board: small, heuristic: 'manhattan', workers: 2 });
    calls.goOnThrows = named(() => core.teamLead(thrower, () => { throw new RangeError('from goOn'); }, 8));
    const page = { calls, small8: small8?.summary, small8Expected: sequential(board8), alone: alone.summary, aloneExpected: sequential(led), slices, stillWorks: sequential(board8) };
    // Korf #53 with Manhattan: 48 M children, a third of a second, its large iterations split.
    const options = { board: small, heuristic: 'manhattan' };
    const heard = [];
    const run = await solveInParallel(options, { onPage: false, onProgress: (p) => heard.push(p) });
    // Korf #17: minutes; stopped once a split iteration's progress is heard.
    const controller = new AbortController();
    const stopped = await solveInParallel({ board: long, heuristic: 'manhattan' }, {
      onPage: false, signal: controller.signal,
      onProgress: (p) => { if (p.packets > 1) controller.abort(new DOMException('stopped by the test', 'AbortError')); },
    }).then(() => 'finished', (error) => error.name);
    const after = await solveInParallel(options, { onPage: false });
    const sharesMemory = pool.sharesMemory;
    delete pool.post;
    release();
    return { page, cores: MAX_WORKERS, sharesMemory, leads, sequential: sequential(options), summary: run.summary, after: after.summary, afterBalance: after.balance,
      balance: run.balance, packets: run.packets, heard: heard.map((p) => ({ phase: p.phase, iteration: p.iteration, packets: p.packets, accepted: p.accepted, workers: p.workers })), stopped };
  }, ['15 1 10 2 13 12 8 9 7 0 6 14 5 3 11 4', '4 6 14 13 7 8 11 9 3 10 15 5 12 0 2 1', KORF_94]);
  console.log(`# the team: ${result.cores} workers, ${result.packets.split} of ${result.packets.iterations} iterations split, ` +
    `${result.balance.map((b) => `w${b.worker} ${b.packets} packets`).join(', ')}; ${result.heard.length} progress messages`);
  const { calls } = result.page;
  assert.match(calls.badBoard, /^TileSearchError wrong-tile-count: expected 9 for 3×3, 16 for 4×4, 25 for 5×5 numbers, got 3/);
  assert.match(calls.badWorkers, /^TileSearchError invalid-option: .*workers must be a whole number from 1 to 256, got 0/);
  assert.match(calls.badMs, /^TileSearchError invalid-option: teamLead\(team, goOn, ms\): ms must be a whole number from 0 to 1000, got 5000/);
  assert.match(calls.notOpen, /^TileSearchError invalid-option: teamLead\(team, goOn, ms\): no open team 123456/);
  assert.match(calls.helpHere, /^TileSearchError invalid-option: teamHelp\(team, worker, ms\): a page's own thread cannot wait/);
  assert.match(calls.helpBadWorker, /^TileSearchError invalid-option: teamHelp\(team, worker, ms\): worker must be a whole number from 1 to 255, got 0/);
  assert.equal(calls.helpNotOpen, 'over');
  assert.match(calls.ledTwice, /no open team/, 'a team ends with its search');
  assert.equal(calls.goOnThrows, 'RangeError undefined: from goOn');
  assert.deepEqual(result.page.alone, result.page.aloneExpected);
  assert.ok(result.page.slices > 1, `led in ${result.page.slices} slices`);
  // An 8-puzzle's search, under 65,536 nodes and unsplit, ends in its first slice.
  assert.deepEqual(result.page.small8, result.page.small8Expected);
  assert.deepEqual(result.page.stillWorks, result.page.small8Expected);
  assert.equal(result.sharesMemory, true);
  assert.deepEqual(result.summary, result.sequential);
  assert.deepEqual(result.after, result.sequential, 'the next search after one stopped');
  assert.equal(result.stopped, 'AbortError');
  if (result.cores > 1) {
    // Every search went to a team, with the page's stop flag.
    assert.ok(result.leads.length === 3 && result.leads.every((l) => l.stop && l.workers === result.cores), JSON.stringify(result.leads));
    assert.equal(result.balance.length, result.cores);
    assert.ok(result.packets.split > 0 && result.packets.split < result.packets.iterations, JSON.stringify(result.packets));
    // Korf #53's split iterations take tens of milliseconds: every worker searched packets. The
    // first search starts the pool's workers, and on a busy machine the second may still be
    // loading its scripts while the first searches it all (a CI run: 648 packets to 0 in
    // 0.6 s); the same search again, on workers long started, is counted with it.
    const searched = result.balance.map((b, i) => ({ packets: b.packets + result.afterBalance[i].packets, busy: b.busy + result.afterBalance[i].busy }));
    assert.ok(searched.every((b) => b.packets > 0 && b.busy > 0), `per worker, the first search and the last: ${JSON.stringify([result.balance, result.afterBalance])}`);
    // One memory: every worker reports the same size.
    assert.ok(result.balance.every((b) => b.memory > 0 && b.memory === result.balance[0].memory));
    const { sent, wasted, whole, split, iterations } = result.packets;
    assert.equal(result.balance.reduce((sum, b) => sum + b.packets, 0) + wasted, sent);
    assert.equal(whole + split, iterations);
    assert.ok(result.heard.length > 0 && result.heard.every((p) => p.phase === 'search' && p.workers === result.cores && p.accepted <= p.packets), JSON.stringify(result.heard));
  }
  assert.deepEqual(errors, []);
  await context.close();
});
