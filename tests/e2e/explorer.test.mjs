// Stepping through IDA* on the lecture's boards: every control and key does what it says.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, launch, openExplorer, screenshot, state, waitForState, boardLabel, settle, ARTIFACTS } from './server.mjs';

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
  // Pruned children are ghost leaves labelled "f 21 > 19"; the current path is marked.
  const tree = page.locator('tile-search svg.tree');
  const ghosts = await tree.locator('g.node.prune').allTextContents();
  assert.ok(ghosts.length > 0 && ghosts.every((text) => /f \d+ > 19$/.test(text)), ghosts.join('|'));
  assert.ok((await tree.locator('g.node.current').textContent()).startsWith('▶'));
  const prune = reference.findLast((e) => e.type === 'prune');
  const narration = await page.locator('tile-search .narration').textContent();
  if (s.lastEvent.type === 'prune') assert.match(narration, new RegExp(`f = ${prune.g} \\+ ${prune.h} = ${prune.f} > threshold 19: pruned, next threshold at most \\d+`));
  // Clicking a tree node shows its board (the core's boardAfter of the path to it).
  await tree.locator('g.node.node').nth(1).click();
  const selected = page.locator('tile-search .selection');
  assert.equal(await selected.isVisible(), true);
  assert.match(await selected.locator('p').textContent(), /^Node \d+, visited: g 1, h \d+, f \d+\. Moves from the start: \d+\.$/);
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
      tree: [...root.querySelectorAll('svg.tree g.node')].map((g) => `${g.dataset.key}:${g.getAttribute('class')}:${g.textContent}`).sort(),
      timeline: root.querySelector('table.timeline tbody').textContent };
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
  await button(page, 'Next iteration').click();
  let s = await waitForState(page, (st) => st.lastEvent?.type === 'raise' && st.status === 'paused');
  assert.deepEqual(s.lastEvent, { type: 'raise', from: 17, to: 19 });
  await button(page, 'Next iteration').click();
  s = await waitForState(page, (st) => st.lastEvent?.type === 'raise' && st.lastEvent.from === 19 && st.status === 'paused');
  assert.deepEqual(s.lastEvent, { type: 'raise', from: 19, to: 21 });
  assert.equal(await page.locator('tile-search table.timeline tbody tr').count(), 2);

  // Run at the default speed (4 events/s): events arrive one by one until Pause.
  const generatedBefore = s.generated;
  await button(page, 'Run').click();
  assert.equal((await state(page)).status, 'running');
  await page.waitForTimeout(1600);
  await button(page, 'Pause').click();
  s = await state(page);
  assert.equal(s.status, 'paused');
  assert.ok(s.generated > generatedBefore, 'Run advanced the search');
  const lastEvent = s.lastEvent;
  await page.waitForTimeout(600);
  assert.deepEqual((await state(page)).lastEvent, lastEvent, 'nothing happens after Pause');

  await button(page, 'Reset').click();
  s = await state(page);
  assert.deepEqual({ status: s.status, lastEvent: s.lastEvent, expanded: s.expanded, generated: s.generated, threshold: s.threshold },
    { status: 'ready', lastEvent: null, expanded: 0, generated: 0, threshold: null });
  await page.waitForFunction(() => document.querySelector('tile-search').shadowRoot.querySelectorAll('svg.tree g.node').length === 0);
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
  const tree = page.locator('tile-search svg.tree');
  await page.waitForFunction(() => document.querySelector('tile-search').shadowRoot.querySelectorAll('svg.tree g.node.solution').length === 26);
  assert.equal(await tree.locator('g.node.solution').count(), 26, 'root and 25 moves starred');
  assert.match(await page.locator('tile-search .tree-note').textContent(), /beyond the budget of 300, finished subtrees are collapsed/);
  await settle(page);
  await screenshot(page, '03-solved');
  // Finished subtrees beyond the budget are drawn as collapsed ⋯ leaves with their counts.
  assert.ok(await tree.locator('g.node.collapsed').count() > 0);
  assert.match(await tree.locator('g.node.collapsed').first().textContent(), /^⋯ [\d,]+ nodesfinished$/);
  await button(page, 'Fit tree').click();
  await page.waitForTimeout(100);
  await tree.screenshot({ path: join(ARTIFACTS, '03b-solved-tree-fit.png') });

  // Play the solution: the board walks from the start to the goal, move by move.
  await page.locator('tile-search').evaluate((element) => { element.speed = 1000; });
  await button(page, 'Play solution').click();
  await page.waitForFunction(() => /Solution move 10 of 25/.test(document.querySelector('tile-search').shadowRoot.querySelector('.playback').textContent));
  await screenshot(page, '04-playing-solution');
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
