// "Check my IDA*" through the real page: the teaching text's Python solver (tests/check/ida_star.py)
// writes a trace, correct or with one of its mistakes; the explorer has the core check it in the
// worker, shows the verdict with the student's lines beside IDA*'s events, and stands at the
// moment before the divergence (in the trace's move order, once the reader follows it: the
// widget keeps its own order until then). Also the file upload, the keyboard,
// element.checkTrace() resolving and rejecting, and the order attribute.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startServer, launch, openExplorer, screenshot, state, waitForState, boardLabel, ROOT, WAIT_MS } from './server.mjs';
import { initSync, Solver, boardAfter, checkTrace } from '../../www/pkg/tilesearch.js';

initSync({ module: readFileSync(join(ROOT, 'www/pkg/tilesearch_bg.wasm')) });

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const BOARD = '6 4 5 8 2 7 1 0 3';
const python = (...args) => execFileSync('python3', [join(ROOT, 'tests/check/ida_star.py'), BOARD, ...args], { maxBuffer: 1 << 28 }).toString();
const $ = (page, selector) => page.locator(`tile-search ${selector}`);
const live = (page) => page.evaluate(() => document.querySelector('tile-search').shadowRoot.querySelector('.live').textContent);
const focused = (page) => page.evaluate(() => {
  const active = document.querySelector('tile-search').shadowRoot.activeElement;
  return active ? active.className || active.tagName.toLowerCase() : null;
});

/** The rows of the core's own board after `position` events in `order` (a fresh Solver here, in Node), as the board's label says them. */
const coreRowsAt = (order, position) => {
  const solver = new Solver({ board: BOARD, order });
  const moves = [];
  for (let i = 0; i < position; i += 1) {
    const event = solver.step();
    // The path to the node shown: a node goes one deeper, a backtrack one back.
    if (event.type === 'node') { moves.length = Math.max(0, event.g - 1); if (event.tile !== null) moves.push(event.tile); }
    if (event.type === 'backtrack') moves.pop();
  }
  solver.free();
  const tiles = boardAfter(BOARD, moves).map((t) => (t === 0 ? 'blank' : t));
  return [0, 3, 6].map((r) => tiles.slice(r, r + 3).join(' ')).join(' / ');
};

test('keyboard: Share menu → Check a trace…, paste a correct trace, Check: the summary, the order, the end of the search', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  await $(page, '.share summary').focus();
  await page.keyboard.press('Enter');
  await $(page, '[data-share="check-trace"]').focus();
  await page.keyboard.press('Enter');
  assert.equal(await focused(page), 'textarea', 'the keyboard is in the card');
  assert.equal(await $(page, '.share details').getAttribute('open'), null, 'the menu closed');
  // An empty trace is named, not checked.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  assert.match(await $(page, '.check-status').textContent(), /^Paste your trace first/);
  assert.equal(await focused(page), 'textarea');
  // A paste: the text at once (typing 5,000 lines would take minutes).
  await page.evaluate((text) => {
    const area = document.querySelector('tile-search').shadowRoot.querySelector('textarea');
    area.value = text;
    area.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  }, python());
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('tile-search').shadowRoot.querySelector('.check-headline').textContent !== '');
  assert.equal(await $(page, '.check-headline').textContent(), 'Correct IDA*');
  assert.equal(await focused(page), 'check-headline', 'the keyboard goes to the verdict');
  assert.match(await $(page, '.check-message').textContent(), /^5 iterations, 3,304 visited, 2,126 pruned, a solution of 25 moves, move order udlr/);
  // The card names the trace's order; the widget keeps its own until the reader follows the trace.
  assert.match(await $(page, '.check-where').textContent(), /^Your trace's move order: udlr \(blank up, down, left, right\)\. This widget searches in order lrud/);
  assert.equal((await state(page)).order, 'lrud');
  await $(page, '.check-follow').focus();
  await page.keyboard.press('Enter');
  const s = await waitForState(page, (s) => s.status === 'solved');
  assert.equal(s.order, 'udlr', 'the explorer follows the trace\'s move order when asked');
  assert.equal(s.position, 8718);
  assert.equal(s.solution.length, 25);
  assert.match(await live(page), /^Your trace is correct IDA\*/);
  assert.equal(await $(page, '.check-rows tbody tr.diverges').count(), 0);
  assert.equal(await $(page, '.check-rows tbody tr').count(), 3);
  // Close: the card goes, the keyboard returns to the menu.
  await $(page, '.check-close').focus();
  await page.keyboard.press('Enter');
  assert.equal(await $(page, '.check-panel').isHidden(), true);
  assert.equal(await page.evaluate(() => document.querySelector('tile-search').shadowRoot.activeElement?.tagName), 'SUMMARY');
  assert.deepEqual(errors, []);
  await context.close();
});

test('element.checkTrace with no-prune: resolves with the core\'s verdict, the check event, line 3 beside the core\'s prune, the moment before it', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  const trace = python('no-prune');
  const { verdict, detail } = await page.evaluate(async (trace) => {
    const element = document.querySelector('tile-search');
    const heard = new Promise((resolve) => element.addEventListener('check', (event) => resolve(event.detail), { once: true }));
    const verdict = await element.checkTrace(trace);
    return { verdict, detail: await heard };
  }, trace);
  assert.deepEqual(detail, verdict);
  assert.equal(verdict.ok, false);
  assert.equal(verdict.line, 3);
  assert.equal(verdict.kind, 'not-pruned');
  assert.equal(verdict.expected.type, 'prune');
  assert.equal((await state(page)).position, 0, 'the widget stays where it was: its order is not the trace\'s');
  await $(page, '.check-follow').click();
  const s = await waitForState(page, (s) => s.position === verdict.position && s.tree.selected !== null);
  assert.equal(s.order, verdict.order);
  assert.equal(s.position, 2);
  // The moment before the prune: the root visited, its parent; the ring on that parent.
  assert.equal(s.lastEvent.type, 'node');
  assert.equal(s.lastEvent.id, verdict.expected.parent);
  assert.equal(s.tree.selected.id, verdict.expected.parent);
  assert.ok((await boardLabel(page)).startsWith(`Board: ${coreRowsAt(verdict.order, 2)}`));
  assert.equal(await $(page, '.check-panel').isVisible(), true);
  assert.equal(await $(page, '.check-headline').textContent(), 'Not pruned, at line 3');
  assert.match(await $(page, '.check-message').textContent(), /> threshold 17: this child is pruned, not visited/);
  const diverging = await $(page, '.check-rows tr.diverges').innerText();
  assert.match(diverging, /^3\s+node tile 2 g 1 h 18 f 19\s+prune tile 2 g 1 h 18 f 19 > 17$/);
  assert.deepEqual(await $(page, '.check-rows tr.diverges .differs').allTextContents(), ['node', 'prune']);
  assert.deepEqual(await $(page, '.check-rows tbody th').allTextContents(), ['1', '2', '3']);
  assert.match(await $(page, '.check-where').textContent(), new RegExp(`order ${verdict.order}.*after 2 events\\)\\. Ringed in the tree: node #0`));
  assert.match(await live(page), /^Not pruned, at line 3: /);
  // The pseudo-code shows the same moment: the root's f is compared with the threshold.
  assert.match(await $(page, '.code-line.code-current').textContent(), /f = g \+ h\(state\)/);
  assert.equal(await state(page).then((x) => x.status), 'paused');
  assert.deepEqual(errors, []);
  await context.close();
});

test('upload a file with no-reverse-check and wrong-f: the right line, the board at the divergence', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url, { viewport: { width: 1280, height: 720 } });
  await $(page, '.share summary').click();
  await $(page, '[data-share="check-trace"]').click();
  await $(page, '.check-file input').setInputFiles({ name: 'trace.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(python('no-reverse-check')) });
  await page.waitForFunction(() => /at line/.test(document.querySelector('tile-search').shadowRoot.querySelector('.check-headline').textContent));
  assert.equal(await $(page, '.check-headline').textContent(), 'Move that undoes its parent’s, at line 11');
  await $(page, '.check-follow').click();
  let s = await waitForState(page, (s) => s.position === 11 && s.status === 'paused');
  assert.equal(s.order, 'udlr');
  // The board shown is the core's board after 11 events in that order.
  assert.ok((await boardLabel(page)).startsWith(`Board: ${coreRowsAt('udlr', 11)}`), await boardLabel(page));
  assert.equal(await $(page, '.check-rows tr.diverges td:last-child').textContent(), '—');

  await $(page, '.check-again').click();
  assert.equal(await focused(page), 'textarea');
  await $(page, '.check-file input').setInputFiles({ name: 'wrong-f.txt', mimeType: 'text/plain', buffer: Buffer.from(python('wrong-f')) });
  await page.waitForFunction(() => /Wrong f/.test(document.querySelector('tile-search').shadowRoot.querySelector('.check-headline').textContent));
  assert.equal(await $(page, '.check-headline').textContent(), 'Wrong f, at line 11');
  s = await waitForState(page, (s) => s.position === 11 && s.tree.selected !== null);
  assert.equal(s.tree.selected.id, 6);
  assert.deepEqual(await $(page, '.check-rows tr.diverges .differs').allTextContents(), ['f 20', 'f 19']);
  assert.ok((await boardLabel(page)).startsWith(`Board: ${coreRowsAt('udlr', 11)}`));
  await screenshot(page, 'check-1280x720-wrong-f');
  // An empty file is named, not checked.
  await $(page, '.check-again').click();
  await $(page, '.check-file input').setInputFiles({ name: 'empty.jsonl', mimeType: 'text/plain', buffer: Buffer.alloc(0) });
  assert.match(await $(page, '.check-status').textContent(), /empty.jsonl is empty/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a paste of 50 MB is not put in the text box: it goes to the worker as a file, and the card says so and shows the verdict', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  await $(page, '.share summary').click();
  await $(page, '[data-share="check-trace"]').click();
  // A correct trace, then again and again: 50 MB, whose verdict the core gives in Node too.
  const trace = python();
  const copies = Math.ceil(50e6 / trace.length);
  const pasted = await page.evaluate(({ trace, copies }) => {
    const element = document.querySelector('tile-search');
    element.addEventListener('check', (event) => { window.verdict = event.detail; }, { once: true });
    const area = element.shadowRoot.querySelector('textarea');
    const text = trace.repeat(copies);
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', text);
    const paste = new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true, composed: true });
    area.dispatchEvent(paste);
    // What the browser does with a paste the page leaves alone: the text goes in the box.
    if (!paste.defaultPrevented) {
      area.setRangeText(text, area.selectionStart, area.selectionEnd, 'end');
      area.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
    }
    return { length: text.length, status: element.shadowRoot.querySelector('.check-status').textContent };
  }, { trace, copies });
  assert.ok(pasted.length > 50e6, `${pasted.length} characters pasted`);
  assert.equal(await $(page, 'textarea').evaluate((area) => area.value.length), 0, 'the text box did not take the paste');
  assert.equal(pasted.status, `Checking your pasted trace (${(pasted.length / 1e6).toFixed(1)} MB) against IDA*…`);
  await page.waitForFunction(() => window.verdict !== undefined, null, { timeout: 120000 });
  const expected = checkTrace({ board: BOARD, heuristic: 'manhattan', goal: 'blank-last' }, trace.repeat(copies));
  assert.deepEqual(await page.evaluate(() => window.verdict), expected);
  assert.equal(await $(page, '.check-headline').textContent(), `Unexpected event, at line ${expected.line.toLocaleString('en')}`);
  assert.match(await $(page, '.check-message').textContent(), /^the search ended with the solution \(25 moves\) before this line/);
  // A short paste still goes in the box, as before.
  await $(page, '.check-again').click();
  await $(page, 'textarea').evaluate((area) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', '{"type":"iteration","threshold":17}');
    const paste = new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true, composed: true });
    area.dispatchEvent(paste);
    if (!paste.defaultPrevented) area.setRangeText(clipboardData.getData('text/plain'), area.selectionStart, area.selectionEnd, 'end');
  });
  assert.equal(await $(page, 'textarea').inputValue(), '{"type":"iteration","threshold":17}');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a file saved as UTF-16 (PowerShell\'s >) or with a UTF-8 byte-order mark: the same verdict as the CLI\'s', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url, { viewport: { width: 1280, height: 720 } });
  const trace = python();
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(trace.replaceAll('\n', '\r\n'), 'utf16le')]);
  const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(trace)]);
  for (const [name, buffer] of [['trace-utf16.jsonl', utf16], ['trace-bom.jsonl', bom]]) {
    await $(page, '.share summary').click();
    await $(page, '[data-share="check-trace"]').click();
    if (await $(page, '.check-again').isVisible()) await $(page, '.check-again').click();
    await $(page, '.check-file input').setInputFiles({ name, mimeType: 'text/plain', buffer });
    await page.waitForFunction(() => /Correct|line/.test(document.querySelector('tile-search').shadowRoot.querySelector('.check-headline')?.textContent ?? ''));
    assert.equal(await $(page, '.check-headline').textContent(), 'Correct IDA*', name);
    const cli = JSON.parse(execFileSync(resolve(ROOT, process.env.TILESEARCH_CLI ?? 'target/release/tilesearch'), ['check', '--json', '--board', BOARD, '-'], { input: buffer }).toString());
    const verdict = await page.evaluate((text) => document.querySelector('tile-search').checkTrace(new File([Uint8Array.from(atob(text), (c) => c.charCodeAt(0))], 'x.jsonl')), buffer.toString('base64'));
    assert.deepEqual(verdict, cli, name);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('element.checkTrace rejects bad input: not a string, an unsolvable board (the core\'s TileSearchError)', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  const notText = await page.evaluate(() => document.querySelector('tile-search').checkTrace(42).then(() => 'resolved', (e) => `${e.name}: ${e.message}`));
  assert.match(notText, /^TypeError: checkTrace takes the trace as a string/);
  await page.evaluate(() => { document.querySelector('tile-search').board = '1 2 3 4 5 6 8 7 0'; });
  await waitForState(page, (s) => s.status === 'error');
  const unsolvable = await page.evaluate(() => document.querySelector('tile-search').checkTrace('{"type":"iteration","threshold":1}').then(() => 'resolved', (e) => `${e.name}: ${e.message}`));
  assert.match(unsolvable, /^TileSearchError: this board is unsolvable/);
  // Through the card: the same words, in the card, and the explorer keeps working.
  await $(page, '.share summary').click();
  await $(page, '[data-share="check-trace"]').click();
  await $(page, 'textarea').fill('{"type":"iteration","threshold":1}');
  await $(page, '.check-form button[type="submit"]').click();
  await page.waitForFunction(() => document.querySelector('tile-search').shadowRoot.querySelector('.check-status.failed'));
  assert.match(await $(page, '.check-status').textContent(), /^this board is unsolvable/);
  await page.evaluate((board) => { document.querySelector('tile-search').board = board; }, BOARD);
  await waitForState(page, (s) => s.status === 'ready');
  assert.equal(await page.evaluate(() => document.querySelector('tile-search').step().type), 'iteration');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the order attribute: the Solver tries the moves in that order; a bad one is named and lrud stays', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  const steps = (n) => page.evaluate((n) => { const t = document.querySelector('tile-search'); const out = []; for (let i = 0; i < n; i += 1) out.push(t.step()); return out; }, n);
  const coreSteps = (order, n) => { const solver = new Solver({ board: BOARD, order }); const out = []; for (let i = 0; i < n; i += 1) out.push(solver.step()); solver.free(); return out; };
  await page.evaluate(() => { document.querySelector('tile-search').setAttribute('order', 'udlr'); });
  await waitForState(page, (s) => s.order === 'udlr' && s.status === 'ready');
  assert.equal(await page.evaluate(() => document.querySelector('tile-search').order), 'udlr');
  assert.deepEqual(await steps(12), coreSteps('udlr', 12));
  assert.notDeepEqual(coreSteps('udlr', 12), coreSteps('lrud', 12), 'the orders differ on this board');
  // The link holds the order (another order is another search).
  assert.match(await page.evaluate(() => document.querySelector('tile-search').link), /[#&]order=udlr/);
  await page.evaluate(() => { document.querySelector('tile-search').order = 'lrux'; });
  const s = await waitForState(page, (s) => s.status === 'ready' && s.order === 'lrud');
  assert.equal(s.error, null);
  assert.match(await $(page, '.message').textContent(), /order="lrux": order "lrux" is not an order of the blank's moves/);
  assert.deepEqual(await steps(12), coreSteps('lrud', 12));
  await page.evaluate(() => { document.querySelector('tile-search').removeAttribute('order'); });
  await waitForState(page, (s) => s.status === 'ready');
  assert.equal(await $(page, '.message').textContent(), '');
  assert.deepEqual(errors, []);
  await context.close();
});

test('screens: the card with a divergence at 1280×720 and 390×844', async () => {
  const trace = python('wrong-f');
  for (const [width, height] of [[1280, 720], [390, 844]]) {
    const phone = width < 500;
    const context = await browser.newContext({ viewport: { width, height }, hasTouch: phone, isMobile: phone });
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(server.url);
    await waitForState(page, (s) => s.status === 'ready');
    await page.evaluate((trace) => document.querySelector('tile-search').checkTrace(trace), trace);
    await $(page, '.check-follow').click();
    await waitForState(page, (s) => s.position === 11 && s.tree.selected !== null);
    await page.waitForTimeout(500);
    const fits = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth }));
    assert.ok(fits.scrollWidth <= fits.innerWidth, 'no horizontal scrolling');
    const card = await $(page, '.check-panel').boundingBox();
    assert.ok(card.y + card.height <= height, 'the whole card is on the first screen');
    await page.screenshot({ path: join(ROOT, 'tests/e2e/artifacts', `check-${width}x${height}.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  }
});
