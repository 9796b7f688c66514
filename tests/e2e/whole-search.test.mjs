// The lesson across moments: at a raise, the pruned children whose f became the next threshold
// are named (state.raise, Now's links that select them in the tree, the narration, predict
// mode's explanation) and checked against the trace the element steps through.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, openExplorer, state, screenshot, waitForState, treeNote } from './server.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const BOARD = '6 4 5 8 2 7 1 0 3';
const shadow = (page, selector) => page.locator(`tile-search ${selector}`);

/** Steps to the next raise; returns the iteration's prune events and the raise (the trace's own). */
const toRaise = (page) => page.evaluate(() => {
  const element = document.querySelector('tile-search');
  let prunes = [];
  for (;;) {
    const event = element.step();
    if (!event) throw new Error('no raise');
    if (event.type === 'iteration') prunes = [];
    if (event.type === 'prune') prunes.push(event);
    if (event.type === 'raise') return { prunes, raise: event };
  }
});

test("at a raise, the children that set the next threshold: state.raise, the tree's marks, Now's links, the narration", async () => {
  for (const heuristic of ['manhattan', 'hamming']) {
    const { page, context, errors } = await openExplorer(browser, `${server.url}#board=${BOARD.replaceAll(' ', '+')}&heuristic=${heuristic}`,
      { viewport: { width: 1280, height: 720 } });
    assert.equal((await state(page)).raise, null, 'no raise before the first');
    for (let n = 1; n <= 2; n += 1) {
      const { prunes, raise } = await toRaise(page);
      const expected = prunes.filter((p) => p.f === raise.to);
      const s = await state(page);
      assert.deepEqual(s.raise, { from: raise.from, to: raise.to, count: expected.length,
        causes: expected.slice(0, 50).map(({ id, g, h, f, tile }) => ({ id, g, h, f, tile })) }, `${heuristic}, raise ${n}`);
      // Now: the narration names them; the links, one per cause (four at most), select their node.
      const narration = await shadow(page, '.narration').textContent();
      assert.match(narration, new RegExp(`raise the threshold to ${raise.to}, the smallest pruned f: (one child was|[\\d,]+ children were) pruned with f = ${raise.to}: #${expected[0].id} `));
      const links = shadow(page, '.causes button');
      assert.equal(await links.count(), Math.min(4, expected.length));
      const more = expected.length - Math.min(4, expected.length);
      assert.equal(await shadow(page, '.causes').textContent(), `Select in the tree: ${expected.slice(0, 4).map(({ id }) => `▲ #${id}`).join(' ')}${more ? ` and ${more} more.` : ''}`);
      const last = expected[Math.min(4, expected.length) - 1];
      await links.nth(Math.min(4, expected.length) - 1).click();
      assert.equal((await state(page)).tree.selected?.id, last.id, 'the link selects its node in the tree');
      assert.match(await shadow(page, '.selection').textContent(), new RegExp(`#${last.id}\\b`));
    }
    if (heuristic === 'manhattan') await screenshot(page, '40-raise-causes', { fullPage: false });
    // The next event starts the next iteration: no raise, no links.
    await page.evaluate(() => document.querySelector('tile-search').step());
    assert.equal((await state(page)).raise, null);
    assert.equal(await shadow(page, '.causes').isHidden(), true);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("predict mode's answer on the next threshold names the children that set it", async () => {
  const { page, context, errors } = await openExplorer(browser, `${server.url}#board=${BOARD.replaceAll(' ', '+')}`);
  const result = await page.evaluate(() => {
    const element = document.querySelector('tile-search');
    element.mode = 'predict';
    for (let i = 0; i < 500; i += 1) {
      const question = element.question;
      if (question?.kind === 'next-threshold') return element.answer(19);
      if (question) element.answer(question.choices ? question.choices[0] : 0); else element.step();
    }
    return null;
  });
  assert.ok(result, 'a next-threshold question was asked');
  assert.equal(result.correct, true);
  const s = await state(page);
  assert.equal(s.raise.to, 19);
  assert.equal(result.explanation, `No goal within threshold 17: raise the threshold to 19, the smallest pruned f: ${s.raise.count} children were pruned with f = 19: ${s.raise.causes.map(({ id, tile }) => `#${id} (slid ${tile})`).join(', ').replace(/, (?=[^,]*$)/, ' and ')}.`);
  assert.deepEqual(errors, []);
  await context.close();
});

/** Walks the tree with its keys (depth-first: Down, else Right, else Up and Right) to the first folded run's mark; its sentence, or null. */
const keyToFoldedRun = (page) => page.evaluate(() => {
  const root = document.querySelector('tile-search').shadowRoot;
  const canvas = root.querySelector('canvas.tree'), live = root.querySelector('.tree-live');
  const key = (name) => { canvas.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true })); return live.textContent; };
  let text = key('Home');
  for (let n = 0; n < 20000; n += 1) {
    if (/pruned children folded/.test(text)) return text;
    const down = key('ArrowDown');
    if (!/No children drawn\.$/.test(down)) { text = down; continue; }
    for (;;) {
      const right = key('ArrowRight');
      if (!/The last child\.$/.test(right)) { text = right; break; }
      if (/It is the root\.$/.test(key('ArrowUp'))) return null;
    }
  }
  return null;
});

test('a whole iteration readable: compact boxes with g, h and f across the panel, runs of pruned siblings folded into one mark that opens', async () => {
  for (const viewport of [{ width: 1280, height: 720 }, { width: 390, height: 844 }]) {
    const { page, context, errors } = await openExplorer(browser, `${server.url}#board=${BOARD.replaceAll(' ', '+')}`, { viewport });
    const name = `${viewport.width}x${viewport.height}`;
    await toRaise(page);
    await toRaise(page);
    let s = await state(page);
    // Iteration 2 (34 nodes): labelled boxes would need 1,400 px; compact ones fit every branch across.
    assert.equal(s.tree.iteration, 2);
    if (viewport.width === 1280) {
      assert.equal(s.tree.boxes, 'compact', `${name}: ${JSON.stringify(s.tree)}`);
      await screenshot(page, `41-whole-iteration-${name}`, { fullPage: false });
    }
    await toRaise(page);
    s = await state(page);
    assert.equal(s.tree.iteration, 3);
    assert.ok(s.tree.folded.runs > 0 && s.tree.folded.nodes >= 2 * s.tree.folded.runs, `${name}: ${JSON.stringify(s.tree.folded)}`);
    // The keys reach a run's mark; Enter opens it: one run fewer, its first node selected.
    const sentence = await keyToFoldedRun(page);
    assert.match(sentence ?? '', /^(\d+) pruned children folded, nodes (\d+) to \d+: f [\d, …]+ > threshold 21\. Enter opens them\.$/);
    const [, size, first] = sentence.match(/^(\d+) pruned children folded, nodes (\d+)/);
    await page.evaluate(() => document.querySelector('tile-search').shadowRoot.querySelector('canvas.tree')
      .dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    const opened = await state(page);
    assert.ok(opened.tree.folded.runs < s.tree.folded.runs, `a run opened: ${JSON.stringify(opened.tree.folded)}`);
    assert.ok(opened.tree.folded.nodes <= s.tree.folded.nodes - Number(size), `its ${size} nodes laid out: ${JSON.stringify(opened.tree.folded)}`);
    assert.equal(opened.tree.selected?.id, Number(first), 'the run\'s first node is selected');
    assert.equal(opened.tree.nodes, s.tree.nodes, 'opening draws, it does not search');
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('beyond the drawn nodes, a live strip shows where the search is: the path\'s depth per redraw, under the threshold', async () => {
  const KORF_1 = '13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2';
  const { page, context, errors } = await openExplorer(browser, `${server.url}#board=${KORF_1.replaceAll(' ', '+')}`, { viewport: { width: 1280, height: 720 } });
  const pulse = shadow(page, 'canvas.tree-pulse');
  assert.equal(await pulse.isHidden(), true, 'all drawn: no strip');
  await page.evaluate(() => { document.querySelector('tile-search').speed = Infinity; });
  // Paused while the strip is shown: where the last batch before the pause began a new
  // iteration, the strip went with the old one's nodes (hidden), and the search runs on.
  for (let tries = 0; ; tries += 1) {
    await page.evaluate(() => document.querySelector('tile-search').play());
    await page.waitForFunction(() => !document.querySelector('tile-search').shadowRoot.querySelector('canvas.tree-pulse').hidden);
    // Two redraws at least, so the strip has moved on.
    const first = await pulse.getAttribute('aria-label');
    await page.waitForFunction((first) => document.querySelector('tile-search').shadowRoot.querySelector('canvas.tree-pulse').getAttribute('aria-label') !== first, first);
    await page.evaluate(() => document.querySelector('tile-search').pause());
    await waitForState(page, (st) => st.status === 'paused');
    if (!(await pulse.isHidden())) break;
    assert.ok(tries < 5, 'the strip shown at a pause');
  }
  const s = await state(page);
  const label = await pulse.getAttribute('aria-label');
  const [, low, high, g, f, t] = label.match(/^Where the search is: its path reached depths (\d+) to (\d+) since the last redraw; now at g (\d+), f (\d+), under threshold (\d+)\.$/).map(Number);
  // The path's nodes were visited: f = g + h ≤ t, so no path goes deeper than t.
  assert.ok(low <= g && g <= high && g <= f && f <= t, label);
  assert.ok(high <= t, `no path deeper than the threshold: ${label}`);
  assert.equal(t, s.threshold, 'the strip is the shown iteration\'s');
  await treeNote(page, /The first 50,000 nodes are drawn; the other [\d,]+ are counted only .* Each node drawn costs the page time: Solve now, which draws none, searches many times faster\.$/);
  await screenshot(page, '42-live-strip-1280x720', { fullPage: false });
  // A new iteration, or Reset: the strip goes with the nodes it stood for.
  await page.evaluate(() => document.querySelector('tile-search').reset());
  await page.waitForFunction(() => document.querySelector('tile-search').shadowRoot.querySelector('canvas.tree-pulse').hidden);
  assert.deepEqual(errors, []);
  await context.close();
});

/** Steps to the next raise; the iteration's visited nodes and pruned children (the trace's events) and the raise. */
const iterationToRaise = (page) => page.evaluate(() => {
  const element = document.querySelector('tile-search');
  let nodes = [], prunes = [];
  for (;;) {
    const event = element.step();
    if (!event) throw new Error('no raise');
    if (event.type === 'iteration') { nodes = []; prunes = []; }
    if (event.type === 'node') nodes.push(event);
    if (event.type === 'prune') prunes.push(event);
    if (event.type === 'raise') return { nodes, prunes, raise: event };
  }
});

const overview = async (page) => (await state(page)).tree.overview;
const clickAt = (page, box) => page.mouse.click(box.x, box.y);

test('Whole iteration: the lecture\'s 270-node iteration on one 1280×720 screen, every node labelled; pruned children one item per parent that opens; it steps, selects and closes', async () => {
  const { page, context, errors } = await openExplorer(browser, `${server.url}#board=${BOARD.replaceAll(' ', '+')}`, { viewport: { width: 1280, height: 720 } });
  await iterationToRaise(page);
  await iterationToRaise(page);
  const { nodes, prunes, raise } = await iterationToRaise(page);
  assert.equal(nodes.length + prunes.length, 270);
  const whole = page.getByRole('button', { name: 'Whole iteration', exact: true });
  await whole.click();
  await waitForState(page, (s) => s.tree.overview !== null);
  const dialog = page.getByRole('dialog', { name: /^Iteration 3, threshold 21: the whole iteration$/ });
  assert.equal(await dialog.isVisible(), true);
  let o = await overview(page);
  // One item per visited node and one per parent of pruned children; every depth a column.
  const parents = new Set(prunes.map((p) => p.parent));
  assert.equal(o.items, nodes.length + parents.size, JSON.stringify(o));
  assert.equal(o.depths, Math.max(...nodes.map((n) => n.g), ...prunes.map((p) => p.g)) + 1);
  assert.ok(o.fits, `the whole iteration on screen, no scrolling: ${JSON.stringify(o)}`);
  assert.ok(o.fontPx >= 12 && o.rowHeight >= 14 && o.boxWidth >= 54, `labels at full size: ${JSON.stringify(o)}`);
  // At the raise every group holding a child with f = the new threshold is marked.
  assert.equal(o.causes, new Set(prunes.filter((p) => p.f === raise.to).map((p) => p.parent)).size);
  assert.match(await page.locator('tile-search .overview-counts').textContent(), new RegExp(`^${nodes.length} visited, ${prunes.length} pruned, in ${o.rows} rows and ${o.depths} columns\\.$`));
  await screenshot(page, '42-whole-iteration-overview-1280x720', { fullPage: false });
  // A group of pruned children opens into one row each.
  const group = o.firstGroup;
  assert.ok(group && group.box && group.ids.length >= 2, JSON.stringify(group));
  assert.deepEqual(group.ids, prunes.filter((p) => p.parent === prunes.find((q) => q.id === group.ids[0]).parent).map((p) => p.id));
  await clickAt(page, group.box);
  await waitForState(page, (s) => s.tree.overview?.opened === 1);
  o = await overview(page);
  assert.equal(o.items, nodes.length + parents.size + group.ids.length - 1);
  assert.match(await page.locator('tile-search .overview-described').textContent(), new RegExp(`^Opened ${group.ids.length} pruned children of node \\d+: one row each\\.$`));
  // → steps the search with the overview open: iteration 4 starts, drawn as it grows.
  for (let n = 0; n < 12; n += 1) await page.keyboard.press('ArrowRight');
  await waitForState(page, (s) => s.iteration === 4 && s.tree.overview?.current !== null && s.tree.nodes >= 10);
  assert.equal(await page.getByRole('dialog', { name: /^Iteration 4, threshold 23: the whole iteration$/ }).isVisible(), true);
  o = await overview(page);
  assert.equal(o.opened, 0, 'a new iteration starts with its groups closed');
  // A click on a node selects it, as in the tree.
  await clickAt(page, o.current);
  await waitForState(page, (t) => t.tree.selected !== null);
  const selected = (await state(page)).tree.selected;
  assert.match(await page.locator('tile-search .overview-described').textContent(), new RegExp(`^Node ${selected.id}: .*g ${selected.g}, h ${selected.h}, f ${selected.g + selected.h}, visited\\.$`));
  // Keys pressed in it never reach the page (a slide deck's own keys), Escape included; Escape
  // closes it, the focus goes back to its button, the selection stays.
  await page.evaluate(() => { window.pageKeys = []; document.addEventListener('keydown', (event) => window.pageKeys.push(event.key)); });
  await page.keyboard.press('f');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Escape');
  await waitForState(page, (t) => t.tree.overview === null);
  assert.equal(await page.evaluate(() => document.querySelector('tile-search').shadowRoot.activeElement?.dataset.zoom), 'whole');
  assert.equal((await state(page)).tree.selected.id, selected.id);
  assert.deepEqual(await page.evaluate(() => window.pageKeys), []);
  await page.keyboard.press('f');
  assert.deepEqual(await page.evaluate(() => window.pageKeys), ['f'], 'closed, the page has its keys again');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Whole iteration on a phone: the columns pan inside the overview, the page does not scroll sideways; a frontier search has no overview', async () => {
  const { page, context, errors } = await openExplorer(browser, `${server.url}#board=${BOARD.replaceAll(' ', '+')}`, { viewport: { width: 390, height: 844 } });
  await iterationToRaise(page);
  await iterationToRaise(page);
  await iterationToRaise(page);
  await page.getByRole('button', { name: 'Whole iteration', exact: true }).click();
  await waitForState(page, (s) => s.tree.overview !== null);
  const o = await overview(page);
  assert.equal(o.fits, false, 'twenty columns do not fit 390 px');
  const sizes = await page.evaluate(() => {
    const scroller = document.querySelector('tile-search').shadowRoot.querySelector('.overview-scroller');
    return { scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth, page: document.documentElement.scrollWidth, innerWidth };
  });
  assert.ok(sizes.scrollWidth > sizes.clientWidth && sizes.page <= sizes.innerWidth, JSON.stringify(sizes));
  assert.ok(o.fontPx >= 12 && o.boxWidth >= 54, JSON.stringify(o));
  await screenshot(page, '42-whole-iteration-overview-390x844', { fullPage: false });
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await waitForState(page, (s) => s.tree.overview === null);
  await page.locator('tile-search').evaluate((element) => { element.algorithm = 'bfs'; });
  await waitForState(page, (s) => s.algorithm === 'bfs');
  assert.equal(await page.getByRole('button', { name: 'Whole iteration', exact: true }).isHidden(), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Whole iteration on a 15-puzzle: a larger iteration scrolls, and the search\'s current node stays in view as it steps', async () => {
  const KORF_1 = '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3'; // Korf's #1, his own goal (blank first)
  const { page, context, errors } = await openExplorer(browser, `${server.url}#board=${KORF_1.replaceAll(' ', '+')}&goal=blank-first`,
    { viewport: { width: 1280, height: 720 } });
  await iterationToRaise(page);
  await page.evaluate(() => { const element = document.querySelector('tile-search'); for (let i = 0; i < 400; i += 1) element.step(); });
  await page.getByRole('button', { name: 'Whole iteration', exact: true }).click();
  await waitForState(page, (s) => s.tree.overview?.current != null);
  await screenshot(page, '42-whole-iteration-overview-15-puzzle-1280x720', { fullPage: false });
  for (let round = 0; round < 3; round += 1) {
    await page.evaluate(() => { const element = document.querySelector('tile-search'); for (let i = 0; i < 300; i += 1) element.step(); });
    const s = await waitForState(page, (t) => t.tree.overview?.current != null);
    assert.equal(s.iteration, 2);
    assert.ok(s.tree.overview.fontPx >= 12, JSON.stringify(s.tree.overview));
  }
  const o = await overview(page);
  assert.equal(o.fits, false, `iteration 2 of Korf #1 outgrows the screen: ${o.rows} rows`);
  assert.deepEqual(errors, []);
  await context.close();
});
