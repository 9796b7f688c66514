// Input: live validation with the core's messages, presets, Random, size, heuristic, goal,
// and the URL hash that reproduces the view.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, openExplorer, screenshot, state, waitForState, boardLabel, settle } from './server.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const button = (page, name) => page.getByRole('button', { name, exact: true });
const coreError = (page, board) => page.evaluate(async (board) => {
  const core = await import('/www/pkg/tilesearch.js');
  await core.default();
  try { new core.Solver({ board }).free(); return null; } catch (error) { return error.message; }
}, board);

test('a malformed or unsolvable board shows the core\'s message in an alert, and nothing breaks', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  const field = page.getByRole('textbox', { name: /Board/ });
  const alert = page.getByRole('alert');
  await button(page, 'Step').click();

  for (const [text, pattern] of [['1 2 3 3', /^expected 9 for 3×3, 16 for 4×4, 25 for 5×5 numbers, got 4$/],
    ['1 2 3 4 5 6 7 8 8', /tile 8 appears twice/], ['1 2 x', /./], ['', /^the board is empty/],
    ['2 1 3 4 5 6 7 8 0', /^this board is unsolvable: it has 1 inversion/]]) {
    await field.fill(text);
    const message = await coreError(page, text);
    assert.match(message, pattern);
    assert.equal(await alert.textContent(), message, 'the core\'s message, verbatim');
    const s = await state(page);
    assert.equal(s.status, 'error');
    assert.equal(s.error, message);
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    for (const name of ['Step', 'Run', 'Next iteration', 'Step back']) assert.equal(await button(page, name).isDisabled(), true, name);
    if (text.startsWith('2 1 3')) {
      assert.equal(await boardLabel(page), 'Board: 2 1 3 / 4 5 6 / 7 8 blank', 'an unsolvable board is still drawn');
      await settle(page);
      await screenshot(page, '05-unsolvable');
    }
  }
  // Keys and methods do nothing harmful on a bad board.
  await page.locator('tile-search').focus();
  for (const key of ['ArrowRight', 'ArrowLeft', 'n', 'Space', 'r']) await page.keyboard.press(key);
  assert.equal(await page.locator('tile-search').evaluate((element) => element.step()), undefined);
  // A bad attribute value too.
  await page.locator('tile-search').evaluate((element) => { element.heuristic = 'euclid'; });
  assert.match((await state(page)).error, /euclid/);
  await page.locator('tile-search').evaluate((element) => { element.heuristic = 'manhattan'; });

  // Back to a good board: the alert clears and the search works.
  await field.fill('1 2 3 / 4 0 6 / 7 5 8');
  assert.equal(await alert.textContent(), '');
  assert.equal((await state(page)).status, 'ready');
  for (let i = 0; i < 9; i += 1) await button(page, 'Step').click();
  const s = await state(page);
  assert.equal(s.status, 'solved');
  assert.deepEqual(s.solution, { length: 2, moves: [5, 8] });
  assert.deepEqual(errors, []);
  await context.close();
});

test('presets, Random (always solvable), size, heuristic and goal choosers', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  const field = page.getByRole('textbox', { name: /Board/ });
  const preset = page.getByRole('combobox', { name: 'Preset' });
  for (const [label, board, length] of [["Lecture's simple case", '1 2 3 4 0 6 7 5 8', 2],
    ['8-puzzle, hardest (31 moves to blank last)', '8 6 7 2 5 4 3 0 1', 31]]) {
    await preset.selectOption({ label });
    assert.equal(await field.inputValue(), board);
    await page.locator('tile-search').evaluate((element) => { element.speed = 'max'; element.play(); });
    assert.equal((await waitForState(page, (s) => s.status === 'solved')).solution.length, length);
  }
  await page.getByRole('combobox', { name: 'Goal' }).selectOption('blank-first');
  await preset.selectOption({ label: "Korf's 15-puzzle #12 (45 moves)" });
  assert.equal(await field.inputValue(), '14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15');
  assert.equal(await page.getByRole('combobox', { name: 'Size' }).inputValue(), '4');
  await page.getByRole('combobox', { name: 'Goal' }).selectOption('blank-last');
  await preset.selectOption({ label: "Korf's 15-puzzle #12 (45 moves)" });
  assert.equal(await field.inputValue(), '1 3 5 6 0 13 14 9 11 4 8 12 10 7 15 2');

  await page.getByRole('combobox', { name: 'Size' }).selectOption('3');
  const seen = new Set();
  for (let i = 0; i < 5; i += 1) {
    await button(page, 'Random').click();
    const board = await field.inputValue();
    seen.add(board);
    assert.equal(board.split(' ').length, 9);
    assert.equal((await state(page)).error, null, `${board} is solvable`);
  }
  assert.ok(seen.size > 1, 'Random gives different boards');
  await page.getByRole('combobox', { name: 'Size' }).selectOption('4');
  assert.equal((await field.inputValue()).split(' ').length, 16);
  assert.equal((await state(page)).error, null);

  await preset.selectOption({ label: "Lecture's challenging case" });
  await page.getByRole('combobox', { name: 'Heuristic' }).selectOption('hamming');
  assert.equal(await page.locator('tile-search').getAttribute('heuristic'), 'hamming');
  await button(page, 'Step').click();
  await button(page, 'Step').click();
  assert.equal((await state(page)).lastEvent.h, 8, 'h(start) under Hamming: 8 misplaced tiles');
  // The overlay shows each tile's Manhattan distance.
  await page.getByRole('checkbox', { name: /share of h/ }).check();
  const badges = await page.locator('tile-search .board-host .tile .h').allTextContents();
  assert.equal(badges.length, 8);
  assert.equal(badges.reduce((sum, text) => sum + parseInt(text, 10), 0), 17);
  await settle(page);
  await screenshot(page, '06-hamming-overlay');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the URL hash holds board, heuristic and goal, and a link reproduces the view', async () => {
  const hash = '#board=1+2+3+4+0+6+7+5+8&heuristic=linear-conflict&goal=blank-first';
  const { page, context, errors } = await openExplorer(browser, server.url + hash);
  const element = page.locator('tile-search');
  assert.deepEqual(await element.evaluate((e) => [e.board, e.heuristic, e.goal]), ['1 2 3 4 0 6 7 5 8', 'linear-conflict', 'blank-first']);
  assert.equal(await page.getByRole('combobox', { name: 'Heuristic' }).inputValue(), 'linear-conflict');
  assert.equal(await page.getByRole('combobox', { name: 'Goal' }).inputValue(), 'blank-first');
  assert.equal(await page.getByRole('textbox', { name: /Board/ }).inputValue(), '1 2 3 4 0 6 7 5 8');

  await page.getByRole('combobox', { name: 'Preset' }).selectOption({ label: '8-puzzle, hardest (31 moves to blank last)' });
  await page.getByRole('combobox', { name: 'Heuristic' }).selectOption('hamming');
  await page.waitForFunction(() => location.hash.includes('heuristic=hamming'));
  const url = page.url();
  assert.match(url, /#board=8\+6\+7\+2\+5\+4\+3\+0\+1&heuristic=hamming&goal=blank-first$/);
  // An invalid board is not written into the URL: the link keeps the last board that works.
  await page.getByRole('textbox', { name: /Board/ }).fill('8 6 7 2 5 4 3 0 0');
  await waitForState(page, (s) => s.status === 'error');
  await page.waitForTimeout(500);
  assert.equal(page.url(), url);
  await page.getByRole('textbox', { name: /Board/ }).fill('8 6 7 2 5 4 3 0 1');
  await waitForState(page, (s) => s.status === 'ready');
  const second = await openExplorer(browser, url);
  assert.deepEqual(await second.page.locator('tile-search').evaluate((e) => [e.board, e.heuristic, e.goal]), ['8 6 7 2 5 4 3 0 1', 'hamming', 'blank-first']);
  await second.context.close();

  // Editing the hash by hand (or Back/Forward) updates the explorer.
  await page.evaluate(() => { location.hash = '#board=6,4,5,8,2,7,1,0,3&heuristic=manhattan&goal=blank-last'; });
  await waitForState(page, (s) => s.status === 'ready');
  await page.waitForFunction(() => document.querySelector('tile-search').board === '6,4,5,8,2,7,1,0,3');
  assert.equal(await boardLabel(page), 'Board: 6 4 5 / 8 2 7 / 1 blank 3');
  assert.deepEqual(errors, []);
  await context.close();
});
