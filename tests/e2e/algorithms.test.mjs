// The lecture's graph searches (BFS, DFS, greedy best-first, A*) in the widget: the chooser,
// the trace, the tree's colours and labels, the frontier panel, Run, and the memory guard.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, openExplorer, variant, screenshot, state, waitForState, settle, watchLongTasks, treeNodes, watchMainThread, mainThread, postedToWorkers,
  fromWorkers, treeNote, chartText } from './server.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const button = (page, name) => page.getByRole('button', { name, exact: true });
const SIMPLE = '1 2 3 4 0 6 7 5 8';
const CHALLENGING = '6 4 5 8 2 7 1 0 3';
const KORF_1 = '13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2';
// The lecture's challenging case with Manhattan (the guide, docs/searches.md).
const LECTURE = {
  bfs: { length: 25, expanded: 145605, generated: 392164, maxFrontier: 25136, reached: 163330 },
  dfs: { length: 1157, expanded: 1187, generated: 3358, maxFrontier: 931, reached: 2118 },
  greedy: { length: 45, expanded: 117, generated: 322, maxFrontier: 86, reached: 203 },
  astar: { length: 25, expanded: 1075, generated: 2864, maxFrontier: 648, reached: 1702 },
};
const FRONTIER_KIND = { bfs: 'a queue, front first', dfs: 'a stack, top first', greedy: 'a priority queue, smallest h first',
  astar: 'a priority queue, smallest f = g + h first' };

/**
 * A fresh Solver's events up to the first expansion after `count` events (it is `next`, not
 * included: the whole frontier is then in place), and its frontier(20) at that point.
 */
const reference = (page, options, count) => page.evaluate(async ({ options, count }) => {
  const core = await import('/www/pkg/tilesearch.js');
  await core.default();
  const solver = new core.Solver(options);
  const events = [];
  let next;
  for (;;) {
    next = solver.step();
    if (next.type === 'expand' && events.length >= count) break;
    events.push(next);
  }
  solver.free();
  const again = new core.Solver(options);
  again.skip(events.length);
  const frontier = again.frontier(20);
  again.free();
  return { events, frontier, next };
}, { options, count });

// BFS and A* in `make test`; DFS and greedy, which differ only in the frontier's order, in test-long.
for (const algorithm of ['bfs', 'dfs', 'greedy', 'astar']) {
  test(`${algorithm}: the chooser, Step shows the core's trace, the tree's colours and labels, the frontier panel`, variant(algorithm === 'dfs' || algorithm === 'greedy'), async () => {
    const { page, context, errors } = await openExplorer(browser, `${server.url}#board=${CHALLENGING.replaceAll(' ', '+')}`);
    await page.evaluate(() => { window.shown = []; document.addEventListener('step', (event) => window.shown.push(event.detail)); });
    await page.getByRole('combobox', { name: 'Algorithm' }).selectOption(algorithm);
    assert.equal(await page.locator('tile-search').getAttribute('algorithm'), algorithm, 'the chooser sets the attribute');
    assert.equal(await page.locator('tile-search .timeline-panel').isVisible(), false, 'no iteration timeline for a graph search');
    assert.equal(await button(page, 'Next iteration').isVisible(), false);
    assert.match(await page.locator('tile-search .narration').textContent(), /puts the start on its frontier, a (queue|stack|priority queue)/);
    const count = 30;
    const expected = await reference(page, { board: CHALLENGING, algorithm }, count);
    for (let i = 0; i < expected.events.length; i += 1) await button(page, 'Step').click();
    assert.deepEqual(await page.evaluate(() => window.shown), expected.events, 'one core event per press, frontier sizes included');
    const s = await state(page);
    assert.equal(s.status, 'paused');
    assert.equal(s.algorithm, algorithm);
    assert.deepEqual(s.lastEvent, expected.events.at(-1));

    // Expanded nodes purple and square, frontier nodes green and round, each with its own mark
    // (the export is written from the tree's model with the colours the canvas reads).
    const nodes = await treeNodes(page);
    const expanded = nodes.filter((n) => /\bexpanded\b/.test(n.kind));
    const frontier = nodes.filter((n) => /\bfrontier\b/.test(n.kind));
    const skipped = nodes.filter((n) => /\bskip\b/.test(n.kind));
    assert.equal(expanded.length, expected.events.filter((e) => e.type === 'expand').length);
    assert.equal(frontier.length, expected.events.filter((e) => e.type === 'generate').length - expanded.length);
    assert.equal(skipped.length, expected.events.filter((e) => e.type === 'skip').length);
    assert.ok(expanded.every((n) => /^[●▶]/.test(n.text[0]) && (n.fill === 'rgb(243, 232, 255)' || n.fill === 'rgb(233, 213, 255)') && n.rx === '1'),
      JSON.stringify(expanded));
    assert.ok(frontier.length > 0 && frontier.every((n) => n.text[0].startsWith('○') && n.fill === 'rgb(220, 252, 231)' && n.rx === '20'),
      JSON.stringify(frontier));
    assert.deepEqual((await state(page)).tree, { iteration: 0, nodes: nodes.length, drawn: nodes.length, boxes: 'labelled', folded: { runs: 0, nodes: 0 }, selected: null, overview: null },
      'every node drawn, labelled: a frontier search folds nothing');
    assert.ok(skipped.every((n) => n.text[0].startsWith('↺') && n.text[1] === 'reached'), JSON.stringify(skipped));
    // The note's counters are the glossary's: its "generated" is Now's (the core's), its "reached" the frontier panel's.
    const shownState = await state(page);
    await treeNote(page, new RegExp(`^${shownState.expanded} expanded, ${shownState.generated} generated: \\d+ reached \\(the start included\\), \\d+ skipped as reached already\\.`));

    // The frontier panel lists the core's frontier in taking order; its first entry is expanded next.
    const panel = page.locator('tile-search .frontier-panel');
    assert.equal(await panel.isVisible(), true);
    assert.match(await panel.locator('caption').textContent(), new RegExp(`^Frontier: ${FRONTIER_KIND[algorithm].replace(/[*+]/g, '\\$&')} \\(\\d+ nodes?\\)$`));
    // Each entry is named as the tree labels its node ("#12 slid 4"); pressing it selects that node in the tree.
    const rows = await panel.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].slice(1).map((td) => td.textContent)));
    assert.deepEqual(rows.map(([name, ...numbers]) => [Number(/^#(\d+)/.exec(name)[1]), ...numbers.map(Number)]), expected.frontier.map((e) => [e.id, e.g, e.h, e.f]));
    assert.equal(Number(/^#(\d+)/.exec(rows[0][0])[1]), expected.next.id, 'the first listed entry is the next one expanded');
    const labelled = nodes.find((n) => n.text[0].includes(`${rows[0][0]}`));
    assert.ok(labelled, `the tree labels a node "${rows[0][0]}": ${JSON.stringify(nodes.map((n) => n.text[0]))}`);
    await panel.locator('button.node-link').first().click();
    assert.equal((await state(page)).tree.selected?.id, expected.next.id, 'pressing the entry selects its node in the tree');
    assert.match(await page.locator('tile-search .selection p').textContent(), new RegExp(`^Node #${expected.next.id} slid \\d+, on the frontier`));
    assert.equal(await panel.locator('tbody tr.next td').first().textContent(), `1 (${{ bfs: 'front', dfs: 'top' }[algorithm] ?? 'best'})`);
    assert.deepEqual(await page.locator('tile-search').evaluate((element) => element.step()), expected.next);
    const narration = await page.locator('tile-search .narration').textContent();
    assert.match(narration, new RegExp(`^Expanded node ${expected.next.id} \\(g ${expected.next.g}, h ${expected.next.h}, f ${expected.next.f}\\): taken off the .*: frontier \\d+\\.$`));
    await button(page, 'Step back').click();
    assert.deepEqual((await waitForState(page, (st) => st.status === 'paused')).lastEvent, expected.events.at(-1), 'Step back replays to the event before');
    await settle(page);
    await screenshot(page, `40-${algorithm}-stepping`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("Run solves each graph search with the lecture's numbers on the challenging case, and IDA* shows no frontier", async () => {
  const { page, context, errors } = await openExplorer(browser, `${server.url}#board=${CHALLENGING.replaceAll(' ', '+')}`);
  assert.equal(await page.locator('tile-search .frontier-panel').isVisible(), false, 'IDA* keeps no frontier');
  for (const [algorithm, numbers] of Object.entries(LECTURE)) {
    await page.locator('tile-search').evaluate((element, algorithm) => { element.algorithm = algorithm; element.speed = 'max'; }, algorithm);
    await waitForState(page, (s) => s.status === 'ready' && s.algorithm === algorithm);
    await button(page, 'Run').click();
    const s = await waitForState(page, (st) => st.status === 'solved');
    assert.deepEqual({ length: s.solution.length, expanded: s.expanded, generated: s.generated, maxFrontier: s.maxFrontier, reached: s.reached }, numbers, algorithm);
    const n = (x) => x.toLocaleString('en');
    assert.equal(await page.locator('tile-search .progress').textContent(),
      `Solved: ${n(numbers.length)} moves; ${n(numbers.expanded)} expanded, ${n(numbers.generated)} generated, largest frontier ${n(numbers.maxFrontier)}, ${n(numbers.reached)} reached states.`);
    assert.match(await page.locator('tile-search .narration').textContent(), new RegExp(`^Solved in ${n(numbers.length)} moves: the goal came off the frontier`));
    // The solution path is starred in the tree, down to the goal when it is drawn.
    assert.ok((await treeNodes(page)).some((n) => /\bsolution\b/.test(n.kind)), `${algorithm}: a starred path`);
    assert.equal(s.tree.drawn, Math.min(50000, s.tree.nodes), `${algorithm}: the first 50,000 nodes drawn`);
    if (algorithm === 'astar') { await settle(page); await screenshot(page, '41-astar-solved'); }
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('the memory guard: BFS on a 15-puzzle gives up clearly after max-reached states', async () => {
  const { page, context, errors } = await openExplorer(browser, `${server.url}#board=${KORF_1.replaceAll(' ', '+')}`);
  await page.locator('tile-search').evaluate((element) => { element.setAttribute('max-reached', '20000'); element.algorithm = 'bfs'; element.speed = 'max'; });
  await waitForState(page, (s) => s.status === 'ready' && s.algorithm === 'bfs');
  const gaveUp = page.evaluate(() => new Promise((resolve) => document.addEventListener('gaveup', (event) => resolve(event.detail), { once: true })));
  await button(page, 'Run').click();
  const s = await waitForState(page, (st) => st.status === 'gaveup');
  assert.deepEqual(await gaveUp, { reached: 20000, limit: 20000 });
  assert.equal(s.reached, 20000);
  assert.deepEqual(s.lastEvent, { type: 'gaveup', reached: 20000, limit: 20000 });
  assert.equal(s.solution, null);
  const progress = page.locator('tile-search .progress');
  assert.match(await progress.textContent(), /^Gave up after 20,000 reached states \(the memory guard, max-reached 20,000\): [\d,]+ expanded, [\d,]+ generated, no solution found\.$/);
  assert.equal(await progress.evaluate((p) => p.classList.contains('warn')), true, 'shown as a warning');
  assert.match(await page.locator('tile-search .narration').textContent(), /^Gave up after 20,000 reached states: the memory guard/);
  assert.equal(await button(page, 'Step').isDisabled(), true);
  assert.equal(await button(page, 'Run').isDisabled(), true);
  await settle(page);
  await screenshot(page, '42-bfs-gave-up');
  // A bad guard is the core's error, shown like any bad option.
  await page.locator('tile-search').evaluate((element) => element.setAttribute('max-reached', '0'));
  const bad = await waitForState(page, (st) => st.status === 'error');
  assert.match(bad.error, /maxReached must be a whole number of states from 1 to 1e9, got 0/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("Compare runs every algorithm in a worker of the pool and shows the lecture's table and chart, without freezing the page", async () => {
  const { page, context, errors } = await openExplorer(browser, `${server.url}#board=${CHALLENGING.replaceAll(' ', '+')}`, { init: watchMainThread });
  await watchLongTasks(page);
  const framesBefore = await page.evaluate(() => window.mainThread.frames);
  const status = page.locator('tile-search .compare-status');
  // Until it has results, the panel says what Compare does.
  const about = page.locator('tile-search .compare-about');
  assert.equal(await about.textContent().then((text) => text.replace(/\s+/g, ' ')),
    'BFS, DFS, Greedy best-first, A* and IDA* on this board, one after another in a worker: the solution each finds, the nodes it expands and ' +
    'generates, the states it holds in memory and its time, in a table and a chart.');
  assert.equal(await about.isVisible(), true);
  const started = Date.now();
  await button(page, 'Compare').click();
  await page.waitForFunction(() => document.querySelector('tile-search').shadowRoot.querySelector('.compare-status').textContent.startsWith('Compared'),
    null, { timeout: 120000 });
  const seconds = (Date.now() - started) / 1000;
  assert.match(await status.textContent(), /^Compared 5 algorithms in \d+\.\d s, in a worker\.$/);
  assert.equal(await about.isVisible(), false, 'the results take its place');
  const rows = await page.locator('tile-search table.compare tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [tr.dataset.algorithm, ...[...tr.cells].slice(1, 6).map((td) => td.textContent)]));
  const n = (x) => x.toLocaleString('en');
  assert.deepEqual(rows, [
    ...Object.entries(LECTURE).map(([algorithm, r]) => [algorithm, n(r.length), n(r.expanded), n(r.generated), n(r.maxFrontier), n(r.reached)]),
    ['ida', '25', '1,571', '2,576', '– (a path)', '– (a path)'],
  ]);
  assert.equal(await page.locator('tile-search table.compare caption').textContent(), '6 4 5 8 2 7 1 0 3 (manhattan, goal blank-last)');
  const chart = await page.locator('tile-search .compare-chart svg').getAttribute('aria-label');
  assert.match(chart, /^Nodes expanded and reached states, log scale: BFS 145,605 expanded, 163,330 reached; DFS 1,187 expanded/);
  assert.equal(await page.locator('tile-search .compare-chart svg rect.bar.expanded').count(), 5);
  // Each row's name and counts in words above its bars, legible at a desktop's width and a
  // phone's (text drawn at 9 px or more, the chart inside its panel).
  const labels = await page.locator('tile-search .compare-chart svg text.compare-label').allTextContents();
  assert.deepEqual(labels, ['BFS  ■ 145,605 expanded · ▲ 163,330 reached', 'DFS  ■ 1,187 expanded · ▲ 2,118 reached',
    'Greedy best-first  ■ 117 expanded · ▲ 203 reached', 'A*  ■ 1,075 expanded · ▲ 1,702 reached', 'IDA*  ■ 1,571 expanded · ▲ one path (25 moves)']);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    const drawn = await chartText(page.locator('tile-search .compare-chart svg'), '.compare-panel');
    assert.ok(drawn.smallest >= 9 && drawn.inside, `at ${width} px: ${JSON.stringify(drawn)}`);
  }
  // The searches ran in the worker: it got the job and sent each result, and the page drew
  // frames while it searched (counted, not timed: a busy machine only makes them later).
  const watch = await mainThread(page);
  const results = fromWorkers(watch, 'compare-result');
  const done = watch.received.find((m) => m.type === 'compare-done');
  assert.equal(postedToWorkers(watch, 'compare'), 1, 'the comparison went to a worker');
  assert.equal(results.messages, 5, 'each algorithm\'s result came from the worker');
  assert.ok(done.frame > framesBefore, `frames drawn during the comparison: ${done.frame - framesBefore}`);
  const longTasks = await page.evaluate(() => window.longTasks);
  console.log(`# Compare on the challenging case: ${seconds.toFixed(1)} s, ${done.frame - framesBefore} frames drawn meanwhile; ` +
    `main-thread long tasks: ${JSON.stringify(longTasks)}`);
  await page.locator('tile-search .compare-panel').scrollIntoViewIfNeeded();
  await screenshot(page, '43-compare');

  // Another board clears the table; Stop ends a long comparison at once (a 15-puzzle's BFS).
  await page.locator('tile-search').evaluate((element, board) => { element.board = board; }, KORF_1);
  await waitForState(page, (s) => s.status === 'ready');
  assert.equal(await page.locator('tile-search table.compare').isVisible(), false);
  await button(page, 'Compare').click();
  await page.waitForFunction(() => /nodes so far/.test(document.querySelector('tile-search').shadowRoot.querySelector('.compare-status').textContent));
  await button(page, 'Stop comparing').click();
  assert.match(await status.textContent(), /^Stopped: \d of 5 algorithms done\.$/);
  assert.equal(await button(page, 'Compare').isDisabled(), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the solution in the lecture's step-by-step grid format", async () => {
  const { page, context, errors } = await openExplorer(browser, `${server.url}#board=${SIMPLE.replaceAll(' ', '+')}`);
  const panel = page.locator('tile-search .solution-panel');
  assert.equal(await panel.isVisible(), false, 'no solution yet');
  await page.locator('tile-search').evaluate((element) => { element.algorithm = 'bfs'; element.speed = 'max'; });
  await waitForState(page, (s) => s.status === 'ready' && s.algorithm === 'bfs');
  await button(page, 'Run').click();
  await waitForState(page, (s) => s.status === 'solved');
  await panel.locator('summary').click();
  assert.equal(await panel.locator('summary').textContent(), 'The solution step by step, as the lecture prints it (2 steps)');
  // Built when opened (the toggle event); as the CLI prints it (tilesearch solve): the blank a space.
  await page.waitForFunction(() => document.querySelector('tile-search').shadowRoot.querySelector('.solution-panel pre').textContent !== '');
  assert.equal(await panel.locator('pre').textContent(),
    'Start:\n1 2 3\n4   6\n7 5 8\n\nStep 1:\n1 2 3\n4 5 6\n7   8\n\nStep 2:\n1 2 3\n4 5 6\n7 8');
  await screenshot(page, '44-solution-grids');
  assert.deepEqual(errors, []);
  await context.close();
});
