// What a student met on the explorer's page, each once a confusion: the move order on screen
// and a checked trace's order reported without switching the widget; a timeline that keeps
// every iteration computed and goes forward again; keys only for the controls shown; Solve
// now's solved state with the solution's path and one set of numbers; nodes named alike in
// text and tree; and every number labelled with what it counts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, openExplorer, openWatched, state, waitForState, screenshot, treeNote } from './server.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const BOARD = '6 4 5 8 2 7 1 0 3';
const shadowText = (page, selector) => page.evaluate((selector) => document.querySelector('tile-search').shadowRoot.querySelector(selector)?.textContent ?? null, selector);

test('the move order is on screen in words beside the pseudo-code, and predict mode names it in its question', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  assert.equal(await shadowText(page, '.code-order'), 'moves(state): the blank tries left, right, up, down (move order lrud).');
  await page.evaluate(() => { document.querySelector('tile-search').order = 'udlr'; });
  await waitForState(page, (s) => s.order === 'udlr');
  assert.equal(await shadowText(page, '.code-order'), 'moves(state): the blank tries up, down, left, right (move order udlr).');
  await page.evaluate(() => { document.querySelector('tile-search').mode = 'predict'; });
  // Step until the first "which tile slides first" question: its prompt carries the order.
  for (let i = 0; i < 40 && !(await page.evaluate(() => document.querySelector('tile-search').question?.kind === 'next-tile')); i += 1) {
    await page.evaluate(() => {
      const element = document.querySelector('tile-search');
      const question = element.question;
      if (!question) { element.step(); return; }
      // Any answer: the question under test is the next-tile one.
      element.answer(question.choices ? question.choices[0] : 0);
    });
  }
  const question = await page.evaluate(() => document.querySelector('tile-search').question);
  assert.equal(question?.kind, 'next-tile');
  assert.match(question.prompt, /is expanded; the blank tries up, down, left, right\. Which tile slides first: \d+(, \d+)* or \d+\?$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a checked trace's move order is reported; the widget keeps its own until the reader follows the trace", async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  // A correct trace in order udlr: the core's own events, as the CLI prints them.
  const trace = await page.evaluate(async (board) => {
    const { Solver } = await import('/www/pkg/tilesearch.js');
    const solver = new Solver({ board, order: 'udlr' });
    const lines = [];
    for (let e; (e = solver.step()) !== undefined;) lines.push(JSON.stringify(e));
    solver.free();
    return lines.join('\n');
  }, BOARD);
  const verdict = await page.evaluate((trace) => document.querySelector('tile-search').checkTrace(trace), trace);
  assert.equal(verdict.ok, true);
  assert.equal(verdict.order, 'udlr');
  let s = await state(page);
  assert.equal(s.order, 'lrud', 'the widget keeps its order');
  assert.equal(s.position, 0, 'and its moment');
  assert.match(await shadowText(page, '.check-where'), /Your trace's move order: udlr \(blank up, down, left, right\)\. This widget searches in order lrud/);
  // Reset and Step: the widget's own order (tile 1 first: the blank moves left).
  // Reset, then the iteration, the start and its first child: the widget's own order (the blank moves left: tile 1).
  await page.evaluate(() => { const e = document.querySelector('tile-search'); e.reset(); e.step(); e.step(); e.step(); });
  assert.equal((await state(page)).lastEvent.tile, 1);
  await page.locator('tile-search .check-follow').click();
  s = await waitForState(page, (st) => st.order === 'udlr' && st.position === verdict.position);
  assert.equal(s.status, 'solved', 'following the trace shows its end');
  assert.match(await shadowText(page, '.check-where'), /Followed your search: IDA\* in order udlr/);
  assert.equal(await page.locator('tile-search .check-follow').isHidden(), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the timeline keeps every iteration computed, marks the one shown, and goes forward again', async () => {
  const { page, context, errors } = await openWatched(browser, `${server.url}#board=${encodeURIComponent(BOARD)}&step=3019`, { viewport: { width: 1400, height: 1300 } });
  await waitForState(page, (s) => s.position === 3019 && s.status === 'paused');
  const rows = () => page.evaluate(() => [...document.querySelector('tile-search').shadowRoot.querySelectorAll('table.timeline tbody tr')]
    .map((row) => ({ text: row.textContent, current: row.classList.contains('current'), ahead: row.classList.contains('ahead') })));
  const before = await rows();
  const { iteration } = await state(page);
  assert.ok(before.length >= 3 && iteration === before.length, `at event 3019 the search is in iteration ${iteration}`);
  assert.deepEqual(before.map((r) => r.current), before.map((_, i) => i === before.length - 1));
  // Iteration 2, whole: the moment after its raise, its tree complete; the later rows stay.
  await page.locator('tile-search table.timeline button[data-iteration="2"]').click();
  let s = await waitForState(page, (st) => st.iteration === 2 && st.status === 'paused');
  assert.equal(s.lastEvent.type, 'raise', 'iteration 2 is shown to its raise');
  assert.ok(s.tree.iteration === 2 && s.tree.nodes > 1, `the tree of iteration 2 is drawn (${JSON.stringify(s.tree)})`);
  const back = await rows();
  assert.equal(back.length, before.length, 'the rows after iteration 2 are still there');
  assert.deepEqual(back.map((r) => [r.current, r.ahead]), back.map((_, i) => [i === 1, i > 1]));
  // The last iteration: forward again, to where the reader was.
  await page.locator(`tile-search table.timeline button[data-iteration="${before.length}"]`).click();
  s = await waitForState(page, (st) => st.position === 3019 && st.status === 'paused');
  assert.equal(s.iteration, iteration);
  await screenshot(page, 'timeline-kept');
  assert.deepEqual(errors, []);
  await context.close();
});

test('keys act only for the controls shown: the page keeps the others', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  await page.evaluate(() => {
    window.pageKeys = [];
    document.addEventListener('keydown', (event) => window.pageKeys.push([event.key, event.defaultPrevented]));
    document.querySelector('tile-search').setAttribute('controls', 'step reset');
  });
  await page.locator('tile-search').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal((await state(page)).position, 2, '→ steps: Step is shown');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press(' ');
  await page.keyboard.press('n');
  await page.waitForTimeout(300);
  const s = await state(page);
  assert.equal(s.position, 2, '← (Step back), Space (Run) and N (Next iteration) are not shown: the widget does nothing');
  assert.equal(s.status, 'paused');
  const seen = await page.evaluate(() => window.pageKeys.map(([key, prevented]) => `${key}:${prevented}`));
  assert.deepEqual(seen, ['ArrowLeft:false', ' :false', 'n:false'], 'the keys of hidden controls reach the page, not prevented; the others stop in the widget');
  await page.keyboard.press('r');
  assert.equal((await state(page)).position, 0, 'R resets: Reset is shown');
  assert.deepEqual(errors, []);
  await context.close();
});

test("Solve now: the solution's path in the tree, and one threshold in Now, the pseudo-code and the state", async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  const summary = await page.evaluate(() => document.querySelector('tile-search').solve());
  const s = await state(page);
  assert.equal(s.status, 'solved');
  assert.deepEqual([s.tree.iteration, s.tree.nodes], [summary.iteration, summary.length + 1], "the tree draws the solution's path: the start and every move");
  const svg = await page.evaluate(() => document.querySelector('tile-search').exportTree());
  assert.equal((svg.match(/class="node node[^"]*"/g) ?? []).length, summary.length + 1);
  const now = await page.evaluate(() => Object.fromEntries([...document.querySelector('tile-search').shadowRoot.querySelectorAll('.now-panel [data-key]')]
    .map((dd) => [dd.dataset.key, dd.textContent])));
  assert.equal(now.threshold, String(summary.threshold));
  assert.equal(s.threshold, summary.threshold);
  const codeThreshold = await page.evaluate(() => [...document.querySelector('tile-search').shadowRoot.querySelectorAll('.code-vars div')]
    .find((box) => box.querySelector('dt').textContent === 'threshold').querySelector('dd').textContent);
  assert.equal(codeThreshold, String(summary.threshold), 'the pseudo-code shows the same threshold');
  // The start board's search (2,581 nodes) is over within the page's first slice: the page
  // found it, and says so under the tree, in the progress line and in the state.
  await treeNote(page, /^Solved at once by Solve now: the solution's path in iteration \d+ \(threshold \d+\)\. This page found it in \d+\.\d ms, sooner than a worker could answer\. The rest of the tree is not drawn/);
  assert.match(await shadowText(page, '.progress'), new RegExp(`^Solved now on this page in \\d+\\.\\d ms: ${summary.length} moves after`));
  assert.deepEqual([s.parallel.onPage, s.parallel.workers, s.parallel.balance], [true, 0, []]);
  await screenshot(page, 'solve-now-path');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a node named in a question or a verdict is the node so labelled in the tree; Now says whose numbers it shows', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  // Step to the first prune: Now shows the pruned child's numbers over the parent's board, and says so.
  let s;
  do s = await page.evaluate(() => { document.querySelector('tile-search').step(); return document.querySelector('tile-search').state; });
  while (s.lastEvent.type !== 'prune');
  const prune = s.lastEvent;
  const labels = () => page.evaluate(() => [...document.querySelector('tile-search').shadowRoot.querySelectorAll('.now .large')]
    .map((box) => [box.querySelector('dt').textContent, box.title]));
  const whose = `g, h, f of pruned child #${prune.id} slid ${prune.tile} (the board shows its parent).`;
  assert.deepEqual(await labels(), [["child's g", whose], ["child's h", whose], ["child's f", whose]]);
  assert.match(await shadowText(page, '.now-panel'), /All expanded.*All generated/);
  assert.match(await page.evaluate(() => document.querySelector('tile-search').shadowRoot.querySelector('.now-panel dt[title]').title), /all iterations so far/);
  const svg = await page.evaluate(() => document.querySelector('tile-search').exportTree());
  assert.match(svg, new RegExp(`>✂ #${prune.id} slid ${prune.tile}<`), 'the pruned node carries its id in the tree');
  // Every node of the iteration is labelled with its id: none skipped.
  const ids = [...svg.matchAll(/>(?:✂ )?#(\d+) /g)].map((m) => Number(m[1])).sort((a, b) => a - b);
  assert.deepEqual(ids, ids.map((_, i) => ids[0] + i), 'the ids drawn follow on');
  // On to the next node visited: its own numbers, over its own board.
  do s = await page.evaluate(() => { document.querySelector('tile-search').step(); return document.querySelector('tile-search').state; });
  while (s.lastEvent.type !== 'node');
  assert.deepEqual((await labels()).map(([label, title]) => `${label}: ${title}`), ['g (so far): g, h, f of the board shown.', 'h (to go): g, h, f of the board shown.', 'f = g + h: g, h, f of the board shown.']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a finished activity\'s line goes when the reader steps on', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  await page.evaluate(() => document.querySelector('tile-search').nextIteration());
  await waitForState(page, (s) => s.status === 'paused' && s.lastEvent?.type === 'raise');
  assert.match(await shadowText(page, '.progress'), /^Iteration 1 done/);
  await page.evaluate(() => { document.querySelector('tile-search').step(); document.querySelector('tile-search').step(); });
  assert.equal(await shadowText(page, '.progress'), '', 'stepping in iteration 2, "Iteration 1 done" is gone');
  assert.deepEqual(errors, []);
  await context.close();
});
