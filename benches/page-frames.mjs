// The page's smoothness in Chromium, as figures (the e2e tests assert what happened, never how
// long it took): frames per second, the worst gap between frames and the main thread's tasks
// over 50 ms while
// - the explorer streams Korf's #1 at full speed from its worker (and the tree draws it),
// - 24 widgets run 15-puzzles at full speed on one host page,
// - the explorer runs Korf's #1 in main-thread slices (a page that refuses workers),
// - Compare runs the five algorithms on the lecture's challenging case,
// - the pattern databases are built (a fresh profile) and loaded from IndexedDB (a reload).
// Each is watched for --seconds (default 4) of wall clock after a second of warm-up. The
// machine is shared: a busy minute lowers every figure, so compare figures taken together.
// Usage: make build && node benches/page-frames.mjs [--seconds 4]
import { startServer, launch, openExplorer, openWatched, watchLongTasks } from '../tests/e2e/server.mjs';
import { option } from './bench-options.mjs';

const seconds = Number(option('--seconds', 4));
if (!(seconds > 0)) {
  console.error(`--seconds wants a positive number of seconds, not "${option('--seconds')}"`);
  process.exit(2);
}
const KORF_1 = '13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2';
const CHALLENGING = '6 4 5 8 2 7 1 0 3';
const refuseWorkers = () => {
  window.Worker = class { constructor() { throw new DOMException('workers are refused here', 'SecurityError'); } };
};

/** Frames and long tasks for `ms` of the page's clock: frames/s, the median and worst gaps, the tasks over 50 ms. */
async function watch(page, ms) {
  await watchLongTasks(page);
  return page.evaluate(async (ms) => {
    const times = [];
    await new Promise((done) => {
      const count = (time) => { times.push(time); if (time - times[0] < ms) requestAnimationFrame(count); else done(); };
      requestAnimationFrame(count);
    });
    const gaps = times.slice(1).map((t, i) => t - times[i]).sort((x, y) => x - y);
    return { fps: (times.length - 1) / ((times.at(-1) - times[0]) / 1000), median: gaps[Math.floor(gaps.length / 2)], worst: gaps.at(-1),
      longTasks: window.longTasks };
  }, ms);
}

const line = (what, f) => console.log(`${what}: ${f.fps.toFixed(1)} frames/s, median frame ${f.median.toFixed(1)} ms, ` +
  `worst ${f.worst.toFixed(1)} ms; ${f.longTasks.length} tasks over 50 ms${f.longTasks.length ? ` (worst ${Math.max(...f.longTasks)} ms)` : ''}`);
const pause = (ms) => new Promise((done) => setTimeout(done, ms));
const nodesPerSecond = (text) => text.match(/([\d,]+) nodes\/s/)?.[1] ?? '?';

const server = await startServer();
const browser = await launch();
try {
  for (const [what, init] of [['worker', undefined], ['main-thread slices (workers refused)', refuseWorkers]]) {
    const { page, context } = await openExplorer(browser, `${server.url}#board=${KORF_1.replaceAll(' ', '+')}&heuristic=manhattan`,
      { viewport: { width: 1280, height: 720 }, init });
    await page.evaluate(() => { const element = document.querySelector('tile-search'); element.speed = 'max'; element.play(); });
    await pause(1000);
    const figures = await watch(page, seconds * 1000);
    const progress = await page.locator('tile-search .progress').textContent();
    line(`Korf #1 at full speed, ${what}, ${nodesPerSecond(progress)} nodes/s drawn`, figures);
    await context.close();
  }

  {
    const { page, context } = await openWatched(browser, `${server.url}tests/e2e/fixtures/host.html`);
    await page.waitForFunction(() => customElements.get('tile-search') && window.host);
    const ids = await page.evaluate(() => window.host.add(24, { board: '13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2', view: 'board now tree', controls: 'run reset', speed: 'max' }));
    await page.waitForFunction((ids) => ids.every((id) => document.getElementById(id).state?.status === 'ready'), ids);
    await page.evaluate((ids) => { window.host.animate(); for (const id of ids) document.getElementById(id).play(); }, ids);
    await pause(1000);
    const before = await page.evaluate((ids) => ids.map((id) => document.getElementById(id).state.expanded), ids);
    const figures = await watch(page, seconds * 1000);
    const after = await page.evaluate((ids) => ids.map((id) => document.getElementById(id).state.expanded), ids);
    const advanced = after.map((n, i) => n - before[i]);
    line(`24 widgets at full speed (${page.workers().length} workers), expanded per widget ${Math.min(...advanced)}…${Math.max(...advanced)}`, figures);
    await context.close();
  }

  {
    const { page, context } = await openExplorer(browser, `${server.url}#board=${CHALLENGING.replaceAll(' ', '+')}`);
    await watchLongTasks(page);
    const started = performance.now();
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('tile-search').shadowRoot.querySelector('.compare-status').textContent.startsWith('Compared'),
      null, { timeout: 120000 });
    const longTasks = await page.evaluate(() => window.longTasks);
    console.log(`Compare, the challenging case: ${((performance.now() - started) / 1000).toFixed(2)} s; tasks over 50 ms ${JSON.stringify(longTasks)}`);
    await context.close();
  }

  {
    const { page, context } = await openExplorer(browser, `${server.url}#board=${KORF_1.replaceAll(' ', '+')}`);
    await watchLongTasks(page);
    await page.getByRole('combobox', { name: 'Heuristic' }).selectOption('pdb');
    await page.waitForFunction(() => document.querySelector('tile-search').state.status === 'ready', null, { timeout: 300000 });
    const built = await page.evaluate(() => ({ ...document.querySelector('tile-search').state.databases, longTasks: window.longTasks }));
    console.log(`pdb, first visit: built in ${built.seconds.toFixed(2)} s, handed to the page in ${built.loadSeconds.toFixed(3)} s; ` +
      `tasks over 50 ms ${JSON.stringify(built.longTasks)}`);
    // The worker stores them in IndexedDB after handing them over: a reload before that builds again.
    const stored = () => page.evaluate(() => new Promise((resolve) => {
      const request = indexedDB.open('tilesearch');
      request.onsuccess = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains('pattern-databases')) { db.close(); resolve(false); return; }
        const count = db.transaction('pattern-databases').objectStore('pattern-databases').count();
        count.onsuccess = () => { db.close(); resolve(count.result > 0); };
      };
      request.onerror = () => resolve(false);
    }));
    for (const end = Date.now() + 120000; !(await stored()) && Date.now() < end;) await pause(250);
    await page.reload();
    await watchLongTasks(page);
    await page.waitForFunction(() => document.querySelector('tile-search')?.state?.status === 'ready', null, { timeout: 60000 });
    const cached = await page.evaluate(() => ({ ...document.querySelector('tile-search').state.databases, longTasks: window.longTasks }));
    console.log(`pdb, second visit: ${cached.source === 'cache' ? 'loaded from IndexedDB' : cached.source} in ${cached.seconds.toFixed(2)} s, ` +
      `handed to the page in ${cached.loadSeconds.toFixed(3)} s; tasks over 50 ms ${JSON.stringify(cached.longTasks)}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
