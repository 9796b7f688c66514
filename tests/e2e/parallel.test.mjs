// The parallel IDA* in the real page: solveInParallel and the element's Solve now (solve())
// return the sequential Solver's summary (the same solution and every iteration's counts) on
// 8- and 15-puzzles; the page never runs more workers than cores with widgets streaming beside
// a parallel search, and those widgets keep advancing; a search abandoned mid-way (Reset, new
// options, the widget removed) rejects with an AbortError and leaves the pool working; bad
// input is named. Screens of Solve now at 1280×720 and 390×844.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../../scripts/serve.mjs';
import { startServer, launch, openExplorer, screenshot, state, waitForState, settle, WAIT_MS, variant, watchMainThread, mainThread, postedToWorkers, treeNote } from './server.mjs';

let server, isolatedServer, browser;
before(async () => {
  server = await startServer();
  // As `make serve` serves it: the workers on one memory, searching as one team.
  isolatedServer = await serve({ port: 0, isolated: () => true });
  browser = await launch();
});
after(async () => { await browser?.close(); await server?.close(); await isolatedServer?.close(); });

const button = (page, name) => page.getByRole('button', { name, exact: true });
const KORF_94 = '14 12 15 10 1 13 4 6 3 7 2 0 8 5 9 11';  // 53 moves, 1.3 M generated with Manhattan (blank last)
const KORF_57 = '2 13 9 15 6 1 14 8 0 4 3 12 7 10 5 11';   // 50 moves, 6.2 M generated
const KORF_17 = '4 6 14 13 7 8 11 9 3 10 15 5 12 0 2 1';   // 66 moves, 762 M generated: long enough to abandon
const KORF_1 = '13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2';    // runs for minutes at full speed: a widget that streams on

/**
 * The sequential Solver's run() and solveInParallel's summary for each case, with 1 and every
 * worker, in the page: the workers alone (onPage: false); with `onPage`, once more as Solve now
 * runs it (the page searching first, then handing over), marked `onPage`.
 */
const compare = (page, cases, { onPage = false } = {}) => page.evaluate(async ({ cases, onPage }) => {
  const core = await import('/www/pkg/tilesearch.js');
  const { solveInParallel, MAX_WORKERS } = await import('/www/workers/parallel-search.js');
  await core.default();
  const out = [];
  for (const options of cases) {
    const solver = new core.Solver(options);
    const sequential = solver.run();
    solver.free();
    for (const workers of [...new Set([1, MAX_WORKERS])]) {
      const parallel = await solveInParallel(options, { workers, onPage: false });
      out.push({ options, workers, sequential, summary: parallel.summary, balance: parallel.balance, packets: parallel.packets, onPage: parallel.onPage });
    }
    if (onPage) {
      const { summary, balance, packets, workers, onPage: answered, seconds, searchSeconds, pageSeconds } = await solveInParallel(options);
      out.push({ options, workers, sequential, summary, balance, packets, onPage: answered, seconds, searchSeconds, pageSeconds, settings: 'default' });
    }
  }
  return out;
}, { cases, onPage });

test('solveInParallel returns the sequential summary (solution and every iteration) on 8- and 15-puzzles, with 1 and all workers', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const all = await compare(page, [
    { board: '6 4 5 8 2 7 1 0 3', heuristic: 'manhattan' },
    { board: '8 6 7 2 5 4 3 0 1', heuristic: 'linear-conflict', order: 'udlr' },
    { board: '1 2 3 4 0 6 7 5 8' },
    { board: '1 2 3 4 5 6 7 8 0' },
    { board: '0 1 2 3 4 5 6 7 8', goal: 'blank-first', heuristic: 'hamming' },
    { board: KORF_94, heuristic: 'manhattan' },
    { board: KORF_57, heuristic: 'manhattan', order: 'durl' },
    { board: '5 7 11 8 0 14 9 13 10 12 3 15 6 1 4 2', heuristic: 'linear-conflict', goal: 'blank-first', order: 'udlr' },
  ], { onPage: true });
  const results = all.filter((r) => !r.settings);
  for (const { options, workers, sequential, summary, balance, packets, onPage } of results) {
    const name = `${JSON.stringify(options)} on ${workers} worker${workers === 1 ? '' : 's'}`;
    assert.deepEqual(summary, sequential, name);
    assert.equal(onPage, false, name);
    assert.equal(balance.length, workers, name);
    assert.equal(balance.reduce((sum, b) => sum + b.packets, 0) + packets.dropped + packets.leftover, packets.sent, name);
  }
  const korf = results.filter((r) => r.options.board === KORF_57);
  console.log(`# Korf #57 (Manhattan, order durl), ${cores} cores: ${korf.map((r) => `${r.workers} worker(s): ${r.packets.sent} packets, ` +
    r.balance.map((b) => `w${b.worker} ${b.packets} packets ${(b.memory / 2 ** 20).toFixed(1)} MiB`).join(', ')).join('; ')}`);
  // With every core, the 15-puzzle's packets are spread over all the workers.
  assert.ok(korf.at(-1).balance.every((b) => b.packets > 0), 'every worker searched packets');
  assert.ok(korf.at(-1).balance.every((b) => b.memory > 0), 'each worker reports its wasm memory');
  // As Solve now runs it: the same summary; a small search found by the page itself, with no
  // worker's part; Korf #57 (seconds) by the workers.
  for (const { options, sequential, summary, balance, packets, workers, onPage, seconds, searchSeconds, pageSeconds } of all.filter((r) => r.settings)) {
    const name = `${JSON.stringify(options)}, the page searching first`;
    assert.deepEqual(summary, sequential, name);
    if (onPage) {
      assert.equal(workers, 0, name);
      assert.deepEqual(balance, [], name);
      assert.deepEqual(packets, { sent: 0, skipped: 0, dropped: 0, wasted: 0, leftover: 0, whole: 0, ahead: 0, split: 0, iterations: sequential.iteration }, name);
      assert.equal(searchSeconds, seconds, name);
      assert.equal(pageSeconds, seconds, name);
    } else {
      // The page searched first, then handed over: its part is in the search's time.
      assert.ok(pageSeconds > 0 && pageSeconds < searchSeconds, `${name}: ${pageSeconds} s of ${searchSeconds} s on the page`);
      assert.equal(workers, cores, name);
      assert.equal(balance.length, cores, name);
    }
    // The page's first slice (4,096 nodes) always runs, whatever the machine's load.
    const nodes = sequential.iterations.reduce((sum, i) => sum + i.visited + i.pruned, 0);
    if (nodes <= 4096) assert.equal(onPage, true, `${name}: ${nodes} nodes, found on the page`);
    if (options.board === KORF_57) assert.equal(onPage, false, `${name}: found by the workers`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('split only what is worth it, led from a worker: a small search runs whole in one worker, a large one is split at its large iterations; the page sends no packet', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url, { init: watchMainThread });
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const before = await mainThread(page);
  const results = await compare(page, [{ board: '8 6 7 2 5 4 3 0 1', heuristic: 'manhattan' }, { board: '1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15', heuristic: 'linear-conflict' }, { board: KORF_57, heuristic: 'manhattan' }]);
  const watch = await mainThread(page);
  for (const { options, workers, sequential, summary, packets, balance } of results) {
    const name = `${JSON.stringify(options)} on ${workers} worker${workers === 1 ? '' : 's'}`;
    assert.deepEqual(summary, sequential, name);
    assert.equal(packets.iterations, sequential.iteration, name);
    // Every iteration not split was searched whole by the leading worker, at once.
    assert.equal(packets.whole, sequential.iteration - packets.split, name);
    if (workers === 1 || options.board !== KORF_57) {
      // Never split: one packet per iteration, all searched by the leading worker.
      assert.equal(packets.split, 0, name);
      assert.equal(packets.ahead, 0, name);
      assert.equal(packets.sent, sequential.iteration, name);
      assert.deepEqual(balance.map((b) => b.packets), [sequential.iteration, ...Array(workers - 1).fill(0)], name);
    } else {
      // Korf #57: its first iterations whole, its large ones split over every worker.
      assert.ok(packets.split >= 1 && packets.split < sequential.iteration, `${name}: ${packets.split} of ${sequential.iteration} iterations split`);
      assert.ok(balance.every((b) => b.packets > 0), `${name}: every worker searched packets`);
      // Its iteration 7, predicted 2.4 M nodes (under AHEAD_BELOW), begun by the leading worker
      // alone: its first packets, in order, to 131,072 nodes; iteration 8 (14.5 M) dealt at once.
      assert.equal(packets.ahead, 43, name);
    }
  }
  // The page started each search with one message to its leading worker and sent no packet:
  // the workers deal them out, over lines made once per pair of workers.
  const searches = results.length;
  assert.equal(postedToWorkers(watch, 'lead') - postedToWorkers(before, 'lead'), searches);
  const teamed = results.filter((r) => r.workers > 1).length;
  const lines = postedToWorkers(watch, 'peer') - postedToWorkers(before, 'peer');
  assert.ok(lines <= 2 * (cores - 1) * teamed, `${lines} ends of lines posted for ${teamed} searches on ${cores} workers`);
  assert.equal(postedToWorkers(watch, 'packets'), 0);
  assert.equal(watch.received.filter((m) => m.type === 'lead-result').length, searches);
  assert.equal(watch.received.filter((m) => m.type === 'packet-replies').length, 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('bad input is named: options, workers and searches without a parallel version reject with specific errors', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  const rejections = await page.evaluate(async () => {
    const { solveInParallel, MAX_WORKERS } = await import('/www/workers/parallel-search.js');
    const reason = async (promise) => {
      try { await promise; return 'resolved'; } catch (error) { return `${error.name}${error.kind ? ` (${error.kind})` : ''}: ${error.message}`; }
    };
    return {
      cores: MAX_WORKERS,
      unsolvable: await reason(solveInParallel({ board: '2 1 3 4 5 6 7 8 0' })),
      duplicate: await reason(solveInParallel({ board: '1 1 3 4 5 6 7 8 0' })),
      heuristic: await reason(solveInParallel({ board: '1 2 3 4 5 6 7 0 8', heuristic: 'euclid' })),
      order: await reason(solveInParallel({ board: '1 2 3 4 5 6 7 0 8', order: 'lrux' })),
      pdbOn3: await reason(solveInParallel({ board: '1 2 3 4 5 6 7 0 8', heuristic: 'pdb' })),
      zero: await reason(solveInParallel({ board: '1 2 3 4 5 6 7 0 8' }, { workers: 0 })),
      many: await reason(solveInParallel({ board: '1 2 3 4 5 6 7 0 8' }, { workers: MAX_WORKERS + 1 })),
      text: await reason(solveInParallel({ board: '1 2 3 4 5 6 7 0 8' }, { workers: '2' })),
      bfs: await reason(solveInParallel({ board: '1 2 3 4 5 6 7 0 8', algorithm: 'bfs' })),
      onPage: await reason(solveInParallel({ board: '1 2 3 4 5 6 7 0 8' }, { onPage: 'yes' })),
      // The workers alone: the coordinator's check names a bad option, as the page's Solver does.
      duplicateWorkersAlone: await reason(solveInParallel({ board: '1 1 3 4 5 6 7 8 0' }, { onPage: false })),
      orderWorkersAlone: await reason(solveInParallel({ board: '1 2 3 4 5 6 7 0 8', order: 'lrux' }, { onPage: false })),
      none: await reason(solveInParallel(null)),
      aborted: await reason(solveInParallel({ board: '1 2 3 4 5 6 7 0 8' }, { signal: AbortSignal.abort(new DOMException('gone', 'AbortError')) })),
      after: (await solveInParallel({ board: '1 2 3 4 5 6 7 0 8' })).summary.length,
    };
  });
  assert.match(rejections.unsolvable, /^TileSearchError \(unsolvable\): this board is unsolvable: it has 1 inversion/);
  assert.match(rejections.duplicate, /^TileSearchError \(duplicate-tile\): tile 1 appears twice/);
  assert.match(rejections.heuristic, /^TileSearchError \(unknown-heuristic\): unknown heuristic "euclid": choose hamming, manhattan/);
  assert.match(rejections.order, /^TileSearchError \(invalid-option\): order "lrux" is not an order of the blank's moves/);
  assert.match(rejections.pdbOn3, /^TileSearchError \(pdb-width\): the pdb heuristic \(pattern databases\) is for the 4×4 board, not 3×3/);
  const range = `workers must be a whole number from 1 to ${rejections.cores} \\(one per core of this device\\)`;
  assert.match(rejections.zero, new RegExp(`^RangeError: ${range}, not 0$`));
  assert.match(rejections.many, new RegExp(`^RangeError: ${range}, not ${rejections.cores + 1}$`));
  assert.match(rejections.text, new RegExp(`^RangeError: ${range}, not "2"$`));
  assert.equal(rejections.bfs, 'Error: the parallel search is IDA*\'s: algorithm "bfs" has no parallel version (use IDA*, or run it step by step)');
  assert.equal(rejections.onPage, 'TypeError: onPage must be true or false, not "yes"');
  assert.match(rejections.duplicateWorkersAlone, /^TileSearchError \(duplicate-tile\): tile 1 appears twice/);
  assert.match(rejections.orderWorkersAlone, /^TileSearchError \(invalid-option\): order "lrux" is not an order of the blank's moves/);
  assert.equal(rejections.none, 'TypeError: solveInParallel takes the options of a Solver ({board, heuristic, goal, order}), not null');
  assert.equal(rejections.aborted, 'AbortError: gone');
  assert.equal(rejections.after, 1, 'the pool works after every refusal');

  // The element: a graph search and a bad board reject, and say so in the widget.
  const element = page.locator('tile-search');
  await element.evaluate((e) => { e.algorithm = 'bfs'; });
  await waitForState(page, (s) => s.algorithm === 'bfs' && s.status === 'ready');
  assert.equal(await button(page, 'Solve now').isVisible(), false, 'no Solve now for a graph search');
  assert.equal(await button(page, 'Play solution').isVisible(), true);
  const bfs = await element.evaluate((e) => e.solve().then(() => 'resolved', (error) => error.message));
  assert.equal(bfs, 'Solve now runs IDA* on every core: the BFS search has no parallel version. Choose IDA*, or Run it.');
  await element.evaluate((e) => { e.algorithm = 'ida'; e.board = '1 2 3 4 5 6 8 7 0'; });
  await waitForState(page, (s) => s.status === 'error');
  const unsolvable = await element.evaluate((e) => e.solve().then(() => 'resolved', (error) => `${error.kind}: ${error.message}`));
  assert.match(unsolvable, /^unsolvable: this board is unsolvable/);
  assert.match(await page.locator('tile-search .progress').textContent(), /^Solve now failed: this board is unsolvable/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a page that refuses workers: a bad board is named first, in the core\'s words; a good one is refused for want of workers', async () => {
  const refuse = () => { window.Worker = class { constructor() { throw new DOMException('workers are refused here', 'SecurityError'); } }; };
  const { page, context } = await openExplorer(browser, server.url, { init: refuse });
  const rejections = await page.evaluate(async () => {
    const { solveInParallel } = await import('/www/workers/parallel-search.js');
    const reason = (promise) => promise.then(() => 'resolved', (error) => `${error.name}${error.kind ? ` (${error.kind})` : ''}: ${error.message}`);
    return {
      duplicate: await reason(solveInParallel({ board: '1 1 3 4 5 6 7 8 0' })),
      unsolvable: await reason(solveInParallel({ board: '2 1 3 4 5 6 7 8 0' })),
      // pdb, no databases on this page: the board's parsing names what it can before the refusal.
      pdbDuplicate: await reason(solveInParallel({ board: '1 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0', heuristic: 'pdb' })),
      good: await reason(solveInParallel({ board: '1 2 3 4 5 6 7 0 8' })),
      pdbGood: await reason(solveInParallel({ board: '1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15', heuristic: 'pdb' })),
    };
  });
  assert.match(rejections.duplicate, /^TileSearchError \(duplicate-tile\): tile 1 appears twice/);
  assert.match(rejections.unsolvable, /^TileSearchError \(unsolvable\): this board is unsolvable/);
  assert.match(rejections.pdbDuplicate, /^TileSearchError \(duplicate-tile\): tile 1 appears twice/);
  for (const refused of [rejections.good, rejections.pdbGood]) {
    assert.match(refused, /^Error: the parallel search runs in Web Workers, and this page cannot start one \(/);
  }
  await context.close();
});

for (const [width, height] of [[1280, 720], [390, 844]]) {
  test(`Solve now at ${width}×${height}: every core, the solved state with the counts and who did it, Play solution`, variant(width < 400), async () => {
    const { page, context, errors } = await openExplorer(browser, `${server.url}#board=${KORF_57.replaceAll(' ', '+')}`, { viewport: { width, height } });
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    const sequential = await page.evaluate(async (board) => {
      const core = await import('/www/pkg/tilesearch.js');
      await core.default();
      return new core.Solver({ board }).run();
    }, KORF_57);
    const solveNow = button(page, 'Solve now');
    assert.equal(await solveNow.isVisible(), true, 'offered before the search is solved');
    assert.equal(await button(page, 'Play solution').isVisible(), false, 'in its place until solved');
    assert.match(await solveNow.getAttribute('title'), new RegExp(`^Solve now: the optimal solution at once, IDA\\* on every core \\(${cores} workers?\\)`));
    await page.evaluate(RECORD_PROGRESS);
    const solved = page.evaluate(() => new Promise((done) => document.querySelector('tile-search').addEventListener('solved', (e) => done(e.detail), { once: true })));
    await solveNow.click();
    const detail = await solved;
    const s = await waitForState(page, (st) => st.status === 'solved');
    assert.deepEqual(detail, { length: sequential.length, moves: sequential.moves, expanded: sequential.expanded, generated: sequential.generated });
    assert.deepEqual(s.solution, { length: sequential.length, moves: sequential.moves });
    assert.equal(s.expanded, sequential.expanded);
    assert.equal(s.generated, sequential.generated);
    assert.equal(s.iteration, sequential.iteration);
    assert.equal(s.parallel.workers, cores);
    assert.equal(s.parallel.balance.length, cores);
    // The search (the page's part, then the leading worker's) is part of the page's wall time (a millisecond
    // allowed for two threads' clocks, coarse where the page is not isolated).
    assert.ok(s.parallel.searchSeconds > 0 && s.parallel.searchSeconds <= s.parallel.seconds + 0.001, JSON.stringify(s.parallel));
    assert.ok(s.parallel.pageSeconds > 0 && s.parallel.pageSeconds < s.parallel.searchSeconds, JSON.stringify(s.parallel));
    const progress = await page.locator('tile-search .progress').textContent();
    assert.match(progress, new RegExp(`^Solved now on ${cores} workers? in (\\d+\\.\\d ms|\\d+\\.\\d\\d s): ${sequential.length} moves after [\\d,]+ nodes ` +
      `\\(${sequential.expanded.toLocaleString('en')} expanded, ${sequential.generated.toLocaleString('en')} generated\\) in ${sequential.iteration} iterations\\.$`));
    const note = await treeNote(page,
      /^Solved at once by Solve now: the solution's path in iteration \d+ \(threshold \d+\)\. This page searched for \d+\.\d ms, then \d workers? went on from where it stood: [\d,]+ packets? \(worker 1: [\d,]+(, worker \d: [\d,]+)*\), (\d+\.\d ms|\d+\.\d\d s) in all\. The rest of the tree is not drawn: Reset, then Step or Run, to watch the search\.$/);
    // The packets named under the tree add up to the workers' counts.
    const searched = Number(note.match(/stood: ([\d,]+) packets?/)[1].replace(/,/g, ''));
    const perWorker = [...note.matchAll(/worker \d+: ([\d,]+)/g)].reduce((sum, m) => sum + Number(m[1].replace(/,/g, '')), 0);
    assert.equal(searched, perWorker, note);
    assert.equal(s.parallel.onPage, false, 'Korf #57 (seconds): found by the workers');
    assert.equal(await page.locator('tile-search .timeline-panel tbody tr').count(), sequential.iteration, 'every iteration in the timeline');
    assert.equal(await page.locator('tile-search .timeline-panel svg rect.bar').count(), sequential.iteration, 'a bar per iteration');
    // A search longer than a tenth of a second (and a frame) says it is under way, then what it found.
    const lines = await page.evaluate(() => window.progressLines);
    if (s.parallel.seconds > 0.15) assert.ok(lines.some((line) => /^Solving now on \d+ workers?(…|: iteration \d+, threshold \d+, [\d,]+ of [\d,]+ packets? done, \d+\.\d s\.)$/.test(line)), lines.join('\n'));
    assert.match(lines.at(-1), /^Solved now on/);
    assert.equal(await page.locator('tile-search .timeline-panel tbody button').count(), 0, 'no iteration start to go to: Solve now did not step there');
    const now = await page.locator('tile-search .now [data-key]').evaluateAll((cells) => Object.fromEntries(cells.map((c) => [c.dataset.key, c.textContent.trim()])));
    assert.deepEqual([now.g, now.h, now.f], [String(sequential.length), '0', String(sequential.length)], 'Now: g, h and f at the goal');
    assert.equal(await solveNow.isVisible(), false, 'solved: Play solution takes its place');
    await settle(page);
    await screenshot(page, `60-solve-now-${width}x${height}`);
    // Play solution walks the solution from the start.
    await page.locator('tile-search').evaluate((e) => { e.speed = 1000; });
    await button(page, 'Play solution').click();
    await page.waitForFunction((n) => new RegExp(`^Solution move ${n} of ${n}: slide \\d+: the goal\\.$`).test(document.querySelector('tile-search').shadowRoot.querySelector('.playback').textContent),
      sequential.length);
    // Reset: back to stepping, the tree and Solve now again.
    await button(page, 'Reset').click();
    const reset = await waitForState(page, (st) => st.status === 'ready');
    assert.equal(reset.parallel, null);
    assert.equal(await solveNow.isVisible(), true);
    await button(page, 'Step').click();
    assert.equal((await state(page)).position, 1);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

/** Keeps every text the widget's progress line shows from now on, in window.progressLines. */
const RECORD_PROGRESS = () => {
  const line = document.querySelector('tile-search').shadowRoot.querySelector('.progress');
  const lines = [];
  window.progressLines = lines;
  new MutationObserver(() => { if (line.textContent !== lines.at(-1)) lines.push(line.textContent); })
    .observe(line, { childList: true, characterData: true, subtree: true });
};

test('Solve now that ends within a tenth of a second shows its solution with no "Solving now…" drawn before; the chart has a bar per iteration from board to board', async () => {
  const { page, context, errors } = await openExplorer(browser, `${server.url}#board=8+6+7+2+5+4+3+0+1`);
  await page.evaluate(RECORD_PROGRESS);
  // The hardest 8-puzzle (31 moves), then a short one, then a 15-puzzle: fewer iterations, then more.
  for (const board of ['8 6 7 2 5 4 3 0 1', '1 2 3 4 5 6 0 7 8', '5 1 2 3 9 6 7 4 0 10 11 8 13 14 15 12']) {
    const { summary, onPage, chart } = await page.evaluate(async (board) => {
      const element = document.querySelector('tile-search');
      element.board = board;
      const summary = await element.solve();
      const svg = element.shadowRoot.querySelector('.timeline-panel svg');
      return { summary, onPage: element.state.parallel.onPage, chart: {
        bars: [...svg.querySelectorAll('rect.bar title')].map((title) => title.textContent),
        axis: [...svg.querySelectorAll('text.axis[text-anchor="end"]')].map((label) => label.textContent),
        grid: svg.querySelectorAll('line.grid').length } };
    }, board);
    const rows = await page.locator('tile-search .timeline-panel tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
    assert.equal(rows.length, summary.iteration, board);
    // One bar per row, with that row's nodes (visited + pruned), and the axis up to the largest.
    const nodes = rows.map((cells) => Number(cells[2].replace(/,/g, '')) + Number(cells[3].replace(/,/g, '')));
    assert.deepEqual(chart.bars, nodes.map((n, i) => `iteration ${i + 1}: ${n.toLocaleString('en')} node${n === 1 ? '' : 's'}`), board);
    assert.deepEqual(nodes, summary.iterations.map((it) => it.visited + it.pruned), board);
    const top = Math.max(1, String(Math.max(...nodes) - 1).length);
    assert.equal(chart.grid, top + 1, `${board}: a grid line from 10⁰ to 10^${top}`);
    assert.equal(chart.axis.length, top + 1, board);
    // Answered by the page's own first search: no task ran between the press and the solution,
    // so no drawing either.
    assert.equal(onPage, true, board);
  }
  assert.equal((await page.evaluate(() => window.progressLines)).filter((line) => line.startsWith('Solving now')).length, 0, 'no "Solving now…" for searches that short');
  assert.deepEqual(errors, []);
  await context.close();
});

/** Counts the page's Worker constructions and the workers alive (terminate() and a failure end one). */
const COUNT_WORKERS = () => {
  const log = { made: 0, live: 0, most: 0 };
  window.workerLog = log;
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      log.made += 1;
      log.live += 1;
      log.most = Math.max(log.most, log.live);
    }
    terminate() { log.live -= 1; super.terminate(); }
  };
};

async function openHost(base = server.url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(WAIT_MS);
  await context.addInitScript(COUNT_WORKERS);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${base}tests/e2e/fixtures/host.html`);
  await page.waitForFunction(() => customElements.get('tile-search') && window.host);
  return { page, context, errors };
}

const addWidgets = async (page, count, attributes) => {
  const ids = await page.evaluate(({ count, attributes }) => window.host.add(count, attributes), { count, attributes });
  await page.waitForFunction((ids) => ids.every((id) => document.getElementById(id).state.status === 'ready'), ids);
  return ids;
};
const expanded = (page, ids) => page.evaluate((ids) => ids.map((id) => document.getElementById(id).state.expanded), ids);
/** What each widget shows (its status, counts and progress line), to name the one that stood still. */
const describe = (page, ids) => page.evaluate((ids) => ids.map((id) => {
  const element = document.getElementById(id);
  const { status, expanded, position } = element.state;
  const box = element.getBoundingClientRect();
  return { id, status, expanded, position, progress: element.shadowRoot.querySelector('.progress')?.textContent.trim(), top: Math.round(box.top), bottom: Math.round(box.bottom) };
}), ids);
/** Waits until every one of `ids` has expanded more than `floor[i]`; a timeout names what each widget showed. */
const advanced = async (page, ids, floor) => {
  try {
    await page.waitForFunction(({ ids, floor }) => ids.every((id, i) => document.getElementById(id).state.expanded > floor[i]), { ids, floor });
  } catch (error) {
    throw new Error(`the widgets did not advance past ${floor}: ${JSON.stringify(await describe(page, ids))}`, { cause: error });
  }
};

for (const isolated of [false, true]) test(`two widgets streaming and a parallel search${isolated ? ', the page isolated (one team on one memory)' : ''}: never more workers than cores, and the widgets keep advancing`, async () => {
  const { page, context, errors } = await openHost(isolated ? isolatedServer.url : server.url);
  assert.equal(await page.evaluate(() => globalThis.crossOriginIsolated), isolated);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const streaming = await addWidgets(page, 2, { board: KORF_1, view: 'board now', controls: 'run reset', speed: 'max' });
  const [solver] = await addWidgets(page, 1, { board: KORF_17, view: 'board now tree', controls: 'run reset solve-now' });
  await page.evaluate((ids) => { for (const id of ids) document.getElementById(id).play(); }, streaming);
  await advanced(page, streaming, [0, 0]);
  const before = await expanded(page, streaming);
  const started = Date.now();
  const summary = await page.evaluate((id) => document.getElementById(id).solve(), solver);
  const seconds = (Date.now() - started) / 1000;
  const after = await expanded(page, streaming);
  const log = await page.evaluate(() => window.workerLog);
  const s = await page.evaluate((id) => document.getElementById(id).state, solver);
  console.log(`# ${isolated ? 'isolated, ' : ''}${cores} cores: Korf #17 solved on ${s.parallel.workers} workers in ${seconds.toFixed(1)} s beside two streaming widgets ` +
    `(they advanced ${after.map((n, i) => (n - before[i]).toLocaleString('en')).join(' and ')} expanded meanwhile); Workers made ${log.made}, most alive ${log.most}`);
  assert.equal(summary.length, 66);
  assert.equal(s.parallel.workers, cores);
  assert.ok(log.made <= cores && log.most <= cores, `workers made ${log.made}, most alive ${log.most}, cores ${cores}`);
  assert.ok(after.every((n, i) => n > before[i]), `both widgets advanced during the parallel search: ${before} → ${after}`);
  // And go on after it.
  const later = await expanded(page, streaming);
  await advanced(page, streaming, later);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Compare is a job of the pool: beside a streaming widget and Solve now it runs on their workers at once, never more workers than cores', async () => {
  const { page, context, errors } = await openHost();
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const [streaming] = await addWidgets(page, 1, { board: KORF_1, view: 'board now', controls: 'run reset', speed: 'max' });
  const [id] = await addWidgets(page, 1, { board: KORF_17, view: 'board now compare', 'max-reached': '20000' });
  await page.evaluate((id) => document.getElementById(id).play(), streaming);
  const status = () => page.evaluate((id) => document.getElementById(id).shadowRoot.querySelector('.compare-status').textContent, id);
  const solving = page.evaluate((id) => document.getElementById(id).solve().then((s) => s.length), id);
  await page.waitForFunction((id) => /of [\d,]+ packets? done/.test(document.getElementById(id).shadowRoot.querySelector('.progress').textContent), id);
  await page.evaluate((id) => document.getElementById(id).shadowRoot.querySelector('[data-compare="start"]').click(), id);
  const waiting = await status();
  assert.equal(await solving, 66);
  await page.waitForFunction((id) => /^Compared|failed/.test(document.getElementById(id).shadowRoot.querySelector('.compare-status').textContent), id, { timeout: 120000 });
  const log = await page.evaluate(() => window.workerLog);
  console.log(`# ${cores} cores: Compare while Solve now ran: "${waiting}", then "${await status()}"; Workers made ${log.made}, most alive ${log.most}`);
  // No waiting for a core: the comparison takes turns on the pool's workers with the stream and
  // the packets (which of its searches it has reached by then depends on the machine's load).
  assert.match(waiting, /^Comparing: (BFS|DFS|Greedy best-first|A\*|IDA\*)[,…]/);
  assert.match(await status(), /^Compared 5 algorithms in \d+\.\d s, in a worker\.$/);
  assert.ok(log.made <= cores && log.most <= cores, `workers made ${log.made}, most alive ${log.most}, cores ${cores}`);
  const other = await page.evaluate((id) => document.getElementById(id).state, streaming);
  assert.ok(other.expanded > 0, `the streaming widget ran: ${JSON.stringify({ status: other.status, expanded: other.expanded })}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a search abandoned mid-way (Reset, new options, the widget removed) rejects with an AbortError and leaves the widgets and the pool working', async () => {
  const { page, context, errors } = await openHost();
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const [other] = await addWidgets(page, 1, { board: '8 6 7 2 5 4 3 0 1', view: 'board now', controls: 'run reset', speed: 'max' });
  const [id] = await addWidgets(page, 1, { board: KORF_17, view: 'board now tree' });
  // Starts Solve now, waits until its packets are being searched, then does `action` to the widget.
  const abandon = (action) => page.evaluate(async ({ id, action }) => {
    const element = document.getElementById(id);
    const outcome = element.solve().then(() => 'resolved', (error) => `${error.name}: ${error.message}`);
    const progress = () => element.shadowRoot.querySelector('.progress').textContent;
    while (!/of [\d,]+ packets? done/.test(progress())) await new Promise((done) => setTimeout(done, 20));
    if (action === 'reset') element.reset();
    if (action === 'pause') element.pause();
    if (action === 'board') element.board = '1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15';
    if (action === 'remove') element.remove();
    return { outcome: await outcome, status: element.isConnected ? element.state.status : 'removed', progress: progress() };
  }, { id, action });
  const reset = await abandon('reset');
  assert.deepEqual(reset, { outcome: 'AbortError: Solve now was abandoned: reset', status: 'ready', progress: '' });
  const paused = await abandon('pause');
  assert.equal(paused.outcome, 'AbortError: Solve now was abandoned: paused');
  assert.equal(paused.progress, 'Solve now stopped: paused.');
  const board = await abandon('board');
  assert.equal(board.outcome, 'AbortError: Solve now was abandoned: the board or an option changed');
  // The widget works on with the new board, Solve now too.
  assert.equal((await page.evaluate((id) => document.getElementById(id).solve(), id)).length, 1);
  await page.evaluate(({ id, board }) => { document.getElementById(id).board = board; }, { id, board: KORF_17 });
  await page.waitForFunction((id) => document.getElementById(id).state.status === 'ready', id);
  const removed = await abandon('remove');
  assert.deepEqual(removed, { outcome: 'AbortError: Solve now was abandoned: the widget was removed from the page', status: 'removed', progress: removed.progress });
  // The other widget runs to its solution; a new parallel search works at once (the abandoned packets were dropped).
  await page.evaluate((id) => document.getElementById(id).play(), other);
  await page.waitForFunction((id) => document.getElementById(id).state.status === 'solved', other);
  const started = Date.now();
  const fresh = await page.evaluate(async (board) => (await (await import('/www/workers/parallel-search.js')).solveInParallel({ board })).summary.length, KORF_94);
  console.log(`# after the abandoned searches, Korf #94 in parallel: ${((Date.now() - started) / 1000).toFixed(2)} s`);
  assert.equal(fresh, 53);
  const log = await page.evaluate(() => window.workerLog);
  assert.ok(log.most <= cores, `most workers alive ${log.most}, cores ${cores}`);
  assert.deepEqual(errors, []);
  await context.close();
});
