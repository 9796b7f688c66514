// The lesson across moments: at a raise, the pruned children whose f became the next threshold
// are named (state.raise, Now's links that select them in the tree, the narration, predict
// mode's explanation) and checked against the trace the element steps through.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, openExplorer, state, screenshot } from './server.mjs';

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
