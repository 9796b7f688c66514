// Predict mode through the real page: Step asks before it shows an event, answers are checked
// against the core (an independent Solver in the page gives the expected answer), the score
// and streak count, nothing of the answer is in the DOM or the accessibility tree before the
// answer, the keyboard alone does it all, and bad calls to answer() throw and change nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, openExplorer, screenshot, state, settle, waitForState } from './server.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const BOARD = '6 4 5 8 2 7 1 0 3';

/** The answer the core gives to the widget's waiting question: its own Solver stepped to the same event. */
const coreAnswer = (page) => page.evaluate(async (board) => {
  const { Solver } = await import('/www/pkg/tilesearch.js');
  const element = document.querySelector('tile-search');
  const solver = new Solver({ board });
  solver.skip(element.position);
  const next = solver.step();
  solver.free();
  const kind = element.question.kind;
  return { prune: next.type === 'prune' ? 'yes' : 'no', f: next.f, 'next-threshold': next.to, 'next-tile': next.tile, length: next.length }[kind];
}, BOARD);

/** Every text and attribute value in the widget (its shadow tree included), and the page's accessibility tree. */
const everything = (page) => page.evaluate(() => {
  const out = [];
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) out.push(node.textContent);
    if (node.nodeType === Node.ELEMENT_NODE) {
      for (const attribute of node.attributes) out.push(attribute.value);
      if (node instanceof HTMLInputElement) out.push(node.value);
      if (node.shadowRoot) walk(node.shadowRoot);
    }
    for (const child of node.childNodes) walk(child);
  };
  walk(document.body);
  return out.join('\n');
});
const ariaTree = (page) => page.locator('tile-search').ariaSnapshot();

test('right and wrong answers, the score and streak, every kind, and nothing of the answer shown before it', async () => {
  const { page, context, errors } = await openExplorer(browser, `${server.url}`);
  await page.evaluate((board) => {
    const element = document.querySelector('tile-search');
    element.board = board;
    element.mode = 'predict';
    window.seen = { question: [], answer: [] };
    element.addEventListener('question', (event) => window.seen.question.push(event.detail));
    element.addEventListener('answer', (event) => window.seen.answer.push(event.detail));
  }, BOARD);
  assert.equal((await state(page)).mode, 'predict');
  const kinds = new Set();
  let asked = 0, right = 0, streak = 0;
  let skipped = false;
  for (let i = 0; i < 400 && kinds.size < 5; i += 1) {
    if (kinds.size === 4 && !skipped) {
      // The rest of the search holds no new kind until the solution: go to two events before it.
      skipped = true;
      const total = await page.evaluate(async (board) => {
        const { Solver } = await import('/www/pkg/tilesearch.js');
        const solver = new Solver({ board });
        let n = 0;
        while (solver.step() !== undefined) n += 1;
        solver.free();
        document.querySelector('tile-search').position = n - 2;
        return n;
      }, BOARD);
      await waitForState(page, (s) => s.position === total - 2 && s.status === 'paused');
    }
    const before = await state(page);
    const event = await page.evaluate(() => document.querySelector('tile-search').step());
    const question = await page.evaluate(() => document.querySelector('tile-search').question);
    if (!question) {
      assert.ok(event, 'without a question, Step shows the event');
      continue;
    }
    // Asked, nothing shown: the moment is the one before Step.
    assert.equal(event, undefined);
    const now = await state(page);
    assert.equal(now.position, before.position);
    assert.deepEqual(now.lastEvent, before.lastEvent);
    const expected = await coreAnswer(page);
    const dom = await everything(page);
    const aria = await ariaTree(page);
    assert.ok(dom.includes(question.prompt), 'the prompt is shown');
    if (question.kind === 'next-threshold') {
      // Now's numbers, the pseudo-code's variables and its sentence (not the listing's line numbers).
      const panels = await page.evaluate(() => ['.now-panel', '.code-vars', '.code-panel > :last-child']
        .map((s) => document.querySelector('tile-search').shadowRoot.querySelector(s).textContent).join(' | '));
      assert.ok(!new RegExp(`(?<![\\d])${expected}(?![\\d])`).test(panels), `the smallest pruned f is hidden: ${panels}`);
    }
    // Alternately right and wrong (a wrong number, or the other choice).
    const wrongOne = i % 3 === 2;
    let value = expected;
    if (wrongOne) value = question.choices ? question.choices.find((c) => c !== expected) : expected + 1;
    const result = await page.evaluate((v) => document.querySelector('tile-search').answer(v), value);
    kinds.add(question.kind);
    assert.equal(result.expected, expected);
    assert.equal(result.correct, !wrongOne);
    // The explanation narrates the event now shown, as Now does; it was nowhere before the answer.
    assert.ok(!dom.includes(result.explanation) && !aria.includes(result.explanation), `leaked: ${result.explanation}`);
    const narration = await page.evaluate(() => document.querySelector('tile-search').shadowRoot.querySelector('.narration').textContent);
    assert.ok(result.explanation.endsWith(narration), `${result.explanation} / ${narration}`);
    assert.equal((await state(page)).position, before.position + 1, 'the answer shows the event');
    asked += 1;
    if (!wrongOne) { right += 1; streak += 1; } else streak = 0;
    const { score } = await state(page);
    assert.deepEqual([score.asked, score.correct, score.streak], [asked, right, streak]);
    const shownScore = await page.evaluate(() => document.querySelector('tile-search').shadowRoot.querySelector('.predict-score').textContent);
    assert.equal(shownScore, `Score ${right} of ${asked} · streak ${streak}`);
  }
  assert.deepEqual([...kinds].sort(), ['f', 'length', 'next-threshold', 'next-tile', 'prune']);
  assert.equal((await state(page)).status, 'solved');
  const seen = await page.evaluate(() => window.seen);
  assert.equal(seen.question.length, asked);
  assert.equal(seen.answer.length, asked);
  assert.deepEqual(Object.keys(seen.answer[0]).sort(), ['correct', 'expected', 'explanation', 'given', 'kind']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard only: the focus goes to the question, Enter answers, Enter on Step asks the next; the live region says it', async () => {
  const { page, context, errors } = await openExplorer(browser, `${server.url}`);
  await page.evaluate(() => { document.querySelector('tile-search').board = '1 2 3 4 0 6 7 5 8'; });
  await page.keyboard.press('Tab'); // the widget
  // The Predict switch, reached with Tab and turned on with Space.
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => document.querySelector('tile-search').shadowRoot.activeElement?.closest('label')?.textContent.trim());
    if (name === 'Predict') break;
  }
  await page.keyboard.press('Space');
  assert.equal(await page.locator('tile-search').getAttribute('mode'), 'predict');
  // Back to Step with Shift+Tab.
  for (let i = 0; i < 20; i += 1) {
    await page.keyboard.press('Shift+Tab');
    if (await page.evaluate(() => document.querySelector('tile-search').shadowRoot.activeElement?.dataset.action === 'step')) break;
  }
  const live = () => page.evaluate(() => document.querySelector('tile-search').shadowRoot.querySelector('.live').textContent);
  let answered = 0;
  for (let i = 0; i < 40 && (await state(page)).status !== 'solved'; i += 1) {
    const question = await page.evaluate(() => document.querySelector('tile-search').question);
    if (!question) {
      // Enter on Step steps (and asks).
      await page.keyboard.press('Enter');
      continue;
    }
    const focus = await page.evaluate(() => {
      const active = document.querySelector('tile-search').shadowRoot.activeElement;
      return { tag: active?.tagName, inCard: Boolean(active?.closest('.predict-panel')) };
    });
    assert.ok(focus.inCard, `the focus is on the question: ${JSON.stringify(focus)}`);
    await page.waitForFunction((prompt) => document.querySelector('tile-search').shadowRoot.querySelector('.live').textContent === prompt, question.prompt);
    if (question.choices) {
      assert.equal(focus.tag, 'BUTTON');
      await page.keyboard.press(question.choices.length > 1 && i % 2 ? 'Tab' : 'Shift+Tab');
      if (!(await page.evaluate(() => document.querySelector('tile-search').shadowRoot.activeElement?.closest('.predict-choices')))) await page.keyboard.press('Tab');
      await page.keyboard.press(i % 2 ? 'Space' : 'Enter');
    } else {
      assert.equal(focus.tag, 'INPUT');
      await page.keyboard.type('x');
      await page.keyboard.press('Enter');
      const hint = await page.evaluate(() => document.querySelector('tile-search').shadowRoot.querySelector('.predict-hint').textContent);
      assert.equal(hint, 'Type a whole number, such as 21.');
      assert.equal((await state(page)).score.asked, answered, 'a bad entry is not an answer');
      await page.keyboard.press('Backspace');
      await page.keyboard.type('3');
      await page.keyboard.press('Enter');
    }
    answered += 1;
    assert.equal((await state(page)).score.asked, answered);
    await page.waitForFunction(() => /^(Right|Not quite)/.test(document.querySelector('tile-search').shadowRoot.querySelector('.live').textContent));
    assert.match(await live(), /f = \d+ \+ \d+ = \d+|threshold|moves|the goal is reached/);
    const active = await page.evaluate(() => document.querySelector('tile-search').shadowRoot.activeElement?.dataset.action);
    // After the answer the focus is on Step (on the widget once solved: Step is off then).
    if ((await state(page)).status !== 'solved') assert.equal(active, 'step', 'after the answer, the focus is on Step');
    else assert.equal(await page.evaluate(() => document.activeElement.tagName), 'TILE-SEARCH');
  }
  assert.equal((await state(page)).status, 'solved');
  assert.ok(answered >= 3, `${answered} questions answered with the keys`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('bad calls to answer() throw specific errors and change nothing; Run stops at questions; other algorithms turn the switch off', async () => {
  const { page, context, errors } = await openExplorer(browser, `${server.url}`);
  const call = (value) => page.evaluate((v) => {
    try { document.querySelector('tile-search').answer(v); return null; } catch (error) { return `${error.name}: ${error.message}`; }
  }, value);
  assert.match(await call(3), /^Error: answer\(value\): no question is waiting/);
  await page.evaluate(() => { const t = document.querySelector('tile-search'); t.mode = 'predict'; t.step(); t.step(); });
  // Run stops at the first question and waits; Step, Run and Next iteration wait too.
  await page.evaluate(() => { const t = document.querySelector('tile-search'); t.speed = 'max'; t.play(); });
  await page.waitForFunction(() => document.querySelector('tile-search').question !== null);
  const held = await state(page);
  assert.equal(held.status, 'paused');
  const disabled = await page.evaluate(() => ['step', 'run', 'nextIteration'].map((a) => document.querySelector('tile-search').shadowRoot.querySelector(`[data-action="${a}"]`).disabled));
  assert.deepEqual(disabled, [true, true, true]);
  const question = await page.evaluate(() => document.querySelector('tile-search').question);
  // axe-core finds no violation with a question waiting (loaded by URL: the page's CSP).
  await page.addScriptTag({ url: '/node_modules/axe-core/axe.min.js' });
  const violations = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations.map((v) => `${v.id}: ${v.help}`));
  assert.deepEqual(violations, []);
  const wrongType = question.kind === 'prune' ? 7 : 'yes';
  assert.match(await call(wrongType), /^TypeError: answer\(value\): "/);
  if (question.kind !== 'prune') assert.match(await call(-2), /^RangeError: /);
  assert.match(await call(undefined), /^TypeError: /);
  assert.deepEqual(await page.evaluate(() => document.querySelector('tile-search').question), question, 'still waiting');
  assert.deepEqual((await state(page)).score, { asked: 0, correct: 0, streak: 0, bestStreak: 0 });
  assert.equal((await state(page)).position, held.position);
  // The mode: a bad value is named; the property refuses it.
  await page.evaluate(() => document.querySelector('tile-search').setAttribute('mode', 'quiz'));
  assert.match(await page.locator('tile-search .message').textContent(), /mode="quiz": unknown; use explore or predict\./);
  assert.equal(await page.evaluate(() => document.querySelector('tile-search').question), null, 'the question is dropped unanswered');
  assert.match(await page.evaluate(() => { try { document.querySelector('tile-search').mode = 'quiz'; } catch (e) { return `${e.name}: ${e.message}`; } }), /^RangeError: mode must be "explore" or "predict"/);
  // Another algorithm: the switch is off and says why.
  await page.evaluate(() => { const t = document.querySelector('tile-search'); t.mode = 'predict'; t.algorithm = 'bfs'; });
  const toggle = page.locator('tile-search .predict-toggle input');
  assert.equal(await toggle.isDisabled(), true);
  assert.match(await toggle.getAttribute('title'), /IDA\*'s events/);
  assert.equal((await state(page)).mode, 'explore');
  await page.evaluate(() => document.querySelector('tile-search').step());
  assert.equal(await page.evaluate(() => document.querySelector('tile-search').question), null);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [width, height] of [[1280, 720], [390, 844]]) {
  test(`predict mode at ${width}×${height}: the question, board, g, h, f and threshold on the first screen`, async () => {
    const { page, context, errors } = await openExplorer(browser, server.url, { viewport: { width, height } });
    await page.evaluate(() => {
      const t = document.querySelector('tile-search');
      t.mode = 'predict';
      for (let i = 0; i < 30; i += 1) { if (t.question) t.answer(t.question.choices ? t.question.choices[0] : 20); else t.step(); }
      if (!t.question) t.step();
      if (!t.question) t.step();
    });
    await settle(page);
    const boxes = await page.evaluate((wide) => {
      const root = document.querySelector('tile-search').shadowRoot;
      const parts = { card: '.predict-panel', board: '.board-host .board', f: '.now [data-key="f"]', threshold: '.now [data-key="threshold"]' };
      // One screen on a laptop: the tree and the pseudo-code too.
      if (wide) Object.assign(parts, { tree: '.tree-panel', code: '.code-panel', now: '.now-panel' });
      return Object.fromEntries(Object.entries(parts)
        .map(([name, selector]) => { const r = root.querySelector(selector).getBoundingClientRect(); return [name, { top: r.top, bottom: r.bottom, height: r.height }]; }));
    }, width >= 1280);
    for (const [name, box] of Object.entries(boxes)) assert.ok(box.height > 0 && box.top >= 0 && box.bottom <= height, `${name}: ${JSON.stringify(box)}`);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scrollWidth <= width, 'no horizontal scrolling');
    await screenshot(page, `90-predict-${width}x${height}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
