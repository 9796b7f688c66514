// Solve now in the explorer against one sequential Solver in a plain worker: Korf's instances
// with pdb, one after another, in the same page of Chromium (index.html). For each instance the
// widget is given the board and, once the page has drawn it and is idle (as a student presses
// Solve now on a board they see), element.solve() is timed from the call to its result (the
// parallel search on the page's pool, and showing the solved moment); the sequential search is
// www/workers/bench-worker.js (the Solver made and run), timed on the page too, from the message
// that asks for one search to the one that brings its summary. The databases are built (or
// loaded) first, outside both timings. Both runs take turns in each round (--rounds, default 3),
// so the machine's drift touches both; the medians are printed. Solve now's time is also divided
// up: the search (state.parallel.searchSeconds: the page's own first part, then the leading
// worker's), the messages between the page and its workers (state.parallel.seconds less
// that), and the rest (the widget: starting,
// the page's own frames and drawing the solved moment; and making the team: a worker started
// and given the tables where the pool has ended one). A third run in each round calls the
// page's pool itself (solveInParallel, as the benchmark page does), with no widget drawing
// beside it.
// With --with-whole-run each Solve now starts just after the Whole run panel's Run it whole (the
// whole search and A* in a worker of the same pool), as a student may press both.
// Usage: node benches/solve-now.mjs [--instances all | 1,2,3] [--rounds 3] [--no-isolation] [--with-whole-run]
import { launchChromium } from '../scripts/chromium.mjs';
import { serve } from '../scripts/serve.mjs';
import { option, flag, wholeNumber, korf, instanceNumbers, median } from './bench-options.mjs';

const spec = option('--instances', 'all');
const rounds = wholeNumber('--rounds', 3);
const numbers = instanceNumbers(spec);
const instances = numbers.map((n) => [n, korf[n - 1][0], korf[n - 1].slice(1)]);

const server = await serve({ isolated: () => !flag('--no-isolation') });
const browser = await launchChromium();
const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
page.on('pageerror', (error) => console.error(`page error: ${error}`));
await page.goto(`${server.url}#board=${instances[0][2].join('+')}&heuristic=pdb`);
await page.waitForFunction(() => document.querySelector('tile-search')?.state?.databases?.status === 'ready', null, { timeout: 600_000 });
const isolated = await page.evaluate(() => globalThis.crossOriginIsolated);

const withWholeRun = flag('--with-whole-run');
const solveNow = () => page.evaluate(async ([instances, withWholeRun]) => {
  const element = document.querySelector('tile-search');
  const ready = () => new Promise((done) => {
    const check = () => (element.state.status === 'ready' ? done() : setTimeout(check, 1));
    check();
  });
  let seconds = 0, search = 0, wall = 0;
  const each = [];
  for (const [number, optimal, tiles] of instances) {
    element.board = tiles.join(' ');
    await ready();
    // As a student presses it: on the board drawn and at rest (its tiles' slides and the last
    // solved moment's drawing over, the page idle), not while the page still draws beside the
    // search, which on two cores takes the time of one of its workers.
    await Promise.all(element.shadowRoot.getAnimations().map((animation) => animation.finished.catch(() => {})));
    await new Promise((idle) => requestAnimationFrame(() => requestIdleCallback(idle, { timeout: 100 })));
    if (withWholeRun) element.shadowRoot.querySelector('[data-run="start"]').click();
    const start = performance.now();
    const summary = await element.solve();
    const s = (performance.now() - start) / 1000;
    if (summary.length !== optimal) throw new Error(`#${number}: ${summary.length} moves, not ${optimal}`);
    seconds += s;
    search += element.state.parallel.searchSeconds;
    wall += element.state.parallel.seconds;
    each.push(s);
  }
  return { seconds, each, search, wall };
}, [instances, withWholeRun]);

// The same searches on the same pool, without the widget: the page's own parallel search.
const poolAlone = () => page.evaluate(async (instances) => {
  const { solveInParallel } = await import('/www/workers/parallel-search.js');
  let search = 0, wall = 0;
  for (const [number, optimal, tiles] of instances) {
    const run = await solveInParallel({ board: tiles, heuristic: 'pdb' });
    if (run.summary.length !== optimal) throw new Error(`#${number}: ${run.summary.length} moves, not ${optimal}`);
    search += run.searchSeconds;
    wall += run.seconds;
  }
  return { search, wall };
}, instances);

// The sequential Solver in a plain worker, timed on the page as Solve now is: each search from
// the message that asks for it to the one that brings its summary (once the worker has made
// the databases and searched every instance, timed there too).
const sequential = () => page.evaluate((instances) => new Promise((resolve, reject) => {
  const worker = new Worker(new URL('/www/workers/bench-worker.js', location.href), { type: 'module' });
  let inWorker = 0;
  const each = [];
  const one = (tiles) => new Promise((done, fail) => {
    worker.onmessage = ({ data }) => (data.type === 'one' ? done(data.summary) : fail(new Error(data.message)));
    worker.postMessage({ type: 'one', tiles, heuristic: 'pdb' });
  });
  const onPage = async () => {
    for (const [number, optimal, tiles] of instances) {
      const start = performance.now();
      const summary = await one(tiles);
      each.push((performance.now() - start) / 1000);
      if (summary.length !== optimal) throw new Error(`#${number}: ${summary.length} moves, not ${optimal}`);
    }
  };
  worker.onmessage = ({ data }) => {
    if (data.type === 'instance') inWorker += data.seconds;
    if (data.type === 'error') { worker.terminate(); reject(new Error(data.message)); }
    if (data.type === 'done') {
      onPage().then(() => resolve({ seconds: each.reduce((a, b) => a + b, 0), each, inWorker }), reject).finally(() => worker.terminate());
    }
  };
  worker.postMessage({ instances, heuristic: 'pdb', streamSeconds: 0.01 });
}), instances);

const results = [];
for (let round = 1; round <= rounds; round += 1) {
  const seq = await sequential();
  const now = await solveNow();
  const alone = await poolAlone();
  const slower = now.each.filter((s, i) => s > seq.each[i]).length;
  // The page's first Solve now, right after the explorer made the databases: its workers hold them already.
  if (round === 1) console.log(`the first Solve now (#${instances[0][0]}): ${(now.each[0] * 1000).toFixed(0)} ms, the sequential Solver ${(seq.each[0] * 1000).toFixed(0)} ms`);
  results.push({ seq: seq.seconds, now: now.seconds, ratio: seq.seconds / now.seconds, slower, search: now.search, messages: now.wall - now.search,
    widget: now.seconds - now.wall, alone: alone.search, aloneWall: alone.wall });
  console.log(`round ${round}: sequential Solver in a worker ${seq.seconds.toFixed(2)} s (${seq.inWorker.toFixed(2)} s timed in the worker), Solve now ${now.seconds.toFixed(2)} s ` +
    `(${(seq.seconds / now.seconds).toFixed(2)}×; Solve now slower on ${slower} of ${instances.length} instances); Solve now's time: ` +
    `the search (on the page, then in the leading worker) ${now.search.toFixed(2)} s (${(seq.seconds / now.search).toFixed(2)}× the sequential search), ` +
    `messages ${(now.wall - now.search).toFixed(2)} s, the rest (the widget, and making the team) ${(now.seconds - now.wall).toFixed(2)} s; the pool without the widget ` +
    `${alone.wall.toFixed(2)} s (the search ${alone.search.toFixed(2)} s, ${(seq.seconds / alone.search).toFixed(2)}× the sequential search)`);
}
console.log(`Korf instances ${spec}, pdb, ${isolated ? '' : 'not '}cross-origin isolated, median of ${rounds} rounds: sequential ${median(results.map((r) => r.seq)).toFixed(2)} s, ` +
  `Solve now ${median(results.map((r) => r.now)).toFixed(2)} s, ${median(results.map((r) => r.ratio)).toFixed(2)}× (the ratio per round); ` +
  `of Solve now: search ${median(results.map((r) => r.search)).toFixed(2)} s, messages ${median(results.map((r) => r.messages)).toFixed(2)} s, ` +
  `the rest ${median(results.map((r) => r.widget)).toFixed(2)} s; the pool without the widget ${median(results.map((r) => r.aloneWall)).toFixed(2)} s ` +
  `(search ${median(results.map((r) => r.alone)).toFixed(2)} s)`);
await browser.close();
await server.close();
