// Never freezes: a Korf 15-puzzle runs in the worker, in time slices, while the page animates.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, launch, openExplorer, screenshot, state, waitForState, longTasksDuring, ARTIFACTS } from './server.mjs';

// The short Korf #12 run comes first: right after a page that drew millions of events is
// closed, its teardown competes for the CPU and can stretch a task of the next page.
let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const button = (page, name) => page.getByRole('button', { name, exact: true });
// Korf's instance #1 (57 moves; hundreds of millions of nodes: it runs until paused).
const KORF_1 = '13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2';

/** Starts counting animation frames in the page (again from none when called again). */
const watchFrames = (page) => page.evaluate(() => {
  window.frames = [];
  if (window.countingFrames) return;
  window.countingFrames = true;
  const count = (time) => { window.frames.push(time); requestAnimationFrame(count); };
  requestAnimationFrame(count);
});

test("Korf's #12 solves in the worker with 45 moves, and Next iteration streams one iteration", async () => {
  const { page, context, errors } = await openExplorer(browser, `${server.url}#board=14+1+9+6+4+8+12+5+7+2+3+0+10+11+13+15&goal=blank-first`);
  await button(page, 'Next iteration').click();
  let s = await waitForState(page, (st) => st.status === 'paused' && st.lastEvent?.type === 'raise');
  assert.equal(s.iteration, 1);
  await page.locator('tile-search').evaluate((element) => { element.speed = 'max'; });
  const longTasks = await longTasksDuring(page, async (attempt) => {
    if (attempt > 1) {
      // From the start again: Reset, then the first iteration.
      await button(page, 'Reset').click();
      await button(page, 'Next iteration').click();
      await waitForState(page, (st) => st.status === 'paused' && st.lastEvent?.type === 'raise');
    }
    await button(page, 'Run').click();
    s = await waitForState(page, (st) => st.status === 'solved', 120000);
    assert.equal(s.solution.length, 45);
  });
  assert.deepEqual(longTasks, [], 'no task over 50 ms on the main thread');
  const rows = await page.locator('tile-search table.timeline tbody tr').count();
  assert.equal(rows, s.iteration);
  await page.waitForTimeout(300);
  await screenshot(page, '08-korf12-solved');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a Korf 15-puzzle runs in the worker: no long task, the page keeps animating, Pause stops it at once', async () => {
  const { page, context, errors } = await openExplorer(browser, `${server.url}#board=${KORF_1.replaceAll(' ', '+')}&heuristic=manhattan&goal=blank-last`);
  await page.locator('tile-search').evaluate((element) => { element.speed = 'max'; });
  const boards = new Set();
  await button(page, 'Run').click();
  let measured;
  // Four seconds of the run, watched again (the run goes on) if the machine stalled the page.
  const longTasks = await longTasksDuring(page, async () => {
    await watchFrames(page);
    const started = Date.now();
    while (Date.now() - started < 4000) {
      boards.add(await page.locator('tile-search .board-host .board').getAttribute('aria-label'));
      await page.waitForTimeout(100);
    }
    measured = await page.evaluate(() => {
      const frames = window.frames.filter((t) => t >= window.frames[0]);
      const gaps = frames.slice(1).map((t, i) => t - frames[i]);
      return { fps: (frames.length - 1) / ((frames.at(-1) - frames[0]) / 1000), worstFrameMs: Math.max(...gaps) };
    });
  });
  measured.longTasks = longTasks;
  const progress = await page.locator('tile-search .progress').textContent();
  assert.match(progress, /^Running \(full speed, in a worker\): threshold \d+, iteration \d+, [\d,]+ nodes \(visited \+ pruned\), [\d,]+ nodes\/s\.$/);
  // Measured before the screenshot, whose full-page capture is itself a long task.
  await screenshot(page, '07-korf-running');

  // Pause takes effect at once: the state stops changing.
  const pausedIn = await page.evaluate(() => {
    const element = document.querySelector('tile-search');
    const t0 = performance.now();
    element.shadowRoot.querySelector('[data-action="pause"]').click();
    return { ms: performance.now() - t0, status: element.state.status };
  });
  assert.equal(pausedIn.status, 'paused');
  assert.ok(pausedIn.ms < 100, `Pause took ${pausedIn.ms} ms`);
  const paused = await state(page);
  await page.waitForTimeout(500);
  assert.deepEqual(await state(page), paused, 'nothing changes after Pause');

  const nodes = Number(progress.match(/([\d,]+) nodes \(visited/)[1].replaceAll(',', ''));
  const rate = Number(progress.match(/([\d,]+) nodes\/s/)[1].replaceAll(',', ''));
  console.log(`# Korf #1 at full speed for 4 s: ${nodes} nodes, ${rate} nodes/s drawn; ${measured.fps.toFixed(1)} frames/s, ` +
    `worst frame gap ${measured.worstFrameMs.toFixed(1)} ms, long tasks: ${JSON.stringify(measured.longTasks)}`);
  assert.deepEqual(measured.longTasks, [], 'no task over 50 ms on the main thread');
  assert.ok(measured.fps > 30, `the page kept animating (${measured.fps} frames/s)`);
  assert.ok(boards.size > 5, `the board moved during the run (${boards.size} boards seen)`);
  assert.ok(paused.expanded > 100000, `the run did real work (${paused.expanded} expanded)`);

  // The page's Solver is exactly where the worker's stream was drawn: Step continues from there.
  // The iteration's first 50,000 nodes are drawn, the rest counted (the tree says so in words).
  const tree = await page.locator('tile-search .tree-note').textContent();
  assert.equal(paused.tree.drawn, Math.min(50000, paused.tree.nodes));
  if (paused.tree.nodes > 50000) assert.match(tree, /The first 50,000 nodes are drawn; the other [\d,]+ are counted only/);
  const pausedAt = await page.locator('tile-search .progress').textContent();
  const shownNodes = Number(pausedAt.match(/^Paused after ([\d,]+) nodes\.$/)[1].replaceAll(',', ''));
  const next = await page.locator('tile-search').evaluate((element) => {
    for (;;) { const event = element.step(); if (event.type === 'node' || event.type === 'prune') return event; }
  });
  assert.equal(next.id, shownNodes, 'ids count nodes: the next node is the first one not yet drawn');
  assert.deepEqual(errors, []);
  await context.close();
});

test("the tree while Korf's #1 streams at full speed: every node up to 50,000 drawn, the page keeps its frame rate", async () => {
  // Korf's own convention (tests/data/korf100-blank-first.txt, first line).
  const board = '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3';
  const { page, context, errors } = await openExplorer(browser, `${server.url}#board=${board.replaceAll(' ', '+')}&heuristic=manhattan&goal=blank-first`,
    { viewport: { width: 1280, height: 720 } });
  await page.locator('tile-search .tree-frame').scrollIntoViewIfNeeded();
  await page.locator('tile-search').evaluate((element) => { element.speed = 'max'; });
  await button(page, 'Run').click();
  let measured;
  const longTasks = await longTasksDuring(page, async () => {
    await watchFrames(page);
    await page.waitForTimeout(3000);
    measured = await page.evaluate(() => {
      const frames = window.frames.filter((t) => t >= window.frames[0]);
      const gaps = frames.slice(1).map((t, i) => t - frames[i]);
      return { fps: (frames.length - 1) / ((frames.at(-1) - frames[0]) / 1000), worstFrameMs: Math.max(...gaps), frames: frames.length };
    });
  });
  const s = await state(page);
  const progress = await page.locator('tile-search .progress').textContent();
  const rate = Number(progress.match(/([\d,]+) nodes\/s/)?.[1].replaceAll(',', '') ?? NaN);
  console.log(`# Korf #1 (blank-first) streaming for 3 s: ${rate} nodes/s; ${measured.fps.toFixed(1)} frames/s (${measured.frames} frames), ` +
    `worst frame gap ${measured.worstFrameMs.toFixed(1)} ms; long tasks ${JSON.stringify(longTasks)}; tree ${JSON.stringify(s.tree)}`);
  await page.locator('tile-search').evaluate((element) => element.pause());
  assert.deepEqual(longTasks, [], 'no task over 50 ms on the main thread');
  assert.ok(measured.fps > 30, `the page kept animating (${measured.fps} frames/s)`);
  assert.equal(s.tree.iteration, s.iteration);
  assert.equal(s.tree.drawn, Math.min(50000, s.tree.nodes), 'every node drawn up to 50,000');
  await page.getByRole('button', { name: 'Fit tree', exact: true }).click();
  await page.waitForTimeout(300);
  await page.locator('tile-search .tree-panel').screenshot({ path: join(ARTIFACTS, '09-korf1-tree-fit.png') });
  assert.deepEqual(errors, []);
  await context.close();
});
