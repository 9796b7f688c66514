// The pdb heuristic in the widget: offered for 4×4 boards only, its pattern databases made in
// the worker with a progress bar, kept in IndexedDB (a reload loads them, no build), and
// Korf's 15-puzzles solved optimally with it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, openExplorer, screenshot, state, waitForState, settle, watchLongTasks, watchMainThread, mainThread, postedToWorkers,
  fromWorkers } from './server.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const button = (page, name) => page.getByRole('button', { name, exact: true });
const KORF_1 = '13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2';   // 57 moves (blank last)
const KORF_12 = '1 3 5 6 0 13 14 9 11 4 8 12 10 7 15 2';  // 45 moves (blank last)
const hash = (board, extra = '') => `#board=${board.replaceAll(' ', '+')}${extra}`;

test('pdb is offered for 4×4 boards only; chosen by attribute on a 3×3 board, the core says why not', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  const pdbOption = page.locator('tile-search [data-choice="heuristic"] option[value="pdb"]');
  assert.equal(await pdbOption.evaluate((o) => o.hidden && o.disabled), true, 'not offered on the 3×3 board');
  await page.locator('tile-search').evaluate((element) => { element.heuristic = 'pdb'; });
  const s = await waitForState(page, (st) => st.status === 'error');
  assert.match(s.error, /^the pdb heuristic \(pattern databases\) is for the 4×4 board, not 3×3: choose hamming, manhattan or linear-conflict/);
  assert.match(await page.locator('tile-search .alert').textContent(), /pdb heuristic .* is for the 4×4 board/);
  assert.equal(s.databases, null, 'nothing is built for a board that cannot use them');
  await page.locator('tile-search').evaluate((element) => { element.board = '13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2'; element.heuristic = 'manhattan'; });
  await waitForState(page, (st) => st.status === 'ready');
  assert.equal(await pdbOption.evaluate((o) => o.hidden || o.disabled), false, 'offered on the 4×4 board');
  assert.equal(await pdbOption.textContent(), 'Pattern databases (pdb)');
  assert.deepEqual(errors, []);
  await context.close();
});

test("pdb: built in the worker with a progress bar, Korf's #1 and #12 solved optimally, then loaded from this browser's cache", async () => {
  const { page, context, errors } = await openExplorer(browser, `${server.url}${hash(KORF_1)}`, { init: watchMainThread });
  await watchLongTasks(page);
  const started = Date.now();
  await page.getByRole('combobox', { name: 'Heuristic' }).selectOption('pdb');
  const bar = page.locator('tile-search .databases progress');
  const status = page.locator('tile-search .databases-status');
  // The build reports its progress.
  const building = await waitForState(page, (s) => s.databases?.status === 'building' && s.databases.progress > 0.2);
  assert.equal(building.status, 'preparing');
  assert.equal(await bar.isVisible(), true);
  // Two workers build the three patterns at once where the page has two cores.
  const percent = Number((await status.textContent()).match(/^Building pattern databases in (?:a worker|\d workers)… (\d+) %/)[1]);
  assert.ok(percent >= 20 && percent < 100, `${percent} %`);
  assert.equal(await button(page, 'Step').isDisabled(), true, 'nothing to step until they are in');
  await screenshot(page, '30-pdb-building');
  const ready = await waitForState(page, (s) => s.status === 'ready', 120000);
  const buildSeconds = (Date.now() - started) / 1000;
  assert.equal(ready.databases.source, 'build');
  // The state changes at once; the panels are drawn in the next frame, which load delays.
  // (Once, on a loaded machine, the bar stayed for two minutes: if so again, say what the
  // widget held and whether the page still drew frames.)
  await bar.waitFor({ state: 'hidden' }).catch(async (error) => {
    const frames = await page.evaluate(() => new Promise((done) => {
      const timer = setTimeout(() => done('no animation frame within 2 s'), 2000);
      requestAnimationFrame(() => { clearTimeout(timer); done('animation frames come'); });
    }));
    const held = await page.evaluate(() => {
      const widget = document.querySelector('tile-search');
      const { top, bottom } = widget.getBoundingClientRect();
      return JSON.stringify({ databases: widget.state.databases, status: widget.state.status, top, bottom, innerHeight, scrollY, hidden: document.hidden });
    });
    throw new Error(`${error.message}\n(the widget: ${held}; ${frames}; page errors: ${JSON.stringify(errors)})`);
  });
  assert.match(await status.textContent(), /^Pattern databases built in \d+\.\d s and stored in this browser for the next visit\.$/);
  // Built by the workers, never on the page: they got the parts to build and sent them back, and
  // the page drew frames between their progress reports (counted: a busy machine only delays them).
  const watch = await mainThread(page);
  const inParts = postedToWorkers(watch, 'databases-part') > 0; // two workers (two cores), else one builds them all
  const progressed = fromWorkers(watch, inParts ? 'databases-part-progress' : 'databases-progress');
  if (inParts) {
    assert.equal(postedToWorkers(watch, 'databases-part'), 3, 'the three parts went to the workers');
    assert.equal(fromWorkers(watch, 'databases-part').messages, 3, 'and came back built');
  } else {
    assert.equal(fromWorkers(watch, 'databases').messages, 1, 'the worker sent them built');
  }
  assert.ok(progressed.messages >= 2 && progressed.framesBetween >= 1,
    `${progressed.framesBetween} frames drawn between the first and the last of ${progressed.messages} progress reports`);
  const longTasks = await page.evaluate(() => window.longTasks);
  console.log(`# pdb: built in the worker in ${ready.databases.seconds.toFixed(2)} s (${buildSeconds.toFixed(1)} s from the choice), ` +
    `handed to the page in ${ready.databases.loadSeconds.toFixed(3)} s; ${progressed.messages} progress reports, ${progressed.framesBetween} frames ` +
    `drawn meanwhile; main-thread long tasks: ${JSON.stringify(longTasks)}`);

  // Stepping uses the page's own Solver, which has the databases too: h is the pdb value.
  const expectedH = await page.evaluate(async (board) => {
    const core = await import('/www/pkg/tilesearch.js');
    await core.default();
    return core.describeBoard(board, 'blank-last').h;
  }, KORF_1);
  await button(page, 'Step').click();
  await button(page, 'Step').click();
  const stepped = await state(page);
  assert.deepEqual(stepped.lastEvent, { type: 'node', id: 0, parent: null, g: 0, h: expectedH.pdb, f: expectedH.pdb, tile: null, blank: 6 });
  assert.ok(expectedH.pdb > expectedH.manhattan, `pdb ${expectedH.pdb} > manhattan ${expectedH.manhattan}`);

  // Full speed in the worker: optimal solutions.
  await page.locator('tile-search').evaluate((element) => { element.speed = 'max'; });
  await button(page, 'Run').click();
  let solved = await waitForState(page, (s) => s.status === 'solved', 120000);
  assert.equal(solved.solution.length, 57);
  await page.locator('tile-search').evaluate((element, board) => { element.board = board; }, KORF_12);
  await waitForState(page, (s) => s.status === 'ready');
  await button(page, 'Run').click();
  solved = await waitForState(page, (s) => s.status === 'solved', 120000);
  assert.equal(solved.solution.length, 45);
  await settle(page);
  await screenshot(page, '31-pdb-korf12-solved');

  // A reload in the same browser loads them from IndexedDB: no build, no progress.
  assert.match(page.url(), /heuristic=pdb/);
  await page.reload();
  const reloaded = Date.now();
  await page.waitForFunction(() => document.querySelector('tile-search')?.state?.databases?.status === 'ready');
  const cached = await state(page);
  const cacheSeconds = (Date.now() - reloaded) / 1000;
  assert.equal(cached.databases.source, 'cache');
  assert.equal(cached.status, 'ready');
  assert.match(await status.textContent(), /^Pattern databases loaded from this browser's cache in \d+\.\d s\.$/);
  const reloadedWatch = await mainThread(page);
  assert.equal(postedToWorkers(reloadedWatch, 'databases-part'), 0, 'nothing built after the reload');
  assert.equal(fromWorkers(reloadedWatch, 'databases-part-progress').messages + fromWorkers(reloadedWatch, 'databases-progress').messages, 0);
  console.log(`# pdb: loaded from IndexedDB in the worker in ${cached.databases.seconds.toFixed(2)} s, handed over in ` +
    `${cached.databases.loadSeconds.toFixed(3)} s (${cacheSeconds.toFixed(2)} s from the reload)`);
  await page.locator('tile-search').evaluate((element) => { element.speed = 'max'; });
  await button(page, 'Run').click();
  solved = await waitForState(page, (s) => s.status === 'solved', 120000);
  assert.equal(solved.solution.length, 45);
  await settle(page);
  await screenshot(page, '32-pdb-from-cache');

  // Solve now with pdb: every worker gets the databases (a copy), and the parallel search's
  // summary is the sequential Solver's, solution and every iteration.
  const [parallel, sequential] = await page.evaluate(async (board) => {
    const core = await import('/www/pkg/tilesearch.js');
    const element = document.querySelector('tile-search');
    const summary = await element.solve();
    return [{ summary, workers: element.state.parallel.workers, onPage: element.state.parallel.onPage }, new core.Solver({ board, heuristic: 'pdb' }).run()];
  }, KORF_12);
  assert.deepEqual(parallel.summary, sequential);
  // Its 1,209 nodes are within the page's first slice: the page, holding the databases too,
  // found it before asking a worker.
  assert.deepEqual([parallel.onPage, parallel.workers], [true, 0]);

  // Compare with pdb: the comparison's worker takes the databases from the cache too.
  await page.locator('tile-search').evaluate((element) => element.setAttribute('max-reached', '100000'));
  await waitForState(page, (s) => s.status === 'ready');
  await button(page, 'Compare').click();
  await page.waitForFunction(() => /^Compared|failed/.test(document.querySelector('tile-search').shadowRoot.querySelector('.compare-status').textContent),
    null, { timeout: 120000 });
  assert.match(await page.locator('tile-search .compare-status').textContent(), /^Compared 5 algorithms in \d+\.\d s, in a worker\.$/);
  const rows = await page.locator('tile-search table.compare tbody tr').evaluateAll((trs) => Object.fromEntries(trs.map((tr) => [tr.dataset.algorithm, tr.cells[1].textContent])));
  assert.equal(rows.ida, '45');
  assert.equal(rows.bfs, 'gave up after 100,000 reached states');
  // The chart says so too: it counts what BFS did before it stopped.
  const labels = await page.locator('tile-search .compare-chart svg text.compare-label .name').allTextContents();
  assert.equal(labels[0], 'BFS (gave up)');
  assert.equal(labels.at(-1), 'IDA*');
  console.log(`# Compare on Korf #12 with pdb (max-reached 100,000): ${JSON.stringify(rows)}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Solve now pressed while the widget\'s pattern databases are still being built waits for them, then solves (a search this small, on the page itself); ' +
  'a browser with no room for them says they could not be kept', async () => {
  // A fresh browser profile: nothing in IndexedDB, so the databases are built; and a full
  // IndexedDB in the workers (which keep the databases; an init script reaches the page only),
  // so they cannot be kept for the next visit.
  const noQuota = (page) => page.route('**/www/workers/solver-worker.js', async (route) => {
    const response = await route.fetch();
    const full = "IDBObjectStore.prototype.put = () => { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };\n";
    await route.fulfill({ response, body: full + await response.text() });
  });
  const { page, context, errors } = await openExplorer(browser, `${server.url}${hash(KORF_12, '&heuristic=pdb')}`, { prepare: noQuota });
  const before = await state(page);
  assert.ok(['preparing', 'ready'].includes(before.status), before.status);
  const [summary, s] = await page.evaluate(async () => {
    const element = document.querySelector('tile-search');
    const summary = await element.solve();
    return [summary, element.state];
  });
  assert.equal(summary.length, 45);
  assert.equal(s.status, 'solved');
  assert.equal(s.databases.status, 'ready');
  // Found by the page (1,209 nodes, within its first slice), which holds the databases too.
  assert.deepEqual([s.parallel.onPage, s.parallel.workers], [true, 0]);
  const sequential = await page.evaluate(async (board) => {
    const core = await import('/www/pkg/tilesearch.js');
    return new core.Solver({ board, heuristic: 'pdb' }).run();
  }, KORF_12);
  assert.deepEqual(summary, sequential);
  // The page says why the next visit builds them again.
  const status = page.locator('tile-search .databases-status');
  await page.waitForFunction(() => /could not keep/.test(document.querySelector('tile-search').shadowRoot.querySelector('.databases-status').textContent));
  assert.match(await status.textContent(),
    /^Pattern databases built in \d+\.\d s, but this browser could not keep them for the next visit \(QuotaExceededError\): they will be built again then\.$/);
  assert.equal((await state(page)).databases.notKept, 'QuotaExceededError');
  // Stepping works after it (the widget's own Solver has the databases too).
  await button(page, 'Reset').click();
  await button(page, 'Step').click();
  assert.equal((await state(page)).position, 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the page's copy: once the widget holds the databases, the quality's and the whole run's workers and Solve now's team are handed it, none reads the cache or builds them", async () => {
  const { page, context, errors } = await openExplorer(browser, `${server.url}${hash(KORF_12, '&heuristic=pdb')}`, { init: watchMainThread });
  await waitForState(page, (st) => st.databases?.status === 'ready' && st.status === 'ready');
  const made = await mainThread(page);
  const reads = (watch) => postedToWorkers(watch, 'databases') + postedToWorkers(watch, 'databases-part');
  // The Heuristic quality panel in view measures pdb in a worker of the pool; the whole run,
  // pressed, runs in one too (then A*).
  await page.locator('tile-search .quality-panel').scrollIntoViewIfNeeded();
  await waitForState(page, (st) => st.quality?.heuristic === 'pdb');
  await button(page, 'Run it whole').click();
  await waitForState(page, (st) => st.run !== null);
  // Its worker, its memory grown by A*, is ended once idle: the next run goes to a new one.
  await page.locator('tile-search .run-astar').filter({ hasText: 'A* expanded' }).waitFor();
  await page.locator('tile-search').evaluate((element) => { element.board = '6 1 15 8 5 10 13 0 3 4 2 7 14 9 11 12'; }); // Korf #42
  await waitForState(page, (st) => st.status === 'ready' && st.run === null);
  await button(page, 'Run it whole').click();
  await waitForState(page, (st) => st.run !== null);
  await page.locator('tile-search').evaluate((element) => { element.board = '1 15 10 13 0 11 4 7 12 6 5 3 14 8 9 2'; }); // Korf #3: its last iterations split
  await waitForState(page, (st) => st.status === 'ready');
  const summary = await page.locator('tile-search').evaluate((element) => element.solve());
  assert.equal(summary.length, 59);
  const { parallel } = await state(page);
  if (parallel.workers > 1) assert.ok(parallel.balance.every((b) => b.packets > 0), 'every worker searched packets');
  const watch = await mainThread(page);
  assert.equal(reads(watch), reads(made), 'no worker was asked to read IndexedDB or build the databases once the page held them');
  assert.ok(postedToWorkers(watch, 'databases-load') > postedToWorkers(made, 'databases-load'), 'a worker was handed the page\'s copy');
  // Each worker made the databases or was handed them before its first pdb search (the
  // quality, the whole run, a team's lead or packets): those started later (a worker A* grew
  // is ended once idle) were handed the page's copy.
  const HOLDS = ['databases', 'databases-parts', 'databases-load'];
  const SEARCHES = ['quality', 'profile', 'lead', 'peer'];
  const searching = watch.workers.filter(({ order }) => order.some((type) => SEARCHES.includes(type)));
  assert.ok(searching.filter(({ order }) => order.includes('databases-load')).length >= 2, 'workers started later were handed a copy');
  for (const { order } of searching) {
    const first = order.findIndex((type) => SEARCHES.includes(type));
    assert.ok(order.slice(0, first).some((type) => HOLDS.includes(type)), order.join(' '));
  }
  // A whole run stopped before its A* (a new board) leaves its worker, with the tables, to the
  // next search: Solve now starts no worker.
  const started = watch.workers.length;
  await page.locator('tile-search').evaluate((element) => { element.board = '0 8 10 6 11 7 9 1 12 4 13 14 15 3 2 5'; }); // Korf #60
  await waitForState(page, (st) => st.status === 'ready');
  await button(page, 'Run it whole').click();
  await page.waitForFunction(() => /Running the whole search/.test(document.querySelector('tile-search').shadowRoot.querySelector('.run-panel').textContent));
  await page.locator('tile-search').evaluate((element) => { element.board = '12 10 6 0 9 8 13 15 11 7 3 2 5 4 14 1'; }); // Korf #88
  await waitForState(page, (st) => st.status === 'ready');
  assert.equal((await page.locator('tile-search').evaluate((element) => element.solve())).length, 65);
  assert.equal((await mainThread(page)).workers.length, started, 'the stopped run\'s worker stayed: no worker was started');
  assert.deepEqual(errors, []);
  await context.close();
});
