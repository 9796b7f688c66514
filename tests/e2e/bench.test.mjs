// The benchmark page (www/hosts/bench.html): Korf instances solved in its worker, the figures and the
// wasm/native ratio shown, then the parallel search on 1 and 2 (every core's) workers with the
// same counts, and bad entries answered with a message that names them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, openWatched, screenshot } from './server.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

async function openBench(query = '') {
  const { page, errors } = await openWatched(browser, `${server.url}www/hosts/bench.html${query}`);
  return { page, errors };
}

const run = (page) => page.getByRole('button', { name: 'Run' }).click();
const summary = (page) => page.locator('#summary').textContent();
const result = async (page) => {
  await page.waitForFunction(() => document.querySelector('#result').textContent.length > 0);
  return JSON.parse(await page.locator('#result').textContent());
};

test('a run solves the instances optimally in the worker and shows nodes/s and the wasm/native ratio', async () => {
  // #13 is large enough to be split on 2 workers (3.6 million nodes in its largest iteration,
  // over parallelSplitAbove()), so each worker's share shows; #79 is searched whole.
  const { page, errors } = await openBench('?instances=79,13&native=100&workers=1-2');
  // One run at a time: Run is disabled while it runs. Recorded as it happens, since a short run
  // may be over before a later look.
  await page.evaluate(() => {
    const start = document.querySelector('#start');
    new MutationObserver(() => { if (start.disabled) window.runWasDisabled = true; }).observe(start, { attributes: true });
  });
  await run(page);
  const r = await result(page);
  assert.equal(await page.evaluate(() => window.runWasDisabled), true, 'one run at a time');
  assert.equal(r.instances.length, 2);
  assert.deepEqual([r.instances[0].number, r.instances[0].optimal, r.instances[0].length], [79, 42, 42]);
  assert.equal(r.instances[0].generated, 527474, 'the same search as natively (cargo bench, instance 79)');
  assert.equal(r.native, 100e6);
  assert.ok(Math.abs(r.ratio - r.nodesPerSecond / 100e6) < 1e-9);
  const cells = await page.locator('#rows tr td').allTextContents();
  assert.deepEqual(cells.slice(0, 3), ['79', '42', '42']);
  assert.match(await summary(page), new RegExp(`^[\\d.]+ M generated nodes/s; wasm/native ${r.ratio.toFixed(2)}× \\(native 100 M/s\\); stepMany [\\d.]+ M events/s`));
  assert.equal(await page.getByRole('button', { name: 'Run' }).isDisabled(), false);
  // The parallel search on 1 and 2 workers: the same searches, the figures and each worker's share.
  assert.deepEqual(r.parallel.map((p) => p.workers), [1, 2]);
  for (const p of r.parallel) {
    assert.deepEqual(p.instances.map((i) => [i.number, i.length, i.generated, i.expanded]), r.instances.map((i) => [i.number, i.length, i.generated, i.expanded]));
    assert.equal(p.balance.length, p.workers);
    assert.ok(p.seconds > 0 && p.nodesPerSecond > 0 && p.median > 0 && p.worst >= p.median && [79, 13].includes(p.worstInstance));
    assert.ok(p.balance.every((b) => b.packets > 0 && b.busy > 0 && b.memory > 0), JSON.stringify(p.balance));
  }
  const rows = await page.locator('#parallel-rows tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  assert.equal(rows.length, 2);
  assert.equal(rows[0][0], '1');
  assert.equal(rows[0][5], '1.00×');
  assert.match(rows[1][5], /^\d+\.\d\d×$/, 'speed-up against 1 worker');
  assert.match(rows[1][6], /^\d+\.\d\d×$/, 'against the sequential search');
  assert.match(rows[1][7], /^\d+ · \d+ % · \d+\.\d\d s \| \d+ · \d+ % · \d+\.\d\d s$/, 'per worker: packets, share of the nodes, busy');
  assert.match(await page.locator('#parallel-summary').textContent(),
    /^2 workers: \d+\.\d\d s, [\d.]+ M generated nodes\/s, \d+\.\d\d× one worker, \d+\.\d\d× the sequential search; the same counts as the sequential search on every instance\.$/);
  await screenshot(page, '61-bench-parallel');
  // Without a native figure there is no ratio.
  await page.locator('#native').fill('');
  await run(page);
  await page.waitForFunction(() => /stepMany/.test(document.querySelector('#summary').textContent));
  assert.doesNotMatch(await summary(page), /wasm\/native/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('best of N runs per instance: each instance is searched N times in the pool, the same counts kept', async () => {
  // #9 and #31 (3.5 million nodes each with Manhattan, tens of milliseconds) outlast the page's
  // own first 10 ms, so each parallel search is handed over with a lead message to the pool's
  // first worker.
  const { page, errors } = await openBench('?instances=9,31&workers=2&repeat=3');
  await page.evaluate(() => {
    const post = Worker.prototype.postMessage;
    window.leads = 0;
    Worker.prototype.postMessage = function (message, transfer) {
      if (message?.type === 'lead') window.leads += 1;
      if (message?.type === 'one') window.ones = (window.ones ?? 0) + 1;
      return post.call(this, message, transfer);
    };
  });
  await run(page);
  const r = await result(page);
  assert.equal(r.repeat, 3);
  assert.equal(await page.evaluate(() => window.leads), 6, 'two instances, three searches each');
  // The sequential search timed on the page too, with its messages: one search per message.
  assert.equal(await page.evaluate(() => window.ones), 6, 'two instances, three sequential searches each, timed on the page');
  assert.ok(r.instances.every((i) => i.pageSeconds > 0 && i.seconds > 0), JSON.stringify(r.instances));
  const [p] = r.parallel;
  assert.deepEqual(p.instances.map((i) => [i.number, i.length, i.generated]), r.instances.map((i) => [i.number, i.length, i.generated]));
  assert.ok(p.instances.every((i) => i.seconds > 0 && i.searchSeconds > 0 && i.searchSeconds <= i.seconds), JSON.stringify(p.instances));
  // The fastest run's time in the leading worker, and its part spent searching (within the
  // page's time for it, a millisecond allowed for two threads' clocks).
  assert.ok(p.instances.every((i) => i.leadSeconds >= i.searchSeconds && i.leadSeconds <= i.seconds + 0.001 && i.leadBusy > 0 && i.leadBusy <= i.leadSeconds),
    JSON.stringify(p.instances));
  // On a phone the tables scroll in their own boxes: the page never scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  assert.deepEqual(await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]), [390, 390]);
  for (const [repeat, shown] of [['0', '0'], ['21', '21'], ['1.5', '1.5']]) {
    await page.locator('#repeat').fill(repeat);
    await run(page);
    assert.equal(await summary(page), `Runs per instance: a whole number from 1 to 20, not "${shown}".`, repeat);
    assert.equal(await page.evaluate(() => window.leads), 6, 'nothing ran');
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('bad instance numbers and native figures get a message naming them, and the page stays usable', async () => {
  const { page, errors } = await openBench();
  for (const [instances, message] of [
    ['3,abc', /^Instances: "abc" is not one of Korf's instance numbers \(1 to 100\); write them like 2,5,18 or all\.$/],
    ['0', /^Instances: "0" is not one of Korf's instance numbers/],
    ['101', /^Instances: "101" is not one of Korf's instance numbers/],
    ['5,,6', /^Instances: an empty entry is not one of Korf's instance numbers/],
  ]) {
    await page.locator('#instances').fill(instances);
    await run(page);
    assert.match(await summary(page), message, instances);
    assert.equal(await page.locator('#rows tr').count(), 0, 'nothing ran');
  }
  await page.locator('#instances').fill('79');
  await page.locator('#native').fill('-5');
  await run(page);
  assert.match(await summary(page), /^The native figure must be a positive number of M generated nodes\/s, like 174\.2, not "-5"\.$/);
  await page.locator('#native').fill('');
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  for (const [workers, entry] of [['0', '"0"'], [String(cores + 1), `"${cores + 1}"`], ['x', '"x"'], ['2-1', '"2-1"'], ['1,,2', 'an empty entry']]) {
    await page.locator('#workers').fill(workers);
    await run(page);
    assert.equal(await summary(page), `Workers: ${entry} is not a number of workers from 1 to ${cores} (this device has ${cores} cores); write them like 1-${cores} or 1,2.`, workers);
    assert.equal(await page.locator('#parallel-rows tr').count(), 0, 'nothing ran');
  }
  await page.locator('#workers').fill('2');
  await run(page);
  const r = await result(page);
  assert.equal(r.instances[0].length, 42);
  assert.deepEqual(r.parallel.map((p) => [p.workers, p.instances[0].length]), [[2, 42]]);
  assert.deepEqual(errors, []);
  await page.close();
});
