// The explorer's one screen: at 1280×720 and larger every primary control, the board, Now, the
// pseudo-code and a tree of at least 400 px show without scrolling; on a phone the controls
// stay at hand. Also the moment in the URL, Space as Run/Pause, the announcements that are
// never dropped, and the pseudo-code line each event executes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, openExplorer, openWatched, screenshot, state, waitForState, settle, watchMainThread } from './server.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const button = (page, name) => page.getByRole('button', { name, exact: true });

/** The viewport boxes of the explorer's parts (shadow DOM selectors), and the page's scroll. */
const boxes = (page, selectors) => page.evaluate((selectors) => {
  const root = document.querySelector('tile-search').shadowRoot;
  const out = {};
  for (const [name, selector] of Object.entries(selectors)) {
    const element = root.querySelector(selector);
    const r = element.getBoundingClientRect();
    out[name] = { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height, width: r.width, shown: r.width > 0 && r.height > 0 };
  }
  return { boxes: out, scrollHeight: document.documentElement.scrollHeight, innerHeight, innerWidth, scrollWidth: document.documentElement.scrollWidth };
}, selectors);

const PRIMARY = {
  step: '[data-action="step"]', stepBack: '[data-action="stepBack"]', nextIteration: '[data-action="nextIteration"]',
  run: '[data-action="run"]', reset: '[data-action="reset"]', speed: '.speed input', board: '.board-host .board',
  now: '.now-panel', code: '.code-panel', tree: '.tree-panel',
};

for (const [width, height] of [[1280, 720], [1366, 900]]) {
  test(`one screen at ${width}×${height}: controls, board, Now, pseudo-code and a tree of 400 px or more, no scrolling`, async () => {
    const { page, context, errors } = await openExplorer(browser, server.url, { viewport: { width, height } });
    await page.evaluate(() => { const t = document.querySelector('tile-search'); for (let i = 0; i < 40; i += 1) t.step(); });
    await settle(page);
    const { boxes: b, innerHeight, innerWidth, scrollWidth } = await boxes(page, PRIMARY);
    for (const [name, box] of Object.entries(b)) {
      assert.ok(box.shown, `${name} is shown`);
      assert.ok(box.top >= 0 && box.bottom <= innerHeight + 0.5, `${name} is within the first screen: ${JSON.stringify(box)}`);
      assert.ok(box.left >= 0 && box.right <= innerWidth + 0.5, `${name} is within the width: ${JSON.stringify(box)}`);
    }
    assert.ok(b.tree.height >= 400, `the tree area is ${b.tree.height} px high`);
    assert.ok(scrollWidth <= innerWidth, 'no horizontal scrolling');
    // Cause and effect side by side: board and Now left of the tree, the code right of it.
    assert.ok(b.board.right <= b.tree.left && b.now.right <= b.tree.left && b.code.left >= b.tree.right);
    await screenshot(page, `50-one-screen-${width}x${height}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a phone (390×844): the options, the board and the start of Now on the first screen, the controls stay at hand, 44 px targets', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url, { viewport: { width: 390, height: 844 } });
  await page.evaluate(() => { const t = document.querySelector('tile-search'); for (let i = 0; i < 20; i += 1) t.step(); });
  await settle(page);
  // The options come first (see the next test), so Now begins on the first screen and goes on below it.
  const first = await boxes(page, { step: '[data-action="step"]', goal: '[data-choice="goal"]', board: '.board-host .board' });
  for (const [name, box] of Object.entries(first.boxes)) assert.ok(box.bottom <= first.innerHeight, `${name} on the first screen: ${JSON.stringify(box)}`);
  const now = await boxes(page, { now: '.now-panel' });
  assert.ok(now.boxes.now.top < now.innerHeight, `Now begins on the first screen: ${JSON.stringify(now.boxes.now)}`);
  assert.ok(first.scrollWidth <= 390, 'no horizontal scrolling');
  const targets = await page.evaluate(() => [...document.querySelector('tile-search').shadowRoot.querySelectorAll('.controls button')]
    .filter((b) => b.getBoundingClientRect().width > 0).map((b) => [b.textContent, b.getBoundingClientRect().height, b.getBoundingClientRect().width]));
  for (const [name, h, w] of targets) assert.ok(h >= 44 && w >= 44, `${name}: ${w}×${h}`);
  await screenshot(page, '51-phone-first-screen');
  // Scrolled down to the code and the tree, Step is still on screen and still works.
  await page.evaluate(() => window.scrollTo(0, 1200));
  await page.waitForTimeout(100);
  const scrolled = await boxes(page, { step: '[data-action="step"]' });
  assert.ok(scrolled.boxes.step.top >= 0 && scrolled.boxes.step.bottom <= scrolled.innerHeight, `Step stays on screen: ${JSON.stringify(scrolled.boxes.step)}`);
  const before = (await state(page)).position;
  await button(page, 'Step').click();
  assert.equal((await state(page)).position, before + 1);
  await screenshot(page, '52-phone-scrolled');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a phone (390×844): top to bottom the options (board field, presets, Check a trace), the board, Now, the tree, then the pseudo-code and the glossary', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url, { viewport: { width: 390, height: 844 } });
  await page.evaluate(() => { const t = document.querySelector('tile-search'); for (let i = 0; i < 5; i += 1) t.step(); });
  await settle(page);
  const { boxes: b } = await boxes(page, { field: '.input .field input', presets: '.input [data-choice="preset"]', share: '.share',
    board: '.board-host .board', now: '.now-panel', tree: '.tree-panel', code: '.code-panel', glossary: '.glossary-panel' });
  const order = ['field', 'presets', 'share', 'board', 'now', 'tree', 'code', 'glossary'];
  for (const name of order) assert.ok(b[name].shown, `${name} is shown`);
  for (let i = 1; i < order.length; i += 1) {
    assert.ok(b[order[i - 1]].bottom <= b[order[i]].top + 1, `${order[i - 1]} above ${order[i]}: ${JSON.stringify(Object.fromEntries(order.map((n) => [n, Math.round(b[n].top)])))}`);
  }
  await screenshot(page, '53-phone-order');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the URL holds the moment: opening #board=…&step=N shows that event; stepping writes it back', async () => {
  const url = `${server.url}#board=6+4+5+8+2+7+1+0+3&heuristic=manhattan&goal=blank-last&step=57`;
  // Opened straight at the moment: never 'ready' at event 0 first.
  const { page, context, errors } = await openWatched(browser, url, { viewport: { width: 1280, height: 720 } });
  const there = await waitForState(page, (s) => s.position === 57 && s.status === 'paused');
  const reference = await page.evaluate(async () => {
    const core = await import('/www/pkg/tilesearch.js');
    await core.default();
    const solver = new core.Solver({ board: '6 4 5 8 2 7 1 0 3' });
    let event;
    for (let i = 0; i < 57; i += 1) event = solver.step();
    const moment = { event, iteration: solver.iteration, threshold: solver.threshold, expanded: solver.expanded };
    solver.free();
    return moment;
  });
  assert.deepEqual([there.lastEvent, there.iteration, there.threshold, there.expanded], [reference.event, reference.iteration, reference.threshold, reference.expanded]);
  await button(page, 'Step').click();
  await button(page, 'Step').click();
  await page.waitForFunction(() => location.hash.includes('step=59'));
  assert.match(await page.evaluate(() => location.hash), new RegExp(`&step=59&iteration=${there.iteration}$`));
  // Reset: the hash loses the step.
  await button(page, 'Reset').click();
  await page.waitForFunction(() => !location.hash.includes('step='));
  // A position property: back and forth, each the same moment as stepping there.
  await page.evaluate(() => { document.querySelector('tile-search').position = 57; });
  const again = await waitForState(page, (s) => s.position === 57 && s.status === 'paused');
  assert.deepEqual(again.lastEvent, reference.event);
  const bad = await page.evaluate(() => { try { document.querySelector('tile-search').position = -1; return null; } catch (error) { return `${error.name}: ${error.message}`; } });
  assert.equal(bad, 'RangeError: position must be a whole number of events (0 or more), not -1');
  assert.equal((await state(page)).position, 57, 'a bad position changes nothing');
  for (const bad of [2.5, '12', NaN]) {
    const thrown = await page.evaluate((v) => { try { document.querySelector('tile-search').position = v; return null; } catch (error) { return error.name; } }, bad);
    assert.equal(thrown, 'RangeError', `position = ${JSON.stringify(bad)}`);
  }
  // The attribute: a bad value is named in the widget's message line, and the moment stays.
  await page.evaluate(() => document.querySelector('tile-search').setAttribute('position', 'ten'));
  assert.equal(await page.locator('tile-search .message').textContent(),
    '⚠ This widget\'s settings need a fix: position="ten": not a number of events; use a whole number (0 or more).');
  assert.equal((await state(page)).position, 57);
  await page.evaluate(() => document.querySelector('tile-search').setAttribute('position', '12'));
  await waitForState(page, (s) => s.position === 12 && s.status === 'paused');
  assert.equal(await page.locator('tile-search .message').textContent(), '');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Space is Run/Pause anywhere in the widget, also on a focused button; Enter presses the button', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url, { viewport: { width: 1280, height: 720 } });
  await button(page, 'Step').click();
  await button(page, 'Reset').focus();
  await page.keyboard.press('Space');
  assert.equal((await state(page)).status, 'running', 'Space on the focused Reset button runs');
  await waitForState(page, (s) => s.position >= 3);
  await page.keyboard.press('Space');
  const paused = await state(page);
  assert.equal(paused.status, 'paused');
  assert.ok(paused.position > 1, 'Reset was not pressed');
  await button(page, 'Reset').focus();
  await page.keyboard.press('Enter');
  assert.equal((await state(page)).position, 0, 'Enter presses the focused button');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Reset, every raise and the solution are announced, none dropped by the rate limit', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url, { viewport: { width: 1280, height: 720 } });
  await page.evaluate(() => {
    window.spoken = [];
    const live = document.querySelector('tile-search').shadowRoot.querySelector('.live');
    new MutationObserver(() => window.spoken.push(live.textContent)).observe(live, { childList: true, characterData: true, subtree: true });
  });
  await button(page, 'Step').click();
  await button(page, 'Reset').click();
  await button(page, 'Next iteration').click();
  await waitForState(page, (s) => s.lastEvent?.type === 'raise' && s.status === 'paused');
  await button(page, 'Next iteration').click();
  await waitForState(page, (s) => s.iteration === 2 && s.lastEvent?.type === 'raise' && s.status === 'paused');
  // The rate limit speaks one announcement per 1.5 s: wait for the queue to drain.
  let spoken = [];
  for (const end = Date.now() + 15000; Date.now() < end; await page.waitForTimeout(200)) {
    spoken = await page.evaluate(() => window.spoken);
    if (spoken.filter((text) => /threshold rises/.test(text)).length >= 2) break;
  }
  assert.ok(spoken.some((text) => /^Reset/.test(text)), JSON.stringify(spoken));
  assert.deepEqual(spoken.filter((text) => /threshold rises/.test(text)), [
    'No goal within threshold 17: the threshold rises to 19, the smallest pruned f.',
    'No goal within threshold 19: the threshold rises to 21, the smallest pruned f.']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the pseudo-code highlights the line each event executes, with its variables', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url, { viewport: { width: 1280, height: 720 } });
  const current = () => page.evaluate(() => {
    const root = document.querySelector('tile-search').shadowRoot;
    const line = root.querySelector('.code-panel [aria-current="step"]');
    const vars = Object.fromEntries([...root.querySelectorAll('.code-var')].map((v) => [v.querySelector('dt').textContent, v.querySelector('dd').textContent]));
    return { line: line?.querySelector('.code-text').textContent ?? null, vars };
  });
  assert.equal((await current()).line, null, 'nothing executed before the first step');
  const expected = { iteration: /^threshold = h\(start\)/, node: /^f = g \+ h\(state\)/, prune: /^if f > threshold: return f/, backtrack: /^(undo\(move\)|return min)/, raise: /^threshold = t/ };
  const seen = new Set();
  await page.locator('tile-search').focus();
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press('ArrowRight');
    const s = await state(page);
    const { line, vars } = await current();
    const pattern = s.lastEvent.type === 'iteration' && s.lastEvent.iteration > 1 ? /^t = boundedDFS\(start/ : expected[s.lastEvent.type];
    assert.match(line, pattern, `${JSON.stringify(s.lastEvent)} highlights ${line}`);
    assert.equal(vars.threshold, String(s.threshold));
    if (s.lastEvent.type === 'prune') assert.equal(vars.f, String(s.lastEvent.f));
    seen.add(s.lastEvent.type);
  }
  assert.deepEqual([...seen].sort(), ['backtrack', 'iteration', 'node', 'prune', 'raise']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the size menu, the title and the URL follow the board: a 5×5 board says 5×5', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url, { viewport: { width: 1280, height: 720 } });
  const five = '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24';
  await page.getByRole('textbox', { name: /Board/ }).fill(five);
  await waitForState(page, (s) => s.status === 'ready' && s.position === 0);
  assert.equal(await page.getByRole('combobox', { name: 'Size' }).inputValue(), '5');
  await page.waitForFunction(() => /5×5/.test(document.title));
  assert.equal(await page.title(), 'tilesearch: IDA* step by step on a 5×5 board');
  assert.match(page.url(), /#board=1\+2\+3\+4\+5\+6\+7\+8\+9\+10\+11\+12\+13\+14\+15\+16\+17\+18\+19\+20\+21\+22\+23\+0\+24&/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the timeline goes to an iteration: pressing its number shows that iteration whole, to its raise (the core seeks there)', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url, { viewport: { width: 1280, height: 720 } });
  await page.evaluate(() => { const t = document.querySelector('tile-search'); t.speed = 'max'; t.play(); });
  await waitForState(page, (s) => s.status === 'solved');
  await page.locator('tile-search table.timeline tbody button', { hasText: /^2$/ }).click();
  const there = await waitForState(page, (s) => s.lastEvent?.type === 'raise' && s.status === 'paused');
  assert.deepEqual(there.lastEvent, { type: 'raise', from: 19, to: 21 });
  // Its position is the core's: the events up to and including iteration 2's raise; the tree
  // draws every node of iteration 2.
  const { position, nodes } = await page.evaluate(async () => {
    const core = await import('/www/pkg/tilesearch.js');
    await core.default();
    const solver = new core.Solver({ board: '6 4 5 8 2 7 1 0 3' });
    let n = 0, nodes = 0, event, iteration = 0;
    while ((event = solver.step())) {
      n += 1;
      if (event.type === 'iteration') iteration = event.iteration;
      if (iteration === 2 && (event.type === 'node' || event.type === 'prune')) nodes += 1;
      if (event.type === 'raise' && iteration === 2) break;
    }
    solver.free();
    return { position: n, nodes };
  });
  assert.equal(there.position, position);
  assert.deepEqual([there.tree.iteration, there.tree.nodes], [2, nodes]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a link to a far event of a long search never blocks the page: the walk there goes in slices, and Reset stops it', async () => {
  const korf1 = '14+13+15+7+11+12+9+5+6+0+2+1+4+8+10+3';
  const { page, context, errors } = await openWatched(browser, `${server.url}#board=${korf1}&heuristic=manhattan&goal=blank-first&step=1000000000`,
    { viewport: { width: 1280, height: 720 }, init: watchMainThread });
  // The walk skips at most CATCH_UP_CHUNK events (explorer.js) before it waits for the next
  // frame: the page draws a frame per chunk walked, however long a chunk takes here.
  const CATCH_UP_CHUNK = 300000;
  const walked = () => page.evaluate(() => {
    const text = document.querySelector('tile-search')?.shadowRoot.querySelector('.progress').textContent ?? '';
    const toGo = text.match(/^Going to event 1,000,000,000: ([\d,]+) events to go\.$/)?.[1];
    return { toGo: toGo === undefined ? null : Number(toGo.replaceAll(',', '')), frames: window.mainThread.frames };
  });
  const end = Date.now() + 60000;
  let first;
  while ((first = await walked()).toGo === null) assert.ok(Date.now() < end, 'the walk started');
  let last = first;
  while (first.toGo - last.toGo < 5 * CATCH_UP_CHUNK) {
    last = await walked();
    assert.ok(last.toGo !== null && Date.now() < end, `still walking: ${JSON.stringify(last)}`);
  }
  console.log(`# walking: ${first.toGo - last.toGo} events in ${last.frames - first.frames} frames`);
  // (+2: the progress line is drawn in the frame after its chunk.)
  assert.ok((first.toGo - last.toGo) <= CATCH_UP_CHUNK * (last.frames - first.frames + 2),
    `${first.toGo - last.toGo} events walked in ${last.frames - first.frames} frames`);
  await page.locator('tile-search [data-action="reset"]').click();
  const reset = await waitForState(page, (s) => s.position === 0 && s.status === 'ready');
  assert.equal(reset.lastEvent, null);
  assert.equal(await page.locator('tile-search .progress').textContent(), '');
  assert.deepEqual(errors, []);
  await context.close();
});
