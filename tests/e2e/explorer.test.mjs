// Stepping through IDA* on the lecture's boards: every control and key does what it says.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  startServer, launch, openExplorer, screenshot, state, waitForState, boardLabel, settle, ARTIFACTS, treeNodes, ringBox, treeAnnouncement, WAIT_MS, treeNote } from './server.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const button = (page, name) => page.getByRole('button', { name, exact: true });

/** The trace a fresh Solver gives for `board`, step() by step(): the reference the page must show. */
const referenceTrace = (page, board, count) => page.evaluate(async ({ board, count }) => {
  const core = await import('/www/pkg/tilesearch.js');
  await core.default();
  const solver = new core.Solver({ board });
  const events = [];
  for (let i = 0; i < count; i += 1) { const event = solver.step(); if (!event) break; events.push(event); }
  solver.free();
  return events;
}, { board, count });

test('the page loads with the lecture\'s challenging case and no console error', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  const s = await state(page);
  assert.equal(s.status, 'ready');
  assert.equal(s.error, null);
  assert.equal(await boardLabel(page), 'Board: 6 4 5 / 8 2 7 / 1 blank 3');
  for (const name of ['Step', 'Next iteration', 'Run', 'Pause', 'Reset', 'Step back']) {
    assert.equal(await button(page, name).count(), 1, `one button named ${name}`);
  }
  await page.waitForTimeout(300);
  await screenshot(page, '01-loaded');
  assert.deepEqual(errors, []);
  await context.close();
  const narrow = await openExplorer(browser, server.url, { viewport: { width: 420, height: 900 } });
  await narrow.page.waitForTimeout(300);
  await screenshot(narrow.page, '01b-loaded-narrow');
  assert.ok(await narrow.page.evaluate(() => document.documentElement.scrollWidth <= 420), 'no horizontal scrolling on a phone');
  await narrow.context.close();
});

/** Marks in the tree: its drawn nodes, with each folded run of pruned siblings one mark. */
const marks = (tree) => tree.drawn - tree.folded.nodes + tree.folded.runs;

test('Step shows exactly the core\'s trace, one event per press, in the views', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  await page.evaluate(() => {
    window.shown = [];
    document.addEventListener('step', (event) => window.shown.push(event.detail));
  });
  const reference = await referenceTrace(page, '6 4 5 8 2 7 1 0 3', 14);
  for (let i = 0; i < reference.length; i += 1) await button(page, 'Step').click();
  assert.deepEqual(await page.evaluate(() => window.shown), reference);
  const s = await state(page);
  assert.deepEqual(s.lastEvent, reference.at(-1));
  assert.equal(s.status, 'paused');
  assert.equal(s.iteration, 2);
  assert.equal(s.threshold, 19);
  // Pruned children are ghost leaves labelled "f 21 > 19"; the current path is marked (the
  // export is written from the tree's model, with the labels the canvas draws).
  const nodes = await treeNodes(page);
  const ghosts = nodes.filter((n) => /\bprune\b/.test(n.kind)).map((n) => n.text.join(' '));
  assert.ok(ghosts.length > 0 && ghosts.every((text) => /f \d+ > 19$/.test(text)), ghosts.join('|'));
  assert.ok(nodes.find((n) => /\bcurrent\b/.test(n.kind)).text[0].startsWith('▶'));
  const ofIteration2 = reference.slice(reference.findLastIndex((e) => e.type === 'iteration'));
  assert.deepEqual(s.tree, { iteration: 2, nodes: ofIteration2.filter((e) => e.type === 'node' || e.type === 'prune').length, drawn: nodes.length,
    boxes: 'labelled', folded: { runs: 0, nodes: 0 }, selected: null, overview: null });
  assert.equal(nodes.length, s.tree.nodes, 'every node drawn');
  const prune = reference.findLast((e) => e.type === 'prune');
  const narration = await page.locator('tile-search .narration').textContent();
  if (s.lastEvent.type === 'prune') assert.match(narration, new RegExp(`f = ${prune.g} \\+ ${prune.h} = ${prune.f} > threshold 19: pruned, next threshold at most \\d+`));
  // Clicking a tree node shows its board (the core's boardAfter of the path to it): the root's
  // first visited child, found with the keys (its box: the ring over the selected node).
  await page.locator('tile-search canvas.tree').focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  while (!/visited\.$/.test(await treeAnnouncement(page))) await page.keyboard.press('ArrowRight');
  const id = Number((await treeAnnouncement(page)).match(/^Node (\d+):/)[1]);
  const ring = await ringBox(page);
  await page.mouse.click(ring.x, ring.y);
  const selected = page.locator('tile-search .selection');
  await selected.waitFor();
  assert.equal(await selected.isVisible(), true);
  assert.match(await selected.locator('p').textContent(), new RegExp(`^Node #${id} slid \\d+, visited: g 1, h \\d+, f \\d+\\. Moves from the start: \\d+\\.$`));
  const expectedBoard = await page.evaluate(async () => {
    const core = await import('/www/pkg/tilesearch.js');
    const text = document.querySelector('tile-search').shadowRoot.querySelector('.selection p').textContent;
    const moves = text.match(/start: ([\d ]+)\./)[1].split(' ').map(Number);
    return core.boardAfter('6 4 5 8 2 7 1 0 3', moves);
  });
  const label = await selected.locator('.board').getAttribute('aria-label');
  assert.equal(label.replace(/^Board of the selected node: /, '').replace(/,.*$/, '').replace(/blank/, '0').split(/ \/ | /).map(Number).join(' '), expectedBoard.join(' '));
  await settle(page);
  await screenshot(page, '02-stepping');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Step back replays deterministically, also across an iteration start', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  const snapshot = () => page.evaluate(() => {
    const element = document.querySelector('tile-search');
    const root = element.shadowRoot;
    return { state: element.state, board: root.querySelector('.board-host .board').getAttribute('aria-label'),
      tree: (() => { try { return element.exportTree(); } catch (error) { return error.message; } })(),
      // The iterations finished before the one shown, and which one that is: the rows of that
      // iteration and after it keep what was computed before (the timeline does not forget).
      timeline: [...root.querySelectorAll('table.timeline tbody tr')].filter((row) => !row.matches('.current, .ahead')).map((row) => row.textContent).join('|') +
        ` current ${root.querySelector('table.timeline tbody tr.current td')?.textContent}` };
  });
  const reference = await referenceTrace(page, '6 4 5 8 2 7 1 0 3', 60);
  const firstOfIteration2 = reference.findIndex((e) => e.type === 'iteration' && e.iteration === 2);
  for (const k of [firstOfIteration2 + 1, 40]) {
    await button(page, 'Reset').click();
    for (let i = 0; i < k - 1; i += 1) await page.evaluate(() => document.querySelector('tile-search').step());
    await page.waitForTimeout(50);
    const before = await snapshot();
    await button(page, 'Step').click();
    assert.deepEqual((await state(page)).lastEvent, reference[k - 1]);
    await button(page, 'Step back').click();
    await waitForState(page, (s) => s.status === 'paused');
    await page.waitForTimeout(50);
    assert.deepEqual(await snapshot(), before, `after step back from event ${k}`);
    assert.deepEqual((await state(page)).lastEvent, reference[k - 2]);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('Next iteration runs to the threshold raise; Run and Pause; Reset', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  // Before the first iteration the Iterations panel says what comes there, with no empty table or chart.
  const empty = page.locator('tile-search .timeline-empty');
  const parts = page.locator('tile-search .timeline-panel :is(.table-scroll, figure)');
  assert.match((await empty.textContent()).replace(/\s+/g, ' '), /No iteration yet: Step, Next iteration, Run or Solve now adds a row here for each one/);
  assert.equal(await empty.isVisible(), true);
  assert.deepEqual(await parts.evaluateAll((all) => all.map((e) => e.checkVisibility())), [false, false]);
  await button(page, 'Next iteration').click();
  let s = await waitForState(page, (st) => st.lastEvent?.type === 'raise' && st.status === 'paused');
  assert.deepEqual(s.lastEvent, { type: 'raise', from: 17, to: 19 });
  await button(page, 'Next iteration').click();
  s = await waitForState(page, (st) => st.lastEvent?.type === 'raise' && st.lastEvent.from === 19 && st.status === 'paused');
  assert.deepEqual(s.lastEvent, { type: 'raise', from: 19, to: 21 });
  assert.equal(await page.locator('tile-search table.timeline tbody tr').count(), 2);
  assert.equal(await empty.isVisible(), false);
  assert.deepEqual(await parts.evaluateAll((all) => all.map((e) => e.checkVisibility())), [true, true]);

  // Run at the default speed (4 events/s): events arrive one by one until Pause.
  const generatedBefore = s.generated;
  await button(page, 'Run').click();
  assert.equal((await state(page)).status, 'running');
  await waitForState(page, (st) => st.generated > generatedBefore + 1); // Run advances the search
  await button(page, 'Pause').click();
  s = await state(page);
  assert.equal(s.status, 'paused');
  const lastEvent = s.lastEvent;
  await page.waitForTimeout(600);
  assert.deepEqual((await state(page)).lastEvent, lastEvent, 'nothing happens after Pause');

  await button(page, 'Reset').click();
  s = await state(page);
  assert.deepEqual({ status: s.status, lastEvent: s.lastEvent, expanded: s.expanded, generated: s.generated, threshold: s.threshold },
    { status: 'ready', lastEvent: null, expanded: 0, generated: 0, threshold: null });
  await page.waitForFunction(() => document.querySelector('tile-search').state.tree.drawn === 0);
  assert.equal(await boardLabel(page), 'Board: 6 4 5 / 8 2 7 / 1 blank 3');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the keys: ArrowRight, ArrowLeft, N, Space and R', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  const reference = await referenceTrace(page, '6 4 5 8 2 7 1 0 3', 5);
  await page.locator('tile-search').focus();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
  assert.deepEqual((await state(page)).lastEvent, reference[2]);
  await page.keyboard.press('ArrowLeft');
  await waitForState(page, (s) => s.status === 'paused');
  assert.deepEqual((await state(page)).lastEvent, reference[1]);
  await page.keyboard.press('r');
  assert.equal((await state(page)).status, 'ready');
  await page.keyboard.press('n');
  const s = await waitForState(page, (st) => st.lastEvent?.type === 'raise' && st.status === 'paused');
  assert.equal(s.iteration, 1);
  await page.keyboard.press('Space');
  assert.equal((await state(page)).status, 'running');
  await page.keyboard.press('Space');
  assert.equal((await state(page)).status, 'paused');
  // Keys typed into the board field are text, not shortcuts.
  const field = page.getByRole('textbox', { name: /Board/ });
  await field.focus();
  const before = (await state(page)).lastEvent;
  await page.keyboard.press('ArrowRight');
  assert.deepEqual((await state(page)).lastEvent, before);
  // The widget keeps focus when the focused button becomes disabled.
  await button(page, 'Run').focus();
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.tagName), 'TILE-SEARCH');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the challenging case solves with 25 moves at full speed, and the solution plays', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  await page.evaluate(() => {
    document.addEventListener('solved', (event) => { window.solvedDetail = event.detail; });
  });
  await page.getByRole('slider', { name: /Speed/ }).focus();
  await page.keyboard.press('End');
  assert.equal(await page.locator('tile-search').getAttribute('speed'), 'max');
  await button(page, 'Run').click();
  const s = await waitForState(page, (st) => st.status === 'solved');
  assert.equal(s.solution.length, 25);
  assert.equal(s.solution.moves.length, 25);
  assert.deepEqual(s.solution.moves, [1, 8, 2, 4, 6, 2, 4, 1, 8, 4, 1, 7, 3, 8, 7, 6, 5, 3, 6, 5, 2, 1, 4, 7, 8]);
  assert.deepEqual(await page.evaluate(() => window.solvedDetail), { length: 25, moves: s.solution.moves, expanded: 1571, generated: 2576 });
  const rows = await page.locator('tile-search table.timeline tbody tr').allTextContents();
  assert.equal(rows.length, 5);
  assert.match(rows[4], /^525435272solved/);
  const nodes = await treeNodes(page);
  assert.equal(nodes.filter((n) => /\bsolution\b/.test(n.kind)).length, 26, 'root and 25 moves starred');
  // The last iteration, every node drawn (none collapsed).
  const last = await page.evaluate(async () => {
    const core = await import('/www/pkg/tilesearch.js');
    await core.default();
    const solver = new core.Solver({ board: '6 4 5 8 2 7 1 0 3' });
    const { iterations } = solver.run();
    solver.free();
    return iterations.at(-1);
  });
  const { folded } = s.tree;
  assert.deepEqual(s.tree, { iteration: 5, nodes: last.visited + last.pruned, drawn: last.visited + last.pruned, boxes: 'labelled', folded, selected: null, overview: null });
  assert.ok(folded.runs > 0 && folded.nodes >= 2 * folded.runs, JSON.stringify(folded));
  assert.equal(nodes.length, marks(s.tree), 'every node drawn, each folded run as one mark');
  await treeNote(page, new RegExp(`^Iteration 5, threshold 25: ${last.visited} visited, ${last.pruned} pruned\\. All ${last.visited + last.pruned} nodes drawn\\.$`));
  await settle(page);
  await screenshot(page, '03-solved');
  await button(page, 'Fit tree').click();
  await page.waitForTimeout(100);
  await page.locator('tile-search .tree-frame').screenshot({ path: join(ARTIFACTS, '03b-solved-tree-fit.png') });

  // Play the solution: the board walks from the start to the goal, move by move.
  await page.locator('tile-search').evaluate((element) => { element.speed = 1000; });
  await button(page, 'Play solution').click();
  await page.waitForFunction(() => /Solution move 10 of 25/.test(document.querySelector('tile-search').shadowRoot.querySelector('.playback').textContent));
  await screenshot(page, '04-playing-solution', { fullPage: false });
  await page.waitForFunction(() => /Solution move 25 of 25: slide 8: the goal\./.test(document.querySelector('tile-search').shadowRoot.querySelector('.playback').textContent));
  assert.match(await boardLabel(page), /^Board: 1 2 3 \/ 4 5 6 \/ 7 8 blank, tile 8 just slid$/);
  // Step back from the solution: back to the goal node's visit, not solved any more.
  await button(page, 'Step back').click();
  const back = await waitForState(page, (st) => st.status === 'paused');
  assert.deepEqual({ type: back.lastEvent.type, g: back.lastEvent.g, h: back.lastEvent.h, solution: back.solution }, { type: 'node', g: 25, h: 0, solution: null });
  await button(page, 'Step').click();
  assert.equal((await state(page)).status, 'solved');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the element API: reflected attributes, autoplay, composed events, two instances side by side', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  const result = await page.evaluate(async () => {
    const host = document.createElement('div');
    const shadow = host.attachShadow({ mode: 'open' }); // events must cross shadow boundaries (composed)
    const second = document.createElement('tile-search');
    second.setAttribute('board', '1 2 3 4 0 6 7 5 8');
    second.speed = 'max';
    second.autoplay = true;
    const seen = [];
    const solved = new Promise((resolve) => document.addEventListener('solved', (event) => resolve(event.detail), { once: true }));
    document.addEventListener('step', (event) => seen.push(event.detail.type));
    shadow.append(second);
    document.body.append(host);
    const detail = await solved;
    const first = document.querySelector('tile-search');
    const reflected = { speed: second.getAttribute('speed'), autoplay: second.hasAttribute('autoplay'), board: second.board };
    second.heuristic = 'hamming';
    const afterChange = second.state;
    second.remove();
    return { detail, reflected, afterChange, firstStatus: first.state.status, seen: seen.includes('solved') };
  });
  assert.deepEqual(result.detail, { length: 2, moves: [5, 8], expanded: 2, generated: 6 });
  assert.deepEqual(result.reflected, { speed: 'max', autoplay: true, board: '1 2 3 4 0 6 7 5 8' });
  assert.equal(result.firstStatus, 'ready', 'the first explorer is untouched');
  assert.equal(result.seen, true);
  // Changing the heuristic reset the search (and autoplay started it again at full speed).
  assert.ok(['ready', 'running', 'solved'].includes(result.afterChange.status));
  assert.equal(result.afterChange.error, null);
  const element = page.locator('tile-search').first();
  assert.equal(await element.evaluate((e) => { e.speed = 16; return [e.getAttribute('speed'), e.speed]; }).then(JSON.stringify), '["16",16]');
  assert.equal(await element.evaluate((e) => { e.goal = 'blank-first'; return [e.getAttribute('goal'), e.state.status, e.state.error]; }).then(JSON.stringify), '["blank-first","ready",null]');
  assert.deepEqual(errors, []);
  await context.close();
});

test('iteration 3 of the lecture case: all 270 nodes drawn, none collapsed; zoomed out it is one shape', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url, { viewport: { width: 1280, height: 720 } });
  for (const to of [19, 21, 23]) {
    await button(page, 'Next iteration').click();
    await waitForState(page, (st) => st.lastEvent?.type === 'raise' && st.lastEvent.to === to && st.status === 'paused');
  }
  // The tree fits the panel's size as its ResizeObserver last reported it: on a busy machine
  // that report may come after the raise, and the boxes with it.
  const s = await waitForState(page, (st) => st.tree.boxes === 'labelled');
  assert.equal(s.iteration, 3);
  const { folded } = s.tree;
  assert.deepEqual(s.tree, { iteration: 3, nodes: 270, drawn: 270, boxes: 'labelled', folded, selected: null, overview: null });
  const nodes = await treeNodes(page);
  assert.equal(nodes.length, marks(s.tree), 'all 270 nodes drawn, each folded run as one mark');
  assert.equal(nodes.filter((n) => /\bfolded\b/.test(n.kind)).length, folded.runs);
  assert.ok(nodes.every((n) => !n.text.join(' ').includes('⋯')), 'no collapsed boxes');
  await treeNote(page, /^Iteration 3, threshold 21: [\d,]+ visited, [\d,]+ pruned\. All 270 nodes drawn\.$/);
  const frame = page.locator('tile-search .tree-frame');
  await frame.scrollIntoViewIfNeeded();
  await settle(page);
  await frame.screenshot({ path: join(ARTIFACTS, '05-iteration-3-follow.png') });
  // The minimap: the whole tree and the visible rectangle; a click there moves the view (the
  // root, selected, leaves the view when the click goes to the tree's bottom left corner).
  const minimap = page.locator('tile-search canvas.tree-minimap');
  assert.equal(await minimap.isVisible(), true, 'a tree wider than the view has a minimap');
  await page.evaluate(() => document.querySelector('tile-search').shadowRoot.querySelector('canvas.tree').focus({ preventScroll: true }));
  await page.keyboard.press('Home');
  assert.ok(await ringBox(page), 'the root is in view');
  const map = await minimap.boundingBox();
  await page.mouse.click(map.x + 3, map.y + map.height - 3);
  assert.equal(await ringBox(page), null, 'the view went to the bottom left of the tree');
  await button(page, 'Fit tree').click();
  // Fitted, the iteration's 270 nodes take compact boxes (g, h and f stacked, a third as wide).
  await waitForState(page, (st) => st.tree.boxes === 'compact');
  // The canvas follows the theme: its background (a corner, the fitted tree has a margin) is the
  // dark one with theme="dark", and back.
  const corner = () => page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const canvas = document.querySelector('tile-search').shadowRoot.querySelector('canvas.tree');
    return [...canvas.getContext('2d').getImageData(1, 1, 1, 1).data.slice(0, 3)];
  });
  const light = await corner();
  await page.locator('tile-search').evaluate((element) => element.setAttribute('theme', 'dark'));
  assert.deepEqual(await corner(), [24, 28, 33], 'the dark theme\'s tree background');
  await page.locator('tile-search').evaluate((element) => element.setAttribute('theme', 'light'));
  assert.deepEqual(await corner(), light);
  await settle(page);
  await frame.screenshot({ path: join(ARTIFACTS, '05b-iteration-3-fit.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the tree by keyboard: the arrows move a selection through it, announced politely; Enter shows its board', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  // Iteration 2 to its raise: the root has all its children.
  const reference = await referenceTrace(page, '6 4 5 8 2 7 1 0 3', 84);
  assert.equal(reference.at(-1).type, 'raise');
  await page.locator('tile-search').evaluate((element, n) => { for (let i = 0; i < n; i += 1) element.step(); }, reference.length);
  const before = await state(page);
  const canvas = page.locator('tile-search canvas.tree');
  assert.equal(await canvas.getAttribute('tabindex'), '0');
  assert.equal(await canvas.getAttribute('role'), 'application');
  assert.match(await canvas.getAttribute('aria-label'), /^Search tree of iteration 2: \d+ nodes visited, \d+ pruned\. Arrow keys move through the nodes/);
  assert.equal(await page.locator('tile-search .tree-live').getAttribute('aria-live'), 'polite');
  await canvas.focus();
  // The iteration's events: the root and its children in order.
  const events = reference.slice(reference.findLastIndex((e) => e.type === 'iteration'));
  const root = events.find((e) => e.type === 'node' && e.parent === null);
  const children = events.filter((e) => (e.type === 'node' || e.type === 'prune') && e.parent === root.id);
  assert.ok(children.length >= 3);
  const describe = (e) => `Node ${e.id}: ${e.tile === null ? 'the start' : `slid ${e.tile}`}, g ${e.g}, h ${e.h}, f ${e.f}, ` +
    `${e.type === 'prune' ? `pruned, f > threshold ${e.threshold}` : 'visited'}`;
  const press = async (key) => { await page.keyboard.press(key); return treeAnnouncement(page); };
  assert.equal(await press('Home'), `${describe(root)}.`);
  assert.equal(await press('ArrowUp'), `${describe(root)}. It is the root.`);
  assert.equal(await press('ArrowDown'), `${describe(children[0])}.`);
  assert.equal(await press('ArrowLeft'), `${describe(children[0])}. The first child.`);
  for (const child of children.slice(1)) assert.equal(await press('ArrowRight'), `${describe(child)}.`);
  assert.equal(await press('ArrowRight'), `${describe(children.at(-1))}. The last child.`);
  assert.equal(await press('ArrowLeft'), `${describe(children.at(-2))}.`);
  assert.equal(await press('ArrowUp'), `${describe(root)}.`);
  assert.deepEqual((await state(page)).lastEvent, before.lastEvent, 'the arrows in the tree do not step the search');
  assert.equal(await page.locator('tile-search .selection').isVisible(), false, 'moving the selection does not open the board');
  // Enter shows the selected node's board.
  await press('ArrowDown');
  await press('ArrowRight');
  await page.keyboard.press('Enter');
  const selected = page.locator('tile-search .selection');
  await selected.waitFor();
  const child = children[1];
  assert.match(await selected.locator('p').textContent(), new RegExp(`^Node #${child.id} slid ${child.tile}, (visited|pruned): g 1, h ${child.h}, f ${child.f}`));
  assert.match(await selected.locator('.board').getAttribute('aria-label'), new RegExp(`tile ${child.tile} just slid$`));
  assert.ok(await ringBox(page), 'the selected node has a visible ring');
  await screenshot(page, '06-tree-keyboard');
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a phone (390×844, touch) a one-finger vertical swipe over the tree scrolls the page; two fingers pan the tree', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  context.setDefaultTimeout(WAIT_MS);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  await page.goto(server.url);
  await page.waitForFunction(() => document.querySelector('tile-search')?.state.status === 'ready');
  await page.locator('tile-search').evaluate((element) => { for (let i = 0; i < 30; i += 1) element.step(); });
  const canvas = page.locator('tile-search canvas.tree');
  await canvas.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.waitForTimeout(300);
  // devicePixelRatio 2: the canvas has two pixels per CSS pixel.
  assert.deepEqual(await canvas.evaluate((c) => [c.width, c.height]), await canvas.evaluate((c) => [2 * c.clientWidth, 2 * c.clientHeight]));
  assert.equal(await canvas.evaluate((c) => getComputedStyle(c).touchAction), 'pan-y');
  const box = await canvas.boundingBox();
  const cdp = await context.newCDPSession(page);
  const touch = (type, points) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
  const x = box.x + box.width / 2, y = box.y + box.height * 0.7;
  const scrolled = await page.evaluate(() => scrollY);
  const room = await page.evaluate(() => document.scrollingElement.scrollHeight - innerHeight - scrollY);
  assert.ok(room >= 100, `the page can scroll on (${room} px left)`);
  await touch('touchStart', [[x, y]]);
  for (let i = 1; i <= 10; i += 1) await touch('touchMove', [[x, y - 25 * i]]);
  await touch('touchEnd', []);
  // The scroll (and any fling) settles: scrollY unchanged over 200 ms. A busy machine's
  // compositor may take part of the swipe as slop, so the swipe of 250 px must move the page by
  // a good part of it, not by an exact amount; a tree that took the gesture
  // (touch-action none) would leave it at 0.
  let after = await page.evaluate(() => scrollY);
  for (let i = 0; i < 25; i += 1) {
    await page.waitForTimeout(200);
    const now = await page.evaluate(() => scrollY);
    if (now === after) break;
    after = now;
  }
  assert.ok(after - scrolled >= 50, `the page scrolled by ${after - scrolled} px under a one-finger swipe up`);
  // Two fingers: the tree pans with them (the selected node's ring moves), the page stays.
  await canvas.focus();
  await page.keyboard.press('Home');
  const ring = await ringBox(page);
  await canvas.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const settled = await page.evaluate(() => scrollY);
  const moved = await ringBox(page);
  const base = await canvas.boundingBox();
  const [ax, ay] = [base.x + base.width / 2 - 40, base.y + base.height / 2];
  await touch('touchStart', [[ax, ay], [ax + 80, ay]]);
  for (let i = 1; i <= 6; i += 1) await touch('touchMove', [[ax + 10 * i, ay + 5 * i], [ax + 80 + 10 * i, ay + 5 * i]]);
  await touch('touchEnd', []);
  const panned = await ringBox(page);
  assert.ok(ring && moved && panned, 'the root is in view');
  assert.ok(Math.abs(panned.x - moved.x - 60) < 2 && Math.abs(panned.y - moved.y - 30) < 2,
    `two fingers moved by (60, 30) moved the tree by (${panned.x - moved.x}, ${panned.y - moved.y})`);
  assert.equal(await page.evaluate(() => scrollY), settled, 'two fingers do not scroll the page');
  await screenshot(page, '07-phone-tree');
  assert.deepEqual(errors, []);
  await context.close();
});
