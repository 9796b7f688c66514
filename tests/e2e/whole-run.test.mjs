// The whole run and heuristic quality panels: state.run is the core's per-iteration summaries
// (Solver's, computed here in Node) with the new nodes counted, pressing an iteration goes there,
// A*'s count is the core's; state.quality is `tilesearch quality --json`'s for the heuristic in
// effect, and switching the heuristic redraws; axe finds nothing with both panels shown; and
// screenshots at 1280×720 and 390×844 (tests/e2e/artifacts/whole-run-*.png, quality-*.png).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { startServer, launch, openExplorer, state, waitForState, screenshot, chartText, ROOT } from './server.mjs';
import { initSync, Solver } from '../../www/pkg/tilesearch.js';

initSync({ module: readFileSync(resolve(ROOT, 'www/pkg/tilesearch_bg.wasm')) });
// The CLI `make test-e2e` builds (TILESEARCH_CLI), else the release build.
const CLI = resolve(ROOT, process.env.TILESEARCH_CLI ?? 'target/release/tilesearch');
const cliQuality = (...args) => JSON.parse(execFileSync(CLI, ['quality', '--json', ...args]).toString());
const LECTURE = '6 4 5 8 2 7 1 0 3';
const FIFTEEN = '1 5 3 10 9 2 7 4 0 14 11 15 12 13 8 6'; // 38 moves: 8 iterations, 336,129 nodes

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** The core's own run of `options`: Solver's summary and A*'s. */
function core(options) {
  const ida = new Solver(options);
  const summary = ida.run();
  ida.free();
  const astar = new Solver({ ...options, algorithm: 'astar' });
  const a = astar.run();
  astar.free();
  return { summary, astar: a };
}

/** state.run checked against Solver's iterations: the same counts, and each new count what the iteration added. */
function assertRun(run, summary) {
  assert.deepEqual(run.map(({ iteration, threshold, visited, pruned }) => ({ iteration, threshold, visited, pruned })),
    summary.iterations.map(({ iteration, threshold, visited, pruned }) => ({ iteration, threshold, visited, pruned })));
  run.forEach((it, k) => {
    // A finished iteration repeats the whole of the one before; the last stops at the goal.
    if (k === 0) assert.equal(it.new, it.visited);
    else if (k < run.length - 1) assert.equal(it.new, it.visited - run[k - 1].visited);
    else assert.ok(it.new > 0 && it.visited - it.new <= run[k - 1].visited);
  });
}

const quality = (q) => q && { heuristic: q.heuristic, states: q.states, admissible: q.admissible, meanH: q.meanH, meanDistance: q.meanDistance };

/** How the quality chart draws its text (chartText): at 9 px or more, inside its panel. */
async function assertLegible(page) {
  const drawn = await chartText(page.locator('tile-search .quality-chart svg'), '.quality-panel');
  assert.ok(drawn.smallest >= 9 && drawn.inside, `the heat map's text: ${JSON.stringify(drawn)}`);
}

/** Scrolls the widget's panel `selector` to the top of the window, below a phone's sticky controls (for the screens). */
const toTop = (page, selector) => page.locator(`tile-search ${selector}`).evaluate((panel) => {
  panel.scrollIntoView({ block: 'start' });
  const controls = panel.getRootNode().querySelector('.controls').getBoundingClientRect();
  if (controls.top <= 0 && controls.bottom > 0) window.scrollBy(0, -controls.bottom - 8);
});

async function axe(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ url: '/node_modules/axe-core/axe.min.js' });
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

test('the whole run: the core\'s iterations, the new part, A*, and a press goes to the iteration', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url, { viewport: { width: 1280, height: 720 } });
  await toTop(page, '.run-panel');
  const { summary, astar } = core({ board: LECTURE });
  const { run } = await waitForState(page, (s) => s.run !== null);
  assertRun(run, summary);
  // The overhead in words, and A*'s count (the core's) once it has run.
  const total = run.reduce((sum, it) => sum + it.visited, 0);
  const last = run.at(-1).visited;
  await page.locator('tile-search .run-astar').filter({ hasText: 'A* expanded' }).waitFor();
  assert.equal(await page.locator('tile-search .run-sentence').textContent(),
    `All ${run.length} iterations visited ${total.toLocaleString('en')} nodes; the last alone ${last.toLocaleString('en')}: `
    + `the repeats cost ${Math.round((100 * (total - last)) / last)} % more.`);
  assert.match(await page.locator('tile-search .run-astar').textContent(), new RegExp(`^A\\* expanded ${astar.expanded.toLocaleString('en')} nodes`));
  // Pressing iteration 3 shows it whole: the moment of its raise (the core's seek), marked.
  const third = page.locator('tile-search .run-column[data-iteration="3"]');
  await third.click();
  const at = await waitForState(page, (s) => s.status === 'paused' && s.raise !== null && s.iteration === 3);
  assert.deepEqual([at.raise.from, at.raise.to], [summary.iterations[2].threshold, summary.iterations[2].nextThreshold]);
  assert.equal(await third.getAttribute('aria-current'), 'step');
  await toTop(page, '.run-panel');
  await screenshot(page, 'whole-run-1280', { fullPage: false });
  // The heuristic's quality: the CLI's numbers, this board's cell (h 17, h* 25), and a redraw on another heuristic.
  await toTop(page, '.quality-panel');
  let s = await waitForState(page, (st) => st.quality !== null);
  assert.deepEqual(quality(s.quality), quality(cliQuality('--heuristic', 'manhattan')));
  assert.deepEqual(s.quality.board, { h: 17, distance: 25 });
  assert.match(await page.locator('tile-search .quality-chart svg').getAttribute('aria-label'), /^Heat map of h against h\* for Manhattan on all 181,440 solvable 8-puzzle states: no state above the diagonal/);
  await screenshot(page, 'quality-1280', { fullPage: false });
  assert.deepEqual(await axe(page), [], 'axe with the whole run and the quality shown');
  await page.getByRole('combobox', { name: 'Heuristic' }).selectOption('hamming');
  s = await waitForState(page, (st) => st.quality?.heuristic === 'hamming');
  assert.deepEqual(quality(s.quality), quality(cliQuality('--heuristic', 'hamming')));
  assert.match(await page.locator('tile-search .quality-chart svg').getAttribute('aria-label'), /for Hamming on/);
  assert.equal(await page.locator('tile-search .quality-table tr.current td').first().textContent(), 'Hamming');
  // Each row named as the Heuristic menu names it (the core's catalog).
  const menu = await page.getByRole('combobox', { name: 'Heuristic' }).locator('option').evaluateAll((options) => Object.fromEntries(options.map((o) => [o.value, o.textContent])));
  assert.deepEqual(await page.locator('tile-search .quality-table tbody tr td:first-child').allTextContents(), ['hamming', 'manhattan', 'linear-conflict'].map((h) => menu[h]));
  // The whole run is Hamming's now, once it is in view again.
  await page.locator('tile-search .run-panel').scrollIntoViewIfNeeded();
  s = await waitForState(page, (st) => st.run !== null);
  assertRun(s.run, core({ board: LECTURE, heuristic: 'hamming' }).summary);
  await toTop(page, '.quality-panel');
  // A new board asks a worker for its cell alone, once (the core keeps each heuristic's
  // measure): h from the core's first threshold, h* the 8-puzzle's distance; every heuristic's
  // means stay in the table. Back on Manhattan, its cell for this board is one question more.
  await page.evaluate(async () => {
    const { pool } = await import('/www/workers/pool.js');
    const post = pool.post.bind(pool);
    /** @type {any[]} */ (/** @type {any} */ (window).qualityAsked = []);
    pool.post = (slot, message, transfer) => {
      if (message.type === 'quality') /** @type {any} */ (window).qualityAsked.push(message.options);
      post(slot, message, transfer);
    };
  });
  const HARDEST = '8 6 7 2 5 4 3 0 1';
  const rootH = (heuristic) => { const solver = new Solver({ board: HARDEST, heuristic }); const first = solver.step(); solver.free(); return first.threshold; };
  const means = () => page.locator('tile-search .quality-table tbody tr').evaluateAll((rows) => rows.map((row) => [...row.cells].map((c) => c.textContent)));
  // (Typing and choosing scroll the page to the controls: the panel is brought back, as a
  // student would, and measures only in view.)
  await page.getByRole('textbox', { name: /Board/ }).fill(HARDEST);
  await toTop(page, '.quality-panel');
  s = await waitForState(page, (st) => st.quality?.board?.distance === 31);
  assert.deepEqual(s.quality.board, { h: rootH('hamming'), distance: 31 });
  assert.deepEqual(quality(s.quality), quality(cliQuality('--heuristic', 'hamming')));
  const asked = () => page.evaluate(() => /** @type {any} */ (window).qualityAsked.map(({ heuristic, board }) => `${heuristic} ${board}`));
  assert.deepEqual(await asked(), [`hamming ${HARDEST}`]);
  assert.ok((await means()).every((row) => row.length === 5 && !row.includes('…')), JSON.stringify(await means()));
  await page.getByRole('combobox', { name: 'Heuristic' }).selectOption('manhattan');
  await toTop(page, '.quality-panel');
  s = await waitForState(page, (st) => st.quality?.heuristic === 'manhattan' && st.quality.board !== null);
  assert.deepEqual(s.quality.board, { h: rootH('manhattan'), distance: 31 });
  assert.deepEqual(await asked(), [`hamming ${HARDEST}`, `manhattan ${HARDEST}`]);
  await page.evaluate(async () => { delete (await import('/www/workers/pool.js')).pool.post; });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a 15-puzzle: the whole run, and the quality over Korf\'s 100; on a phone', async () => {
  const { page, context, errors } = await openExplorer(browser, `${server.url}#board=${FIFTEEN.replaceAll(' ', '+')}&heuristic=manhattan`,
    { viewport: { width: 390, height: 844 } });
  await toTop(page, '.run-panel');
  // A 15-puzzle's run waits to be asked for (it may take minutes).
  await page.waitForTimeout(300);
  assert.equal((await state(page)).run, null);
  await page.getByRole('button', { name: 'Run it whole' }).click();
  const { run } = await waitForState(page, (s) => s.run !== null);
  assertRun(run, core({ board: FIFTEEN }).summary);
  await page.locator('tile-search .run-astar').filter({ hasText: 'A* expanded' }).waitFor();
  await screenshot(page, 'whole-run-390', { fullPage: false });
  await toTop(page, '.quality-panel');
  const { quality: q } = await waitForState(page, (s) => s.quality !== null);
  assert.deepEqual(quality(q), quality(cliQuality('--heuristic', 'manhattan', '--width', '4')));
  assert.equal(q.width, 4);
  // Not one of Korf's: its h* is the whole run's solution length (IDA*, admissible: optimal), ringed.
  assert.equal(q.board.distance, 38);
  assert.equal(await page.locator('tile-search .quality-chart .board-cell').count(), 1);
  await screenshot(page, 'quality-390', { fullPage: false });
  // A phone draws the heat map smaller: its labels are larger there, 9 px or more as drawn.
  await assertLegible(page);
  assert.deepEqual(errors, []);
  await context.close();
  // The same on the 8-puzzle at phone size, for the screens: the whole run first (the panel
  // above the quality's grows as its run comes in).
  const phone = await openExplorer(browser, server.url, { viewport: { width: 390, height: 844 } });
  await toTop(phone.page, '.run-panel');
  await waitForState(phone.page, (s) => s.run !== null);
  await phone.page.locator('tile-search .run-astar').filter({ hasText: 'A* expanded' }).waitFor();
  await screenshot(phone.page, 'whole-run-8-390', { fullPage: false });
  await toTop(phone.page, '.quality-panel');
  await waitForState(phone.page, (s) => s.quality !== null);
  await screenshot(phone.page, 'quality-8-390', { fullPage: false });
  await assertLegible(phone.page);
  // Every heuristic's row in: the table scrolls inside the panel, the page does not scroll sideways.
  await phone.page.locator('tile-search .quality-table tbody tr td:last-child').filter({ hasText: /^(yes|no)/ }).nth(2).waitFor();
  assert.deepEqual(await phone.page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]), [390, 390]);
  assert.deepEqual(phone.errors, []);
  await phone.context.close();
});

test('a 15-puzzle not among Korf\'s 100: its h* is the comparison\'s shortest solution once Compare has run, as the table beside it says, or a BFS run\'s', async () => {
  const board = '2 3 4 8 1 6 7 12 5 10 11 0 9 13 14 15';
  const { page, context, errors } = await openExplorer(browser, `${server.url}#board=${board.replaceAll(' ', '+')}`, { viewport: { width: 1280, height: 720 } });
  await toTop(page, '.quality-panel');
  let s = await waitForState(page, (st) => st.quality?.board !== null && st.quality?.board !== undefined);
  assert.equal(s.quality.board.distance, null);
  assert.match(await page.locator('tile-search .quality-sentence').textContent(), /h\* not known \(not one of Korf's 100: run the search to the solution, the whole run or Compare to learn it\)\.$/);
  assert.equal(s.solution, null);
  await toTop(page, '.compare-panel');
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  await page.locator('tile-search .compare-status').filter({ hasText: /^Compared/ }).waitFor();
  const { summary } = core({ board });
  s = await waitForState(page, (st) => st.quality?.board?.distance !== null);
  assert.deepEqual(s.quality.board.distance, summary.length);
  assert.match(await page.locator('tile-search .quality-sentence').textContent(), new RegExp(`This board: h \\d+, h\\* ${summary.length}\\.$`));
  // Another board: BFS run to its solution finds a shortest one too (findsShortest); greedy's
  // solution says nothing of h*.
  const other = '1 2 3 4 5 6 7 8 0 10 11 12 9 13 14 15';
  for (const [algorithm, known] of [['greedy', false], ['bfs', true]]) {
    await page.locator('tile-search').evaluate((element, [algorithm, other]) => { element.board = other; element.algorithm = algorithm; element.speed = 'max'; element.play(); }, [algorithm, other]);
    s = await waitForState(page, (st) => st.status === 'solved' && st.quality?.board !== null && st.quality?.board !== undefined);
    assert.equal(s.quality.board.distance, known ? core({ board: other }).summary.length : null, algorithm);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a panel under a phone\'s controls, or a sliver of it at the top of the window, is not seen: the whole run above the quality waits, and the quality panel stays where the reader put it', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url, { viewport: { width: 390, height: 844 } });
  // The whole run's panel brought to end under the controls, 30 px above their bottom edge;
  // the quality panel, two panels down, in view below them.
  await page.locator('tile-search .run-panel').evaluate((panel) => {
    panel.scrollIntoView({ block: 'end' });
    const controls = /** @type {ShadowRoot} */ (panel.getRootNode()).querySelector('.controls').getBoundingClientRect();
    window.scrollBy(0, panel.getBoundingClientRect().bottom - (controls.bottom - 30));
  });
  const where = () => page.locator('tile-search').evaluate((element) => {
    const root = /** @type {ShadowRoot} */ (element.shadowRoot);
    const box = (selector) => /** @type {Element} */ (root.querySelector(selector)).getBoundingClientRect();
    return { controls: Math.round(box('.controls').bottom), run: Math.round(box('.run-panel').bottom), quality: Math.round(box('.quality-panel').top) };
  });
  const before = await where();
  assert.ok(before.run > 0 && before.run <= before.controls, `the run's panel ends under the controls: ${JSON.stringify(before)}`);
  assert.ok(before.quality > before.controls && before.quality < 844 - 100, `the quality panel is in view: ${JSON.stringify(before)}`);
  await waitForState(page, (st) => st.quality !== null);
  // Nothing ran above the panel read (its measure came, so the run's would have by now).
  await page.waitForTimeout(300);
  assert.equal((await state(page)).run, null);
  assert.deepEqual(await where(), before);
  // Scrolled up a little, below the controls: it runs.
  await page.mouse.wheel(0, -200);
  await waitForState(page, (st) => st.run !== null);
  assert.deepEqual(errors, []);
  await context.close();
  // On a desktop (no sticky controls), a sliver of the panel at the top of the window is not
  // seen either; 100 px more of it is.
  const desk = await openExplorer(browser, server.url, { viewport: { width: 1280, height: 720 } });
  const run = desk.page.locator('tile-search .run-panel');
  await run.evaluate((panel) => window.scrollBy(0, panel.getBoundingClientRect().bottom - 20));
  await desk.page.waitForTimeout(300);
  assert.equal(Math.round(await run.evaluate((panel) => panel.getBoundingClientRect().bottom)), 20);
  assert.equal((await state(desk.page)).run, null);
  await desk.page.mouse.wheel(0, -100);
  await waitForState(desk.page, (st) => st.run !== null);
  assert.deepEqual(desk.errors, []);
  await desk.context.close();
});

test('the panels wait to be seen, and leave a graph search alone', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url, { viewport: { width: 1280, height: 720 } });
  await page.waitForTimeout(500);
  // Below the first screen: nothing computed yet.
  const before = await state(page);
  assert.equal(before.run, null);
  assert.equal(before.quality, null);
  await page.getByRole('combobox', { name: 'Algorithm' }).selectOption('bfs');
  await page.locator('tile-search .quality-panel').scrollIntoViewIfNeeded();
  const s = await waitForState(page, (st) => st.quality !== null);
  assert.equal(s.run, null);
  assert.equal(await page.locator('tile-search .run-panel').isVisible(), false);
  // Out of view, another heuristic is drawn from what is known (every row measured), never the
  // one before.
  await page.locator('tile-search .quality-table tbody tr td:last-child').filter({ hasText: /^(yes|no)/ }).nth(2).waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('combobox', { name: 'Heuristic' }).selectOption('hamming');
  const hidden = await waitForState(page, (st) => st.quality?.heuristic !== 'manhattan');
  assert.equal(await page.locator('tile-search .quality-panel').evaluate((panel) => panel.getBoundingClientRect().top > innerHeight), true);
  assert.equal(hidden.quality?.heuristic, 'hamming');
  assert.deepEqual(errors, []);
  await context.close();
});
