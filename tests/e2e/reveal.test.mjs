/* global Reveal -- the deck's global, inside page.evaluate */
// reveal.js: the sample deck www/hosts/slides.html (reveal.js from npm, the widgets from dist/) as a
// lecturer uses it. Slides scaled by reveal.js's transform (and its scroll view on a phone): a
// click selects the node under the pointer, the wheel zooms about the pointer, a drag moves the
// tree with the pointer. A widget on a slide that is not shown pauses and goes on when its slide
// returns, with each of reveal.js's transitions; an autoplay slide starts when shown. The print
// view (?print-pdf, and print media) shows every widget's board and panels, drawn though
// off-screen, inside its page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, launch, screenshot, ROOT, openWatched, ringBox, treeAnnouncement, treeNote } from './server.mjs';
import { stateOf, stepsForward } from './guest.mjs';

let server, browser;

before(async () => {
  assert.ok(existsSync(join(ROOT, 'dist/tile-search.js')), 'dist/ is missing: run make build');
  assert.ok(existsSync(join(ROOT, 'node_modules/reveal.js/dist/reveal.js')), 'reveal.js is missing: npm ci');
  server = await startServer();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** The deck at `viewport`, once reveal.js is ready and every widget has drawn its board. */
async function openDeck(query = '', viewport = { width: 1280, height: 720 }) {
  const { page, context, errors } = await openWatched(browser, `${server.url}www/hosts/slides.html${query}`, { viewport });
  await page.waitForFunction(() => window.Reveal?.isReady() && [...document.querySelectorAll('tile-search')].every(
    (element) => element.shadowRoot.querySelector('.board .tile') && element.state.status !== 'preparing'));
  return { page, context, errors };
}

const goTo = (page, index) => page.evaluate((index) => Reveal.slide(index), index);
const waitFor = async (page, selector, predicate, timeout = 15000) => {
  const end = Date.now() + timeout;
  for (;;) {
    const state = await stateOf(page, selector);
    if (predicate(state)) return state;
    if (Date.now() > end) throw new Error(`${selector}: timed out; last state ${JSON.stringify(state)}`);
    await new Promise((done) => setTimeout(done, 25));
  }
};

/** The screen box of the tree's canvas in the widget `selector`. */
const canvasBox = (page, selector) => page.evaluate((selector) => {
  const { left, top, width, height } = document.querySelector(selector).shadowRoot.querySelector('canvas.tree').getBoundingClientRect();
  return { left, top, width, height };
}, selector);

const selectionText = (page, selector) => page.evaluate((selector) => document.querySelector(selector).shadowRoot.querySelector('.selection p').textContent, selector);
const near = (a, b) => Math.abs(a.x - b.x) < 1 && Math.abs(a.y - b.y) < 1;

// 1280×720: reveal.js scales the 960×700 slide by 0.99; 640×480 by 0.66; 390×844 is its scroll
// view (a phone), each slide a page scaled by 0.39.
for (const [width, height] of [[1280, 720], [640, 480], [390, 844]]) {
  test(`${width}×${height}: on the scaled slide a click selects the node under the pointer, the wheel zooms about it, a drag moves the tree with it`, async () => {
    const { page, context, errors } = await openDeck('#/1', { width, height });
    await stepsForward(page, '#iteration', 5); // iteration 1: the start and its three children, pruned
    await page.locator('#iteration').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('#iteration').state.tree.drawn >= 4);
    const scale = await page.evaluate(() => { const t = document.querySelector('#iteration'); return t.getBoundingClientRect().width / t.offsetWidth; });
    assert.ok(scale < 1, `the slide is scaled (${scale})`);
    const canvas = await canvasBox(page, '#iteration');
    // Every drawn node, found with the keys (Home, then Down and Right): its id and its box on
    // screen (the ring the tree puts over the selected node).
    await page.evaluate(() => document.querySelector('#iteration').shadowRoot.querySelector('canvas.tree').focus({ preventScroll: true }));
    const nodes = [];
    const take = async () => {
      const said = await treeAnnouncement(page, '#iteration');
      nodes.push({ id: Number(said.match(/^Node (\d+):/)[1]), box: await ringBox(page, '#iteration'), last: / The last child\.$/.test(said) });
    };
    await page.keyboard.press('Home');
    await take();
    await page.keyboard.press('ArrowDown');
    for (await take(); !nodes.at(-1).last;) { await page.keyboard.press('ArrowRight'); await take(); }
    nodes.pop(); // the last child, announced again at the end of the row
    assert.equal(nodes.length, 4, JSON.stringify(nodes));
    // A click on each node's centre selects it (shows it below the tree), and its ring stays there.
    for (const node of nodes) {
      await page.mouse.click(node.box.x, node.box.y);
      assert.match(await selectionText(page, '#iteration'), new RegExp(`^Node #${node.id}[ ,]`), `the click at (${node.box.x}, ${node.box.y}) selected the node under it`);
      assert.ok(near(await ringBox(page, '#iteration'), node.box));
    }
    assert.equal(await page.locator('#iteration').locator('.selection').isVisible(), true);
    // The wheel over a node zooms in about it: the node stays under the pointer, larger.
    const before = await ringBox(page, '#iteration');
    await page.mouse.move(before.x, before.y);
    await page.mouse.wheel(0, -100);
    await page.waitForFunction((w) => document.querySelector('#iteration').shadowRoot.querySelector('.tree-ring').getBoundingClientRect().width > w * 1.1, before.width);
    const zoomed = await ringBox(page, '#iteration');
    assert.ok(near(zoomed, before), `zoomed about the pointer: the node moved from (${before.x}, ${before.y}) to (${zoomed.x}, ${zoomed.y})`);
    // A drag from an empty corner of the tree moves the tree by the pointer's distance on screen
    // (the pointer's distance in slide pixels, at the slide's scale).
    const [dx, dy] = [Math.round(canvas.width / 5), Math.round(canvas.height / 6)];
    await page.mouse.move(canvas.left + 6, canvas.top + canvas.height - 6);
    await page.mouse.down();
    await page.mouse.move(canvas.left + 6 + dx, canvas.top + canvas.height - 6 - dy, { steps: 6 });
    await page.mouse.up();
    const panned = await ringBox(page, '#iteration');
    assert.ok(Math.abs(panned.x - zoomed.x - dx) < 1 && Math.abs(panned.y - zoomed.y + dy) < 1,
      `the drag by (${dx}, ${-dy}) moved the node by (${panned.x - zoomed.x}, ${panned.y - zoomed.y})`);
    assert.match(await selectionText(page, '#iteration'), new RegExp(`^Node #${nodes.at(-1).id}[ ,]`), 'the drag selected nothing');
    await screenshot(page, `70-reveal-tree-${width}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const transition of ['slide', 'fade', 'none']) {
  test(`transition ${transition}: a running widget pauses when its slide is left and goes on when it returns`, async () => {
    const { page, context, errors } = await openDeck('#/1');
    await page.evaluate((transition) => Reveal.configure({ transition }), transition);
    await page.evaluate(() => { document.querySelector('#iteration').speed = 30; });
    // The lecturer starts it with Space (the widget has the focus), clicks beside it, and moves on with →.
    await page.locator('#iteration').focus();
    await page.keyboard.press(' ');
    await waitFor(page, '#iteration', (s) => s.status === 'running' && s.expanded > 2);
    await page.evaluate(() => document.activeElement.blur());
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => Reveal.getIndices().h === 2);
    await waitFor(page, '#iteration', (s) => s.status === 'paused');
    assert.match(await page.locator('#iteration').locator('.progress').textContent(),
      /^Paused while hidden \(its slide is not shown\), after [\d,]+ nodes; it goes on when shown again\.$/);
    const paused = await stateOf(page, '#iteration');
    await page.waitForTimeout(600);
    assert.deepEqual(await stateOf(page, '#iteration'), paused, 'nothing runs on a slide not shown');
    await page.keyboard.press('ArrowLeft');
    await waitFor(page, '#iteration', (s) => s.status === 'running' && s.expanded > paused.expanded);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('an autoplay widget waits for its slide: it starts, and solves, when its slide is shown', async () => {
  const { page, context, errors } = await openDeck();
  assert.equal((await stateOf(page, '#solved')).status, 'ready', 'the third slide is not shown: its widget has not started');
  await goTo(page, 1);
  await page.waitForTimeout(300);
  assert.equal((await stateOf(page, '#solved')).status, 'ready');
  await goTo(page, 2);
  const solved = await waitFor(page, '#solved', (s) => s.status === 'solved');
  assert.equal(solved.solution.length, 25);
  await page.waitForTimeout(300);
  await screenshot(page, '71-reveal-solved-1280');
  assert.deepEqual(errors, []);
  await context.close();
});

/** Each widget: its `view`'s panels drawn and inside the box of `container` (a pdf page, a slide). */
const panelsOf = (page) => page.evaluate(() => [...document.querySelectorAll('tile-search')].map((element) => {
  const page = element.closest('.pdf-page') ?? element.closest('section');
  const frame = page.getBoundingClientRect();
  const panels = element.getAttribute('view').split(' ').map((name) => {
    const panel = element.shadowRoot.querySelector(`[part~="${name}"]`);
    const box = panel.getBoundingClientRect();
    return { name, drawn: box.width > 0 && box.height > 0 && !panel.classList.contains('off') && panel.checkVisibility(),
      inside: box.top >= frame.top - 0.5 && box.bottom <= frame.bottom + 0.5 && box.left >= frame.left - 0.5 && box.right <= frame.right + 0.5 };
  });
  const caption = element.shadowRoot.querySelector('.caption').getBoundingClientRect();
  return { id: element.id, tiles: element.shadowRoot.querySelectorAll('.board .tile').length, panels,
    caption: caption.height > 0 && caption.bottom <= frame.bottom + 0.5, status: element.state.status };
}));

function assertComplete(widgets) {
  assert.deepEqual(widgets.map((w) => w.id), ['now', 'iteration', 'solved']);
  for (const widget of widgets) {
    assert.equal(widget.tiles, 8, `${widget.id}: the board's tiles`);
    for (const panel of widget.panels) {
      // The solution panel shows itself once there is a solution.
      const drawn = panel.name !== 'solution' || widget.status === 'solved';
      assert.deepEqual(panel, { name: panel.name, drawn, inside: drawn }, `${widget.id}: ${panel.name}`);
    }
    assert.equal(widget.caption, true, `${widget.id}: its caption, inside the page`);
  }
}

/** The tree's note as it stands now (for what must stay as it is; treeNote waits for a change). */
const noteNow = (page, selector) => page.evaluate((selector) => document.querySelector(selector).shadowRoot.querySelector('.tree-note').textContent, selector);
/** The tree's nodes and whether its canvas shows them: pixels of more than the background's colour. */
const treeNodes = (page, selector) => page.evaluate((selector) => {
  const element = document.querySelector(selector);
  const canvas = element.shadowRoot.querySelector('canvas.tree');
  const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let painted = 0;
  for (let i = 0; i < pixels.length; i += 4) if (pixels[i] !== pixels[0] || pixels[i + 1] !== pixels[1] || pixels[i + 2] !== pixels[2]) painted += 1;
  return painted > 500 ? element.state.tree.drawn : 0;
}, selector);

test('?print-pdf: one page per slide; every widget still (no autoplay), complete and inside its page; a widget off-screen is drawn', async () => {
  const { page, context, errors } = await openDeck('?print-pdf');
  await page.waitForFunction(() => document.documentElement.classList.contains('print-pdf') && document.querySelectorAll('.pdf-page tile-search').length === 3);
  await page.waitForFunction(() => [...document.querySelectorAll('tile-search')].every((element) => element.shadowRoot.querySelector('.board .tile')
    && element.state.status === 'ready'));
  assert.equal(await page.locator('.pdf-page').count(), 3);
  assert.equal((await stateOf(page, '#solved')).status, 'ready', 'autoplay does not start in the print view');
  // The second page is below the window: stepped by a script, its tree is drawn all the same.
  assert.equal(await page.locator('#iteration').evaluate((element) => element.getBoundingClientRect().top > innerHeight), true);
  await page.evaluate(() => { const element = document.querySelector('#iteration'); for (let i = 0; i < 6; i += 1) element.step(); });
  await treeNote(page, /^Iteration 1, threshold 17: /, { selector: '#iteration' });
  assert.ok(await treeNodes(page, '#iteration') >= 3);
  assertComplete(await panelsOf(page));
  await page.emulateMedia({ media: 'print' });
  await page.waitForTimeout(300);
  assertComplete(await panelsOf(page));
  await screenshot(page, '72-reveal-print-pdf');
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  assert.deepEqual(errors, []);
  await context.close();
});

test('printing the deck (print media, no print view): a widget on a slide not shown, stepped meanwhile, is drawn complete', async () => {
  const { page, context, errors } = await openDeck();
  await page.evaluate(() => { const element = document.querySelector('#iteration'); for (let i = 0; i < 6; i += 1) element.step(); });
  await page.waitForTimeout(300);
  // On a slide not shown the tree waits (nobody sees it): its note says so, or is not written
  // yet where the widget knew it was hidden before its first drawing (a busy machine).
  const note = await noteNow(page, '#iteration');
  assert.ok(note === '' || /appears here/.test(note), `on a slide not shown the tree waits: ${JSON.stringify(note)}`);
  await page.emulateMedia({ media: 'print' });
  await treeNote(page, /^Iteration 1, threshold 17: /, { selector: '#iteration' });
  assert.ok(await treeNodes(page, '#iteration') >= 3);
  const widgets = await panelsOf(page);
  for (const widget of widgets) {
    assert.equal(widget.tiles, 8);
    for (const panel of widget.panels) assert.equal(panel.drawn, panel.name !== 'solution', `${widget.id}: ${panel.name}`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("dist/slides.html, the starter deck, works with dist/ alone served: reveal.js from dist/reveal/, a widget steps on a slide", async () => {
  // A copy of dist/ in a folder of its own: nothing of the repository (no node_modules/) beside it.
  const folder = await mkdtemp(join(tmpdir(), 'tilesearch-deck-'));
  await cp(join(ROOT, 'dist'), folder, { recursive: true });
  const alone = await startServer(folder);
  try {
    assert.doesNotMatch(await readFile(join(folder, 'slides.html'), 'utf8'), /node_modules|\.\.\//, 'the deck loads nothing outside its folder');
    assert.ok(existsSync(join(folder, 'reveal/LICENSE')), "reveal.js's licence comes with its files");
    const { page, context, errors } = await openWatched(browser, `${alone.url}slides.html`);
    await page.waitForFunction(() => window.Reveal?.isReady() && [...document.querySelectorAll('tile-search')].every(
      (element) => element.shadowRoot.querySelector('.board .tile') && element.state.status === 'ready'));
    // reveal.js laid the deck out: slides scaled, its stylesheet and theme applied.
    assert.equal(await page.locator('.reveal .slides > section').count(), 3);
    assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('.reveal .slides')).position), 'absolute');
    await stepsForward(page, '#now', 3);
    await goTo(page, 1);
    await page.waitForFunction(() => document.querySelector('#iteration').closest('section').classList.contains('present'));
    await stepsForward(page, '#iteration', 4);
    await treeNote(page, /^Iteration 1, threshold 17: /, { selector: '#iteration' });
    assert.ok(await treeNodes(page, '#iteration') >= 3, 'the tree is drawn');
    await screenshot(page, '73-reveal-dist-deck');
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    await alone.close();
    await rm(folder, { recursive: true, force: true });
  }
});
