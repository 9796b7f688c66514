// Never freezes: a Korf 15-puzzle runs in the worker while the page animates. Asserted by what
// happened, not by how long it took: the worker got the job, every event the page showed came
// from it, and the page drew frames while it streamed. The frame rates are printed (figures, not
// checks; a busy machine lowers them); the benchmarks measure speed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, launch, openExplorer, screenshot, state, waitForState, watchMainThread, mainThread, postedToWorkers, fromWorkers,
  watchLongTasks, ARTIFACTS, treeNote } from './server.mjs';
import { RECORD_WORDS } from '../../www/model/trace-records.js';

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const button = (page, name) => page.getByRole('button', { name, exact: true });
// Korf's instance #1 (57 moves; hundreds of millions of nodes: it runs until paused).
const KORF_1 = '13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2';
// A stream runs at most this many batches ahead of what the widget drew (pool-streams.js), and
// the widget draws right after animation frames: so the page drew a frame per CREDITS batches.
const CREDITS = 5;

/**
 * The run was the worker's and the page stayed free to draw: the worker got the job, sent every
 * event the widget shows, and the page drew at least one frame per CREDITS batches (a search on
 * the page's own thread would have drawn none).
 */
function assertStreamedByWorker(watch, shown) {
  const batches = fromWorkers(watch, 'batch', RECORD_WORDS);
  assert.ok(postedToWorkers(watch, 'start') >= 1, 'the worker got the search');
  assert.ok(batches.events >= shown, `the page showed ${shown} events, all from the worker (${batches.events} received)`);
  // (Less 3: the feeds just before the first batch and after the last, and the first credits.)
  assert.ok(batches.framesBetween >= batches.messages / CREDITS - 3,
    `${batches.framesBetween} frames drawn while ${batches.messages} batches came in`);
  return batches;
}

/** Frames per second and the worst gap since `watchFrames` (figures to print). */
const frameFigures = (page) => page.evaluate(() => {
  const frames = window.frameTimes;
  const gaps = frames.slice(1).map((t, i) => t - frames[i]);
  return { fps: (frames.length - 1) / ((frames.at(-1) - frames[0]) / 1000), worstFrameMs: Math.max(...gaps), frames: frames.length };
});

/** Starts recording animation frames' times in the page (again from none when called again). */
const watchFrames = (page) => page.evaluate(() => {
  window.frameTimes = [];
  if (window.timingFrames) return;
  window.timingFrames = true;
  const count = (time) => { window.frameTimes.push(time); requestAnimationFrame(count); };
  requestAnimationFrame(count);
});

test("Korf's #12 solves in the worker with 45 moves, and Next iteration streams one iteration", async () => {
  const { page, context, errors } = await openExplorer(browser, `${server.url}#board=14+1+9+6+4+8+12+5+7+2+3+0+10+11+13+15&goal=blank-first`,
    { init: watchMainThread });
  await button(page, 'Next iteration').click();
  let s = await waitForState(page, (st) => st.status === 'paused' && st.lastEvent?.type === 'raise');
  assert.equal(s.iteration, 1);
  await page.locator('tile-search').evaluate((element) => { element.speed = 'max'; });
  await button(page, 'Run').click();
  s = await waitForState(page, (st) => st.status === 'solved', 120000);
  assert.equal(s.solution.length, 45);
  const batches = assertStreamedByWorker(await mainThread(page), s.position);
  console.log(`# Korf #12: ${s.position} events in ${batches.messages} batches from the worker, ${batches.framesBetween} frames drawn meanwhile`);
  const rows = await page.locator('tile-search table.timeline tbody tr').count();
  assert.equal(rows, s.iteration);
  await screenshot(page, '08-korf12-solved');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a Korf 15-puzzle runs in the worker while the page keeps drawing; Pause stops it at once', async () => {
  const { page, context, errors } = await openExplorer(browser, `${server.url}#board=${KORF_1.replaceAll(' ', '+')}&heuristic=manhattan&goal=blank-last`,
    { init: watchMainThread });
  await page.locator('tile-search').evaluate((element) => { element.speed = 'max'; });
  const boards = new Set();
  await watchLongTasks(page);
  await watchFrames(page);
  await button(page, 'Run').click();
  // Until the run has done real work and the board has moved, however long that takes here.
  for (let s = await state(page), end = Date.now() + 120000; boards.size <= 5 || s.expanded <= 100000; s = await state(page)) {
    assert.ok(s.status === 'running' && Date.now() < end, `still running: ${s.status}, ${boards.size} boards, ${s.expanded} expanded`);
    boards.add(await page.locator('tile-search .board-host .board').getAttribute('aria-label'));
  }
  const measured = await frameFigures(page);
  const progress = await page.locator('tile-search .progress').textContent();
  assert.match(progress, /^Running \(full speed, in a worker\): threshold \d+, iteration \d+, [\d,]+ nodes \(visited \+ pruned\), [\d,]+ nodes\/s\.$/);
  await screenshot(page, '07-korf-running', { fullPage: false });

  // Pause takes effect at once: paused when the click returns, and the state stops changing.
  const pausedIn = await page.evaluate(() => {
    const element = document.querySelector('tile-search');
    const t0 = performance.now();
    element.shadowRoot.querySelector('[data-action="pause"]').click();
    return { ms: performance.now() - t0, status: element.state.status };
  });
  assert.equal(pausedIn.status, 'paused');
  const paused = await state(page);
  await page.waitForTimeout(500);
  assert.deepEqual(await state(page), paused, 'nothing changes after Pause');
  const batches = assertStreamedByWorker(await mainThread(page), paused.position);

  const nodes = Number(progress.match(/([\d,]+) nodes \(visited/)[1].replaceAll(',', ''));
  const rate = Number(progress.match(/([\d,]+) nodes\/s/)[1].replaceAll(',', ''));
  const longTasks = await page.evaluate(() => window.longTasks);
  console.log(`# Korf #1 at full speed: ${nodes} nodes, ${rate} nodes/s drawn; ${measured.fps.toFixed(1)} frames/s over ${measured.frames} frames, ` +
    `worst frame gap ${measured.worstFrameMs.toFixed(1)} ms, long tasks: ${JSON.stringify(longTasks)}; ${batches.messages} batches, ` +
    `${batches.framesBetween} frames between the first and the last; Pause took ${pausedIn.ms.toFixed(1)} ms`);
  assert.ok(boards.size > 5, `the board moved during the run (${boards.size} boards seen)`);
  assert.ok(paused.expanded > 100000, `the run did real work (${paused.expanded} expanded)`);

  // The page's Solver is exactly where the worker's stream was drawn: Step continues from there.
  // The iteration's first 50,000 nodes are drawn, the rest counted (the tree says so in words).
  assert.equal(paused.tree.drawn, Math.min(50000, paused.tree.nodes));
  if (paused.tree.nodes > 50000) await treeNote(page, /The first 50,000 nodes are drawn; the other [\d,]+ are counted only/);
  // (Drawn in the next frame, which a busy machine delays.)
  await page.waitForFunction(() => /^Paused after [\d,]+ nodes\.$/.test(document.querySelector('tile-search').shadowRoot.querySelector('.progress').textContent));
  const pausedAt = await page.locator('tile-search .progress').textContent();
  const shownNodes = Number(pausedAt.match(/^Paused after ([\d,]+) nodes\.$/)[1].replaceAll(',', ''));
  const next = await page.locator('tile-search').evaluate((element) => {
    for (;;) { const event = element.step(); if (event.type === 'node' || event.type === 'prune') return event; }
  });
  assert.equal(next.id, shownNodes, 'ids count nodes: the next node is the first one not yet drawn');
  assert.deepEqual(errors, []);
  await context.close();
});

test("the tree while Korf's #1 streams at full speed: every node up to 50,000 drawn while the page keeps drawing frames", async () => {
  // Korf's own convention (tests/data/korf100-blank-first.txt, first line).
  const board = '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3';
  const { page, context, errors } = await openExplorer(browser, `${server.url}#board=${board.replaceAll(' ', '+')}&heuristic=manhattan&goal=blank-first`,
    { viewport: { width: 1280, height: 720 }, init: watchMainThread });
  await page.locator('tile-search .tree-frame').scrollIntoViewIfNeeded();
  await page.locator('tile-search').evaluate((element) => { element.speed = 'max'; });
  await watchLongTasks(page);
  await watchFrames(page);
  await button(page, 'Run').click();
  // Until an iteration has more nodes than the tree draws.
  await waitForState(page, (st) => st.tree.nodes > 60000, 120000);
  const measured = await frameFigures(page);
  await page.locator('tile-search').evaluate((element) => element.pause());
  const s = await state(page);
  const batches = assertStreamedByWorker(await mainThread(page), s.position);
  const longTasks = await page.evaluate(() => window.longTasks);
  console.log(`# Korf #1 (blank-first) streaming: ${measured.fps.toFixed(1)} frames/s (${measured.frames} frames), ` +
    `worst frame gap ${measured.worstFrameMs.toFixed(1)} ms; long tasks ${JSON.stringify(longTasks)}; ${batches.messages} batches; tree ${JSON.stringify(s.tree)}`);
  assert.equal(s.tree.iteration, s.iteration);
  assert.equal(s.tree.drawn, Math.min(50000, s.tree.nodes), 'every node drawn up to 50,000');
  await page.getByRole('button', { name: 'Fit tree', exact: true }).click();
  await page.waitForTimeout(300);
  await page.locator('tile-search .tree-panel').screenshot({ path: join(ARTIFACTS, '09-korf1-tree-fit.png') });
  assert.deepEqual(errors, []);
  await context.close();
});
