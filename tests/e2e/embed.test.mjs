// Embedding in course notes: a notes page (fixtures/notes.html) with two widgets, copied next to
// a copy of dist/ in a temporary course folder, served from a sub-folder and opened from disk.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer, launch, screenshot, watchMainThread, mainThread, ROOT, ARTIFACTS, WAIT_MS } from './server.mjs';

const DIST = join(ROOT, 'dist');
// The CLI `make test-e2e` builds (TILESEARCH_CLI), else the release build.
const CLI = resolve(ROOT, process.env.TILESEARCH_CLI ?? 'target/release/tilesearch');
const KORF_1 = '13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2';
const MODULE_TAG = '<script type="module" src="dist/tile-search.js"></script>';
const STANDALONE_TAG = '<script src="dist/tile-search-standalone.js"></script>';

let site, week, server, rootServer, browser;

before(async () => {
  if (!existsSync(join(DIST, 'tile-search.js')) || !existsSync(join(DIST, 'tile-search-standalone.js'))) {
    const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build-dist.mjs')], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(built.status, 0, `build-dist failed:\n${built.stdout}${built.stderr}`);
  }
  // A teacher's course folder: dist/ copied next to the notes, two folders below the site root.
  site = await mkdtemp(join(tmpdir(), 'tilesearch-notes-'));
  week = join(site, 'course/week3');
  await mkdir(week, { recursive: true });
  await cp(DIST, join(week, 'dist'), { recursive: true });
  const notes = await readFile(join(ROOT, 'tests/e2e/fixtures/notes.html'), 'utf8');
  await writeFile(join(week, 'notes.html'), notes.replace('<!-- SCRIPT -->', MODULE_TAG));
  await writeFile(join(week, 'notes-standalone.html'), notes.replace('<!-- SCRIPT -->', STANDALONE_TAG));
  await writeFile(join(week, 'layouts.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Layouts</title><link rel="icon" href="data:,">
    ${MODULE_TAG}<style>body { font: 16px/1.5 Georgia, serif; max-width: 60rem; margin: 1rem auto; }</style></head><body>
    <tile-search id="animation" board="1 2 3 4 0 6 7 5 8" view="board" controls="none" caption="Animation only"></tile-search>
    <tile-search id="compact" view="board tree" controls="step run reset" height="360" caption="Board and tree, 360 px"></tile-search>
    <tile-search id="bad-view" view="bord tree"></tile-search>
    <tile-search id="bad-height" view="board" height="tall" controls="step download-tree"></tile-search>
    <tile-search id="dark" theme="dark" view="board timeline" controls="step run reset"></tile-search>
    </body></html>`);
  await writeFile(join(week, 'dark-page.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dark</title>
    <link rel="icon" href="data:,">${MODULE_TAG}<style>:root { color-scheme: light dark; }</style></head><body>
    <tile-search id="follows" view="board"></tile-search><tile-search id="light" theme="light" view="board"></tile-search></body></html>`);
  await writeFile(join(week, 'csp.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CSP</title>
    <meta http-equiv="Content-Security-Policy" content="default-src 'self'; img-src data:; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; worker-src 'self'">
    <link rel="icon" href="data:,">${STANDALONE_TAG}</head><body>
    <tile-search id="conflict" board="8 6 7 2 5 4 3 0 1" heuristic="linear-conflict" view="board"></tile-search></body></html>`);
  server = await startServer(site);
  rootServer = await startServer();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
  await rootServer?.close();
  if (site) await rm(site, { recursive: true, force: true });
});

/** A page of the course folder (`url`), recording errors, waited until its widgets are ready. */
async function openNotes(url, { init, viewport = { width: 1100, height: 900 }, reducedMotion = 'no-preference', colorScheme = 'light' } = {}) {
  const context = await browser.newContext({ viewport, acceptDownloads: true, reducedMotion, colorScheme });
  context.setDefaultTimeout(WAIT_MS);
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) errors.push(`${response.status()} ${response.url()}`);
  });
  const wasmRequests = [];
  page.on('request', (request) => { if (request.url().endsWith('.wasm')) wasmRequests.push(request.url()); });
  await page.goto(url);
  // Drawn tiles: the widget has its Solver (the board is drawn once the core is loaded and the board parsed).
  await page.waitForFunction(() => [...document.querySelectorAll('tile-search')].every((element) =>
    element.shadowRoot?.querySelector('.board .tile')));
  return { page, context, errors, wasmRequests };
}

const served = (name) => `${server.url}course/week3/${name}`;
const stateOf = (page, id) => page.evaluate((id) => document.getElementById(id).state, id);
const widget = (page, id) => page.locator(`#${id}`);
const button = (page, id, name) => widget(page, id).getByRole('button', { name, exact: true });

async function waitFor(page, id, predicate, timeout = WAIT_MS) {
  const end = Date.now() + timeout;
  for (;;) {
    const current = await stateOf(page, id);
    if (predicate(current)) return current;
    if (Date.now() > end) throw new Error(`#${id}: timed out; last state ${JSON.stringify(current)}`);
    await new Promise((done) => setTimeout(done, 25));
  }
}

/** Everything a reader sees of a widget (after its pending frame-paced redraws), to show that another widget's actions leave it alone. */
const snapshot = (page, id) => page.evaluate(async (id) => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const element = document.getElementById(id);
  const root = element.shadowRoot;
  return { state: element.state, board: root.querySelector('.board-host .board').getAttribute('aria-label'),
    timeline: root.querySelector('table.timeline tbody').textContent, tree: root.querySelector('.tree-note').textContent };
}, id);

const runFullSpeed = (page, id) => page.evaluate((id) => { const e = document.getElementById(id); e.speed = 'max'; e.play(); }, id);

/** The lecture's optima (the guide): 25 moves for the challenging case, 31 for the hardest 8-puzzle. */
async function solvesBothOptimally(page) {
  await runFullSpeed(page, 'manhattan');
  await runFullSpeed(page, 'conflict');
  const manhattan = await waitFor(page, 'manhattan', (s) => s.status === 'solved');
  const conflict = await waitFor(page, 'conflict', (s) => s.status === 'solved');
  assert.equal(manhattan.solution.length, 25);
  assert.equal(conflict.solution.length, 31);
}

test('module build from a sub-folder: the widgets wait to be asked, are independent, share one wasm fetch, and solve optimally', async () => {
  const { page, context, errors, wasmRequests } = await openNotes(served('notes.html'));
  await page.waitForTimeout(1000);
  for (const id of ['manhattan', 'conflict']) {
    const s = await stateOf(page, id);
    assert.equal(s.status, 'ready', `#${id} does not run by itself`);
    assert.equal(s.expanded, 0);
  }
  assert.equal(page.workers().length, 0, 'no worker before a full-speed run');
  const conflictBefore = await snapshot(page, 'conflict');
  for (let i = 0; i < 12; i += 1) await button(page, 'manhattan', 'Step').click();
  assert.equal((await stateOf(page, 'manhattan')).status, 'paused');
  assert.deepEqual(await snapshot(page, 'conflict'), conflictBefore, 'stepping #manhattan leaves #conflict alone');
  const manhattanBefore = await snapshot(page, 'manhattan');
  for (let i = 0; i < 5; i += 1) await button(page, 'conflict', 'Step').click();
  assert.equal((await stateOf(page, 'conflict')).status, 'paused');
  assert.deepEqual(await snapshot(page, 'manhattan'), manhattanBefore, 'stepping #conflict leaves #manhattan alone');
  await solvesBothOptimally(page);
  // The widgets share the page's pool: one worker per core but one (at most 4), started as streams need them.
  const pool = await page.evaluate(() => Math.max(1, Math.min(4, navigator.hardwareConcurrency - 1)));
  const workers = page.workers().length;
  assert.ok(workers >= 1 && workers <= Math.min(2, pool), `${workers} workers for two widgets (pool of ${pool})`);
  assert.deepEqual(wasmRequests, [served('dist/tilesearch_bg.wasm')], 'the wasm is fetched once for the page and its workers');
  await page.waitForTimeout(300);
  await screenshot(page, '20-notes-module-solved');
  assert.deepEqual(errors, []);
  await context.close();
});

const TRACE_FIELDS = {
  iteration: ['iteration', 'threshold'], node: ['id', 'parent', 'g', 'h', 'f', 'tile', 'blank'],
  prune: ['id', 'parent', 'g', 'h', 'f', 'threshold', 'tile'], backtrack: ['id'], raise: ['from', 'to'],
  solved: ['length', 'moves', 'expanded', 'generated'],
};

/** The Share and export menu's button `name`, the menu opened first (it stays open while it reports). */
async function shareButton(page, id, name) {
  const menu = widget(page, id).locator('details.menu');
  if (!(await menu.evaluate((details) => details.open))) await menu.locator('summary').click();
  return button(page, id, name);
}

async function downloaded(page, id, name) {
  const [download] = await Promise.all([page.waitForEvent('download'), (await shareButton(page, id, name)).click()]);
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
}

test('exports: Download trace, tree and table give files that parse; Copy link reproduces the widget', async () => {
  const { page, context, errors } = await openNotes(served('notes.html'));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url.replace(/\/$/, '') });
  for (let i = 0; i < 60; i += 1) await page.evaluate(() => document.getElementById('manhattan').step());
  await page.evaluate(() => document.getElementById('manhattan').nextIteration());
  const s = await waitFor(page, 'manhattan', (st) => st.status === 'paused' && st.lastEvent?.type === 'raise');

  // The trace: JSON Lines, one step() object per line in the schema's field order, the events shown so far.
  const trace = await downloaded(page, 'manhattan', 'Download trace');
  assert.equal(trace.name, 'tilesearch-6-4-5-8-2-7-1-0-3-manhattan-trace.jsonl');
  const lines = trace.text.trimEnd().split('\n');
  const events = lines.map((line) => JSON.parse(line));
  for (const event of events) assert.deepEqual(Object.keys(event), ['type', ...TRACE_FIELDS[event.type]], JSON.stringify(event));
  assert.deepEqual(events.at(-1), s.lastEvent, 'the trace ends at the event shown');
  assert.equal(events.filter((e) => e.type === 'iteration').length, s.iteration);
  if (existsSync(CLI)) {
    const cli = spawnSync(CLI, ['trace', '--heuristic', 'manhattan', '6 4 5 8 2 7 1 0 3'], { encoding: 'utf8', maxBuffer: 1 << 26 });
    assert.deepEqual(lines, cli.stdout.split('\n').slice(0, lines.length), 'the same lines as tilesearch trace');
  } else {
    console.log(`# ${CLI} is not built: the trace is checked against the schema only`);
  }
  assert.match(await widget(page, 'manhattan').locator('.share-status').textContent(), new RegExp(`^Downloaded the trace: ${events.length.toLocaleString('en')} events`));

  // The tree: an SVG document with every drawn node, all in its viewBox.
  const tree = await downloaded(page, 'manhattan', 'Download tree');
  assert.equal(tree.name, `tilesearch-6-4-5-8-2-7-1-0-3-manhattan-tree-iteration-${s.iteration}.svg`);
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return { error: doc.querySelector('parsererror')?.textContent ?? null, root: doc.documentElement.localName,
      nodes: [...doc.querySelectorAll('g')].filter((g) => g.querySelector(':scope > rect')).length, title: doc.querySelector('title')?.textContent,
      drawn: document.getElementById('manhattan').state.tree.drawn };
  }, tree.text);
  assert.equal(parsed.error, null);
  assert.equal(parsed.root, 'svg');
  assert.ok(parsed.drawn > 0 && parsed.nodes === parsed.drawn, `${parsed.nodes} nodes in the file, ${parsed.drawn} drawn`);
  // The tree of the iteration the raise ended, with that iteration's threshold (the raise's from).
  assert.match(parsed.title, new RegExp(`^IDA\\* search tree, iteration ${s.iteration}, threshold ${s.lastEvent.from}`));
  await mkdir(ARTIFACTS, { recursive: true });
  await writeFile(join(ARTIFACTS, '21-downloaded-tree.svg'), tree.text);
  const svgPage = await context.newPage();
  await svgPage.goto(pathToFileURL(join(ARTIFACTS, '21-downloaded-tree.svg')).href);
  await svgPage.screenshot({ path: join(ARTIFACTS, '21-downloaded-tree.png') }); // (a full-page capture of an SVG document hangs)
  await svgPage.close();

  // The table: CSV with the CLI's iteration fields, one row per iteration, as the timeline shows them.
  const table = await downloaded(page, 'manhattan', 'Download table');
  assert.equal(table.name, 'tilesearch-6-4-5-8-2-7-1-0-3-manhattan-iterations.csv');
  const [header, ...rows] = table.text.trimEnd().split('\n').map((line) => line.split(','));
  assert.deepEqual(header, ['iteration', 'threshold', 'visited', 'pruned', 'nextThreshold', 'result']);
  assert.equal(rows.length, s.iteration);
  assert.ok(rows.every((row) => row.length === 6 && row.slice(0, 5).every((cell) => /^\d+$/.test(cell)) && row[5] === 'raised'), table.text);
  const shown = await widget(page, 'manhattan').locator('table.timeline tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [...tr.cells].slice(0, 5).map((td) => td.textContent.replaceAll(',', ''))));
  assert.deepEqual(rows.map((row) => row.slice(0, 5)), shown);

  // Nothing to export yet: a clear message, no file.
  await page.evaluate(() => document.getElementById('conflict').setAttribute('controls', 'step download-trace download-table'));
  await (await shareButton(page, 'conflict', 'Download trace')).click();
  assert.equal(await widget(page, 'conflict').locator('.share-status').textContent(), 'Nothing to download yet: step or run the search first.');

  // Copy link: the widget's options and id in the hash; the link opens the notes with that widget set so.
  await page.evaluate(() => document.getElementById('manhattan').setAttribute('board', '1 2 3 4 0 6 7 5 8'));
  await (await shareButton(page, 'manhattan', 'Copy link')).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(link, `${served('notes.html')}#board=1+2+3+4+0+6+7+5+8&heuristic=manhattan&goal=blank-last&widget=manhattan`);
  const linked = await openNotes(link);
  assert.equal(await linked.page.evaluate(() => document.getElementById('manhattan').board), '1 2 3 4 0 6 7 5 8');
  assert.equal(await linked.page.evaluate(() => document.getElementById('conflict').board), '8 6 7 2 5 4 3 0 1');
  assert.deepEqual(linked.errors, []);
  await linked.context.close();

  // A link to a moment: after 12 steps it holds step=12 (and the iteration), and opens there.
  const moment = await page.evaluate(() => {
    const element = document.getElementById('manhattan');
    element.board = '6 4 5 8 2 7 1 0 3';
    for (let i = 0; i < 12; i += 1) element.step();
    return element.state;
  });
  await (await shareButton(page, 'manhattan', 'Copy link')).click();
  const deep = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(deep, new RegExp(`&widget=manhattan&step=12&iteration=${moment.iteration}$`));
  const opened = await openNotes(deep);
  await waitFor(opened.page, 'manhattan', (s) => s.position === 12 && s.status === 'paused');
  const there = await stateOf(opened.page, 'manhattan');
  assert.deepEqual([there.lastEvent, there.threshold, there.iteration, there.expanded], [moment.lastEvent, moment.threshold, moment.iteration, moment.expanded]);
  assert.deepEqual(opened.errors, []);
  await opened.context.close();

  await screenshot(page, '22-exported');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a widget scrolled out of view pauses, and goes on when it comes back', async () => {
  const { page, context, errors } = await openNotes(served('notes.html'));
  await page.evaluate((board) => {
    const conflict = document.getElementById('conflict');
    conflict.board = board;  // Korf's #1: runs far longer than the test
    conflict.speed = 'max';
    document.getElementById('manhattan').speed = 20;
  }, KORF_1);
  await waitFor(page, 'conflict', (s) => s.status === 'ready');
  await button(page, 'manhattan', 'Run').click();
  await button(page, 'conflict', 'Run').click();
  await waitFor(page, 'conflict', (s) => s.expanded > 1000);
  await page.locator('#end').scrollIntoViewIfNeeded();
  for (const id of ['manhattan', 'conflict']) {
    await waitFor(page, id, (s) => s.status === 'paused');
    assert.match(await widget(page, id).locator('.progress').textContent(), /^Paused while scrolled out of view, after [\d,]+ nodes/);
  }
  const paused = [await stateOf(page, 'manhattan'), await stateOf(page, 'conflict')];
  await page.waitForTimeout(600);
  assert.deepEqual([await stateOf(page, 'manhattan'), await stateOf(page, 'conflict')], paused, 'nothing runs out of view');
  await page.locator('#conflict').scrollIntoViewIfNeeded();
  await waitFor(page, 'conflict', (s) => s.status === 'running' && s.expanded > paused[1].expanded);
  // Millions of events: too many for a download, and the widget says where to get them.
  await waitFor(page, 'conflict', (st) => st.expanded > 300000);
  const refused = await page.evaluate(() => document.getElementById('conflict').exportTrace().then(() => 'exported', (error) => error.message));
  assert.match(refused, /^The trace so far has [\d,]+ events; a download holds at most 500,000\. For longer traces use the command line: tilesearch trace --heuristic linear-conflict --goal blank-last "13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2"$/);
  await page.locator('#manhattan').scrollIntoViewIfNeeded();
  await waitFor(page, 'manhattan', (s) => s.status === 'running' && s.expanded > paused[0].expanded);
  // A widget the reader paused stays paused when it comes back.
  await button(page, 'manhattan', 'Pause').click();
  await page.locator('#end').scrollIntoViewIfNeeded();
  await page.locator('#manhattan').scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  assert.equal((await stateOf(page, 'manhattan')).status, 'paused');
  assert.deepEqual(errors, []);
  await context.close();
});

test('removing a widget stops its worker and frees its solver; the other widget goes on', async () => {
  const { page, context, errors } = await openNotes(served('notes.html'));
  await page.evaluate((board) => { const e = document.getElementById('conflict'); e.board = board; }, KORF_1);
  await waitFor(page, 'conflict', (s) => s.status === 'ready');
  await runFullSpeed(page, 'conflict');
  await waitFor(page, 'conflict', (s) => s.status === 'running' && s.expanded > 1000);
  assert.equal(page.workers().length, 1);
  const [worker] = page.workers();
  const closed = new Promise((done) => worker.on('close', done));
  const afterRemoval = await page.evaluate(() => {
    const element = document.getElementById('conflict');
    element.remove();
    return { step: element.step() ?? null, iteration: element.state.iteration, expanded: element.state.expanded };
  });
  await closed;
  assert.equal(page.workers().length, 0, 'no worker left running');
  assert.deepEqual(afterRemoval, { step: null, iteration: 0, expanded: 0 }, 'the removed widget has no solver');
  await button(page, 'manhattan', 'Step').click();
  assert.deepEqual((await stateOf(page, 'manhattan')).lastEvent, { type: 'iteration', iteration: 1, threshold: 17 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the standalone build works from file:// with no server', async () => {
  const { page, context, errors } = await openNotes(pathToFileURL(join(week, 'notes-standalone.html')).href);
  await page.waitForTimeout(500);
  assert.equal((await stateOf(page, 'manhattan')).status, 'ready');
  assert.equal((await stateOf(page, 'conflict')).status, 'ready');
  const conflictBefore = await snapshot(page, 'conflict');
  for (let i = 0; i < 8; i += 1) await button(page, 'manhattan', 'Step').click();
  assert.deepEqual(await snapshot(page, 'conflict'), conflictBefore);
  await solvesBothOptimally(page);
  console.log(`# standalone from file://: ${page.workers().length} workers (Blob workers where allowed, else time slices)`);
  await page.waitForTimeout(300);
  await screenshot(page, '23-notes-standalone-file');
  assert.deepEqual(errors, []);
  await context.close();
});

test('where workers are refused, the standalone build runs in main-thread slices that let the page draw between them', async () => {
  const refuse = () => {
    window.Worker = class { constructor() { throw new DOMException('workers are refused here', 'SecurityError'); } };
  };
  const { page, context, errors } = await openNotes(pathToFileURL(join(week, 'notes-standalone.html')).href,
    { init: `(${refuse})(); (${watchMainThread})();` });
  await runFullSpeed(page, 'conflict');
  const solved = await waitFor(page, 'conflict', (s) => s.status === 'solved');
  assert.equal(solved.solution.length, 31);
  assert.match(await widget(page, 'conflict').locator('.progress').textContent(), /^Solved: 31 moves/);
  // A Korf 15-puzzle: a real run, cut into slices of at most BATCH_EVENTS events. A slice runs
  // only on a credit (CREDITS at first), and the widget gives one back for each batch it draws,
  // right after an animation frame: so the page drew a frame per CREDITS slices' events,
  // however busy the machine (a run that never let the page draw would have no frame between
  // its slices). (The count below takes each slice's message, empty ones included.)
  const BATCH_EVENTS = 16384, CREDITS = 3; // search-client.js
  await page.evaluate((board) => { document.getElementById('manhattan').board = board; }, KORF_1);
  await waitFor(page, 'manhattan', (s) => s.status === 'ready');
  const slicedBefore = (await mainThread(page)).slices.length;
  await runFullSpeed(page, 'manhattan');
  await waitFor(page, 'manhattan', (s) => s.expanded > 100000);
  await button(page, 'manhattan', 'Pause').click();
  const paused = await waitFor(page, 'manhattan', (s) => s.status === 'paused');
  assert.equal(page.workers().length, 0);
  const slices = (await mainThread(page)).slices.slice(slicedBefore);
  const frames = slices.at(-1) - slices[0];
  console.log(`# Korf #1 in main-thread slices: ${paused.position} events in ${slices.length} slices, ${frames} frames drawn between them`);
  assert.ok(slices.length >= paused.position / BATCH_EVENTS, `${paused.position} events in ${slices.length} slices`);
  // (Less 3: the feeds just before the first slice and after the last, and the first credits.)
  assert.ok(frames >= paused.position / (CREDITS * BATCH_EVENTS) - 3, `${frames} frames drawn during ${paused.position} events`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a security policy that refuses its Blob worker: the standalone build falls back to main-thread slices', async () => {
  const { page, context, errors } = await openNotes(served('csp.html'));
  await runFullSpeed(page, 'conflict');
  const solved = await waitFor(page, 'conflict', (s) => s.status === 'solved');
  assert.equal(solved.solution.length, 31);
  assert.equal(page.workers().length, 0);
  // The browser itself reports the refused worker; nothing else goes wrong.
  assert.deepEqual(errors.filter((e) => !/^Creating a worker from 'blob:.*violates the following Content Security Policy directive/.test(e)), []);
  assert.equal(errors.length, 1, 'the refusal, once');
  await context.close();
});

test('view, controls, height, caption and theme; a bad value is named in the widget', async () => {
  const { page, context, errors } = await openNotes(served('layouts.html'), { viewport: { width: 1000, height: 2400 } });
  const visible = (id, selector) => widget(page, id).locator(selector).first().isVisible();
  // Animation only: the board and the caption, no controls.
  assert.equal(await visible('animation', '.board'), true);
  for (const hidden of ['.input', '.controls', '.share', '.now-panel', '.code-panel', '.frontier-panel', '.tree-panel', '.timeline-panel', '.compare-panel', '.progress', '.overlay']) {
    assert.equal(await visible('animation', hidden), false, `#animation hides ${hidden}`);
  }
  assert.equal(await widget(page, 'animation').locator('.caption').textContent(), 'Animation only');
  assert.equal(await page.locator('#animation').getAttribute('aria-label'), 'Animation only');
  // Compact: board and tree, three buttons (Run comes with Pause), 360 px high.
  const buttons = await widget(page, 'compact').locator('.controls button:visible').allTextContents();
  assert.deepEqual(buttons, ['Step', 'Run', 'Pause', 'Reset']);
  assert.equal(await visible('compact', '.speed'), false);
  assert.equal(await visible('compact', '.share'), false);
  const height = await page.locator('#compact').evaluate((element) => element.getBoundingClientRect().height);
  assert.ok(Math.abs(height - 360) < 1, `#compact is ${height} px high`);
  // Bad values: the widget says what is wrong and how to fix it.
  assert.equal(await widget(page, 'bad-view').locator('.message').textContent(),
    '⚠ This widget\'s settings need a fix: view="bord tree": unknown "bord"; use any of input board now code frontier tree timeline run solution compare quality glossary.');
  assert.equal(await widget(page, 'bad-height').locator('.message').textContent(),
    '⚠ This widget\'s settings need a fix: controls has download-tree but view has no tree panel: add tree to view, or remove download-tree. ' +
    'height="tall": not a CSS length; use a number of pixels (360) or a length (24rem).');
  assert.equal(await widget(page, 'animation').locator('.message').isVisible(), false);
  // The page's font is inherited; theme="dark" gives the dark scheme.
  const font = await widget(page, 'compact').locator('.progress').evaluate((p) => getComputedStyle(p).fontFamily);
  assert.match(font, /Georgia/);
  const colours = await page.evaluate(() => ['compact', 'dark'].map((id) => {
    const host = document.getElementById(id);
    return [getComputedStyle(host).color, getComputedStyle(host).backgroundColor];
  }));
  assert.deepEqual(colours[0], ['rgb(26, 26, 26)', 'rgba(0, 0, 0, 0)']);
  assert.deepEqual(colours[1], ['rgb(232, 234, 237)', 'rgb(22, 25, 29)']);
  for (let i = 0; i < 30; i += 1) await page.evaluate(() => { document.getElementById('compact').step(); document.getElementById('dark').step(); });
  await page.waitForTimeout(400);
  await screenshot(page, '24-layouts');
  assert.deepEqual(errors, []);
  await context.close();
});

async function axeSerious(page) {
  // By URL from the root server: the page's CSP (script-src 'self') refuses an inline copy.
  await page.addScriptTag({ url: `${rootServer.url}node_modules/axe-core/axe.min.js` });
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

test('www/hosts/notes.html: three heuristics on one board solve alike with fewer nodes each; the animation autoplays and pauses out of view', async () => {
  const { page, context, errors } = await openNotes(`${rootServer.url}www/hosts/notes.html`);
  await page.waitForTimeout(1000);
  for (const id of ['walkthrough', 'hamming', 'manhattan', 'linear-conflict']) assert.equal((await stateOf(page, id)).status, 'ready', `#${id} waits`);
  assert.equal((await stateOf(page, 'animation')).status, 'running', 'autoplay');
  assert.deepEqual(await axeSerious(page), []);
  const expanded = {};
  for (const id of ['hamming', 'manhattan', 'linear-conflict']) {
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await button(page, id, 'Run').click();
    const solved = await waitFor(page, id, (s) => s.status === 'solved');
    assert.equal(solved.solution.length, 25);
    expanded[id] = solved.expanded;
  }
  // The numbers of `tilesearch solve --json` on this board.
  assert.deepEqual(expanded, { hamming: 110785, manhattan: 1571, 'linear-conflict': 785 });
  // From the start again (a loop waits 3 s once solved): about 14 s of animation, longer than the checks below.
  await page.evaluate(() => { const animation = document.getElementById('animation'); animation.reset(); animation.play(); });
  await page.locator('#animation').scrollIntoViewIfNeeded();
  await page.waitForTimeout(1500);
  await screenshot(page, '25-embed-page');
  await page.locator('#walkthrough').scrollIntoViewIfNeeded();
  const paused = await waitFor(page, 'animation', (s) => s.status === 'paused');
  await page.locator('#animation').scrollIntoViewIfNeeded();
  await waitFor(page, 'animation', (s) => s.status === 'running' && (s.expanded > paused.expanded || s.iteration !== paused.iteration));
  assert.deepEqual(errors, []);
  await context.close();
});

test('autoplay never starts for a reader who prefers reduced motion', async () => {
  const { page, context, errors } = await openNotes(`${rootServer.url}www/hosts/notes.html`, { reducedMotion: 'reduce' });
  await page.locator('#animation').scrollIntoViewIfNeeded();
  await page.waitForTimeout(1000);
  assert.equal((await stateOf(page, 'animation')).status, 'ready');
  // The figure shows no controls: Space is the page's, and a script (or the teacher's own
  // button) starts it.
  await page.locator('#animation').focus();
  await page.keyboard.press(' ');
  await page.waitForTimeout(300);
  assert.equal((await stateOf(page, 'animation')).status, 'ready');
  await page.evaluate(() => document.getElementById('animation').play());
  await waitFor(page, 'animation', (s) => s.status === 'running');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a page that opts into dark mode gets the dark widget on a dark system; theme="light" keeps a widget light', async () => {
  const colours = async (colorScheme) => {
    const { page, context, errors } = await openNotes(served('dark-page.html'), { colorScheme });
    const result = await page.evaluate(() => ['follows', 'light'].map((id) => getComputedStyle(document.getElementById(id)).backgroundColor));
    assert.equal(await widget(page, 'follows').locator('.message').textContent(), '', 'the default controls go without Download tree quietly');
    if (colorScheme === 'dark') await screenshot(page, '26-dark-page');
    assert.deepEqual(errors, []);
    await context.close();
    return result;
  };
  assert.deepEqual(await colours('dark'), ['rgb(22, 25, 29)', 'rgb(255, 255, 255)']);
  assert.deepEqual(await colours('light'), ['rgba(0, 0, 0, 0)', 'rgb(255, 255, 255)']);
});
