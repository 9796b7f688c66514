// A static server for the repository root on a free loopback port, and the browser set-up
// every e2e file shares (Debian's Chromium through playwright-core; nothing is downloaded).
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../../scripts/chromium.mjs';
import { serve } from '../../scripts/serve.mjs';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const ARTIFACTS = join(ROOT, 'tests/e2e/artifacts');

/**
 * Serves `root` (default ROOT) as `make serve` does (scripts/serve.mjs), without the isolation
 * headers (most hosts send none; isolation.test.mjs asks for them); resolves to {url, close()}.
 */
export const startServer = (root = ROOT) => serve({ root: resolve(root), isolated: () => false });

/**
 * How long a wait may take before the test fails: only a guard against a page that hangs. The
 * waits are for what happens (a state, a message), and a busy machine makes it happen later.
 */
export const WAIT_MS = 120000;

export const launch = launchChromium;

/**
 * A new page at `url` in its own context, recording console errors, page errors and failed
 * responses in `errors`; `init` (a function or a script) runs in it before the page's own scripts, and
 * `prepare(page)` before it loads.
 */
export async function openWatched(browser, url, { reducedMotion = 'no-preference', viewport = { width: 1280, height: 720 }, init, prepare } = {}) {
  const context = await browser.newContext({ viewport, reducedMotion });
  context.setDefaultTimeout(WAIT_MS);
  if (init) await context.addInitScript(init);
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
export async function openExplorer(browser, url, { reducedMotion = 'no-preference', viewport = { width: 1400, height: 1300 }, init, prepare } = {}) {
  const { page, context, errors } = await openWatched(browser, url, { reducedMotion, viewport, init, prepare });
  await page.waitForFunction(() => {
    const element = document.querySelector('tile-search');
    // Not upgraded yet while the element's module loads: no shadow root then.
    return element?.shadowRoot?.querySelector('.board .tile') && element.state.expanded !== undefined
      && (element.state.status === 'ready' || element.state.status === 'error');
  });
  return { page, context, errors };
}

/**
 * Test options for a case `make test` leaves to `make test-long` (a second board size, the third
 * and fourth of four similar searches, the narrow screen of a pair): `make test` runs the others
 * and `make test-long` (TILESEARCH_LONG=1) runs these, so the two together run every case once.
 * @param {boolean} longer  whether this case is one of the longer variants
 */
export const variant = (longer) => (Boolean(process.env.TILESEARCH_LONG) === longer
  ? {} : { skip: longer ? 'a longer variant: make test-long runs it' : 'make test runs it' });

/**
 * Saves a screenshot in tests/e2e/artifacts. `fullPage: false` while a run is under way: to
 * capture the whole page Chromium lays it out at full height for a moment, and a widget's
 * IntersectionObserver can then report it out of view (it pauses, and on a busy machine it was
 * seen not to hear that it came back).
 */
export async function screenshot(page, name, { fullPage = true } = {}) {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage });
}

/**
 * How an SVG chart (`locator`) draws its text: the smallest text in CSS pixels (each text's font
 * size times the chart's scale, as a reader sees it), and whether every text lies within the
 * element `within` (a selector of an ancestor, e.g. its panel) left to right.
 * @returns {Promise<{smallest: number, inside: boolean}>}
 */
export const chartText = (locator, within) => locator.evaluate((svg, within) => {
  const scale = svg.getScreenCTM().a;
  const texts = [...svg.querySelectorAll('text')];
  const box = svg.closest(within).getBoundingClientRect();
  return { smallest: Math.min(...texts.map((t) => parseFloat(getComputedStyle(t).fontSize) * scale)),
    inside: texts.every((t) => { const r = t.getBoundingClientRect(); return r.left >= box.left - 0.5 && r.right <= box.right + 0.5; }) };
}, within);

/** The explorer's state, read in the page. */
export const state = (page) => page.evaluate(() => document.querySelector('tile-search').state);

/** Polls the explorer's state until `predicate(state)` holds (checked here: the page's CSP forbids eval). */
export async function waitForState(page, predicate, timeout = WAIT_MS) {
  const end = Date.now() + timeout;
  for (;;) {
    const current = await state(page);
    if (predicate(current)) return current;
    if (Date.now() > end) throw new Error(`timed out waiting for the state; last: ${JSON.stringify(current)}`);
    await new Promise((done) => setTimeout(done, 25));
  }
}

/**
 * The tree's note under the widget `selector` once it matches `pattern`: the tree redraws (and
 * writes its note) in a coming frame, later still on a busy machine, so it is polled until then.
 */
export async function treeNote(page, pattern, { selector = 'tile-search', timeout = WAIT_MS } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const text = await page.evaluate((selector) => document.querySelector(selector).shadowRoot.querySelector('.tree-note').textContent, selector);
    if (pattern.test(text)) return text;
    if (Date.now() > end) throw new Error(`timed out waiting for the tree's note to match ${pattern}; last: ${text}`);
    await new Promise((done) => setTimeout(done, 25));
  }
}

/** The accessible name of the main board (its tiles row by row). */
export const boardLabel = (page) => page.locator('tile-search .board-host .board').getAttribute('aria-label');

/** Waits for the tiles' slide transitions to end, so that screenshots show settled boards. */
export const settle = (page) => page.waitForTimeout(400);

/**
 * An init script (openWatched's `init`): what the page's main thread did, counted, never timed,
 * in `window.mainThread` (a busy machine makes it all happen later; what the tests compare, such
 * as frames drawn per batch received, it leaves alone):
 * - frames: the animation frames so far (a requestAnimationFrame loop of its own);
 * - workers: per Worker the page made, how many messages of each type it posted there
 *   (posted) and their types in the order posted (order);
 * - received: per message from a worker, {worker, type, words (a batch's record words), frame};
 * - slices: per main-thread slice of a search where workers are refused (search-client.js: a
 *   MessageChannel message carrying its session number), the frame count when it ran.
 */
export function watchMainThread() {
  const watch = { frames: 0, workers: [], received: [], slices: [] };
  Object.defineProperty(window, 'mainThread', { value: watch });
  const tick = () => { watch.frames += 1; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  const PageWorker = window.Worker;
  window.Worker = class extends PageWorker {
    #posted = {};
    #order = [];
    constructor(...args) {
      super(...args);
      const worker = watch.workers.push({ posted: this.#posted, order: this.#order }) - 1;
      this.addEventListener('message', ({ data }) =>
        watch.received.push({ worker, type: data?.type, words: data?.records?.length ?? 0, frame: watch.frames }));
    }
    postMessage(message, ...rest) {
      this.#posted[message?.type] = (this.#posted[message?.type] ?? 0) + 1;
      this.#order.push(message?.type);
      return super.postMessage(message, ...rest);
    }
  };
  const PageChannel = window.MessageChannel;
  window.MessageChannel = class extends PageChannel {
    constructor() {
      super();
      this.port1.addEventListener('message', ({ data }) => { if (typeof data === 'number') watch.slices.push(watch.frames); });
    }
  };
}

/**
 * Records the page's main-thread tasks over 50 ms (their ms) in `window.longTasks`, from none:
 * a figure to print, never to assert (a busy machine stretches any task).
 */
export const watchLongTasks = (page) => page.evaluate(() => {
  window.longTaskObserver?.disconnect();
  window.longTasks = [];
  window.longTaskObserver = new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => Math.round(e.duration))));
  window.longTaskObserver.observe({ type: 'longtask' });
});

/** The page's `window.mainThread` (watchMainThread). */
export const mainThread = (page) => page.evaluate(() => window.mainThread);

/** How many messages of `type` the page posted to its workers (watchMainThread), all workers together. */
export const postedToWorkers = (watch, type) => watch.workers.reduce((sum, worker) => sum + (worker.posted[type] ?? 0), 0);

/**
 * What the page received from its workers in messages of `type` (watchMainThread): how many,
 * the trace records they carried, and the animation frames that fired between the first and
 * the last of them (frames the main thread drew while the workers worked).
 */
export function fromWorkers(watch, type, recordWords = 1) {
  const messages = watch.received.filter((m) => m.type === type);
  return {
    messages: messages.length,
    events: messages.reduce((sum, m) => sum + m.words, 0) / recordWords,
    framesBetween: messages.length > 0 ? messages.at(-1).frame - messages[0].frame : 0,
  };
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
